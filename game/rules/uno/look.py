"""How an UNO table tells what happens: the sound each event makes (an asset's name), its line in the table's record
of moves, the words for why cards were taken, the cards' short names. The basic game's are here; each house rule
declares its own beside it (``HouseHooks.sounds``, ``ticker_lines``, ``draw_reasons``, gathered in ``house``), and
this module joins them: the table (game/scenes/uno) reads them here, and names no event of a house rule itself.
Data and pure functions: the drawing is the scene's."""
from __future__ import annotations

from game.rules.words_ru import acts, count as count_of

from . import house
from .cards import COLOUR_LABELS
from .house.base import DrawReason, NameOf, TickerLine, seat_named

# the sound of each of the basic game's events (assets/sounds)
BASE_SOUNDS: dict[str, str] = {
    "round_started": "shuffle",
    "dealt": "deal",
    "starter_returned": "card_draw",
    "card_played": "card_play",
    "colour_chosen": "menu_confirm",
    "cards_drawn": "card_draw",
    "cards_received": "card_draw",
    "passed": "menu_move",
    "turn_skipped": "slap",
    "direction_changed": "menu_confirm",
    "turn_started": "turn_start",
    "attack_pending": "timer_warning",
    "challenged": "catch",
    "hand_shown": "card_play",
    "card_taken_back": "card_draw",
    "ready_wait": "menu_move",
    "ready_said": "menu_confirm",
    "uno_shouted": "uno_shout",
    "uno_missed": "menu_move",
    "catch_pressed": "menu_move",
    "uno_caught": "catch",
    "uno_window_closed": "menu_move",
    "false_reflex": "invalid",
    "lockout_over": "menu_move",
    "choice_wait": "menu_move",
    "emoted": "menu_move",
    "player_out": "score_tick",
    "deck_recycled": "shuffle",
    "round_over": "score_tick",
    "continue_pressed": "menu_move",
    "match_over": "win",
}
EMOTE_SOUNDS = {"кашель": "cough"}  # an emote (actions.EMOTES) with a sound of its own; the others sound as «emoted»

# why the basic game makes a seat take cards; a plain draw («draw») is told by the count alone
BASE_DRAW_REASONS: dict[str, DrawReason] = {
    "penalty": DrawReason("штраф"),
    "challenge": DrawReason("проверка"),
    "uno": DrawReason("без «УНО!»"),
    "false_catch": DrawReason("ложная ловля"),
    "false_shout": DrawReason("ложный крик"),
    "last_card": DrawReason("последняя карта"),
}
PLAIN_DRAW = DrawReason()

VALUE_NAMES = {"skip": "«Пропусти ход»", "reverse": "«Наоборот»", "draw2": "«Возьми две»", "wild": "«Закажи цвет»",
               "wild4": "«+4»", "draw1": "«+1»", "wild2": "«Закажи цвет и возьми две»", "draw10": "«+10»"}


def card_name(c: dict) -> str:
    """A card as the table names it: 7 (красный), «Наоборот» (синий), «+4»."""
    value = c.get("value", "")
    if value in VALUE_NAMES:
        name = VALUE_NAMES[value]
        return name if c.get("colour") == "black" else f"{name} ({COLOUR_LABELS.get(c.get('colour'), '')})"
    return f"{value} ({COLOUR_LABELS.get(c.get('colour'), '')})"


def draw_reason(reason: str | None) -> DrawReason:
    """How the table tells ``reason`` (a plain draw for one it has no words for)."""
    return DRAW_REASONS.get(reason or "", PLAIN_DRAW)


def _card_played(e: dict, name: NameOf, me: int) -> str:
    return f"{seat_named(e, name)}: {card_name(e.get('card') or {})}" + (" · перехват" if e.get("jump_in") else "")


def _cards_drawn(e: dict, name: NameOf, me: int) -> str | None:
    if not e.get("count"):
        return None
    seat, words = e.get("seat", -1), draw_reason(e.get("reason", "")).words
    return f"{acts(seat_named(e, name), 'берёт', seat == me)} {count_of(e['count'], 'карту')}" + (
        f" · {words}" if words else "")


def _colour_chosen(e: dict, name: NameOf, me: int) -> str:
    return f"{seat_named(e, name)}: цвет — {COLOUR_LABELS.get(e.get('colour'), e.get('colour', ''))}"


def _uno_caught(e: dict, name: NameOf, me: int) -> str:
    by = e.get("by", -1)
    return f"{acts(name(by), 'поймал', by == me)}: {seat_named(e, name)} без «УНО!»"


def _turn_skipped(e: dict, name: NameOf, me: int) -> str:
    return f"{acts(seat_named(e, name), 'пропускает', e.get('seat', -1) == me)} ход"  # not a count


def _direction_changed(e: dict, name: NameOf, me: int) -> str:
    return "Направление: " + ("по часовой" if e.get("direction", 1) > 0 else "против часовой")


def _challenged(e: dict, name: NameOf, me: int) -> str:
    return f"Проверка «+4»: {'жульничество' if e.get('guilty') else 'всё честно'}"


# the basic game's moves in the record; what is no move (an emote, a bubble) has no line
BASE_TICKER_LINES: dict[str, TickerLine] = {
    "card_played": _card_played,
    "cards_drawn": _cards_drawn,
    "colour_chosen": _colour_chosen,
    "uno_caught": _uno_caught,
    "passed": lambda e, name, me: f"{seat_named(e, name)}: пас",
    "turn_skipped": _turn_skipped,
    "direction_changed": _direction_changed,
    "uno_shouted": lambda e, name, me: f"{seat_named(e, name)}: «УНО!»",
    "challenged": _challenged,
    "player_out": lambda e, name, me: f"{seat_named(e, name)}: карты кончились",
}

# the basic game's and every house rule's: what the table reads
EVENT_SOUNDS: dict[str, str] = {**BASE_SOUNDS, **house.SOUNDS}
TICKER_LINES: dict[str, TickerLine] = {**BASE_TICKER_LINES, **house.TICKER_LINES}
DRAW_REASONS: dict[str, DrawReason] = {**BASE_DRAW_REASONS, **house.DRAW_REASONS}


def ticker_line(e: dict, name: NameOf, me: int) -> str | None:
    """The line of the table's record of moves for a public event, or None for what is no move."""
    line = TICKER_LINES.get(e.get("kind", ""))
    return line(e, name, me) if line is not None else None
