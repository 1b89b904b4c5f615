"""«Проверка слова» keeps its answer inside its box, in large text too, and readable: a long word, a long
explanation wrapped at words, red lines at 4.5:1. The word is typed and sent with Enter as posted events; the lines
come from the layout check's trace of the drawn frame."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game.app import STEP_MS
from game.scenes.wordcheck import ANSWER_BOX
from table_driver import press_key, type_text
from window_support import screen_app, shown_lines


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
@pytest.mark.parametrize("typed, said", [("12ab", "Латинские буквы не подойдут: переключите раскладку на русскую."),
                                         ("высокопревосходительство", "ВЫСОКОПРЕВОСХОДИТЕЛЬСТВО")])
def test_the_answer_stays_in_its_box_and_reads(tmp_path, monkeypatch, large, typed, said):
    from game.cli.screenshot import make_scene

    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        app.push(make_scene("wordcheck", 7, 2))  # its dictionary for Твёрдый знак is ready
        app.update(STEP_MS)
        type_text(app, typed)
        press_key(app, pygame.K_RETURN)
        for _ in range(5):
            app.update(STEP_MS)
        found = layout_check.draw_looked_at(app)
        answer = [line for line in layout_check._lines_of(app.canvas)
                  if not line.hidden and ANSWER_BOX.colliderect(line.ink)]
        assert said in " ".join(line.words for line in answer), [line.words for line in answer]
        assert [f.detail for f in found if any(f"«{line.words}»" in f.key for line in answer)] == []


def test_a_word_for_the_hard_sign_names_its_bonus_cards_as_printed(tmp_path, monkeypatch):
    """«щука» for Твёрдый знак takes «Женский род», «Кто?», «Природа», «Рыба»: the cards' own titles, in the
    catalogue's order (it said «жен, кто, природа, рыба», the dictionary's tags). Until a word is begun the footer
    says how to move about the screen, not how to finish a word."""
    from game.cli.screenshot import make_scene

    with screen_app(tmp_path, monkeypatch) as app:
        app.push(make_scene("wordcheck", 7, 2))  # «щука» checked for Твёрдый знак
        for _ in range(3):
            app.update(STEP_MS)
        shown = " ".join(shown_lines(app))
        assert "бонусные карты: «Женский род», «Кто?», «Природа», «Рыба»" in shown, shown
        assert "Enter — готово" not in shown
        type_text(app, "лещ")
        press_key(app, pygame.K_RETURN)
        for _ in range(3):
            app.update(STEP_MS)
        shown = " ".join(shown_lines(app))
        assert "бонусные карты: «Мужской род», «Кто?», «Природа», «Рыба»" in shown, shown
