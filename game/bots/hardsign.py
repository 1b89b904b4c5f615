"""Bots for «Твёрдый знак»: search the hand and the table for words (jokers as wildcards), score them with the bonus
cards on the table, and lay the chosen one after a thinking time that depends on the level.

* новичок (novice): slow, short words from the common tier, sometimes misses a word, never bribes;
* игрок (player): medium speed, the whole dictionary, one of the two best words, bribes now and then;
* ас (ace): fast, the best word, passes weak words late in a race, bribes and even takes a word back for a better one.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.base import Rng
from game.rules.hardsign import cards as C
from game.rules.hardsign import words as W
from game.rules.hardsign.actions import AskLetter, Bribe, Pass, Submit, Withdraw
from game.rules.hardsign.engine import score_breakdown


@dataclass(frozen=True)
class Level:
    think_ms: tuple[int, int]  # thinking time after a stage opens (a deal, a new letter, the first word)
    common_only: bool
    max_len: int
    choices: int  # picks among this many best words
    miss: float  # chance not to see any word in a stage
    pass_below: int  # with two words on the table already, a word scoring less than this is not worth the cards
    bribe: float  # chance to bribe when it is possible and the hand has nothing good
    withdraw_gain: int  # takes its word back when a new letter allows this much more (0: never)


LEVELS = {
    "novice": Level((9_000, 18_000), True, 5, 4, 0.15, 0, 0.0, 0),
    "player": Level((4_000, 10_000), False, 8, 2, 0.04, 4, 0.25, 0),
    "ace": Level((1_500, 4_000), False, 12, 1, 0.0, 6, 0.5, 4),
}
LEVELS["master"] = LEVELS["ace"]


@dataclass(frozen=True)
class Option:
    submit: Submit
    total: int
    instant: bool
    length: int


class HardSignBot:
    def __init__(self, level: str, seat: int, rng: Rng):
        self.level_name = level
        self.level = LEVELS.get(level, LEVELS["player"])
        self.seat = seat
        self.rng = rng

    # ------------------------------------------------------------------ thinking
    def options(self, view: dict) -> list[Option]:
        hand, table = view["hand"], view["table"]
        faces_hand = [c["face"] for c in hand]
        faces_table = [c["face"] for c in table]
        plays = W.plays_for(faces_hand, faces_table, view.get("words_options"))
        words = W.source(view.get("words_options"), for_bots=True)
        common = words.common if self.level.common_only else None
        ids = [c["id"] for c in hand] + [c["id"] for c in table]
        bonuses = [b["tag"] for b in view["bonuses"]]
        everything = len(ids)
        early = not view["laid_order"]
        out = []
        for play in plays:
            if len(play.word) > self.level.max_len:
                continue
            if not words.accepts(play.word):
                continue  # a word only people may play
            base = words.base_word(play.word)
            if common is not None and common and base not in common:
                continue
            faces = [(faces_hand + faces_table)[i] for i in play.cards]
            score = score_breakdown(seat=self.seat, word=play.word, faces=faces,
                                    from_table=[i >= len(hand) for i in play.cards], bonuses=bonuses,
                                    tags=words.tags(base), early=early, all_cards=len(play.cards) == everything)
            out.append(Option(Submit(tuple(ids[i] for i in play.cards), play.word), score["total"], play.instant,
                              len(play.word)))
        out.sort(key=lambda o: (not o.instant, -o.total, -o.length, o.submit.word))
        return out

    def _stage_rng(self, view: dict) -> Rng:
        # one generator a stage (a deal, each added letter, the first word), named without the clock: a moment
        # would make the bot's choices depend on when the host's clock started
        return self.rng.fork(view["round"] * 1009 + len(view["table"]) * 13 + view["answer_stage"] * 7)

    # ------------------------------------------------------------------ the policy
    def plan(self, view: dict, legal: list, now_ms: int):
        if view.get("phase") != "race" or not legal:
            return None
        kinds = {a.kind for a in legal}
        stage = self._stage_rng(view)
        low, high = self.level.think_ms
        at = max(now_ms, view["stage_started_ms"] + low + stage.below(high - low + 1))
        status = view["status"][self.seat]
        if status == "laid":
            return self._maybe_withdraw(view, at, kinds)
        options = [] if stage.chance(self.level.miss) else self.options(view)
        if options and options[0].instant:
            return max(now_ms, view["stage_started_ms"] + low // 2), options[0].submit
        laid = len(view["laid_order"])
        if options:
            pick = options[stage.below(min(self.level.choices, len(options)))]
            weak = laid >= 2 and pick.total < self.level.pass_below
            if not weak:
                return at, pick.submit
            if "bribe" in kinds and stage.chance(self.level.bribe):
                return at, Bribe()
            return at, Pass()
        if status == "asked":
            return None  # waiting for the letter it asked for
        if "ask_letter" in kinds:
            return at + (high - low) // 2, AskLetter()
        if "bribe" in kinds and stage.chance(self.level.bribe):
            return at, Bribe()
        if laid or "pass" in kinds:
            return at + (high - low) // 2, Pass()
        return None

    def _maybe_withdraw(self, view: dict, at: int, kinds: set[str]):
        mine = view.get("my_word")
        if not self.level.withdraw_gain or "withdraw" not in kinds or not mine:
            return None
        options = self.options(view)
        if options and options[0].submit.word != mine["word"] and \
                options[0].total - C.EARLY_POINTS >= mine["score"]["total"] + self.level.withdraw_gain:
            return at, Withdraw()
        return None


def make(level: str = "player", seat: int = 0, rng: Rng | None = None) -> HardSignBot:
    return HardSignBot(level, seat, rng or Rng(seat + 1))
