"""The right-hand column of the «Нет слов» table: the deck, the common discard, how long the conversation is, and the
last dispute — every press of the last race with its verdict (as the events told them), or the view's last claim."""
from __future__ import annotations

from typing import Callable

import pygame

from game import assets
from game.rules.words_ru import count as count_of
from game.scenes.base import ACCENT, DANGER_TEXT, GOOD, INK_DIM, fitted_text, wrapped
from game.scenes.nowords.cards import back_image, card_image
from game.scenes.nowords.layout import COMMON_POS, DECK_POS, RIGHT


def race_lines(presses: list, name: Callable[[int], str]) -> list[str]:
    """A judged race's presses, as the column lists them: «• Маша: КОТ (+12 мс)», «× Вы: РКОТА — нет в словаре»."""
    lines = []
    for seat, word, ok, reason, dt in presses:
        mark = "•" if ok else "×"
        lines.append(f"{mark} {name(seat)}: {word.upper()}" + (f" (+{dt} мс)" if dt else "")
                     + ("" if ok else f" — {reason}"))
    return lines[:4]


def draw_side(surface: pygame.Surface, v: dict, races: list[str], name: Callable[[int], str]) -> None:
    """The column over its panel (baked into the backdrop); ``races``: the last race's lines, if the events told it."""
    for k in range(min(4, max(1, v["deck"] // 12))):
        img = back_image((64, 90), 0)
        surface.blit(img, img.get_rect(center=(DECK_POS[0] - k, DECK_POS[1] - 2 * k)))
    deck_label = assets.text(f"колода: {v['deck']}", 14, INK_DIM, "bold")
    surface.blit(deck_label, deck_label.get_rect(midtop=(DECK_POS[0], DECK_POS[1] + 52)))
    common = v["common_discard"]
    if common:
        for k in range(min(3, len(common))):
            img = card_image(common[-1 - k]["letter"], False, (64, 90), 8 - 7 * k)
            surface.blit(img, img.get_rect(center=(COMMON_POS[0], COMMON_POS[1])))
    else:
        pygame.draw.rect(surface, (40, 70, 62), pygame.Rect(0, 0, 64, 90).move(COMMON_POS[0] - 32, COMMON_POS[1] - 45),
                         2, border_radius=8)
    lab = assets.text(f"отбой: {len(common)}", 14, INK_DIM, "bold")
    surface.blit(lab, lab.get_rect(midtop=(COMMON_POS[0], COMMON_POS[1] + 52)))
    conv = v["conversation"]
    reds = sum(1 for c in conv if c["red"])
    talk = assets.text(f"Разговор: {count_of(len(conv), 'буква')}", 16, ACCENT, "bold")
    surface.blit(talk, (RIGHT.x + 12, RIGHT.y + 146))
    room = RIGHT.w - 24  # «Крупный текст» ran these lines out of the panel
    surface.blit(fitted_text(f"красных {reds} из 4 возможных", 14, INK_DIM, "text", room), (RIGHT.x + 12, RIGHT.y + 168))
    y = RIGHT.y + 200
    head = assets.text("Последний спор", 16, ACCENT, "bold")
    surface.blit(head, (RIGHT.x + 12, y))
    lines = races
    if not lines and v.get("last_claim"):
        lc = v["last_claim"]
        lines = [f"• {name(lc['claimer'])}: {lc['word'].upper()}", f"буквы достались: {name(lc['seat'])}"]
    lines = lines or ["слов пока не называли"]
    # each press wrapped at words, its reason under its word, as many rows as the panel holds (the last one
    # closed with «…» only when more would follow): cut at 28 letters and shrunk to the width, a refusal read
    # «РКОТА — нет в слова…» in letters 9 px high
    step = assets.text("Жу", 14, INK_DIM).get_bounding_rect(1).height + 3  # the letters' own height apart
    bottom = RIGHT.bottom - 6 - (24 if v.get("series", 1) > 1 else 0)
    rows = [(piece, GOOD if line.startswith("•") else (DANGER_TEXT if line.startswith("×") else INK_DIM), k > 0)
            for line in lines[:4] for k, piece in enumerate(wrapped(line, 14, room))]
    fits = max(1, (bottom - (y + 24)) // step)
    if len(rows) > fits:
        rows = rows[:fits]
        rows[-1] = (rows[-1][0] + "…", *rows[-1][1:])
    for i, (piece, color, continued) in enumerate(rows):
        indent = 12 if continued else 0
        txt = fitted_text(piece, 14, color, "text", room - indent)
        surface.blit(txt, (RIGHT.x + 12 + indent, y + 24 + step * i))
    if v.get("series", 1) > 1:
        s = assets.text(f"партия {v['game_no']} из {v['series']}", 14, INK_DIM)
        surface.blit(s, (RIGHT.x + 12, RIGHT.bottom - 24))
