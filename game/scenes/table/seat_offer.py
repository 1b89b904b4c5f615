"""A watcher's way to the table: while a lobby bot plays a seat of the running game, a laptop that watches is offered
that seat (``take_bot_seat``, docs/PROTOCOL.md §11), as the phone page offers it. The offer stands in the table's
JOIN_CORNER, where a watcher has nothing of its own."""
from __future__ import annotations

import pygame

from game import assets
from game.scenes.base import ACCENT, INK, INK_DIM, PANEL, PANEL_EDGE, panel

PAD = 12
GAP = 6
BUTTON_H = 48


def bot_seat_to_take(lobby: dict | None) -> dict | None:
    """The seat the host would give a watcher who asks: the first one a lobby bot plays (its ``bot`` not nil). A
    person's seat a bot covers while they are away has ``bot`` nil (``substituted``) and stays theirs."""
    if not lobby or not lobby.get("started") or lobby.get("over"):
        return None
    return next((seat for seat in lobby.get("seats", []) if seat.get("bot")), None)


def paint_offer(size: tuple[int, int], bot_name: str, keys: str) -> tuple[pygame.Surface, pygame.Rect]:
    """The card of ``size``: whose seat a bot plays, what sitting down gives, the button (and where it stands on the
    card) and ``keys``, what presses it besides a click."""
    width, height = size
    inner = width - 2 * PAD
    lines = [assets.fitted_text(f"За «{bot_name}» играет бот", 18, INK, "bold", inner),
             assets.fitted_text("Его карты и очки станут вашими", 15, INK_DIM, "text", inner)]
    hint = assets.fitted_text(f"{keys} или щелчок", 14, INK_DIM, "text", inner)
    tall = sum(line.get_height() + GAP for line in lines) + PAD + BUTTON_H + GAP + hint.get_height()
    y = max(PAD, (height - tall) // 2)
    card = panel(size, PANEL, PANEL_EDGE, 2, 14).copy()  # the panel is shared: drawn on, it is a copy
    for line in lines:
        card.blit(line, line.get_rect(midtop=(width // 2, y)))
        y += line.get_height() + GAP
    button = pygame.Rect(PAD, y + PAD - GAP, inner, BUTTON_H)
    card.blit(panel(button.size, PANEL, ACCENT, 2, 12), button)
    label = assets.fitted_text("Сесть вместо бота", 20, INK, "bold", inner - 16)
    card.blit(label, label.get_rect(center=button.center))
    card.blit(hint, hint.get_rect(midtop=(width // 2, button.bottom + GAP)))
    return card, button
