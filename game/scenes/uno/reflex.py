"""The UNO table's reflex buttons: «УНО!», «Поймал!», «Хлоп!». Big, and placed anew for every window at a spot where
they cover no words (a press cannot be aimed in advance); «УНО!» may also be armed, to be said with the card about to
be laid. The buttons show what the seat on screen may press now (the table scene, ``table``, is asked)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game import assets
from game.rules.words_ru import of_player
from game.scenes.base import mix, panel
from game.scenes.table.tween import ease_out_back
from game.scenes.uno.buttons import EMOTE_GRID
from game.scenes.uno.layout import ME_PLATE, stable_hash
from game.scenes.uno.seats import BADGE_DARK_INK, ink_on
from game.scenes.uno.status import banner_room
from game.scenes.uno.ticker import ticker_room

# where the reflex buttons may appear: a new spot for every window, so no mouse waits on one place
REFLEX_SPOTS = ((330, 200), (950, 200), (380, 410), (900, 410), (460, 140), (820, 140), (250, 300), (1030, 300),
                (560, 160), (720, 160), (300, 380), (420, 220), (860, 220), (640, 190), (300, 280), (1000, 280),
                (340, 380), (1000, 380))
UNO_SPOTS = ((1048, 520), (1010, 470), (1150, 480), (1060, 560), (1180, 620), (300, 640), (980, 640))
REFLEX_SIZES = {"uno": (132, 132), "slap": (132, 132), "catch": (190, 76)}
# where words always stand at this table (the round panel, the status line, the deck's count and the colour chip,
# the emote chips; with the moves list's ticker_room() and the banner's banner_room()): a reflex button jumps among
# the spots clear of them
WORDS_AT = (pygame.Rect(14, 10, 260, 78), pygame.Rect(360, 480, 560, 38), pygame.Rect(488, 366, 294, 36), EMOTE_GRID)


@dataclass
class ReflexButton:
    """One reflex button; its hint names what presses ``intent``."""

    kind: str
    label: str
    intent: str
    color: tuple
    window: object = None  # the moment it is shown for: a new one places it anew
    placed_for: object = None  # the window its spot was chosen for
    rect: pygame.Rect | None = None
    shown: float = 0.0  # eased 0..1
    visible: bool = False
    enabled: bool = True


def reflex_spots(table, key: str) -> tuple[pygame.Rect, ...]:
    """Where the reflex button ``key`` may appear now: the spots where it covers no words. The button still
    jumps (a press cannot be aimed in advance), but only within the table's free felt; anywhere if none is clear."""
    # the whole banner room: a banner that rises while the button stands (a long name's, in large text) is
    # as wide as the room, and the fixed 240 px the banner was given let «Поймал!» touch it
    words = list(WORDS_AT) + [ticker_room(), banner_room(), ME_PLATE] + [w.rect for w in table.group.widgets]
    words += [table.plate_of(s).inflate(16, 40) for s in range(table.n) if s != table.me]  # with their marks
    spots = []
    for point in UNO_SPOTS if key == "uno" else REFLEX_SPOTS:
        rect = pygame.Rect((0, 0), REFLEX_SIZES[key])
        rect.center = point
        spots.append(rect)
    return tuple(rect for rect in spots if rect.collidelist(words) < 0) or tuple(spots)


def reflex_hint(table, button: ReflexButton) -> str:
    """A reflex button's hint: its key and its pad button («U / Y»), both always, as a press of either counts."""
    return " / ".join(dict.fromkeys(table.control_names(button.intent))) or "—"


