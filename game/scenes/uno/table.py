"""The UNO table: up to ten seats around an oval, your hand fanned at the bottom, the piles in
the middle, and every event of the rules turned into something that moves.

The scene sees only its seat's view (game/rules/uno/views.py), the legal actions and the events.
Cards in the air are tracked here: a card flying toward a hand or the pile is left out of where it
is going until it lands, so counts, piles and the hand never jump ahead of the animation.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, NamedTuple

import pygame

from game import art, assets
from game.input import Intent
from game.rules.uno import COLOUR_LABELS, EMOTE_SOUNDS, EVENT_SOUNDS, PHASES, ROUND_OVER_MS, card_name, draw_reason
from game.rules.uno import ticker_line, turn_count_label
from game.rules.words_ru import acts, count as count_of, of_player, opens, verb_for
from game.scenes.base import ACCENT, DANGER, DANGER_TEXT, HEIGHT, INK, INK_DIM, PANEL, PANEL_EDGE, WIDTH, FocusGroup, Widget, mix, panel
from game.scenes.table.banner import BannerLook
from game.scenes.table.dialog import DialogLook, draw_dialog_frame
from game.scenes.table.scene import TableScene, paint_absence, plate_name, popup_box
from game.scenes.table.tween import Popup, Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic
from game.scenes.uno.effects import Bubble, Flash, Flight, Mark
from game.scenes.uno.results import draw_results_numbers, draw_results_static
from game.scenes.uno.layout import (
    COLOUR_RGB,
    DECK_POS,
    DIRECTION_RADII,
    DISCARD_POS,
    HAND_CARD,
    ME_PLATE,
    MINI_CARD,
    PLATE_SIZE,
    TABLE_CARD,
    TABLE_CENTER,
    WHEEL_ORDER,
    Rotations,
    avatar,
    back,
    badge_row,
    card,
    dimmed,
    draw_direction_arrow,
    glow,
    hand_hit,
    hand_layout,
    name_corner,
    pile_pose,
    plate_rect,
    selection_halo,
    seat_centres,
    shortened,
    stable_hash,
    table_surface,
    wheel_segment,
)


CARD_KINDS = ("play", "jump_in", "bounce", "give_card")
COLOUR_ORDER = {"red": 0, "yellow": 1, "green": 2, "blue": 3, "black": 4}
VALUE_ORDER = {**{str(i): i for i in range(10)}, "skip": 10, "reverse": 11, "draw1": 12, "draw2": 13, "wild": 14,
               "wild2": 15, "wild4": 16, "draw10": 17}
# where the reflex buttons may appear: a new spot for every window, so no mouse waits on one place
REFLEX_SPOTS = ((330, 200), (950, 200), (380, 410), (900, 410), (460, 140), (820, 140), (250, 300), (1030, 300),
                (560, 160), (720, 160), (300, 380), (420, 220), (860, 220), (640, 190), (300, 280), (1000, 280),
                (340, 380), (1000, 380))
UNO_SPOTS = ((1048, 520), (1010, 470), (1150, 480), (1060, 560), (1180, 620), (300, 640), (980, 640))
DARK_INK_COLOURS = ("yellow", "green")  # the wheel's: white words read 1.6:1 on the yellow, 3.5:1 on the green
REFLEX_SIZES = {"uno": (132, 132), "slap": (132, 132), "catch": (190, 76)}


DIALOG_LOOK = DialogLook(fill=(16, 36, 32), border=2, radius=18, title_size=21, title_top=12, note_color=INK, note_top=44)


def doing(phase: str | None) -> str:
    """What the one the table waits for does in ``phase`` («выбирает цвет»): the rules' own text, the one their
    refusals say too, so the table never words a phase a second time."""
    known = PHASES.get(phase)
    return known.waiting if known is not None else "ходит"


def sort_key(c: dict) -> tuple:
    return COLOUR_ORDER.get(c.get("colour"), 5), VALUE_ORDER.get(c.get("value"), 30), c.get("id", "")


STATUS_Y = 498  # the status line's middle, between the felt's rim and a lifted hand card
# the banner hangs just under the colour chip (DISCARD_POS + 76 + 26): higher, its top edge cut the chip's word;
# as wide as the felt is clear of the ticker and the side seats' plates at every seat count
BANNER_TOP = DISCARD_POS[1] + 106
BANNER_WIDTH = 600
BANNER_GAP = 3  # felt left showing between the banner and the status line
TICKER_ROWS = 6  # the last moves the table shows, like the board games' «Ходы»
TICKER_TOP_LEFT = (14, 372)  # left of the hand, below the lowest left plate at ten seats
TICKER_WIDTH = 236
TICKER_FILL = (12, 30, 26)
# the emote chips (the view's ``emotes``: the rules' list), two rows over your plate, high enough that its marks
# («сдаёт», «УНО!») hang clear; they end short of the «УНО!» button's spot beside the plate (UNO_SPOTS' (300, 640):
# covered, the button went to one astride the felt's edge)
EMOTE_GRID = pygame.Rect(14, HEIGHT - 154, 220, 62)
EMOTE_ROW, EMOTE_GAP, EMOTE_MIN_WIDTH = 34, 4, 40


def emote_rects(emotes: list[str]) -> list[pygame.Rect]:
    """Each chip as wide as its word at the text size of the moment, in rows of the grid's width: «кашель» squeezed
    into an even column was drawn at 10 px. Should the words need a third row, they share even columns instead."""
    rects: list[pygame.Rect] = []
    x, y = EMOTE_GRID.left, EMOTE_GRID.top
    for emote in emotes:
        width = max(EMOTE_MIN_WIDTH, assets.text(emote, 15, INK, "bold").get_width() + 2 * BUTTON_MARGIN + 6)
        if x > EMOTE_GRID.left and x + width > EMOTE_GRID.right:
            x, y = EMOTE_GRID.left, y + EMOTE_ROW
        rects.append(pygame.Rect(x, y, min(width, EMOTE_GRID.width), 28))
        x += width + EMOTE_GAP
    if rects and rects[-1].bottom > EMOTE_GRID.bottom:
        columns = (len(emotes) + 1) // 2
        step = (EMOTE_GRID.width + EMOTE_GAP) // columns
        rects = [pygame.Rect(EMOTE_GRID.left + (i % columns) * step, EMOTE_GRID.top + (i // columns) * EMOTE_ROW,
                             step - EMOTE_GAP, 28) for i in range(len(emotes))]
    return rects


# where words always stand at this table (the round panel, the status line, the deck's count and the colour chip,
# the emote chips; with the moves list's ticker_room() and the banner's banner_room()): a reflex button jumps among
# the spots clear of them
WORDS_AT = (pygame.Rect(14, 10, 260, 78), pygame.Rect(360, 480, 560, 38), pygame.Rect(488, 366, 294, 36), EMOTE_GRID)


def ticker_row() -> int:
    """A move's row in the «Ходы» panel: it grows with «Крупный текст»."""
    return round(21 * assets.text_scale)


def ticker_box(lines: int) -> pygame.Rect:
    """The «Ходы» panel holding ``lines`` moves, in the text size of the moment."""
    return pygame.Rect(TICKER_TOP_LEFT, (TICKER_WIDTH, 30 + ticker_row() * lines))


def ticker_room() -> pygame.Rect:
    """All the panel may fill (a full list), which the reflex buttons keep out of. A fixed room 168 px tall let a
    full list in «Крупный текст» (180 px) hang 12 px below it, where a button was free to land."""
    return ticker_box(TICKER_ROWS)


def status_label(text: str) -> pygame.Surface:
    return assets.text(text, 17, INK, "bold")


def status_box(label: pygame.Surface) -> pygame.Rect:
    return label.get_rect(center=(TABLE_CENTER[0], STATUS_Y)).inflate(26, 10)


def banner_room() -> pygame.Rect:
    """The felt between the piles' labels and the status line, where a banner keeps (every line of one text size
    is as tall as any other, so any words give the status line's top). With «Крупный текст» a two-line banner
    at full size is taller than this and covered half the status line, the words players read in a reflex."""
    bottom = status_box(status_label("Ваш ход")).top - BANNER_GAP
    room = pygame.Rect(0, BANNER_TOP, BANNER_WIDTH, bottom - BANNER_TOP)
    room.centerx = TABLE_CENTER[0]
    return room


def fitted(text: str, size: int, color, face: str, width: int) -> pygame.Surface:
    """A label that fits ``width``: a little smaller first («Крупный текст» cut «Маша» to «Ма…»), then cut with «…»
    (names typed in the settings can be long)."""
    label = assets.text(text, size, color, face)
    if label.get_width() > width:
        size = max(round(size * 0.8), size * width // label.get_width())
    return cut_to(text, size, color, face, width)


def cut_to(text: str, size: int, color, face: str, width: int) -> pygame.Surface:
    """``text`` at ``size``, its end cut with «…» until it fits ``width``."""
    label = assets.text(text, size, color, face)
    while label.get_width() > width and len(text) > 1:
        text = text[:-1]
        label = assets.text(text.rstrip() + "…", size, color, face)
    return label


TICKER_SIZE = 14


def named_seats(move: dict, name: Callable[[int], str], me: int) -> list[int]:
    """The seats ``move``'s line names."""
    named: list = []
    ticker_line(move, lambda seat: named.append(seat) or name(seat), me)
    return [seat for seat in named if isinstance(seat, int) and seat >= 0]


def ticker_rows(moves: list[dict], name: Callable[[int], str], me: int, width: int) -> tuple[list[str], int]:
    """The «Ходы» rows of ``moves`` and the one size they share, fitted to ``width``: every row shrinks together (a
    little, as ``fitted`` does), then a row still too wide shortens its names, never its move («Александра
    Константиновна: «Наоборот» (…» lost the card)."""
    rows = [ticker_line(e, name, me) or "" for e in moves]
    size = TICKER_SIZE
    while size > round(TICKER_SIZE * 0.8) and any(assets.text(r, size, INK).get_width() > width for r in rows):
        size -= 1
    for i, move in enumerate(moves):
        letters = max((len(name(s)) for s in named_seats(move, name, me)), default=0)
        while assets.text(rows[i], size, INK).get_width() > width and letters > 4:
            letters -= 1
            rows[i] = ticker_line(move, lambda seat, k=letters: shortened(name(seat), k), me) or ""
    return rows, size


PARTNER_EDGE = (70, 130, 220)  # a partner's plate in «Командная игра»
DEALER_MARK = (220, 210, 180)
BADGE_DARK_INK = (30, 30, 30)  # on the light marks (gold, orange, the dealer's cream)


def _luminance(colour: tuple) -> float:
    channels = [c / 255 for c in colour[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(fill: tuple) -> tuple:
    """White or dark words on ``fill``, whichever reads better (WCAG's contrast): a coloured mark or button whose
    colour says something (a partner's count, the catch's orange) keeps it, and its words still read."""
    lum = _luminance(fill)
    return (255, 255, 255) if 1.05 / (lum + 0.05) >= (lum + 0.05) / (_luminance(BADGE_DARK_INK) + 0.05) else BADGE_DARK_INK


class PlateBadge(NamedTuple):
    """A mark on a seat's plate, where it is drawn."""

    text: str
    rect: pygame.Rect
    fill: tuple
    ink: tuple
    size: int


def badge_label(text: str, size: int, ink: tuple) -> pygame.Surface:
    return assets.text(text, size, ink, "bold")


def badge_box(text: str, size: int) -> tuple[int, int]:
    """A mark's pill: its line's height less the font's empty leading, which kept a row of them too tall to hang
    over a plate at the top of the screen."""
    return badge_label(text, size, INK).get_rect().inflate(12, -4 if size > 12 else -2).size


COUNT_COLOURS = {"green": (40, 160, 75), "yellow": (190, 150, 20), "red": (180, 40, 40)}
PARTNER_BADGE = (56, 110, 200)  # «напарник» without partner counts: white on it reads 5:1 (4.4:1 on PARTNER_EDGE)


@lru_cache(maxsize=256)
def plate_picture(seat: int, size: tuple[int, int], name: str, detail: str, glow_k: float, edge: tuple, out: bool,
                  corner: int, colour: tuple | None = None) -> pygame.Surface:
    """A seat's plate drawn once per look (avatar, name, cards, highlight): one blit a frame. ``corner``: the
    right end of the name line its marks cover (``name_corner``), where the name stops short."""
    margin = 10
    w, h = size
    surface = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
    rect = pygame.Rect(margin, margin, w, h)
    if glow_k > 0.05:
        halo = rect.inflate(round(10 * glow_k), round(10 * glow_k))
        surface.blit(panel(halo.size, mix((14, 32, 28), ACCENT, 0.5 * glow_k), ACCENT, 0, 16), halo)
    fill = (30, 34, 34) if out else (14, 32, 28)
    surface.blit(panel(rect.size, fill, edge, 2 + round(glow_k * 2), 14), rect)
    picture = avatar(seat, h - 16, colour)
    surface.blit(picture, (rect.left + 7, rect.top + 8))
    text_left = rect.left + h - 2
    name_room = rect.right - text_left - 8 - corner
    surface.blit(plate_name(name, name_room, 17), (text_left, rect.top + 6))
    surface.blit(fitted(detail, 14, INK_DIM, "text", rect.right - text_left - 6), (text_left, rect.top + 31))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=16)
def fan_picture(count: int) -> pygame.Surface:
    """``count`` small backs side by side: a seat's cards on the table."""
    mini = back(MINI_CARD)
    step = 7
    surface = pygame.Surface((MINI_CARD[0] + step * (count - 1), MINI_CARD[1]), pygame.SRCALPHA)
    for i in range(count):
        surface.blit(mini, (i * step, 0))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=8)
def deck_picture(layers: int) -> pygame.Surface:
    card_back = back(TABLE_CARD)
    surface = pygame.Surface((TABLE_CARD[0] + layers, TABLE_CARD[1] + round(layers * 1.5)), pygame.SRCALPHA)
    for i in range(layers):
        surface.blit(card_back, (layers - 1 - i, round((layers - 1 - i) * 1.5)))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


for _cached in (plate_picture, fan_picture, deck_picture):
    assets.on_reset(_cached.cache_clear)


BUTTON_MARGIN = 6  # the label keeps this clear of the button's edge (large text drew «браво» onto it)


PALE_ACCENT = (250, 225, 150)  # a key's name on a primary or danger button


@dataclass(eq=False)
class UnoButton(Widget):
    """A table button: ``key`` names it across rebuilds, ``hint`` is its key («X»)."""

    key: str = ""
    hint: str = ""
    style: str = "normal"  # normal, primary, danger, chip

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(2 * lift))
        fill = {"primary": (44, 92, 60), "danger": (120, 36, 32), "chip": (26, 46, 42)}.get(self.style, PANEL)
        edge = mix(PANEL_EDGE, ACCENT, lift) if self.enabled else (70, 80, 76)
        surface.blit(panel(rect.size, fill, edge, 2 + round(2 * lift), 12 if self.style != "chip" else 10), rect)
        size = 15 if self.style == "chip" else 20
        ink = INK if self.enabled else INK_DIM
        if self.hint:  # gold on the green or red of a primary or danger button read 4.4:1: a paler gold there
            hint = assets.text(self.hint, 14, ACCENT if self.style in ("normal", "chip") else PALE_ACCENT, "bold")
            label = assets.fitted_text(self.label, size, ink, "bold", rect.width - 2 * BUTTON_MARGIN - 10 - hint.get_width())
            total = label.get_width() + 10 + hint.get_width()
            left = rect.centerx - total // 2
            surface.blit(label, label.get_rect(midleft=(left, rect.centery)))
            surface.blit(hint, hint.get_rect(midleft=(left + label.get_width() + 10, rect.centery + 1)))
        else:
            label = assets.fitted_text(self.label, size, ink, "bold", rect.width - 2 * BUTTON_MARGIN)
            surface.blit(label, label.get_rect(center=rect.center))


