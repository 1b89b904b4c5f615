"""The board games' variants as plug-ins: one module per house rule (its metadata, its slice of the state, its
actions, events and phases, the hooks it changes, see ``base.BoardVariant``, and what a table shows of it, its
``look``). The engine asks the functions below at its hook points and never names a variant, nor does the table,
which reads ``LOOK``; adding one is one module here plus its place in ``EVERY``."""
from __future__ import annotations

from typing import Any

from game.rules.base import AS_PRINTED, HouseRule, Rejected

from ..actions import WORD_DISPUTABLE, WORD_REFUSED
from . import (blank_reuse, challenge, clock, double_bag, exchange_needs_7, hints, jacks_to_open, reverse, slang,
               theme, vote)
from .base import BASE_OPENING, NOTHING_TO_DISPUTE, BoardVariant, VariantLook, gathered
from .challenge import Accept, Challenge
from .clock import Pause, Resume
from .hints import Hint
from .reverse import Remove
from .theme import THEMES
from .vote import Vote

# in the order the menus list them, which is also the order their hooks run in
EVERY: tuple[BoardVariant, ...] = (
    challenge.VARIANT, vote.VARIANT, hints.VARIANT, exchange_needs_7.VARIANT, slang.VARIANT, blank_reuse.VARIANT,
    theme.VARIANT, jacks_to_open.VARIANT, double_bag.VARIANT, reverse.VARIANT, clock.VARIANT,
)

PRESET_NAMES = {AS_PRINTED[0]: AS_PRINTED[1], "family": "Семейный"}
PRESETS: dict[str, tuple[str, dict]] = {
    key: (name, {v.rule.id: v.presets[key] for v in EVERY if key in v.presets}) for key, name in PRESET_NAMES.items()}

STATE_FIELDS = tuple(f for v in EVERY for f in v.state_fields)
ACTIONS = tuple(a for v in EVERY for a in v.actions)
FREE_FORM = tuple(a.kind for v in EVERY for a in v.free_form)
EVENTS = tuple(e for v in EVERY for e in v.events)
ANYONE_HANDLERS = {cls: fn for v in EVERY for cls, fn in v.anyone_handlers().items()}
TURN_HANDLERS = {cls: fn for v in EVERY for cls, fn in v.turn_handlers().items()}
PHASE_OWNER: dict[str, BoardVariant] = {phase: v for v in EVERY for phase in v.phases}
PHASE_HANDLERS = {phase: v.phase_handlers() for phase, v in PHASE_OWNER.items()}
LOOK: VariantLook = gathered(v.look for v in EVERY)  # what the table shows of every variant


def menu(classic: bool) -> tuple[HouseRule, ...]:
    """The house rules of this kind of game (Эрудит and Скрэббл: ``classic``), in menu order."""
    return tuple(v.rule for v in EVERY if classic or not v.classic_only)


def enabled(options: dict) -> list[BoardVariant]:
    return [v for v in EVERY if v.on(options)]


def owner_of(phase: str) -> BoardVariant | None:
    """The variant whose phase this is; None for the base phases (play, over)."""
    return PHASE_OWNER.get(phase)


# ---- slice hooks: every variant
def start(rules, state) -> None:
    for v in EVERY:
        v.start(rules, state)


def tile_places(state) -> list[tuple[str, Any, bool]]:
    return [place for v in EVERY for place in v.tile_places(state)]


def forget_pending(state) -> None:
    for v in EVERY:
        v.forget_pending(state)


def pending_view(state) -> dict:
    return {k: val for v in EVERY for k, val in v.pending_view(state).items()}


def view(rules, state, seat: int) -> dict:
    return {k: val for v in EVERY for k, val in v.view(rules, state, seat).items()}


def result(rules, state) -> dict:
    return {k: val for v in EVERY for k, val in v.result(rules, state).items()}


# ---- rule hooks: the variants switched on
def opening_min(options: dict) -> int:
    shortest = BASE_OPENING
    for v in enabled(options):
        shortest = v.opening_min(options, shortest)
    return shortest


def move_bonus(options: dict, source: Any, readings: list[str], tags_of) -> int:
    return sum(v.move_bonus(options, source, readings, tags_of) for v in enabled(options))


def adds_to_moves(options: dict) -> bool:
    """An enabled variant adds points of its own to a move («Тематический»): the move generator's score, letters and
    premiums only, is then not what the move scores."""
    return any(type(v).move_bonus is not BoardVariant.move_bonus for v in enabled(options))


