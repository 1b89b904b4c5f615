"""What the side column of the board-game table shows a player: each plate's name and its tiles line read apart and
inside the plate, with «Крупный текст» too. The table is a local game with bots, seen through the layout check's
trace of the drawn frame (its lines and their ink)."""
from __future__ import annotations

import json

import pytest

import layout_check
from board_words import COMMON, WORDS
from game.rules.board import words as wordsrc
from game.scenes.board.layout import plate_rect
from table_driver import LocalTable
from window_support import screen_app

# names that reach below the line (Д, у, р) and above the capitals (Ф, Й) sit closest to the tiles line under them
NAMES = ["Вы", "Дуся", "Фёдор", "Йорик"]


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_each_plate_shows_its_name_over_its_tiles_line_apart_and_inside(tmp_path, monkeypatch, large):
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "erudit", NAMES, seed=2)
        table.settle(60)
        layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden]
        for seat, name in enumerate(NAMES):
            plate = plate_rect(seat)
            inside = plate.inflate(-6, -6)  # off the plate's border (3 px when it is lit)
            name_line = next(line for line in lines if line.words == name and plate.colliderect(line.ink))
            tiles_line = next(line for line in lines if line.words.startswith("фишек") and plate.colliderect(line.ink))
            assert inside.contains(name_line.ink) and inside.contains(tiles_line.ink), (name, plate, name_line.ink,
                                                                                       tiles_line.ink)
            assert name_line.ink.bottom < tiles_line.ink.top, (name, name_line.ink, tiles_line.ink)
