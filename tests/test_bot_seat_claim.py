"""A seat taken from a lobby bot mid-game (``take_bot_seat``) in the room's journal: the record is on disk the moment
the host gives the key, even while a bot still thinks about a move that comes before, so a room resumed after a crash
in that gap gives the seat to the newcomer's key; and a key that never comes lets the seat go back to its bot, to be
offered again. The host runs at a clock far from zero, driven in virtual time."""
from __future__ import annotations

import threading

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


# ---------------------------------------------------------------------------- a key that never comes
TAKEOVER_MS = 2_000  # shorter than the newcomer's wait: a bot covers the seat meanwhile, as for anyone away


def _room_with_a_bot_first(clock: VirtualClock, path=None) -> tuple[HostCore, str]:
    """UNO: the lobby bot «Бот 1» at seat 0, Аня at seat 1 (who stays), the game running; Аня's key."""
    core = HostCore("uno", "Комната", clock=clock, bots=1, seed=7, journal_path=path, takeover_ms=TAKEOVER_MS)
    anya_key = Wire(core).hello("Аня")["token"]
    core.start()
    return core, anya_key


def _take_seat(core: HostCore, name: str = NEWCOMER) -> tuple[Wire, str]:
    """A scripted watcher asks for the bot's seat and gets its key (it may never use it)."""
    watcher = Wire(core)
    watcher.hello(name, role="spectator")
    watcher.send({"type": "take_bot_seat"})
    key = watcher.last("seat_key")
    assert key["seat"] == 0
    return watcher, key["token"]


def _run_until(core: HostCore, clock: VirtualClock, until_ms: int) -> None:
    """The host's loop: it wakes when it says it must (never later than ``until_ms``), as ``LanHost`` does."""
    while clock.ms < until_ms:
        wake = core.next_wakeup()
        clock.ms = until_ms if wake is None else min(max(wake, clock.ms + 1), until_ms)
        core.advance(clock.ms)


def test_a_key_that_never_comes_gives_the_seat_back_to_its_bot_and_it_is_offered_again(tmp_path):
    from game.net.host import NEWCOMER_WAIT_MS

    path = tmp_path / "room.journal"
    clock = VirtualClock(START_MS)
    core, anya_key = _room_with_a_bot_first(clock, path)
    watcher, key = _take_seat(core)
    taken_ms = clock.ms
    _run_until(core, clock, taken_ms + NEWCOMER_WAIT_MS - 1)
    assert (core.seats[0].name, core.seats[0].is_bot, core.seats[0].substituted) == (NEWCOMER, False, True)

    _run_until(core, clock, taken_ms + NEWCOMER_WAIT_MS)
    assert (core.seats[0].name, core.seats[0].bot_level) == ("Бот 1", "player"), "the seat stayed the newcomer's"
    seat = watcher.last("lobby")["seats"][0]
    assert (seat["name"], seat["bot"], seat["substituted"]) == ("Бот 1", "player", False)
    late = Wire(core)
    late.hello(NEWCOMER, token=key)
    assert late.last("bye")["code"] == "seat_returned" and not late.of_type("welcome")

    second, second_key = _take_seat(core, "Гоша")  # offered again, to anyone
    assert Wire(core).hello("Гоша", token=second_key)["seat"] == 0
    _run_until(core, clock, clock.ms + 2 * NEWCOMER_WAIT_MS)
    assert (core.seats[0].name, core.seats[0].is_bot) == ("Гоша", False), "a key that came keeps its seat"

    expected = state_bytes(core)
    core = _crash_and_resume(core, path, clock)
    assert state_bytes(core) == expected
    assert [(s.name, s.is_bot) for s in core.seats] == [("Гоша", False), ("Аня", False)]
    _run_until(core, clock, clock.ms + 2 * NEWCOMER_WAIT_MS)  # nobody comes back: a person's seat stays theirs
    assert (core.seats[0].name, core.seats[0].is_bot) == ("Гоша", False)
    assert Wire(core).hello("Гоша", token=second_key)["seat"] == 0
    assert Wire(core).hello("Аня", token=anya_key)["seat"] == 1
    _assert_replays_to(core, path)


