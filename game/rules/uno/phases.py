"""Every phase of an UNO match: the basic game's and those the house rules add, with their labels and texts.
These are the only texts of the phases: the table shows ``waiting`` («Маша: выбирает цвет») as the refusals say it."""
from __future__ import annotations

from . import house
from .house.base import Phase
from .state import ATTACK, CHOOSE_COLOUR, MATCH_OVER, PLAY, READY, ROUND_OVER

# the basic game's phases; house rules add theirs (``house.PHASES``)
PHASES: dict[str, Phase] = {
    PLAY: Phase("Ход", "ходит", "Сейчас так ходить нельзя."),
    CHOOSE_COLOUR: Phase("Выбор цвета", "выбирает цвет", "Сейчас не нужно выбирать цвет."),
    ATTACK: Phase("Штраф на столе", "решает, что делать со штрафом", "Сейчас на вас нет штрафа."),
    READY: Phase("Пауза «Готов»", "разбирает карты", "Сейчас не нужно говорить «Готов»."),
    ROUND_OVER: Phase("Тур окончен", "ходит", "Сейчас так ходить нельзя."),
    MATCH_OVER: Phase("Партия окончена", "ходит", "Сейчас так ходить нельзя."),
    **house.PHASES,
}
PHASE_LABELS = {name: phase.label for name, phase in PHASES.items()}
