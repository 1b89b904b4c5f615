"""«Играть с ботами»: choose the game, the number of players, the bots' level and the
house rules, then start a local game through the in-process host.

The house-rule screen is generated from the game's ``HouseRule`` data: a toggle for each
boolean rule, a choice for each rule with choices, the focused rule's description below.
"""
from __future__ import annotations

import importlib
import threading

import pygame

from game import assets, launch
from game import rules as rules_registry
from game.bots import LEVEL_LABELS, LEVELS
from game.rules.base import HouseRule
from game.scenes import game_scene, playable, table_games
from game.scenes.base import (
    DANGER,
    DANGER_TEXT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Choice,
    MenuScene,
    Toggle,
    Widget,
    dealing_words,
    draw_busy,
    panel,
)
from game.scenes.dealing import picture_steps, wait_for_deal

COUCH_CHOICES = [("one", "один игрок"), ("many", "несколько игроков")]
_warmed: set[tuple[str, str]] = set()  # (game, its options) already dealt once in the background by this process


def warm_up(game_id: str, options: dict) -> None:
    """Prepare the game's first table in the background once per choice of rules (see launch.warm_up)."""
    key = (game_id, repr(sorted(options.items())))
    if key not in _warmed:
        _warmed.add(key)
        launch.warm_up(game_id, dict(options))


TRIAL_PAUSE_MS = 600  # after the last change of a house rule, before bots try the combination
_tried: dict[tuple[str, str], object] = {}  # (game, its rules) → what their trial rounds showed, for this process


def turn_cap_rules(game_id: str | None):
    """The game's rules package when its rounds may run into a turn cap (it exports ``turn_cap``, ``CapRisk`` and
    the ``TRIAL_*`` of its trial rounds: UNO's), else None."""
    if game_id is None:
        return None
    package = importlib.import_module(rules_registry.BY_ID[game_id].module)
    return package if hasattr(package, "turn_cap") else None


def preset_number(house_rules, presets: dict, options: dict) -> int:
    """Which preset (1…, in the presets' order) ``options`` are, every rule compared with its default filled in; 0
    when none."""
    chosen = {r.id: options.get(r.id, r.default) for r in house_rules}
    for k, (_, values) in enumerate(presets.values(), 1):
        if chosen == {r.id: values.get(r.id, r.default) for r in house_rules}:
            return k
    return 0


def house_note(game_id: str, options: dict) -> str:
    """What a game's house rules are, in a line under their button: as printed, the preset they are by its name
    («набор «Вечеринка»»), else how many rules differ from the printed ones («изменено правил: 7» said nothing of
    the preset chosen)."""
    rules = rules_registry.load(game_id)
    changed = sum(1 for r in rules.house_rules if options.get(r.id, r.default) != r.default)
    presets = getattr(rules, "presets", {})
    number = preset_number(rules.house_rules, presets, options)
    if not changed:
        return "как в правилах"
    if number:
        return f"набор «{list(presets.values())[number - 1][0]}»"
    return f"изменено правил: {changed}"


