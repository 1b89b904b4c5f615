"""The main menu: the game tiles on the left, everything else on the right."""
from __future__ import annotations

import math

import pygame

from game import assets
from game import rules as rules_registry
from game.rules.words_ru import count
from game.scenes import MENU_GAMES, feature_available, playable
from game.scenes.base import (
    ACCENT,
    DISABLED,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    MenuScene,
    Widget,
    draw_background,
    draw_hint,
    mix,
    panel,
)

GAME_BLURBS = {
    "uno": "Сбрось все карты первым. «УНО!»",
    "erudit": "Слова на доске 15×15, премии",
    "slovodel": "Слова в обе стороны, много за ход",
    "nowords": "Кто сложит слово — тот и проиграл",
    "hardsign": "Гонка слов из карт-букв",
    "bingo": "Два слова, ведущий, «Бинго!»",
}
GAME_COLORS = {
    "uno": (214, 60, 52),
    "erudit": (60, 120, 200),
    "slovodel": (70, 160, 90),
    "nowords": (150, 80, 170),
    "hardsign": (210, 150, 40),
    "bingo": (190, 90, 140),
}


def subtitle() -> str:
    """Under the title: as many games as there are tiles, the noun agreeing with the count."""
    return f"{count(len(MENU_GAMES), 'настольная игра')} для весёлой компании"


class GameTile(Widget):
    game_id: str = ""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(5 * lift))
        color = GAME_COLORS[self.game_id] if self.enabled else (50, 58, 56)
        surface.blit(panel(rect.size, (8, 18, 16), (0, 0, 0), 0, 18), rect.move(0, 6))
        surface.blit(panel(rect.size, color, color, 0, 18), rect)
        surface.blit(panel((rect.width - 14, rect.height), PANEL, PANEL, 0, 18), rect.move(14, 0))
        edge = mix(PANEL_EDGE, ACCENT, lift) if self.enabled else DISABLED
        surface.blit(panel(rect.size, (0, 0, 0, 0), edge, 2 + round(2 * lift), 18), rect)
        title = assets.text(self.label, 32, INK if self.enabled else DISABLED, "heading")
        surface.blit(title, title.get_rect(topleft=(rect.left + 32, rect.top + 20)))
        blurb = assets.text(self.note, 17, INK_DIM if self.enabled else DISABLED)
        surface.blit(blurb, blurb.get_rect(topleft=(rect.left + 32, rect.top + 72)))
        if not self.enabled:
            soon = assets.text("скоро", 14, (30, 30, 30), "bold")
            badge = soon.get_rect(topright=(rect.right - 14, rect.top + 12)).inflate(12, 4)
            pygame.draw.rect(surface, DISABLED, badge, border_radius=8)
            surface.blit(soon, soon.get_rect(center=badge.center))


class MainMenu(MenuScene):
    title = "Игротека"

    def build(self) -> None:
        self.group.widgets.clear()
        self.t = 0.0
        x0, y0, w, h, gap = 60, 150, 340, 124, 22
        for i, game_id in enumerate(MENU_GAMES):
            col, row = i % 2, i // 2
            info = rules_registry.BY_ID[game_id]
            tile = GameTile(
                pygame.Rect(x0 + col * (w + gap), y0 + row * (h + gap), w, h),
                info.title,
                enabled=playable(game_id),
                note=GAME_BLURBS[game_id],
                on_confirm=lambda g=game_id: self.open_setup(g),
            )
            tile.game_id = game_id
            self.group.add(tile)
        actions = [
            ("Играть с ботами", True, "", lambda: self.open_setup(None)),
            ("Создать игру по сети", feature_available("game.scenes.lobby"), "", self.open_host),
            ("Стол с телефонами", feature_available("game.scenes.phone_table"), "", self.open_phone_table),
            ("Присоединиться", feature_available("game.scenes.lobby"), "", self.open_join),
            ("Проверка слова", feature_available("game.scenes.wordcheck"), "", self.open_wordcheck),
            ("Настройки", True, "", self.open_settings),
            ("Выход", True, "", self.quit),
        ]
        any_game = any(playable(g) for g in MENU_GAMES)
        for i, (label, enabled, note, action) in enumerate(actions):
            if label == "Играть с ботами":
                enabled = any_game
            self.group.add(
                Widget(pygame.Rect(830, 150 + i * 72, 390, 60), label, enabled=enabled,
                       note="" if enabled else "скоро", on_confirm=action)
            )

    # ------------------------------------------------------------------ actions
    def open_setup(self, game_id: str | None) -> None:
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(game_id))

    def open_host(self) -> None:
        from game.scenes.lobby import HostLobby  # type: ignore[import-not-found]

        self.app.push(HostLobby())

    def open_phone_table(self) -> None:
        from game.scenes.phone_table import PhoneTableMenu

        self.app.push(PhoneTableMenu())

    def open_join(self) -> None:
        from game.scenes.lobby import JoinScene  # type: ignore[import-not-found]

        self.app.push(JoinScene())

    def open_wordcheck(self) -> None:
        from game.scenes.wordcheck import WordCheckScene  # type: ignore[import-not-found]

        self.app.push(WordCheckScene())

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene())

    def quit(self) -> None:
        self.app.running = False

    def handle(self, intent) -> None:
        if intent.name == "back":
            # Esc in the main menu jumps to «Выход» instead of closing at once
            self.group.focus = len(self.group.widgets) - 1
            self.app.play_sound("menu_move")
            return
        super().handle(intent)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.t += dt_ms

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        bob = math.sin(self.t / 700.0) * 3
        title = assets.text("Игротека", 64, ACCENT, "heading")
        surface.blit(title, title.get_rect(midleft=(60, 78 + bob)))
        sub = assets.text(subtitle(), 20, INK_DIM)
        surface.blit(sub, sub.get_rect(midleft=(64, 128)))
        self.group.draw(surface)
        draw_hint(surface, self.hint)
        version = assets.text("версия 0.1", 14, DISABLED)
        surface.blit(version, version.get_rect(bottomright=(WIDTH - 12, HEIGHT - 10)))
