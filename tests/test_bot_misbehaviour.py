"""Bots with bugs: a bot whose action the rules refuse, or whose ``plan`` raises (inline or on the worker thread),
costs its seat a sensible move and never the table. When the game waits for that seat, the seat takes the first
action the rules offer it that is not a reflex, journaled like any move; otherwise it does nothing until the table
changes. The game goes on in every room type (``Session``, ``LocalHost``, the LAN host in virtual time and over
TCP on loopback), the journal replays to the same state, and what a LAN room queued behind such a bot (people's
actions, timer steps) keeps its order while pings are answered at once."""
from __future__ import annotations

import importlib
import logging
import random
import threading

import pytest

from game.bots import FACTORIES
from game.bots.erudit import BoardBot
from game.bots.uno import UnoBot
from game.net.host import HostCore
from game.net.local import LocalHost
from game.net.session import SeatInfo, Session, replay_session
from game.net.thinking import ThreadThinker
from game.rules.base import snapshot
from game.rules.board.actions import Place
from game.rules.uno.actions import Play
from net_support import VirtualClock, Wire, started_lan_room_bot_first, web_ping

BROKEN = 0  # the seat whose bot has the bug
START_MS = 1_000_000_007
FRAME_MS = 250
FRAMES_PER_LOOK = 4  # a person looks at the table once a second
TURN_S = 5
WAIT_S = 20  # a held bot gives up after this long: far longer than anything here takes


class RefusedUnoBot(UnoBot):
    """Whenever it would lay a card, it lays one it does not hold: the rules refuse every card it plays."""

    def plan(self, view, legal, now_ms):
        choice = super().plan(view, legal, now_ms)
        if choice is not None and isinstance(choice[1], Play):
            return choice[0], Play("нет такой карты")
        return choice


class RaisingUnoBot(UnoBot):
    def plan(self, view, legal, now_ms):
        raise RuntimeError("ошибка в боте")


class BabblingUnoBot(UnoBot):
    """Answers what is no plan: its action's wire form instead of the action, and no moment."""

    def plan(self, view, legal, now_ms):
        choice = super().plan(view, legal, now_ms)
        return None if choice is None else choice[1].to_wire()


class RefusedBoardBot(BoardBot):
    """Always «places» no tile at all, after its human delay."""

    def plan(self, view, legal, now_ms):
        return (now_ms + self.least_delay_ms, Place(())) if legal else None


def _raising_board_bot(permits: threading.Semaphore | None = None, entered: threading.Event | None = None):
    """A board bot whose plan raises; with ``permits``, only once the test lets it (it thinks on the worker)."""

    class RaisingBoardBot(BoardBot):
        def plan(self, view, legal, now_ms):
            if entered is not None:
                entered.set()
            if permits is not None:
                assert permits.acquire(timeout=WAIT_S), "nobody let the bot think"
            raise RuntimeError("ошибка в боте")

    return lambda level, seat, rng: RaisingBoardBot("erudit", level, seat, rng)


def _broken_uno(kind):
    return lambda level, seat, rng: kind(level, seat, rng)


def _refused_board(level, seat, rng):
    return RefusedBoardBot("erudit", level, seat, rng)


def _break(monkeypatch, game_id: str, broken, seats=(BROKEN,)) -> None:
    """The bots made for ``seats`` of ``game_id`` are ``broken`` (level, seat, rng → bot); the others are ours."""
    ours = importlib.import_module(f"game.bots.{game_id}").make
    monkeypatch.setitem(FACTORIES, game_id, lambda level, seat, rng: (broken if seat in seats else ours)(
        level=level, seat=seat, rng=rng))


def _first_offered(session: Session, seat: int) -> dict | None:
    """What a broken bot's seat is expected to do now: when the game waits for it, the first action offered that is
    not a reflex."""
    if seat not in session.to_act():
        return None
    offered = [a for a in session.rules.legal_actions(session.state, seat) if not a.reflex]
    return offered[0].to_wire() if offered else None


def _fallbacks_replayed(played: Session, seat: int = BROKEN) -> tuple[int, int]:
    """The journal replayed (to the very state it was played to); how many of ``seat``'s entries there are and how
    many of them are the move expected of a broken bot at that point."""
    header, entries = played.journal.header, played.journal.entries
    assert snapshot(replay_session(header, entries).state) == snapshot(played.state), "the journal replays elsewhere"
    replayed = Session(header["game"], [SeatInfo(f"Место {i + 1}") for i in range(header["seats"])], header["seed"],
                       header["options"], start_ms=header["start_ms"])
    moves = fallbacks = 0
    for entry in entries:
        if entry.seat < 0:
            replayed.advance(entry.t_ms)
            continue
        if entry.seat == seat:
            moves += 1
            fallbacks += entry.action == _first_offered(replayed, seat)
        action = replayed.decode(entry.action)
        assert replayed.submit(entry.seat, action, entry.t_ms, state_id=replayed.state_id).accepted
    return moves, fallbacks


def _journal(session: Session) -> list[tuple]:
    return [(e.seat, e.action, e.t_ms) for e in session.journal.entries]


