"""«Скрэббл Бинго» in the real window, played through by a person: from the main menu to the table by keys and
clicks («Набор: Быстрая» in the house rules), two seven-letter words of their own typed on the sheet, then every called letter of them crossed out — by
typing the letter and by clicking its tile in turn — with one «Скрэббл Бинго!» called too early on the way (the host
refuses it and the next calls pass the caller by), and F2 once the sheet is full: the person wins. Screenshots taken
from outside the process are checked against what the table says it drew (tests/real_window_support.py). A failure
names the screenshot it was decided on.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from real_window_support import Failure, Probe, check_items_shown, missing_tools

needs_x = pytest.mark.skipif(bool(missing_tools()), reason=f"нет программ: {', '.join(missing_tools())}")

GAME_TIMEOUT = 600.0  # a letter every few seconds, and a sheet of fourteen letters may wait for most of the bag
# The window deals as ``play --seed 7``: these words' letters all come within the first thirty calls of that bag
# even when the two calls the early «Бинго!» costs fall anywhere in the first ten (the bag's order comes from the
# seed alone); the bot's suggested pair, drawn from the common words, waits for sixty or more
MY_WORDS = ("колосок", "блендер")


def crossed(p: Probe) -> int:
    return sum(p.view.get("crossed") or [])


def my_letters(p: Probe) -> str:
    return "".join(p.view.get("words") or [])


@needs_x
def test_bingo_played_through_in_the_real_window(window):
    # «Быстрая»: a letter every 3 s instead of 4, the game's wait is mostly the caller's
    table = window.open_table("Скрэббл Бинго", players=2, bots="новичок", preset="Быстрая")
    assert table.table["scene"] == "BingoScene"
    assert table.view["call_ms"] == 3000, f"«Набор: Быстрая» не дошёл до стола: {table.view.get('call_ms')}"
    p = window.wait(lambda q: q.view.get("phase") == "words" and "choose_words" in q.kinds(), "лист для слов", 60)
    first, second = MY_WORDS
    window.type(first + second)
    typed, shot = window.settled_shot("bingo-typed", lambda q: q.table.get("typed") == first + second)
    shown = check_items_shown(typed, shot, ("typed",))
    assert len(shown) == 14, f"на листе не все 14 напечатанных букв (снимок {shot}): {shown}"
    window.press("Return")
    p = window.wait(lambda q: q.view.get("phase") in ("calling", "over") and q.view.get("words"), "слова записаны", 60)
    assert p.view["words"] == [first, second], f"записаны не те слова: {p.view['words']} (снимок {shot})"

    by_key = by_click = 0
    shots: list[Path] = []
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        if time.monotonic() > deadline:
            raise Failure(f"за {GAME_TIMEOUT:.0f} с партия не кончилась; зачёркнуто {crossed(p)}; снимки: {shots[-2:]}")
        p = window.wait(lambda q: q.view.get("phase") == "over" or (q.view.get("phase") == "calling" and not q.busy and (
            q.view.get("crossable") or all(q.view["crossed"]))), "буква, которую можно зачеркнуть",
            max(1.0, deadline - time.monotonic()))
        if p.view["phase"] == "over":
            break
        if all(p.view["crossed"]):
            window.press("F2")
            p = window.wait(lambda q: q.view.get("phase") == "over", "«Скрэббл Бинго!» принято", 30)
            break
        me = p.table["seat"]
        if by_key + by_click == 1 and not p.view["false_calls"][me]:
            window.press("F2")  # too early: the sheet is not full
            p = window.wait(lambda q: q.view["false_calls"][me] == 1 or q.view.get("phase") == "over",
                            "ложное «Бинго!» засчитано", 30)
            assert p.view["phase"] == "over" or p.view["deaf_left"][me] > 0, (
                f"ложное «Бинго!» ничего не стоило: {p.summary()}")
            continue
        before = crossed(p)
        cell = p.view["crossable"][0]
        if (by_key + by_click) % 2 == 0:
            window.type(my_letters(p)[cell])
            by_key += 1
        else:
            window.click_rect(p, p.target("cell", str(cell))["rect"])
            window.park_pointer()
            by_click += 1
        p = window.wait(lambda q: crossed(q) > before or q.view.get("phase") == "over", "буква зачёркнута", 30)
        if by_key + by_click == 4:
            probe, shot = window.settled_shot("bingo-crossing", lambda q: q.view.get("phase") == "calling")
            shots.append(shot)
            left = check_items_shown(probe, shot, ("sheet",))
            assert len(left) == 14 - crossed(probe), f"незачёркнутые буквы не все видны (снимок {shot}): {left}"

    result, shot = window.settled_shot("bingo-over", lambda q: q.view.get("phase") == "over")
    assert by_key >= 2 and by_click >= 2, f"зачёркнуто с клавиатуры {by_key}, щелчком {by_click} (снимок {shot})"
    assert all(result.view["crossed"]), (
        f"человек не зачеркнул всё (снимок {shot}): {result.summary()}; если раздача --seed 7 изменилась, "
        "подберите MY_WORDS, чьи буквы выходят раньше слов бота")
    assert result.view["winners"] == [result.table["seat"]], (
        f"лист полон и «Бинго!» нажато, но победители {result.view['winners']} (снимок {shot})")
    assert result.view["false_calls"][result.table["seat"]] == 1
