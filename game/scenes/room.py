"""A LAN room's lobby in the window: ``LobbyScene`` shows the room over a ``LanConnection`` — seats with names,
colours and ready flags, the game, house rules, bots, kicking, the turn timer, «готов» and «начать». When the host
starts the game it pushes the game's table scene with the same connection; when that table is left, the lobby goes
too (a room plays one game), closing the connection and, for the room's own host, stopping the host thread and
withdrawing the zeroconf record. The menu's ways into a room (``HostLobby``, ``JoinScene``) are in ``lobby``.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game import assets
from game import rules as rules_registry
from game.bots import LEVEL_LABELS, LEVELS
from game.input import Intent
from game.launch import Hosting
from game.net import protocol as P
from game.net.client import TableLink
from game.rules.words_ru import count as count_of, gender_of, of_player
from game.scenes import game_scene, menu_games, playable
from game.scenes.base import (
    ACCENT,
    DANGER_TEXT,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Choice,
    MenuScene,
    Widget,
    draw_background,
    draw_hint,
    draw_title,
    mix,
    panel,
    wrapped,
)
from game.scenes.table.plates import ROOM_COLOURS
from game.scenes.textfield import TextField

TIMER_CHOICES = [(None, "без ограничения"), (15, "15 секунд"), (30, "30 секунд"), (60, "1 минута"), (120, "2 минуты")]
READY_GREEN = (110, 200, 120)
COLOUR_LABEL = {cid: label for cid, label, _ in P.PALETTE}
JOIN_STRIP = pygame.Rect(60, 514, 650, 164)  # the phones' way in, under the seats when they leave room for it
TIPS_BOX = pygame.Rect(60, 560, 650, 92)  # how friends come in and what starts the game, where no join strip stands


def connect_failure(endpoint: str, why: str) -> str:
    """A Russian sentence for a connection that never reached the lobby: ``why`` is the client's reason
    (``unreachable_reason``) or the host's own ``bye`` sentence."""
    why = why.rstrip(".")
    return f"Не удалось подключиться к {endpoint}: {why[:1].lower() + why[1:]}."


def bot_levels(game_id: str) -> list[str]:
    return list(LEVELS) + (["master"] if rules_registry.word_board(game_id) else [])  # a board game's fourth level


def seat_teams(lobby: dict) -> list[int] | None:
    """The team of each seat when the room's rules play in teams («Командная игра» in UNO)."""
    try:
        rules = rules_registry.load(lobby["game"])
    except (KeyError, ModuleNotFoundError):
        return None
    teams = getattr(rules, "seat_teams", None)
    return teams(lobby["options"], len(lobby["seats"])) if teams else None


# ============================================================================ widgets
class SeatRow(Widget):
    """One seat of the room; for the owner, Enter removes a bot or asks another person to leave."""

    seat: dict
    tags: str = ""
    is_owner_seat: bool = False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8 if self.enabled else 0.0
        rect = self.rect
        edge = mix(PANEL_EDGE, ACCENT, lift)
        surface.blit(panel(rect.size, PANEL, edge, 2 + round(2 * lift), 12), rect)
        seat = self.seat
        colour = pygame.Color(ROOM_COLOURS.get(seat["colour"], INK_DIM))
        pygame.draw.circle(surface, colour, (rect.left + 26, rect.centery), 11)
        pygame.draw.circle(surface, (0, 0, 0), (rect.left + 26, rect.centery), 11, 1)
        ink = INK if seat["connected"] else INK_DIM
        name = assets.text(seat["name"], 22, ink, "bold")
        surface.blit(name, name.get_rect(midleft=(rect.left + 48, rect.centery - 1)))
        if self.tags:
            tags = assets.text(self.tags, 15, INK_DIM)
            surface.blit(tags, tags.get_rect(midleft=(rect.left + 60 + name.get_width(), rect.centery + 1)))
        if focused and self.enabled and lift > 0.5:
            status, status_ink = self.label, ACCENT
        elif self.is_owner_seat:
            status, status_ink = "хозяин", ACCENT
        elif not seat["connected"]:
            status, status_ink = "нет связи", DANGER_TEXT  # plain DANGER read 3.9:1 on the row
        elif seat["ready"]:
            status, status_ink = of_player("готов", seat["name"], False), READY_GREEN
        else:
            status, status_ink = of_player("не готов", seat["name"], False), INK_DIM
        label = assets.text(status, 18, status_ink, "bold")
        surface.blit(label, label.get_rect(midright=(rect.right - 18, rect.centery)))


