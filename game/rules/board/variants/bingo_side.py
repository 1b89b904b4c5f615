"""«Скрэббл-бинго» as a side game (kept for old tables; the text's own game is «Скрэббл Бинго», game/rules/bingo):
each seat gets two common 7-letter words within the tile counts; after every turn a letter is called from a
separate set and crossed out where it is needed; the first seat(s) to cross all 14 win the side game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event, HouseRule

from .base import BoardVariant

WORDS_EACH = 2
WORD_LETTERS = 7
PICKS_PER_SEAT = 50  # tries at a word that fits beside the first within the tile counts


@dataclass(frozen=True)
class BingoCalled(Event):
    kind: ClassVar[str] = "bingo_called"
    letter: str


@dataclass(frozen=True)
class BingoWon(Event):
    kind: ClassVar[str] = "bingo_won"
    seats: tuple


class BingoSide(BoardVariant):
    rule = HouseRule("bingo_side", "Скрэббл-бинго", "Побочная игра: у каждого два слова из 7 букв; ведущий "
                     "вытягивает буквы из отдельного набора, кто первым зачеркнёт все — победил в бинго.", False)
    classic_only = True
    events = (BingoCalled, BingoWon)
    state_fields = (
        ("bingo_words", list),  # per seat: its words
        ("bingo_left", list),  # per seat: letters not yet crossed
        ("bingo_calls", list),
        ("bingo_deck", list),
        ("bingo_winners", list),
    )

    def after_deal(self, rules, state):
        tiles = rules.v.tiles
        source = rules.source(state)
        pool = sorted(w for w in (source.common or source.words)
                      if len(w) == WORD_LETTERS and all(ch in tiles for ch in w))
        if not pool:
            pool = sorted(w for w in source.words if len(w) == WORD_LETTERS and all(ch in tiles for ch in w))
        for _ in range(state.players):
            chosen: list[str] = []
            for _attempt in range(PICKS_PER_SEAT):
                if len(chosen) == WORDS_EACH or not pool:
                    break
                w = state.rng.choice(pool)
                need: dict[str, int] = {}
                for ch in "".join(chosen) + w:
                    need[ch] = need.get(ch, 0) + 1
                if all(tiles[ch][0] >= n for ch, n in need.items()):
                    chosen.append(w)
            state.bingo_words.append(chosen)
            state.bingo_left.append(sorted("".join(chosen)))
        deck = [ch for ch, (n, _) in sorted(tiles.items()) for _ in range(n)]
        state.rng.shuffle(deck)
        state.bingo_deck = deck

    def after_turn(self, rules, state):
        if not state.bingo_deck or state.bingo_winners:
            return []
        letter = state.bingo_deck.pop()
        state.bingo_calls.append(letter)
        events: list = [BingoCalled(letter)]
        done = []
        for seat, left in enumerate(state.bingo_left):
            if letter in left:
                left.remove(letter)
                if not left and state.bingo_words[seat]:
                    done.append(seat)
        if done:
            state.bingo_winners = done
            events.append(BingoWon(tuple(done)))
        return events

    def view(self, rules, state, seat):
        if not self.on(state.options):
            return {}
        mine = 0 <= seat < state.players
        return {"bingo": {
            "calls": [ch.upper() for ch in state.bingo_calls],
            "winners": list(state.bingo_winners),
            "words": [w.upper() for w in state.bingo_words[seat]] if mine and state.bingo_words else [],
            "left": [ch.upper() for ch in state.bingo_left[seat]] if mine and state.bingo_left else [],
        }}

    def result(self, rules, state):
        return {"bingo_winners": list(state.bingo_winners)} if self.on(state.options) else {}


VARIANT = BingoSide()