def take_blanks(rules, state, action, rack: list) -> list:
    """The board blanks a move gives real tiles for first, as (cell, blank, tile) (``rack``: the tiles the move
    may lay, updated); the base rule refuses any."""
    if not action.swaps:
        return []
    for v in enabled(state.options):
        taken = v.take_blanks(rules, state, action, rack)
        if taken is not None:
            return taken
    raise Rejected("Замена пустышек не включена в этой партии.")


def swap_blanks(rules, state, seat: int, swaps: list) -> list:
    return [e for v in enabled(state.options) for e in v.swap_blanks(rules, state, seat, swaps)]


def unswap_blanks(state, seat: int, swaps: list) -> None:
    for v in enabled(state.options):
        v.unswap_blanks(state, seat, swaps)


def exchange_refusal(options: dict, bag: int) -> Rejected | None:
    return next((r for v in enabled(options) if (r := v.exchange_refusal(options, bag)) is not None), None)


def vowels_refusal(options: dict, vowels: int) -> Rejected | None:
    if vowels == -1 or any(v.vowels_allowed(vowels) for v in enabled(options)):
        return None
    return Rejected("Число гласных для добора указано неверно.")


def split_bag(rules, state) -> None:
    for v in enabled(state.options):
        v.split_bag(rules, state)


def draw(rules, state, seat: int, n: int, vowels: int) -> list:
    for v in enabled(state.options):
        got = v.draw(rules, state, seat, n, vowels)
        if got is not None:
            return got
    return [state.bag.pop() for _ in range(n)]


def bag_of(state, tile: int):
    for v in enabled(state.options):
        bag = v.bag_of(state, tile)
        if bag is not None:
            return bag
    return state.bag


def after_return(state) -> None:
    for v in enabled(state.options):
        v.after_return(state)


def allowed_words(state) -> list:
    return [w for v in enabled(state.options) for w in v.allowed_words(state)]


def _holder(options: dict, refused: bool, dispute: bool) -> BoardVariant | None:
    return next((v for v in enabled(options) if v.holds_move(options, refused, dispute)), None)


def disputable(options: dict) -> bool:
    """Whether a move the dictionary refused would wait in a variant's phase if sent with ``dispute``."""
    try:
        return _holder(options, True, True) is not None
    except Rejected:
        return False


def move_holder(options: dict, refused: tuple[str, str] | None, dispute: bool) -> BoardVariant | None:
    """The variant whose phase a placed move waits in; None: it stands at once. ``refused``: (the word, why)
    of the first word the dictionary refused. Raises the refusal of a move that may not be made so; a refused
    word's refusal says by its code whether the same move may go to the table with ``dispute``."""
    holder = _holder(options, refused is not None, dispute)
    if holder is None and refused is not None:
        word, why = refused
        raise Rejected(f"Слово «{word.upper()}» не принимается: {why}.",
                       WORD_DISPUTABLE if disputable(options) else WORD_REFUSED)
    if holder is None and dispute:
        raise Rejected(NOTHING_TO_DISPUTE)
    return holder


def appeal(rules, state, t_ms: int) -> list | None:
    return next((events for v in enabled(state.options) if (events := v.appeal(rules, state, t_ms)) is not None),
                None)


def scoreless_turn(rules, state) -> list | None:
    return next((events for v in enabled(state.options) if (events := v.scoreless_turn(rules, state)) is not None),
                None)


def after_game(rules, state) -> list | None:
    return next((events for v in enabled(state.options) if (events := v.after_game(rules, state)) is not None),
                None)


def on_close(rules, state) -> None:
    for v in enabled(state.options):
        v.on_close(rules, state)


def turn_legal(rules, state, seat: int) -> list:
    return [a for v in enabled(state.options) for a in v.turn_legal(rules, state, seat)]


def anytime_legal(rules, state, seat: int) -> list:
    return [a for v in enabled(state.options) for a in v.anytime_legal(rules, state, seat)]


def after_change(rules, state, t_ms: int) -> None:
    for v in enabled(state.options):
        v.after_change(rules, state, t_ms)


def deadline_in_play(state) -> int | None:
    due = [t for v in enabled(state.options) if (t := v.deadline_in_play(state)) is not None]
    return min(due) if due else None


def tick_in_play(rules, state, t_ms: int) -> list:
    return [e for v in enabled(state.options) for e in v.tick_in_play(rules, state, t_ms)]


def final_scoring(rules, state, t_ms: int) -> list:
    return [e for v in enabled(state.options) for e in v.final_scoring(rules, state, t_ms)]


__all__ = ["EVERY", "LOOK", "THEMES", "Accept", "BoardVariant", "Challenge", "Hint", "Pause", "Remove", "Resume",
           "Vote", "enabled", "menu", "owner_of"]
