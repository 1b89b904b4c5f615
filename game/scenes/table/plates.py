"""What a table's backdrop is painted from — its felt and the other seats' plates — and the mark a plate wears while
its person is away; each seat's colour and presence as the room's lobby tells them."""
from __future__ import annotations

import pygame

from game import assets
from game.net.protocol import PALETTE
from game.scenes.base import DANGER_TEXT, HEIGHT, INK, WIDTH, panel

ROOM_COLOURS = {cid: hex_ for cid, _, hex_ in PALETTE}  # a room seat's colour id → its colour (docs/PROTOCOL.md)
ABSENT, COVERED = "нет связи", "играет бот"
ABSENCE_FILL = (16, 12, 12)  # DANGER_TEXT reads 6:1 on it, over any face or felt under the pill


def room_seat(lobby: dict | None, seat: int) -> dict | None:
    """The host's ``lobby`` entry of ``seat``; None where no room says one (a local table)."""
    return next((s for s in (lobby or {}).get("seats", []) if s.get("seat") == seat), None)


def room_colour(lobby: dict | None, seat: int) -> tuple | None:
    """The colour the seat's player chose in the room (the lobby's ``colour``), which its face is drawn on at the
    table as in the room; None where no room says one (a local table: each seat keeps its own)."""
    entry = room_seat(lobby, seat)
    colour = ROOM_COLOURS.get(entry.get("colour")) if entry else None
    return tuple(pygame.Color(colour))[:3] if colour else None


def absence_note(lobby: dict | None, seat: int) -> str:
    """What the host's ``lobby`` says of a person's seat: «играет бот» while a bot covers it (``substituted``, after
    the takeover delay), «нет связи» while their link is gone before that, "" when they are at the table (a lobby
    bot's seat is never absent)."""
    entry = room_seat(lobby, seat)
    if entry is None:
        return ""
    if entry.get("substituted"):
        return COVERED
    return ABSENT if entry.get("bot") is None and entry.get("connected") is False else ""


def plate_name(name: str, room: int, size: int = 18) -> pygame.Surface:
    """A seat's name on its plate, no wider than ``room``: a name of 24 letters (the most a name may have) shrinks, and
    where it would shrink below a readable size (six plates, large text) the words after the first become initials,
    «Александра К.», rather than run out of the plate; the results name everyone in full."""
    whole = assets.text(name, size, INK, "bold")
    words = name.split()
    if whole.get_width() * 12 > room * size and len(words) > 1:
        name = " ".join([words[0]] + [word[0] + "." for word in words[1:]])
    return assets.fitted_text(name, size, INK, "bold", room)


def paint_absence(surface: pygame.Surface, plate: pygame.Rect, note: str,
                  midbottom: tuple[int, int] | None = None) -> None:
    """An absent seat's mark, the same on every table: a dark pill, its words in DANGER_TEXT, hung from the middle
    of the plate's bottom edge (or with its bottom's middle at ``midbottom``, a clear spot of a plate with no room
    under it), no wider than the plate: inside the plate it would cover the lines a table writes there, and the name
    keeps its place and size."""
    if not note:
        return
    label = assets.fitted_text(note, 13, DANGER_TEXT, "bold", plate.w - 20)
    box = label.get_rect().inflate(10, -2)
    box.midbottom = midbottom or (plate.centerx, plate.bottom + box.h - 4)
    surface.blit(panel(box.size, ABSENCE_FILL, DANGER_TEXT, 1, box.h // 2), box)
    surface.blit(label, label.get_rect(center=box.center))


def felt_cloth(color: tuple[int, int, int], seed: int, rings: int = 22) -> pygame.Surface:
    """A canvas-sized felt table darkening toward the edges: the base of a scene's backdrop."""
    from game import art

    cloth = pygame.Surface((WIDTH, HEIGHT))
    tile = art.felt((256, 256), color, seed=seed)
    for x in range(0, WIDTH, 256):
        for y in range(0, HEIGHT, 256):
            cloth.blit(tile, (x, y))
    vignette = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
    for i in range(rings):
        pygame.draw.rect(vignette, (0, 0, 0, 6), pygame.Rect(i * 6, i * 4, WIDTH - i * 12, HEIGHT - i * 8), 8,
                         border_radius=60)
    cloth.blit(vignette, (0, 0))
    return cloth
