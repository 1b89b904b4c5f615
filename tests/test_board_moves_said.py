"""A board game's moves list — at the table and in «Повтор партии» — says each history entry in words, a variant's
logged moves as its look says them: the replay said a time penalty as the raw «time» with «+-3» beside it."""
from __future__ import annotations

from game.rules.board import LOOK
from game.scenes.board.moves import is_loss, move_said, score_said


def name(seat: int) -> str:
    return ["Вы", "Маша"][seat]


def test_a_time_penalty_is_said_as_one_in_red():
    entry = {"seat": 1, "kind": "time", "score": -3, "total": 40, "over_ms": 65_000}
    assert move_said(entry, name) == "штраф за время: 1:05 сверх"
    assert score_said(entry) == "-3" and is_loss(entry)


def test_every_logged_move_of_a_variant_is_said_in_words():
    for kind in LOOK.logged:
        said = move_said({"seat": 0, "kind": kind, "score": 0, "cells": [[7, 7]], "over_ms": 1000}, name)
        assert said != kind and any("а" <= ch <= "я" for ch in said), (kind, said)


def test_the_plain_moves_are_said_as_before():
    assert move_said({"kind": "place", "words": ["КОТ", "ТОК"], "bingo": True}, name) == "КОТ + ТОК (все 7!)"
    assert move_said({"kind": "exchange", "count": 2}, name) == "обмен: 2 фишки"
    assert move_said({"kind": "pass", "timeout": True}, name) == "время вышло — пас"
    assert move_said({"kind": "end", "adjustments": [-5, 5]}, name) == "Вы -5, Маша +5"
    assert score_said({"kind": "place", "score": 12}) == "+12" and score_said({"kind": "pass", "score": 0}) == "0"
