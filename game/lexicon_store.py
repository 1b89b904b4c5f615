"""Where the lexicon's index lives and how it gets there — the app side of game/rules/lexicon, which only answers
queries about words. The index (~67k nouns plus every word form for Скрэббл) is built once per dictionary version from
pymorphy3 (game/lexicon_build.py) into the user cache directory (IGROTEKA_CACHE_DIR overrides it, e.g. for tests and
CI), read from there in a fraction of a second, and handed to the rules.

``install`` tells the rules how to load the index the first time one is needed; each process of the game calls it once
where it is put together (``game.__main__`` for every command, the replay analysis's worker processes, the tools and
the tests), so no import has that side effect. ``prepare`` loads it ahead (with a progress line on the command line, or on a loader thread that the
loading screen polls), so that no table waits for a build in the middle of a game.
"""
from __future__ import annotations

import os
import sys
import threading
from functools import cached_property
from pathlib import Path
from typing import Callable, TextIO

from game.rules import lexicon

Progress = Callable[[float, str], None]  # (fraction done, Russian message)
_directory: Path | None = None


def default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("igroteka", appauthor=False)) / "lexicon"


def cache_dir() -> Path:
    """The directory chosen with ``configure``, else $IGROTEKA_CACHE_DIR, else the user cache directory."""
    if _directory is not None:
        return _directory
    if os.environ.get("IGROTEKA_CACHE_DIR"):
        return Path(os.environ["IGROTEKA_CACHE_DIR"])
    return default_cache_dir()


def configure(directory: str | os.PathLike | None = None) -> Path:
    """Keep the index in ``directory`` (None: the default place); an index already loaded from elsewhere is dropped."""
    global _directory
    _directory = Path(directory) if directory is not None else None
    if directory is not None:
        lexicon.install(None)
    return cache_dir()


def index_paths(directory: Path | None = None, key: str | None = None) -> tuple[Path, Path, Path]:
    from game import lexicon_build as build

    directory = directory or cache_dir()
    key = key or build.cache_key()
    return build.nouns_path(directory, key), build.toggled_path(directory, key), build.forms_path(directory, key)


def is_ready() -> bool:
    """True when the index is loaded, or built and only waiting to be read (no long build ahead)."""
    return lexicon.is_loaded() or all(path.exists() for path in index_paths())


def prepare(progress: Progress | None = None) -> None:
    """Build the index if this dictionary version has none yet, then load it and hand it to the rules;
    ``progress(fraction, message_ru)`` is called during a build. Call it from one loader thread and let the others
    wait for it (``BackgroundLoader``): two concurrent first calls would both build — harmless (each file is replaced
    whole) but twice the work."""
    if not lexicon.is_loaded():
        lexicon.install(load(progress))


def load(progress: Progress | None = None) -> "StoredIndex":
    from game import lexicon_build as build

    directory = cache_dir()
    key = build.cache_key()
    paths = index_paths(directory, key)
    if not all(path.exists() for path in paths):
        paths = build.build(directory, progress=progress, key=key)
    return StoredIndex(*paths)


def _marked_diminutives() -> frozenset[str]:
    """The supplement's words marked «уменьш» (tools/build_lebedev_supplement.py): Словодел refuses them too."""
    from game.lexicon_build import people_supplement_entries

    return frozenset(word for word, _gender, _animacy, _forms, marks in people_supplement_entries() if "уменьш" in marks)


def _plain_list(name: str) -> frozenset[str]:
    from game.rules.lexicon.data import read_list

    return frozenset(word.replace("ё", "е") for word in read_list(name))


class StoredIndex:
    """The index as the rules read it (``game.rules.lexicon.Index``): noun flags read at once, the flags of words that
    need a toggle and the forms DAWG read on first use, and the reviewed word lists shipped with the game."""

    def __init__(self, nouns_file: Path, toggled_file: Path, forms_file: Path):
        from game.rules.lexicon.data import blocklist, read_list

        self.nouns: dict[str, int] = _read_flags(nouns_file)
        self.toggled_file, self.forms_file = toggled_file, forms_file
        self._toggled: dict[str, int] | None = None
        self._forms = None
        self.blocklist = blocklist()
        self.pluralia = frozenset(read_list("pluralia_tantum.txt"))
        self.slovodel_plurals = frozenset(read_list("slovodel_plurals.txt"))
        self.diminutives = frozenset(read_list("diminutives.txt")) | _marked_diminutives()
        self.common_ranked = read_list("common.txt")
        self._known_ranked: list[str] | None = None

    @cached_property
    def not_words(self) -> frozenset[str]:
        """Read when a word is first refused (only the refusal's reason needs it), not at load."""
        return _plain_list("not_words.txt")

    @cached_property
    def rare_doublets(self) -> frozenset[str]:
        return _plain_list("rare_doublets.txt")

    @property
    def known_ranked(self) -> list[str]:
        if self._known_ranked is None:
            from game.rules.lexicon.data import read_list

            self._known_ranked = read_list("known.txt")
        return self._known_ranked

    @property
    def toggled(self) -> dict[str, int]:
        if self._toggled is None:
            self._toggled = _read_flags(self.toggled_file)
        return self._toggled

    def noun_bits(self, word: str) -> int:
        bits = self.nouns.get(word)
        return bits if bits is not None else self.toggled.get(word, 0)

    @property
    def forms(self):
        if self._forms is None:
            import dawg

            forms = dawg.IntCompletionDAWG()
            forms.load(str(self.forms_file))
            self._forms = forms
        return self._forms


def _read_flags(path: Path) -> dict[str, int]:
    text = path.read_text(encoding="utf-8")
    if not text:
        return {}
    fields = text.replace("\n", "\t").split("\t")
    return dict(zip(fields[0::2], map(int, fields[1:-1:2])))


def install() -> None:
    """The rules load the index from this store the first time a word is asked about (called again, nothing changes)."""
    lexicon.use_loader(load)


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
    if not is_ready():
        (stream or sys.stderr).write("Первый запуск: строю словарь из pymorphy3 (10–15 секунд, один раз).\n")
    prepare(ProgressLine(stream))


class BackgroundLoader:
    """Loads (or builds) the lexicon on a worker thread; the loading screen reads fraction/message each frame."""

    def __init__(self):
        self.fraction = 1.0 if is_ready() else 0.0
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
            prepare(self._progress)
            self.fraction, self.message = 1.0, "Словарь готов."
        except BaseException as error:  # shown on the loading screen instead of dying silently in a thread
            self.error = error
            self.message = f"Не удалось построить словарь: {error}"
        finally:
            self.done.set()