@dataclass
class ReflexButton:
    """«УНО!», «Поймал!», «Хлоп!»: big, and placed anew for every window; its hint names what presses ``intent``."""

    kind: str
    label: str
    intent: str
    color: tuple
    window: object = None
    rect: pygame.Rect | None = None
    shown: float = 0.0  # eased 0..1
    visible: bool = False
    enabled: bool = True


class UnoScene(TableScene):
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "match_over"  # the shared cheer (game.scenes.table.cheer) starts with it
    HAND_AREA = pygame.Rect(196, 540, 888, HEIGHT - 540)
    JOIN_CORNER = pygame.Rect(1062, 448, 204, 260)  # bare felt: below the rim, right of the results panel at ten seats
    REPLAY_CORNER = JOIN_CORNER  # the same felt, where the buttons and the «УНО!» a replay does not draw would stand
    # red titles are DANGER_TEXT: the strip lets the felt through, and plain DANGER read 4.2:1 on it
    BANNER_LOOK = BannerLook(title_size=26, sub_size=17, fill=(12, 22, 20), edge=(240, 190, 80))
    BANNERS_QUEUED = True  # a round's start, a swap and a caught «УНО!» come together: each is read in turn

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.rotations = Rotations()
        self.hand_pos: dict[str, list[float]] = {}  # id -> x, y, angle (eased toward the fan)
        self.hand_prev: dict[str, list[float]] = {}
        self.hand_incoming: set[str] = set()
        self.discard_incoming: set[str] = set()
        self.seat_incoming: dict[int, int] = {}
        self.selected: str | None = None
        self.zone = "hand"  # or "buttons"
        self.group = FocusGroup()
        self.buttons_signature: tuple = ()
        self.uno_armed = False
        self.wheel_index = 0
        self.picker_seat: int | None = None
        self.offer_card: str | None = None
        self.bubbles: list[Bubble] = []
        self.marks: list[Mark] = []
        self.flashes: list[Flash] = []
        self.ticker: list[str] = []  # the last moves, oldest first (``ticker_line``)
        self.ticker_moves: list[dict] = []  # their events: a row too wide is made again with shorter names
        self.ticker_drawn: tuple = ((), ([], TICKER_SIZE))  # what the rows were fitted for, and the rows
        self.clock_ms = 0.0
        self.highlight: dict[int, float] = {}
        self.dir_angle = 0.0
        self.dir_boost = 0.0
        self.shown_hand: tuple[str, list[dict], float] | None = None  # title, faces, ms left
        self.results_wait = 0.0  # the results screen opens after the last cards have landed
        self.results_k = Tween((0.0,), (1.0,), 1400.0, ease_out_cubic)
        self.results_ticks = 0
        self.countdowns: dict[str, tuple[float, float]] = {}  # name -> (left ms, total ms)
        self.last_legal_cards: frozenset = frozenset()
        self.reflex = {
            "uno": ReflexButton("uno", "УНО!", "shout", (214, 40, 40)),
            "catch": ReflexButton("catch", "Поймал!", "catch", (230, 140, 30)),
            "slap": ReflexButton("slap", "Хлоп!", "slap", (40, 100, 200)),  # white read 3.9:1 on the lighter blue
        }

    def on_seat_change(self, previous_seat: int) -> None:
        """Couch play put another local seat on screen: its hand, its cursor, its table."""
        self.hand_pos.clear()
        self.hand_prev.clear()
        self.hand_incoming.clear()
        self.seat_incoming = {}
        self.discard_incoming.clear()
        self.flights.clear()
        self.selected = None
        self.zone = "hand"
        self.offer_card = None
        self.uno_armed = False
        self.buttons_signature = ()
        self.last_legal_cards = frozenset()

    # ================================================================== view helpers
    @property
    def n(self) -> int:
        return self.view.get("seats", len(self.names)) if self.view else len(self.names)


    def centres(self) -> tuple[tuple[int, int], ...]:
        return seat_centres(self.n, max(0, self.me))

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where things about a seat appear: over its plate, or over your hand."""
        if seat == self.me:  # over the hand, below the status line (a popup rises 70 px and must stop short of it)
            return 640.0, 600.0
        if 0 <= seat < self.n:  # a third of the way in from the seat's cards: what rises stays off its plate
            x, y = self.fan_anchor(seat)
            return x + (TABLE_CENTER[0] - x) / 3, y - 8 + (TABLE_CENTER[1] - y) / 3
        return float(TABLE_CENTER[0]), float(TABLE_CENTER[1])

    def fan_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards lie on the table (flights start and end there)."""
        if seat == self.me:
            return 640.0, 640.0
        cx, cy = self.plate_of(seat).center  # where the plate stands, moved in from the screen's edges
        dx, dy = TABLE_CENTER[0] - cx, TABLE_CENTER[1] - cy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        half_w, half_h = PLATE_SIZE[0] / 2, PLATE_SIZE[1] / 2
        to_edge = min(half_w / abs(ux) if ux else 1e9, half_h / abs(uy) if uy else 1e9)
        return cx + ux * (to_edge + 36), cy + uy * (to_edge + 36)

    def hand(self) -> list[dict]:
        return sorted(self.view.get("hand", []) if self.view else [], key=sort_key)

    def playable_drawn(self) -> str | None:
        """The card this seat has just drawn, when it may be played."""
        drawn = self.view.get("drawn") if self.view else None
        return drawn if drawn is not None and self.legal_for_card(drawn) else None

    def answer_due(self) -> str | None:
        """The button Enter must press because nothing else can be done: «Готов», or «Беру +N» when no card
        answers the attack (the hint names it; the emote chips are no alternative)."""
        if self.can("ready"):
            return "ready"
        if self.can("accept") and not self.can("challenge") and not any(
                a.get("kind") in CARD_KINDS for a in self.legal):
            return "accept"
        return None

    def legal_for_card(self, card_id: str) -> list[dict]:
        return [a for a in self.legal if a.get("kind") in CARD_KINDS and a.get("card") == card_id]

    def legal_card_ids(self) -> set[str]:
        ids = {a["card"] for a in self.legal if a.get("kind") in CARD_KINDS}
        if self.can("offer_card") and self.offer_card is None:
            ids |= {a["card"] for a in self.legal_of("offer_card")}
        return ids

    def uno_variants(self) -> bool:
        return any(a.get("uno") for a in self.legal if a.get("kind") in ("play", "jump_in"))

    def attack(self) -> dict | None:
        return self.view.get("pending") if self.view else None

    def between_rounds(self) -> bool:
        return bool(self.view) and self.view.get("phase") in ("round_over", "match_over")

    def shown_count(self, seat: int) -> int:
        players = self.view.get("players", [])
        count = players[seat]["cards"] if seat < len(players) else 0
        return max(0, count - self.seat_incoming.get(seat, 0))

    # ================================================================== sounds and events
    def event_sound(self, event: dict) -> str | None:
        kind = event.get("kind")
        if kind == "turn_started":
            return "turn_start" if event.get("seat") == self.me else None
        if kind == "cards_received":
            return None  # the public «cards_drawn» of the same move already sounded
        if kind == "match_over":
            winners = (event.get("result") or {}).get("winners", [])
            return "win" if self.me in winners else ("lose" if self.me >= 0 else "score_tick")
        if kind == "choice_wait" and event.get("seat") == self.me:
            return "turn_start"
        if kind == "emoted":
            return EMOTE_SOUNDS.get(event.get("emote"), self.EVENT_SOUNDS["emoted"])
        return self.EVENT_SOUNDS.get(kind)

    def seat_popup(self, seat: int, text: str, colour, size: int, up: int = 0) -> None:
        """A popup rising over a seat (``up`` px above its anchor): the seat's speech bubble gives way to it («Перехват!»
        and «УНО!» lay on each other), and it stops short of what stands above it: the status line over your hand (a
        large «УНО!» rose into it), a top seat's plate and the marks under it («напарник»)."""
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        x, y = self.seat_anchor(seat)
        start = popup_box(Popup(text, x, y - up, colour, size), 0.0)
        if seat == self.me:
            above = status_box(status_label("Ваш ход"))
        else:
            above = self.plate_of(seat).unionall([badge.rect for badge in self.plate_badges(seat)])
        rise = 70.0 if above.bottom > start.top else min(70.0, start.top - above.bottom - 4)  # a plate beside: no cap
        self.popup(text, x, y - up, colour, size, rise=rise)

    def bubble(self, seat: int, text: str) -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        self.bubbles.append(Bubble(seat, text))

    def fly(self, face: dict | None, start, end, delay: float = 0.0, ms: float = 380.0, flip: bool = False,
            arc: float = 36.0, on_land: Callable[[], None] | None = None) -> Flight:
        flight = Flight(face, tuple(start), tuple(end), Tween((0.0,), (1.0,), ms, ease_in_out_cubic, delay_ms=delay),
                        flip=flip, arc=arc, on_land=on_land)
        self.flights.add(flight)
        return flight

    def slot_pose(self, card_id: str) -> tuple[float, float, float]:
        hand = self.hand()
        poses = hand_layout(len(hand))
        for c, pose in zip(hand, poses):
            if c["id"] == card_id:
                return pose
        return 640.0, 652.0, 0.0

    def to_seat(self, seat: int, delay: float, face: dict | None = None, source=None, ms: float = 420.0) -> None:
        """A card from the deck (or ``source``) to someone's hand; yours turn face up on the way."""
        start = source or (DECK_POS[0], DECK_POS[1], 0.0, 1.0)
        if seat == self.me and face is not None:
            cid = face["id"]
            self.hand_incoming.add(cid)
            x, y, a = self.slot_pose(cid)

            def land(cid=cid, x=x, y=y, a=a):
                self.hand_incoming.discard(cid)
                self.hand_pos[cid] = [x, y, a]
                self.hand_prev[cid] = [x, y, a]

            self.fly(face, start, (x, y, a, HAND_CARD[0] / TABLE_CARD[0]), delay, ms, flip=start[3] >= 0.99,
                     on_land=land)
            return
        if seat == self.me:
            return
        self.seat_incoming[seat] = self.seat_incoming.get(seat, 0) + 1
        fx, fy = self.fan_anchor(seat)

        def land_back(seat=seat):
            self.seat_incoming[seat] = max(0, self.seat_incoming.get(seat, 0) - 1)

        self.fly(None, start, (fx, fy, 0.0, 0.34), delay, ms, on_land=land_back)

    def from_seat(self, seat: int, card_id: str | None) -> tuple[float, float, float, float]:
        if seat == self.me and card_id in self.hand_pos:
            x, y, a = self.hand_pos.pop(card_id)
            self.hand_prev.pop(card_id, None)
            return x, y, a, HAND_CARD[0] / TABLE_CARD[0]
        fx, fy = self.fan_anchor(seat)
        return fx, fy, 0.0, 0.34

    def on_event(self, event: dict, previous_view: dict | None) -> None:
        super().on_event(event, previous_view)
        line = ticker_line(event, self.name, self.me)
        if event.get("kind") == "round_started":
            self.ticker, self.ticker_moves = [], []
        elif line is not None:
            self.ticker = (self.ticker + [line])[-TICKER_ROWS:]
            self.ticker_moves = (self.ticker_moves + [event])[-TICKER_ROWS:]

    def ticker_rect(self) -> pygame.Rect | None:
        """Where the moves list stands now (None while it is empty)."""
        return ticker_box(len(self.ticker)) if self.ticker else None

    def draw_ticker(self, surface: pygame.Surface) -> None:
        box = self.ticker_rect()
        if box is None:
            return
        row = ticker_row()
        surface.blit(panel(box.size, TICKER_FILL, PANEL_EDGE, 1, 12), box)
        surface.blit(assets.text("Ходы", 15, INK_DIM, "bold"), (box.left + 10, box.top + 6))
        key = (tuple(self.ticker), tuple(self.names), self.me, assets.text_scale)
        if self.ticker_drawn[0] != key:  # fitting measures many labels: once per list, not per frame
            self.ticker_drawn = key, ticker_rows(self.ticker_moves, self.name, self.me, box.width - 20)
        lines, size = self.ticker_drawn[1]
        for i, line in enumerate(lines):
            colour = INK if i == len(lines) - 1 else INK_DIM
            surface.blit(cut_to(line, size, colour, "text", box.width - 20), (box.left + 10, box.top + 26 + i * row))

    # --- dealing
    def ev_round_started(self, e: dict, before: dict) -> None:
        n = self.n
        self.hand_pos.clear()
        self.hand_prev.clear()
        self.hand_incoming.clear()
        self.discard_incoming.clear()
        self.seat_incoming = {}
        self.flights.clear()
        self.shown_hand = None
        self.results_wait = 0.0
        self.uno_armed = False
        self.offer_card = None
        sizes = e.get("hand_sizes", [])
        dealer = e.get("dealer", 0)
        self.deal_stagger = min(60.0, 2400.0 / max(1, 7 * n))
        self.deal_dealer = dealer
        for seat in range(n):
            if seat == self.me:
                continue
            order = (seat - dealer - 1) % n
            for i in range(sizes[seat] if seat < len(sizes) else 0):
                self.to_seat(seat, (i * n + order) * self.deal_stagger, ms=360)
        deal_ms = 7 * n * self.deal_stagger
        top = e.get("top")
        if top:
            tid = top["id"]
            self.discard_incoming.add(tid)
            dx, dy, angle = pile_pose(tid)
            self.fly(top, (DECK_POS[0], DECK_POS[1], 0.0, 1.0), (DISCARD_POS[0] + dx, DISCARD_POS[1] + dy, angle, 1.0),
                     deal_ms + 200, 420, flip=True, on_land=lambda: self.discard_incoming.discard(tid))
        first = e.get("first", 0)
        starts = opens(self.seat_name(first), first == self.me)
        self.banner(f"Тур {e.get('round', 1)}", f"{acts(self.name(dealer), 'сдаёт', dealer == self.me)} · {starts}", ACCENT)

    def deal_fresh_game(self) -> None:
        """A game joined at its very start has no «round_started» to show: deal from the view."""
        view = self.view
        if self.state_id != 0 or view.get("phase") != "play" or view.get("discard_count") != 1:
            return
        self.ev_round_started({"round": view.get("round", 1), "dealer": view.get("dealer", 0),
                               "first": view.get("turn", 0), "top": view.get("top"),
                               "hand_sizes": [p.get("cards", 0) for p in view.get("players", [])]}, {})
        if self.me >= 0:
            self.ev_dealt({"to": self.me, "cards": list(view.get("hand", []))}, {})
        self.app.play_sound("shuffle")

    def ev_dealt(self, e: dict, before: dict) -> None:
        n = self.n
        order = (self.me - getattr(self, "deal_dealer", 0) - 1) % n
        stagger = getattr(self, "deal_stagger", 40.0)
        for i, face in enumerate(e.get("cards", [])):
            self.to_seat(self.me, (i * n + order) * stagger, face=face, ms=420)

    def ev_starter_returned(self, e: dict, before: dict) -> None:
        face = dict(e.get("face") or {})
        if not face.get("value"):
            return
        face.setdefault("id", "starter")
        back_to_deck = (DECK_POS[0], DECK_POS[1], 0.0, 1.0)
        over_pile = (DISCARD_POS[0], DISCARD_POS[1] - 20, 0.0, 1.0)

        def return_it():
            self.fly(None, over_pile, back_to_deck, 250, 360)

        self.fly(face, back_to_deck, over_pile, 2600, 360, flip=True, on_land=return_it)
        self.banner("Первая карта не годится", f"{card_name(face)} уходит обратно в колоду", INK_DIM, 2200)

    # --- cards moving
    def ev_card_played(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        face = e.get("card") or {}
        cid = face.get("id")
        start = self.from_seat(seat, cid)
        dx, dy, angle = pile_pose(str(cid))
        if cid:
            self.discard_incoming.add(cid)
        self.fly(face, start, (DISCARD_POS[0] + dx, DISCARD_POS[1] + dy, angle, 1.0), 0, 340,
                 flip=seat != self.me, arc=30, on_land=lambda: self.discard_incoming.discard(cid))
        if seat == self.me:
            self.uno_armed = False
        if e.get("answer") and not e.get("jump_in"):  # a jump-in is told by its bubble and the banner already
            self.seat_popup(seat, f"{of_player('Отбился', self.seat_name(seat), seat == self.me)}!", ACCENT, 28)

    def ev_colour_chosen(self, e: dict, before: dict) -> None:
        colour = e.get("colour", "")
        rgb = COLOUR_RGB.get(colour, INK)
        self.flashes.append(Flash(rgb, DISCARD_POS, 240))
        prefix = "Цвет по кругу" if e.get("auto") else "Цвет"
        # rising 35 px, clear of the top seats' cards and speech bubbles (at 70 it reached their «Пас»)
        self.popup(f"{prefix}: {COLOUR_LABELS.get(colour, colour)}", DISCARD_POS[0], DISCARD_POS[1] - 90, rgb, 30, rise=35)

    def ev_cards_drawn(self, e: dict, before: dict) -> None:
        seat, count = e.get("seat", -1), e.get("count", 0)
        reason = e.get("reason", "draw")
        if seat != self.me:
            for i in range(min(count, 12)):
                self.to_seat(seat, i * 90)
        if count:  # the «+N» chip said a penalty waits there: taken, it goes, and the popup saying so rises clear
            self.marks = [m for m in self.marks if not (m.seat == seat and m.kind == "plus")]
        if count and (reason != "draw" or count > 1):
            told = draw_reason(reason)
            label = f"+{count}" + (f" · {told.words}" if told.words else "")
            self.seat_popup(seat, label, DANGER if told.costly else ACCENT, 26, up=10)
        if e.get("short"):
            self.banner("Карты кончились", f"{acts(self.name(seat), 'не добирает', seat == self.me)} {count_of(e['short'], 'карту')}: обе колоды пусты", INK_DIM)

    def ev_cards_received(self, e: dict, before: dict) -> None:
        if e.get("to") != self.me and e.get("to") is not None:
            return
        # cards from another hand come across the middle of the table, the rest from the deck
        source = None if draw_reason(e.get("reason")).from_deck else (TABLE_CENTER[0], TABLE_CENTER[1], 0.0, 0.5)
        for i, face in enumerate(e.get("cards", [])):
            self.to_seat(self.me, i * 90, face=face, source=source)

    def ev_card_taken_back(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        face = e.get("card") or {}
        dx, dy, angle = pile_pose(str(face.get("id")))
        start = (DISCARD_POS[0] + dx, DISCARD_POS[1] + dy, angle, 1.0)
        if seat == self.me:
            self.to_seat(seat, 0, face=face, source=start)
        else:
            self.to_seat(seat, 0, source=start)
        self.seat_popup(seat, "«+4» обратно!", DANGER, 26)

    def ev_deck_recycled(self, e: dict, before: dict) -> None:
        for i in range(5):
            self.fly(None, (DISCARD_POS[0], DISCARD_POS[1], 0.0, 1.0), (DECK_POS[0], DECK_POS[1], 0.0, 1.0), i * 70, 360)
        self.banner("Сброс перемешан", f"{count_of(e.get('count', 0), 'карта')} снова в колоде", INK_DIM, 1800)

    def ev_hands_rotated(self, e: dict, before: dict) -> None:
        direction = e.get("direction", 1)
        n = self.n
        for seat in range(n):
            target = (seat + direction) % n
            if seat == target:
                continue
            fx, fy = self.fan_anchor(seat)
            tx, ty = self.fan_anchor(target)
            self.fly(None, (fx, fy, 0.0, 0.5), (tx, ty, 0.0, 0.5), seat * 40, 520, arc=20)
        if self.me >= 0:
            self.reset_hand_from(TABLE_CENTER)
        self.banner("Ноль: руки по кругу!", "Все передают карты соседу по ходу игры", ACCENT)

    def ev_hands_swapped(self, e: dict, before: dict) -> None:
        a, b = e.get("seat", -1), e.get("other", -1)
        for s, t in ((a, b), (b, a)):
            fx, fy = self.fan_anchor(s)
            tx, ty = self.fan_anchor(t)
            self.fly(None, (fx, fy, 0.0, 0.5), (tx, ty, 0.0, 0.5), 0, 560, arc=50)
        if self.me in (a, b):
            other = b if self.me == a else a
            self.reset_hand_from(self.fan_anchor(other))
        self.banner("Семь: обмен руками", f"{self.name(a)} и {self.name(b)} меняются картами" if self.me not in (a, b) else f"Вы и {self.name(b if a == self.me else a)} меняетесь картами", ACCENT)

    def reset_hand_from(self, point) -> None:
        """Your whole hand was replaced: every card slides in from ``point``."""
        self.hand_pos.clear()
        self.hand_prev.clear()
        for c in self.hand():
            self.hand_pos[c["id"]] = [point[0], point[1], 0.0]
            self.hand_prev[c["id"]] = [point[0], point[1], 0.0]

    def ev_new_hand(self, e: dict, before: dict) -> None:
        pass  # the rotation or swap that caused it already moved the hand

    def ev_cards_exchanged(self, e: dict, before: dict) -> None:
        a, b = e.get("seat", -1), e.get("other", -1)
        if e.get("declined") or a == b:
            self.bubble(a, "Не меняюсь")
            return
        for s, t in ((a, b), (b, a)):
            if s != self.me:
                fx, fy = self.fan_anchor(s)
                tx, ty = self.fan_anchor(t)
                self.fly(None, (fx, fy, 0.0, 0.4), (tx, ty, 0.0, 0.4), 0, 480, arc=40)
        self.banner("Пять: обмен картами", f"{self.name(a)} и {self.name(b)}", ACCENT, 2000)

    def ev_hand_shown(self, e: dict, before: dict) -> None:
        self.shown_hand = (f"Карты: {self.name(e.get('seat', -1))}", list(e.get("faces", [])), 4000.0)

    # --- turns and effects
    def ev_turn_started(self, e: dict, before: dict) -> None:
        if e.get("seat") == self.me:  # no bubble: the status line says «Ваш ход: …» where the bubble stood on it
            if not self.couch:  # at the couch the table rumbles the right pad itself
                self.app.input.rumble(getattr(self, "last_device", ""), 0.4, 120)

    def ev_passed(self, e: dict, before: dict) -> None:
        self.bubble(e.get("seat", -1), "Пас")

    def ev_turn_skipped(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.marks.append(Mark(seat, "skip"))
        self.seat_popup(seat, "Пропуск!", DANGER, 28)

    def ev_direction_changed(self, e: dict, before: dict) -> None:
        self.dir_boost = 1.0
        label = "по часовой" if e.get("direction", 1) > 0 else "против часовой"
        # on the banner strip: a popup above the piles rose under the top seats' cards and crossed the popups of the
        # seats beside it («Пропуск!»)
        self.banner("Наоборот!", f"теперь {label}", ACCENT, 1600)

    def ev_attack_pending(self, e: dict, before: dict) -> None:
        target, amount = e.get("target", -1), e.get("amount", 0)
        self.marks.append(Mark(target, "plus", f"+{amount}"))
        x, y = self.seat_anchor(target)
        self.flashes.append(Flash((230, 60, 50), (x, y + 30), 120))
        if target == self.me:
            sub = "Можно проверить на честность" if e.get("challengeable") else "Отбейтесь или возьмите карты"
            self.banner(f"На вас +{amount}", sub, DANGER_TEXT)

    def ev_attack_bounced(self, e: dict, before: dict) -> None:
        self.banner("Отбито «Наоборотом»!", f"+{e.get('amount', 0)} летит к: {self.name(e.get('back_to', -1))}", ACCENT)

    def ev_challenged(self, e: dict, before: dict) -> None:
        accused = self.name(e.get("accused", -1))
        payer = self.name(e.get("penalty_seat", -1))
        if e.get("guilty"):
            self.banner("Жульничество раскрыто!", f"{accused}: «+4» обратно в руку и ещё {count_of(e.get('penalty', 0), 'карта')}", DANGER_TEXT)
        else:
            self.banner("Всё честно!", f"{acts(payer, 'берёт', e.get('penalty_seat', -1) == self.me)} {count_of(e.get('penalty', 0), 'карту')} за недоверие", ACCENT)

    def ev_ready_wait(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.countdowns["ready"] = (8000.0, 8000.0)
        if seat != self.me:
            self.bubble(seat, f"{doing('ready')}…")

    def ev_ready_said(self, e: dict, before: dict) -> None:
        self.countdowns.pop("ready", None)
        self.bubble(e.get("seat", -1), "Готов!")

    def ev_choice_wait(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        if seat != self.me:  # the view is already in the phase the choice belongs to
            self.bubble(seat, f"{doing(self.view.get('phase'))}…")
        elif e.get("what") == "colour":
            self.wheel_index = self.best_colour_index()

    # --- «УНО!» and the reflex moments
    def ev_uno_shouted(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.seat_popup(seat, "УНО!", (240, 60, 50), 46, up=10)
        if not e.get("on_time") and e.get("margin_ms"):
            self.banner(f"{of_player('Успел', self.seat_name(seat), seat == self.me)} крикнуть!",
                        f"{self.name(seat)}: на {e['margin_ms']} мс раньше ловцов", ACCENT, 2200)

    def ev_uno_missed(self, e: dict, before: dict) -> None:
        self.bubble(e.get("seat", -1), "…")

    def ev_catch_pressed(self, e: dict, before: dict) -> None:
        self.bubble(e.get("seat", -1), "Ловлю!")

    def ev_uno_caught(self, e: dict, before: dict) -> None:
        target, by = e.get("seat", -1), e.get("by", -1)
        self.marks.append(Mark(target, "plus", "+2"))
        margin = "ничья — решила монетка" if e.get("tie") else f"на {e.get('margin_ms', 0)} мс раньше"
        self.banner(f"Поймали! {acts(self.name(target), 'берёт', target == self.me)} 2",
                    f"Быстрее всех — {self.name(by)}: {margin} · реакция {e.get('reaction_ms', 0)} мс", ACCENT, 3200)
        self.seat_popup(target, "Без «УНО!»", DANGER, 26)

    def ev_uno_window_closed(self, e: dict, before: dict) -> None:
        self.bubble(e.get("seat", -1), "проскочило!")

    def ev_false_reflex(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        what = {"catch": "ловля", "slap": "хлопок", "shout": "крик"}.get(e.get("what"), "нажатие")
        self.bubble(seat, "Фальстарт!")
        if seat == self.me:
            self.shake.start()
            extra = f" и {count_of(e['penalty'], 'карта')}" if e.get("penalty") else ""
            self.app.toast(f"Ложный {what}: кнопки заблокированы на 2 с{extra}.", 2500)

    def ev_lockout_over(self, e: dict, before: dict) -> None:
        if e.get("seat") == self.me:
            self.popup("Можно снова ловить", 640, 500, INK_DIM, 20)

    def ev_slap_opened(self, e: dict, before: dict) -> None:
        total = float(max(300, e.get("deadline_ms", 0) - (self.view.get("slap") or {}).get("opened_ms", 0) or 2000))
        self.countdowns["slap"] = (total, total)
        if e.get("shouter") == self.me:
            self.banner("УНО в центр!", "Ваша рука на колоде — ждём остальных", ACCENT, 1800)
        else:
            self.banner("УНО в центр! Хлопайте!", "Последняя рука берёт 2 карты", DANGER_TEXT, 1800)

    def ev_slapped(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.bubble(seat, f"Хлоп! {e.get('reaction_ms', 0)} мс")

    def ev_slap_result(self, e: dict, before: dict) -> None:
        self.countdowns.pop("slap", None)
        losers = e.get("losers", [])
        last = e.get("last", -1)
        if last >= 0:
            late = of_player("отстал", self.seat_name(last), last == self.me)
            sub = "ничья — решила монетка" if e.get("tie") else f"{late} на {e.get('margin_ms', 0)} мс"
            self.banner(f"Последняя рука — {self.name(last)}: +2", sub, DANGER_TEXT, 3000)
        elif losers:
            self.banner("Не успели хлопнуть", ", ".join(self.name(s) for s in losers) + " — по 2 карты", DANGER_TEXT, 3000)

    def ev_jump_pressed(self, e: dict, before: dict) -> None:
        self.bubble(e.get("seat", -1), "Перехват!")

    def ev_jump_in_won(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        if e.get("rivals"):
            margin = "ничья — решила монетка" if e.get("tie") else f"на {e.get('margin_ms', 0)} мс раньше"
            sub = f"{margin} · реакция {e.get('reaction_ms', 0)} мс"
        else:
            sub = f"реакция {e.get('reaction_ms', 0)} мс"
        self.banner(f"Перехват хода: {self.name(seat)}", sub, ACCENT, 2400)

    # --- house-rule moments
    def ev_silence_started(self, e: dict, before: dict) -> None:
        why = "пока ход не вернётся к положившему двойку" if e.get("reason") == "two" else "пока не сменится цвет"
        self.banner("Тсс! Тишина", f"Ни слова и ни эмоции, {why}", (170, 200, 255), 3000)

    def ev_silence_ended(self, e: dict, before: dict) -> None:
        broken = e.get("broken_by", -1)
        if broken >= 0:
            self.banner("Тишина нарушена", f"{acts(self.name(broken), 'берёт', broken == self.me)} {count_of(2, 'карту')}", DANGER_TEXT)
        else:
            self.popup("Можно говорить", TABLE_CENTER[0], TABLE_CENTER[1] + 120, INK_DIM, 22)

    def ev_emoted(self, e: dict, before: dict) -> None:
        self.bubble(e.get("seat", -1), e.get("emote", ""))

    def ev_mistake(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.bubble(seat, "Ошибка! +2")
        if seat == self.me:
            self.shake.start()
            self.app.toast(str(e.get("reason", "Ошибка.")) + " Штраф — 2 карты.", 3000)

    def ev_hand_refilled(self, e: dict, before: dict) -> None:
        self.banner(f"{self.name(e.get('seat', -1))}: рука пуста", f"{verb_for('Добирает', e.get('seat', -1) == self.me)} {count_of(e.get('count', 0), 'новая карта')}", ACCENT)

    def ev_player_out(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.marks.append(Mark(seat, "star", f"{e.get('place', 1)}-е место"))  # it says so: a «Без карт!» lay on it

    # --- rounds
    def ev_round_over(self, e: dict, before: dict) -> None:
        self.results_wait = 1500.0
        self.results_k = Tween((0.0,), (1.0,), 1400.0, ease_out_cubic, delay_ms=1700.0)
        self.results_ticks = 0
        self.countdowns["round"] = (float(ROUND_OVER_MS), float(ROUND_OVER_MS))  # the host's own wait, from now
        winner = (e.get("result") or {}).get("winner", -1)
        self.banner("Тур окончен", f"Победа в туре: {self.name(winner)}", ACCENT, 1600)

    def ev_continue_pressed(self, e: dict, before: dict) -> None:
        pass  # the results screen ticks that row off

    def ev_match_over(self, e: dict, before: dict) -> None:
        self.results_wait = max(self.results_wait, 1500.0)

    # ================================================================== input
    def handle_table(self, intent: Intent) -> None:
        if self.view is None:
            return
        name = intent.name
        if intent.device:
            self.last_device = intent.device
        if name == "play":
            key = intent.extra.get("key")
            if "confirm" in self.app.input.key_to_intents.get(key, []):
                return  # Enter is both «confirm» and «play»: act once
            name = "confirm"
        if name in ("shout", "catch", "slap"):
            return self.reflex_press(name)
        if self.results_open():
            return self.handle_results(intent, name)
        if self.colour_wheel_open():
            return self.handle_wheel(intent, name)
        if self.picker_open():
            return self.handle_picker(intent, name)
        if name == "draw":
            return self.take_cards()
        if name in ("point", "click") and intent.pos is not None:
            return self.handle_mouse(intent, name)
        if name == "key":
            return
        if self.zone == "buttons" and self.group.widgets:
            return self.handle_buttons(name)
        self.handle_hand(name)

    def handle_hand(self, name: str) -> None:
        visible = self.visible_hand()
        ids = [c["id"] for c in visible]
        if name in ("left", "right") and ids:
            i = ids.index(self.selected) if self.selected in ids else 0
            i = max(0, min(len(ids) - 1, i + (-1 if name == "left" else 1)))
            if ids[i] != self.selected:
                self.selected = ids[i]
                self.app.play_sound("menu_move")
        elif name == "up" and self.group.widgets:
            self.zone = "buttons"
            self.app.play_sound("menu_move")
        elif name == "confirm":
            # the hint says «Enter — сыграть» of a card just drawn: only that card may go now
            card = self.playable_drawn() or (self.selected if self.selected in ids else None)
            if card is not None:
                self.use_card(card)

    def handle_buttons(self, name: str) -> None:
        if name == "down" and not self.group.move(0, 1):
            self.zone = "hand"
            self.app.play_sound("menu_move")
            return
        if name == "up":
            self.group.move(0, -1)
            return
        if name in ("left", "right"):
            self.group.move(-1 if name == "left" else 1, 0)
            return
        if name == "confirm" and self.group.focused is not None:
            self.app.play_sound("menu_confirm")
            self.group.focused.activate()

    def handle_mouse(self, intent: Intent, name: str) -> None:
        pos = intent.pos
        for button in self.reflex.values():
            if button.visible and button.rect is not None and button.rect.collidepoint(pos):
                if name == "click":
                    self.reflex_press(button.intent)
                return
        for i, w in enumerate(self.group.widgets):
            if w.rect.collidepoint(pos):
                self.group.focus = i
                self.zone = "buttons"
                if name == "click":
                    self.app.play_sound("menu_confirm")
                    w.activate()
                return
        visible = self.visible_hand()
        xs = [self.hand_pos.get(c["id"], [640.0])[0] for c in visible]
        lifts = [self.card_lift(c["id"]) for c in visible]
        index = hand_hit(xs, pos, lifts)
        if index is not None:
            self.zone = "hand"
            if visible[index]["id"] != self.selected:
                self.selected = visible[index]["id"]
            if name == "click":
                self.use_card(self.selected)
            return
        if name == "click":
            deck = pygame.Rect(0, 0, *TABLE_CARD)
            deck.center = DECK_POS
            if deck.inflate(16, 16).collidepoint(pos):
                self.take_cards()

    # --- doing things
    def use_card(self, card_id: str) -> None:
        """Enter / A / a click on a card: whatever that card may do now."""
        if self.can("offer_card") and self.offer_card is None:
            if any(a.get("card") == card_id for a in self.legal_of("offer_card")):
                self.offer_card = card_id
                self.picker_seat = None
                self.app.play_sound("menu_confirm")
                return
        actions = self.legal_for_card(card_id)
        if actions:
            kinds = [a["kind"] for a in actions]
            kind = next(k for k in CARD_KINDS if k in kinds)
            options = [a for a in actions if a["kind"] == kind]
            chosen = next((a for a in options if bool(a.get("uno")) == self.uno_armed), options[0])
            return self.send(dict(chosen))
        # not on the list: let the host judge and explain (with «Штрафы» a wrong card costs two)
        view = self.view
        kind = "play"
        if view.get("turn") != self.me and view.get("phase") == "play" and view.get("jump_ins"):
            kind = "jump_in"
        uno = self.uno_armed and len(view.get("hand", [])) == 2
        self.send({"kind": kind, "card": card_id, "uno": uno})

    def take_cards(self) -> None:
        for kind in ("draw", "pass", "accept"):
            if self.can(kind):
                return self.send({"kind": kind})
        if self.view.get("phase") == "play":
            self.send({"kind": "draw"})  # the host says why not, in Russian
        else:
            self.on_error("Сейчас брать карту нельзя.")

    def reflex_press(self, what: str) -> None:
        if what == "shout":
            if self.can("shout"):
                return self.send({"kind": "shout"})
            if self.uno_variants():
                self.uno_armed = not self.uno_armed
                if self.uno_armed:
                    self.app.play_sound("uno_shout")
                    self.popup("УНО! — с этой картой", 640, 500, (240, 60, 50), 26)
                return
            return self.send({"kind": "shout"})  # a false shout: the host decides its price
        self.send({"kind": what})

    def best_colour_index(self) -> int:
        counts = {c: 0 for c in WHEEL_ORDER}
        for c in self.view.get("hand", []) if self.view else []:
            if c.get("colour") in counts:
                counts[c["colour"]] += 1
        best = max(WHEEL_ORDER, key=lambda c: counts[c])
        return WHEEL_ORDER.index(best)

    # --- the colour wheel
    def colour_wheel_open(self) -> bool:
        return self.can("choose_colour")

    def wheel_index_at(self, pos) -> int | None:
        cx, cy = TABLE_CENTER
        dx, dy = pos[0] - cx, pos[1] - cy
        r = math.hypot(dx, dy)
        if not 40 <= r <= 170:
            return None
        angle = math.degrees(math.atan2(dy, dx))  # 0 right, 90 down
        return {0: 1, 1: 2, 2: 3, 3: 0}[int(((angle + 45) % 360) // 90)]

    def handle_wheel(self, intent: Intent, name: str) -> None:
        picks = {"up": 0, "right": 1, "down": 2, "left": 3}
        if name in picks:
            if self.wheel_index != picks[name]:
                self.wheel_index = picks[name]
                self.app.play_sound("menu_move")
        elif name == "confirm":
            self.send({"kind": "choose_colour", "colour": WHEEL_ORDER[self.wheel_index]})
        elif name in ("point", "click") and intent.pos is not None:
            index = self.wheel_index_at(intent.pos)
            if index is not None:
                self.wheel_index = index
                if name == "click":
                    self.send({"kind": "choose_colour", "colour": WHEEL_ORDER[index]})
        elif name == "key":
            key = intent.extra.get("key")
            digits = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
            if key in digits and self.wheel_index != digits[key]:  # a digit picks as an arrow does: Enter chooses
                self.wheel_index = digits[key]
                self.app.play_sound("menu_move")

    # --- choosing a seat (семь-ноль, обмен на пятёрке)
    def picker_seats(self) -> list[int]:
        if self.can("swap_with"):
            seats = {a["seat"] for a in self.legal_of("swap_with")}
        elif self.can("offer_card") and self.offer_card is not None:
            seats = {a["seat"] for a in self.legal_of("offer_card") if a.get("card") == self.offer_card}
        else:
            return []
        n = self.n
        return sorted(seats, key=lambda s: (s - self.me) % n)

    def picker_open(self) -> bool:
        return bool(self.picker_seats())

    def handle_picker(self, intent: Intent, name: str) -> None:
        seats = self.picker_seats()
        if self.picker_seat not in seats:
            self.picker_seat = seats[0]
        i = seats.index(self.picker_seat)
        if name in ("left", "up", "right", "down"):
            step = -1 if name in ("left", "down") else 1
            self.picker_seat = seats[(i + step) % len(seats)]
            self.app.play_sound("menu_move")
        elif name == "confirm":
            self.pick_seat(self.picker_seat)
        elif name == "draw" and self.offer_card is not None:
            self.offer_card = None
        elif name in ("point", "click") and intent.pos is not None:
            for s in seats:
                if self.plate_of(s).inflate(10, 10).collidepoint(intent.pos):
                    self.picker_seat = s
                    if name == "click":
                        self.pick_seat(s)
                    return
            if name == "click":
                for w in self.group.widgets:
                    if w.rect.collidepoint(intent.pos):
                        w.activate()
                        return

    def pick_seat(self, seat: int) -> None:
        if self.can("swap_with"):
            self.send({"kind": "swap_with", "seat": seat})
        elif self.offer_card is not None:
            self.send({"kind": "offer_card", "seat": seat, "card": self.offer_card})
            self.offer_card = None

    # --- results between rounds
    def results_open(self) -> bool:
        return self.between_rounds() and self.results_wait <= 0

    def handle_results(self, intent: Intent, name: str) -> None:
        if name == "click" and self.replay_offered() and self.replay_button_rect().collidepoint(intent.pos or (-1, -1)):
            self.open_replay()
            return
        if name == "confirm" or (name == "click" and self.results_button_rect().collidepoint(intent.pos or (-1, -1))):
            if self.view.get("phase") == "match_over":
                self.app.pop()
            elif self.can("continue"):
                self.app.play_sound("menu_confirm")
                self.send({"kind": "continue"})

    # ================================================================== buttons
    def rebuild_buttons(self) -> None:
        view = self.view
        attack = self.attack()
        signature = (self.state_id, self.offer_card, tuple(sorted(a["kind"] for a in self.legal)), self.between_rounds(),
                     bool(self.app.input.pads))  # a pad plugged in: the hints name its buttons
        if signature == self.buttons_signature:
            return
        self.buttons_signature = signature
        previous = self.group.focused.key if self.group.focused is not None else None
        widgets: list[UnoButton] = []
        column_x, width, height = 1090, 176, 46
        y = HEIGHT - 14 - height

        def column(key: str, label: str, run: Callable[[], None], hint: str = "", style: str = "normal") -> None:
            nonlocal y
            widgets.append(UnoButton(pygame.Rect(column_x, y, width, height), label, on_confirm=run, key=key, hint=hint,
                                     style=style))
            y -= height + 10

        dialog = self.dialog_rect()
        if self.can("challenge"):
            amount = attack["amount"] if attack else 4
            left = pygame.Rect(dialog.centerx - 200, dialog.bottom - 62, 190, 46)
            widgets.append(UnoButton(left, "Проверить!", on_confirm=lambda: self.send({"kind": "challenge"}),
                                     key="challenge", style="danger"))
            widgets.append(UnoButton(left.move(210, 0), f"Беру +{amount}", on_confirm=lambda: self.send({"kind": "accept"}),
                                     key="accept", hint=self.key_name("draw")))
        elif self.can("accept"):
            amount = attack["amount"] if attack else 2
            column("accept", f"Беру +{amount}", lambda: self.send({"kind": "accept"}), self.key_name("draw"), "danger")
        if self.can("ready"):
            widgets.append(UnoButton(pygame.Rect(dialog.centerx - 95, dialog.bottom - 62, 190, 46), "Готов",
                                     on_confirm=lambda: self.send({"kind": "ready"}), key="ready", hint=self.key_name("confirm"),
                                     style="primary"))
        if self.can("draw"):
            column("draw", "Взять карту", lambda: self.send({"kind": "draw"}), self.key_name("draw"), "primary")
        if self.can("pass"):
            column("pass", "Пас", lambda: self.send({"kind": "pass"}), self.key_name("draw"))
        if self.can("keep_cards"):
            column("keep_cards", "Не меняться", lambda: self.send({"kind": "keep_cards"}))
        if self.offer_card is not None:
            column("cancel_offer", "Другая карта", self.cancel_offer)
        if self.me >= 0 and not self.replaying:  # the rules say which (none between rounds); none in a replay
            emotes = view.get("emotes", [])
            for emote, rect in zip(emotes, emote_rects(emotes)):
                widgets.append(UnoButton(rect, emote, on_confirm=lambda e=emote: self.send({"kind": "emote", "emote": e}),
                                         key="emote:" + emote, style="chip"))
        old_hover = {w.key: w.hover for w in self.group.widgets}
        for w in widgets:
            w.hover = old_hover.get(w.key, 0.0)
        self.group.widgets = widgets
        keys = [w.key for w in widgets]
        urgent = next((k for k in ("challenge", "ready", self.answer_due()) if k in keys), None)
        # a dialog that just opened takes the focus (its hint says «Enter»), whatever had it before:
        # the emote chips stay in every row, so «the old focus is gone» is no test of that
        if urgent is not None and urgent not in old_hover:
            self.group.focus = keys.index(urgent)
            self.zone = "buttons"
        elif previous in keys:
            self.group.focus = keys.index(previous)
        else:
            non_chip = [i for i, w in enumerate(widgets) if w.style != "chip"]
            self.group.focus = non_chip[0] if non_chip else 0
            if not non_chip and self.zone == "buttons":
                self.zone = "hand"
        if self.playable_drawn() is not None and previous not in keys:
            # «Взять карту» is gone (it may have been under the mouse, now «Пас» is): Enter plays the drawn
            # card, as the hint says, until the player moves to «Пас» on purpose
            self.zone, self.selected = "hand", self.playable_drawn()

    def cancel_offer(self) -> None:
        self.offer_card = None

    def dialog_rect(self) -> pygame.Rect:
        # wider in large text: the +4 check's notes reached its edges (still clear of the side plates at ten seats)
        rect = pygame.Rect(0, 0, round(560 * assets.text_scale), 172)
        rect.center = (TABLE_CENTER[0], TABLE_CENTER[1] - 24)
        return rect

    def results_button_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 220, 48)
        rect.midbottom = (WIDTH // 2, self.results_rect().bottom - 18)
        if self.replay_offered():
            rect.right = WIDTH // 2 - 8  # «Повтор партии» beside it
        return rect

    def replay_offered(self) -> bool:
        """The match's results offer «Повтор партии» (the journal is at hand)."""
        return self.view is not None and self.view.get("phase") == "match_over" and self.finished_journal() is not None

    def replay_button_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 260, 48)
        rect.bottomleft = (WIDTH // 2 + 8, self.results_rect().bottom - 18)
        return rect

    def results_rect(self) -> pygame.Rect:
        rows = self.n
        rect = pygame.Rect(0, 0, 820, min(690, 190 + rows * 40))
        rect.center = (WIDTH // 2, HEIGHT // 2)
        return rect

    # ================================================================== update
    def hand_has_cursor(self) -> bool:
        """Whether the arrows move along the hand now: not between rounds, nor while they pick a seat («Семь-ноль»,
        whom to give a card), where a cursor over a card read as if Enter would lay it; never in a replay."""
        return self.zone == "hand" and not self.between_rounds() and not self.picker_open() and not self.replaying

    def visible_hand(self) -> list[dict]:
        return [c for c in self.hand() if c["id"] not in self.hand_incoming]

    def card_lift(self, card_id: str) -> float:
        lift = 0.0
        if card_id in self.legal_card_ids() or card_id == self.offer_card:
            lift += 26.0
        if card_id == self.selected and self.hand_has_cursor():
            lift += 14.0
        return lift

    def update_table(self, dt_ms: float) -> None:
        if self.view is None:
            return
        if not getattr(self, "_dealt_once", False):
            self._dealt_once = True
            self.deal_fresh_game()
        self.clock_ms += dt_ms
        for group in (self.bubbles, self.marks, self.flashes):
            for item in group:
                item.tween.step(dt_ms)
        self.bubbles = [b for b in self.bubbles if not b.tween.done]
        self.marks = [m for m in self.marks if not m.tween.done]
        self.flashes = [f for f in self.flashes if not f.tween.done]
        if self.shown_hand is not None:
            title, faces, left = self.shown_hand
            self.shown_hand = (title, faces, left - dt_ms) if left > dt_ms else None
        for key in list(self.countdowns):
            left, total = self.countdowns[key]
            self.countdowns[key] = (max(0.0, left - dt_ms), total)
        if self.results_wait > 0 and not self.flights:
            self.results_wait -= dt_ms
        if self.between_rounds():
            self.results_k.step(dt_ms)
            ticks = int(self.results_k.progress() * 12)
            if self.results_open() and ticks > self.results_ticks:
                self.results_ticks = ticks
                if ticks % 2 == 0:
                    self.app.play_sound("score_tick")
        self.dir_boost = max(0.0, self.dir_boost - dt_ms / 1400.0)
        direction = self.view.get("direction", 1)
        self.dir_angle = (self.dir_angle + direction * dt_ms * (0.012 + 0.25 * self.dir_boost ** 2)) % 360.0
        self.update_hand(dt_ms)
        self.update_highlight(dt_ms)
        self.rebuild_buttons()
        if self.zone == "buttons":
            self.group.update(dt_ms)
        else:
            for w in self.group.widgets:
                w.hover *= math.exp(-dt_ms / 60.0)
        if self.zone == "buttons" and not self.group.widgets:
            self.zone = "hand"
        self.update_reflex(dt_ms)
        self.warm_cache()

    def update_hand(self, dt_ms: float) -> None:
        hand = self.hand()
        ids = [c["id"] for c in hand]
        legal_cards = frozenset(self.legal_card_ids())
        visible = [i for i in ids if i not in self.hand_incoming]
        if legal_cards != self.last_legal_cards:
            # a new chance to play: put the cursor on a card that can go — once one is in the hand: while the deal's
            # cards are still flying in, the cursor fell on the first card landed, a dimmed one, and stayed there
            playable = next((i for i in visible if i in legal_cards), None)
            if playable is not None or not legal_cards or self.selected in legal_cards:
                self.last_legal_cards = legal_cards
                if playable is not None and self.selected not in legal_cards:
                    self.selected = playable
        if self.selected not in visible:
            self.selected = visible[min(len(visible) - 1, 0)] if visible else None
        k = 1.0 - math.exp(-dt_ms / 70.0)
        shake = self.shake.offset(1.0)
        for c, (x, y, a) in zip(hand, hand_layout(len(hand))):
            cid = c["id"]
            target = (x + shake, y - self.card_lift(cid), a)
            current = self.hand_pos.get(cid)
            if current is None:
                current = [target[0], target[1] + 40, target[2]]
            self.hand_prev[cid] = list(current)
            self.hand_pos[cid] = [p + (t - p) * k for p, t in zip(current, target)]
        for gone in [i for i in self.hand_pos if i not in ids]:
            del self.hand_pos[gone]
            self.hand_prev.pop(gone, None)

    def update_highlight(self, dt_ms: float) -> None:
        active = self.active_seat()
        k = 1.0 - math.exp(-dt_ms / 110.0)
        for seat in range(self.n):
            target = 1.0 if seat == active else 0.0
            self.highlight[seat] = self.highlight.get(seat, 0.0) + (target - self.highlight.get(seat, 0.0)) * k

    def active_seat(self) -> int | None:
        view = self.view
        if view.get("phase") in ("round_over", "match_over"):
            return None
        return view.get("actor") if view.get("actor") is not None else view.get("turn")

    def reflex_spots(self, key: str) -> tuple[pygame.Rect, ...]:
        """Where the reflex button ``key`` may appear now: the spots where it covers no words. The button still
        jumps (a press cannot be aimed in advance), but only within the table's free felt; anywhere if none is clear."""
        # the whole banner room: a banner that rises while the button stands (a long name's, in large text) is
        # as wide as the room, and the fixed 240 px the banner was given let «Поймал!» touch it
        words = list(WORDS_AT) + [ticker_room(), banner_room(), ME_PLATE] + [w.rect for w in self.group.widgets]
        words += [self.plate_of(s).inflate(16, 40) for s in range(self.n) if s != self.me]  # with their marks
        spots = []
        for point in UNO_SPOTS if key == "uno" else REFLEX_SPOTS:
            rect = pygame.Rect((0, 0), REFLEX_SIZES[key])
            rect.center = point
            spots.append(rect)
        return tuple(rect for rect in spots if rect.collidelist(words) < 0) or tuple(spots)

    def update_reflex(self, dt_ms: float) -> None:
        view = self.view
        locked = self.me >= 0 and (view.get("players") or [{}] * (self.me + 1))[self.me].get("locked", 0) > 0
        watch = view.get("uno_watch")
        slap = view.get("slap")
        uno = self.reflex["uno"]
        uno.visible = self.can("shout") or self.uno_variants()
        uno.window = ("late", watch.get("opened_ms")) if self.can("shout") and watch else ("lay", view.get("discard_count"),
                                                                                             view.get("round"))
        catch = self.reflex["catch"]
        catch.visible = watch is not None and watch.get("seat") != self.me and self.me >= 0 and not self.between_rounds()
        catch.enabled = self.can("catch") and not locked
        catch.window = ("catch", watch.get("opened_ms"), watch.get("seat")) if watch else None
        slapper = self.reflex["slap"]
        slapper.visible = slap is not None and self.me in slap.get("expected", []) and self.me not in slap.get("slapped", [])
        slapper.enabled = self.can("slap") and not locked
        slapper.window = ("slap", slap.get("opened_ms")) if slap else None
        k = 1.0 - math.exp(-dt_ms / 60.0)
        for key, button in self.reflex.items():
            if button.visible and (button.rect is None or getattr(button, "_placed_for", None) != button.window):
                spots = self.reflex_spots(key)
                button.rect = spots[stable_hash(f"{key}:{button.window}:{self.me}") % len(spots)].copy()
                button._placed_for = button.window
                button.shown = 0.0
            button.shown += ((1.0 if button.visible else 0.0) - button.shown) * k

    # ================================================================== drawing
    def results_key(self) -> tuple:
        # the seat too: at a couch the seat on screen changes with the same state (its row is marked); the names, as a
        # newcomer in a bot's seat renames it between two states; the keys its buttons name
        return (self.state_id, self.seat, self.colorblind, tuple(a.get("kind") for a in self.legal), tuple(self.names),
                self.replay_offered(), self.replay_key(), self.key_name("confirm"))

    def backdrop(self) -> pygame.Surface:
        colour = self.view.get("colour") if self.view else None
        return table_surface(colour if colour in WHEEL_ORDER else None)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.view is not None and self.results_open():
            return  # the results picture covers the canvas
        surface.blit(self.backdrop(), (0, 0))

    def notice_zone(self) -> pygame.Rect:
        # the felt between the top seats' fans and the piles (a tilted discard reaches up to y 218): the hand, the
        # hints and the status line below the piles stay clear
        return pygame.Rect(365, 138, 550, 76)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        if self.results_open():
            surface.blit(self.results_snapshot(surface, alpha), (0, 0))
            draw_results_numbers(self, surface)
        else:
            self.draw_table_parts(surface, alpha)

    def draw_table_parts(self, surface: pygame.Surface, alpha: float, at_rest: bool = False) -> None:
        """``at_rest``: only what the view says, nothing that moves (the table under the results)."""
        self.draw_info(surface)
        if not at_rest:
            self.draw_direction(surface)
        self.draw_piles(surface)
        self.draw_seats(surface)
        if at_rest:
            self.draw_status(surface)
            self.draw_hand(surface, alpha)
            return
        for flash in self.flashes:
            k = flash.tween.progress(alpha)
            light = glow(flash.color, flash.radius, 200)
            light.set_alpha(round(255 * (1 - k)))
            surface.blit(light, light.get_rect(center=(round(flash.pos[0]), round(flash.pos[1]))))
            light.set_alpha(None)
        self.draw_status(surface)
        self.draw_ticker(surface)
        self.draw_hand(surface, alpha)
        self.flights.draw(surface, alpha, self.rotations, self.colorblind)
        self.draw_bubbles(surface, alpha)
        if self.banners and not self.colour_wheel_open():
            self.banners.draw(surface, alpha, room=banner_room())
        if self.results_open():
            return
        self.draw_dialogs(surface)
        if not self.replaying:  # nobody presses anything in a replay: its controls stand in REPLAY_CORNER
            self.group.draw(surface)
            self.draw_reflex(surface)
        if self.colour_wheel_open():
            self.draw_wheel(surface)
        if self.shown_hand is not None:
            self.draw_shown_hand(surface)

    @property
    def colorblind(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind", False))

    def draw_info(self, surface: pygame.Surface) -> None:
        view = self.view
        mode = view.get("scoring", "winner")
        match = view.get("match", "target")
        round_no = view.get("round", 1)
        if match.isdigit() or (match == "target" and mode == "lazy"):  # a set number: which round of how many
            heading = f"Тур {round_no} из {match if match.isdigit() else 3}"
        else:
            heading = f"Тур {round_no} · " + {"winner": "до 500 очков", "own": "до 200 очков"}.get(mode, match)
        title = assets.text(heading, 18, INK, "bold")
        box = pygame.Rect(14, 10, max(236, title.get_width() + 24), 56)  # «Крупный текст» ran the title past it
        surface.blit(panel(box.size, (12, 30, 26), PANEL_EDGE, 1, 12), box)
        surface.blit(title, (box.left + 12, box.top + 6))
        teams = view.get("teams")
        team = view["players"][self.me].get("team", -1) if self.me >= 0 else -1
        if teams and team >= 0:  # «Командная игра»: a team plays for the team's total
            if mode != "lazy":
                score = f"У команды {count_of(teams['team_scores'][team], 'очко')}"
            else:
                score = f"Побед команды в турах: {teams['team_round_wins'][team]}"
        elif self.me >= 0:
            me = view["players"][self.me]
            score = f"У вас {count_of(me.get('score', 0), 'очко')}" if mode != "lazy" else f"Побед в турах: {me.get('round_wins', 0)}"
        else:
            score = "Вы смотрите игру"
        surface.blit(assets.text(score, 15, INK_DIM), (box.left + 12, box.top + 31))
        rules = view.get("rules", [])
        near_cap = turn_count_label(view.get("turns", 0), view.get("turn_cap", 0))
        if rules or near_cap:
            words = " · ".join(w for w in (f"Домашних правил: {len(rules)}" if rules else "", near_cap) if w)
            # on the bare backdrop, lighter there than the panels: INK_DIM read 4.2:1
            note = assets.text(words, 14, ACCENT if near_cap else INK, "bold" if near_cap else "text")
            surface.blit(note, (box.left + 4, box.bottom + 4))
        silence = view.get("silence")
        if silence:
            label = assets.text("Тсс! Тишина", 20, (170, 200, 255), "heading")
            # the top-right corner, clear of every seat: at the top middle it lay under the plate opposite yours
            rect = label.get_rect().inflate(24, 10)
            rect.topright = (WIDTH - 14, 10)
            surface.blit(panel(rect.size, (20, 30, 60), (120, 150, 230), 2, 12), rect)
            surface.blit(label, label.get_rect(center=rect.center))

    def draw_direction(self, surface: pygame.Surface) -> None:
        cx, cy = TABLE_CENTER
        rx, ry = DIRECTION_RADII
        direction = self.view.get("direction", 1)
        shade = mix((120, 190, 140), (255, 230, 150), self.dir_boost)
        for i in range(10):
            a = math.radians(self.dir_angle + i * 36)
            x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
            # tangent of the ellipse, pointing the way play goes
            tx, ty = -rx * math.sin(a) * direction, ry * math.cos(a) * direction
            draw_direction_arrow(surface, (x, y), math.degrees(math.atan2(ty, tx)), 9, shade)

    def draw_piles(self, surface: pygame.Surface) -> None:
        view = self.view
        colour = view.get("colour")
        # the deck: a few backs stacked by how many cards are left
        count = view.get("deck_count", 0)
        layers = min(6, (count + 9) // 10)
        if layers:
            stack = deck_picture(layers)
            surface.blit(stack, stack.get_rect(bottomright=(DECK_POS[0] + TABLE_CARD[0] // 2,
                                                             DECK_POS[1] + TABLE_CARD[1] // 2)))
        if count == 0:
            empty = pygame.Rect(0, 0, *TABLE_CARD)
            empty.center = DECK_POS
            pygame.draw.rect(surface, (20, 70, 40), empty, 2, border_radius=8)
        label = assets.text(f"Колода: {count}", 15, INK_DIM, "bold")
        plate = label.get_rect(midtop=(DECK_POS[0], DECK_POS[1] + 78)).inflate(16, 4)
        surface.blit(panel(plate.size, (14, 32, 28), PANEL_EDGE, 1, 12), plate)  # grey on bare felt did not read
        surface.blit(label, label.get_rect(center=plate.center))
        pile = tuple(c for c in view.get("discard", []) if c.get("id") not in self.discard_incoming)
        picture = self.pile_picture(pile)
        surface.blit(picture, picture.get_rect(center=DISCARD_POS))
        if colour in COLOUR_RGB and colour != "black":
            chip = pygame.Rect(0, 0, 130, 26)
            chip.midtop = (DISCARD_POS[0], DISCARD_POS[1] + 76)
            surface.blit(panel(chip.size, COLOUR_RGB[colour], (255, 255, 255), 2, 13), chip)
            text_colour = (30, 30, 30) if colour in ("yellow", "green") else (255, 255, 255)  # white on green: 3.5:1
            label = assets.text(COLOUR_LABELS[colour], 16, text_colour, "bold")
            if self.colorblind:
                art.draw_color_shape(surface, colour, (chip.left + 16, chip.centery), 8)
                surface.blit(label, label.get_rect(midleft=(chip.left + 30, chip.centery)))
            else:
                surface.blit(label, label.get_rect(center=chip.center))
        attack = view.get("pending")
        if attack:
            text = assets.text(f"+{attack.get('amount', 0)}", 40, (255, 255, 255), "heading")
            badge = text.get_rect(center=(DISCARD_POS[0] + 92, DISCARD_POS[1] - 50)).inflate(22, 8)
            pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 160)
            # the pulse stays deep: white read 4.45:1 at its light end, (230, 60, 50)
            surface.blit(panel(badge.size, mix((150, 26, 26), (204, 44, 40), pulse), (255, 220, 200), 2, 16), badge)
            surface.blit(text, text.get_rect(center=badge.center))

    def pile_picture(self, pile: tuple) -> pygame.Surface:
        """The discard pile as one picture, redrawn only when a card lands or leaves."""
        key = (tuple(c["id"] + c.get("named", "") for c in pile), self.colorblind)

        def paint() -> pygame.Surface:
            surface = pygame.Surface((260, 260), pygame.SRCALPHA)
            for c in pile:
                dx, dy, angle = pile_pose(c["id"])
                source = card(c.get("colour", "black"), c.get("value", "0"), TABLE_CARD, self.colorblind)
                tilted = self.rotations.get((c.get("colour"), c.get("value"), TABLE_CARD, self.colorblind, False),
                                            source, angle)
                surface.blit(tilted, tilted.get_rect(center=(130 + dx, 130 + dy)))
            return surface.convert_alpha() if pygame.display.get_surface() is not None else surface

        return self.kept.get("pile", key, paint)

    def rotated_card(self, c: dict, size: tuple[int, int], angle: float, dim: bool = False) -> pygame.Surface:
        """A card tilted by ``angle``, from the cache. Always the true tilt: a frame that showed an
        untilted stand-in while the tilt was not ready flickered, and a tilt costs ~0.1 ms."""
        colour, value = c.get("colour", "black"), c.get("value", "0")
        source = (dimmed if dim else card)(colour, value, size, self.colorblind)
        return self.rotations.get((colour, value, size, self.colorblind, dim), source, angle)

    def warm_cache(self) -> None:
        """Tilt, ahead of time, the pictures the next frames will ask for (kept fresh in the cache)."""
        for c in self.view.get("discard", [])[::-1]:
            self.rotated_card(c, TABLE_CARD, pile_pose(c["id"])[2])
        dim_others = self.hand_dims()
        for c, (_, _, a) in zip(self.hand(), hand_layout(len(self.view.get("hand", [])))):
            self.rotated_card(c, HAND_CARD, round(a / 2) * 2, c["id"] in dim_others)

    def key_name(self, intent: str) -> str:
        """What presses ``intent`` today, as the status line and the buttons name it: the pad's button while a pad is
        plugged in, else the first key (both as the settings bind them); «—» for one left unbound."""
        names = self.control_names(intent)
        button = self.app.settings.pad_buttons.get(intent)
        if self.app.input.pads and button:
            return names[-1]
        keys = self.app.settings.keys.get(intent)
        return names[0] if keys else "—"

    def reflex_hint(self, button: ReflexButton) -> str:
        """A reflex button's hint: its key and its pad button («U / Y»), both always, as a press of either counts."""
        return " / ".join(dict.fromkeys(self.control_names(button.intent))) or "—"

    def plate_of(self, seat: int) -> pygame.Rect:
        return ME_PLATE if seat == self.me else plate_rect(self.centres()[seat])

    def plate_badges(self, seat: int) -> list[PlateBadge]:
        """The marks a seat's plate shows now, where they are drawn: from its right corner along its top edge the
        news (a place, «УНО!», «молчит!»), a +N aimed at it, then the small dealer mark; «напарник» under it.
        Your own plate shows only «УНО!» and the dealer mark (the rest is in your dialogs and buttons)."""
        view = self.view
        players = view.get("players", [])
        info = players[seat] if 0 <= seat < len(players) else {}
        pending = view.get("pending") or {}
        mine = seat == self.me
        row: list[tuple[str, tuple, tuple, int]] = []  # text, fill, ink, size
        if info.get("out") and not mine:
            row.append((f"{info['out']}-е место", (200, 160, 40), BADGE_DARK_INK, 15))  # white on gold read 2.5:1
        elif info.get("uno"):
            row.append(("УНО!", (214, 40, 40), (255, 255, 255), 15))
        elif (view.get("uno_watch") or {}).get("seat") == seat and not mine:
            pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 220)
            row.append(("молчит!", mix((220, 130, 30), (245, 170, 50), pulse), BADGE_DARK_INK, 15))  # white read 2.2:1
        if pending.get("target") == seat and not mine:
            row.append((f"+{pending.get('amount', 0)}", (170, 30, 30), (255, 255, 255), 15))
        if view.get("dealer") == seat:
            row.append(("сдаёт", DEALER_MARK, BADGE_DARK_INK, 12))
        plate = self.plate_of(seat)
        sizes = [badge_box(text, size) for text, _, _, size in row]
        ceiling = EMOTE_GRID.bottom + 3 if mine else 2
        badges = [PlateBadge(text, rect, fill, ink, size)
                  for (text, fill, ink, size), rect in zip(row, badge_row(plate, sizes, ceiling))]
        my_team = players[self.me].get("team", -1) if 0 <= self.me < len(players) else -1
        if not mine and my_team >= 0 and info.get("team") == my_team:  # «Командная игра»: its colour says how close
            box = pygame.Rect((0, 0), badge_box("напарник", 15))  # the partner is to going out («Карты напарника»)
            box.topright = (plate.left + 110, plate.bottom - 4)
            colour = COUNT_COLOURS.get(info.get("count_colour"), PARTNER_BADGE)
            badges.append(PlateBadge("напарник", box.clamp(pygame.Rect(0, 0, WIDTH, HEIGHT)), colour,
                                     ink_on(colour), 15))  # white read 2.8:1 on the yellow, 3.4:1 on the green
        return badges

    def draw_seats(self, surface: pygame.Surface) -> None:
        view = self.view
        players = view.get("players", [])
        picker = self.picker_seats() if not self.results_open() else []
        if picker and self.picker_seat not in picker:
            self.picker_seat = picker[0]
        pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 220)
        lazy = view.get("scoring") == "lazy"
        my_team = players[self.me].get("team", -1) if 0 <= self.me < len(players) else -1
        for seat in range(self.n):
            if seat == self.me:
                continue
            rect = self.plate_of(seat)
            info = players[seat] if seat < len(players) else {}
            partner = my_team >= 0 and info.get("team") == my_team  # «Командная игра»
            count = self.shown_count(seat)
            if count:  # the cards, fanned on the table in front of the plate
                fan = fan_picture(min(count, 9))
                fx, fy = self.fan_anchor(seat)
                surface.blit(fan, fan.get_rect(center=(round(fx), round(fy))))
            glow_k = round(self.highlight.get(seat, 0.0) * 8) / 8
            edge = mix(PANEL_EDGE, ACCENT, glow_k)
            if seat in picker:
                edge = mix(PANEL_EDGE, ACCENT, 0.4 + 0.6 * pulse) if seat == self.picker_seat else (120, 160, 140)
            elif partner and glow_k == 0:
                edge = PARTNER_EDGE
            detail = count_of(count, "карта")
            detail += f" · побед {info.get('round_wins', 0)}" if lazy else f" · {info.get('score', 0)} оч."
            badges = self.plate_badges(seat)
            picture = plate_picture(seat, rect.size, self.name(seat), detail, glow_k, edge, bool(info.get("out")),
                                    name_corner(rect, [b.rect for b in badges]), self.seat_colour(seat))
            surface.blit(picture, picture.get_rect(center=rect.center))
            paint_absence(surface, rect, self.absence(seat))
            for badge in badges:
                self.draw_badge(surface, badge)
        for mark in self.marks:
            self.draw_mark(surface, mark)
        if self.me >= 0:
            self.draw_my_plate(surface)

    def draw_badge(self, surface: pygame.Surface, badge: PlateBadge) -> None:
        label = badge_label(badge.text, badge.size, badge.ink)
        edge = (255, 255, 255) if badge.fill != DEALER_MARK else (120, 110, 90)
        surface.blit(panel(badge.rect.size, badge.fill, edge, 1, badge.rect.height // 2), badge.rect)
        surface.blit(label, label.get_rect(center=badge.rect.center))

    def draw_my_plate(self, surface: pygame.Surface) -> None:
        view = self.view
        info = view["players"][self.me]
        rect = ME_PLATE
        glow_k = round(self.highlight.get(self.me, 0.0) * 8) / 8
        count = len(view.get("hand", []))
        detail = count_of(count, "карта")
        if info.get("locked"):
            detail = "ловля на паузе"
        name = self.names[self.me] if self.me < len(self.names) else "Вы"
        badges = self.plate_badges(self.me)
        picture = plate_picture(self.me, rect.size, name, detail, glow_k, mix(PANEL_EDGE, ACCENT, glow_k), False,
                                name_corner(rect, [b.rect for b in badges]), self.seat_colour(self.me))
        surface.blit(picture, picture.get_rect(center=rect.center))
        for badge in badges:
            self.draw_badge(surface, badge)

    def draw_mark(self, surface: pygame.Surface, mark: Mark) -> None:
        x, y = self.seat_anchor(mark.seat)
        y += 14
        scale = mark.scale(1.0)
        opacity = mark.opacity(1.0)
        if opacity <= 0:
            return
        r = max(2, round(26 * scale))
        if mark.kind == "skip":
            colour = mix((40, 20, 20), (230, 60, 50), opacity)
            pygame.draw.circle(surface, colour, (round(x), round(y)), r, max(2, r // 4))
            d = r * 0.7
            pygame.draw.line(surface, colour, (x - d, y + d), (x + d, y - d), max(2, r // 4))
        else:
            colour = (200, 40, 40) if mark.kind == "plus" else (220, 170, 40)
            ink = (255, 255, 255) if mark.kind == "plus" else (30, 30, 30)  # white on the gold star read 2:1
            label = assets.text(mark.text, max(8, round(24 * scale)), ink, "heading")
            box = label.get_rect(center=(round(x), round(y))).inflate(16, 6)
            surface.blit(panel(box.size, colour, (255, 255, 255), 2, 12), box)
            surface.blit(label, label.get_rect(center=box.center))

    def banner_rect(self) -> pygame.Rect | None:
        """The banner's panel as it stands once risen in, or None when none shows."""
        placed = self.banners.layout(room=banner_room()) if self.banners and not self.colour_wheel_open() else None
        return placed[0] if placed else None

    def status_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The status line's words and its panel, or None while it says nothing."""
        text = self.status_text()
        if not text:
            return None
        label = status_label(text)
        return label, status_box(label)

    def status_rect(self) -> pygame.Rect | None:
        line = self.status_line()
        return line[1] if line else None

    def draw_status(self, surface: pygame.Surface) -> None:
        line = self.status_line()
        if line is None:
            return
        label, box = line
        surface.blit(panel(box.size, (10, 40, 26), (40, 100, 64), 1, 14), box)
        surface.blit(label, label.get_rect(center=box.center))

    def status_text(self) -> str:
        view = self.view
        phase = view.get("phase")
        actor = self.active_seat()
        me = self.me
        if phase == "round_over":
            # the banner says the round is over; this line says what comes next (the results show their own count)
            left, _ = self.countdowns.get("round", (0.0, 1.0))
            if self.results_open():
                return ""
            return f"Новый тур через {math.ceil(left / 1000)} с" if left > 0 else "Сейчас начнётся новый тур"
        if phase == "match_over":
            return PHASES[phase].label
        if self.replaying:  # what the seat was doing, without the keys a player would have pressed
            return f"{self.seat_name(actor)}: {doing(phase)}" if actor is not None else ""
        enter, take = self.key_name("confirm"), self.key_name("draw")
        pad = bool(self.app.input.pads)  # a pad has a d-pad, no arrow keys or digits
        arrows = "крестовина" if pad else "стрелки"
        if self.offer_card is not None:
            return f"Кому отдать карту? {arrows.capitalize()} — игрок, {enter} — предложить"
        if self.can("offer_card"):
            return f"Пятёрка: выберите карту для обмена ({enter}) — или «Не меняться»"
        if self.can("give_card"):
            offerer = (view.get("exchange") or {}).get("offerer", -1)
            return f"{self.name(offerer)} предлагает обмен: выберите карту, которую отдадите"
        if self.can("swap_with"):
            return f"Семёрка: с кем поменяться руками? {arrows.capitalize()} и {enter}"
        if self.can("choose_colour"):
            return f"Выберите цвет: {arrows if pad else 'стрелки или 1–4'}, {enter}"
        if self.can("jump_in") and actor != me:
            return f"Перехват! Такая же карта: {enter} — положить вне очереди"
        if self.can("bounce"):
            return f"«Наоборот» того же цвета вернёт пропуск: {enter}"
        if actor == me:
            if phase == "attack":
                pending = view.get("pending") or {}
                if self.can("challenge"):  # the dialog's «Проверить!» has the focus: Enter checks
                    return f"На вас +{pending.get('amount', 0)}: {enter} — проверить на честность, {take} — взять карты"
                if self.can("play"):
                    return f"На вас +{pending.get('amount', 0)}: отбейтесь поднятой картой или {take} — взять"
                return f"На вас +{pending.get('amount', 0)}: отбиться нечем — {enter} или {take}, взять карты"
            if phase == "ready":
                return f"Разберите новые карты и скажите «Готов» ({enter})"
            if view.get("drawn"):
                if self.zone == "buttons" and self.group.focused is not None and self.group.focused.key == "pass":
                    return f"{enter} — «Пас», {'вниз' if pad else 'стрелка вниз'} — к взятой карте"
                return f"Взятая карта подходит: {enter} — сыграть, {take} — «Пас»"
            if self.can("draw"):
                return f"Ходить нечем: {take} — взять карту из колоды"
            return f"Ваш ход: {arrows} — карта, {enter} — положить"
        if actor is None:
            return ""
        return f"{self.name(actor)}: {doing(phase)}"

    def hand_dims(self) -> set[str]:
        """Cards drawn darker: in your turn, those that cannot go."""
        legal_cards = self.legal_card_ids()
        if not legal_cards or self.can("jump_in") or self.can("bounce"):
            return set()
        return {c["id"] for c in self.view.get("hand", []) if c["id"] not in legal_cards and c["id"] != self.offer_card}

    def draw_hand(self, surface: pygame.Surface, alpha: float) -> None:
        if self.me < 0:
            return
        hand = self.hand()
        dims = self.hand_dims()
        selected_pose = None
        jump_ids = {a["card"] for a in self.legal if a.get("kind") in ("jump_in", "bounce")}
        for c in hand:
            cid = c["id"]
            if cid in self.hand_incoming or cid not in self.hand_pos:
                continue
            prev = self.hand_prev.get(cid, self.hand_pos[cid])
            cur = self.hand_pos[cid]
            x, y, a = (p + (q - p) * alpha for p, q in zip(prev, cur))
            picture = self.rotated_card(c, HAND_CARD, round(a / 2) * 2, cid in dims)
            rect = picture.get_rect(center=(round(x), round(y)))
            if cid == self.selected and self.hand_has_cursor() and not self.colour_wheel_open():
                selected_pose = (x, y, rect)
                halo = self.rotations.get(("halo",), selection_halo(), round(a / 2) * 2)
                surface.blit(halo, halo.get_rect(center=rect.center))
            surface.blit(picture, rect)
            if cid in jump_ids:
                tag = "Перехват!" if cid in {a["card"] for a in self.legal_of("jump_in")} else "Вернуть!"
                label = assets.text(tag, 15, (30, 20, 0), "bold")
                # on the card's top, under the cursor's arrow: above it, the tag stood on the status line
                box = label.get_rect(midtop=(round(x), rect.top + 10)).inflate(10, 2)
                surface.blit(panel(box.size, ACCENT, (255, 255, 255), 1, 8), box)
                surface.blit(label, label.get_rect(center=box.center))
        if selected_pose is not None:
            x, y, rect = selected_pose
            pygame.draw.polygon(surface, ACCENT, [(x - 9, rect.top - 14), (x + 9, rect.top - 14), (x, rect.top - 4)])
        if self.uno_armed:
            label = assets.text("УНО! — скажете с картой", 16, (255, 255, 255), "bold")
            box = label.get_rect(midbottom=(640, 548)).inflate(16, 6)
            surface.blit(panel(box.size, (200, 40, 40), (255, 255, 255), 1, 10), box)
            surface.blit(label, label.get_rect(center=box.center))

    def draw_bubbles(self, surface: pygame.Surface, alpha: float) -> None:
        for b in self.bubbles:
            t = b.tween.progress(alpha)
            opacity = min(1.0, t / 0.1, (1 - t) / 0.2)
            if opacity <= 0:
                continue
            x, y = self.seat_anchor(b.seat)
            y -= 26 + 8 * ease_out_back(min(1.0, t / 0.15))
            label = assets.text(b.text, 16, (30, 30, 30), "bold")
            box = label.get_rect(center=(round(x), round(y))).inflate(18, 8)
            box.clamp_ip(surface.get_rect())
            bubble = panel(box.size, (250, 248, 240), (120, 120, 120), 1, 12)
            bubble.set_alpha(round(255 * opacity))
            surface.blit(bubble, box)
            bubble.set_alpha(None)
            pygame.draw.polygon(surface, (250, 248, 240), [(box.centerx - 6, box.bottom - 1), (box.centerx + 6, box.bottom - 1),
                                                            (box.centerx, box.bottom + 7)])
            label.set_alpha(round(255 * opacity))
            surface.blit(label, label.get_rect(center=box.center))
            label.set_alpha(None)

    def draw_dialogs(self, surface: pygame.Surface) -> None:
        if self.results_open():
            return
        attack = self.attack() or {}
        if self.can("challenge") or self.can("ready"):
            if self.can("challenge"):
                source, tail = self.name(attack.get("source", -1)), f" кладёт на вас «+{attack.get('amount', 4)}»"
                room = self.dialog_rect().width - 32
                letters = len(source)  # a long name gives way, the news stays whole
                title = source + tail
                while assets.text(title, DIALOG_LOOK.title_size, ACCENT, "heading").get_width() > room and letters > 4:
                    letters -= 1
                    title = shortened(source, letters) + tail
                lines = ("Проверить на честность? Был у игрока цвет стола —",
                         "«+4» вернётся к нему со штрафом, не было — вам ещё 2 карты")
            else:
                title = "Разберите новые карты"
                left, _ = self.countdowns.get("ready", (0.0, 1.0))
                lines = ("Игра ждёт вашего «Готов»" + (f" · {math.ceil(left / 1000)} с" if left > 0 else ""),)
            draw_dialog_frame(surface, self.dialog_rect(), title, lines, DIALOG_LOOK)  # its buttons are the table's

    def draw_reflex(self, surface: pygame.Surface) -> None:
        if self.results_open():
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 120)
        for key, button in self.reflex.items():
            if button.shown < 0.05 or button.rect is None:
                continue
            k = ease_out_back(min(1.0, button.shown))
            rect = button.rect
            colour = button.color if button.enabled else (90, 90, 90)
            if key == "uno" and self.uno_armed:
                colour = (250, 200, 40)
            # dark words on a light button (the orange catch, the armed yellow), white on a deep one; the pulse
            # moves the fill away from the words, never toward them
            ink = ink_on(colour)
            away = (255, 255, 255) if ink == BADGE_DARK_INK else (0, 0, 0)
            if key == "catch":
                box = pygame.Rect(0, 0, round(rect.width * k), round(rect.height * k))
                box.center = rect.center
                if box.width < 8:
                    continue
                surface.blit(panel(box.size, mix(colour, away, 0.15 * pulse), (255, 255, 255), 3, 18), box)
                # the shout of the player on screen: «Поймала!» for Маша
                words = f"{of_player(button.label.rstrip('!'), self.seat_name(self.me), False)}!"
                label = assets.fitted_text(words, 30, ink, "heading", box.width - 16)
                surface.blit(label, label.get_rect(center=(box.centerx, box.centery - 8)))
                hint = assets.text(self.reflex_hint(button), 14, ink, "bold")
                surface.blit(hint, hint.get_rect(center=(box.centerx, box.bottom - 14)))
            else:
                r = round(rect.width / 2 * k)
                if r < 6:
                    continue
                pygame.draw.circle(surface, (0, 0, 0), (rect.centerx + 3, rect.centery + 5), r)
                pygame.draw.circle(surface, mix(colour, away, 0.12 * pulse), rect.center, r)
                pygame.draw.circle(surface, (255, 255, 255), rect.center, r, 4)
                label = assets.text(button.label, 30 if key == "uno" else 28, ink, "heading")
                surface.blit(label, label.get_rect(center=(rect.centerx, rect.centery - 6)))
                hint = assets.text(self.reflex_hint(button), 13, ink, "bold")  # cream on the red read 4.4:1
                surface.blit(hint, hint.get_rect(center=(rect.centerx, rect.centery + 26)))
        left, total = self.countdowns.get("slap", (0.0, 1.0))
        if self.reflex["slap"].visible and left > 0 and self.reflex["slap"].rect is not None:
            rect = self.reflex["slap"].rect
            span = 2 * math.pi * left / max(1.0, total)
            pygame.draw.arc(surface, (255, 255, 255), rect.inflate(16, 16), math.pi / 2, math.pi / 2 + span, 4)

    def draw_wheel(self, surface: pygame.Surface) -> None:
        cx, cy = TABLE_CENTER
        shade = glow((0, 0, 0), 250, 255)
        surface.blit(shade, shade.get_rect(center=(cx, cy)))
        directions = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        for i, colour in enumerate(WHEEL_ORDER):
            selected = i == self.wheel_index
            radius = 166 if selected else 150
            segment = wheel_segment(colour, radius, 56, selected)
            rotated = self.rotations.get(("wheel", colour, radius, selected), segment, -90 * i)
            dx, dy = directions[i]
            offset = 10 if selected else 0
            surface.blit(rotated, rotated.get_rect(center=(cx + dx * offset, cy + dy * offset)))
            at = (cx + dx * (106 + offset), cy + dy * (104 + offset))
            ink = (12, 12, 12) if colour in DARK_INK_COLOURS else (255, 255, 255)
            label = assets.text(COLOUR_LABELS[colour], 19 if selected else 17, ink, "bold")
            surface.blit(label, label.get_rect(center=(at[0], at[1] - 8)))
            key = assets.text(str(i + 1), 14, ink, "bold")
            if self.colorblind:
                art.draw_color_shape(surface, colour, (at[0] - 10, at[1] + 14), 8)
                surface.blit(key, key.get_rect(center=(at[0] + 10, at[1] + 14)))
            else:
                surface.blit(key, key.get_rect(center=(at[0], at[1] + 14)))
        pygame.draw.circle(surface, (14, 32, 28), (cx, cy), 53)
        pygame.draw.circle(surface, ACCENT, (cx, cy), 53, 2)
        title = assets.text("Цвет?", 22, INK, "heading")
        surface.blit(title, title.get_rect(center=(cx, cy)))

    def draw_shown_hand(self, surface: pygame.Surface) -> None:
        title, faces, _ = self.shown_hand
        size = (60, 90)
        width = max(300, 16 + len(faces) * 44 + 40)
        rect = pygame.Rect(0, 0, min(1100, width), 150)
        rect.midtop = (TABLE_CENTER[0], 90)
        surface.blit(panel(rect.size, (16, 36, 32), ACCENT, 2, 16), rect)
        label = assets.text(title, 18, ACCENT, "bold")
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.top + 8)))
        step = min(44, (rect.width - 80) / max(1, len(faces)))
        left = rect.centerx - step * (len(faces) - 1) / 2
        for i, face in enumerate(faces):
            picture = card(face.get("colour", "black"), face.get("value", "0"), size, self.colorblind)
            surface.blit(picture, picture.get_rect(center=(round(left + i * step), rect.top + 90)))

    # --- the results screen
    def results_snapshot(self, surface: pygame.Surface, alpha: float) -> pygame.Surface:
        """The results screen over the darkened table at rest, drawn once per state: each frame
        then costs one opaque blit plus the numbers that count up. At rest, not frozen mid-motion:
        the arrows around the table would stop wherever they were, cards in the air would hang."""
        def paint() -> pygame.Surface:
            frozen = self.backdrop().copy()
            self.draw_table_parts(frozen, alpha, at_rest=True)
            frozen.fill((110, 110, 110), special_flags=pygame.BLEND_RGB_MULT)
            draw_results_static(self, frozen)
            return frozen

        return self.kept.get("results", self.results_key(), paint)

def create(connection, game_id: str, names: list[str]) -> UnoScene:
    return UnoScene(connection, game_id, names)
