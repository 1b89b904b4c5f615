"""The main menu: the game tiles on the left, everything else on the right."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import assets
from game import rules as rules_registry
from game.rules.words_ru import count
from game.scenes import feature_available, menu_games, paint_menu_picture, playable
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
    wrapped,
)
from game.scenes.setup import warm_up

def subtitle() -> str:
    """Under the title: as many games as there are tiles, the noun agreeing with the count."""
    return f"{count(len(menu_games()), 'настольная игра')} для весёлой компании"


TILE_W, TILE_H, TILE_GAP = 370, 124, 22
ACTION_H, ACTION_PITCH = 54, 62  # eight entries on the right, from the tiles' top to above the hint
TILES_BOTTOM = 650  # the tiles end above the hint line
PICTURE = (112, TILE_H - 14)  # the game's picture at the tile's right end


@lru_cache(maxsize=32)
def tile_picture(game_id: str, enabled: bool, height: int = PICTURE[1]) -> pygame.Surface:
    """The game's own pieces, drawn by its art: the menu tile's picture (dimmed on a game not ready yet), no taller
    than ``height`` (a menu of more than six games has lower tiles)."""
    canvas = pygame.Surface(PICTURE, pygame.SRCALPHA)
    paint_menu_picture(canvas, game_id)
    if height < PICTURE[1]:
        canvas = pygame.transform.smoothscale_by(canvas, height / PICTURE[1])
    if not enabled:
        canvas.set_alpha(70)
    return canvas.convert_alpha() if pygame.display.get_surface() is not None else canvas


assets.on_reset(tile_picture.cache_clear)


def fitted(words: str, size: int, width: int, face: str) -> pygame.Surface:
    """A line in ``face`` at ``size``, smaller when it would not fit ``width`` («Крупный текст» on)."""
    label = assets.text(words, size, INK, face)
    return label if label.get_width() <= width else assets.text(words, max(8, size * width // label.get_width()), INK, face)


class GameTile(Widget):
    game_id: str = ""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(5 * lift))
        color = rules_registry.BY_ID[self.game_id].menu.colour if self.enabled else (50, 58, 56)
        surface.blit(panel(rect.size, (8, 18, 16), (0, 0, 0), 0, 18), rect.move(0, 6))
        surface.blit(panel(rect.size, color, color, 0, 18), rect)
        surface.blit(panel((rect.width - 14, rect.height), PANEL, PANEL, 0, 18), rect.move(14, 0))
        edge = mix(PANEL_EDGE, ACCENT, lift) if self.enabled else DISABLED
        surface.blit(panel(rect.size, (0, 0, 0, 0), edge, 2 + round(2 * lift), 18), rect)
        picture = tile_picture(self.game_id, self.enabled, min(PICTURE[1], rect.height - 14))
        surface.blit(picture, picture.get_rect(midright=(rect.right - 8, rect.centery)))
        room = rect.width - 32 - PICTURE[0] - 16  # the text column, left of the picture
        title = fitted(self.label, 28, room, "heading")
        if not self.enabled:
            title = assets.text(self.label, 28, DISABLED, "heading")
        surface.blit(title, title.get_rect(topleft=(rect.left + 32, rect.top + 14)))
        for k, line in enumerate(wrapped(self.note, 15, room)[:2]):
            blurb = assets.text(line, 15, INK_DIM if self.enabled else DISABLED)
            surface.blit(blurb, blurb.get_rect(topleft=(rect.left + 32, rect.top + 62 + k * round(21 * assets.text_scale))))
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
        games = menu_games()
        x0, y0, w, gap = 60, 150, TILE_W, TILE_GAP
        rows = (len(games) + 1) // 2
        h = min(TILE_H, (TILES_BOTTOM - y0) // max(1, rows) - gap)  # a seventh game's row still clears the hint
        for i, game_id in enumerate(games):
            col, row = i % 2, i // 2
            info = rules_registry.BY_ID[game_id]
            tile = GameTile(
                pygame.Rect(x0 + col * (w + gap), y0 + row * (h + gap), w, h),
                info.title,
                enabled=playable(game_id),
                note=rules_registry.BY_ID[game_id].menu.blurb,
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
            ("История", True, "", self.open_history),
            ("Настройки", True, "", self.open_settings),
            ("Выход", True, "", self.quit),
        ]
        any_game = any(playable(g) for g in menu_games())
        for i, (label, enabled, note, action) in enumerate(actions):
            if label == "Играть с ботами":
                enabled = any_game
            self.group.add(
                Widget(pygame.Rect(x0 + 2 * w + gap + 24, 150 + i * ACTION_PITCH, WIDTH - 50 - (x0 + 2 * w + gap + 24),
                                   ACTION_H), label,
                       enabled=enabled,
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

    def open_history(self) -> None:
        from game.scenes.history import HistoryScene

        self.app.push(HistoryScene())

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
        focused = self.group.focused
        if isinstance(focused, GameTile) and focused.enabled:
            # the game a player looks at is dealt once in the background already: its table opens without a wait
            warm_up(focused.game_id, dict(self.app.settings.house_rules.get(focused.game_id, {})))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        bob = math.sin(self.t / 700.0) * 3
        title = assets.text("Игротека", 64, ACCENT, "heading")
        surface.blit(title, title.get_rect(midleft=(60, 78 + bob)))
        sub = assets.text(subtitle(), 20, mix(INK_DIM, INK, 0.5))  # INK_DIM reads 4.3:1 on the backdrop's top
        surface.blit(sub, sub.get_rect(midleft=(64, 128)))
        self.group.draw(surface)
        draw_hint(surface, self.bound_hint(self.hint))
        version = assets.text("версия 0.1", 14, DISABLED)
        surface.blit(version, version.get_rect(bottomright=(WIDTH - 12, HEIGHT - 10)))
