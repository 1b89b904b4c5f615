"""«Настройки»: name, sound, screen and accessibility. Every change is saved at once."""
from __future__ import annotations

import pygame

from game.bots import LEVEL_LABELS, LEVELS
from game.scenes.base import WIDTH, Choice, MenuScene, Slider, Toggle, Widget
from game.scenes.textfield import TextField

WINDOW_SIZES = [((1280, 720), "1280×720"), ((1600, 900), "1600×900"), ((1920, 1080), "1920×1080"), ((960, 540), "960×540")]
AVATAR_COLORS = [
    ("#e0a030", "янтарный"),
    ("#d04040", "красный"),
    ("#3c8ce0", "синий"),
    ("#40b060", "зелёный"),
    ("#a060d0", "фиолетовый"),
    ("#e070b0", "розовый"),
    ("#40c0c0", "бирюзовый"),
]


def name_char_ok(ch: str) -> bool:
    return ch.isalnum() or ch in " -_."


class SettingsScene(MenuScene):
    title = "Настройки"
    subtitle = "Изменения сохраняются сразу · влево и вправо меняют значение"

    def build(self) -> None:
        s = self.app.settings
        g = self.group
        g.widgets.clear()
        col1, col2, w, h = 140, 660, 480, 58

        def row(col: int, i: int) -> pygame.Rect:
            return pygame.Rect(col, 130 + i * 70, w, h)

        def changed(attr: str):
            def apply(value) -> None:
                setattr(s, attr, value)
                self.after_change(attr)
            return apply

        self.name_field = g.add(TextField(row(col1, 0), "Имя", text=s.player_name, max_len=16,
                                          allowed=name_char_ok, on_change=self.set_name))
        g.add(Choice(row(col1, 1), "Цвет фишки", options=AVATAR_COLORS,
                     index=_index_of(AVATAR_COLORS, s.avatar_color), on_change=changed("avatar_color")))
        g.add(Slider(row(col1, 2), "Общая громкость", value=s.master_volume, on_change=changed("master_volume")))
        g.add(Slider(row(col1, 3), "Звуки", value=s.effects_volume, on_change=changed("effects_volume")))
        g.add(Slider(row(col1, 4), "Голос", value=s.voice_volume, on_change=changed("voice_volume")))
        g.add(Toggle(row(col1, 5), "Без звука (M)", value=s.muted, on_change=changed("muted")))
        g.add(Choice(row(col2, 0), "Размер окна", options=WINDOW_SIZES,
                     index=_index_of(WINDOW_SIZES, tuple(s.window_size)), on_change=changed("window_size")))
        g.add(Toggle(row(col2, 1), "Полный экран", value=s.fullscreen, on_change=changed("fullscreen")))
        g.add(Toggle(row(col2, 2), "Символы цветов", value=s.colorblind, note="для дальтоников",
                     on_change=changed("colorblind")))
        g.add(Toggle(row(col2, 3), "Крупный текст", value=s.large_text, on_change=changed("large_text")))
        levels = [(lv, LEVEL_LABELS[lv]) for lv in LEVELS]
        g.add(Choice(row(col2, 4), "Боты по умолчанию", options=levels,
                     index=_index_of(levels, s.bot_level), on_change=changed("bot_level")))
        g.add(Widget(pygame.Rect(WIDTH // 2 - 160, 130 + 6 * 70 + 10, 320, 58), "Готово", on_confirm=self.app.pop))

    def set_name(self, text: str) -> None:
        text = text.strip()
        if not text:
            self.app.toast("Имя не может быть пустым — оставлено прежнее.")
            self.name_field.text = self.app.settings.player_name
            return
        self.app.settings.player_name = text
        self.after_change("player_name")

    def after_change(self, attr: str) -> None:
        s = self.app.settings
        if attr in ("master_volume", "effects_volume", "voice_volume", "muted") and self.app.audio is not None:
            self.app.audio.apply_settings(s)
        if attr == "large_text":
            assets.text_scale = 1.2 if s.large_text else 1.0
        if attr in ("window_size", "fullscreen") and not self.app.headless:
            flags = pygame.RESIZABLE | (pygame.FULLSCREEN if s.fullscreen else 0)
            self.app.window = pygame.display.set_mode(tuple(s.window_size), flags)
        self.app.save_settings()

    def handle(self, intent) -> None:
        if self.name_field.feed(intent):
            return
        super().handle(intent)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.name_field.tick(dt_ms)


def _index_of(options, value) -> int:
    """Position of ``value`` among (value, label) options; JSON turns tuples into lists."""
    normal = tuple(value) if isinstance(value, list) else value
    for i, (v, _) in enumerate(options):
        if v == normal:
            return i
    return 0
