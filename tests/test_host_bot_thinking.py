"""LAN rooms: board bots think on a worker thread, never on the host's loop. Peers (TCP and the phones' page) are
answered while a bot thinks; what waits for the bot (an action, a timer) keeps its moment and order, so the room's
journal and every message a seat gets are those of inline thinking."""
from __future__ import annotations

import threading

import game.bots.erudit as board_bots
import game.rules.board.engine as board_engine
from game.bots.erudit import BoardBot
from game.net.host import HostCore
from game.net.session import SeatInfo, Session
from net_support import VirtualClock, Wire, started_lan_room_bot_first, web_ping

START_MS = 1_000_000_007
FRAME_MS = 250
FRAMES_PER_LOOK = 4  # the person looks at the table and acts once a second
TURN_S = 5  # the turn timer: the person lets it run out now and then
WAIT_S = 20  # a held bot gives up after this long: far longer than any answer here takes


def _journal(session: Session) -> list[tuple]:
    return [(e.seat, e.action, e.t_ms) for e in session.journal.entries]


class _HeldPlans:
    """Board bots whose ``plan`` (the real one) starts only when the test lets it: ``entered`` when one is waiting."""

    def __init__(self, monkeypatch):
        self.permits = threading.Semaphore(0)
        self.entered = threading.Event()
        self.finished = threading.Event()
        self.threads: set[int] = set()
        plan = BoardBot.plan

        def held_plan(bot, view, legal, now_ms):
            self.threads.add(threading.get_ident())
            self.entered.set()
            # a host that waited for this answer on its loop would stall here, its peers unanswered
            assert self.permits.acquire(timeout=WAIT_S), "nobody let the bot think"
            try:
                return plan(bot, view, legal, now_ms)
            finally:
                self.finished.set()

        monkeypatch.setattr(BoardBot, "plan", held_plan)

    def free(self) -> None:
        self.permits.release(1000)


def test_a_lan_room_answers_its_peers_while_a_bot_thinks(monkeypatch):
    held = _HeldPlans(monkeypatch)
    clock = VirtualClock(START_MS)
    with started_lan_room_bot_first(clock) as (core, host, web, line):
        try:
            assert held.entered.wait(10), "the bot never began to think"
            clock.ms += 60_000  # far past the bot's moment: whatever now arrives comes after its move

            line.send({"type": "ping", "id": 1, "t": 0})
            assert line.until(lambda m: m["type"] == "pong", 10)["host"] == clock.ms
            assert web_ping(web.port, web.code)["host"] == clock.ms
            # a person acting on the table they see: the bot's move was due first, so it is judged after that move
            line.send({"type": "action", "action": {"kind": "pass"}, "state_id": 0})
            line.send({"type": "ping", "id": 2, "t": 0})
            line.until(lambda m: m["type"] == "pong" and m["id"] == 2, 10)
            assert not held.finished.is_set(), "the bot thought without being let"
            assert host._thread.ident not in held.threads, "the bot thought on the host's loop"

            held.free()  # nothing else is sent: the bot's answer alone makes the host go on
            moved = line.until(lambda m: m["type"] == "update" and m["state_id"] > 0, WAIT_S)
            refused = line.until(lambda m: m["type"] == "error" and m.get("ref") == "action", 10)
            assert refused["code"] == "stale", refused
            assert moved["events"], "the bot's move reached the person"

            journal = host.call(lambda: _journal(core.session))
            inline = Session("erudit", [SeatInfo(s.name, s.bot_level) for s in core.seats], 1, core.options,
                             start_ms=START_MS)
            inline.advance(clock.ms)
            assert journal[:1] == _journal(inline)[:1] != [], "the bot's move kept the moment it had thinking inline"
        finally:
            held.free()