# ---------------------------------------------------------------------------------------------- one session
@pytest.mark.parametrize("game_id, broken, always", [
    ("uno", _broken_uno(RefusedUnoBot), False),
    ("uno", _broken_uno(RaisingUnoBot), True),
    ("uno", _broken_uno(BabblingUnoBot), True),
    ("erudit", _refused_board, True),
    ("erudit", _raising_board_bot(), True),
], ids=["uno-refused", "uno-raising", "uno-babbling", "erudit-refused", "erudit-raising"])
def test_a_game_ends_past_a_broken_bot_with_its_seat_falling_back(monkeypatch, caplog, game_id, broken, always):
    _break(monkeypatch, game_id, broken)
    seats = [SeatInfo("Сломанный", "player"), SeatInfo("Маша", "player")]
    # a bot asked again after every refusal would spin here until the step cap: a game lasts about a thousand steps
    with caplog.at_level(logging.WARNING, logger="game.net.session"):
        session = Session(game_id, seats, 3, start_ms=START_MS)
        assert session.run_bots_to_end(max_steps=5_000), "the game stopped at the broken bot"
    moves, fallbacks = _fallbacks_replayed(session)
    assert fallbacks >= 5, "the broken bot's seat should have fallen back several times"
    if always:
        assert moves == fallbacks, "a bot that never makes a move of its own: every move of its seat is the fallback"
    assert any(r.name == "game.net.session" for r in caplog.records), "the bot's failures were not logged"


def test_a_bot_raising_on_the_worker_plays_exactly_as_raising_inline(monkeypatch):
    _break(monkeypatch, "erudit", _raising_board_bot())
    seats = [SeatInfo("Сломанный", "player"), SeatInfo("Маша", "player")]
    inline = Session("erudit", seats, 3, start_ms=START_MS)
    worker = Session("erudit", [SeatInfo(s.name, s.bot_level) for s in seats], 3, start_ms=START_MS,
                     thinker=ThreadThinker())
    assert inline.run_bots_to_end(max_steps=1_000) and worker.run_bots_to_end(max_steps=1_000)
    assert _journal(worker) == _journal(inline)


# ---------------------------------------------------------------------------------------------- local play
@pytest.mark.parametrize("game_id, broken, looks", [
    ("uno", _broken_uno(RefusedUnoBot), 200),  # inline: UNO bots think in the frame
    ("erudit", _raising_board_bot(), 400),  # on the worker: board bots think off the frame
], ids=["uno-refused", "erudit-raising"])
def test_a_local_table_plays_on_past_a_broken_bot(monkeypatch, game_id, broken, looks):
    """Frames pump the host as the window does; once a second the person at seat 1 looks at the table as it stands
    (everything due by then has happened, as ``receive`` makes it) and, on their turn, plays the first offered move."""
    _break(monkeypatch, game_id, broken)
    clock = [START_MS]
    host = LocalHost(game_id, [SeatInfo("Сломанный", "player"), SeatInfo("Вы")], 3, {}, clock=lambda: clock[0])
    me = host.connect(1)
    seen: list[dict] = []
    for _ in range(looks):
        for _ in range(FRAMES_PER_LOOK):
            clock[0] += FRAME_MS
            me.pump()
        host.session.advance(clock[0])
        seen += me.poll()
        latest = next(m for m in reversed(seen) if m["type"] == "update")
        if latest["over"]:
            break
        move = _first_offered(host.session, 1)
        if move is not None:
            me.send(move)
    moves, fallbacks = _fallbacks_replayed(host.session)
    assert fallbacks >= 10, f"the broken bot's seat moved {moves} times, {fallbacks} of them falling back"
    assert host.session.rules.is_over(host.session.state) or game_id == "uno", "the game should have ended"


# ---------------------------------------------------------------------------------------------- LAN rooms
class _HeldRaising:
    """The broken bots' plans wait until the test lets one go on, then raise; ``answered`` when its answer is in."""

    def __init__(self):
        self.permits = threading.Semaphore(0)
        self.answered = threading.Event()

    def free(self) -> None:
        self.permits.release(1000)


