"""The rules contract every game implements, and the small pieces they share.

A game is a module-level object implementing :class:`Rules`. State is a plain mutable
object owned by the host; the rules never read a clock (time arrives as ``t_ms``, counted from
the ``start_ms`` given to ``new_game``, never from 0) and never use global randomness
(``state.rng`` is a seeded :class:`Rng`).

Wire shape: actions and events are frozen dataclasses that turn into plain dicts
(``{"kind": ..., field: value}``) and back, so msgpack carries them unchanged.
Hidden objects (cards, tiles) appear in views as opaque string ids; ``secret_ids`` names the
ids a viewer must not see, which lets tests search every view and every byte sent.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Protocol, Sequence

import msgpack

SPECTATOR = -1  # the seat number of someone who watches: sees only public things
TV = -2  # a shared screen: the table, no hands at all
FRAME_MS = 17  # one frame at 60 Hz, rounded up: reflex presses closer than this are ties


NAME_SLOT = "{name}"  # where a refusal's sentence names the seat it speaks of
SOMEONE = "другой игрок"  # that seat while nobody has said its name


class Rejected(Exception):
    """An action the rules refuse. ``reason`` is a Russian sentence shown to the player.

    The rules know seats by number only, and a player by name only («Это решает Маша.», never «игрок 4»): a sentence
    about a seat (``about``) holds ``NAME_SLOT`` in the nominative where its name goes, and whoever knows the names
    says it with them (``named``: the Session, for every table, room and phone); until then it reads «другой игрок»."""

    def __init__(self, reason: str, code: str = "illegal", about: int | None = None):
        self.template = reason
        self.about = about
        self.reason = reason.replace(NAME_SLOT, SOMEONE)
        super().__init__(self.reason)
        self.code = code

    def named(self, name_of) -> "Rejected":
        """The same refusal, the seat it speaks of called by ``name_of(seat)``."""
        if self.about is None:
            return self
        return Rejected(self.template.replace(NAME_SLOT, name_of(self.about)), self.code)

    def to_wire(self) -> dict:
        return {"code": self.code, "reason": self.reason}


# --------------------------------------------------------------------------- wire values
class WireValue:
    """Base of actions and events: a frozen dataclass with a class-level ``kind`` tag."""

    kind: ClassVar[str] = ""

    def to_wire(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, WireValue):
        return value.to_wire()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class Action(WireValue):
    """Something a seat asks to do. Subclasses are frozen dataclasses.

    ``reflex`` actions (shout, catch, slap, claim…) are judged by time, not by whose turn it
    is, so the host does not refuse them as stale when the state moved on meanwhile."""

    reflex: ClassVar[bool] = False


class Event(WireValue):
    """Something that happened. A private event (such as «you drew the red 7») declares a
    field ``to`` holding the seat, or a tuple of seats, that may see it; others see all."""

    def visible_to(self, seat: int) -> bool:
        aud = getattr(self, "to", None)
        if aud is None:
            return True
        return seat in aud if isinstance(aud, (tuple, list)) else seat == aud


class WireCodec:
    """Turns wire dicts back into a game's typed actions or events, refusing strangers."""

    def __init__(self, classes: Iterable[type[WireValue]]):
        self.by_kind: dict[str, type[WireValue]] = {c.kind: c for c in classes}

    def decode(self, data: Any) -> WireValue:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise Rejected("Непонятное действие.", "malformed")
        cls = self.by_kind.get(data["kind"])
        if cls is None:
            raise Rejected(f"Неизвестное действие «{data['kind'][:40]}».", "malformed")
        kwargs = {}
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if f.name in data:
                kwargs[f.name] = _tupleize(data[f.name])
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:  # type: ignore[misc]
                raise Rejected(f"В действии не хватает поля «{f.name}».", "malformed")
        try:
            value = cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise Rejected("Действие составлено неверно.", "malformed") from exc
        check = getattr(value, "check_types", None)
        if check is not None:
            check()
        return value


def _tupleize(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tupleize(x) for x in v)
    return v


def require_types(obj: Any, **expected: type | tuple[type, ...]) -> None:
    """Refuse an action whose fields arrived with the wrong types over the wire."""
    for name, typ in expected.items():
        val = getattr(obj, name)
        if isinstance(val, bool) and typ in (int, (int,)):
            raise Rejected(f"Поле «{name}» имеет неверный тип.", "malformed")
        if not isinstance(val, typ):
            raise Rejected(f"Поле «{name}» имеет неверный тип.", "malformed")


