"""«Настройки»: name, sound, screen and accessibility. Every change is saved at once."""
from __future__ import annotations

import pygame

from game import assets
from game import rules as rules_registry
from game.bots import LEVEL_LABELS, LEVELS
from game.scenes.base import WIDTH, Choice, MenuScene, Slider, Toggle, Widget, key_names
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
    hint = ("{arrows} или крестовина — выбор · {key_confirm}, {pad_confirm} или щелчок — да · "
            "{key_back}, {pad_back} или правая кнопка мыши — назад")

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
        self.color_choice = g.add(Choice(row(col1, 1), "Цвет фишки", options=AVATAR_COLORS,
                     index=_index_of(AVATAR_COLORS, s.avatar_color), on_change=changed("avatar_color")))
        g.add(Slider(row(col1, 2), "Общая громкость", value=s.master_volume, on_change=changed("master_volume")))
        g.add(Slider(row(col1, 3), "Звуки", value=s.effects_volume, on_change=changed("effects_volume")))
        g.add(Slider(row(col1, 4), "Голос", value=s.voice_volume, on_change=changed("voice_volume")))
        g.add(Toggle(row(col1, 5), f"Без звука ({key_names(s)['mute']})", value=s.muted, on_change=changed("muted")))
        g.add(Choice(row(col2, 0), "Размер окна", options=WINDOW_SIZES,
                     index=_index_of(WINDOW_SIZES, tuple(s.window_size)), on_change=changed("window_size")))
        g.add(Toggle(row(col2, 1), "Полный экран", value=s.fullscreen, on_change=changed("fullscreen")))
        g.add(Toggle(row(col2, 2), "Символы цветов", value=s.colorblind, note="для дальтоников",
                     on_change=changed("colorblind")))
        g.add(Toggle(row(col2, 3), "Крупный текст", value=s.large_text, on_change=changed("large_text")))
        levels = [(lv, LEVEL_LABELS[lv]) for lv in LEVELS]
        g.add(Choice(row(col2, 4), "Боты по умолчанию", options=levels,
                     index=_index_of(levels, s.bot_level), on_change=changed("bot_level")))
        self.rules_button = g.add(Widget(row(col2, 5), "Правила по умолчанию", on_confirm=self.open_house_rules))
        self.rules_button.note = self.house_rules_note()
        y, bw = 130 + 6 * 70 + 20, 300
        g.add(Widget(pygame.Rect(WIDTH // 2 - bw * 3 // 2 - 20, y, bw, h), "Клавиши",
                     on_confirm=lambda: self.open_remap("keys")))
        g.add(Widget(pygame.Rect(WIDTH // 2 - bw // 2, y, bw, h), "Кнопки геймпада",
                     on_confirm=lambda: self.open_remap("pad")))
        g.add(Widget(pygame.Rect(WIDTH // 2 + bw // 2 + 20, y, bw, h), "Готово", on_confirm=self.app.pop))

    def open_remap(self, kind: str) -> None:
        from game.scenes.remap import RemapScene

        self.app.push(RemapScene(kind))

    def open_house_rules(self) -> None:
        self.app.push(DefaultRulesScene())

    def house_rules_note(self) -> str:
        changed = sum(1 for values in self.app.settings.house_rules.values() if values)
        return f"свои у игр: {changed}" if changed else "домашние правила каждой игры"

    def resume(self) -> None:
        focus = self.group.focus
        self.build()  # key names and house rules may have changed underneath
        self.group.focus = focus

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
            assets.set_text_scale(1.2 if s.large_text else 1.0)
        if attr in ("window_size", "fullscreen") and not self.app.headless:
            flags = pygame.RESIZABLE | (pygame.FULLSCREEN if s.fullscreen else 0)
            self.app.window = pygame.display.set_mode(tuple(s.window_size), flags)
        self.app.save_settings()

    def handle(self, intent) -> None:
        if self.name_field.feed(intent):
            return
        if intent.name == "click" and intent.pos is not None:
            # the mouse sets a slider where it clicks (right half of the row: 0 … 100 %)
            for widget in self.group.widgets:
                if isinstance(widget, Slider) and widget.rect.collidepoint(intent.pos):
                    self.group.focus = self.group.widgets.index(widget)
                    left, right = widget.rect.centerx, widget.rect.right - 24
                    if intent.pos[0] >= left:
                        share = min(1.0, max(0.0, (intent.pos[0] - left) / (right - left)))
                        widget.adjust(round(share * 10) - round(widget.value * 10))
                    else:
                        widget.activate()
                    self.app.play_sound("menu_move")
                    return
        super().handle(intent)

    def draw(self, surface, alpha) -> None:
        super().draw(surface, alpha)
        choice = self.color_choice
        value = assets.text(choice.value_text(), choice.size - 2, (0, 0, 0), "bold")
        lift = round(choice.hover * 8) / 8
        center = (choice.rect.right - 20 - value.get_width() - 18, choice.rect.centery - round(3 * lift))
        pygame.draw.circle(surface, (10, 20, 18), center, 12)
        pygame.draw.circle(surface, pygame.Color(choice.value), center, 10)

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


class DefaultRulesScene(MenuScene):
    """Pick a game, then edit the house rules it starts with (the same screen as before a game)."""

    title = "Правила по умолчанию"
    subtitle = "С ними начинается каждая новая игра; перед игрой их можно поменять"

    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        games = [info for info in rules_registry.GAMES if rules_registry.available(info.id)]
        for i, info in enumerate(games):
            col, row = divmod(i, 4)
            rect = pygame.Rect(WIDTH // 2 - 540 + col * 560, 140 + row * 86, 520, 70)
            g.add(Widget(rect, info.title, note=self.note(info.id), on_confirm=lambda gid=info.id: self.edit(gid)))
        if not games:
            g.add(Widget(pygame.Rect(WIDTH // 2 - 260, 200, 520, 70), "Игр пока нет", enabled=False))
        g.add(Widget(pygame.Rect(WIDTH // 2 - 160, 560, 320, 60), "Готово", on_confirm=self.app.pop))

    def note(self, game_id: str) -> str:
        from game.scenes.setup import house_note

        return house_note(game_id, self.app.settings.house_rules.get(game_id, {}))

    def edit(self, game_id: str) -> None:
        from game.scenes.setup import HouseRulesScene

        rules = rules_registry.load(game_id)

        def save(options: dict) -> None:
            self.app.settings.house_rules[game_id] = dict(options)
            self.app.save_settings()

        self.app.push(HouseRulesScene(rules.house_rules, getattr(rules, "presets", {}),
                                      self.app.settings.house_rules.get(game_id, {}), save, game_id=game_id))

    def resume(self) -> None:
        focus = self.group.focus
        self.build()
        self.group.focus = focus
