"""«Стол с телефонами»: this machine hosts and shows the table (the TV view, no hands) full
screen; phones scan the QR code in the corner and hold their hands; bots fill the rest.

The screen is a watcher of its own room (role ``tv``, seat −2) over the same TCP protocol as any
laptop, so it shows exactly what the rules give a TV screen.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import assets
from game import rules as rules_registry
from game.scenes import MENU_GAMES, playable
from game.scenes.base import (
    ACCENT,
    DANGER,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    MenuScene,
    Scene,
    Widget,
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

PHONE_GAMES = [g for g in (*MENU_GAMES, "scrabble", "bingo") if g in rules_registry.BY_ID]
UNO_COLOURS = {"red": (214, 60, 52), "yellow": (226, 185, 10), "green": (48, 164, 108), "blue": (62, 99, 221),
               "black": (30, 30, 30)}
UNO_FACES = {"skip": "⊘", "reverse": "⇄", "draw2": "+2", "wild": "★", "wild4": "+4"}
PREMIUM_COLOURS = {"T": (168, 58, 58), "D": (199, 122, 138), "t": (58, 95, 168), "d": (122, 163, 199),
                   "*": (199, 122, 138), ".": (40, 69, 62)}


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


def draw_join_strip(surface: pygame.Surface, rect: pygame.Rect, door) -> None:
    """The room screen's way in for phones: a QR code with the address and the room code beside it."""
    surface.blit(panel(rect.size, PANEL, PANEL_EDGE, 1, 12), rect)
    qr = qr_surface(door.join_url, rect.height - 16)
    surface.blit(qr, qr.get_rect(midleft=(rect.left + 8, rect.centery)))
    x, y = rect.left + qr.get_width() + 24, rect.top + 18
    for line, size, colour in (("С телефона: камерой на код или по адресу", 16, INK_DIM), (door.address, 28, ACCENT),
                               (f"код комнаты {door.code}", 26, INK), ("Ноутбуки — через «Присоединиться»", 15, INK_DIM)):
        label = assets.text(line, size, colour, "bold")
        surface.blit(label, (x, y))
        y += label.get_height() + 4


class PhoneTableMenu(MenuScene):
    """Which game the phones' table plays."""

    title = "Стол с телефонами"
    subtitle = "Этот экран — стол, у каждого телефона — своя рука. Выберите игру."

    def build(self) -> None:
        self.group.widgets.clear()
        games = [g for g in PHONE_GAMES if playable(g) or rules_registry.available(g)]
        for i, game_id in enumerate(games):
            col, row = i % 2, i // 2
            self.group.add(Widget(pygame.Rect(240 + col * 420, 160 + row * 84, 390, 68),
                                  rules_registry.BY_ID[game_id].title, on_confirm=lambda g=game_id: self.open(g)))

    def open(self, game_id: str) -> None:
        self.app.pop()
        self.app.push(PhoneTableScene(game_id))