# --------------------------------------------------------------------------- house rules
@dataclass(frozen=True)
class HouseRule:
    """One option a table may change. The settings UI and the CLI are generated from these."""

    id: str
    label: str  # Russian name shown in menus
    description: str  # Russian, from the rules text
    default: Any = False
    choices: tuple[tuple[Any, str], ...] = ()  # (value, Russian label) for non-boolean options
    group: str = "house"  # "house" for optional rules, "setup" for scoring modes and the like

    def to_wire(self) -> dict:
        return {
            "id": self.id,
            "label": self.label,
            "description": self.description,
            "default": self.default,
            "choices": [list(c) for c in self.choices],
            "group": self.group,
        }


def seconds_rule(rule_id: str, label: str, description: str, default: int, seconds: Sequence[int]) -> HouseRule:
    """A table's timing setting: a choice of so many seconds, each shown as «N с»."""
    return HouseRule(rule_id, label, description, default, tuple((s, f"{s} с") for s in seconds), "setup")


# Options no game offers any more, still found in saved settings, old rooms and journals: read and left out, the table
# plays without them (docs/RULES.md says what each was). An id here is never given to another rule.
RETIRED_OPTIONS = frozenset({
    "bingo_side",  # Эрудит/Скрэббл «Скрэббл-бинго»: a side game that never finished; «Скрэббл Бинго» is its own game
})


def resolve_options(rules: Sequence[HouseRule], given: dict | None) -> dict:
    """Defaults overlaid with the given values; a retired option is left out, unknown ids and bad values are
    refused."""
    given = dict(given or {})
    by_id = {r.id: r for r in rules}
    out = {r.id: r.default for r in rules}
    for key, value in given.items():
        if key in RETIRED_OPTIONS and key not in by_id:
            continue
        rule = by_id.get(key)
        if rule is None:
            raise Rejected(f"Неизвестное правило «{key}».", "options")
        if rule.choices:
            if value not in [c[0] for c in rule.choices]:
                raise Rejected(f"Недопустимое значение для правила «{rule.label}».", "options")
        elif isinstance(rule.default, bool) and not isinstance(value, bool):
            raise Rejected(f"Правило «{rule.label}» включается или выключается.", "options")
        out[key] = value
    return out


# --------------------------------------------------------------------------- randomness
_MASK64 = (1 << 64) - 1


