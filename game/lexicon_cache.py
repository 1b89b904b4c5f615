"""App-layer glue for the lexicon: where its index lives (the user cache directory, via platformdirs) and how its
one-time build is shown — a progress line on the command line, or a loader thread the loading screen polls."""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import TextIO

from game.rules import lexicon


def default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("igroteka", appauthor=False)) / "lexicon"


def configure() -> Path:
    """Point the lexicon at the user cache directory (IGROTEKA_CACHE_DIR overrides, e.g. for tests and CI)."""
    directory = Path(os.environ["IGROTEKA_CACHE_DIR"]) if os.environ.get("IGROTEKA_CACHE_DIR") else default_cache_dir()
    lexicon.set_cache_dir(directory)
    return directory


class ProgressLine:
    """Prints «Словарь: 42% — Читаю словарь…» on one line of a terminal (or plain lines when not a terminal)."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self._last_percent = -1
        self._used = False

    def __call__(self, fraction: float, message: str) -> None:
        percent = int(fraction * 100)
        if percent == self._last_percent and fraction < 1.0:
            return
        self._last_percent = percent
        self._used = True
        text = f"Словарь: {percent:3d}% — {message}"
        if self.stream.isatty():
            self.stream.write("\r" + text.ljust(70))
            if fraction >= 1.0:
                self.stream.write("\n")
        elif percent % 10 == 0 or fraction >= 1.0:
            self.stream.write(text + "\n")
        self.stream.flush()


def prepare_on_command_line(stream: TextIO | None = None) -> None:
    """Load the lexicon, building it first (once per dictionary version) with a progress line."""
    configure()
    if not lexicon.is_ready():
        (stream or sys.stderr).write("Первый запуск: строю словарь из pymorphy3 (10–15 секунд, один раз).\n")
    lexicon.prepare(ProgressLine(stream))


class BackgroundLoader:
    """Loads (or builds) the lexicon on a worker thread; the loading screen reads fraction/message each frame."""

    def __init__(self):
        configure()
        self.fraction = 1.0 if lexicon.is_ready() else 0.0
        self.message = "Загружаю словарь…"
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lexicon-loader", daemon=True)

    def start(self) -> "BackgroundLoader":
        self._thread.start()
        return self

    def _progress(self, fraction: float, message: str) -> None:
        self.fraction, self.message = fraction, message

    def _run(self) -> None:
        try:
            lexicon.prepare(self._progress)
            self.fraction, self.message = 1.0, "Словарь готов."
        except BaseException as error:  # shown on the loading screen instead of dying silently in a thread
            self.error = error
            self.message = f"Не удалось построить словарь: {error}"
        finally:
            self.done.set()
