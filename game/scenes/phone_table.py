"""«Стол с телефонами»: this machine hosts and shows the table (the TV view, no hands) full
screen; phones scan the QR code in the corner and hold their hands; bots fill the rest. Once the game runs, a
smaller card in a corner of the table (where the TV view has nothing to show) keeps the way back in.

The screen is a watcher of its own room (role ``tv``, seat −2) over the same TCP protocol as any
laptop, so it shows exactly what the rules give a TV screen; once the game starts it is the game's
own table scene (the one a laptop watcher gets), with its flights, banners and sounds.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import assets
from game import rules as rules_registry
from game.rules.words_ru import of_player
from game.scenes import playable, table_games
from game.scenes.base import (
    ACCENT,
    DANGER_TEXT,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    MenuScene,
    Scene,
    Widget,
    bound_hint,
    draw_background,
    draw_hint,
    draw_title,
    panel,
)

# where a table listens; tests open theirs on free ports without announcing it
TABLE_PORT: int = 47_700
WEB_PORT: int | None = None  # None: the page's usual port (game.net.web.DEFAULT_WEB_PORT)
DISCOVERY = True
JOURNAL: object = "default"  # the journals folder, None (none) or a path



@lru_cache(maxsize=8)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """A QR code of ``text`` as a picture about ``size`` pixels wide, dark on white with its quiet zone."""
    import segno

    code = segno.make(text, error="m")
    rows = [list(row) for row in code.matrix_iter(scale=1, border=2)]
    n = len(rows)
    small = pygame.Surface((n, n))
    small.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x, y), (0, 0, 0))
    scale = max(1, size // n)
    return pygame.transform.scale(small, (n * scale, n * scale))


def draw_join_card(surface: pygame.Surface, rect: pygame.Rect, qr: pygame.Surface, address: str, code: str) -> None:
    """The corner that seats a phone: the QR code, the address in large type and the room code."""
    surface.blit(panel(rect.size, PANEL, PANEL_EDGE, 2, 16), rect)
    surface.blit(qr, qr.get_rect(midtop=(rect.centerx, rect.top + 14)))
    y = rect.top + 24 + qr.get_height()
    for line, size, colour in (("Телефоном: наведите камеру", 17, INK_DIM), (address, 26, ACCENT),
                               (f"код комнаты {code}", 30, INK)):
        label = assets.text(line, size, colour, "bold")
        surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
        y += label.get_height() + 6


CORNER_PAD = 12
CORNER_GAP = 4  # between its lines
CORNER_TEXT_LEAST = 130  # the narrowest column beside the code that still holds the address legibly


def corner_labels(lines, width: int, grow: float = 1.0) -> list[pygame.Surface]:
    return [assets.fitted_text(words, round(points * grow), colour, "bold", width) for words, points, colour in lines]


def stacked_height(labels: list[pygame.Surface]) -> int:
    return sum(label.get_height() for label in labels) + CORNER_GAP * (len(labels) - 1)


def join_corner(size: tuple[int, int], door) -> tuple[pygame.Surface, pygame.Rect]:
    """The running table's way in for phones, laid out to ``size`` (the table's ``JOIN_CORNER``), and where its QR
    code stands on it. After the start the page seats no one new: a phone that dropped comes back to its own seat
    by it (the page keeps the seat's key), anyone else watches (docs/PROTOCOL.md §2, §11). The code goes beside
    the words or above them, whichever lets it be larger."""
    width, height = size
    pad = CORNER_PAD
    address = door.address.removeprefix("http://").rstrip("/")
    lines = (("Вернуться или смотреть", 15, INK_DIM), (address, 18, ACCENT), (f"код {door.code}", 24, INK))
    under = corner_labels(lines, width - 2 * pad)
    beside = min(height - 2 * pad, width - 3 * pad - CORNER_TEXT_LEAST)
    above = min(width - 2 * pad, height - stacked_height(under) - 3 * pad)
    qr = qr_surface(door.join_url, max(beside, above))
    card = panel(size, PANEL, PANEL_EDGE, 2, 14).copy()  # the panel is shared: drawn on, it is a copy
    if beside > above:
        spot = qr.get_rect(midleft=(pad, height // 2))
        column = width - spot.right - 2 * pad
        labels = corner_labels(lines, column, grow=max(1.0, min(1.5, column / 220)))  # a wide corner: larger type
        x, y, anchor = spot.right + pad, (height - stacked_height(labels)) // 2, "topleft"
    else:
        spot = qr.get_rect(midtop=(width // 2, pad))
        labels, x, y, anchor = under, width // 2, spot.bottom + pad, "midtop"
    for label in labels:
        card.blit(label, label.get_rect(**{anchor: (x, y)}))
        y += label.get_height() + CORNER_GAP
    card.blit(qr, spot)
    return card, spot


def draw_join_strip(surface: pygame.Surface, rect: pygame.Rect, door) -> None:
    """The room screen's way in for phones: a QR code with the address and the room code beside it."""
    surface.blit(panel(rect.size, PANEL, PANEL_EDGE, 1, 12), rect)
    qr = qr_surface(door.join_url, rect.height - 16)
    surface.blit(qr, qr.get_rect(midleft=(rect.left + 8, rect.centery)))
    x = rect.left + qr.get_width() + 24
    lines = (("С телефона: камерой на код или по адресу", 16, INK_DIM), (door.address, 28, ACCENT),
             (f"код комнаты {door.code}", 26, INK), ("Ноутбуки — через «Присоединиться»", 15, INK_DIM))
    labels = [assets.fitted_text(line, size, colour, "bold", rect.right - 12 - x) for line, size, colour in lines]
    # stacked by their letters, spread evenly: the lines' boxes carry blank margins that «Крупный текст» grows, and
    # stacked by those the last line ran out of the strip onto the screen's hint
    inks = [label.get_bounding_rect(1) for label in labels]
    gap = max(2, (rect.height - 16 - sum(ink.height for ink in inks)) // (len(inks) + 1))
    y = rect.top + 8 + gap
    for label, ink in zip(labels, inks):
        surface.blit(label, (x, y - ink.top))
        y += ink.height + gap


class PhoneTableMenu(MenuScene):
    """Which game the phones' table plays."""

    title = "Стол с телефонами"
    subtitle = "Этот экран — стол, у каждого телефона — своя рука. Выберите игру."

    def build(self) -> None:
        self.group.widgets.clear()
        # every game with a table, Скрэббл among them (it has no tile of its own in the main menu)
        games = [g for g in table_games() if playable(g)]
        for i, game_id in enumerate(games):
            col, row = i % 2, i // 2
            self.group.add(Widget(pygame.Rect(240 + col * 420, 160 + row * 84, 390, 68),
                                  rules_registry.BY_ID[game_id].title, on_confirm=lambda g=game_id: self.open(g)))

    def open(self, game_id: str) -> None:
        self.app.pop()
        self.app.push(PhoneTableScene(game_id))


class PhoneTableScene(Scene):
    hint = "Телефоны: отсканируйте код · первый за столом начинает игру · {key_back} — закрыть стол"

    def __init__(self, game_id: str, port: int | None = None, web_port: int | None = None, discovery: bool | None = None,
                 journal: object = None):
        self.game_id = game_id
        self.port = TABLE_PORT if port is None else port
        self.web_port = WEB_PORT if web_port is None else web_port
        self.discovery = DISCOVERY if discovery is None else discovery
        self.journal = JOURNAL if journal is None else journal
        self.hosting = None
        self.door = None
        self.conn = None
        self.lobby: dict | None = None
        self.table: Scene | None = None  # the game's table, once the game has started
        self.leaving = False
        self.problem = ""
        self.qr: pygame.Surface | None = None

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        from game import launch

        settings = self.app.settings
        try:
            self.hosting = launch.open_room(self.game_id, f"Стол: {settings.player_name}",
                                            settings.house_rules.get(self.game_id), bind="0.0.0.0", port=self.port,
                                            discovery=self.discovery, journal=self.journal or None,
                                            phones=self.web_port)
        except Exception as exc:  # noqa: BLE001 - shown to the player, the menu stays
            self.problem = f"Не удалось открыть стол: {getattr(exc, 'strerror', None) or exc}"
            return
        self.door = self.hosting.phones
        if self.door is None:
            self.problem = "Страница для телефонов не открылась: её порт занят или недоступен."
            self.hosting.close()
            self.hosting = None
            return
        self.qr = qr_surface(self.door.join_url, 300)
        self.conn = launch.join_room("127.0.0.1", self.hosting.port, "Экран", role="tv")

    def exit(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.hosting is not None:
            self.hosting.close()
            self.hosting = None

    def handle(self, intent) -> None:
        if intent.name == "back":
            self.app.play_sound("menu_move")
            self.app.pop()

    def update(self, dt_ms: float) -> None:
        if self.leaving:
            if self.app.top is self:
                self.app.pop()
            return
        if self.conn is None or self.table is not None:
            return
        messages = self.conn.poll()
        for i, message in enumerate(messages):
            kind = message.get("type")
            if kind == "lobby":
                self.lobby = message
            elif kind == "update":
                self.open_table(messages[i:])  # the table reads this update and what came after it
                return
            elif kind == "bye":
                self.problem = message.get("reason", "")

    def open_table(self, pending: list[dict]) -> None:
        """The game's own table scene, watching as the TV (seat −2): its flights, banners and sounds, no hand."""
        from game.scenes import game_scene
        from game.net.client import TableLink

        names = [s["name"] for s in (self.lobby or {}).get("seats", [])]
        link = TableLink(self.conn, pending, lambda text, ms: self.app.toast(text, ms))
        self.table = game_scene(link, self.game_id, names)
        if self.table.JOIN_CORNER is not None:
            self.table.join_card = join_corner(self.table.JOIN_CORNER.size, self.door)[0]
        self.app.push(self.table)

    def resume(self) -> None:
        if self.table is not None:
            self.leaving = True  # the table was left: the phones' room closes with it

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        if self.problem and self.hosting is None:
            draw_title(surface, "Стол с телефонами", self.problem)
            draw_hint(surface, bound_hint(self.app.settings, "{key_back} — назад"))
            return
        lobby = self.lobby or {}
        title = lobby.get("title") or rules_registry.BY_ID[self.game_id].title
        self.draw_waiting(surface, title)
        if self.problem:
            note = assets.text(self.problem, 18, DANGER_TEXT, "bold")
            surface.blit(note, note.get_rect(midtop=(WIDTH // 2, HEIGHT - 62)))
        draw_hint(surface, bound_hint(self.app.settings, self.hint))

    def draw_waiting(self, surface: pygame.Surface, title: str) -> None:
        heading = assets.text(title, 56, ACCENT, "heading")
        surface.blit(heading, (70, 50))
        sub = assets.text("Сядьте за стол с телефона: одна камера, одно имя.", 22, INK_DIM)
        surface.blit(sub, (72, 124))
        y = 180
        seats = (self.lobby or {}).get("seats", [])
        if not seats:
            surface.blit(assets.text("Пока никого нет.", 28, INK_DIM), (72, y))
        for seat in seats:
            mark = "бот" if seat["bot"] else (of_player("готов", seat["name"], False) if seat["ready"] else "выбирает")
            label = assets.text(f"{seat['name']} — {mark}", 30, INK if not seat["bot"] else INK_DIM, "bold")
            surface.blit(label, (72, y))
            y += 46
        card = pygame.Rect(0, 0, 400, 480)
        card.topright = (WIDTH - 50, 60)
        draw_join_card(surface, card, self.qr, self.door.address, self.door.code)


def screenshot_scene(seed: int = 7, players: int = 4):
    """The waiting screen of a table with two bots seated (no discovery, any free ports)."""
    return PhoneTableScene("uno", port=0, web_port=0, discovery=False, journal="")
