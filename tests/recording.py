"""A pytest plugin that writes down what a test's games did, so a restructuring can be held to byte-identical behaviour.

Loaded by ``tools/record_behaviour.py`` (``python -m pytest -p recording …`` with ``IGROTEKA_RECORD`` set to a
folder), never by the suite itself. For every test it writes one JSON file: a digest of every frame the app drew
(the canvas's bytes after ``App.draw``), of every message a session gave a seat's listener (msgpack of the message),
and of every session's journal at the test's end. Bots think inline while recording (a local table's worker thread
would let a frame fall either side of a bot's answer; the moves and their times are the same either way, see
``game/net/thinking.py``), and a deal, a replay's preparation and a board game's analysis are done when asked, so two
recordings of the same code are equal (the tests that check that a deal never holds a frame up fail while
recording, alike before and after). Compare two folders with
``tools/record_behaviour.py --compare A B``.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import time
from concurrent.futures import Future
from pathlib import Path

import msgpack
import pytest

RECORD_DIR = os.environ.get("IGROTEKA_RECORD")
# «name-part:frame,frame»: those frames of the tests whose id holds name-part are also saved as PNG, to look at a difference
SAVE_FRAMES = os.environ.get("IGROTEKA_RECORD_PNG", "")


class Record:
    def __init__(self) -> None:
        self.frames: list[str] = []
        self.messages: list[str] = []
        self.sessions: list = []
        self.save: set[int] = set()  # the frames to save as PNG (IGROTEKA_RECORD_PNG)
        self.name = ""  # the test's, as its file is named

    def clear(self) -> None:
        self.frames.clear()
        self.messages.clear()
        self.sessions.clear()


RECORD = Record()


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=10).hexdigest()


def _packed(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True, default=repr)


def _install() -> None:
    from game import app as app_module
    from game.net import local, session

    drawn = app_module.App.draw

    def draw(self, alpha):
        result = drawn(self, alpha)
        canvas = getattr(self, "canvas", None)
        if canvas is not None:
            RECORD.frames.append(_digest(bytes(canvas.get_view("1"))))
            if len(RECORD.frames) - 1 in RECORD.save:
                import pygame

                pygame.image.save(canvas, str(Path(RECORD_DIR, f"{RECORD.name}-{len(RECORD.frames) - 1}.png")))
        return result

    app_module.App.draw = draw

    made = session.Session.__init__

    def init(self, *args, **kwargs):
        made(self, *args, **kwargs)
        RECORD.sessions.append(self)

    session.Session.__init__ = init

    listen = session.Session.listen

    def listened(self, seat, listener):
        def heard(s, message):
            RECORD.messages.append(f"{s}:{_digest(_packed(message))}")
            listener(s, message)

        heard.__wrapped__ = listener
        return listen(self, seat, heard)

    session.Session.listen = listened

    unlisten = session.Session.unlisten

    def unlistened(self, seat, listener):
        for wrapped in list(self.listeners.get(seat, [])):
            if getattr(wrapped, "__wrapped__", None) is listener:
                listener = wrapped
        return unlisten(self, seat, listener)

    session.Session.unlisten = unlistened

    class InlineThinking:
        """Stands for the local table's worker: ``Session(thinker=None)`` thinks inline."""

        def __new__(cls, *args, **kwargs):
            return None

    local.ThreadThinker = InlineThinking

    # a deal, a warm-up, a replay's preparation and a board game's analysis are done when asked, so no frame falls
    # either side of another thread's answer; a saved file's name is stamped with one moment
    from game import launch

    launch._dealing_thread = lambda: AtOnce()
    launch._replaying = AtOnce()
    launch._analysing = AtOnce()
    formatted = time.strftime
    time.strftime = lambda fmt, *when: formatted(fmt, *(when or (time.gmtime(1_800_000_000),)))


class AtOnce:
    """Stands for a background thread's executor: what it is given is done when given."""

    def submit(self, fn, *args, **kwargs) -> Future:
        done = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - the future carries it, as a thread's would
            done.set_exception(exc)
        return done


def pytest_configure(config):
    if RECORD_DIR:
        Path(RECORD_DIR).mkdir(parents=True, exist_ok=True)
        _install()


def _from_its_start(journal) -> list:
    """The journal counted from its game's start: a room's clock is the machine's own, which starts anywhere."""
    start = (journal.header or {}).get("start_ms") or 0
    header = {k: v for k, v in (journal.header or {}).items() if k != "start_ms"}
    entries = []
    for e in journal.entries:
        wire = e.to_wire()
        if isinstance(wire.get("t"), int):
            wire["t"] -= start
        entries.append(wire)
    return [header, entries]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    RECORD.clear()
    name = re.sub(r"[^\w.-]+", "_", item.nodeid)[:180]
    part, _, frames = SAVE_FRAMES.partition(":")
    RECORD.name = name
    RECORD.save = {int(f) for f in frames.split(",") if f} if part and part in item.nodeid else set()
    yield
    if not RECORD_DIR:
        return
    journals = []
    for s in RECORD.sessions:
        try:
            journals.append(_digest(_packed(_from_its_start(s.journal))))
        except Exception as exc:  # noqa: BLE001 - a journal that will not pack is written down as such
            journals.append(f"unpacked: {type(exc).__name__}")
    Path(RECORD_DIR, f"{name}.json").write_text(json.dumps(  # sessions made on other threads come in any order
        {"test": item.nodeid, "frames": RECORD.frames, "messages": RECORD.messages, "journals": sorted(journals)}))
    RECORD.clear()
