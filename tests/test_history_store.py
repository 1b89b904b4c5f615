"""«История»'s store (game/history.py): what it keeps of a finished game, the statistics of a name on a seeded set of
games (each number worked out by hand below), an older file migrated with its games kept, and a damaged file (garbage,
a real one cut short) set aside with a Russian message and a new history begun."""
from __future__ import annotations

import sqlite3

import pytest

from game.history import SCHEMA_VERSION, BestWord, GameStats, HistoryStore
from game.net.journal import journal_bytes
from game.net.record import BOT, HERE, LAN, PHONE, GameRecord, PlayerRecord, RuleRecord

SEVEN_ZERO = RuleRecord("seven_zero", "Семь-ноль", True, "вкл", False)
PRINTED = RuleRecord("stacking", "Стопка +2/+4", False, "выкл", True)


def player(seat, name, kind, score, winner=False, word=None, word_score=None, streak=None, level=None):
    return PlayerRecord(seat, name, kind, level if kind != BOT else (level or "player"), score, winner, word,
                        word_score, streak)


def game(key, game_id, title, *players, rules=(PRINTED,)):
    header = {"game": game_id, "seats": len(players), "seed": 5, "options": {}, "start_ms": 0}
    return GameRecord(key, game_id, title, tuple(players), tuple(rules), journal_bytes(header, []))


# Six games, oldest first (ended_at 1000…6000). Маша plays every one as a person; «Петя» is a bot in two of them.
SEEDED = [
    (1000, game("g1", "erudit", "Эрудит", player(0, "Маша", HERE, 300, True, "КОТ", 20),
                player(1, "Петя", BOT, 250, False, "ДОМ", 40, level="master"))),
    (2000, game("g2", "erudit", "Эрудит", player(0, "Маша", LAN, 200, False, "ЩУКА", 35),
                player(1, "Петя", HERE, 310, True, "ЭХО", 35))),
    (3000, game("g3", "uno", "UNO", player(0, "Маша", HERE, 500, True, streak=3), player(1, "Оля", PHONE, 120, streak=1),
                player(2, "Петя", BOT, 90, streak=2), rules=(SEVEN_ZERO, PRINTED))),
    (4000, game("g4", "uno", "UNO", player(0, "Маша", HERE, 80, streak=4), player(1, "Петя", HERE, 510, True, streak=2))),
    (5000, game("g5", "slovodel", "Словодел", player(0, "Маша", HERE, 150, False, "ЖУК, УЖ", 35),
                player(1, "Оля", LAN, 160, True))),
    (6000, game("g6", "nowords", "Нет слов", player(0, "Маша", HERE, 3, True), player(1, "Петя", HERE, 10))),
]


@pytest.fixture
def seeded(tmp_path):
    store = HistoryStore(tmp_path / "history.sqlite3")
    for ended_at, record in SEEDED:
        assert store.add(record, ended_at=ended_at) is not None
    assert store.take_notices() == []
    return store


def test_every_game_is_listed_newest_first_with_its_players_and_rules(seeded):
    games = seeded.games()
    assert [g.record.key for g in games] == ["g6", "g5", "g4", "g3", "g2", "g1"]
    uno = games[3]
    assert uno.ended_at == 3000 and uno.has_journal and uno.record.title == "UNO"
    assert uno.record.players == SEEDED[2][1].players
    assert uno.record.rules == (SEVEN_ZERO, PRINTED) and uno.record.changed_rules() == [SEVEN_ZERO]
    header, entries = seeded.journal(uno.id)
    assert header["game"] == "uno" and entries == []
    assert seeded.by_key("g3").id == uno.id and seeded.game(uno.id) == uno