class ReflexButtons(Mapping):
    """The three buttons by kind, and whether «УНО!» is armed to go with the next card."""

    def __init__(self) -> None:
        self.buttons = {
            "uno": ReflexButton("uno", "УНО!", "shout", (214, 40, 40)),
            "catch": ReflexButton("catch", "Поймал!", "catch", (230, 140, 30)),
            "slap": ReflexButton("slap", "Хлоп!", "slap", (40, 100, 200)),  # white read 3.9:1 on the lighter blue
        }
        self.armed = False  # «УНО!» said with the card about to be laid

    def __getitem__(self, kind: str) -> ReflexButton:
        return self.buttons[kind]

    def __iter__(self):
        return iter(self.buttons)

    def __len__(self) -> int:
        return len(self.buttons)

    def update(self, table, dt_ms: float) -> None:
        """Which buttons the seat on screen may press now, placed for their window, eased in and out."""
        view = table.view
        me = table.me
        locked = me >= 0 and (view.get("players") or [{}] * (me + 1))[me].get("locked", 0) > 0
        watch = view.get("uno_watch")
        slap = view.get("slap")
        uno = self.buttons["uno"]
        uno.visible = table.can("shout") or table.uno_variants()
        uno.window = ("late", watch.get("opened_ms")) if table.can("shout") and watch else ("lay", view.get("discard_count"),
                                                                                              view.get("round"))
        catch = self.buttons["catch"]
        catch.visible = watch is not None and watch.get("seat") != me and me >= 0 and not table.between_rounds()
        catch.enabled = table.can("catch") and not locked
        catch.window = ("catch", watch.get("opened_ms"), watch.get("seat")) if watch else None
        slapper = self.buttons["slap"]
        slapper.visible = slap is not None and me in slap.get("expected", []) and me not in slap.get("slapped", [])
        slapper.enabled = table.can("slap") and not locked
        slapper.window = ("slap", slap.get("opened_ms")) if slap else None
        k = 1.0 - math.exp(-dt_ms / 60.0)
        for key, button in self.buttons.items():
            if button.visible and (button.rect is None or button.placed_for != button.window):
                spots = reflex_spots(table, key)
                button.rect = spots[stable_hash(f"{key}:{button.window}:{me}") % len(spots)].copy()
                button.placed_for = button.window
                button.shown = 0.0
            button.shown += ((1.0 if button.visible else 0.0) - button.shown) * k

    def draw_armed(self, surface: pygame.Surface) -> None:
        """While «УНО!» is armed, a note over the hand says it goes with the next card laid."""
        if not self.armed:
            return
        label = assets.text("УНО! — скажете с картой", 16, (255, 255, 255), "bold")
        box = label.get_rect(midbottom=(640, 548)).inflate(16, 6)
        surface.blit(panel(box.size, (200, 40, 40), (255, 255, 255), 1, 10), box)
        surface.blit(label, label.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface, table) -> None:
        pulse = 0.5 + 0.5 * math.sin(table.clock_ms / 120)
        for key, button in self.buttons.items():
            if button.shown < 0.05 or button.rect is None:
                continue
            k = ease_out_back(min(1.0, button.shown))
            rect = button.rect
            colour = button.color if button.enabled else (90, 90, 90)
            if key == "uno" and self.armed:
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
                words = f"{of_player(button.label.rstrip('!'), table.seat_name(table.me), False)}!"
                label = assets.fitted_text(words, 30, ink, "heading", box.width - 16)
                surface.blit(label, label.get_rect(center=(box.centerx, box.centery - 8)))
                hint = assets.text(reflex_hint(table, button), 14, ink, "bold")
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
                hint = assets.text(reflex_hint(table, button), 13, ink, "bold")  # cream on the red read 4.4:1
                surface.blit(hint, hint.get_rect(center=(rect.centerx, rect.centery + 26)))
        left, total = table.countdowns.get("slap", (0.0, 1.0))
        slapper = self.buttons["slap"]
        if slapper.visible and left > 0 and slapper.rect is not None:
            span = 2 * math.pi * left / max(1.0, total)
            pygame.draw.arc(surface, (255, 255, 255), slapper.rect.inflate(16, 16), math.pi / 2, math.pi / 2 + span, 4)
