"""Local play: board bots think on a worker thread, never in the frame that pumps the host, a frame never waits
for them, and what they do and when is the same as when they think inline (the journal is equal entry for entry)."""
from __future__ import annotations

import threading

from game.bots.erudit import BoardBot
from game.net.local import LocalHost
from game.net.session import SeatInfo, Session
from game.net.thinking import ThreadThinker

START_MS = 1_000_000_007
FRAME_MS = 250
FRAMES_PER_LOOK = 4  # the person looks at the table and acts once a second


def _journal(session: Session) -> list[tuple]:
    return [(e.seat, e.action, e.t_ms) for e in session.journal.entries]


def _play(session: Session, frames: int) -> list[tuple]:
    """Frames pump the session as the window does (never waiting for a bot); once a second a person at seat 0
    looks and, on their turn, plays the first offered word (a pass when none is offered). The person acts
    through ``receive``, which first runs everything due by then, so they act on the same table either way."""
    inbox: list[dict] = []
    session.listen(0, lambda seat, message: inbox.append(message))
    now = START_MS
    for frame in range(frames):
        now += FRAME_MS
        session.advance(now, wait=False)
        if frame % FRAMES_PER_LOOK:
            continue
        session.advance(now)  # what ``receive`` does before judging: the table as it stands at this moment
        latest = inbox[-1]
        if latest["over"]:
            break
        if 0 in latest["to_act"]:
            move = next((a for a in latest["legal"] if a["kind"] == "place"),
                        next((a for a in latest["legal"] if a["kind"] == "pass"), None))
            if move is not None:
                session.receive(0, move, now, now, state_id=latest["state_id"])
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


def test_a_frame_never_waits_for_a_bot_still_thinking(monkeypatch):
    thinking_threads: list[int] = []
    started, release, finished = threading.Event(), threading.Event(), threading.Event()
    plan = BoardBot.plan

    def held_plan(self, view, legal, now_ms):
        thinking_threads.append(threading.get_ident())
        started.set()
        release.wait(timeout=20)  # a pump that waited for this answer would let the timeout end it (and fail below)
        try:
            return plan(self, view, legal, now_ms)
        finally:
            finished.set()

    monkeypatch.setattr(BoardBot, "plan", held_plan)
    clock = [START_MS]
    seats = [SeatInfo("Маша", "master"), SeatInfo("Вы")]
    host = LocalHost("erudit", seats, 1, {}, clock=lambda: clock[0])  # Маша starts
    me = host.connect(1)
    for _ in range(40):  # ten seconds of frames, far past the bot's moment
        clock[0] += FRAME_MS
        me.pump()
    assert not finished.is_set() and not host.session.journal.entries, "a frame waited for the bot's answer"
    # the worker lists the master's moves before its plan: on a loaded machine the frames can all pass first
    assert started.wait(timeout=20), "the bot never began to think"
    assert thinking_threads and threading.get_ident() not in thinking_threads

    release.set()
    host.session.advance(clock[0])  # as a person's action would: everything due by now, the bot's answer first
    monkeypatch.setattr(BoardBot, "plan", plan)
    inline = Session("erudit", seats, 1, {}, start_ms=START_MS)
    inline.advance(clock[0])
    assert _journal(host.session)[:1] == _journal(inline)[:1] != [], "the late answer kept its own moment"