def _room(game_id: str, clock: VirtualClock, answered: threading.Event | None) -> tuple[HostCore, Wire]:
    """A room in virtual time: a person at seat 0, two bots, a turn timer; with ``answered``, the bots (and the one
    that moves for an idle person) think off the loop."""
    core = HostCore(game_id, "Тест", clock=clock, seed=5)
    if answered is not None:
        core.think_off_loop(answered.set)
    person = Wire(core)
    person.hello("Вы")
    for level in ("player", "novice"):
        person.send({"type": "add_bot", "level": level})
    person.send({"type": "set_timer", "turn_s": TURN_S})
    person.send({"type": "start"})
    assert core.started, person.of_type("error")
    return core, person


def _let_one_bot_think(core: HostCore, clock: VirtualClock, answered: threading.Event, held: _HeldPlans) -> None:
    """One bot's plan goes on; its answer wakes the host, which goes on as its loop would (``LanHost``)."""
    wake = core.next_wakeup()
    assert wake is None or wake > clock.ms, "a host waiting for a bot would wake at once, again and again"
    answered.clear()
    held.permits.release()
    assert answered.wait(WAIT_S), "the bot's answer never came"
    core.advance()


def _play(game_id: str, answered: threading.Event | None, held: _HeldPlans | None, looks: int) -> tuple:
    """Frames advance the host as its loop does; once a second the person pings, repeats the last action they
    sent (a double click: judged like any action, in its turn), and then — once the host has caught up with
    the bots, as the person would see it — plays the first offered word (a pass when none is offered), except on
    every other table (an even state number), where the turn timer runs out and a bot moves for them. The bots
    think only when the person looks, so frames and the repeated action find them late."""
    clock = VirtualClock(START_MS)
    core, person = _room(game_id, clock, answered)
    last_action, late_looks, moves = None, 0, 0
    for _ in range(looks):
        for _ in range(FRAMES_PER_LOOK):
            clock.ms += FRAME_MS
            core.advance()
        pongs = len(person.of_type("pong"))
        person.send({"type": "ping", "id": 1, "t": 0})
        assert len(person.of_type("pong")) == pongs + 1, "a ping waited for a bot"
        if last_action is not None:
            person.send(last_action)
        while core.waiting_for_bots:
            late_looks += 1
            _let_one_bot_think(core, clock, answered, held)
        latest = person.last("update")
        if latest["over"]:
            break
        if 0 in latest["to_act"] and latest["state_id"] % 2:
            move = next((a for a in latest["legal"] if a["kind"] == "place"),
                        next((a for a in latest["legal"] if a["kind"] == "pass"), None))
            if move is not None:
                last_action = {"type": "action", "action": move, "state_id": latest["state_id"]}
                person.send(last_action)
                moves += 1
    # the table as the person was told it (``t``: when it was sent, later for what waited for a bot)
    told = [{k: v for k, v in m.items() if k != "t"} for m in person.messages if m["type"] in ("update", "error")]
    idle_turns = sum(1 for seat, _, _ in _journal(core.session) if seat == 0) - moves
    return _journal(core.session), told, late_looks, idle_turns


def test_a_room_whose_bots_think_off_the_loop_plays_exactly_as_thinking_inline(monkeypatch):
    for game_id in ("erudit", "slovodel"):
        inline_journal, inline_told, _, idle_turns = _play(game_id, None, None, 60)
        with monkeypatch.context() as patch:
            held = _HeldPlans(patch)
            try:
                worker_journal, worker_told, behind, _ = _play(game_id, threading.Event(), held, 60)
            finally:
                held.free()
        assert sum(1 for seat, _, _ in inline_journal if seat > 0) >= 4, "the bots should have moved several times"
        assert behind >= 4, "the bots should have been late several times"
        assert idle_turns >= 3, "the turn timer should have run out several times"
        assert worker_journal == inline_journal, game_id
        assert worker_told == inline_told, game_id


