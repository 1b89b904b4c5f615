"""The hook interface every house rule implements (in the spirit of uno-online's rule plugins).

A house rule is one module: its ``rule`` (metadata), its ``slot`` of state (``state.ext[slot]``), its actions,
events, phases and handlers, its offers and refusals, its slice of the view, and how a table tells its events (the
sound each makes, its lines in the record of moves, the words for why it makes a seat take cards). The engine asks the enabled
rules, in ``order``, at the named hook points below; every default is the basic game of uno.txt, so a rule that
does not care about a point keeps it. ``ctx`` is the engine's move context: ``ctx.state``, ``ctx.t`` (host time)
and ``ctx.ev`` (events being produced); ``eng`` is the engine (draw cards, start a turn, name the next seat…).

Machinery two rules share (a jump-in race, a silence) is a ``HouseHooks`` without a ``rule`` listed in both
rules' ``parts``: it is switched on once when either is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from game.rules.base import HouseRule, Rejected

from ..cards import Face

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Attack, UnoState


OUT_OF_ROUND = "Вы уже вышли из этого тура."


def spectator_refusal(state: "UnoState", seat: int) -> Rejected | None:
    """One who has left the round (out by the card limit, gone out for good, their team out) only watches it: no
    reflex of theirs is judged (docs/RULES.md, UNO, «Out of the round»)."""
    return Rejected(OUT_OF_ROUND, "out") if seat in state.out else None


@dataclass(frozen=True)
class Phase:
    """A phase a rule adds: its label in the view, what the table waits for, and the refusal outside it."""

    label: str
    waiting: str  # what the one waited for does: «Маша: выбирает цвет», «Сейчас ждём игрока N: он выбирает цвет.»
    not_now: str  # the refusal of this phase's actions at any other moment


NameOf = Callable[[int], str]  # a seat's name as the table says it («Вы» for the seat on screen)
# (event, name, the seat on screen) → the event's line in the table's record of moves, or None: no move to record
TickerLine = Callable[[dict, NameOf, int], "str | None"]


def seat_named(e: dict, name: NameOf) -> str:
    """The name of the event's ``seat``, "" when it names none."""
    seat = e.get("seat", -1)
    return name(seat) if isinstance(seat, int) and seat >= 0 else ""


@dataclass(frozen=True)
class DrawReason:
    """How a table tells why a seat took cards (the ``reason`` of ``CardsDrawn`` and ``CardsReceived``)."""

    words: str = ""  # after «+N» over the seat and on its line of the moves («+2 · штраф»); none for a plain draw
    costly: bool = True  # a price paid, told in red; False: cards the rule hands out (a refill), told in gold
    from_deck: bool = True  # False: they come from another hand (an exchange), across the middle of the table


