"""One word judge: for every word, the Твёрдый знак table (a real state through ``rules.apply``), its bot's search,
«Проверка слова» (typed into the real app) and ``python -m game word`` give the same verdict, on the real lexicon."""
from __future__ import annotations

import contextlib
import io
import threading

import pygame
import pytest

from game.__main__ import main
from game.app import STEP_MS
from game.bots.hardsign import HardSignBot
from game.rules.base import Rejected, Rng
from game.rules.hardsign import RULES
from game.rules.hardsign import words as W
from game.rules.hardsign.actions import Submit
from hardsign_support import arrange, ids

# (word, verdict the rules text gives it)
WORDS = [
    ("гвоздъ", True),    # the Ъ card's own example: ъ in place of the final ь
    ("мышъ", True), ("ночъ", True), ("дверъ", True),
    ("слонъ", True), ("ёжъ", True), ("столъ", True),  # ъ after a final consonant
    ("подъезд", True), ("съезд", True),  # Ъ inside, as the dictionary spells it
    ("кот", True), ("щука", True), ("дверь", True),
    ("водаъ", False),    # no ъ after a vowel
    ("гвоздьъ", False),  # nor after ь
    ("кошкъ", False),    # neither «кошк» nor «кошкь» is a noun
    ("сътол", False),    # Ъ inside a word the dictionary does not know
    ("столы", False), ("бежать", False), ("москва", False), ("ъв", False),
]
TEXT = [word for word, _ in WORDS]


@pytest.fixture(autouse=True)
def real_dictionary():
    W.use_words(None)


def cards_of(word: str) -> str:
    """The letter cards spelling the word, one plain card a letter (the big Ъ card for ъ)."""
    return word.upper()


def laid_position(word: str, bonuses: tuple = ()):
    """A two-player deal: the word's first three cards in seat 0's hand, the rest on the table."""
    faces = cards_of(word)
    hand, table = faces[:3], faces[3:]
    state = arrange(RULES.new_game({}, 2, 1), [hand.ljust(3, "А"), "ИИИ"], table or "ИИИ", bonuses=bonuses)
    return state, ids(state, 0, faces)


def table_verdict(word: str) -> bool:
    state, row = laid_position(word)
    try:
        events = RULES.apply(state, 0, Submit(row, word), 1000)
    except Rejected as refusal:
        assert "не подходит" in refusal.reason, refusal.reason  # the word was judged, not the cards
        return False
    assert "word_laid" in [e.kind for e in events]
    return True


def bot_verdict(word: str) -> bool:
    state, _ = laid_position(word)
    bot = HardSignBot("ace", 0, Rng(1))
    return any(option.submit.word == word for option in bot.options(RULES.view(state, 0)))


@pytest.fixture(scope="module")
def cli_verdicts() -> dict[str, bool]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["word", "--game", "hardsign", *TEXT])
    rows = [line.split("\t") for line in out.getvalue().splitlines()]
    return {row[0]: row[1] == "да" for row in rows}


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


@pytest.fixture(scope="module")
def wordcheck_verdicts(tmp_path_factory) -> dict[str, bool]:
    """Each word typed into «Проверка слова» for Твёрдый знак, through the app's event route."""
    from game.app import App
    from game.scenes.wordcheck import WordCheckScene

    verdicts = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
        app = App(headless=True)
        try:
            for word in TEXT:
                scene = WordCheckScene()
                app.push(scene)
                app.frame(STEP_MS, 0.0)
                scene.group.focus = scene.group.widgets.index(scene.game)
                post_key(pygame.K_LEFT)  # from Эрудит back round to Твёрдый знак, the last game
                app.frame(STEP_MS, 0.0)
                scene.group.focus = scene.group.widgets.index(scene.field)
                post_key(pygame.K_RETURN)
                app.frame(STEP_MS, 0.0)
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=word))
                post_key(pygame.K_RETURN)
                app.frame(STEP_MS, 0.0)
                for _ in range(1200):
                    if scene.verdict is not None or scene.loader.error:
                        break
                    for thread in threading.enumerate():
                        if thread.daemon and thread is not threading.current_thread():
                            thread.join(timeout=0.05)
                    app.frame(STEP_MS, 0.0)
                assert scene.game.value == "hardsign" and scene.loader.error is None
                assert scene.verdict is not None and scene.verdict[0] == word, scene.verdict
                verdicts[word] = scene.verdict[1]
                app.pop()
        finally:
            app.shutdown()
    return verdicts


@pytest.mark.parametrize("word, legal", WORDS)
def test_table_bot_wordcheck_and_cli_agree_with_the_rules_text(word, legal, cli_verdicts, wordcheck_verdicts):
    assert {"стол": table_verdict(word), "бот": bot_verdict(word), "Проверка слова": wordcheck_verdicts[word],
            "word": cli_verdicts[word]} == dict.fromkeys(("стол", "бот", "Проверка слова", "word"), legal)


def test_a_final_hard_sign_scores_with_the_bonus_cards_of_the_noun_under_it():
    state, row = laid_position("гвоздъ", bonuses=("муж", "что", "жидкое"))
    RULES.apply(state, 0, Submit(row, "гвоздъ"), 1000)
    score = RULES.view(state, 0)["my_word"]["score"]
    assert score["word"] == "гвоздъ" and not score["instant"]  # a final ъ scores but never wins at once
    assert [bonus["tag"] for bonus in score["bonuses"]] == ["муж", "что"]  # гвоздь: masculine, «что?»
