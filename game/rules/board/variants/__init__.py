"""The board games' variants as plug-ins: one module per house rule (its metadata and the hooks it changes,
see ``base.BoardVariant``). The engine asks the functions below at its hook points and never names a variant;
adding one is one module here plus its line in ``EVERY``.

Not moved yet (still inline in the engine): «Двойной мешочек», «Скрэббл наоборот»,
«Скрэббл-бинго», the hints and the checking modes."""
from __future__ import annotations

from typing import Any

from game.rules.base import HouseRule, Rejected

from . import blank_reuse, exchange_needs_7, jacks_to_open, theme
from .base import BoardVariant
from .theme import THEMES

EVERY: tuple[BoardVariant, ...] = (exchange_needs_7.VARIANT, blank_reuse.VARIANT, theme.VARIANT, jacks_to_open.VARIANT)
BASE_OPENING = 2  # the base rule: a first word of two letters or more


def menu(rules: tuple[HouseRule, ...], classic: bool) -> tuple[HouseRule, ...]:
    """``rules`` with every variant of this kind of game placed after the rule it follows in the menus."""
    out = list(rules)
    pending = [v for v in EVERY if classic or not v.classic_only]
    while pending:
        placed = [v for v in pending if v.menu_after in {r.id for r in out}]
        assert placed, f"variants without their menu anchor: {[v.rule.id for v in pending]}"
        for v in placed:
            out.insert(next(i for i, r in enumerate(out) if r.id == v.menu_after) + 1, v.rule)
            pending.remove(v)
    return tuple(out)


def enabled(options: dict) -> list[BoardVariant]:
    return [v for v in EVERY if v.on(options)]


def opening_min(options: dict) -> int:
    shortest = BASE_OPENING
    for v in enabled(options):
        shortest = v.opening_min(options, shortest)
    return shortest


def relaxed_opening(options: dict, current: int) -> int:
    for v in enabled(options):
        relaxed = v.relaxed_opening(current)
        if relaxed is not None:
            return relaxed
    return BASE_OPENING


def move_bonus(options: dict, source: Any, readings: list[str], tags_of) -> int:
    return sum(v.move_bonus(options, source, readings, tags_of) for v in enabled(options))


def blank_swap_refusal(options: dict) -> Rejected | None:
    if any(v.allows_blank_swaps(options) for v in enabled(options)):
        return None
    return Rejected("Замена пустышек не включена в этой партии.")


def exchange_refusal(options: dict, bag: int) -> Rejected | None:
    return next((r for v in enabled(options) if (r := v.exchange_refusal(options, bag)) is not None), None)


__all__ = ["EVERY", "THEMES", "BoardVariant", "blank_swap_refusal", "enabled", "exchange_refusal", "menu", "move_bonus", "opening_min",
           "relaxed_opening"]