class SetupScene(MenuScene):
    title = "Играть с ботами"

    def __init__(self, game_id: str | None):
        super().__init__()
        self.game_id = game_id
        self.dealing = None  # the table being dealt in the background (a Future of its connections)
        self.dealing_names: list[str] = []
        self.dealing_ms = 0.0
        self.pictures = iter(())

    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        # Скрэббл has no tile of its own in the main menu (it shares Эрудит's), but is chosen here
        games = [(gid, rules_registry.BY_ID[gid].title) for gid in table_games() if playable(gid)]
        if self.game_id is None or not playable(self.game_id):
            self.game_id = games[0][0]
        settings = self.app.settings
        self.options: dict = dict(settings.house_rules.get(self.game_id, {}))
        rules = rules_registry.load(self.game_id)
        lo, hi = rules.min_players, rules.max_players
        players = [(n, str(n)) for n in range(lo, hi + 1)]
        x, w, h = WIDTH // 2 - 260, 520, 58
        g.add(Choice(pygame.Rect(x, 140, w, h), "Игра", options=games,
                     index=[gid for gid, _ in games].index(self.game_id), on_change=self.change_game))
        self.players = g.add(Choice(pygame.Rect(x, 210, w, h), "Игроков", options=players,
                                    index=min(len(players) - 1, max(0, 4 - lo))))
        levels = [(lv, LEVEL_LABELS[lv]) for lv in LEVELS]
        self.level = g.add(Choice(pygame.Rect(x, 280, w, h), "Боты", options=levels,
                                  index=[lv for lv, _ in levels].index(settings.bot_level)
                                  if settings.bot_level in LEVELS else 1))
        self.house_button = g.add(Widget(pygame.Rect(x, 350, w, h), "Домашние правила",
                                         on_confirm=self.open_house_rules))
        self.refresh_house_note()
        self.couch = g.add(Choice(pygame.Rect(x, 420, w, h), "За этим экраном", options=COUCH_CHOICES,
                                  index=getattr(self, "couch_index", 0), on_change=self.remember_couch))
        g.add(Widget(pygame.Rect(x, 505, w, 70), "Начать игру", on_confirm=self.start, size=30))
        warm_up(self.game_id, self.options)
        self.pictures = picture_steps(self.game_id)

    def remember_couch(self, _value) -> None:
        self.couch_index = self.couch.index

    def refresh_house_note(self) -> None:
        self.house_button.note = house_note(self.game_id, self.options)

    def change_game(self, game_id: str) -> None:
        self.game_id = game_id
        focus = self.group.focus
        self.build()
        self.group.focus = focus

    def open_house_rules(self) -> None:
        rules = rules_registry.load(self.game_id)
        self.app.push(HouseRulesScene(rules.house_rules, getattr(rules, "presets", {}), self.options, self.save_options,
                                      game_id=self.game_id))

    def save_options(self, options: dict) -> None:
        self.options = options
        self.app.settings.house_rules[self.game_id] = dict(options)
        self.app.save_settings()
        self.refresh_house_note()
        warm_up(self.game_id, self.options)

    def start(self) -> None:
        # acted on at the next step: Enter is «confirm» and «play» at once, and that «play»
        # must not fall through to the new screen (it would play a card)
        self.pending_start = True

    def handle(self, intent) -> None:
        if self.dealing is None:  # while the table is being dealt the screen only waits
            super().handle(intent)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if getattr(self, "pending_start", False):
            self.pending_start = False
            self.start_now()
        wait_for_deal(self, dt_ms)

    def start_now(self) -> None:
        # with a gamepad around, or several people at the screen, they first choose their seats
        if self.app.input.pads or self.couch.value == "many":
            from game.scenes.seats import SeatScene

            self.app.push(SeatScene(self.game_id, self.players.value, self.level.value, self.options))
            return
        seats = launch.table_seats(self.players.value, {0: self.app.settings.player_name}, self.level.value)
        seed = self.app.deal_seed if self.app.deal_seed is not None else self.app.now_ms() & 0xFFFFFFFF
        self.dealing = launch.start_local_soon(self.game_id, seats, seed, self.options)
        self.dealing_names = [s.name for s in seats]
        self.dealing_ms = 0.0

    def sit_down(self) -> None:
        """The dealt table is ready: to it, or a toast saying why it could not begin."""
        dealing, self.dealing = self.dealing, None
        try:
            connections = dealing.result()
        except launch.GameNotStarted as exc:
            self.app.toast(str(exc))
            return
        self.app.push(game_scene(connections[0], self.game_id, self.dealing_names))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.dealing is not None:
            draw_busy(surface, dealing_words(self.game_id), self.dealing_ms)


