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
    assert rows[0] == ["кот", "да", "", "муж,кто,природа,животное", "словарь OpenCorpora"]
    assert rows[1] == ["столы", "нет", "множественное число", "", "словарь OpenCorpora"]
    assert rows[2][:3] == ["abc", "нет", "только русские буквы, без латиницы, цифр и знаков"]
    assert rows[3][:2] == ["слонъ", "да"]


def test_word_three_columns_outside_hardsign_and_toggles(capsys):
    code, rows = run_word(capsys, "--game", "erudit", "москва")
    assert code == 1 and rows == [["москва", "нет", "имя собственное", "словарь OpenCorpora, имя собственное"]]
    code, rows = run_word(capsys, "--game", "erudit", "--allow-proper", "москва")
    assert code == 0 and rows == [["москва", "да", "", "словарь OpenCorpora"]]
    code, rows = run_word(capsys, "--game", "erudit", "--allow-slang", "комп")
    assert code == 0 and rows == [["комп", "да", "", "словарь OpenCorpora"]]


def test_word_reads_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("мостик\nложечка\n\n"))
    code, rows = run_word(capsys, "--game", "slovodel", "--stdin")
    assert [row[:3] for row in rows] == [["мостик", "да", ""], ["ложечка", "нет", "уменьшительная форма"]]


def test_word_shows_where_each_verdict_comes_from(capsys):
    code, rows = run_word(capsys, "--game", "hardsign", "кот", "капучино", "мент", "батя", "адидас", "сука", "деньги",
                          "окуриванье", "га", "б", "ментами")
    assert {row[0]: row[-1] for row in rows} == {
        "кот": "словарь OpenCorpora",
        "капучино": "дополнение к словарю (supplement.txt)",
        "мент": "проверенный список: жаргон (slang.txt)",
        "батя": "проверенный список: просторечия (colloquial.txt)",
        "адидас": "проверенный список: имена и марки (not_common_nouns.txt)",
        "сука": "проверенный список: недопустимые слова (blocklist.txt)",
        "деньги": "проверенный список: только множественное число (pluralia_tantum.txt)",
        "окуриванье": "проверенный список: редкие слова на «-нье» (rare_doublets.txt)",
        "га": "проверенный список: не слова (not_words.txt)",
        "б": "правила игры",
        "ментами": "словарь OpenCorpora",  # refused for its case, which the slang list does not decide
    }
    code, rows = run_word(capsys, "--game", "slovodel", "кошечка", "права")
    assert [row[-1] for row in rows] == ["проверенный список: уменьшительные формы (diminutives.txt)",
                                         "проверенный список: множественное со своим значением (slovodel_plurals.txt)"]
    code, rows = run_word(capsys, "--game", "erudit", "--allow-slang", "мент")
    assert rows == [["мент", "да", "", "проверенный список: жаргон (slang.txt)"]]


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
    from game.lexicon_store import ProgressLine

    stream = io.StringIO()
    line = ProgressLine(stream)
    for step in range(0, 11):
        line(step / 10, "Читаю словарь…")
    text = stream.getvalue().splitlines()
    assert text[0] == "Словарь:   0% — Читаю словарь…"
    assert text[-1] == "Словарь: 100% — Читаю словарь…"


def test_background_loader_finishes():
    from game.lexicon_store import BackgroundLoader

    loader = BackgroundLoader().start()
    assert loader.done.wait(120)
    assert loader.error is None and loader.fraction == 1.0
