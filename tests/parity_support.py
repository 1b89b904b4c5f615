"""Two tables fed one script: local play (``LocalHost``) and the LAN host core (``HostCore`` with fake peers that
do the real handshake). The judge-parity test compares what every seat and a spectator receive, the refusals'
codes and reasons, and the journals.

The script is made while playing, from what the local seats see: their legal actions, those sent from the wrong
seat, near-miss mutations, stale ones, each game's reflex and free-form presses (a false catch, an emote, a claim,
a typed word), and waits that run the timers. Both tables get the same step at the same virtual time.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.net.host import HostCore
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.rules.base import SPECTATOR, Rng, collect_strings
from net_support import VirtualClock, Wire

RTT_MS = 60
PASSIVE = frozenset({"pass", "exchange", "keep_cards", "withdraw", "drop_claim", "hint", "ask_letter", "pause"})  # what each fake client reports: presses a few ms old stay inside the window the host allows


def normal(message: dict) -> tuple | None:
    """What must be equal at both tables: updates without the LAN's send time and result copy, refusals by their
    code and reason (not by the transport's extra fields)."""
    kind = message.get("type")
    if kind == "update":
        return ("update", message["state_id"], message["events"], message["view"], message["legal"], message["over"])
    if kind == "error":
        return ("error", message["code"], message["reason"])
    return None


class LocalTable:
    def __init__(self, game_id: str, players: int, seed: int, options: dict, start_ms: int):
        self.clock = VirtualClock(start_ms)
        seats = [SeatInfo(f"Игрок {i + 1}") for i in range(players)]
        self.host = LocalHost(game_id, seats, seed, options, clock=self.clock)
        self.conns = {seat: self.host.connect(seat) for seat in [*range(players), SPECTATOR]}

    @property
    def session(self):
        return self.host.session

    def send(self, seat: int, action: dict, now: int, pressed: int, state_id: int | None) -> None:
        self.clock.ms = now
        conn = self.conns[seat]
        if state_id is None:
            conn.send(action, pressed_ms=pressed)
            return
        own = conn.state_id  # a stale press: as if the seat had not seen the latest update yet
        conn.state_id = state_id
        conn.send(action, pressed_ms=pressed)
        if conn.state_id == state_id:
            conn.state_id = own

    def wait(self, now: int) -> None:
        self.clock.ms = now
        self.host.pump()

    def received(self, seat: int) -> list[tuple]:
        return [n for n in map(normal, self.conns[seat].poll()) if n is not None]


class LanTable:
    def __init__(self, game_id: str, players: int, seed: int, options: dict, start_ms: int):
        self.clock = VirtualClock(start_ms)
        self.core = HostCore(game_id, "Паритет", clock=self.clock, seed=seed, options=options, rate_burst=10**6)
        self.wires: dict[int, Wire] = {}
        for i in range(players):
            wire = Wire(self.core)
            wire.hello(f"Игрок {i + 1}")
            wire.send({"type": "ping", "id": 1, "t": start_ms, "offset": 0.0, "rtt": float(RTT_MS)})
            wire.send({"type": "ready", "ready": True})
            self.wires[i] = wire
        watcher = Wire(self.core)
        watcher.hello("Зритель", role="spectator")
        self.wires[SPECTATOR] = watcher
        self.wires[0].send({"type": "start"})
        assert self.core.started, [m for w in self.wires.values() for m in w.of_type("error")]
        self.state_ids = {seat: 0 for seat in self.wires}

    @property
    def session(self):
        return self.core.session

    def send(self, seat: int, action: dict, now: int, pressed: int, state_id: int | None) -> None:
        self.clock.ms = now
        sid = self.state_ids[seat] if state_id is None else state_id
        self.wires[seat].send({"type": "action", "action": action, "state_id": sid, "pressed": pressed})

    def wait(self, now: int) -> None:
        self.clock.ms = now
        self.core.advance(now)

    def received(self, seat: int) -> list[tuple]:
        out = [n for n in map(normal, self.wires[seat].take()) if n is not None]
        for n in out:
            if n[0] == "update":
                self.state_ids[seat] = n[1]
        return out


@dataclass
class Step:
    what: str  # "act" or "wait"
    now: int
    seat: int = 0
    action: dict = field(default_factory=dict)
    pressed: int = 0
    state_id: int | None = None  # set for a deliberately stale press
    note: str = ""  # how the step was made: legal, wrong seat, mutation, extra, stale

    def __str__(self) -> str:
        if self.what == "wait":
            return f"wait to {self.now}"
        return f"{self.note}: seat {self.seat} {self.action} at {self.now} (pressed {self.pressed})"


# ------------------------------------------------------------------ each game's out-of-the-list presses
def _own_ids(view: dict, *keys: str) -> list[str]:
    return [c["id"] for key in keys for c in (view.get(key) or []) if isinstance(c, dict) and "id" in c]


def _uno_extras(view: dict, rng: Rng) -> list[dict]:
    from game.rules.uno.actions import EMOTES

    hand = _own_ids(view, "hand")
    card = rng.choice(hand) if hand else "u0"
    return [{"kind": "shout"}, {"kind": "catch"}, {"kind": "slap"}, {"kind": "emote", "emote": rng.choice(EMOTES)},
            {"kind": "emote", "emote": "зевок"}, {"kind": "jump_in", "card": card, "uno": False},
            {"kind": "play", "card": card, "uno": len(hand) == 2}, {"kind": "draw"}, {"kind": "pass"},
            {"kind": "bounce", "card": card}, {"kind": "continue"}, {"kind": "challenge"}]


def _nowords_extras(view: dict, rng: Rng) -> list[dict]:
    letters = [c["letter"] for c in view.get("conversation", [])]
    rng.shuffle(letters)
    made = "".join(letters[: 3 + rng.below(3)])
    cards = _own_ids(view, "hand", "showcase", "conversation")
    return [{"kind": "claim", "word": made}, {"kind": "claim", "word": ""},
            {"kind": "claim", "word": rng.choice(["кот", "нос", "сон", "ток", "рот", "abc", "я"])},
            {"kind": "lay", "card": rng.choice(cards) if cards else "x"},
            {"kind": "choose_next", "seat": rng.below(view.get("players", 2) + 1)},
            {"kind": "call_vote"}, {"kind": "drop_claim"}, {"kind": "accept_word"},
            {"kind": "vote", "accept": rng.chance(0.5)}]


def _hardsign_extras(view: dict, rng: Rng) -> list[dict]:
    cards = [c for c in view.get("hand", []) + view.get("table", [])]
    rng.shuffle(cards)
    row = cards[: 2 + rng.below(3)]
    return [{"kind": "submit", "cards": [c["id"] for c in row], "word": "".join(c["face"] for c in row)},
            {"kind": "submit", "cards": [c["id"] for c in row], "word": "кот"},
            {"kind": "pass"}, {"kind": "ask_letter"}, {"kind": "bribe"}, {"kind": "withdraw"}]


def _board_extras(view: dict, rng: Rng) -> list[dict]:
    rack = view.get("rack", [])
    tiles = []
    r, c = rng.below(15), rng.below(15)
    across = rng.chance(0.5)
    for i, tile in enumerate(rack[: 1 + rng.below(3)]):
        letter = tile["letter"].lower() if tile["letter"] != "*" else "а"
        tiles.append([r, c + i, tile["id"], letter] if across else [r + i, c, tile["id"], letter])
    return [{"kind": "place", "tiles": tiles}, {"kind": "place", "tiles": tiles, "dispute": True},
            {"kind": "exchange", "tiles": [t["id"] for t in rack[: 1 + rng.below(7)]]},
            {"kind": "challenge"}, {"kind": "accept"}, {"kind": "vote", "allow": rng.chance(0.5)},
            {"kind": "hint"}, {"kind": "pass"}, {"kind": "remove", "cells": [[7, 7]]}, {"kind": "pause"},
            {"kind": "resume"}]


EXTRAS = {"uno": _uno_extras, "nowords": _nowords_extras, "hardsign": _hardsign_extras,
          "erudit": _board_extras, "scrabble": _board_extras, "slovodel": _board_extras}


def mutate(action: dict, rng: Rng, strings: list[str]) -> dict:
    """A near miss: one field of a legal action nudged (a flag flipped, a number moved, an id swapped)."""
    fields = [k for k in action if k != "kind"]
    if not fields:
        return {**action, "kind": rng.choice(["play", "lay", "submit", "pass", "vote"])}
    name = rng.choice(fields)
    value = action[name]
    if isinstance(value, bool):
        alt = not value
    elif isinstance(value, int):
        alt = value + rng.choice([-3, -1, 1, 7])
    elif isinstance(value, str):
        alt = rng.choice(strings) if strings else value + "я"
    elif isinstance(value, list) and value:
        alt = list(value)
        i = rng.below(len(alt))
        alt[i] = mutate({"x": alt[i]}, rng, strings)["x"] if not isinstance(alt[i], list) else \
            [mutate({"x": v}, rng, strings)["x"] for v in alt[i]]
        if rng.chance(0.3):
            alt = alt[:-1]
    else:
        alt = value
    return {**action, name: alt}


class Script:
    """Makes the next step from what the local seats were last sent (their views and legal lists)."""

    def __init__(self, game_id: str, players: int, seed: int):
        self.game_id = game_id
        self.seats = list(range(players))
        self.rng = Rng(seed * 7919 + 13)
        self.views: dict[int, dict] = {}
        self.legal: dict[int, list[dict]] = {seat: [] for seat in self.seats}
        self.state_id = 0

    def saw(self, seat: int, received: list[tuple]) -> None:
        for n in received:
            if n[0] == "update" and seat >= 0:
                self.views[seat], self.legal[seat] = n[3], n[4]
                self.state_id = max(self.state_id, n[1])

    def next(self, now: int, due: int | None) -> Step:
        rng = self.rng
        offered = [(s, a) for s in self.seats for a in self.legal[s]]
        roll = rng.random()
        if roll < 0.15 or not offered and rng.chance(0.5):
            target = now + rng.choice([1, 16, 100, 500, 2000, 10_000])
            if due is not None:
                target = min(target, max(now, due))  # stop at every timer, so each fires at its own time
            return Step("wait", target)
        now += rng.choice([0, 0, 0, 1, 5, 40])  # sometimes a timer falls due just before the press arrives
        pressed = now - rng.choice([0, 0, 0, 3, 12, 30])
        seat = rng.choice(self.seats)
        if roll < 0.55 and offered:
            # passing is one choice among many; played that often, every game would end in a few passes
            busy = [(s, a) for s, a in offered if a["kind"] not in PASSIVE]
            seat, action = rng.choice(busy if busy and rng.chance(0.85) else offered)
            return Step("act", now, seat, action, pressed, note="legal")
        if roll < 0.63 and offered:
            owner, action = rng.choice(offered)
            others = [s for s in self.seats + [SPECTATOR] if s != owner]
            return Step("act", now, rng.choice(others), action, pressed, note="wrong seat")
        if roll < 0.75 and offered:
            seat, action = rng.choice(offered)
            strings = sorted(s for s in collect_strings(self.views.get(seat, {})) if len(s) < 40)
            return Step("act", now, seat, mutate(action, rng, strings), pressed, note="mutation")
        if roll < 0.95:
            action = rng.choice(EXTRAS[self.game_id](self.views.get(seat, {}), rng))
            return Step("act", now, seat, action, pressed, note="extra")
        if offered and self.state_id > 0:
            seat, action = rng.choice(offered)
            return Step("act", now, seat, action, pressed, state_id=self.state_id - 1, note="stale")
        return Step("wait", now)


class BothTables:
    """The local and the LAN table fed the same steps, compared after each: every seat's and the spectator's
    messages, the refusals' codes and reasons, the journals."""

    def __init__(self, game_id: str, players: int, seed: int, options: dict, start_ms: int,
                 script: "Script | None" = None):
        self.game_id = game_id
        self.local = LocalTable(game_id, players, seed, options, start_ms)
        self.lan = LanTable(game_id, players, seed, options, start_ms)
        self.script = script
        self.watchers = [*range(players), SPECTATOR]
        self.refusals: dict[tuple, int] = {}
        self.history: list[str] = []
        self.compare("the deal")

    def compare(self, step: object) -> None:
        for seat in self.watchers:
            mine, theirs = self.local.received(seat), self.lan.received(seat)
            if self.script is not None:
                self.script.saw(seat, mine)
            if mine != theirs:
                raise AssertionError(_difference(self.game_id, step, seat, mine, theirs, self.history))
            for n in mine:
                if n[0] == "error":
                    self.refusals[n[1:]] = self.refusals.get(n[1:], 0) + 1
        assert self.local.session.journal.entries == self.lan.session.journal.entries, \
            f"{self.game_id}: journals differ after {step}"

    def arrange(self, change) -> None:
        """The same change made to both tables' states (``change(state)``), and every seat sent the new view."""
        for session in (self.local.session, self.lan.session):
            change(session.state)
            session._broadcast([])
        self.compare("the arranged position")

    def play(self, step: Step) -> None:
        for table in (self.local, self.lan):
            if step.what == "wait":
                table.wait(step.now)
            else:
                table.send(step.seat, step.action, step.now, step.pressed, step.state_id)
        self.history.append(str(step))
        self.compare(step)


def play_both(game_id: str, players: int, seed: int, options: dict, steps: int, start_ms: int = 1_000):
    """Play the script on both tables, comparing after every step; returns (steps played, refusals seen).
    Raises AssertionError naming the first step the tables disagree on."""
    script = Script(game_id, players, seed)
    both = BothTables(game_id, players, seed, options, start_ms, script)
    now = start_ms
    over_steps = 0
    for _ in range(steps):
        step = script.next(now, both.local.session.next_due())
        now = step.now
        both.play(step)
        if both.local.session.rules.is_over(both.local.session.state):
            over_steps += 1
            if over_steps > 5:  # a few presses after the end are refused the same way too
                break
    return len(both.history), both.refusals


def _difference(game_id: str, step: object, seat: int, mine: list, theirs: list, history: list[str]) -> str:
    def brief(ns: list) -> list:
        return [n if n[0] == "error" else ("update", n[1], [e.get("kind") for e in n[2]]) for n in ns]

    lines = [f"{game_id}: seat {seat} got different messages after step {len(history)}: {step}",
             f"  local: {brief(mine)}", f"  LAN:   {brief(theirs)}"]
    if brief(mine) == brief(theirs):
        for a, b in zip(mine, theirs):
            if a != b:
                for i, name in enumerate(("type", "state_id", "events", "view", "legal", "over")):
                    if a[i] != b[i]:
                        lines.append(f"  first difference in {name}{_where(a[i], b[i])}")
                break
    lines.append("  the steps before: " + "; ".join(history[-4:-1]))
    return "\n".join(lines)


def _where(a, b, path: str = "") -> str:
    """The path of the first difference between two nested values, and both values there."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return next((_where(a[k], b[k], f"{path}.{k}") for k in a if a[k] != b[k]), path)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next((_where(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b)) if x != y), path)
    return f"{path}: local {a!r:.200} / LAN {b!r:.200}"
