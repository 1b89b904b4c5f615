"""«Проверка слова»: type a word, choose the game, see the verdict, the reason and, for
Твёрдый знак, the bonus-card tags. The dictionary loads in the background (the first start
builds it, which takes a few seconds) while the screen already works."""
from __future__ import annotations

import re
import threading

import pygame

from game import assets
from game.rules.hardsign import bonus_titles
from game.scenes.base import (ACCENT, DANGER_TEXT, INK, INK_DIM, WIDTH, Choice, MenuScene, Toggle, fitted_text, panel,
                              wrapped)
from game.scenes.textfield import TextField

GAMES = [("erudit", "Эрудит"), ("scrabble", "Скрэббл"), ("slovodel", "Словодел"), ("nowords", "Нет слов"),
         ("hardsign", "Твёрдый знак")]
CYRILLIC = re.compile(r"^[а-яё]+$")
OK_COLOR = (110, 200, 120)
ANSWER_BOX = pygame.Rect(WIDTH // 2 - 300, 350, 600, 230)


def input_problem(text: str) -> str | None:
    """A Russian sentence about input that is not a word at all, before asking the dictionary."""
    word = text.strip().lower()
    if not word:
        return "Введите слово — поле пустое."
    if re.search(r"[a-z]", word):
        return "Латинские буквы не подойдут: переключите раскладку на русскую."
    if re.search(r"\d", word):
        return "Цифры не подойдут: в слове должны быть только русские буквы."
    if not CYRILLIC.match(word):
        return "Только русские буквы, без пробелов, дефисов и знаков."
    return None


class LexiconLoader:
    """Loads lexicons off the main thread so the screen never freezes."""

    def __init__(self) -> None:
        self.ready: dict[tuple, object] = {}
        self.error: str | None = None
        self.loading: tuple | None = None
        self._lock = threading.Lock()

    def request(self, key: tuple) -> object | None:
        with self._lock:
            if key in self.ready:
                return self.ready[key]
            if self.loading is None:
                self.loading = key
                threading.Thread(target=self._load, args=(key,), daemon=True).start()
        return None

    def _load(self, key: tuple) -> None:
        from game.rules import lexicon

        game, allow_proper, allow_slang = key
        try:
            lex = lexicon.judge(game, {"allow_proper": allow_proper, "allow_slang": allow_slang})  # the tables' judge
        except Exception as exc:  # noqa: BLE001 - shown to the player instead of crashing the screen
            with self._lock:
                self.error = f"Словарь не загрузился: {exc}"
                self.loading = None
            return
        with self._lock:
            self.ready[key] = lex
            self.loading = None


class WordCheckScene(MenuScene):
    title = "Проверка слова"
    subtitle = "Можно ли так сыграть? Словарь скажет и объяснит почему"

    def __init__(self) -> None:
        super().__init__()
        self.loader = LexiconLoader()
        self.verdict: tuple[str, bool, str, list[str]] | None = None
        self.message = ""
        self.pending = ""

    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        x, w = WIDTH // 2 - 300, 600
        self.field = g.add(TextField(pygame.Rect(x, 130, w, 64), "Слово", max_len=30, placeholder=self.bound_hint("нажмите {key_confirm}"),
                                     on_submit=self.check, size=28, fresh=True))
        self.game = g.add(Choice(pygame.Rect(x, 210, w, 56), "Игра", options=GAMES, on_change=lambda _: self.recheck()))
        self.proper = g.add(Toggle(pygame.Rect(x, 276, 290, 50), "Имена", value=False, size=20,
                                   note="собственные", on_change=lambda _: self.recheck()))
        self.slang = g.add(Toggle(pygame.Rect(x + 310, 276, 290, 50), "Жаргон", value=False, size=20,
                                  on_change=lambda _: self.recheck()))

    def key(self) -> tuple:
        return (self.game.value, self.proper.value, self.slang.value)

    def recheck(self) -> None:
        if self.field.text.strip():
            self.check(self.field.text)

    def check(self, text: str) -> None:
        self.verdict = None
        problem = input_problem(text)
        if problem:
            self.message = problem
            self.app.play_sound("invalid")
            return
        self.message = ""
        self.pending = text.strip().lower()
        self.resolve()

    def resolve(self) -> None:
        if not self.pending:
            return
        lex = self.loader.request(self.key())
        if lex is None:
            return
        from game.rules import lexicon

        verdict = lex.check(self.pending)
        tags = bonus_titles(lexicon.tags(verdict.word)) if self.game.value == "hardsign" and verdict.ok else []
        self.verdict = (verdict.word, verdict.ok, verdict.reason, tags)
        self.app.play_sound("score_tick" if verdict.ok else "invalid")
        self.pending = ""

    takes_text = True  # a screen for typing words: letters start a word right away, no Enter first

    def handle(self, intent) -> None:
        if not self.field.editing:
            if intent.name == "text":
                self.start_typing(fresh=True)
            elif intent.name == "back" and intent.extra.get("key") == pygame.K_BACKSPACE:
                self.start_typing(fresh=False)  # Backspace edits the last word; Esc still leaves
        if self.field.feed(intent):
            return
        super().handle(intent)

    def start_typing(self, fresh: bool) -> None:
        self.group.focus = self.group.widgets.index(self.field)
        last = self.field.text
        self.field.activate()
        if not fresh:
            self.field.text = last

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.field.tick(dt_ms)
        if self.pending:
            self.resolve()

    def draw(self, surface, alpha) -> None:
        super().draw(surface, alpha)
        box = ANSWER_BOX
        surface.blit(panel(box.size, (14, 32, 28), (60, 96, 84), 2, 16), box)
        if self.loader.error:
            lines = [(self.loader.error, DANGER_TEXT, 20)]
        elif self.message:
            lines = [(self.message, DANGER_TEXT, 22)]
        elif self.pending:
            lines = [("Готовим словарь… (первый раз — несколько секунд)", INK_DIM, 20)]
        elif self.verdict is not None:
            word, ok, reason, tags = self.verdict
            lines = [(word.upper(), INK, 40), ("можно" if ok else "нельзя", OK_COLOR if ok else DANGER_TEXT, 34)]
            if reason:
                lines.append((reason, INK_DIM, 22))
            if tags:
                lines.append(("бонусные карты: " + ", ".join(f"«{title}»" for title in tags), ACCENT, 18))
        else:
            lines = [("Напишите слово и нажмите Enter", INK_DIM, 22)]
        # wrapped at words, a word longer than the box drawn smaller: a 24-letter word or the sentence about the
        # keyboard layout ran out of the box, in large text by a third of the screen
        y = box.top + 26
        room = box.width - 40
        for text, color, size in lines:
            face = "heading" if size >= 34 else "bold"
            for piece in wrapped(text, size, room, face):
                label = fitted_text(piece, size, color, face, room)
                surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
                y += label.get_height() + (2 if face == "bold" else 6)
            y += 8


class _ScreenshotWordCheck(WordCheckScene):
    def enter(self) -> None:
        super().enter()
        from game.rules import lexicon

        self.game.index = [g for g, _ in GAMES].index("hardsign")
        self.loader.ready[self.key()] = lexicon.get("hardsign")
        self.field.text = "щука"
        self.check(self.field.text)


def screenshot_scene(seed: int, players: int) -> WordCheckScene:
    """«щука» checked for Твёрдый знак, with its bonus tags."""
    return _ScreenshotWordCheck()