def test_a_room_resumed_before_the_key_came_waits_for_it_afresh_then_gives_the_seat_back(tmp_path):
    """Nobody could come while the host was down: the resumed room waits the whole time again, from its start."""
    from game.net.host import NEWCOMER_WAIT_MS

    path = tmp_path / "room.journal"
    clock = VirtualClock(START_MS)
    core, _ = _room_with_a_bot_first(clock, path)
    _, key = _take_seat(core)
    _run_until(core, clock, clock.ms + NEWCOMER_WAIT_MS // 2)
    core = _crash_and_resume(core, path, clock)
    resumed_ms = core.now()
    _run_until(core, clock, resumed_ms + NEWCOMER_WAIT_MS - 1)
    assert (core.seats[0].name, core.seats[0].is_bot) == (NEWCOMER, False)
    _run_until(core, clock, resumed_ms + NEWCOMER_WAIT_MS)
    assert (core.seats[0].name, core.seats[0].bot_level) == ("Бот 1", "player")

    core = _crash_and_resume(core, path, clock)  # the seat went back in the journal too
    assert (core.seats[0].name, core.seats[0].bot_level) == ("Бот 1", "player")
    late = Wire(core)
    late.hello(NEWCOMER, token=key)
    assert late.last("bye")["code"] == "seat_returned"  # a resumed room tells a late key from a stranger's too
    _assert_replays_to(core, path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(comes_after=st.one_of(st.none(), st.integers(0, 130_000)), leaves_after=st.one_of(st.none(), st.integers(0, 5_000)),
       takeover_ms=st.sampled_from([0, TAKEOVER_MS, 90_000]))
def test_the_seat_goes_back_to_its_bot_exactly_when_its_key_has_not_come_in_time(comes_after, leaves_after,
                                                                                  takeover_ms):
    """Whatever the takeover delay, the newcomer coming (and maybe leaving again) at any moment: the seat is the
    bot's again from the end of the wait if and only if the key had not come by then."""
    from game.net.host import NEWCOMER_WAIT_MS

    clock = VirtualClock(START_MS)
    core = HostCore("uno", "Комната", clock=clock, bots=1, seed=7, takeover_ms=takeover_ms)
    Wire(core).hello("Аня")
    core.start()
    _, key = _take_seat(core)
    taken_ms = clock.ms
    came = comes_after is not None and comes_after < NEWCOMER_WAIT_MS
    if comes_after is not None:
        _run_until(core, clock, taken_ms + comes_after)
        newcomer = Wire(core)
        newcomer.hello(NEWCOMER, token=key)
        assert bool(newcomer.of_type("welcome")) == came
        if came and leaves_after is not None:
            _run_until(core, clock, clock.ms + leaves_after)
            newcomer.drop()
    _run_until(core, clock, taken_ms + 2 * NEWCOMER_WAIT_MS + takeover_ms)
    assert core.seats[0].is_bot != came
    assert core.seats[0].name == (NEWCOMER if came else "Бот 1")


def test_a_journal_written_before_the_newcomers_wait_gives_the_taken_seat_to_its_key_for_good(tmp_path):
    """Before the rule, the record of a taken seat had no ``arrived`` and none was written when the key came: such a
    journal resumes as it did, the seat the newcomer's whoever comes, and replays to the very state."""
    from game.net.host import NEWCOMER_WAIT_MS

    path = tmp_path / "room.journal"
    clock = VirtualClock(START_MS)
    core, _ = _room_with_a_bot_first(clock, path)
    _, key = _take_seat(core)
    Wire(core).hello(NEWCOMER, token=key)
    _run_until(core, clock, clock.ms + 10_000)
    expected = state_bytes(core)
    core.session.journal.close()
    old = []
    for record in records(path):
        taken = record.get("seat_taken")
        if taken is not None and taken.pop("arrived") is True:
            continue
        old.append(record)
    path.write_bytes(b"".join(msgpack.packb(record, use_bin_type=True) for record in old))
    assert [r["seat_taken"] for r in old if "seat_taken" in r] == [
        {"seat": 0, "name": NEWCOMER, "bot": None, "token": key}]

    core = HostCore.resume(path, clock=clock)
    assert state_bytes(core) == expected
    _run_until(core, clock, clock.ms + 2 * NEWCOMER_WAIT_MS)
    assert (core.seats[0].name, core.seats[0].is_bot) == (NEWCOMER, False)
    assert Wire(core).hello(NEWCOMER, token=key)["seat"] == 0
    _assert_replays_to(core, path)


def records(path) -> list[dict]:
    with open(path, "rb") as fh:
        return list(msgpack.Unpacker(fh, raw=False, strict_map_key=False))
