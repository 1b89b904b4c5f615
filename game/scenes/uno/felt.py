"""What lies on the UNO table's felt: the round's panel in the corner, the arrows going round the way play goes, the
deck and the discard pile with the colour in force and a +N waiting. The drawing reads the table scene it is given
(``table``); the arrows' turning and the cards still flying to the pile are kept here."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import art, assets
from game.rules.uno import COLOUR_LABELS, turn_count_label
from game.rules.words_ru import count as count_of
from game.scenes.base import ACCENT, INK, INK_DIM, PANEL_EDGE, WIDTH, mix, panel
from game.scenes.uno.layout import (COLOUR_RGB, DECK_POS, DIRECTION_RADII, DISCARD_POS, TABLE_CARD, TABLE_CENTER, back,
                                    draw_direction_arrow, pile_pose)


@lru_cache(maxsize=8)
def deck_picture(layers: int) -> pygame.Surface:
    card_back = back(TABLE_CARD)
    surface = pygame.Surface((TABLE_CARD[0] + layers, TABLE_CARD[1] + round(layers * 1.5)), pygame.SRCALPHA)
    for i in range(layers):
        surface.blit(card_back, (layers - 1 - i, round((layers - 1 - i) * 1.5)))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


assets.on_reset(deck_picture.cache_clear)


def draw_info(table, surface: pygame.Surface) -> None:
    """The round and your score in the top-left corner, the house rules in force under it, «Тсс! Тишина» at the top
    right while a silence holds."""
    view = table.view
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
    team = view["players"][table.me].get("team", -1) if table.me >= 0 else -1
    if teams and team >= 0:  # «Командная игра»: a team plays for the team's total
        if mode != "lazy":
            score = f"У команды {count_of(teams['team_scores'][team], 'очко')}"
        else:
            score = f"Побед команды в турах: {teams['team_round_wins'][team]}"
    elif table.me >= 0:
        me = view["players"][table.me]
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


class DirectionArrows:
    """The arrows going round the piles the way play goes: slowly, and fast for a moment when it turns."""

    def __init__(self) -> None:
        self.angle = 0.0
        self.boost = 0.0

    def turned(self) -> None:
        self.boost = 1.0

    def step(self, direction: int, dt_ms: float) -> None:
        self.boost = max(0.0, self.boost - dt_ms / 1400.0)
        self.angle = (self.angle + direction * dt_ms * (0.012 + 0.25 * self.boost ** 2)) % 360.0

    def draw(self, surface: pygame.Surface, direction: int) -> None:
        cx, cy = TABLE_CENTER
        rx, ry = DIRECTION_RADII
        shade = mix((120, 190, 140), (255, 230, 150), self.boost)
        for i in range(10):
            a = math.radians(self.angle + i * 36)
            x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
            # tangent of the ellipse, pointing the way play goes
            tx, ty = -rx * math.sin(a) * direction, ry * math.cos(a) * direction
            draw_direction_arrow(surface, (x, y), math.degrees(math.atan2(ty, tx)), 9, shade)


class Piles:
    """The deck and the discard pile; a card flying to the pile is left out of it until it lands."""

    def __init__(self) -> None:
        self.incoming: set[str] = set()

    def draw(self, surface: pygame.Surface, table) -> None:
        view = table.view
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
        pile = tuple(c for c in view.get("discard", []) if c.get("id") not in self.incoming)
        picture = self.pile_picture(table, pile)
        surface.blit(picture, picture.get_rect(center=DISCARD_POS))
        if colour in COLOUR_RGB and colour != "black":
            chip = pygame.Rect(0, 0, 130, 26)
            chip.midtop = (DISCARD_POS[0], DISCARD_POS[1] + 76)
            surface.blit(panel(chip.size, COLOUR_RGB[colour], (255, 255, 255), 2, 13), chip)
            text_colour = (30, 30, 30) if colour in ("yellow", "green") else (255, 255, 255)  # white on green: 3.5:1
            label = assets.text(COLOUR_LABELS[colour], 16, text_colour, "bold")
            if table.colorblind:
                art.draw_color_shape(surface, colour, (chip.left + 16, chip.centery), 8)
                surface.blit(label, label.get_rect(midleft=(chip.left + 30, chip.centery)))
            else:
                surface.blit(label, label.get_rect(center=chip.center))
        attack = view.get("pending")
        if attack:
            text = assets.text(f"+{attack.get('amount', 0)}", 40, (255, 255, 255), "heading")
            badge = text.get_rect(center=(DISCARD_POS[0] + 92, DISCARD_POS[1] - 50)).inflate(22, 8)
            pulse = 0.5 + 0.5 * math.sin(table.clock_ms / 160)
            # the pulse stays deep: white read 4.45:1 at its light end, (230, 60, 50)
            surface.blit(panel(badge.size, mix((150, 26, 26), (204, 44, 40), pulse), (255, 220, 200), 2, 16), badge)
            surface.blit(text, text.get_rect(center=badge.center))

    @staticmethod
    def pile_picture(table, pile: tuple) -> pygame.Surface:
        """The discard pile as one picture, redrawn only when a card lands or leaves (kept in the table's store); its
        cards are the tilts the table warms ahead (``rotated_card``)."""
        key = (tuple(c["id"] + c.get("named", "") for c in pile), table.colorblind)

        def paint() -> pygame.Surface:
            surface = pygame.Surface((260, 260), pygame.SRCALPHA)
            for c in pile:
                dx, dy, angle = pile_pose(c["id"])
                tilted = table.rotated_card(c, TABLE_CARD, angle)
                surface.blit(tilted, tilted.get_rect(center=(130 + dx, 130 + dy)))
            return surface.convert_alpha() if pygame.display.get_surface() is not None else surface

        return table.kept.get("pile", key, paint)