class BotAdder(Choice):
    """Left/right choose the level, Enter adds a bot of that level."""

    on_add: Callable[[str], None] | None = None

    def activate(self) -> None:
        if self.enabled and self.on_add is not None and self.options:
            self.on_add(self.value)


# ============================================================================ the lobby
class LobbyScene(MenuScene):
    """A room seen through one ``LanConnection``; ``hosting`` (a room this window opened) is closed on leaving."""

    hint = "{arrows} или крестовина — выбор, {key_confirm} или {pad_confirm} — да, {key_back} или {pad_back} — выйти из комнаты"
    ROW_H, ROW_GAP = 44, 6

    def __init__(self, connection, endpoint: str, hosting: Hosting | None = None, on_fail: Callable[[str, str | None], None] | None = None,
                 shown_address: str | None = None, on_close: Callable[[], None] | None = None):
        super().__init__()
        self.on_close = on_close
        self.conn = connection
        self.endpoint = endpoint
        self.shown_address = shown_address or endpoint  # what friends type to come in
        self.hosting = hosting
        self.on_fail = on_fail
        self.welcome: dict | None = None
        self.lobby: dict | None = None
        self.table = None  # the game's scene once started
        self.leaving = False
        self.closed = False
        self.status = f"Подключаемся к {endpoint}…"
        self.rows: list[SeatRow] = []
        self.first_lobby = True

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        x, w, h, gap = 760, 460, 54, 10
        y = [132 + i * (h + gap) for i in range(8)]
        self.name_field = TextField(pygame.Rect(x, y[0], w, h), "Имя", size=22, max_len=P.MAX_NAME_CHARS,
                                    text=self.app.settings.player_name, on_submit=self.rename)
        self.colour = Choice(pygame.Rect(x, y[1], w, h), "Цвет", size=22, on_change=self.change_colour)
        self.game = Choice(pygame.Rect(x, y[2], w, h), "Игра", size=22, on_change=self.change_game)
        self.house = Widget(pygame.Rect(x, y[3], w, h), "Домашние правила", size=22, on_confirm=self.open_house_rules)
        self.timer = Choice(pygame.Rect(x, y[4], w, h), "Время на ход", size=22, on_change=self.change_timer)
        self.bots = BotAdder(pygame.Rect(x, y[5], w, h), "Добавить бота", size=22)  # its note says the key: refresh
        self.bots.on_add = self.add_bot
        self.go = Widget(pygame.Rect(x, y[6], w, h + 8), "Начать игру", size=26, on_confirm=self.go_pressed)
        self.leave_button = Widget(pygame.Rect(x, y[7] + 8, w, h - 4), "Выйти из комнаты", size=22,
                                   on_confirm=self.leave)
        self.right = [self.name_field, self.colour, self.game, self.house, self.timer, self.bots, self.go,
                      self.leave_button]
        self.refresh()

    @property
    def you(self) -> int | None:
        return self.lobby.get("you") if self.lobby else None

    @property
    def is_owner(self) -> bool:
        return self.lobby is not None and self.you is not None and self.lobby.get("owner") == self.you

    def refresh(self) -> None:
        """Widgets from the latest lobby message; the focus stays where it was."""
        focused = self.group.focused
        focus_row = self.rows.index(focused) if focused in self.rows else None
        lobby = self.lobby
        seated = lobby is not None and self.you is not None and not lobby.get("started")
        owner = seated and self.is_owner
        for widget in self.right:
            widget.enabled = seated
        self.leave_button.enabled = True
        self.rows = []
        if lobby is not None:
            self.fill_right(lobby, owner)
            teams = seat_teams(lobby)
            for i, seat in enumerate(lobby["seats"]):
                row = SeatRow(pygame.Rect(60, 150 + i * (self.ROW_H + self.ROW_GAP), 650, self.ROW_H), "",
                              on_confirm=lambda s=i: self.seat_action(s))
                row.seat = seat
                tags = [f"команда {teams[i] + 1}"] if teams else []
                if i == self.you:
                    tags.append("вы")
                if seat["bot"]:
                    tags.append("бот · " + LEVEL_LABELS.get(seat["bot"], seat["bot"]))
                elif seat.get("substituted"):
                    tags.append(f"за {'неё' if gender_of(seat.get('name', '')) == 'femn' else 'него'} играет бот")
                row.tags = ", ".join(tags)
                row.is_owner_seat = i == lobby.get("owner")
                row.enabled = owner and i != self.you
                row.label = "убрать бота" if seat["bot"] else "исключить"
                self.rows.append(row)
        self.group.widgets = [*self.rows, *self.right]
        if lobby is not None and self.first_lobby:
            self.first_lobby = False
            self.group.focus = self.group.widgets.index(self.first_focus())
        elif focused in self.right:
            self.group.focus = self.group.widgets.index(focused)
        elif focus_row is not None and self.rows:
            self.group.focus = min(focus_row, len(self.rows) - 1)
        else:
            self.group.focus = self.group.widgets.index(self.first_focus())

    def first_focus(self) -> Widget:
        """Where Enter does something: «Начать игру» when the game can start, else «посадить бота» (what the
        room lacks), else leaving; never a disabled button."""
        return next((w for w in (self.go, self.bots) if w.enabled), self.leave_button)

    def fill_right(self, lobby: dict, owner: bool) -> None:
        you = self.you
        seats = lobby["seats"]
        mine = seats[you] if you is not None and you < len(seats) else None
        if mine is not None and not self.name_field.editing:
            self.name_field.text = mine["name"]
        taken = {s["colour"] for i, s in enumerate(seats) if i != you}
        free = [(cid, COLOUR_LABEL[cid]) for cid in P.COLOUR_IDS if cid not in taken]
        self.colour.options = free
        self.colour.index = next((k for k, (cid, _) in enumerate(free) if mine and cid == mine["colour"]), 0)
        games = [(g["id"], g["title"]) for g in lobby["games"]
                 if g["available"] and g["id"] in menu_games() and playable(g["id"])]
        if lobby["game"] not in [gid for gid, _ in games]:
            games.insert(0, (lobby["game"], lobby["title"]))
        self.game.options = games
        self.game.index = [gid for gid, _ in games].index(lobby["game"])
        self.game.enabled = self.house.enabled = self.timer.enabled = self.bots.enabled = owner
        low, high = lobby["players"]
        self.game.note = "" if owner else "выбирает хозяин"
        changed = sum(1 for r in lobby["house_rules"] if lobby["options"].get(r["id"], r["default"]) != r["default"])
        self.house.note = (f"изменено правил: {changed}" if changed else "как в правилах") + ("" if owner else " · меняет хозяин")
        timers = list(TIMER_CHOICES)
        if lobby["turn_s"] not in [t for t, _ in timers]:
            timers.append((lobby["turn_s"], count_of(lobby['turn_s'], 'секунда')))
        self.timer.options = timers
        self.timer.index = [t for t, _ in timers].index(lobby["turn_s"])
        levels = bot_levels(lobby["game"])
        current = self.bots.options[self.bots.index][0] if self.bots.options else "player"
        self.bots.options = [(lv, LEVEL_LABELS[lv]) for lv in levels]
        self.bots.index = levels.index(current) if current in levels else levels.index("player")
        if len(seats) >= high:
            self.bots.enabled = False
            self.bots.note = "мест больше нет"
        else:
            self.bots.note = self.bound_hint("{key_confirm} — посадить") if owner else "сажает хозяин"
        if owner:
            self.go.label = "Начать игру"
            self.go.enabled = low <= len(seats) <= high
            unready = [s["name"] for i, s in enumerate(seats) if i != you and not s["ready"]]
            if not low <= len(seats) <= high:
                self.go.note = f"нужно от {low} до {count_of(high, 'игрока')}"
            elif unready:
                self.go.note = "ещё не готовы: " + ", ".join(unready)
            else:
                self.go.note = "все готовы"
        elif mine is not None:
            self.go.label = of_player("Я не готов" if mine["ready"] else "Я готов", mine["name"], False)
            self.go.note = "начнёт хозяин, когда все будут готовы"
        else:
            self.go.label, self.go.note, self.go.enabled = "Вы зритель", "игра покажется, когда начнётся", False

    # ------------------------------------------------------------------ operations
    def rename(self, text: str) -> None:
        name = P.clean_name(text)
        if not name:
            self.app.toast("Имя не может быть пустым.")
            return
        self.conn.rename(name)
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.save_settings()

    def change_colour(self, colour: str) -> None:
        self.conn.set_colour(colour)

    def change_game(self, game_id: str) -> None:
        self.conn.set_game(game_id)

    def change_timer(self, seconds: int | None) -> None:
        self.conn.set_turn_timer(seconds)

    def add_bot(self, level: str) -> None:
        self.conn.add_bot(level)

    def seat_action(self, index: int) -> None:
        if self.lobby is None or not 0 <= index < len(self.lobby["seats"]):
            return
        if self.lobby["seats"][index]["bot"]:
            self.conn.remove_bot(index)
        else:
            self.conn.kick(index)

    def go_pressed(self) -> None:
        if self.lobby is None or self.you is None:
            return
        if self.is_owner:
            self.conn.start_game()
        else:
            self.conn.set_ready(not self.lobby["seats"][self.you]["ready"])

    def open_house_rules(self) -> None:
        from game.scenes.setup import HouseRulesScene

        if self.lobby is None:
            return
        rules = rules_registry.load(self.lobby["game"])
        before = dict(self.lobby["options"])

        def done(options: dict) -> None:
            changed = {k: v for k, v in options.items() if before.get(k) != v}
            if changed and self.lobby is not None and not self.lobby.get("started"):
                self.conn.set_options(changed)

        self.app.push(HouseRulesScene(rules.house_rules, getattr(rules, "presets", {}), before, done,
                                      game_id=self.lobby["game"]))

    def leave(self) -> None:
        self.leaving = True

    # ------------------------------------------------------------------ messages
    def take_messages(self) -> None:
        messages = self.conn.poll()
        for i, message in enumerate(messages):
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                if message.get("notice"):
                    self.app.toast(message["notice"])
            elif kind == "lobby":
                self.lobby = message
                self.status = ""
                self.refresh()
            elif kind == "update":
                self.open_table(messages[i:])
                return
            elif kind == "error":
                self.app.toast(message.get("reason", "Хост отказал."), 3500)
            elif kind == "bye" and message.get("code") == "shutdown" and self.welcome is not None:
                self.app.toast("Хозяин закрыл комнату.", 6000)  # no point waiting for it to come back
                self.leaving = True
                return
            elif kind == "link":
                self.on_link(message)
                if self.leaving:
                    return

    def on_link(self, message: dict) -> None:
        status, reason = message.get("status"), message.get("reason", "")
        if status == "gone":
            if self.welcome is None:
                bye = getattr(self.conn, "last_bye", None) or {}
                if bye.get("code") == "seat_returned":
                    # the host let this window in and speaks of its seat: its sentence says all, a «could not
                    # connect» before it («…: место снова занял бот: вы не подключились…») would muddle it
                    text = bye["reason"]
                elif message.get("code") == "unreachable":
                    text = connect_failure(self.endpoint, message["why"])
                else:
                    text = connect_failure(self.endpoint, bye.get("reason") or reason)
                if self.on_fail is not None:
                    self.on_fail(text, bye.get("code"))
                else:
                    self.app.toast(text, 6000)
            else:
                self.app.toast(reason or "Связь с комнатой потеряна.", 6000)
            self.leaving = True
        else:
            self.status = "" if status == "restored" else reason
            self.app.toast(reason, 3000)

    def open_table(self, pending: list[dict]) -> None:
        lobby = self.lobby or {}
        game_id = lobby.get("game") or (self.welcome or {}).get("game")
        names = [s["name"] for s in lobby.get("seats", [])]
        link = TableLink(self.conn, pending, lambda text, ms: self.app.toast(text, ms),
                         journal=self.hosting.finished_journal if self.hosting is not None else None)
        self.table = game_scene(link, game_id, names)
        self.app.push(self.table)

    # ------------------------------------------------------------------ scene
    def handle(self, intent: Intent) -> None:
        if self.name_field.editing and self.name_field.feed(intent):
            return
        if intent.name == "back":
            self.app.play_sound("menu_move")
            self.leave()
            return
        super().handle(intent)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.name_field.tick(dt_ms)
        if not self.leaving and self.table is None:
            self.take_messages()
        if self.leaving and self.app.top is self:
            self.app.pop()

    def resume(self) -> None:
        if self.table is not None:
            self.leaving = True  # the game's table was left: a room plays one game

    def exit(self) -> None:
        self.shut_down()

    def shut_down(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.conn.close()
        if self.on_close is not None:
            self.on_close()
        if self.hosting is not None:
            self.hosting.close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        lobby = self.lobby
        if lobby is None:
            draw_title(surface, "Комната", self.status)
            self.leave_button.draw(surface, True)
            draw_hint(surface, self.bound_hint("{key_back} или {pad_back} — назад"))
            return
        title = lobby["room"]
        sub = f"{lobby['title']} · адрес для друзей: {self.shown_address}"
        if lobby["spectators"]:
            sub += f" · зрителей: {lobby['spectators']}"
        draw_title(surface, title, sub)
        low, high = lobby["players"]
        heading = assets.text(f"Места: {len(lobby['seats'])} из {high}", 22, INK, "heading")
        where = heading.get_rect(bottomleft=(64, 146))  # clear of the title's line above in large text too
        surface.blit(heading, where)
        need = assets.text(f"играют от {low} до {high}", 16, INK_DIM)
        surface.blit(need, need.get_rect(bottomleft=(where.right + 14, where.bottom - 3)))
        self.group.draw(surface)
        rows_bottom = 150 + len(lobby["seats"]) * (self.ROW_H + self.ROW_GAP)
        door = getattr(self.hosting, "phones", None)
        if door is not None and rows_bottom <= 506 and not lobby.get("started"):
            from game.scenes.phone_table import draw_join_strip

            draw_join_strip(surface, JOIN_STRIP, door)
        elif rows_bottom <= 540:
            self.draw_tips(surface)
        if self.status:
            note = assets.text(self.status, 18, DANGER_TEXT, "bold")
            surface.blit(note, note.get_rect(midtop=(WIDTH // 2, HEIGHT - 62)))
        draw_hint(surface, self.footer())

    def tips(self) -> list[str]:
        lines = [f"Друзья входят через «Присоединиться» или по адресу {self.shown_address}."]
        if self.is_owner:
            lines.append(self.bound_hint("{key_confirm} на чужом месте — убрать бота или исключить игрока."))
            lines.append("Игра начнётся, когда все люди нажмут «Я готов».")
        elif self.you is not None:
            seats = (self.lobby or {}).get("seats", [])
            name = seats[self.you]["name"] if 0 <= self.you < len(seats) else ""
            lines.append(f"Нажмите «{of_player('Я готов', name, False)}» — хозяин начнёт игру, когда готовы все.")
        return lines

    def draw_tips(self, surface: pygame.Surface) -> None:
        box = TIPS_BOX
        surface.blit(panel(box.size, (14, 32, 29), PANEL_EDGE, 1, 12), box)
        # wrapped to the panel's width in pixels, smaller while they would not fit its height: cut at 74 letters, in
        # large text the address line ran out of the panel
        room = box.width - 32
        for size in range(16, 10, -1):
            parts = [part for line in self.tips() for part in wrapped(line, size, room)]
            reach = assets.text("Жу", size, INK_DIM).get_bounding_rect(1)  # a line's letters, capitals to tails
            step = reach.height + 4
            if 10 + step * len(parts) <= box.height:
                break
        y = box.top + 8
        for part in parts:
            surface.blit(assets.text(part, size, INK_DIM), (box.left + 16, y + 2 - reach.top))
            y += step
