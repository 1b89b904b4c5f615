"""What a board game's moves list says of each entry of its history: the table's list and the replay's say it alike
(a variant's logged moves in the words its look gives)."""
from __future__ import annotations

from typing import Callable

from game.rules.board import LOOK
from game.rules.words_ru import count as count_of

PLAIN_MOVES = {"pass": "пас", "withdrawn": "ход снят", "end": "конец партии"}


def move_said(entry: dict, name: Callable[[int], str]) -> str:
    kind = entry.get("kind")
    if kind == "place":
        return " + ".join(entry.get("words", [])) + (" (все 7!)" if entry.get("bingo") else "")
    if kind == "exchange":
        return f"обмен: {count_of(entry.get('count', 0), 'фишка')}"
    if kind in LOOK.logged:
        return LOOK.logged[kind].said(entry)
    if kind == "pass" and entry.get("timeout"):
        return "время вышло — пас"
    if kind == "end":
        adjustments = entry.get("adjustments", [])
        return ", ".join(f"{name(i)} {a:+d}" for i, a in enumerate(adjustments) if a) or "без остатков"
    return PLAIN_MOVES.get(kind, kind or "")


def is_loss(entry: dict) -> bool:
    """Points taken off, or a move lost to the clock: told in red."""
    kind = entry.get("kind")
    return (kind in LOOK.logged and LOOK.logged[kind].loss) or (kind == "pass" and bool(entry.get("timeout")))


def score_said(entry: dict) -> str:
    kind, score = entry.get("kind"), entry.get("score", 0)
    if kind == "end":
        return ""
    if score < 0:
        return str(score)
    return f"+{score}" if kind == "place" or kind in LOOK.logged else "0"
