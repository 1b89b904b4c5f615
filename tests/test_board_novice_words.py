"""The Эрудит «новичок» plays words a beginner knows, or exchanges, or passes: never a dictionary rarity."""
from __future__ import annotations

from board_words import deal_rack
from game.bots.erudit import BoardBot
from game.rules import lexicon
from game.rules.base import Rng
from game.rules.board.actions import Exchange, Pass, Place
from game.rules.board.erudit import RULES


def test_the_novice_exchanges_when_only_rarities_fit():
    state = RULES.new_game({rule.id: rule.default for rule in RULES.house_rules}, 2, 3)
    seat = state.turn
    deal_rack(state, seat, "гоъыьщц")
    words = {move.word for move in RULES.moves_for(state, seat)}
    assert words and not words & lexicon.get("erudit").common  # «го» and the like fit, no common word does
    for seed in range(5):
        action = BoardBot("erudit", "novice", seat, Rng(seed)).decide(RULES.view(state, seat),
                                                                       RULES.legal_actions(state, seat))
        assert isinstance(action, (Exchange, Pass)), action


def test_the_novice_still_lays_a_common_word_when_one_fits():
    state = RULES.new_game({rule.id: rule.default for rule in RULES.house_rules}, 2, 3)
    seat = state.turn
    deal_rack(state, seat, "котъыьщ")
    action = BoardBot("erudit", "novice", seat, Rng(1)).decide(RULES.view(state, seat),
                                                                RULES.legal_actions(state, seat))
    assert isinstance(action, Place)
    laid = "".join(letter for *_cell, letter in action.tiles)
    assert laid in lexicon.get("erudit").common or laid[::-1] in lexicon.get("erudit").common