def _seat_handed_over(answered: threading.Event | None, held: _HeldPlans | None) -> tuple:
    """Аня passes; while the bot's answer is late she drops (a bot takes her seat at once) and comes back with her
    key: the seat changes hands in its turn, after the bot's move that was due before."""
    clock = VirtualClock(START_MS)
    core = HostCore("erudit", "Тест", clock=clock, seed=1, takeover_ms=0)
    if answered is not None:
        core.think_off_loop(answered.set)
    anna = Wire(core)
    token = anna.hello("Аня")["token"]
    anna.send({"type": "add_bot", "level": "player"})
    anna.send({"type": "start"})
    assert core.session.to_act() == [0], "Аня begins"
    anna.act({"kind": "pass"})
    clock.ms += 10_000
    core.advance()  # the bot's move is due by now
    assert core.waiting_for_bots == (answered is not None)
    anna.drop()
    clock.ms += 10_000
    core.advance()  # the moment her substitute's move is due
    back = Wire(core)
    back.hello("Аня", token=token)
    for _ in range(3):
        clock.ms += 10_000
        core.advance()
        while core.waiting_for_bots:
            _let_one_bot_think(core, clock, answered, held)
    # her first view on return is the table as it stands, maybe before the late move: later updates catch up
    latest = {k: back.last("update")[k] for k in ("state_id", "view", "legal", "to_act", "over")}
    return _journal(core.session), latest


def test_a_seat_changes_hands_in_its_turn_while_a_bot_thinks(monkeypatch):
    inline = _seat_handed_over(None, None)
    held = _HeldPlans(monkeypatch)
    try:
        worker = _seat_handed_over(threading.Event(), held)
    finally:
        held.free()
    assert [seat for seat, _, _ in inline[0]][:3] == [0, 1, 0], "the substitute played Аня's turn"
    assert worker == inline


def test_the_bots_that_play_an_absent_persons_seat_search_off_the_loop(monkeypatch):
    """Аня drops. While she is away her turn timer runs out (the bot that moves for an idle person plays her turn),
    then a bot takes her seat; a master plays the other one. None of their move searches runs on the host's thread:
    not the bots' own, and not the rules' list of legal moves a bot is offered, which on a board is the full search
    (tens of milliseconds, far more with a blank, that every peer's answer waited for)."""
    searched_on: list[int] = []
    for module in (board_engine, board_bots):
        real = module.generate

        def spied(*args, real=real, **kwargs):
            searched_on.append(threading.get_ident())
            return real(*args, **kwargs)

        monkeypatch.setattr(module, "generate", spied)
    clock = VirtualClock(START_MS)
    answered = threading.Event()
    core = HostCore("erudit", "Тест", clock=clock, seed=3, takeover_ms=3 * TURN_S * 1000)
    core.think_off_loop(answered.set)
    anna = Wire(core)
    anna.hello("Аня")
    anna.send({"type": "add_bot", "level": "master"})
    anna.send({"type": "set_timer", "turn_s": TURN_S})
    anna.send({"type": "start"})
    assert core.started, anna.of_type("error")
    anna.drop()
    away_since = clock.ms
    del searched_on[:]  # her own legal moves, listed for her on the host's thread while she was there, are hers
    for _ in range(5 * TURN_S):
        clock.ms += 1000
        core.advance()
        while core.waiting_for_bots:
            assert answered.wait(WAIT_S), "a bot's answer never came"
            answered.clear()
            core.advance()
    takeover = away_since + core.takeover.takeover_ms
    hers = [t for seat, _, t in _journal(core.session) if seat == 0]
    assert any(t < takeover for t in hers), "her turn timer should have run out while she was away"
    assert any(t >= takeover for t in hers), "the bot that took her seat should have played"
    assert any(seat == 1 for seat, _, _ in _journal(core.session)), "the master should have played"
    assert searched_on, "the bots should have searched for moves"
    assert threading.get_ident() not in searched_on, "a bot's move search ran on the host's thread"
