"""Card faces, the deck, matching and points.

A card is an opaque id (``"u17"``) mapped to a face ``(colour, value)`` by the state; the
mapping is shuffled per game so an id alone says nothing about its face.
"""
from __future__ import annotations

from typing import Iterable

RED, YELLOW, GREEN, BLUE, BLACK = "red", "yellow", "green", "blue", "black"
COLOURS: tuple[str, ...] = (RED, YELLOW, GREEN, BLUE)
# the order the four colours are painted around a black card, clockwise («Смена цвета по кругу»)
COLOUR_WHEEL: tuple[str, ...] = (RED, BLUE, GREEN, YELLOW)

COLOUR_LABELS = {RED: "красный", YELLOW: "жёлтый", GREEN: "зелёный", BLUE: "синий", BLACK: "чёрный"}

NUMBERS: tuple[str, ...] = tuple(str(i) for i in range(10))
SKIP, REVERSE, DRAW2, WILD, WILD4 = "skip", "reverse", "draw2", "wild", "wild4"
DRAW1, WILD2, DRAW10 = "draw1", "wild2", "draw10"  # H2O «+1», H2O «Закажи цвет и возьми две», «+10»

VALUE_LABELS = {
    **{n: n for n in NUMBERS},
    SKIP: "Пропусти ход",
    REVERSE: "Наоборот",
    DRAW2: "Возьми две",
    WILD: "Закажи цвет",
    WILD4: "Закажи цвет и возьми четыре",
    DRAW1: "Возьми одну",
    WILD2: "Закажи цвет и возьми две",
    DRAW10: "Возьми десять",
}

# cards a target must take when the card hits them
DRAW_AMOUNT = {DRAW1: 1, DRAW2: 2, WILD2: 2, WILD4: 4, DRAW10: 10}
COLOURED_ATTACKS = frozenset({DRAW1, DRAW2})
BLACK_ATTACKS = frozenset({WILD4, WILD2, DRAW10})

Face = tuple[str, str]


def base_faces() -> list[Face]:
    """The 108 cards of the classic deck."""
    faces: list[Face] = []
    for colour in COLOURS:
        faces.append((colour, "0"))
        for value in NUMBERS[1:] + (SKIP, DRAW2, REVERSE):
            faces += [(colour, value), (colour, value)]
    faces += [(BLACK, WILD)] * 4 + [(BLACK, WILD4)] * 4
    return faces


def is_number(face: Face) -> bool:
    return face[1] in NUMBERS


def is_black(face: Face) -> bool:
    return face[0] == BLACK


def matches(face: Face, top: Face, colour: str) -> bool:
    """The basic law: same colour, same number or picture, or any black card."""
    return face[0] == BLACK or face[0] == colour or face[1] == top[1]


def identical(face: Face, top: Face) -> bool:
    """«Точно такая же карта» for a jump-in: same colour and same value (a black «Закажи цвет»
    on a black «Закажи цвет»); never the +4, which is played only in one's own turn."""
    return face[1] != WILD4 and face == top


def points(face: Face) -> int:
    if is_number(face):
        return int(face[1])
    return 50 if is_black(face) else 20


def card_dict(card_id: str, face: Face, named: str | None = None) -> dict:
    out = {"id": card_id, "colour": face[0], "value": face[1]}
    if named is not None:
        out["named"] = named
    return out


def hand_points(faces: Iterable[Face]) -> int:
    return sum(points(f) for f in faces)


def wheel_next(colour: str, direction: int) -> str:
    i = COLOUR_WHEEL.index(colour)
    return COLOUR_WHEEL[(i + direction) % len(COLOUR_WHEEL)]
