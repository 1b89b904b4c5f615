"""A seat taken from a lobby bot mid-game (``take_bot_seat``) in the room's journal: the record is on disk the moment
the host gives the key, even while a bot still thinks about a move that comes before, so a room resumed after a crash
in that gap gives the seat to the newcomer's key; and a key that never comes lets the seat go back to its bot, to be
offered again. The host runs at a clock far from zero, driven in virtual time."""
from __future__ import annotations

import threading

import pytest

from game.net.host import HostCore
from game.net.journal import Journal
from game.net.session import replay_journal
from game.rules.base import snapshot
from net_support import VirtualClock, Wire, state_bytes
from test_host_bot_thinking import _HeldPlans

START_MS = 10**9
NEWCOMER = "Лена"


def _crash_and_resume(core: HostCore, path, clock: VirtualClock) -> HostCore:
    """The host's process is gone (its lock on the file with it) and a new one resumes the room from the journal."""
    core.session.journal.close()
    return HostCore.resume(path, clock=clock)


def _assert_replays_to(core: HostCore, path) -> None:
    header, entries = Journal.read(path)
    assert len(entries) == core.session.state_id
    assert snapshot(replay_journal(header, entries)) == state_bytes(core)


@pytest.mark.parametrize("bot_answers_first", [False, True], ids=["crash while the bot thinks", "crash after its move"])
def test_a_seat_taken_while_a_bot_thinks_is_the_newcomers_after_a_crash(monkeypatch, tmp_path, bot_answers_first):
    """Эрудит: the lobby bot at seat 0 begins and thinks off the loop, held; its move is due, and the host waits for
    it when a watcher takes that very seat. The host crashes before the bot answers (or just after)."""
    held = _HeldPlans(monkeypatch)
    path = tmp_path / "room.journal"
    clock = VirtualClock(START_MS)
    answered = threading.Event()
    core = HostCore("erudit", "Комната", clock=clock, bots=1, bot_level="player", seed=1, journal_path=path)
    core.think_off_loop(answered.set)
    try:
        anya_key = Wire(core).hello("Аня")["token"]
        core.start()
        assert held.entered.wait(10), "the bot never began to think"
        clock.ms += 60_000
        core.advance()  # the bot's move is due: the host waits for it
        assert core.waiting_for_bots

        watcher = Wire(core)
        watcher.hello(NEWCOMER, role="spectator")
        watcher.send({"type": "take_bot_seat"})
        key = watcher.last("seat_key")
        assert key["seat"] == 0
        if bot_answers_first:
            held.free()
            assert answered.wait(20), "the bot's answer never came"
            core.advance()
            assert not core.waiting_for_bots and core.session.state_id >= 1
        expected, expected_id = state_bytes(core), core.session.state_id

        core = _crash_and_resume(core, path, clock)
        assert state_bytes(core) == expected and core.session.state_id == expected_id
        assert [(s.name, s.is_bot) for s in core.seats] == [(NEWCOMER, False), ("Аня", False)]
        welcome = Wire(core).hello(NEWCOMER, token=key["token"])
        assert (welcome["role"], welcome["seat"]) == ("player", 0)
        assert Wire(core).hello("Аня", token=anya_key)["seat"] == 1
        _assert_replays_to(core, path)
    finally:
        held.free()