class PhoneTableScene(Scene):
    hint = "Телефоны: отсканируйте код · первый за столом начинает игру · Esc — закрыть стол"

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
        self.view: dict | None = None
        self.over = False
        self.problem = ""
        self.pulse = 0.0  # a card or tile just landed: the centre of the table swells for a moment
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
        self.pulse = max(0.0, self.pulse - dt_ms / 400)
        if self.conn is None:
            return
        for message in self.conn.poll():
            kind = message.get("type")
            if kind == "lobby":
                self.lobby = message
            elif kind == "update":
                self.view, self.over = message["view"], message.get("over", False)
                self.react(message.get("events") or [])
            elif kind == "bye":
                self.problem = message.get("reason", "")

    def react(self, events: list[dict]) -> None:
        sounds = {"card_played": "card_play", "cards_drawn": "card_draw", "placed": "tile_place", "laid": "card_play",
                  "word_laid": "card_play", "uno_shouted": "uno_shout", "uno_caught": "catch", "slapped": "slap"}
        for event in events:
            sound = sounds.get(event.get("kind"))
            if sound is not None:
                self.app.play_sound(sound)
                self.pulse = 1.0

    # ------------------------------------------------------------------ drawing
    def seat_names(self) -> list[str]:
        return [s["name"] for s in (self.lobby or {}).get("seats", [])]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        if self.problem and self.hosting is None:
            draw_title(surface, "Стол с телефонами", self.problem)
            draw_hint(surface, "Esc — назад")
            return
        lobby = self.lobby or {}
        title = lobby.get("title") or rules_registry.BY_ID[self.game_id].title
        if not lobby.get("started"):
            self.draw_waiting(surface, title)
        elif self.view is not None:
            self.draw_table(surface, title)
        if self.problem:
            note = assets.text(self.problem, 18, DANGER, "bold")
            surface.blit(note, note.get_rect(midtop=(WIDTH // 2, HEIGHT - 62)))
        draw_hint(surface, self.hint)

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
            mark = "бот" if seat["bot"] else ("готов" if seat["ready"] else "выбирает")
            label = assets.text(f"{seat['name']} — {mark}", 30, INK if not seat["bot"] else INK_DIM, "bold")
            surface.blit(label, (72, y))
            y += 46
        card = pygame.Rect(0, 0, 400, 480)
        card.topright = (WIDTH - 50, 60)
        draw_join_card(surface, card, self.qr, self.door.address, self.door.code)

    def draw_table(self, surface: pygame.Surface, title: str) -> None:
        view = self.view
        names = self.seat_names()
        heading = assets.text(title + (" — игра окончена" if self.over else ""), 34, ACCENT, "heading")
        surface.blit(heading, heading.get_rect(midtop=(WIDTH // 2, 18)))
        counts = self.counts(view)
        width = min(300, (WIDTH - 80) // max(1, len(names)))
        turn = view.get("turn")
        for i, name in enumerate(names):
            box = pygame.Rect(40 + i * width, 70, width - 12, 70)
            surface.blit(panel(box.size, PANEL, ACCENT if i == turn else PANEL_EDGE, 3 if i == turn else 1, 12), box)
            surface.blit(assets.text(name, 22, INK, "bold"), (box.left + 12, box.top + 8))
            if i < len(counts):
                surface.blit(assets.text(counts[i], 18, INK_DIM), (box.left + 12, box.top + 40))
        area = pygame.Rect(40, 160, WIDTH - 80, HEIGHT - 220)
        if view.get("game") == "uno":
            self.draw_uno(surface, area, view)
        elif "premiums" in view:
            self.draw_board(surface, area, view)
        else:
            self.draw_letters(surface, area, view)

    @staticmethod
    def counts(view: dict) -> list[str]:
        if view.get("game") == "uno":
            return [f"карт: {p['cards']}" + (" · УНО!" if p.get("uno") else "") + f" · очки {p['score']}" for p in view["players"]]
        scores = view.get("scores") or []
        return [f"очки: {s}" for s in scores]

    def draw_uno(self, surface: pygame.Surface, area: pygame.Rect, view: dict) -> None:
        top = view.get("top")
        grow = round(16 * self.pulse)
        card = pygame.Rect(0, 0, 180 + grow, 260 + grow)
        card.center = area.center
        if top:
            colour = UNO_COLOURS.get(top.get("named") or top["colour"], (60, 60, 60))
            pygame.draw.rect(surface, colour, card, border_radius=20)
            pygame.draw.rect(surface, (255, 255, 255), card, 6, border_radius=20)
            face = assets.text(UNO_FACES.get(str(top["value"]), str(top["value"])), 96, (255, 255, 255), "heading")
            surface.blit(face, face.get_rect(center=card.center))
        deck = pygame.Rect(0, 0, 150, 220)
        deck.midright = (card.left - 60, card.centery)
        pygame.draw.rect(surface, (30, 30, 30), deck, border_radius=18)
        pygame.draw.rect(surface, (214, 60, 52), deck, 5, border_radius=18)
        label = assets.text(f"колода: {view['deck_count']}", 22, INK)
        surface.blit(label, label.get_rect(midtop=(deck.centerx, deck.bottom + 10)))
        arrow = "по часовой стрелке" if view.get("direction", 1) == 1 else "против часовой стрелки"
        info = assets.text(f"{view.get('phase_label', '')} · {arrow}", 26, INK_DIM)
        surface.blit(info, info.get_rect(midtop=(area.centerx, card.bottom + 20)))

    def draw_board(self, surface: pygame.Surface, area: pygame.Rect, view: dict) -> None:
        cell = min(area.height // 15, 34)
        left = area.centerx - cell * 15 // 2
        for r in range(15):
            for c in range(15):
                rect = pygame.Rect(left + c * cell, area.top + r * cell, cell - 2, cell - 2)
                tile = view["board"][r][c]
                colour = (239, 226, 191) if tile else PREMIUM_COLOURS.get(view["premiums"][r][c], (40, 69, 62))
                pygame.draw.rect(surface, colour, rect, border_radius=4)
                if tile:
                    letter = assets.text(tile["letter"], round(cell * 0.6), (30, 30, 30), "bold")
                    surface.blit(letter, letter.get_rect(center=rect.center))
        bag = assets.text(f"в мешке: {view.get('bag', 0)}", 22, INK_DIM)
        surface.blit(bag, bag.get_rect(topleft=(left + cell * 15 + 24, area.top)))

    def draw_letters(self, surface: pygame.Surface, area: pygame.Rect, view: dict) -> None:
        rows = []
        if "conversation" in view:
            rows = [("На столе", view["conversation"]), ("Витрина", view.get("showcase") or [])]
        elif "table" in view:
            rows = [("Стол", view["table"])]
        y = area.top
        for title, cards in rows:
            surface.blit(assets.text(title, 26, INK_DIM, "bold"), (area.left, y))
            y += 40
            for i, card in enumerate(cards):
                box = pygame.Rect(area.left + i * 76, y, 68, 90)
                red = card.get("red")
                pygame.draw.rect(surface, (243, 179, 181) if red else (239, 226, 191), box, border_radius=10)
                face = assets.text(str(card.get("letter") or card.get("face") or "?").upper(), 44, (30, 30, 30), "heading")
                surface.blit(face, face.get_rect(center=box.center))
            y += 120


def screenshot_scene(seed: int = 7, players: int = 4):
    """The waiting screen of a table with two bots seated (no discovery, any free ports)."""
    return PhoneTableScene("uno", port=0, web_port=0, discovery=False, journal="")