class HouseRulesScene(MenuScene):
    title = "Домашние правила"
    hint = "{key_confirm} или {pad_confirm} — переключить, {key_back} или {pad_back} — готово"
    DESCRIPTION_TOP = 600

    def __init__(self, house_rules: tuple[HouseRule, ...], presets: dict, options: dict, on_done,
                 game_id: str | None = None):
        super().__init__()
        self.house_rules = house_rules
        self.presets = presets
        self.options = dict(options)
        self.on_done = on_done
        self.game_id = game_id
        self.cap = turn_cap_rules(game_id)
        self.risk = None  # what the bots' trial rounds showed of the chosen rules (the game's cap.CapRisk)
        self.trial = None  # (key of the rules tried, future of the trial's history, its stop switch)
        self.trial_due_ms: float | None = None
        self.trial_ms = 0.0

    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        y0 = 120
        if self.presets:
            choices = [(None, "свои")] + [(pid, label) for pid, (label, _) in self.presets.items()]
            self.preset_choice = g.add(Choice(pygame.Rect(WIDTH // 2 - 260, y0, 520, 50), "Набор", options=choices,
                                              index=self.preset_index(), on_change=self.apply_preset))
            y0 += 64
        # every rule must stand above the description box: a long list (UNO has about thirty) takes a third column
        columns = 2 if len(self.house_rules) <= 20 else 3
        per_col = max(1, -(-len(self.house_rules) // columns))
        pitch = min(56, (self.DESCRIPTION_TOP - 8 - y0) // per_col)
        gap = 40 if columns == 2 else 12
        width = (WIDTH - 120 - gap * (columns - 1)) // columns
        size = 20 if columns == 2 else 15
        for i, rule in enumerate(self.house_rules):
            col, row = divmod(i, per_col)
            rect = pygame.Rect(60 + col * (width + gap), y0 + row * pitch, width, pitch - 6)
            value = self.options.get(rule.id, rule.default)
            if rule.choices:
                idx = next((k for k, (v, _) in enumerate(rule.choices) if v == value), 0)
                widget = Choice(rect, rule.label, options=rule.choices, index=idx, size=size,
                                on_change=lambda v, r=rule: self.set(r, v))
            else:
                widget = Toggle(rect, rule.label, value=bool(value), size=size,
                                on_change=lambda v, r=rule: self.set(r, v))
            widget.rule = rule  # type: ignore[attr-defined]
            g.add(widget)
        self.try_rules_soon()

    def handle(self, intent) -> None:
        # the rules stand in columns: on an on/off row the side arrows go to the next column (Enter switches it);
        # only rows with several values spend them on the value
        here = self.group.focused
        if intent.name in ("left", "right") and isinstance(here, Toggle):
            side = -1 if intent.name == "left" else 1
            rows = [i for i, w in enumerate(self.group.widgets)
                    if getattr(w, "rule", None) is not None and (w.rect.centerx - here.rect.centerx) * side > 0]
            if rows:  # the next column over, and in it the row nearest to this one
                self.group.focus = min(rows, key=lambda i: (abs(self.group.widgets[i].rect.centerx - here.rect.centerx),
                                                            abs(self.group.widgets[i].rect.centery - here.rect.centery)))
                self.app.play_sound("menu_move")
            return
        super().handle(intent)

    def set(self, rule: HouseRule, value) -> None:
        self.options[rule.id] = value
        if self.presets:
            self.preset_choice.index = self.preset_index()
        self.try_rules_soon()

    # ------------------------------------------------------------------ do rounds end with these rules?
    def rules_key(self) -> str:
        return repr(sorted((r.id, self.options.get(r.id, r.default)) for r in self.house_rules))

    def try_rules_soon(self) -> None:
        """Bots try the chosen rules a moment after the last change (a run of presses starts one trial, not ten);
        a combination tried before is known at once."""
        if self.cap is None:
            return
        known = _tried.get((self.game_id, self.rules_key()))
        self.risk = known
        self.trial_due_ms = None if known is not None else self.trial_ms + TRIAL_PAUSE_MS

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.trial_ms += dt_ms
        if self.trial_due_ms is not None and self.trial_ms >= self.trial_due_ms:
            self.trial_due_ms = None
            self.stop_trial()
            stop = threading.Event()
            cap = self.cap
            future = launch.trial_rounds(self.game_id, dict(self.options), cap.TRIAL_ROUNDS, cap.TRIAL_PLAYERS,
                                         cap.TRIAL_LEVEL, cap.TRIAL_SEED, stop, cap.trial_settled)
            self.trial = (self.rules_key(), future, stop)
        if self.trial is not None and self.trial[1].done():
            key, future, _ = self.trial
            self.trial = None
            if future.exception() is None:
                capped, rounds = self.cap.trial_counts(future.result())
                _tried[(self.game_id, key)] = self.cap.CapRisk(capped, rounds, self.cap.turn_cap(self.options))
            if key == self.rules_key():
                self.risk = _tried.get((self.game_id, key))

    def stop_trial(self) -> None:
        if self.trial is not None:
            self.trial[2].set()
            self.trial = None

    def preset_index(self) -> int:
        """The preset the chosen rules are (1…), or 0, «свои», when they are none of them."""
        return preset_number(self.house_rules, self.presets, self.options)

    def apply_preset(self, preset_id) -> None:
        if preset_id is None:
            return
        _, values = self.presets[preset_id]
        self.options = {r.id: r.default for r in self.house_rules}
        self.options.update(values)
        for w in self.group.widgets:
            rule = getattr(w, "rule", None)
            if rule is None:
                continue
            value = self.options.get(rule.id, rule.default)
            if isinstance(w, Toggle):
                w.value = bool(value)
            elif isinstance(w, Choice):
                w.index = next((k for k, (v, _) in enumerate(w.options) if v == value), 0)
        self.try_rules_soon()

    def exit(self) -> None:
        self.stop_trial()
        self.on_done(self.options)

    def draw(self, surface, alpha) -> None:
        super().draw(surface, alpha)
        rule = getattr(self.group.focused, "rule", None)
        if rule is not None:
            box = pygame.Rect(60, self.DESCRIPTION_TOP, WIDTH - 120, 84)
            pygame.draw.rect(surface, PANEL, box, border_radius=12)
            pygame.draw.rect(surface, PANEL_EDGE, box, 2, border_radius=12)
            # as many letters a line as fit the box at this text size: at a fixed 120 large text ran off the screen
            for k, line in enumerate(wrap(rule.description, int((box.width - 32) / (9.4 * assets.text_scale)))[:3]):
                label = assets.text(line, 17, INK if k == 0 else INK_DIM)
                surface.blit(label, (box.left + 16, box.top + 8 + k * 24))
        if self.risk is not None and self.risk.risky:
            self.draw_cap_warning(surface)

    def warning_lines(self, width: int, short: bool = False) -> list[str]:
        words = self.risk.short_warning if short else self.risk.warning
        return wrap(words, max(20, int((width - 24) / (7 * assets.text_scale))))

    def warning_place(self) -> tuple[pygame.Rect, list[str]]:
        """Under the last rule of the last column, where the columns leave room (in fewer words when the full ones
        do not fit); else beside «Набор»."""
        rows = [w.rect for w in self.group.widgets if getattr(w, "rule", None) is not None]
        last = max(rows, key=lambda r: (r.left, r.bottom))
        for short in (False, True):
            lines = self.warning_lines(last.width, short)
            below = pygame.Rect(last.left, last.bottom + 10, last.width, self.warning_height(len(lines)))
            if below.bottom <= self.DESCRIPTION_TOP - 8:
                return below, lines
        top = self.preset_choice.rect if self.presets else pygame.Rect(60, 60, 0, 50)
        beside = pygame.Rect(top.right + 12, top.top - 6, WIDTH - 60 - top.right - 12, 0)
        lines = self.warning_lines(beside.width, True)
        beside.height = self.warning_height(len(lines))
        return beside, lines

    def warning_box(self) -> pygame.Rect:
        return self.warning_place()[0]

    @staticmethod
    def warning_height(lines: int) -> int:
        return round((8 + 20 + lines * 18 + 6) * assets.text_scale)

    def draw_cap_warning(self, surface: pygame.Surface) -> None:
        box, lines = self.warning_place()
        surface.blit(panel(box.size, (48, 22, 20), DANGER, 2, 12), box)
        k = assets.text_scale
        title = assets.text(self.cap.WARNING_TITLE, 15, DANGER_TEXT, "bold")  # plain DANGER read 4.2:1 on the plate
        surface.blit(title, (box.left + 12, box.top + round(6 * k)))
        for i, line in enumerate(lines):
            surface.blit(assets.text(line, 14, INK), (box.left + 12, box.top + round((26 + i * 18) * k)))


def wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):  # a no-break space keeps «600 ходов» on one line
        if len(line) + len(word) + 1 > width and line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines
