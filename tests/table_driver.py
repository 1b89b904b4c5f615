"""A local game shown in a headless app, driven like a player would: the host's clock is a
virtual one the test moves, and input arrives as real pygame events."""
from __future__ import annotations

import pygame

from game.app import STEP_MS, App
from game.input import Intent
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.scenes import game_scene
from game.scenes.demo import VirtualClock


class LocalTable:
    SETTLE_FRAMES = 80
    UNTIL_LIMIT = 3000

    def __init__(self, app: App, game: str, names: list[str], seed=1, options=None, human=True, level="player"):
        self.app = app
        self.clock = VirtualClock(0)
        app.now_ms = self.clock  # presses are stamped in the same virtual time as the host
        seats = [SeatInfo(n, None if (i == 0 and human) else level) for i, n in enumerate(names)]
        self.host = LocalHost(game, seats, seed, options or {}, clock=self.clock)
        self.session = self.host.session
        self.scene = game_scene(self.host.connect(0), game, names)
        app.push(self.scene)

    def step(self, frames=1, ms=17, draw_every=1):
        for i in range(frames):
            for event in pygame.event.get():  # a virtual gamepad's buttons arrive as events
                self.app.dispatch(event)
            self.clock.ms += ms
            self.app.update(STEP_MS)
            if draw_every and i % draw_every == 0:
                self.app.draw(0.5)

    def settle(self, frames=None):
        """Let the flights land and the buttons appear, without host time moving much."""
        self.step(frames or self.SETTLE_FRAMES, ms=1)

    def until(self, condition, limit=None, ms=40):
        for _ in range(limit or self.UNTIL_LIMIT):
            if condition():
                return
            self.step(1, ms=ms, draw_every=4)
        raise AssertionError("the table never got there")

    def post(self, *events):
        for e in events:
            pygame.event.post(e)
        for event in pygame.event.get():
            self.app.dispatch(event)
        self.step(1, ms=1)

    def key(self, k):
        self.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    def type(self, text):
        for ch in text:
            self.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))

    def drag(self, start, end):
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        for pos in (mid, end):
            self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))

    def click(self, pos):
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def pad(self, name):
        self.app.handle(Intent(name, "pad:0", self.clock.ms))
        self.step(1, ms=1)
