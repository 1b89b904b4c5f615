"""Where the host's clock starts must not matter: what "the same game up to the offset" means, and its check.

A host reads the machine's monotonic clock, which may say 0 or 10**9 when a game starts. The rules count every
deadline from the game's ``start_ms`` (see ``Rules.new_game``), so a game started ``delta`` ms later is the same
game, only later. Precisely, two games are *the same up to the offset* ``delta`` when:

1. their journal headers are equal except ``start_ms``, and the second's is the first's plus ``delta``;
2. their journals have as many entries, with the same seat and the same action each, and each entry's time in the
   second is its time in the first plus ``delta``;
3. their final states have the same plain image (``to_plain``) except that an integer (never a bool) may be the
   first's plus exactly ``delta``: a moment in time; durations, counts and scores are equal;
4. both are over or neither is, and their results are equal: nothing the players are told depends on the origin.

The conformance harness, ``python -m game simulate`` and the bot-game tests play at every one of ``ORIGINS``.
"""
from __future__ import annotations

from typing import Any, Iterable

from game.net.journal import JournalEntry
from game.rules.base import to_plain

# a machine just booted, one on for a quarter of an hour, one on for eleven days (odd, so nothing lines up by luck)
ORIGINS = (0, 10**6, 10**9 + 7919)
FAR_ORIGIN = ORIGINS[-1]

_SHOWN = 8  # differences listed before the rest are summed up


def shifted_differences(first: Any, second: Any, delta: int, path: str = "state") -> list[str]:
    """Where two plain images differ other than by a moment shifted by ``delta`` (rule 3)."""
    out: list[str] = []
    _walk(first, second, delta, path, out)
    return out


def _walk(a: Any, b: Any, delta: int, path: str, out: list[str]) -> None:
    if len(out) > _SHOWN:
        return
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} items, then {len(b)}")
            return
        for i, (x, y) in enumerate(zip(a, b)):
            _walk(x, y, delta, f"{path}[{i}]", out)
        return
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            out.append(f"{path}: keys {sorted(map(str, a.keys() ^ b.keys()))} on one side only")
            return
        for key in a:
            _walk(a[key], b[key], delta, f"{path}.{key}", out)
        return
    if a == b and type(a) is type(b):
        return
    if type(a) is int and type(b) is int and b - a == delta:
        return
    out.append(f"{path}: {a!r}, then {b!r} (the origin moved by {delta})")


def journal_differences(first: list[JournalEntry], second: list[JournalEntry], delta: int) -> list[str]:
    """Rule 2: the same entries, each time moved by ``delta``."""
    out = []
    for index, (a, b) in enumerate(zip(first, second)):
        if (a.seat, a.action) != (b.seat, b.action) or b.t_ms - a.t_ms != delta:
            out.append(f"journal[{index}]: {a.to_wire()}, then {b.to_wire()} (the origin moved by {delta})")
            break  # everything after the first parting differs anyway
    if len(first) != len(second):
        out.append(f"journal: {len(first)} entries, then {len(second)}")
    return out


def origin_differences(rules: Any, first: Any, second: Any) -> list[str]:
    """Everything by which two sessions of one game, started at different origins, are not the same up to the
    offset (rules 1-4 above); empty when they are."""
    delta = second.start_ms - first.start_ms
    head_a, head_b = dict(first.journal.header), dict(second.journal.header)
    out = []
    if head_b.pop("start_ms") - head_a.pop("start_ms") != delta or head_a != head_b:
        out.append(f"header: {first.journal.header}, then {second.journal.header}")
    out += journal_differences(first.journal.entries, second.journal.entries, delta)
    out += shifted_differences(to_plain(first.state), to_plain(second.state), delta)
    over = rules.is_over(first.state), rules.is_over(second.state)
    if over[0] != over[1]:
        out.append(f"over: {over[0]}, then {over[1]}")
    elif over[0] and rules.result(first.state) != rules.result(second.state):
        out.append(f"result: {rules.result(first.state)}, then {rules.result(second.state)}")
    return out


def differences_from_first(rules: Any, sessions: Iterable[Any]) -> list[str]:
    """Each session compared with the first (the reference origin)."""
    sessions = list(sessions)
    return [f"start {s.start_ms}: {d}" for s in sessions[1:] for d in origin_differences(rules, sessions[0], s)]