class Rng:
    """A small seeded generator (SplitMix64) whose whole state is one integer.

    Chosen over ``random.Random`` so a state copies and serialises cheaply and identically.
    """

    __slots__ = ("s",)

    def __init__(self, seed: int):
        self.s = seed & _MASK64

    def next64(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & _MASK64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def chance(self, p: float) -> bool:
        return self.random() < p

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one's seed and a salt, without advancing it."""
        return Rng((self.s ^ (salt * 0xD1B54A32D192ED03)) & _MASK64)


# --------------------------------------------------------------------------- reflex races
@dataclass
class Press:
    seat: int
    t_ms: int
    payload: Any = None


@dataclass
class ReflexRace:
    """Presses collected for a short window, then ranked by time.

    Presses closer than one frame to the fastest are a tie, broken by the state's seeded coin,
    so the verdict replays identically. ``margin_ms`` is what the results screen shows.
    """

    opened_ms: int
    collect_ms: int = 120
    presses: list[Press] = field(default_factory=list)

    def press(self, seat: int, t_ms: int, payload: Any = None) -> None:
        if any(p.seat == seat for p in self.presses):
            return
        self.presses.append(Press(seat, t_ms, payload))

    def deadline(self) -> int | None:
        if not self.presses:
            return None
        return min(p.t_ms for p in self.presses) + self.collect_ms

    def ranked(self, rng: Rng) -> list[tuple[Press, int, bool]]:
        """(press, margin to the next one in ms, tied-with-winner) in finishing order."""
        order = sorted(self.presses, key=lambda p: (p.t_ms, p.seat))
        if not order:
            return []
        first_t = order[0].t_ms
        tied = [p for p in order if p.t_ms - first_t < FRAME_MS]
        if len(tied) > 1:
            winner = tied[rng.below(len(tied))]
            order.remove(winner)
            order.insert(0, winner)
        out = []
        for i, p in enumerate(order):
            nxt = order[i + 1].t_ms if i + 1 < len(order) else None
            margin = max(0, nxt - p.t_ms) if nxt is not None else 0
            out.append((p, margin, len(tied) > 1 and p in tied))
        return out

    def slowest(self, rng: Rng) -> tuple[Press, int, bool]:
        """The last press (for races the slowest loses): (press, margin behind the one before in ms, tied).
        Presses closer than one frame to the latest are a tie, broken by the seeded coin."""
        order = sorted(self.presses, key=lambda p: (p.t_ms, p.seat))
        latest = order[-1].t_ms
        tied = [p for p in order if latest - p.t_ms < FRAME_MS]
        tie = len(tied) > 1
        last = tied[rng.below(len(tied))] if tie else order[-1]
        rest = [p.t_ms for p in order if p is not last]
        return last, 0 if tie or not rest else latest - max(rest), tie


# --------------------------------------------------------------------------- state helpers
def to_plain(obj: Any) -> Any:
    """A deterministic plain-data image of a state (dataclasses, lists, dicts, Rng)."""
    if isinstance(obj, Rng):
        return {"rng": obj.s}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, WireValue):
        return obj.to_wire()
    if isinstance(obj, dict):
        return [[to_plain(k), to_plain(v)] for k, v in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [to_plain(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(to_plain(v) for v in obj)
    return obj


def snapshot(state: Any) -> bytes:
    """Canonical bytes of a state: two states are the same game position iff these match."""
    return msgpack.packb(to_plain(state), use_bin_type=True)


def collect_strings(value: Any, out: set[str] | None = None) -> set[str]:
    """Every string inside a nested view: what the secrecy tests search."""
    if out is None:
        out = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            collect_strings(k, out)
            collect_strings(v, out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            collect_strings(v, out)
    return out


# Every game's first preset: its rules as printed, no house rule on, under one name in every game's menu.
AS_PRINTED = ("classic", "По правилам")


# --------------------------------------------------------------------------- the contract
class Rules(Protocol):
    """What every game module exposes (see docs and DESIGN.md)."""

    game_id: str
    title: str  # Russian
    min_players: int
    max_players: int
    house_rules: tuple[HouseRule, ...]
    presets: dict[str, tuple[str, dict]]  # preset id -> (Russian label, option values)
    actions: WireCodec
    events: WireCodec

    def new_game(self, options: dict, seats: int, seed: int, start_ms: int = 0) -> Any:
        """A fresh game whose clock starts at ``start_ms``: the first ``t_ms`` the game sees.

        Every deadline and every "since" is counted from it, never from 0: hosts run on the
        machine's monotonic clock, which may read 10**9 when a game starts. ``Session`` passes its
        ``start_ms``, the journal header records it, and ``replay`` starts from it again; a game
        started at any origin plays exactly like one started at 0, every time shifted by the
        origin (``game.net.origin`` defines and checks this). The default 0 is for rules tests only."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Actions ``seat`` may take now. During reflex windows several seats have some.
        Free-form actions (a typed word) are represented by a template the bots and the UI
        fill in; ``apply`` is the judge of those."""
        ...

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats the game waits for now, sorted: the one whose turn it is, or several while a vote, a
        verdict or a «ready» pause waits for each of them. A reflex (``Action.reflex``: anybody may press,
        nobody is waited for) makes no seat one to act, so a game where everyone plays at once by reflexes
        answers ``()``. Exactly the seats ``legal_actions`` offers a non-reflex action (the conformance
        harness checks it); scenes show «your turn» and the host runs turn timers from this alone."""
        ...

    def apply(self, state: Any, seat: int, action: Action, t_ms: int) -> list[Event]:
        """Apply or raise :class:`Rejected` leaving ``state`` untouched."""
        ...

    def tick(self, state: Any, t_ms: int) -> list[Event]:
        """Close windows and timers whose time has come."""
        ...

    def next_deadline(self, state: Any) -> int | None:
        """The earliest ``t_ms`` at which ``tick`` would change something, if any."""
        ...

    def view(self, state: Any, seat: int) -> dict:
        """What ``seat`` may see; ``SPECTATOR`` and ``TV`` give the public table."""
        ...

    def secret_ids(self, state: Any, seat: int) -> set[str]:
        """Ids of hidden objects ``seat`` must never receive (others' hands, the deck)."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict:
        """Plain data: at least ``winners`` (list of seats) and ``scores`` (list per seat)."""
        ...

    def check_invariants(self, state: Any) -> list[str]:
        """Broken invariants as human-readable strings; empty when all is well."""
        ...