def test_statistics_of_each_name_on_a_seeded_set_of_games(seeded):
    masha = seeded.stats("Маша")
    # six games, won g1, g3 and g6
    assert (masha.games, masha.wins) == (6, 3)
    # most played first, then by title (UNO, Эрудит: two each; Нет слов, Словодел: one each)
    assert masha.by_game == (GameStats("uno", "UNO", 2, 1, (500 + 80) / 2),
                             GameStats("erudit", "Эрудит", 2, 1, (300 + 200) / 2),
                             GameStats("nowords", "Нет слов", 1, 1, 3),
                             GameStats("slovodel", "Словодел", 1, 0, 150))
    # 20 (g1), 35 (g2), 35 (g5): the first 35 stays the best
    assert masha.best_word == BestWord("ЩУКА", 35, "erudit", "Эрудит", 2000)
    assert masha.uno_streak == 4  # 3 in g3, 4 in g4

    petya = seeded.stats("Петя")  # a person in g2, g4, g6; the bot «Петя» of g1 and g3 does not count
    assert (petya.games, petya.wins) == (3, 2)
    assert petya.by_game == (GameStats("uno", "UNO", 1, 1, 510), GameStats("nowords", "Нет слов", 1, 0, 10),
                             GameStats("erudit", "Эрудит", 1, 1, 310))
    assert petya.best_word == BestWord("ЭХО", 35, "erudit", "Эрудит", 2000)  # the bot's ДОМ (40) is not his
    assert petya.uno_streak == 2

    olya = seeded.stats("Оля")  # a phone in g3, over the LAN in g5 (no move of hers scored on the board)
    assert (olya.games, olya.wins, olya.best_word, olya.uno_streak) == (2, 1, None, 1)

    nobody = seeded.stats("Вася")
    assert (nobody.games, nobody.wins, nobody.by_game, nobody.best_word, nobody.uno_streak) == (0, 0, (), None, None)
    assert seeded.names() == ["Маша", "Петя", "Оля"]


def test_a_game_told_twice_is_kept_once_and_the_seats_played_here_are_marked(seeded):
    told_by_the_host = game("room-abc", "uno", "UNO", player(0, "Аня", LAN, 10), player(1, "Боря", LAN, 500, True))
    first = seeded.add(told_by_the_host, ended_at=7000)
    again = seeded.add(told_by_the_host, here=[1], ended_at=8000)  # the host's own window, Боря's
    assert first == again and seeded.count() == 7
    kept = seeded.by_key("room-abc")
    assert kept.ended_at == 7000 and [p.kind for p in kept.record.players] == [LAN, HERE]


def test_clearing_forgets_every_game_and_leaves_no_trace_in_the_file(seeded):
    assert seeded.clear()
    assert seeded.games() == [] and seeded.names() == [] and seeded.stats("Маша").games == 0
    assert "Маша".encode() not in seeded.path.read_bytes()  # compacted: the deleted rows are not left in free pages


# ---------------------------------------------------------------------------------------------- migrations
VERSION_1 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, game TEXT NOT NULL, title TEXT NOT NULL,
                    ended_at REAL NOT NULL, rules TEXT NOT NULL, journal BLOB);
CREATE TABLE players (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
                      name TEXT NOT NULL, kind TEXT NOT NULL, level TEXT, score INTEGER NOT NULL,
                      winner INTEGER NOT NULL, best_word TEXT, best_score INTEGER, uno_streak INTEGER,
                      PRIMARY KEY (game_id, seat));
INSERT INTO games VALUES (1, 'old-uno', 'uno', 'UNO', 100,
    '[{"id": "seven_zero", "label": "Семь-ноль", "value": true, "value_label": "вкл", "default": false},
      {"id": "scoring", "label": "Счёт", "value": "winner", "value_label": "Очки победителю", "default": true}]', NULL);
