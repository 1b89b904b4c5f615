"""Save previews of the code-drawn art (game/art.py) into assets/sprites, and optionally a contact sheet.

    python tools/make_sprites.py                      # writes assets/sprites/**.png
    python tools/make_sprites.py --sheet /tmp/art.png # also one big picture of everything, to look at

The game itself draws with game.art at whatever size a scene needs; these PNGs are the same art at the base sizes,
for README pages, other tools, and for looking at. Deterministic: same code, same pixels.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import art  # noqa: E402

SPRITE_DIR = Path(__file__).resolve().parent.parent / "assets" / "sprites"
RUSSIAN_LETTERS = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
# points printed on the preview tiles: the Эрудит table from shared/rules/scrabble.txt (the game passes its own)
PREVIEW_POINTS = dict(zip(RUSSIAN_LETTERS, (1, 3, 1, 3, 2, 1, 3, 5, 5, 1, 4, 2, 2, 2, 1, 1, 2, 1, 1, 1, 2, 10, 5, 5, 5, 8,
                                            10, 10, 4, 3, 8, 8, 3)))
NOWORDS_RED_LETTERS = "АЕИО"
HARDSIGN_SPECIALS = ("*", "π", "æ", "З/3", "ъ", "любая согласная")
HARDSIGN_BONUS_EXAMPLES = (("Мужской род", 1), ("Съедобное", 2), ("Животное", 3), ("Птица", 4), ("Из всех карт", 5))
PREMIUM_SQUARES = (("×2\nбуква", (90, 170, 220)), ("×3\nбуква", (40, 90, 180)), ("×2\nслово", (230, 130, 140)),
                   ("×3\nслово", (200, 50, 60)), ("★", (230, 130, 140)))


def uno_faces() -> list[tuple[str | None, str]]:
    faces: list[tuple[str | None, str]] = []
    for color in art.UNO_COLORS:
        faces += [(color, face) for face in art.UNO_NUMBER_FACES + art.UNO_ACTION_FACES + art.UNO_EXTRA_COLOR_FACES]
    faces += [(None, face) for face in art.UNO_BLACK_FACES]
    return faces


def sprites() -> dict[str, pygame.Surface]:
    """Every preview, by relative file name."""
    out: dict[str, pygame.Surface] = {}
    for color, face in uno_faces():
        out[f"uno/{color or 'black'}_{face}.png"] = art.uno_card(color, face)
    out["uno/back.png"] = art.uno_back()
    out["uno/wheel.png"] = art.color_wheel(48)
    for index, letter in enumerate(RUSSIAN_LETTERS):
        # file names use the position in the alphabet: Cyrillic names trip up some tools and archives
        out[f"tiles/{index:02d}.png"] = art.letter_tile(letter, PREVIEW_POINTS[letter])
    out["tiles/blank.png"] = art.letter_tile("", 0)
    for index, (label, color) in enumerate(PREMIUM_SQUARES):
        out[f"tiles/square_{index}.png"] = art.board_square(label, color)
    for index, letter in enumerate(RUSSIAN_LETTERS):
        if letter in "ЁЪ":  # the Нет слов deck has neither
            continue
        out[f"nowords/{index:02d}.png"] = art.nowords_card(letter)
    for letter in NOWORDS_RED_LETTERS:
        out[f"nowords/red_{RUSSIAN_LETTERS.index(letter):02d}.png"] = art.nowords_card(letter, red=True)
    out["nowords/back.png"] = art.card_back("nowords")
    for index, letter in enumerate(RUSSIAN_LETTERS):
        out[f"hardsign/{index:02d}.png"] = art.hardsign_card(letter, min(10, PREVIEW_POINTS[letter]))
    for index, label in enumerate(HARDSIGN_SPECIALS):
        out[f"hardsign/special_{index}.png"] = art.hardsign_card(label, None, special=True)
    for index, (title, points) in enumerate(HARDSIGN_BONUS_EXAMPLES):
        out[f"hardsign/bonus_{index}.png"] = art.hardsign_bonus(title, points)
    out["hardsign/back.png"] = art.card_back("hardsign")
    out["hardsign/back_bonus.png"] = art.card_back("hardsign_bonus")
    out["table/felt.png"] = art.felt()
    for seat in range(len(art.AVATAR_KINDS)):
        out[f"avatars/{art.AVATAR_KINDS[seat]}.png"] = art.avatar_for_seat(seat)
    return out


def contact_sheet(images: list[pygame.Surface], columns: int, gap: int = 8,
                  background: tuple[int, int, int] = (40, 90, 60)) -> pygame.Surface:
    cell_w = max(i.get_width() for i in images) + gap
    cell_h = max(i.get_height() for i in images) + gap
    rows = (len(images) + columns - 1) // columns
    sheet = pygame.Surface((columns * cell_w + gap, rows * cell_h + gap))
    sheet.fill(background)
    for n, image in enumerate(images):
        sheet.blit(image, (gap + (n % columns) * cell_w, gap + (n // columns) * cell_h))
    return sheet


def full_sheet() -> pygame.Surface:
    """Everything on one picture: the UNO deck (plain and colour-blind), tiles, letter cards, table, avatars."""
    faces = uno_faces()
    parts = [
        contact_sheet([art.uno_card(c, f) for c, f in faces] + [art.uno_back()], 14),
        contact_sheet([art.uno_card(c, f, colorblind=True) for c, f in faces if c] +
                      [art.uno_card(None, "wild", (60, 90)), art.uno_card("red", "7", (60, 90), colorblind=True),
                       art.uno_card("blue", "reverse", (45, 68))], 14),
        contact_sheet([art.letter_tile(letter, PREVIEW_POINTS[letter]) for letter in RUSSIAN_LETTERS] +
                      [art.letter_tile("", 0), art.letter_tile("Ж", None, from_blank=True),
                       art.letter_tile("Щ", 10, 40), art.letter_tile("Ф", 10, 28)] +
                      [art.board_square(label, color) for label, color in PREMIUM_SQUARES], 20),
        contact_sheet([art.nowords_card(letter) for letter in RUSSIAN_LETTERS if letter not in "ЁЪ"] +
                      [art.nowords_card(letter, red=True) for letter in NOWORDS_RED_LETTERS] +
                      [art.card_back("nowords")], 18),
        contact_sheet([art.hardsign_card(letter, min(10, PREVIEW_POINTS[letter])) for letter in RUSSIAN_LETTERS] +
                      [art.hardsign_card(label, None, special=True) for label in HARDSIGN_SPECIALS] +
                      [art.hardsign_bonus(title, points) for title, points in HARDSIGN_BONUS_EXAMPLES] +
                      [art.card_back("hardsign"), art.card_back("hardsign_bonus")], 18),
        contact_sheet([art.avatar_for_seat(seat) for seat in range(10)] +
                      [art.avatar_for_seat(seat, 40) for seat in range(6)], 16),
        tile_felt(art.felt(), 3),
    ]
    width = max(p.get_width() for p in parts)
    sheet = pygame.Surface((width, sum(p.get_height() for p in parts)))
    sheet.fill((40, 90, 60))
    y = 0
    for part in parts:
        sheet.blit(part, (0, y))
        y += part.get_height()
    return sheet


def tile_felt(texture: pygame.Surface, times: int) -> pygame.Surface:
    """The texture repeated times×times: a seam would show as a line through the middle."""
    w, h = texture.get_size()
    out = pygame.Surface((w * times, h * times))
    for i in range(times):
        for j in range(times):
            out.blit(texture, (i * w, j * h))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SPRITE_DIR)
    parser.add_argument("--sheet", type=Path, help="also save a contact sheet of everything here")
    args = parser.parse_args(argv)
    pygame.init()
    for sub in ("uno", "tiles", "nowords", "hardsign", "table", "avatars"):
        shutil.rmtree(args.out / sub, ignore_errors=True)  # nothing stale survives a rename
    total = 0
    for name, surface in sprites().items():
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        total += path.stat().st_size
    print(f"{args.out}: {total // 1024} КБ")
    if args.sheet:
        pygame.image.save(full_sheet(), str(args.sheet))
        print(f"лист: {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
