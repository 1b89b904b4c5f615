"""The UNO table's buttons: the column at the right («Взять карту», «Пас», «Беру +N»…), the answers under a dialog
(«Проверить!», «Готов») and the emote chips over your plate. Which there are is the legal actions' answer, read off
the table scene (``table``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game import assets
from game.scenes.base import ACCENT, HEIGHT, INK, INK_DIM, PANEL, PANEL_EDGE, Widget, mix, panel
from game.scenes.uno.dialogs import dialog_rect

BUTTON_MARGIN = 6  # the label keeps this clear of the button's edge (large text drew «браво» onto it)
PALE_ACCENT = (250, 225, 150)  # a key's name on a primary or danger button
# the emote chips (the view's ``emotes``: the rules' list), two rows over your plate, high enough that its marks
# («сдаёт», «УНО!») hang clear; they end short of the «УНО!» button's spot beside the plate (UNO_SPOTS' (300, 640):
# covered, the button went to one astride the felt's edge)
EMOTE_GRID = pygame.Rect(14, HEIGHT - 154, 220, 62)
EMOTE_ROW, EMOTE_GAP, EMOTE_MIN_WIDTH = 34, 4, 40


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


def table_buttons(table) -> list[UnoButton]:
    """The buttons the seat on screen may press now: a dialog's answers, the column, the emote chips."""
    view = table.view
    attack = table.attack()
    widgets: list[UnoButton] = []
    column_x, width, height = 1090, 176, 46
    y = HEIGHT - 14 - height

    def column(key: str, label: str, run: Callable[[], None], hint: str = "", style: str = "normal") -> None:
        nonlocal y
        widgets.append(UnoButton(pygame.Rect(column_x, y, width, height), label, on_confirm=run, key=key, hint=hint,
                                 style=style))
        y -= height + 10

    dialog = dialog_rect()
    if table.can("challenge"):
        amount = attack["amount"] if attack else 4
        left = pygame.Rect(dialog.centerx - 200, dialog.bottom - 62, 190, 46)
        widgets.append(UnoButton(left, "Проверить!", on_confirm=lambda: table.send({"kind": "challenge"}),
                                 key="challenge", style="danger"))
        widgets.append(UnoButton(left.move(210, 0), f"Беру +{amount}", on_confirm=lambda: table.send({"kind": "accept"}),
                                 key="accept", hint=table.key_name("draw")))
    elif table.can("accept"):
        amount = attack["amount"] if attack else 2
        column("accept", f"Беру +{amount}", lambda: table.send({"kind": "accept"}), table.key_name("draw"), "danger")
    if table.can("ready"):
        widgets.append(UnoButton(pygame.Rect(dialog.centerx - 95, dialog.bottom - 62, 190, 46), "Готов",
                                 on_confirm=lambda: table.send({"kind": "ready"}), key="ready",
                                 hint=table.key_name("confirm"), style="primary"))
    if table.can("draw"):
        column("draw", "Взять карту", lambda: table.send({"kind": "draw"}), table.key_name("draw"), "primary")
    if table.can("pass"):
        column("pass", "Пас", lambda: table.send({"kind": "pass"}), table.key_name("draw"))
    if table.can("keep_cards"):
        column("keep_cards", "Не меняться", lambda: table.send({"kind": "keep_cards"}))
    if table.chooser.card is not None:
        column("cancel_offer", "Другая карта", table.chooser.cancel)
    if table.me >= 0 and not table.replaying:  # the rules say which (none between rounds); none in a replay
        emotes = view.get("emotes", [])
        for emote, rect in zip(emotes, emote_rects(emotes)):
            widgets.append(UnoButton(rect, emote, on_confirm=lambda e=emote: table.send({"kind": "emote", "emote": e}),
                                     key="emote:" + emote, style="chip"))
    return widgets
