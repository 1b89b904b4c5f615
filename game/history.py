"""«История»: every finished game this machine played, kept in SQLite (``history.sqlite3`` in the user's data
folder, game.settings.history_dir), and the statistics of each player's name drawn from it.

A game comes in as a ``GameRecord`` (game/net/record.py) from the one place each way of playing learns that it is over
(game.launch: a local table, a LAN room this machine hosts, a room this window joined). The same game told twice (the
room's host and the host's own window) is kept once: its key decides, and the seats the second teller played here are
marked so.

The file carries its schema version (``PRAGMA user_version``); an older one is migrated on opening, in one
transaction, keeping every game (``MIGRATIONS``). A file SQLite cannot read (damaged, cut short, not a database) is
moved aside as ``history.sqlite3.damaged-<date>`` and a new history begins; the player is told in Russian (the app
shows ``take_notices`` as toasts). One written by a newer version of the game is left as it is and not used.

Every call opens its own connection under one lock: the window's thread, a LAN room's thread and a joined room's
network thread all keep games here, and no file stays open between them."""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from game import rules as rules_registry
from game.net.journal import JournalEntry, JournalError, read_journal_bytes
from game.net.record import BOT, HERE, GameRecord, PlayerRecord, RuleRecord
from game.settings import history_dir

FILE_NAME = "history.sqlite3"
SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,     -- the same game on every machine that keeps it (record.room_key for a LAN room)
    game TEXT NOT NULL,           -- the game's id (uno, erudit…)
    title TEXT NOT NULL,          -- its Russian title as it was
    ended_at REAL NOT NULL,       -- when this machine kept it: seconds since 1970 by its wall clock
    journal BLOB                  -- journal.journal_bytes without the seats' keys; NULL if the host sent none
);
CREATE TABLE players (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,           -- record.KINDS: here, bot, lan, phone
    level TEXT,                   -- a bot's level
    score INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    best_word TEXT,               -- board games: the words of the player's highest-scoring move
    best_score INTEGER,
    uno_streak INTEGER,           -- UNO: the most rounds won in a row in that game
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX players_by_name ON players(name);
CREATE TABLE rules (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    rule TEXT NOT NULL,
    label TEXT NOT NULL,          -- the rule's Russian name as it was
    value TEXT NOT NULL,          -- JSON
    value_label TEXT NOT NULL,
    is_default INTEGER NOT NULL,
    PRIMARY KEY (game_id, position)
);
"""
TABLES = {"games", "players", "rules"}


def _v1_to_v2(db: sqlite3.Connection) -> None:
    """Version 1 (the history before its first release) kept a game's rules as one JSON text in ``games.rules``: each
    rule becomes a row of ``rules``, which the statistics can ask, and names get an index."""
    db.execute("""CREATE TABLE rules (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                  position INTEGER NOT NULL, rule TEXT NOT NULL, label TEXT NOT NULL, value TEXT NOT NULL,
                  value_label TEXT NOT NULL, is_default INTEGER NOT NULL, PRIMARY KEY (game_id, position))""")
    for game_id, text in db.execute("SELECT id, rules FROM games").fetchall():
        for position, rule in enumerate(json.loads(text or "[]")):
            db.execute("INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (game_id, position, rule["id"], rule["label"], json.dumps(rule["value"], ensure_ascii=False),
                        rule["value_label"], int(bool(rule["default"]))))
    # SQLite drops a column by building the table again (the way its manual gives, foreign keys off meanwhile)
    db.execute("""CREATE TABLE games_v2 (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
                  title TEXT NOT NULL, ended_at REAL NOT NULL, journal BLOB)""")
    db.execute("INSERT INTO games_v2 SELECT id, key, game, title, ended_at, journal FROM games")
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_v2 RENAME TO games")
    db.execute("CREATE INDEX players_by_name ON players(name)")


# version → the step that brings a file of that version to the next one
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _v1_to_v2}


class Damaged(Exception):
    """The file is not a history SQLite can read, or not ours."""


def is_damage(exc: BaseException) -> bool:
    return isinstance(exc, Damaged) or (
        isinstance(exc, sqlite3.DatabaseError)
        and str(getattr(exc, "sqlite_errorname", "")).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")))


# ---------------------------------------------------------------------------------------------- what comes out
@dataclass(frozen=True)
class StoredGame:
    """One kept game as the History screen lists it (its journal stays in the file: ``HistoryStore.journal``)."""

    id: int  # the entry's number in this machine's history: what «Повтор партии» asks for
    ended_at: float  # seconds since 1970, this machine's wall clock when the game was kept
    record: GameRecord  # its journal None: read it with ``HistoryStore.journal(id)``
    has_journal: bool


@dataclass(frozen=True)
class GameStats:
    game: str
    title: str
    games: int
    wins: int
    average_score: float


@dataclass(frozen=True)
class BestWord:
    word: str
    score: int
    game: str
    title: str
    ended_at: float


@dataclass(frozen=True)
class NameStats:
    """A name's statistics over the games a person played under it (a bot's seats of the same name do not count)."""

    name: str
    games: int
    wins: int
    by_game: tuple[GameStats, ...]  # most played first
    best_word: BestWord | None  # over Эрудит, Скрэббл and Словодел (the registry's word_board games)
    uno_streak: int | None  # the most UNO rounds won in a row within one game; None: no UNO played


# ---------------------------------------------------------------------------------------------- the store
class HistoryStore:
    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._lock = threading.RLock()
        self._ready = False
        self.newer = False  # the file was written by a newer version of the game: left alone
        self._notices: deque[str] = deque()
        self._said: set[str] = set()

    # ---------------------------------------------------------------- messages for the player
    def take_notices(self) -> list[str]:
        """The Russian sentences the history has for the player since the last call (shown as toasts)."""
        out = []
        while self._notices:
            out.append(self._notices.popleft())
        return out

    def _say(self, text: str) -> None:
        if text not in self._said:  # a disk that refuses every write says so once
            self._said.add(text)
            self._notices.append(text)

    # ---------------------------------------------------------------- opening
    def check(self) -> None:
        """Open an existing file now (the app does at start), so that damage is told at once, not at the next game."""
        if self.path.exists():
            self._run(lambda db: None, None, "История не открылась")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _prepare(self) -> None:
        """The file readable and at this schema version: created, migrated, or set aside and begun again."""
        if self._ready:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._open_or_migrate()
        except Exception as exc:  # noqa: BLE001 - a migration's own failure counts as damage too
            if not is_damage(exc) and not isinstance(exc, (sqlite3.IntegrityError, KeyError, TypeError, ValueError)):
                raise
            self._start_afresh()
            self._open_or_migrate()
        self._ready = True

    def _open_or_migrate(self) -> None:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)  # foreign keys off: a migration rebuilds
        try:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise Damaged("quick_check")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version > SCHEMA_VERSION:
                self.newer = True
                self._say("Историю партий вела более новая версия Игротеки: здесь она не показывается и новые "
                          "партии в неё не записываются. Обновите игру.")
                return
            if version == 0:
                if tables:
                    raise Damaged("another program's database")
                db.executescript(f"BEGIN;\n{SCHEMA}\nPRAGMA user_version = {SCHEMA_VERSION};\nCOMMIT;")
                return
            if version not in MIGRATIONS and version != SCHEMA_VERSION:
                raise Damaged(f"version {version}")
            db.execute("BEGIN IMMEDIATE")
            try:
                while version < SCHEMA_VERSION:
                    MIGRATIONS[version](db)
                    version += 1
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                missing = TABLES - {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if missing:
                    raise Damaged(f"no {sorted(missing)}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        finally:
            db.close()

    def _start_afresh(self) -> None:
        """The damaged file (and SQLite's journal beside it) kept aside under a dated name; a new one begins."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        number = 2
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{number}")
            number += 1
        os.replace(self.path, aside)
        for suffix in ("-journal", "-wal", "-shm"):
            beside = self.path.with_name(self.path.name + suffix)
            if beside.exists():
                os.replace(beside, aside.with_name(aside.name + suffix))
        self._ready = False
        self._say(f"Файл истории партий повреждён: начата новая история. Старый файл сохранён рядом как "
                  f"«{aside.name}».")

    def _run(self, work: Callable[[sqlite3.Connection], Any], fallback: Any, failure: str) -> Any:
        """``work`` on a connection of its own; a damaged file found on the way is set aside and the work done once
        more on a new one. Any other failure is told (``failure``: what did not happen) and ``fallback`` returned."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    self._prepare()
                    if self.newer:
                        return fallback
                    db = self._connect()
                    try:
                        return work(db)
                    finally:
                        db.close()
                except (sqlite3.Error, OSError, Damaged) as exc:
                    if attempt == 1 and is_damage(exc) and self.path.exists():
                        try:
                            self._start_afresh()
                            continue
                        except OSError as moved:
                            exc = moved
                    self._say(f"{failure}: {_reason(exc)}")
                    return fallback
        return fallback

    # ---------------------------------------------------------------- writing
    def add(self, record: GameRecord, here: Iterable[int] = (), ended_at: float | None = None) -> int | None:
        """Keep a finished game; ``here``: the seats this window played (they become «here»). A game already kept
        (its key) is not kept again: the seats played here are marked on it, and a journal it lacked is added.
        The entry's id, or None when it could not be written (the player is told why)."""
        record = record.played_here(here)
        when = time.time() if ended_at is None else ended_at

        def write(db: sqlite3.Connection) -> int:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT id FROM games WHERE key = ?", (record.key,)).fetchone()
                if row is not None:
                    game_id = row[0]
                    mine = [p.seat for p in record.players if p.kind == HERE]
                    db.executemany("UPDATE players SET kind = ? WHERE game_id = ? AND seat = ? AND kind != ?",
                                   [(HERE, game_id, seat, BOT) for seat in mine])
                    if record.journal is not None:
                        db.execute("UPDATE games SET journal = ? WHERE id = ? AND journal IS NULL",
                                   (record.journal, game_id))
                else:
                    game_id = db.execute("INSERT INTO games (key, game, title, ended_at, journal) VALUES (?, ?, ?, ?, ?)",
                                         (record.key, record.game, record.title, when, record.journal)).lastrowid
                    db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                   [(game_id, p.seat, p.name, p.kind, p.level, p.score, int(p.winner), p.best_word,
                                     p.best_score, p.uno_streak) for p in record.players])
                    db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?, ?)",
                                   [(game_id, i, r.id, r.label, json.dumps(r.value, ensure_ascii=False),
                                     r.value_label, int(r.default)) for i, r in enumerate(record.rules)])
                db.execute("COMMIT")
                return game_id
            except BaseException:
                db.execute("ROLLBACK")
                raise

        return self._run(write, None, "Партия не записана в историю")

    def clear(self) -> bool:
        """Forget every game (and with them every statistic); the file is compacted so nothing of them stays in it.
        False when it could not be done (the player is told why)."""
        def wipe(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            for table in ("rules", "players", "games"):
                db.execute(f"DELETE FROM {table}")
            db.execute("COMMIT")
            db.execute("VACUUM")
            return True

        return self._run(wipe, False, "История не очищена")

    # ---------------------------------------------------------------- reading
    def count(self) -> int:
        return self._run(lambda db: db.execute("SELECT COUNT(*) FROM games").fetchone()[0], 0, "История не читается")

    def games(self) -> list[StoredGame]:
        """Every kept game, the newest first."""
        return self._run(lambda db: _stored(db, "ORDER BY g.ended_at DESC, g.id DESC", ()), [],
                         "История не читается")

    def game(self, game_id: int) -> StoredGame | None:
        found = self._run(lambda db: _stored(db, "WHERE g.id = ?", (game_id,)), [], "История не читается")
        return found[0] if found else None

    def by_key(self, key: str) -> StoredGame | None:
        """The game kept under ``key`` (a local table's ``game_key``, a LAN room's ``record.room_key``)."""
        found = self._run(lambda db: _stored(db, "WHERE g.key = ?", (key,)), [], "История не читается")
        return found[0] if found else None

    def journal(self, game_id: int) -> tuple[dict, list[JournalEntry]] | None:
        """The game's journal, header and entries, for ``game.net.session.replay_session(header, entries, seats)``
        (the seats: ``[SeatInfo(p.name) for p in entry.record.players]``); None without one."""
        data = self._run(lambda db: (db.execute("SELECT journal FROM games WHERE id = ?", (game_id,)).fetchone()
                                     or (None,))[0], None, "История не читается")
        if data is None:
            return None
        try:
            header, entries, _ = read_journal_bytes(bytes(data))
        except JournalError as exc:
            self._say(f"Журнал этой партии повреждён: {exc}")
            return None
        return header, entries

    def names(self) -> list[str]:
        """The names people played under, the most games first (then in alphabetical order)."""
        rows = self._run(lambda db: db.execute("SELECT name, COUNT(*) FROM players WHERE kind != ? GROUP BY name",
                                               (BOT,)).fetchall(), [], "История не читается")
        return [name for name, _ in sorted(rows, key=lambda row: (-row[1], row[0].lower(), row[0]))]

    def stats(self, name: str) -> NameStats:
        def read(db: sqlite3.Connection) -> NameStats:
            rows = db.execute("""SELECT g.game, g.title, p.score, p.winner, p.best_word, p.best_score, p.uno_streak,
                                        g.ended_at
                                 FROM players p JOIN games g ON g.id = p.game_id
                                 WHERE p.name = ? AND p.kind != ? ORDER BY g.ended_at, g.id""", (name, BOT)).fetchall()
            return _name_stats(name, rows)

        return self._run(read, NameStats(name, 0, 0, (), None, None), "История не читается")


def _name_stats(name: str, rows: list[tuple]) -> NameStats:
    """The statistics from a name's seats, oldest game first: (game, title, score, winner, best word, its score,
    UNO streak, ended at)."""
    per_game: dict[str, list[tuple]] = {}
    for row in rows:
        per_game.setdefault(row[0], []).append(row)
    by_game = sorted((GameStats(game, played[-1][1], len(played), sum(r[3] for r in played),
                                sum(r[2] for r in played) / len(played)) for game, played in per_game.items()),
                     key=lambda s: (-s.games, s.title))
    best = None
    for game, title, _, _, word, score, _, ended_at in rows:  # oldest first: a tie keeps the word found first
        if rules_registry.word_board(game) and score is not None and (best is None or score > best.score):
            best = BestWord(word or "", score, game, title, ended_at)
    streaks = [r[6] or 0 for r in rows if r[0] == "uno"]
    return NameStats(name, len(rows), sum(r[3] for r in rows), tuple(by_game), best,
                     max(streaks) if streaks else None)


def _stored(db: sqlite3.Connection, where: str, args: tuple) -> list[StoredGame]:
    games = db.execute(f"SELECT g.id, g.key, g.game, g.title, g.ended_at, g.journal IS NOT NULL FROM games g {where}",
                       args).fetchall()
    if not games:
        return []
    ids = [row[0] for row in games]
    marks = ",".join("?" * len(ids))
    players: dict[int, list[PlayerRecord]] = {}
    for row in db.execute(f"SELECT * FROM players WHERE game_id IN ({marks}) ORDER BY game_id, seat", ids):
        players.setdefault(row[0], []).append(PlayerRecord(row[1], row[2], row[3], row[4], row[5], bool(row[6]),
                                                           row[7], row[8], row[9]))
    rules: dict[int, list[RuleRecord]] = {}
    for row in db.execute(f"SELECT * FROM rules WHERE game_id IN ({marks}) ORDER BY game_id, position", ids):
        rules.setdefault(row[0], []).append(RuleRecord(row[2], row[3], json.loads(row[4]), row[5], bool(row[6])))
    return [StoredGame(game_id, ended_at, GameRecord(key, game, title, tuple(players.get(game_id, ())),
                                                     tuple(rules.get(game_id, ())), None), bool(has_journal))
            for game_id, key, game, title, ended_at, has_journal in games]


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}."
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return "файл истории занят другой программой."
    if is_damage(exc):
        return "файл истории повреждён."
    return f"ошибка базы данных ({exc})."


# ---------------------------------------------------------------------------------------------- this machine's
_stores: dict[Path, HistoryStore] = {}
_stores_lock = threading.Lock()


def history_path() -> Path:
    return history_dir() / FILE_NAME


def store() -> HistoryStore:
    """This machine's history (one store per file: every thread that keeps a game shares its lock)."""
    path = history_path()
    with _stores_lock:
        if path not in _stores:
            _stores[path] = HistoryStore(path)
        return _stores[path]
