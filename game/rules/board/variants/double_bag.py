"""«Двойной мешочек» (scrabble.txt): the vowels and the blanks in one bag, the consonants in another; a player
says how many of the new tiles come from the vowel bag (``vowels`` of a move; -1: up to three vowels on the rack)."""
from __future__ import annotations

from game.rules.base import HouseRule

from ..layout import BLANK, RACK, VOWELS
from .base import BoardVariant

VOWELS_TOPPED_UP_TO = 3  # the default draw: vowels enough for three on the rack


def _in_vowel_bag(face: str) -> bool:
    return face in VOWELS or face == BLANK


class DoubleBag(BoardVariant):
    rule = HouseRule("double_bag", "Двойной мешочек",
                     "Гласные и согласные в разных мешочках: добирая, выбирайте, откуда.", False)
    classic_only = True
    state_fields = (("bag_vowels", bytearray),)  # the vowel bag, drawn from the end; the consonants stay in ``bag``

    def tile_places(self, state):
        return [("мешочек гласных", state.bag_vowels, True)]

    def view(self, rules, state, seat):
        return {"bag_vowels": len(state.bag_vowels) if self.on(state.options) else None}

    def split_bag(self, rules, state):
        state.bag_vowels = bytearray(t for t in state.bag if _in_vowel_bag(state.faces[t]))
        state.bag = bytearray(t for t in state.bag if t not in state.bag_vowels)

    def draw(self, rules, state, seat, n, vowels):
        if vowels < 0:
            have = sum(1 for t in state.racks[seat] if state.faces[t] in VOWELS)
            vowels = max(0, min(n, VOWELS_TOPPED_UP_TO - have))
        take_vowels = max(min(vowels, n, len(state.bag_vowels)), n - len(state.bag))
        return [state.bag_vowels.pop() for _ in range(take_vowels)] + [state.bag.pop() for _ in range(n - take_vowels)]

    def bag_of(self, state, tile):
        return state.bag_vowels if _in_vowel_bag(state.faces[tile]) else None

    def after_return(self, state):
        state.rng.shuffle(state.bag_vowels)

    def vowels_allowed(self, vowels):
        return -1 <= vowels <= RACK


VARIANT = DoubleBag()