INSERT INTO games VALUES (2, 'old-erudit', 'erudit', 'Эрудит', 200, '[]', X'81a6686561646572');
INSERT INTO players VALUES (1, 0, 'Маша', 'here', NULL, 520, 1, NULL, NULL, 5);
INSERT INTO players VALUES (1, 1, 'Петя', 'bot', 'ace', 300, 0, NULL, NULL, 2);
INSERT INTO players VALUES (2, 0, 'Маша', 'here', NULL, 410, 1, 'КРОВАТЬ', 61, NULL);
INSERT INTO players VALUES (2, 1, 'Оля', 'lan', NULL, 390, 0, 'ЯК', 30, NULL);
PRAGMA user_version = 1;
"""


def test_a_version_1_file_is_upgraded_with_every_game_kept(tmp_path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(VERSION_1)
    store = HistoryStore(path)
    games = store.games()
    assert store.take_notices() == []
    assert [g.record.key for g in games] == ["old-erudit", "old-uno"]
    uno = games[1].record
    assert uno.rules == (RuleRecord("seven_zero", "Семь-ноль", True, "вкл", False),
                         RuleRecord("scoring", "Счёт", "winner", "Очки победителю", True))
    assert [(p.name, p.kind, p.level, p.score, p.winner, p.uno_streak) for p in uno.players] == [
        ("Маша", HERE, None, 520, True, 5), ("Петя", BOT, "ace", 300, False, 2)]
    assert not games[1].has_journal and games[0].has_journal
    masha = store.stats("Маша")
    assert (masha.games, masha.wins, masha.uno_streak) == (2, 2, 5)
    assert masha.best_word == BestWord("КРОВАТЬ", 61, "erudit", "Эрудит", 200)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
        columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert "rules" not in columns  # moved into the rules table
    assert store.add(game("new", "nowords", "Нет слов", player(0, "Маша", HERE, 2, True)), ended_at=300) is not None
    assert store.stats("Маша").games == 3


def test_a_file_of_a_newer_version_is_left_as_it_is(tmp_path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, shape_of_the_future TEXT)")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    store = HistoryStore(path)
    assert store.games() == [] and store.add(game("x", "uno", "UNO", player(0, "Маша", HERE, 1, True))) is None
    assert path.read_bytes() == before
    assert any("более новая версия" in notice for notice in store.take_notices())


# ---------------------------------------------------------------------------------------------- damage
def damaged_and_begun_again(path, old_bytes) -> HistoryStore:
    store = HistoryStore(path)
    assert store.games() == []
    notices = store.take_notices()
    aside = [p for p in path.parent.iterdir() if p.name.startswith("history.sqlite3.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == old_bytes, "the old file is kept aside as it was"
    assert notices == [f"Файл истории партий повреждён: начата новая история. Старый файл сохранён рядом как "
                       f"«{aside[0].name}»."]
    assert store.add(game("after", "uno", "UNO", player(0, "Маша", HERE, 1, True))) is not None
    assert [g.record.key for g in store.games()] == ["after"] and store.take_notices() == []
    return store


def test_a_file_of_garbage_is_set_aside_and_a_new_history_begins(tmp_path):
    path = tmp_path / "history.sqlite3"
    garbage = bytes(range(256)) * 40
    path.write_bytes(garbage)
    damaged_and_begun_again(path, garbage)


def test_a_real_history_cut_short_is_set_aside_and_a_new_history_begins(tmp_path):
    path = tmp_path / "history.sqlite3"
    store = HistoryStore(path)
    for number in range(40):  # enough games for the file to span many pages
        record = game(f"g{number}", "uno", "UNO", player(0, "Маша", HERE, number, True),
                      player(1, "Петя", BOT, 0))
        store.add(GameRecord(record.key, record.game, record.title, record.players, record.rules,
                             bytes(range(256)) * 12), ended_at=number)
    cut = path.read_bytes()[: path.stat().st_size // 2]
    path.write_bytes(cut)
    damaged_and_begun_again(path, cut)


def test_damage_found_while_keeping_a_game_costs_only_the_old_file(tmp_path):
    """The file was fine when opened and is damaged under the running game: the game that ends is kept in the new one."""
    path = tmp_path / "history.sqlite3"
    store = HistoryStore(path)
    assert store.count() == 0
    path.write_bytes(b"\x00" * 4096)
    assert store.add(game("late", "uno", "UNO", player(0, "Маша", HERE, 1, True))) is not None
    assert [g.record.key for g in store.games()] == ["late"]
    assert any("повреждён" in notice for notice in store.take_notices())