class HouseHooks:
    rule: HouseRule | None = None
    order: int = 100
    parts: tuple["HouseHooks", ...] = ()  # shared machinery switched on with this rule
    # --- what the rule owns
    actions: tuple = ()  # Action classes (their wire kinds join the game's codec)
    events: tuple = ()  # Event classes
    free_form: tuple[str, ...] = ()  # action kinds judged at any moment (a false one has a price)
    phases: dict[str, Phase] = {}
    seats: tuple[int, ...] | None = None  # the table sizes this rule is for (None: any)
    slot: str | None = None  # key of this rule's state in ``state.ext``
    view_defaults: dict[str, Any] = {}  # view keys this rule adds (present, with these values, when it is off)
    player_defaults: dict[str, Any] = {}  # per-seat keys of ``players`` in the view
    # --- how a table tells it (data: a sound is an asset's name, words are Russian; the scene draws them)
    sounds: dict[str, str] = {}  # each of ``events``' kinds → the sound it makes
    ticker_lines: dict[str, TickerLine] = {}  # an event kind → its line in the table's record of moves
    draw_reasons: dict[str, DrawReason] = {}  # why this rule makes a seat take cards → how the table tells it

    @property
    def name(self) -> str:
        return self.rule.id if self.rule is not None else type(self).__name__

    def handlers(self) -> dict:
        """Action class -> ``fn(eng, ctx, seat, action)`` for this rule's actions."""
        return {}

    # --- the rule's state
    def fresh(self, state: "UnoState") -> Any:
        """This rule's state at the start of a round (kept in ``state.ext[slot]``)."""
        return None

    keeps_between_rounds: bool = False  # False: the slot is reset to ``fresh`` when a round ends too

    def my(self, state: "UnoState") -> Any:
        return state.ext.get(self.slot)

    def put(self, state: "UnoState", value: Any) -> None:
        state.ext[self.slot] = value

    # --- the deck and the score
    def extra_faces(self) -> list[Face]:
        """Cards this rule adds to the 108."""
        return []

    def hand_points(self, faces: list[Face], default: int) -> int:
        """Points of a hand left at the end of a round."""
        return default

    def kept_points(self, state: "UnoState", seat: int) -> int | None:
        """What ``seat`` counts at the end of the round although this rule took their hand away (None: the hand
        in front of them counts)."""
        return None

    def going_out_bonus(self, last: Face) -> int:
        """Points off (or, when collecting, on top) for the card that ended the round."""
        return 0

    def scoring_way(self, state: "UnoState") -> Any:
        """A way of scoring (see ``scoring.py``) that replaces the one the setup chose."""
        return None

    def scoring(self, state: "UnoState", base: Any) -> Any:
        """The way rounds and the match are scored, changed from ``base`` (the setup's or a rule's way)."""
        return base

    def round_gains(self, state: "UnoState", scoring: Any, winner: int, points: list[int], bonus: int,
                    gained: list[int]) -> list[int]:
        """What each seat gains this round; ``gained`` is what ``scoring`` gives."""
        return gained

    def round_loser(self, state: "UnoState", points: list[int], winner: int) -> int | None:
        """The round's loser when this rule decides it (the default: most points in hand)."""
        return None

    def round_turn_limit(self, limit: int) -> int:
        return limit

    def round_result(self, state: "UnoState", result: dict) -> dict:
        """Keys this rule adds to a round's result (the results screen)."""
        return {}

    def match_result(self, state: "UnoState", result: dict) -> dict:
        """Keys this rule adds to (or changes in) the match's result."""
        return {}

    def seat_team(self, seat: int, seats: int) -> int | None:
        """The team ``seat`` plays for, when this rule plays in teams."""
        return None

    def refuse_setup(self, state: "UnoState") -> Rejected | None:
        """A reason this rule cannot be played at this table (the number of players…)."""
        return None

    # --- who may play what, when
    def may_jump_in(self, state: "UnoState", seat: int) -> bool:
        return False

    def answer(self, state: "UnoState", seat: int, face: Face) -> str | None:
        """``"stack"`` or ``"bounce"`` when this rule lets ``face`` answer the pending attack."""
        return None

    def chain(self, prev: "Attack", face: Face, amount: int, cards: int) -> tuple[int, int]:
        """A +N ``face`` laid on a pending one: (amount the target takes, cards in the chain). The text: not
        summed."""
        return amount, cards

    def last_bite(self, eng: Any, state: "UnoState", seat: int, face: Face,
                  answer: str | None) -> tuple[int, int] | None:
        """Who takes how many when the round's last card was an answer of this rule's kind."""
        return None

    def auto_colour(self, state: "UnoState") -> str | None:
        return None

    def mistake_cost(self) -> int:
        """Cards a false reflex costs; 0 (the text's default): it only locks the reflex buttons."""
        return 0

    def on_mistake(self, eng: Any, ctx: Any, seat: int, why: str) -> bool:
        """A card that may not go there; True when this rule takes it back at a price instead of refusing it."""
        return False

    def offers(self, eng: Any, state: "UnoState", seat: int) -> list:
        """Actions this rule offers ``seat`` at this moment outside the phase's own (reflexes, out of turn)."""
        return []

    def phase_offers(self, eng: Any, state: "UnoState", seat: int, phase: str) -> list:
        """The actions of one of this rule's ``phases`` (``seat`` is its actor)."""
        return []

    def turn_hold(self, state: "UnoState") -> Rejected | None:
        """Why the turn player must wait a moment (a race of this rule is being judged)."""
        return None

    def refuse(self, eng: Any, state: "UnoState", seat: int, action: Any) -> Rejected | None:
        """A reason this rule forbids an action the basic game allows (asked by ``legal_actions`` and ``apply``)."""
        return None

    def target_refusal(self, state: "UnoState", source: int, target: int) -> Rejected | None:
        """Why a +N of ``source`` may not land on ``target``. One question for both moments a target is chosen
        (``eng.target_refusal``): a card that would aim a +N there is refused, and an attack passed on
        (``eng.pass_attack_on``: its target left the round while it waited) goes past that seat."""
        return None

    # --- moments of a move
    def on_round_start(self, eng: Any, ctx: Any) -> None:
        pass

    def after_number(self, eng: Any, ctx: Any, seat: int, card: str) -> bool:
        """A number card's effect; True when it opened a choice (the turn waits for it)."""
        return False

    def after_skip(self, eng: Any, ctx: Any, seat: int, victim: int, colour: str) -> None:
        """A «Пропусти ход» skipped ``victim``."""

    def on_answer(self, eng: Any, ctx: Any, seat: int, kind: str) -> bool:
        """A card answered the pending attack as ``kind``; True when this rule carried the answer out."""
        return False

    def on_colour(self, eng: Any, ctx: Any, seat: int, by_black: bool) -> None:
        """The colour in force was set (by a black card when ``by_black``)."""

    def on_turn_start(self, eng: Any, ctx: Any, seat: int) -> None:
        pass

    def on_table_moves(self, eng: Any, ctx: Any, seat: int) -> None:
        """``seat`` plays or draws: windows that last «until the table moves» close."""

    def on_noise(self, eng: Any, ctx: Any, seat: int) -> bool:
        """Someone made noise (an emote, a false shout); True when this rule punished it."""
        return False

    def on_shout(self, eng: Any, ctx: Any, seat: int) -> None:
        """«УНО!» was said in time."""

    def on_hand_empty(self, eng: Any, ctx: Any, seat: int) -> bool:
        """True when the rule refilled the hand instead of letting the player go out."""
        return False

    def on_out(self, eng: Any, ctx: Any, seat: int, last: Face, answer: str | None) -> bool:
        """``seat`` went out for good with ``last``; True when this rule carried it out (the round goes on
        without them, or the rule ended it). The default: ``eng.win_round``."""
        return False

    def draws_on(self, state: "UnoState", seat: int) -> bool:
        """True when a drawn card that does not fit is followed by another draw."""
        return False

    def after_take(self, eng: Any, ctx: Any, seat: int) -> None:
        """``seat`` took cards."""

    def after_move(self, eng: Any, ctx: Any) -> None:
        """A move (or a tick) has been carried out."""

    # --- time
    def deadlines(self, state: "UnoState") -> list[tuple[int, int, str]]:
        """(time, priority, key) of this rule's timers; ``on_deadline`` gets the key when one is due."""
        return []

    def on_deadline(self, eng: Any, ctx: Any, key: str) -> None:
        pass

    # --- the view
    def view(self, state: "UnoState", seat: int) -> dict:
        """This rule's keys of ``seat``'s view (see ``view_defaults``)."""
        return {}

    def player_view(self, state: "UnoState", seat: int) -> dict:
        return {}
