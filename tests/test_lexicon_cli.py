"""``python -m game word`` output and the app-layer cache glue."""
from __future__ import annotations

import io
import subprocess
import sys

from game.__main__ import main
from game.rules import lexicon


def run_word(capsys, *argv) -> tuple[int, list[list[str]]]:
    code = main(["word", *argv])
    out = capsys.readouterr().out
    return code, [line.split("\t") for line in out.splitlines()]


def test_word_prints_verdict_reason_and_tags(capsys):
    code, rows = run_word(capsys, "--game", "hardsign", "кот", "Столы", "abc", "слонъ")
    assert code == 1
    assert rows[0] == ["кот", "да", "", "муж,кто,природа,животное"]
    assert rows[1] == ["столы", "нет", "множественное число", ""]
    assert rows[2][:3] == ["abc", "нет", "только русские буквы, без латиницы, цифр и знаков"]
    assert rows[3][:2] == ["слонъ", "да"]


def test_word_three_columns_outside_hardsign_and_toggles(capsys):
    code, rows = run_word(capsys, "--game", "erudit", "москва")
    assert code == 1 and rows == [["москва", "нет", "имя собственное"]]
    code, rows = run_word(capsys, "--game", "erudit", "--allow-proper", "москва")
    assert code == 0 and rows == [["москва", "да", ""]]
    code, rows = run_word(capsys, "--game", "erudit", "--allow-slang", "комп")
    assert code == 0 and rows == [["комп", "да", ""]]


def test_word_reads_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("мостик\nложечка\n\n"))
    code, rows = run_word(capsys, "--game", "slovodel", "--stdin")
    assert rows == [["мостик", "да", ""], ["ложечка", "нет", "уменьшительная форма"]]


def test_word_list_prints_every_accepted_spelling(capsys):
    code, rows = run_word(capsys, "--game", "nowords", "--list")
    listed = [row[0] for row in rows]
    assert code == 0
    assert listed == sorted(lexicon.get("nowords").words)


def test_word_without_words_says_what_to_do(capsys):
    assert main(["word"]) == 2
    assert "Укажите слова" in capsys.readouterr().err


def test_unknown_game_is_a_russian_usage_error():
    result = subprocess.run([sys.executable, "-m", "game", "word", "--game", "chess", "кот"], capture_output=True,
                            text=True)
    assert result.returncode == 2
    assert "Ошибка в командной строке" in result.stderr


def test_progress_line_without_a_terminal():
    from game.lexicon_cache import ProgressLine

    stream = io.StringIO()
    line = ProgressLine(stream)
    for step in range(0, 11):
        line(step / 10, "Читаю словарь…")
    text = stream.getvalue().splitlines()
    assert text[0] == "Словарь:   0% — Читаю словарь…"
    assert text[-1] == "Словарь: 100% — Читаю словарь…"


def test_background_loader_finishes():
    from game.lexicon_cache import BackgroundLoader

    loader = BackgroundLoader().start()
    assert loader.done.wait(120)
    assert loader.error is None and loader.fraction == 1.0
