"""``python -m game replay ЖУРНАЛ``: a room's journal file opens in the replay; ``--png`` saves, without a window, a
board game's final board with its score sheet and the master's analysis, and says in Russian why it cannot."""
from __future__ import annotations

import pygame
import pytest

from board_words import COMMON, WORDS
from game.__main__ import main
from game.net.journal import Journal
from game.net.session import SeatInfo, Session
from game.rules.board import words as wordsrc


@pytest.fixture
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def room_journal(path, game_id: str, finish: bool = True) -> None:
    """A journal written as a room writes it, its lobby naming the seats."""
    journal = Journal(path)
    lobby = [{"name": "Аня", "bot": "novice"}, {"name": "Боря", "bot": "novice"}]
    session = Session(game_id, [SeatInfo("Аня", "novice"), SeatInfo("Боря", "novice")], 5, {}, start_ms=0,
                      journal=journal, journal_extra={"lobby": lobby})
    if finish:
        assert session.run_bots_to_end()
    else:
        for _ in range(3):
            session.advance(session.next_due())
    journal.close()


def test_the_final_board_of_a_room_is_saved_as_a_page(tmp_path, monkeypatch, capsys, small_dictionary):
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    room_journal(tmp_path / "room.journal", "erudit")
    out = tmp_path / "page.png"
    assert main(["replay", str(tmp_path / "room.journal"), "--png", str(out)]) == 0
    assert "сохранена" in capsys.readouterr().out
    pygame.init()
    page = pygame.image.load(str(out))
    assert page.get_width() == 1280 and page.get_height() >= 720


@pytest.mark.parametrize("game_id, finish, said", [
    ("uno", True, "только у игр на доске"),
    ("erudit", False, "Партия не окончена"),
])
def test_what_cannot_be_a_page_is_said(tmp_path, monkeypatch, capsys, small_dictionary, game_id, finish, said):
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    room_journal(tmp_path / "room.journal", game_id, finish)
    assert main(["replay", str(tmp_path / "room.journal"), "--png", str(tmp_path / "x.png")]) == 2
    assert said in capsys.readouterr().out and not (tmp_path / "x.png").exists()


def test_a_damaged_journal_is_said(tmp_path, capsys):
    broken = tmp_path / "broken.journal"
    broken.write_bytes(b"\xc1 not a journal")
    assert main(["replay", str(broken)]) == 2
    assert "Это не журнал игры" in capsys.readouterr().out
