"""«Ходы»: the UNO table's record of the last moves, left of your hand, like the board games' list. Its lines are
the rules' (``game.rules.uno.ticker_line``, a house rule's declared beside it); this keeps the last few, fits them
to the panel and draws it."""
from __future__ import annotations

from typing import Callable

import pygame

from game import assets
from game.rules.uno import ticker_line
from game.scenes.base import INK, INK_DIM, PANEL_EDGE, panel
from game.scenes.uno.layout import cut_to, shortened

TICKER_ROWS = 6  # the last moves the table shows, like the board games' «Ходы»
TICKER_TOP_LEFT = (14, 372)  # left of the hand, below the lowest left plate at ten seats
TICKER_WIDTH = 236
TICKER_FILL = (12, 30, 26)
TICKER_SIZE = 14


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


class Ticker:
    """The last moves, oldest first: each event that makes a line, and the line."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.moves: list[dict] = []  # their events: a row too wide is made again with shorter names
        self.drawn: tuple = ((), ([], TICKER_SIZE))  # what the rows were fitted for, and the rows

    def record(self, event: dict, name: Callable[[int], str], me: int) -> None:
        """A new round starts an empty record; a move adds its line."""
        line = ticker_line(event, name, me)
        if event.get("kind") == "round_started":
            self.lines, self.moves = [], []
        elif line is not None:
            self.lines = (self.lines + [line])[-TICKER_ROWS:]
            self.moves = (self.moves + [event])[-TICKER_ROWS:]

    def rect(self) -> pygame.Rect | None:
        """Where the moves list stands now (None while it is empty)."""
        return ticker_box(len(self.lines)) if self.lines else None

    def draw(self, surface: pygame.Surface, name: Callable[[int], str], me: int, names: list[str]) -> None:
        box = self.rect()
        if box is None:
            return
        row = ticker_row()
        surface.blit(panel(box.size, TICKER_FILL, PANEL_EDGE, 1, 12), box)
        surface.blit(assets.text("Ходы", 15, INK_DIM, "bold"), (box.left + 10, box.top + 6))
        key = (tuple(self.lines), tuple(names), me, assets.text_scale)
        if self.drawn[0] != key:  # fitting measures many labels: once per list, not per frame
            self.drawn = key, ticker_rows(self.moves, name, me, box.width - 20)
        lines, size = self.drawn[1]
        for i, line in enumerate(lines):
            colour = INK if i == len(lines) - 1 else INK_DIM
            surface.blit(cut_to(line, size, colour, "text", box.width - 20), (box.left + 10, box.top + 26 + i * row))