def _idle_room(held: _HeldRaising | None, looks: int) -> tuple[list, list, Session, int]:
    """A room in virtual time: a person at seat 0 who never finds a move of their own, and a bot at seat 1; every
    bot of the room is broken, the one that moves for the idle person too (the turn timer runs out every turn).
    Once a second the person pings (answered at once) and repeats the last pass they sent; with ``held``, the bots
    think on the worker only when the test lets them, one at a time after that, so the repeated pass and the timer
    steps queue behind them. Then, now and then, the person passes on the table as it stands. Each pass is judged
    in its turn: refused as stale or out of turn, or accepted. The journal, everything the person was told, the session and how often something waited."""
    clock = VirtualClock(START_MS)
    core = HostCore("erudit", "Тест", clock=clock, seed=5)
    if held is not None:
        core.think_off_loop(held.answered.set)
    person = Wire(core)
    person.hello("Вы")
    person.send({"type": "add_bot", "level": "player"})
    person.send({"type": "set_timer", "turn_s": TURN_S})
    person.send({"type": "start"})
    assert core.started, person.of_type("error")
    late, last_pass = 0, None
    passes = random.Random(5)  # the same looks in every run: a rhythm of its own would meet one phase of the turns
    for look in range(looks):
        for _ in range(FRAMES_PER_LOOK):
            clock.ms += FRAME_MS
            core.advance()
        pongs = len(person.of_type("pong"))
        person.send({"type": "ping", "id": look, "t": 0})
        assert len(person.of_type("pong")) == pongs + 1, "a ping waited for a bot"
        if last_pass is not None:
            person.send(last_pass)  # a double click, sent before the host caught up with the bots: it waits in turn
        while core.waiting_for_bots:
            late += 1
            assert core.next_wakeup() is None, "a host waiting for a bot would wake at once, again and again"
            held.answered.clear()
            held.permits.release()
            assert held.answered.wait(WAIT_S), "the bot's answer never came"
            core.advance()
        latest = person.last("update")
        if latest["over"]:
            break
        if passes.random() < 0.15:
            last_pass = {"type": "action", "action": {"kind": "pass"}, "state_id": latest["state_id"]}
            person.send(last_pass)
    told = [{k: v for k, v in m.items() if k != "t"} for m in person.messages if m["type"] in ("update", "error")]
    return _journal(core.session), told, core.session, late


def test_a_lan_room_keeps_the_order_of_what_waited_for_a_raising_bot(monkeypatch):
    with monkeypatch.context() as patch:
        _break(patch, "erudit", _raising_board_bot(), seats=(0, 1))
        inline_journal, inline_told, inline, _ = _idle_room(None, 40)
    held = _HeldRaising()
    try:
        with monkeypatch.context() as patch:
            _break(patch, "erudit", _raising_board_bot(held.permits), seats=(0, 1))
            worker_journal, worker_told, _, late = _idle_room(held, 40)
    finally:
        held.free()
    assert sum(1 for seat, _, _ in inline_journal if seat == 1) >= 4, "the broken bot's seat should have moved"
    assert sum(1 for seat, _, _ in inline_journal if seat == 0) >= 4, "the idle person's turns should have been moved"
    assert any(m["type"] == "error" for m in inline_told), "some of the person's passes should have been refused"
    assert late >= 8, "actions and timer steps should have waited for the bots several times"
    moves, fallbacks = _fallbacks_replayed(inline, 1)
    assert moves == fallbacks, "the broken bot's seat did something else than fall back"
    assert _fallbacks_replayed(inline, 0)[1] >= 4, "the idle person's turns should have been moved by the fallback"
    assert worker_journal == inline_journal
    assert worker_told == inline_told


def test_a_lan_room_over_tcp_goes_on_after_a_bot_raises_on_the_worker(monkeypatch):
    """The bot at seat 0 begins and raises on the worker once the test lets it. Meanwhile the person's pass on the
    first table and their pass on the next one wait for it, in order, and pings (TCP and a phone's) are answered at
    once; then the bot's seat lays the first offered word at its moment, the first pass is refused as stale and the
    second is accepted."""
    permits, entered = threading.Semaphore(0), threading.Event()
    _break(monkeypatch, "erudit", _raising_board_bot(permits, entered))
    clock = VirtualClock(START_MS)
    with started_lan_room_bot_first(clock) as (core, host, web, line):
        try:
            assert entered.wait(10), "the bot never began to think"
            first_table = Session("erudit", [SeatInfo("Бот"), SeatInfo("Аня")], 1, core.options, start_ms=START_MS)
            expected = _first_offered(first_table, BROKEN)
            clock.ms += 60_000
            arrival = clock.ms
            for state_id, ping in ((0, 1), (1, 2)):
                line.send({"type": "action", "action": {"kind": "pass"}, "state_id": state_id})
                line.send({"type": "ping", "id": ping, "t": 0})
                assert line.until(lambda m: m["type"] == "pong", 10)["id"] == ping
            assert web_ping(web.port, web.code)["host"] == arrival
            early = [m for m in line.seen if m["type"] == "error" or (m["type"] == "update" and m["state_id"] > 0)]
            assert not early, "something was judged before the bot that came first had answered"

            permits.release(1000)
            line.until(lambda m: m["type"] == "update" and m["state_id"] == 2, WAIT_S)
            told = [(m["type"], m.get("state_id"), m.get("code")) for m in line.seen if m["type"] in ("update", "error")]
            assert told[-3:] == [("update", 1, None), ("error", None, "stale"), ("update", 2, None)], told
            journal = host.call(lambda: _journal(core.session))
            delay = BoardBot("erudit", "player", BROKEN, None).least_delay_ms
            assert journal[:2] == [(BROKEN, expected, START_MS + delay), (1, {"kind": "pass"}, arrival)]
            assert host.call(lambda: snapshot(replay_session(core.session.journal.header,
                                                             core.session.journal.entries).state)
                             == snapshot(core.session.state))
        finally:
            permits.release(1000)
