"""Walking a row of targets (the table's hand, showcase and button, or the claim panel's cards and buttons) with the
arrows, the pointer and Enter."""
from __future__ import annotations

import pygame

from game.input import Intent
from game.scenes.base import MOVES, nearest

Target = tuple[str, str, pygame.Rect]  # kind, card id or label, where it stands


def move_focus(targets: list[Target], index: int, dx: int, dy: int) -> int:
    if not targets:
        return 0
    best = nearest([rect for _, _, rect in targets], index, dx, dy, across=2.2)
    return min(index, len(targets) - 1) if best is None else best


def steer(intent: Intent, targets: list[Target], index: int) -> tuple[int, int | None] | None:
    """Arrows, the pointer and Enter among ``targets``: the focus after the intent and the target it chose (a click
    or Enter), or None when the intent is not about targets."""
    name = intent.name
    if name in MOVES:
        return move_focus(targets, index, *MOVES[name]), None
    if name in ("point", "click") and intent.pos is not None:
        for i, (_, _, rect) in enumerate(targets):
            if rect.collidepoint(intent.pos):
                return i, (i if name == "click" else None)
        return index, None
    if name == "confirm" and targets:
        return index, min(index, len(targets) - 1)
    return None


def focused(targets: list[Target], index: int) -> Target | None:
    return targets[min(index, len(targets) - 1)] if targets else None
