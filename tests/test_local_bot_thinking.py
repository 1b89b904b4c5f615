"""Local play: board bots think on a worker thread, never in the frame that pumps the host, and what they do and
when is the same as when they think inline (the journal is equal entry for entry)."""
from __future__ import annotations

import threading

from game.bots.erudit import BoardBot
from game.net.local import LocalHost
from game.net.session import SeatInfo, Session
from game.net.thinking import ThreadThinker

START_MS = 1_000_000_007
FRAME_MS = 250
HUMAN_WAITS_MS = 500


def _journal(session: Session) -> list[tuple]:
    return [(e.seat, e.action, e.t_ms) for e in session.journal.entries]


def _play(session: Session, frames: int) -> list[tuple]:
    """A person at seat 0 plays the first offered word half a second after the turn comes (a pass when none is
    offered); the frames pump the session as the window does."""
    inbox: list[dict] = []
    session.listen(0, lambda seat, message: inbox.append(message))
    now = START_MS
    turn_came = None
    for _ in range(frames):
        now += FRAME_MS
        session.advance(now)
        latest = inbox[-1]
        if latest["over"]:
            break
        mine = 0 in latest["to_act"] and any(a["kind"] in ("place", "pass") for a in latest["legal"])
        if not mine:
            turn_came = None
            continue
        if turn_came is None:
            turn_came = now
        if now - turn_came >= HUMAN_WAITS_MS:
            move = next((a for a in latest["legal"] if a["kind"] == "place"),
                        next(a for a in latest["legal"] if a["kind"] == "pass"))
            session.receive(0, move, now, now, state_id=latest["state_id"])
            turn_came = None
    return _journal(session)


def _session(game_id: str, thinker) -> Session:
    seats = [SeatInfo("Вы"), SeatInfo("Маша", "player"), SeatInfo("Петя", "novice")]
    return Session(game_id, seats, 5, {}, start_ms=START_MS, thinker=thinker)


def test_bots_thinking_on_a_worker_play_exactly_as_thinking_inline():
    for game_id in ("erudit", "slovodel"):
        inline = _play(_session(game_id, None), 160)
        worker = _play(_session(game_id, ThreadThinker()), 160)
        assert sum(1 for seat, _, _ in inline if seat > 0) >= 4, "the bots should have moved several times"
        assert worker == inline, game_id


def test_local_table_bots_never_think_on_the_pumping_thread(monkeypatch):
    thinking_threads: list[int] = []
    plan = BoardBot.plan

    def noted_plan(self, view, legal, now_ms):
        thinking_threads.append(threading.get_ident())
        return plan(self, view, legal, now_ms)

    monkeypatch.setattr(BoardBot, "plan", noted_plan)
    clock = [START_MS]
    host = LocalHost("erudit", [SeatInfo("Маша", "master"), SeatInfo("Вы")], 1, {}, clock=lambda: clock[0])  # Маша starts
    me = host.connect(1)
    for _ in range(40):
        clock[0] += FRAME_MS
        me.pump()
    assert any(m["view"]["history"] for m in me.poll()), "the bot should have made its first move"
    assert thinking_threads and threading.get_ident() not in thinking_threads
