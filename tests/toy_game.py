"""A tiny game that exercises the whole contract: hidden hands, turns, and a reflex race.

«Выше»: each seat holds cards 0..9 (hidden); on your turn play a card higher than the top
or take the pile. Playing a 0 opens a slap race: the first to slap scores a point.
Used by the harness and host tests so they do not depend on any real game.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar

from game import rules as registry
from game.rules.base import (
    SPECTATOR,
    TV,
    Action,
    Event,
    HouseRule,
    ReflexRace,
    Rejected,
    Rng,
    WireCodec,
    require_types,
)


@dataclass(frozen=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: str

    def check_types(self):
        require_types(self, card=str)


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"


@dataclass(frozen=True)
class Slap(Action):
    kind: ClassVar[str] = "slap"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class Played(Event):
    kind: ClassVar[str] = "played"
    seat: int
    card: str
    value: int


@dataclass(frozen=True)
class Took(Event):
    kind: ClassVar[str] = "took"
    seat: int
    count: int


@dataclass(frozen=True)
class GotCards(Event):
    kind: ClassVar[str] = "got_cards"
    to: int
    cards: tuple


@dataclass(frozen=True)
class Slapped(Event):
    kind: ClassVar[str] = "slapped"
    winner: int
    margin_ms: int


@dataclass
class ToyState:
    rng: Rng
    hands: list[list[str]]
    pile: list[str] = field(default_factory=list)
    turn: int = 0
    points: list[int] = field(default_factory=list)
    race: ReflexRace | None = None
    moves: int = 0


def value(card: str) -> int:
    return int(card[1:]) % 10


class ToyRules:
    game_id = "toy"
    title = "Выше"
    min_players = 2
    max_players = 4
    house_rules = (HouseRule("slaps", "Шлепки", "Ноль открывает гонку шлепков.", True),)
    presets: dict = {}
    actions = WireCodec([Play, Take, Slap])
    events = WireCodec([Played, Took, GotCards, Slapped])

    def new_game(self, options, seats, seed, start_ms=0):
        rng = Rng(seed)
        cards = [f"t{i}" for i in range(10 * seats)]
        rng.shuffle(cards)
        hands = [sorted(cards[i * 10:(i + 1) * 10]) for i in range(seats)]
        state = ToyState(rng, hands, points=[0] * seats)
        state.slaps = options["slaps"]  # type: ignore[attr-defined]
        return state

    def to_act(self, state):
        return tuple(s for s in (state.turn,) if any(not a.reflex for a in self.legal_actions(state, s)))

    def legal_actions(self, state, seat):
        out = []
        if state.race is not None and all(p.seat != seat for p in state.race.presses):
            out.append(Slap())
        if seat == state.turn and state.moves < 40 and sum(1 for h in state.hands if h) > 1:
            top = value(state.pile[-1]) if state.pile else -1
            out += [Play(c) for c in state.hands[seat] if value(c) > top or (top == 9 and value(c) == 0)]
            if state.pile:
                out.append(Take())
        return out

    def apply(self, state, seat, action, t_ms):
        if isinstance(action, Slap):
            if state.race is None:
                raise Rejected("Сейчас нечего хлопать.")
            if any(p.seat == seat for p in state.race.presses):
                raise Rejected("Вы уже хлопнули.")
            state.race.press(seat, t_ms)
            return []
        if seat != state.turn:
            raise Rejected("Сейчас не ваш ход.", "turn")
        if action not in self.legal_actions(state, seat):
            raise Rejected("Так ходить нельзя.")
        if isinstance(action, Play):
            state.hands[seat].remove(action.card)
            state.pile.append(action.card)
            events = [Played(seat, action.card, value(action.card))]
            if value(action.card) == 0 and state.slaps and state.race is None:
                state.race = ReflexRace(opened_ms=t_ms, collect_ms=100)
        else:
            taken = list(state.pile)
            state.pile.clear()
            state.hands[seat] = sorted(state.hands[seat] + taken)
            events = [Took(seat, len(taken)), GotCards(seat, tuple(taken))]
        state.moves += 1
        state.turn = (state.turn + 1) % len(state.hands)
        while not state.hands[state.turn] and not self.is_over(state):
            state.turn = (state.turn + 1) % len(state.hands)
        return events

    def next_deadline(self, state):
        return state.race.deadline() if state.race else None

    def tick(self, state, t_ms):
        if state.race is None or state.race.deadline() is None or state.race.deadline() > t_ms:
            return []
        (press, margin, _), *_ = state.race.ranked(state.rng)
        state.points[press.seat] += 1
        state.race = None
        return [Slapped(press.seat, margin)]

    def view(self, state, seat):
        return {
            "hand": list(state.hands[seat]) if 0 <= seat < len(state.hands) else [],
            "counts": [len(h) for h in state.hands],
            "pile": list(state.pile),
            "turn": state.turn,
            "points": list(state.points),
            "race": state.race is not None,
            "me": seat,
        }

    def secret_ids(self, state, seat):
        out = set()
        for i, hand in enumerate(state.hands):
            if i != seat or seat in (SPECTATOR, TV):
                out.update(hand)
        return out

    def is_over(self, state):
        return (state.moves >= 40 or sum(1 for h in state.hands if h) <= 1) and state.race is None

    def result(self, state):
        return {"points": list(state.points), "winners": [min(range(len(state.hands)), key=lambda i: len(state.hands[i]))]}

    def check_invariants(self, state):
        total = sum(len(h) for h in state.hands) + len(state.pile)
        return [] if total == 10 * len(state.hands) else [f"карт {total}"]


RULES = ToyRules()


class ToyBot:
    def __init__(self, level, seat, rng):
        self.level, self.seat, self.rng = level, seat, rng

    def plan(self, view, legal, now_ms):
        slaps = [a for a in legal if isinstance(a, Slap)]
        if slaps:
            return now_ms + 150 + self.rng.below(200), slaps[0]
        if not legal:
            return None
        return now_ms + 300, self.rng.choice(legal)


def make(level, seat, rng) -> ToyBot:
    return ToyBot(level, seat, rng)


ENTRY = registry.GameInfo("toy", "Выше", __name__, bots=__name__)


def register() -> None:
    registry.register(ENTRY)


def with_table(monkeypatch, scene: str = "couch_toy_scene") -> None:
    """For one test the toy game has a table scene (tests/couch_toy_scene.py), as its registry entry would name it."""
    entry = dataclasses.replace(ENTRY, scene=scene)
    monkeypatch.setattr(registry, "GAMES", [entry if g.id == "toy" else g for g in registry.GAMES])
    monkeypatch.setitem(registry.BY_ID, "toy", entry)
