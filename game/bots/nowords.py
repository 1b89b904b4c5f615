"""Bots for «Нет слов»: lay letters that make no word they know, name the words they spot.

Levels differ in the words they know (the common tier for новичок and игрок, the known tier —
words people know — for ас), how often they notice a word at all, how fast they say it, and how often they lay a
risky letter hoping nobody notices. They see only their view and vote honestly by the dictionary, which is why
they never doubt a word it accepts: they take its letters. A word the table voted down they never name, and a letter
that makes only such a word is safe to them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Collection

from game.rules import lexicon
from game.rules.base import Rng
from game.rules.lexicon.search import SignatureTrie
from game.rules.nowords.wire import AcceptWord, CallVote, ChooseNext, Claim, DropClaim, Lay, Vote


@dataclass(frozen=True)
class Level:
    common_only: bool
    notice: float  # chance of spotting a word that is there
    claim_ms: tuple[int, int]  # reaction time to say it
    risky: float  # chance of laying any letter at all, safe or not
    move_ms: tuple[int, int]
    vote_ms: tuple[int, int] = (900, 2500)
    accept_ms: tuple[int, int] = (600, 1400)  # taking the letters of a word named against it


LEVELS = {
    "novice": Level(True, 0.55, (2600, 6500), 0.22, (1300, 2800)),
    "player": Level(True, 0.85, (1300, 3200), 0.10, (900, 2000)),
    "ace": Level(False, 1.0, (500, 1700), 0.04, (700, 1500)),
    "master": Level(False, 1.0, (400, 1200), 0.02, (600, 1300)),
}




@lru_cache(maxsize=8)
def _trie(allow_proper: bool, allow_slang: bool, common_only: bool) -> SignatureTrie:
    # built from a sorted list: the walk order (and so the word a bot finds first) must not depend on
    # the process's string hashing, or the same seed would play differently from run to run
    lex = lexicon.judge("nowords", {"allow_proper": allow_proper, "allow_slang": allow_slang}, for_bots=True)
    # the ace knows more words, but only words people know: a claim nobody at the table can judge is no fair claim
    return SignatureTrie(sorted(lex.common if common_only else lex.known))


def known_word(letters: Counter, options: dict, common_only: bool, voted_down: Collection[str] = ()) -> str | None:
    """A word this bot knows that the letters make, or None; a word the table voted down is no word to it."""
    return _trie(bool(options.get("allow_proper")), bool(options.get("allow_slang")), common_only).any_from(
        letters, voted_down)


class NoWordsBot:
    def __init__(self, level: str, seat: int, rng: Rng):
        self.level = level if level in LEVELS else "player"
        self.params = LEVELS[self.level]
        self.seat = seat
        self.rng = rng
        # what I made of each conversation: (word or None, when I say it); decided once, so
        # thinking again about the same table never rolls the dice again
        self.spotted: dict[tuple, tuple[str | None, int]] = {}

    def _delay(self, span: tuple[int, int]) -> int:
        low, high = span
        return low + self.rng.below(high - low + 1)

    def plan(self, view: dict, legal: list, now_ms: int):
        if not legal:
            return None
        options = view.get("options", {})
        votes = [a for a in legal if isinstance(a, Vote)]
        if votes:
            dispute = view.get("dispute")
            honest = lexicon.judge("nowords", options).accepts(dispute["word"]) if dispute else False
            return now_ms + self._delay(self.params.vote_ms), Vote(honest)
        accept = next((a for a in legal if isinstance(a, AcceptWord)), None)
        if accept is not None:  # a word named against me that the dictionary accepts: I do not doubt it
            return now_ms + self._delay(self.params.accept_ms), accept
        if any(isinstance(a, DropClaim) for a in legal):
            # my word was refused: I trust the dictionary, which my claims came from
            call = next(a for a in legal if isinstance(a, CallVote))
            drop = next(a for a in legal if isinstance(a, DropClaim))
            return now_ms + 700, drop if self.level != "novice" or self.rng.chance(0.7) else call
        claim = self._claim(view, legal, now_ms)
        if claim is not None:
            return claim
        choices = [a for a in legal if isinstance(a, ChooseNext)]
        if choices:
            return now_ms + self._delay(self.params.move_ms), self._choose(view, choices)
        lays = [a for a in legal if isinstance(a, Lay)]
        if lays:
            return now_ms + self._delay(self.params.move_ms), self._lay(view, lays)
        return None

    # ------------------------------------------------------------------ claims
    def _claim(self, view: dict, legal: list, now_ms: int):
        if not any(isinstance(a, Claim) for a in legal):
            return None
        conversation = view["conversation"]
        voted_down = tuple(view.get("voted_down", ()))
        key = (view.get("game_no", 1), tuple(c["id"] for c in conversation), view.get("last_mover"), voted_down)
        if key not in self.spotted:
            word = None
            if self.rng.chance(self.params.notice):
                word = known_word(Counter(c["letter"] for c in conversation), options=view.get("options", {}),
                                  common_only=self.params.common_only, voted_down=voted_down)
            self.spotted[key] = (word, now_ms + self._delay(self.params.claim_ms))
            if len(self.spotted) > 64:
                self.spotted.pop(next(iter(self.spotted)))
        word, at_ms = self.spotted[key]
        if word is None:
            return None
        return max(at_ms, now_ms), Claim(word)

    # ------------------------------------------------------------------ moves
    def _lay(self, view: dict, lays: list) -> Lay:
        faces = {c["id"]: c["letter"] for c in view["hand"] + view["showcase"]}
        if self.rng.chance(self.params.risky):
            return self.rng.choice(lays)
        base = Counter(c["letter"] for c in view["conversation"])
        safe, risky = [], []
        for lay in sorted(lays, key=lambda a: a.card):
            letters = base.copy()
            letters[faces[lay.card]] += 1
            word = known_word(letters, view.get("options", {}), self.params.common_only, view.get("voted_down", ()))
            (risky if word else safe).append(lay)
        if safe:
            # a black card from the hand first: it brings a fresh letter, while reds help words
            blacks = [a for a in safe if a.card.startswith("n")]
            return self.rng.choice(blacks or safe)
        return self.rng.choice(risky)

    def _choose(self, view: dict, choices: list) -> ChooseNext:
        me = self.seat
        left = next((a for a in choices if a.seat != me), choices[0])
        mine = next((a for a in choices if a.seat == me), choices[0])
        if self.level == "novice":
            return self.rng.choice(choices)
        # moving is only a risk, so hand it over — unless I hold a letter that is safe here
        # and my left neighbour is the one closest to winning
        scores = view.get("scores", [])
        if scores and scores[left.seat] == min(scores) and scores[me] > min(scores):
            return left
        base = Counter(c["letter"] for c in view["conversation"])
        common_only = self.params.common_only
        for card in view["hand"]:
            letters = base.copy()
            letters[card["letter"]] += 1
            if known_word(letters, view.get("options", {}), common_only, view.get("voted_down", ())) is None \
                    and self.rng.chance(0.3):
                return mine
        return left


def make(level: str = "player", seat: int = 0, rng: Rng | None = None) -> NoWordsBot:
    return NoWordsBot(level, seat, rng or Rng(seat + 1))

