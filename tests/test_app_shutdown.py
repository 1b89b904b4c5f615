"""Closing the game while a sound still plays.

pygame-ce 2.5's mixer quit takes SDL's audio lock while holding the GIL; a sound that ends in that moment calls back
into Python from the audio thread and waits for the GIL with the lock held. A whole test run once hung there for
good. The app therefore halts every sound before pygame quits, so no sound can end during the quit.
"""
from __future__ import annotations

import pygame


def test_no_sound_is_playing_when_pygame_quits(app, monkeypatch):
    assert app.audio is not None and app.audio.enabled, app.audio and app.audio.problem
    assert app.audio.play("win")  # the longest effect: still playing when the window closes at once
    assert pygame.mixer.get_busy()
    seen = []
    quit_pygame = pygame.quit

    def watched_quit():
        seen.append(pygame.mixer.get_init() is not None and pygame.mixer.get_busy())
        quit_pygame()

    monkeypatch.setattr(pygame, "quit", watched_quit)
    app.shutdown()
    assert seen == [False]
