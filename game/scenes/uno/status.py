"""The UNO table's status line, under the piles: what the seat on screen may do now and with which keys, or whom the
table waits for; and the felt above it that the banners keep to. The words are read off the table scene
(``table``): its view, its legal actions and the dialog open."""
from __future__ import annotations

import math

import pygame

from game import assets
from game.rules.uno import PHASES
from game.scenes.base import INK, panel
from game.scenes.uno.layout import DISCARD_POS, TABLE_CENTER

STATUS_Y = 498  # the status line's middle, between the felt's rim and a lifted hand card
# the banner hangs just under the colour chip (DISCARD_POS + 76 + 26): higher, its top edge cut the chip's word;
# as wide as the felt is clear of the ticker and the side seats' plates at every seat count
BANNER_TOP = DISCARD_POS[1] + 106
BANNER_WIDTH = 600
BANNER_GAP = 3  # felt left showing between the banner and the status line


def doing(phase: str | None) -> str:
    """What the one the table waits for does in ``phase`` («выбирает цвет»): the rules' own text, the one their
    refusals say too, so the table never words a phase a second time."""
    known = PHASES.get(phase)
    return known.waiting if known is not None else "ходит"


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


def status_line(table) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The status line's words and its panel, or None while it says nothing."""
    text = status_text(table)
    if not text:
        return None
    label = status_label(text)
    return label, status_box(label)


def draw_status(table, surface: pygame.Surface) -> None:
    line = status_line(table)
    if line is None:
        return
    label, box = line
    surface.blit(panel(box.size, (10, 40, 26), (40, 100, 64), 1, 14), box)
    surface.blit(label, label.get_rect(center=box.center))


def status_text(table) -> str:
    view = table.view
    phase = view.get("phase")
    actor = table.active_seat()
    me = table.me
    if phase == "round_over":
        # the banner says the round is over; this line says what comes next (the results show their own count)
        left, _ = table.countdowns.get("round", (0.0, 1.0))
        if table.results_open():
            return ""
        return f"Новый тур через {math.ceil(left / 1000)} с" if left > 0 else "Сейчас начнётся новый тур"
    if phase == "match_over":
        return PHASES[phase].label
    if table.replaying:  # what the seat was doing, without the keys a player would have pressed
        return f"{table.seat_name(actor)}: {doing(phase)}" if actor is not None else ""
    enter, take = table.key_name("confirm"), table.key_name("draw")
    pad = bool(table.app.input.pads)  # a pad has a d-pad, no arrow keys or digits
    arrows = "крестовина" if pad else "стрелки"
    if table.chooser.card is not None:
        return f"Кому отдать карту? {arrows.capitalize()} — игрок, {enter} — предложить"
    if table.can("offer_card"):
        return f"Пятёрка: выберите карту для обмена ({enter}) — или «Не меняться»"
    if table.can("give_card"):
        offerer = (view.get("exchange") or {}).get("offerer", -1)
        return f"{table.name(offerer)} предлагает обмен: выберите карту, которую отдадите"
    if table.can("swap_with"):
        return f"Семёрка: с кем поменяться руками? {arrows.capitalize()} и {enter}"
    if table.can("choose_colour"):
        return f"Выберите цвет: {arrows if pad else 'стрелки или 1–4'}, {enter}"
    if table.can("jump_in") and actor != me:
        return f"Перехват! Такая же карта: {enter} — положить вне очереди"
    if table.can("bounce"):
        return f"«Наоборот» того же цвета вернёт пропуск: {enter}"
    if actor == me:
        if phase == "attack":
            pending = view.get("pending") or {}
            if table.can("challenge"):  # the dialog's «Проверить!» has the focus: Enter checks
                return f"На вас +{pending.get('amount', 0)}: {enter} — проверить на честность, {take} — взять карты"
            if table.can("play"):
                return f"На вас +{pending.get('amount', 0)}: отбейтесь поднятой картой или {take} — взять"
            return f"На вас +{pending.get('amount', 0)}: отбиться нечем — {enter} или {take}, взять карты"
        if phase == "ready":
            return f"Разберите новые карты и скажите «Готов» ({enter})"
        if view.get("drawn"):
            if table.zone == "buttons" and table.group.focused is not None and table.group.focused.key == "pass":
                return f"{enter} — «Пас», {'вниз' if pad else 'стрелка вниз'} — к взятой карте"
            return f"Взятая карта подходит: {enter} — сыграть, {take} — «Пас»"
        if table.can("draw"):
            return f"Ходить нечем: {take} — взять карту из колоды"
        return f"Ваш ход: {arrows} — карта, {enter} — положить"
    if actor is None:
        return ""
    return f"{table.name(actor)}: {doing(phase)}"
