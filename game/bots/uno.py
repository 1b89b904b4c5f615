"""UNO bots: новичок, игрок, ас. Each decides from its own seat's view and legal actions only.

Reflex moments (a late «УНО!», a catch, a slap, a jump-in) are timed from the moment the
card landed with a human reaction time drawn per level; every such decision is made once per
situation (remembered by a key), so the host asking again after each change does not give a
bot extra dice rolls.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.rules.base import Action, Rng
from game.rules.uno.actions import (
    Accept, Catch, Challenge, ChooseColour, Continue, Draw, Emote, Pass, Play, Ready, Shout,
)
from game.rules.uno.house.five_swap import GiveCard, KeepCards, OfferCard
from game.rules.uno.house.jumping import JumpIn
from game.rules.uno.house.reverse_bounce import Bounce
from game.rules.uno.house.seven_zero import SwapWith
from game.rules.uno.house.uno_center import Slap
from game.rules.uno.cards import COLOURS, DRAW_AMOUNT, REVERSE, SKIP, WILD, WILD4


@dataclass(frozen=True)
class Level:
    think_ms: tuple[int, int]  # an ordinary move
    shout_on_time: float  # says «УНО!» with the card
    late_shout: float  # notices the slip and says it late
    late_shout_ms: tuple[int, int]
    catch: float  # notices someone else's slip
    catch_ms: tuple[int, int]
    slap_ms: tuple[int, int]
    jump: float  # notices an identical card on the pile
    jump_ms: tuple[int, int]
    ready_ms: tuple[int, int]
    smart: int  # 0 plays anything that fits, 1 plays sensibly, 2 plays well
    chatter: float  # makes noise during a silence


LEVELS = {
    "novice": Level((1200, 2600), 0.6, 0.4, (700, 1600), 0.35, (900, 2000), (600, 1400), 0.35, (800, 1600),
                    (1500, 3500), 0, 0.08),
    "player": Level((800, 1700), 0.9, 0.6, (450, 1000), 0.7, (600, 1200), (400, 900), 0.7, (500, 1000),
                    (900, 2000), 1, 0.02),
    "ace": Level((600, 1300), 0.98, 0.9, (300, 650), 0.95, (520, 800), (280, 550), 0.95, (320, 650),
                 (600, 1200), 2, 0.0),
}


class UnoBot:
    """``level`` is a level name, or ``level:solo`` for a bot that ignores its partners in «Командная игра»
    (the baseline the team play is measured against)."""

    def __init__(self, level: str, seat: int, rng: Rng):
        base, _, style = level.partition(":")
        self.level = base if base in LEVELS else "player"
        self.team_aware = style != "solo"
        self.cfg = LEVELS[self.level]
        self.seat = seat
        self.rng = rng
        self.memo: dict = {}
        self.memo_round = -1
        self.lacks: dict[int, set[str]] = {}  # seat -> colours it was seen to lack (it drew on them)
        self.last_colour: dict[int, str] = {}  # seat -> the colour of the last card it laid
        self.seen: dict | None = None  # the last view, as far as the memory above needs it

    # ------------------------------------------------------------------ the table: partners and what others lack
    def _partners(self, view: dict) -> list[int]:
        teams = view.get("teams")
        if not teams or not self.team_aware:
            return []
        return [s for team in teams["members"] if self.seat in team for s in team if s != self.seat]

    def _observe(self, view: dict) -> None:
        """A seat that drew in its turn without a penalty lacks the colour then in force; one that lays a colour
        has it; one that takes a handful may have anything."""
        prev = self.seen
        if prev is None or prev["round"] != view["round"]:
            self.lacks, self.last_colour = {}, {}
        else:
            seat = prev["turn"]
            before, now = prev["cards"][seat], view["players"][seat]["cards"]
            if now - before >= 2:
                self.lacks.pop(seat, None)
            elif (now == before + 1 and prev["phase"] == "play" and prev["pending"] is None
                  and view["discard_count"] == prev["discard_count"]):
                self.lacks.setdefault(seat, set()).add(prev["colour"])
            elif view["discard_count"] > prev["discard_count"] and view["top"] is not None:
                self.lacks.get(seat, set()).discard(view["top"]["colour"])
                self.last_colour[seat] = view["top"]["colour"]
        self.seen = {"round": view["round"], "turn": view["turn"], "phase": view["phase"], "colour": view["colour"],
                     "pending": view["pending"], "discard_count": view["discard_count"],
                     "cards": [p["cards"] for p in view["players"]]}

    def _colour_bias(self, view: dict, colour: str) -> float:
        """For the team: a colour the partner lacks hands the table to the opponents, one an opponent lacks makes
        them draw (the next one first), and a partner about to go out is given the colour they last played."""
        partners = self._partners(view)
        if not partners:
            return 0.0
        bias = 0.0
        nxt = self._next_player(view)["seat"]
        for p in view["players"]:
            seat = p["seat"]
            if seat == self.seat or p["out"]:
                continue
            lacking = colour in self.lacks.get(seat, ())
            if seat in partners:
                bias -= _LACK_WEIGHT * lacking
                if p["cards"] <= 2 and self.last_colour.get(seat) == colour:
                    bias += _LACK_WEIGHT
            else:
                bias += _LACK_WEIGHT * lacking * (1.0 if seat == nxt else 0.5)
        return bias

    # ------------------------------------------------------------------ helpers
    def _between(self, span: tuple[int, int]) -> int:
        lo, hi = span
        return lo + self.rng.below(hi - lo + 1)

    def _once(self, key, make):
        """A decision made once per situation."""
        if key not in self.memo:
            self.memo[key] = make()
        return self.memo[key]

    # ------------------------------------------------------------------ the plan
    def plan(self, view: dict, legal: list[Action], now_ms: int) -> tuple[int, Action] | None:
        self._observe(view)  # the table is watched whether or not there is anything to do
        if not legal:
            return None
        if view["round"] != self.memo_round:
            self.memo, self.memo_round = {}, view["round"]
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        cfg = self.cfg
        if "continue" in by_kind:
            at = self._once(("continue", view["round"]), lambda: now_ms + self._between((800, 2500)))
            return max(now_ms, at), Continue()
        reflex = self._reflex(view, by_kind, now_ms)
        if reflex is not None:
            return reflex
        if "emote" in by_kind and view["silence"] is not None:
            s = view["silence"]
            if self._once(("chatter", s["kind"], s["by"], view["discard_count"]), lambda: self.rng.chance(cfg.chatter)):
                return now_ms + self._between((300, 1500)), Emote("ой")
        # one decision per situation, timed from when the bot first saw it
        key = ("move", view["discard_count"], view["deck_count"], view["phase"], len(view["hand"]), view["actor"])
        decision = self.memo.get(key)
        if decision is None or decision[0] not in legal:
            action = self._move(view, by_kind)
            if action is None:
                return None
            delay = self._between(cfg.ready_ms) if isinstance(action, Ready) else self._between(cfg.think_ms)
            decision = self.memo[key] = (action, now_ms + delay)
        action, at = decision
        return max(now_ms, at), action

    def _reflex(self, view: dict, by_kind: dict, now_ms: int):
        cfg = self.cfg
        watch = view["uno_watch"]
        if "shout" in by_kind and watch is not None:
            key = ("late_shout", watch["opened_ms"])
            if self._once(key, lambda: self.rng.chance(cfg.late_shout)):
                at = watch["opened_ms"] + self._once(key + ("t",), lambda: self._between(cfg.late_shout_ms))
                return max(now_ms, at), Shout()
        if "catch" in by_kind and watch is not None and watch["seat"] not in self._partners(view):
            key = ("catch", watch["seat"], watch["opened_ms"])
            if self._once(key, lambda: self.rng.chance(cfg.catch)):
                at = watch["opened_ms"] + self._once(key + ("t",), lambda: self._between(cfg.catch_ms))
                return max(now_ms, at), Catch()
        slap = view["slap"]
        if "slap" in by_kind and slap is not None:
            at = slap["opened_ms"] + self._once(("slap", slap["opened_ms"]), lambda: self._between(cfg.slap_ms))
            return max(now_ms, at), Slap()
        if "bounce" in by_kind:
            at = view["landed_ms"] + self._once(("bounce", view["discard_count"]), lambda: self._between(cfg.jump_ms))
            return max(now_ms, at), by_kind["bounce"][0]
        if "jump_in" in by_kind:
            key = ("jump", view["top"]["id"], view["discard_count"])
            choice = self._once(key, lambda: self._want_jump(view, by_kind["jump_in"]))
            if choice is not None and choice in by_kind["jump_in"]:
                at = view["landed_ms"] + self._once(key + ("t",), lambda: self._between(cfg.jump_ms))
                return max(now_ms, at), choice
        return None

    def _want_jump(self, view: dict, options: list[JumpIn]):
        if not self.rng.chance(self.cfg.jump):
            return None
        hand = view["hand"]
        shout = [a for a in options if a.uno]
        if shout and self.rng.chance(self.cfg.shout_on_time):
            return shout[0]
        plain = [a for a in options if not a.uno]
        if self.cfg.smart >= 2:
            card = next(c for c in hand if c["id"] == plain[0].card)
            if card["value"] == WILD and len(hand) > 3:
                return None  # a wild is worth more kept
        return plain[0] if plain else None

    # ------------------------------------------------------------------ ordinary moves
    def _move(self, view: dict, by_kind: dict):
        phase = view["phase"]
        if phase == "choose_colour" and "choose_colour" in by_kind:
            return ChooseColour(self._best_colour(view))
        if "ready" in by_kind:
            return Ready()
        if "swap_with" in by_kind:
            return self._pick_swap(view, by_kind["swap_with"])
        if "offer_card" in by_kind or "keep_cards" in by_kind:
            return self._pick_offer(view, by_kind)
        if "give_card" in by_kind:
            return self._pick_give(view, by_kind["give_card"])
        if phase == "attack" and "accept" in by_kind:
            return self._answer_attack(view, by_kind)
        if "play_many" in by_kind and self.cfg.smart >= 1:
            return max(by_kind["play_many"], key=lambda a: (len(a.cards), a.uno == self._shout_now(view, a), a.cards))
        plays = by_kind.get("play", [])
        if plays:
            if "pass" in by_kind and self.cfg.smart >= 2 and not self._worth_playing_drawn(view, plays):
                return by_kind["pass"][0]
            return self._pick_play(view, plays)
        if "draw" in by_kind:
            return Draw()
        if "pass" in by_kind:
            return Pass()
        return None

    def _cards(self, view: dict) -> dict:
        return {c["id"]: c for c in view["hand"]}

    def _colour_counts(self, hand: list[dict]) -> Counter:
        counts: Counter = Counter()
        for c in hand:
            if c["colour"] in COLOURS:
                counts[c["colour"]] += 1 + (_points(c) / 40 if self.cfg.smart >= 2 else 0)
        return counts

    def _best_colour(self, view: dict) -> str:
        hand = view["hand"]
        counts = self._colour_counts(hand)
        if self.cfg.smart == 0 and self.rng.chance(0.4) or not counts:
            return self.rng.choice(COLOURS)
        best = max(COLOURS, key=lambda c: (counts[c] + self._colour_bias(view, c), -COLOURS.index(c)))
        return best

    def _shout_now(self, view: dict, action) -> bool:
        """Whether the level remembers «УНО!» with a move of several cards that leaves one."""
        if len(view["hand"]) - len(action.cards) != 1:
            return False
        key = ("shout", view["discard_count"], view["deck_count"])
        return self._once(key, lambda: self.rng.chance(self.cfg.shout_on_time))

    def _with_shout(self, view: dict, options: list[Play]):
        """Among the variants of one card, shout «УНО!» as often as the level remembers to."""
        if len(view["hand"]) != 2:
            return options[0]
        key = ("shout", view["discard_count"], view["deck_count"])
        shout = self._once(key, lambda: self.rng.chance(self.cfg.shout_on_time))
        for a in options:
            if a.uno == shout:
                return a
        return options[0]

    def _group(self, plays: list) -> dict[str, list]:
        out: dict[str, list] = {}
        for a in plays:
            out.setdefault(a.card, []).append(a)
        return out

    def _pick_play(self, view: dict, plays: list[Play]):
        groups = self._group(plays)
        if self.cfg.smart == 0:
            card = self.rng.choice(sorted(groups))
            return self._with_shout(view, groups[card])
        cards = self._cards(view)
        scored = sorted(groups, key=lambda cid: (-self._score(view, cards[cid]), cid))
        return self._with_shout(view, groups[scored[0]])

    def _score(self, view: dict, card: dict) -> float:
        """How much this play helps (levels 1 and 2)."""
        hand = view["hand"]
        ace = self.cfg.smart >= 2
        value = card["value"]
        colour_count = self._colour_counts(hand)
        score = float(_points(card)) / 10
        honest_four = not any(c["colour"] == view["colour"] for c in hand)
        if card["colour"] == "black":
            score -= 6 if len(hand) > 2 else -1  # keep wilds for later
            if value == WILD4 and not honest_four:
                score -= 20  # a bluff: only when nothing else
        else:
            score += colour_count[card["colour"]] * (0.8 if ace else 0.3)
            score += self._colour_bias(view, card["colour"])
        partners = self._partners(view)
        if partners and (value in DRAW_AMOUNT or value == SKIP):
            # attacks go to the opponents, never to a partner; skipping the opponent before a partner who is
            # about to go out brings the partner's turn sooner
            nxt = self._next_player(view)
            if nxt["seat"] in partners:
                score -= 10
            else:
                score += _HELP * (any(view["players"][p]["cards"] <= 2 for p in partners) + (nxt["cards"] <= 2))
        if partners and any(p["cards"] <= 2 for p in view["players"] if p["seat"] not in partners
                            and p["seat"] != self.seat and not p["out"]):
            score += _points(card) / 10  # an opponent may go out soon: what stays in the team's hands is theirs
        if ace:
            nxt = self._next_player(view)
            threat = nxt["cards"] <= 2
            leader = self._leader(view)
            if value in DRAW_AMOUNT or value == SKIP or (value == REVERSE and view["seats"] == 2):
                score += 4 if threat else 0
                if nxt["seat"] == leader:
                    score += 2.5
                if not threat and nxt["seat"] != leader and len(hand) > 3:
                    score -= 2  # save the weapon for the leader
            if threat and card["colour"] == view["colour"] and value not in DRAW_AMOUNT and value != SKIP:
                score -= 1  # the colour the next player may well hold
        return score

    def _next_player(self, view: dict) -> dict:
        players = view["players"]
        seat = self.seat
        for _ in range(len(players)):
            seat = (seat + view["direction"]) % len(players)
            if not players[seat]["out"]:
                return players[seat]
        return players[self.seat]

    def _leader(self, view: dict) -> int:
        partners = self._partners(view)
        others = [p for p in view["players"] if p["seat"] != self.seat and not p["out"] and p["seat"] not in partners]
        if not others:
            return self.seat
        return min(others, key=lambda p: (p["cards"], -p["score"], p["seat"]))["seat"]

    def _worth_playing_drawn(self, view: dict, plays: list[Play]) -> bool:
        card = self._cards(view).get(plays[0].card)
        return card is None or card["colour"] != "black" or len(view["hand"]) <= 3

    def _answer_attack(self, view: dict, by_kind: dict):
        pending = view["pending"]
        plays = by_kind.get("play", [])
        if "challenge" in by_kind and self._should_challenge(view, pending):
            return Challenge()
        if plays:
            if self.cfg.smart == 0 and self.rng.chance(0.3):
                return Accept()
            return self._pick_play(view, plays)
        return Accept()

    def _should_challenge(self, view: dict, pending: dict) -> bool:
        accused = view["players"][pending["source"]]["cards"]
        key = ("challenge", view["discard_count"], pending["source"])
        if self.cfg.smart == 0:
            return self._once(key, lambda: self.rng.chance(0.1))
        if self.cfg.smart == 1:
            return self._once(key, lambda: accused >= 6 and self.rng.chance(0.4))
        return accused >= 4

    def _pick_swap(self, view: dict, options: list[SwapWith]):
        if self.cfg.smart == 0:
            return self.rng.choice(options)
        players = view["players"]
        partners = self._partners(view)
        return min(options, key=lambda a: (a.seat in partners, players[a.seat]["cards"], a.seat))

    def _pick_offer(self, view: dict, by_kind: dict):
        offers = by_kind.get("offer_card", [])
        if not offers or self.cfg.smart == 0 and self.rng.chance(0.7):
            return by_kind["keep_cards"][0]
        cards = self._cards(view)
        players = view["players"]
        partners = self._partners(view)
        # give away the most expensive card to the opponent closest to winning
        return max(offers, key=lambda a: (a.seat not in partners, _points(cards[a.card]) - 3 * players[a.seat]["cards"],
                                          a.card, -a.seat))

    def _pick_give(self, view: dict, options: list[GiveCard]):
        if self.cfg.smart == 0:
            return self.rng.choice(options)
        cards = self._cards(view)
        counts = self._colour_counts(view["hand"])
        return min(options, key=lambda a: (cards[a.card]["colour"] == "black", counts[cards[a.card]["colour"]],
                                           -_points(cards[a.card]), a.card))


# «Командная игра»: how much a colour seen lacking weighs (a colour count is about 1 a card), and how much an
# attack is worth when it brings a partner about to go out the turn sooner or hits an opponent about to go out
# (tuned on python -m game simulate uno --house team_play --levels player,player:solo and the seats swapped)
_LACK_WEIGHT = 6.0
_HELP = 6.0


def _points(card: dict) -> int:
    value = card["value"]
    if value.isdigit():
        return int(value)
    return 50 if card["colour"] == "black" else 20


def make(level: str, seat: int, rng: Rng) -> UnoBot:
    return UnoBot(level, seat, rng)
