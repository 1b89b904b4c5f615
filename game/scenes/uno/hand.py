"""Your hand at the bottom of the UNO table: the cards fanned and easing to their places, those still flying in (left
out until they land), and the cursor on one of them. What a card may do is the table's question; the fan places,
lifts and draws the cards it is told about."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game import assets
from game.scenes.base import ACCENT, panel
from game.scenes.uno.layout import hand_hit, hand_layout

Pose = tuple[float, float, float]  # x, y, angle
COLOUR_ORDER = {"red": 0, "yellow": 1, "green": 2, "blue": 3, "black": 4}
VALUE_ORDER = {**{str(i): i for i in range(10)}, "skip": 10, "reverse": 11, "draw1": 12, "draw2": 13, "wild": 14,
               "wild2": 15, "wild4": 16, "draw10": 17}


def sort_key(c: dict) -> tuple:
    return COLOUR_ORDER.get(c.get("colour"), 5), VALUE_ORDER.get(c.get("value"), 30), c.get("id", "")


class HandFan:
    """The cards of the hand on screen where they stand, the ones still flying in, and the cursor."""

    def __init__(self) -> None:
        self.pos: dict[str, list[float]] = {}  # id -> x, y, angle (eased toward the fan)
        self.prev: dict[str, list[float]] = {}
        self.incoming: set[str] = set()  # flying toward the hand
        self.selected: str | None = None  # the card under the cursor
        self.last_legal: frozenset = frozenset()  # the playable cards the cursor last went to

    def clear(self) -> None:
        """A new deal: no card has a place yet, none is on its way."""
        self.pos.clear()
        self.prev.clear()
        self.incoming.clear()

    def forget(self) -> None:
        """Another hand is on screen: nothing of this one is kept, the cursor included."""
        self.clear()
        self.selected = None
        self.last_legal = frozenset()

    def visible(self, hand: list[dict]) -> list[dict]:
        return [c for c in hand if c["id"] not in self.incoming]

    @staticmethod
    def slot_pose(hand: list[dict], card_id: str) -> Pose:
        """Where ``card_id`` rests in ``hand`` (sorted as it is shown)."""
        for c, pose in zip(hand, hand_layout(len(hand))):
            if c["id"] == card_id:
                return pose
        return 640.0, 652.0, 0.0

    def send_in(self, card_id: str) -> None:
        self.incoming.add(card_id)

    def land(self, card_id: str, pose: Pose) -> None:
        self.incoming.discard(card_id)
        self.pos[card_id] = list(pose)
        self.prev[card_id] = list(pose)

    def lift_off(self, card_id: str | None) -> Pose | None:
        """The card leaves the hand from where it stands (None: it has no place in the fan)."""
        if card_id not in self.pos:
            return None
        x, y, a = self.pos.pop(card_id)
        self.prev.pop(card_id, None)
        return x, y, a

    def reset_from(self, point, hand: list[dict]) -> None:
        """The whole hand was replaced: every card slides in from ``point``."""
        self.pos.clear()
        self.prev.clear()
        for c in hand:
            self.pos[c["id"]] = [point[0], point[1], 0.0]
            self.prev[c["id"]] = [point[0], point[1], 0.0]

    def follow(self, hand: list[dict], legal_cards: frozenset, lift: Callable[[str], float], shake: float,
               dt_ms: float) -> None:
        """The cursor goes to a card that may be played when a new chance comes, and the cards ease toward the fan,
        each raised by ``lift``."""
        ids = [c["id"] for c in hand]
        visible = [i for i in ids if i not in self.incoming]
        if legal_cards != self.last_legal:
            # a new chance to play: put the cursor on a card that can go — once one is in the hand: while the deal's
            # cards are still flying in, the cursor fell on the first card landed, a dimmed one, and stayed there
            playable = next((i for i in visible if i in legal_cards), None)
            if playable is not None or not legal_cards or self.selected in legal_cards:
                self.last_legal = legal_cards
                if playable is not None and self.selected not in legal_cards:
                    self.selected = playable
        if self.selected not in visible:
            self.selected = visible[min(len(visible) - 1, 0)] if visible else None
        k = 1.0 - math.exp(-dt_ms / 70.0)
        for c, (x, y, a) in zip(hand, hand_layout(len(hand))):
            cid = c["id"]
            target = (x + shake, y - lift(cid), a)
            current = self.pos.get(cid)
            if current is None:
                current = [target[0], target[1] + 40, target[2]]
            self.prev[cid] = list(current)
            self.pos[cid] = [p + (t - p) * k for p, t in zip(current, target)]
        for gone in [i for i in self.pos if i not in ids]:
            del self.pos[gone]
            self.prev.pop(gone, None)

    def card_at(self, visible: list[dict], pos: tuple[int, int], lift: Callable[[str], float]) -> str | None:
        """The card under the pointer, of those ``visible``."""
        xs = [self.pos.get(c["id"], [640.0])[0] for c in visible]
        index = hand_hit(xs, pos, [lift(c["id"]) for c in visible])
        return None if index is None else visible[index]["id"]

    def draw(self, surface: pygame.Surface, alpha: float, hand: list[dict],
             picture: Callable[[dict, float], pygame.Surface], halo: Callable[[float], pygame.Surface], cursor: bool,
             tags: dict[str, str]) -> None:
        """The cards where they stand between two steps (``alpha``), each as ``picture`` tilts it; the cursor's card
        on ``halo`` under an arrow when ``cursor``; a card's tag on it."""
        selected_pose = None
        for c in hand:
            cid = c["id"]
            if cid in self.incoming or cid not in self.pos:
                continue
            prev = self.prev.get(cid, self.pos[cid])
            cur = self.pos[cid]
            x, y, a = (p + (q - p) * alpha for p, q in zip(prev, cur))
            drawn = picture(c, round(a / 2) * 2)
            rect = drawn.get_rect(center=(round(x), round(y)))
            if cid == self.selected and cursor:
                selected_pose = (x, y, rect)
                lit = halo(round(a / 2) * 2)
                surface.blit(lit, lit.get_rect(center=rect.center))
            surface.blit(drawn, rect)
            if cid in tags:
                label = assets.text(tags[cid], 15, (30, 20, 0), "bold")
                # on the card's top, under the cursor's arrow: above it, the tag stood on the status line
                box = label.get_rect(midtop=(round(x), rect.top + 10)).inflate(10, 2)
                surface.blit(panel(box.size, ACCENT, (255, 255, 255), 1, 8), box)
                surface.blit(label, label.get_rect(center=box.center))
        if selected_pose is not None:
            x, y, rect = selected_pose
            pygame.draw.polygon(surface, ACCENT, [(x - 9, rect.top - 14), (x + 9, rect.top - 14), (x, rect.top - 4)])
