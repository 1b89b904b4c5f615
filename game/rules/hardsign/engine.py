"""«Твёрдый знак»: the word-building race. Everyone plays at once; timers keep the table moving.

A deal: three letter cards to each player, three face up on the table, three bonus cards beside them. Each player lays
one word face down (Submit), passes, or asks for another letter; the first word takes «Раньше всех». When nobody is
left deciding, the words are revealed and the best one takes every played card into its bank. docs/RULES.md (Твёрдый знак)
lists each decision taken where the text is vague.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from itertools import permutations

from game.rules import lexicon
from game.rules.base import AS_PRINTED, SPECTATOR, TV, HouseRule, Rejected, Rng, seconds_rule
from game.rules.flow import Phase, handler_for, raise_if, seat_count_refusal
from game.rules.words_ru import count as count_of

from . import cards as C
from . import words as W
from .actions import (ACTIONS, EVENTS, AskLetter, BribePaid, Bribe, EarlyCard, GameOver, HandDealt, LetterAdded,
                      LetterAsked, LongestWord, Pass, Passed, RoundDealt, RoundVoid, RoundWon, Submit, TimeUp,
                      Withdraw, WordLaid, WordTaken)

HAND = 3
TABLE_START = 3
TABLE_MAX = 5
REVEAL_MS = 6000  # the laid words stay on show this long before the next deal
VOID_STREAK_ENDS = 3  # three void deals in a row end the game: nobody is making words any more
OFFERED_WORDS = 2  # generated submissions offered in legal_actions (any other word is judged by apply)

THINKING, LAID, PASSED, ASKED = "thinking", "laid", "passed", "asked"


class HardSignPhase(Phase):
    RACE = "race"
    REVEAL = "reveal"
    OVER = "over"


RACE, REVEAL, OVER = HardSignPhase
DECIDING = (THINKING, ASKED)  # who may still lay a word or pass


@dataclass
class Laid:
    cards: list[str]  # ids in reading order: own hand and table
    word: str
    t_ms: int
    seq: int


@dataclass
class HardSignState:
    rng: Rng
    options: dict
    players: int
    face_string: str  # the face of letter card "k<i>" is face_string[i] (one character a card: cheap to copy)
    bonus_order: tuple  # the tag of bonus card "b<i>" is bonus_order[i]
    deck: list[str] = field(default_factory=list)  # top is the end
    hands: list[list[str]] = field(default_factory=list)
    table: list[str] = field(default_factory=list)
    banks: list[list[str]] = field(default_factory=list)
    bonus_stack: list[str] = field(default_factory=list)  # top is the end; used cards go under it
    bonus_table: list[str] = field(default_factory=list)
    bonus_seen: list[str] = field(default_factory=list)  # table bonus cards turned face up
    status: list[str] = field(default_factory=list)
    laid: list[Laid | None] = field(default_factory=list)
    bonus_points: list[int] = field(default_factory=list)
    early: int = -1  # who holds «Раньше всех» (-1: it lies on the table)
    early_free_since: int = 0
    longest_seat: int = -1
    longest_word: str = ""
    phase: HardSignPhase = RACE
    deadline: int | None = None
    stage_started: int = 0
    answer_stage: bool = False
    round: int = 0
    void_streak: int = 0
    seq: int = 0
    last: str = ""  # the public outcome of the last deal, as JSON: it never changes, so it is kept as one string
    end_reason: str = ""

    def face(self, card_id: str) -> str:
        return self.face_string[int(card_id[1:])]

    def bonus_tag(self, bonus_id: str) -> str:
        return self.bonus_order[int(bonus_id[1:])]

    def card_ids(self) -> set[str]:
        return {f"k{i}" for i in range(len(self.face_string))}

    def bonus_ids(self) -> set[str]:
        return {f"b{i}" for i in range(len(self.bonus_order))}

    def __deepcopy__(self, memo: dict) -> "HardSignState":
        # the host and the tests copy states often: strings are immutable, so a structural copy is enough
        new = copy.copy(self)
        new.rng = Rng(self.rng.s)
        new.options = dict(self.options)
        for name in ("deck", "table", "bonus_stack", "bonus_table", "bonus_seen", "status", "bonus_points"):
            setattr(new, name, list(getattr(self, name)))
        new.hands = [list(h) for h in self.hands]
        new.banks = [list(b) for b in self.banks]
        new.laid = [None if w is None else Laid(list(w.cards), w.word, w.t_ms, w.seq) for w in self.laid]
        return new


def card_wire(state: HardSignState, card_id: str) -> dict:
    """A card as a seat that may see it is sent it: with the ways it may be read and how it reads before a choice,
    so a client offers the rules' own readings (a phone page holds no table of its own)."""
    face = state.face(card_id)
    return {"id": card_id, "face": face, "stars": C.stars(face), "readings": list(C.reading_choices(face)),
            "reading": C.default_reading(face)}


def bonus_wire(state: HardSignState, bonus_id: str) -> dict:
    bonus = C.BONUS_BY_TAG[state.bonus_tag(bonus_id)]
    return {"id": bonus_id, "tag": bonus.tag, "title": bonus.title, "points": bonus.points}


class HardSignRules:
    game_id = "hardsign"
    title = "Твёрдый знак"
    min_players, max_players = 2, 6
    free_form_kinds = ("submit",)
    actions = ACTIONS
    events = EVENTS
    house_rules = (
        seconds_rule("think_seconds", "Время на слово", "Сколько секунд даётся на слово, пока никто не выложил "
                     "своё; потом на стол добавляется буква.", 90, (60, 90, 180)),
        seconds_rule("answer_seconds", "Время после первого слова", "Сколько секунд остальные решают, играть или "
                     "пасовать, после того как выложено первое слово.", 30, (15, 30, 60)),
        HouseRule("hidden_bonuses", "Бонусы втёмную", "Бонусные карты лежат рубашкой вверх и открываются только "
                  "при подсчёте очков.", False),
        HouseRule("bribe_after_one", "Взятка после первого слова", "Дать взятку за букву можно, как только выложено "
                  "одно слово (а не два).", False),
        HouseRule("allow_proper", "Имена собственные", "Принимать имена, фамилии и названия.", False),
        HouseRule("allow_slang", "Жаргон и просторечия", "Принимать жаргонные и просторечные слова.", False),
    )
    presets = {
        AS_PRINTED[0]: (AS_PRINTED[1], {}),
        "blitz": ("Блиц", {"think_seconds": 60, "answer_seconds": 15}),
        "dark": ("Втёмную", {"hidden_bonuses": True, "bribe_after_one": True}),
    }

    # ------------------------------------------------------------------ setup
    def new_game(self, options: dict, seats: int, seed: int, start_ms: int = 0) -> HardSignState:
        raise_if(seat_count_refusal(self, seats))
        from game.rules.base import resolve_options

        options = resolve_options(self.house_rules, options)
        rng = Rng(seed)
        faces = C.deck_faces()
        rng.shuffle(faces)  # ids carry no hint of their face
        tags = [b.tag for b in C.BONUSES]
        rng.shuffle(tags)
        state = HardSignState(rng, dict(options), seats, "".join(faces), tuple(tags))
        state.deck = [f"k{i}" for i in range(len(faces))]
        rng.shuffle(state.deck)
        state.bonus_stack = [f"b{i}" for i in range(len(tags))]
        state.hands = [[] for _ in range(seats)]
        state.banks = [[] for _ in range(seats)]
        state.status = [THINKING] * seats
        state.laid = [None] * seats
        state.bonus_points = [0] * seats
        self._deal(state, start_ms)  # the first deal's think time runs from the game's start, not from 0
        return state

    def think_ms(self, state: HardSignState) -> int:
        return int(state.options["think_seconds"]) * 1000

    def answer_ms(self, state: HardSignState) -> int:
        return int(state.options["answer_seconds"]) * 1000

    def _can_deal(self, state: HardSignState) -> bool:
        return len(state.deck) >= HAND * state.players + TABLE_START

    def _deal(self, state: HardSignState, t_ms: int) -> list:
        state.round += 1
        for seat in range(state.players):
            state.hands[seat] = [state.deck.pop() for _ in range(HAND)]
        state.table = [state.deck.pop() for _ in range(TABLE_START)]
        self._seemly_table(state, keep_last=False)
        while len(state.bonus_table) < C.TABLE_BONUSES and state.bonus_stack:
            state.bonus_table.append(state.bonus_stack.pop())
        if not state.options["hidden_bonuses"]:
            state.bonus_seen = list(state.bonus_table)
        state.bonus_seen = [b for b in state.bonus_seen if b in state.bonus_table]
        state.status = [THINKING] * state.players
        state.laid = [None] * state.players
        state.early, state.early_free_since = -1, t_ms
        state.phase = RACE
        state.answer_stage = False
        state.stage_started = t_ms
        state.deadline = t_ms + self.think_ms(state)
        events: list = [RoundDealt(state.round, tuple(card_wire(state, c) for c in state.table),
                                   tuple(bonus_wire(state, b) for b in state.bonus_seen), len(state.deck))]
        events += [HandDealt(seat, tuple(card_wire(state, c) for c in state.hands[seat]))
                   for seat in range(state.players)]
        return events

    # ------------------------------------------------------------------ what may be done
    def _bribe_need(self, state: HardSignState) -> int:
        return 1 if state.options["bribe_after_one"] else 2

    def _laid_seats(self, state: HardSignState) -> list[int]:
        seats = [s for s in range(state.players) if state.laid[s] is not None]
        return sorted(seats, key=lambda s: (state.laid[s].t_ms, state.laid[s].seq))  # type: ignore[union-attr]

    def _letter_available(self, state: HardSignState) -> bool:
        return len(state.table) < TABLE_MAX and bool(state.deck)

    # why not: each answer below is what ``apply`` raises and what ``legal_actions`` filters on
    def _bribe_refusal(self, state: HardSignState, seat: int) -> Rejected | None:
        laid = self._laid_seats(state)
        if state.status[seat] != THINKING:
            return Rejected("Взятку даёт тот, кто ещё не выложил слово и не спасовал.", "bribe")
        if len(laid) < self._bribe_need(state):
            need = self._bribe_need(state)
            return Rejected(f"Взятку можно дать, когда выложено хотя бы {need} "
                            f"{'слово' if need == 1 else 'слова'}.", "bribe")
        if not self._letter_available(state):
            return Rejected("Больше букв на стол не добавить: их уже пять.", "bribe")
        if len(state.banks[seat]) < len(laid):
            return Rejected(f"В вашем банке мало карт: нужно по одной каждому выложившему слово ({len(laid)}).",
                            "bribe")
        return None

    def _status_refusal(self, state: HardSignState, seat: int, allowed: tuple[str, ...]) -> Rejected | None:
        if state.status[seat] in allowed:
            return None
        if allowed == (LAID,):
            return Rejected("У вас нет слова на столе.", "status")
        return Rejected(self._status_reason(state, seat), "status")

    def _ask_refusal(self, state: HardSignState, seat: int) -> Rejected | None:
        refusal = self._status_refusal(state, seat, (THINKING,))
        if refusal is None and self._laid_seats(state):
            refusal = Rejected("Слово уже выложено: теперь букву можно получить только за взятку.", "letter")
        if refusal is None and not self._letter_available(state):
            refusal = Rejected("Больше букв на стол не добавить: их уже пять.", "letter")
        return refusal

    def to_act(self, state: HardSignState) -> tuple[int, ...]:
        """Nobody: everyone plays at once and every action is a reflex; the deal ends on its own clock."""
        return ()

    def legal_actions(self, state: HardSignState, seat: int) -> list:
        if state.phase != RACE or not 0 <= seat < state.players:
            return []
        out: list = []
        if self._status_refusal(state, seat, (LAID,)) is None:
            out.append(Withdraw())
        if self._status_refusal(state, seat, DECIDING) is None:
            out += self.suggestions(state, seat)
            out.append(Pass())
        if self._ask_refusal(state, seat) is None:
            out.append(AskLetter())
        if self._bribe_refusal(state, seat) is None:
            out.append(Bribe())
        return out

    def suggestions(self, state: HardSignState, seat: int, count: int = OFFERED_WORDS) -> list[Submit]:
        """A few valid words for this hand: the dearest and the longest (the rest are free-form)."""
        hand, table = state.hands[seat], state.table
        plays = W.plays_for([state.face(c) for c in hand], [state.face(c) for c in table], state.options)
        if not plays:
            return []
        picks = [max(plays, key=lambda p: (p.stars, len(p.word), p.word)),
                 max(plays, key=lambda p: (len(p.word), p.stars, p.word))]
        out, seen = [], set()
        ids = hand + table
        for play in picks[:count]:
            if play.word in seen:
                continue
            seen.add(play.word)
            out.append(Submit(tuple(ids[i] for i in play.cards), play.word))
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, state: HardSignState, seat: int, action, t_ms: int) -> list:
        if state.phase == OVER:
            raise Rejected("Игра уже закончилась.", "over")
        if not 0 <= seat < state.players:
            raise Rejected("Зрители не могут делать ходы.", "spectator")
        if state.phase != RACE:
            raise Rejected("Раздача закончилась: ждём новых карт.", "phase")
        return handler_for(HANDLERS, action, "В «Твёрдый знак» так не ходят.", "illegal")(self, state, seat, action, t_ms)

    def _pass(self, state: HardSignState, seat: int, action: Pass, t_ms: int) -> list:
        raise_if(self._status_refusal(state, seat, DECIDING))
        state.status[seat] = PASSED
        return [Passed(seat)] + self._progress(state, t_ms)

    def _ask(self, state: HardSignState, seat: int, action: AskLetter, t_ms: int) -> list:
        raise_if(self._ask_refusal(state, seat))
        state.status[seat] = ASKED
        return [LetterAsked(seat)] + self._progress(state, t_ms)

    def _status_reason(self, state: HardSignState, seat: int) -> str:
        return {LAID: "Ваше слово уже на столе: сначала заберите его.",
                PASSED: "Вы спасовали в этой раздаче.",
                ASKED: "Вы уже попросили букву — ждём остальных."}.get(state.status[seat], "Сейчас так нельзя.")

    def judge_word(self, state: HardSignState, seat: int, card_ids, word: str) -> tuple[str, list[int]]:
        """The word a row of cards reads (normalised) and its spans, or Rejected with the reason in Russian."""
        ids = list(card_ids)
        if len(set(ids)) != len(ids):
            raise Rejected("Одна и та же карта выложена дважды.", "cards")
        hand = state.hands[seat]
        for card in ids:
            if card not in hand and card not in state.table:
                raise Rejected("Такой карты нет ни у вас в руке, ни на столе.", "cards")
        if not any(card in hand for card in ids):
            raise Rejected("Нужна хотя бы одна карта с руки: слово только из карт стола не считается.", "cards")
        text = word.strip().lower()
        if not text or any(ch not in C.ALPHABET for ch in text):
            raise Rejected("Слово пишется только русскими буквами.", "word")
        faces = [state.face(c) for c in ids]
        spans = W.read_row(faces, text)
        if spans is None:
            raise Rejected(f"Эти карты не складываются в «{text}».", "word")
        if len(text) < 2:
            raise Rejected("Слово должно быть не короче двух букв.", "word")
        verdict = W.source(state.options).check(text)  # the game's one word judge (lexicon.hard_sign_accepts)
        if not verdict.ok:
            raise Rejected(f"«{text}» не подходит: {verdict.reason or 'нет в словаре'}.", "word")
        return text, spans

    def _submit(self, state: HardSignState, seat: int, action: Submit, t_ms: int) -> list:
        raise_if(self._status_refusal(state, seat, DECIDING))
        text, spans = self.judge_word(state, seat, action.cards, action.word)
        first = not self._laid_seats(state)
        state.seq += 1
        state.laid[seat] = Laid(list(action.cards), text, t_ms, state.seq)
        state.status[seat] = LAID
        events: list = [WordLaid(seat, len(self._laid_seats(state)), len(action.cards))]
        events += self._claim_early(state, seat, t_ms)
        if first:
            state.status = [THINKING if s == ASKED else s for s in state.status]
            state.answer_stage = True
            state.stage_started = t_ms
            state.deadline = t_ms + self.answer_ms(state)
        if W.inner_hard_sign([state.face(c) for c in action.cards], spans):
            return events + self._resolve(state, t_ms, instant=seat)
        return events + self._progress(state, t_ms)

    def _claim_early(self, state: HardSignState, seat: int, t_ms: int) -> list:
        """«Раньше всех» goes by time: to the earliest word laid since the card last lay on the table."""
        if t_ms < state.early_free_since:
            return []
        holder = state.early
        if early_goes_to_next_word(holder) or state.laid[holder] is None or t_ms < state.laid[holder].t_ms:  # type: ignore[union-attr]
            state.early = seat
            return [EarlyCard(seat)]
        return []

    def _withdraw(self, state: HardSignState, seat: int, t_ms: int) -> list:
        raise_if(self._status_refusal(state, seat, (LAID,)))
        state.laid[seat] = None
        state.status[seat] = THINKING
        events: list = [WordTaken(seat)]
        if state.early == seat:
            state.early, state.early_free_since = -1, t_ms
            events.append(EarlyCard(-1))
        return events + self._progress(state, t_ms)

    def _add_letter(self, state: HardSignState, reason: str) -> LetterAdded:
        card = state.deck.pop()
        state.table.append(card)
        self._seemly_table(state, keep_last=True)
        return LetterAdded(card_wire(state, card), reason, len(state.table))

    @staticmethod
    def _seemly_table(state: HardSignState, keep_last: bool) -> None:
        """The table's cards in the first order (the dealt one first) whose letters spell no rude word side by side
        (Х У Я were dealt so): where a card lies on the table means nothing to the game, so which cards are there and
        every chance stay as dealt (docs/RULES.md). A fourth or fifth letter keeps the last place, where the table
        shows it arrive («4-я»), and the earlier cards move around it."""
        cards = state.table[:-1] if keep_last else list(state.table)
        last = state.table[-1:] if keep_last else []
        for order in permutations(cards):
            if not lexicon.reads_rude("".join(state.face(c) for c in (*order, *last))):
                state.table = [*order, *last]
                return

    def _bribe(self, state: HardSignState, seat: int, t_ms: int) -> list:
        raise_if(self._bribe_refusal(state, seat))
        takers = tuple(self._laid_seats(state))
        taken = []
        bank = state.banks[seat]
        for taker in takers:
            card = bank.pop(state.rng.below(len(bank)))
            state.banks[taker].append(card)
            taken.append(state.face(card))
        events: list = [BribePaid(seat, takers, tuple(taken)), self._add_letter(state, "bribe")]
        state.stage_started = t_ms
        state.deadline = t_ms + self.answer_ms(state)
        return events

    def _progress(self, state: HardSignState, t_ms: int) -> list:
        """Once nobody is still deciding: reveal the words, or add a letter, or call the deal void."""
        if state.phase != RACE or THINKING in state.status:
            return []
        if self._laid_seats(state):
            return self._resolve(state, t_ms)
        if ASKED in state.status and self._letter_available(state):
            event = self._add_letter(state, "asked")
            state.status = [THINKING if s == ASKED else s for s in state.status]
            state.stage_started = t_ms
            state.deadline = t_ms + self.think_ms(state)
            return [event]
        return self._void(state, t_ms)

    # ------------------------------------------------------------------ scoring
    def score_word(self, state: HardSignState, seat: int) -> dict:
        """The breakdown of a laid word: letters, each matching bonus card, «Раньше всех», «Из всех карт»."""
        laid = state.laid[seat]
        assert laid is not None
        faces = [state.face(c) for c in laid.cards]
        return score_breakdown(
            seat=seat, word=laid.word, faces=faces, from_table=[c in state.table for c in laid.cards],
            bonuses=[state.bonus_tag(b) for b in state.bonus_table],
            tags=W.source(state.options).tags(W.source(state.options).base_word(laid.word)),
            early=state.early == seat,
            all_cards=set(laid.cards) >= set(state.hands[seat]) | set(state.table),
        ) | {"instant": W.inner_hard_sign(faces, W.read_row(faces, laid.word) or [1] * len(faces))}

    def _resolve(self, state: HardSignState, t_ms: int, instant: int | None = None) -> list:
        order = self._laid_seats(state)
        state.bonus_seen = list(state.bonus_table)  # every bonus card is shown at the count
        words = [self.score_word(state, seat) for seat in order]
        by_seat = {w["seat"]: w for w in words}
        if instant is not None:
            winners = [instant]
        else:
            best = max((w["total"], w["length"]) for w in words)
            winners = [w["seat"] for w in words if (w["total"], w["length"]) == best]
        played: list[str] = []
        for seat in order:
            for card in state.laid[seat].cards:  # type: ignore[union-attr]
                if card not in played:
                    played.append(card)
        shares = split_cards(played, len(winners), lambda c: C.stars(state.face(c)))
        won = []
        for winner, share in zip(winners, shares):
            state.banks[winner].extend(share)
            won.append(tuple(state.face(c) for c in share))
            state.bonus_points[winner] += by_seat[winner]["total"] - by_seat[winner]["letters"]
        events: list = []
        deal_longest = max(w["length"] for w in words)
        for winner in winners:
            word = by_seat[winner]["word"]
            if takes_longest_card(len(word), deal_longest, state.longest_seat, len(state.longest_word)):
                events.append(LongestWord(winner, word, len(word), state.longest_seat))
                state.longest_seat, state.longest_word = winner, word
        used = {b["tag"] for seat in winners for b in by_seat[seat]["bonuses"]}
        for bonus in list(state.bonus_table):
            if state.bonus_tag(bonus) in used:
                state.bonus_table.remove(bonus)
                state.bonus_stack.insert(0, bonus)
        state.bonus_seen = [b for b in state.bonus_seen if b in state.bonus_table]
        kept = set(played) - {c for share in shares for c in share}  # an odd card of a split goes back
        back = [c for hand in state.hands for c in hand if c not in played] + \
               [c for c in state.table if c not in played] + [c for c in played if c in kept]
        state.deck.extend(back)
        state.rng.shuffle(state.deck)
        winners_tuple = tuple(winners)
        state.last = json.dumps({"round": state.round, "void": False, "instant": instant is not None,
                                 "winners": list(winners_tuple), "words": words, "won": [list(w) for w in won]},
                                ensure_ascii=False, sort_keys=True)
        self._clear_table(state, t_ms)
        state.void_streak = 0
        return [RoundWon(state.round, winners_tuple, instant is not None, tuple(words), tuple(won), len(back))] + events

    def _void(self, state: HardSignState, t_ms: int) -> list:
        state.deck.extend([c for hand in state.hands for c in hand] + state.table)
        state.rng.shuffle(state.deck)
        state.void_streak += 1
        state.last = json.dumps({"round": state.round, "void": True, "instant": False, "winners": [], "words": [],
                                 "won": []}, ensure_ascii=False, sort_keys=True)
        self._clear_table(state, t_ms)
        return [RoundVoid(state.round)]

    def _clear_table(self, state: HardSignState, t_ms: int) -> None:
        state.hands = [[] for _ in range(state.players)]
        state.table = []
        state.laid = [None] * state.players
        state.status = [THINKING] * state.players
        state.early = -1
        state.phase = REVEAL
        state.answer_stage = False
        state.deadline = t_ms + REVEAL_MS

    # ------------------------------------------------------------------ time
    def next_deadline(self, state: HardSignState) -> int | None:
        return state.deadline if state.phase != OVER else None

    def tick(self, state: HardSignState, t_ms: int) -> list:
        if state.phase == OVER or state.deadline is None or t_ms < state.deadline:
            return []
        if state.phase == REVEAL:
            if state.void_streak >= VOID_STREAK_ENDS:
                return self._finish(state, "Три раздачи подряд никто не составил слово.")
            if not self._can_deal(state):
                return self._finish(state, "В колоде не хватает карт на новую раздачу.")
            return self._deal(state, t_ms)
        undecided = tuple(s for s in range(state.players) if state.status[s] in (THINKING, ASKED))
        if self._laid_seats(state):
            for seat in undecided:
                state.status[seat] = PASSED
            return [TimeUp(undecided, "answer")] + self._resolve(state, t_ms)
        for seat in undecided:
            state.status[seat] = ASKED
        return [TimeUp(undecided, "think")] + self._progress(state, t_ms)

    def _finish(self, state: HardSignState, reason: str) -> list:
        state.phase = OVER
        state.deadline = None
        state.end_reason = reason
        result = self.result(state)
        return [GameOver(tuple(result["scores"]), tuple(result["winners"]), reason)]

    # ------------------------------------------------------------------ views
    def scores(self, state: HardSignState) -> list[int]:
        return [self.bank_stars(state, s) + state.bonus_points[s] + (C.LONGEST_POINTS if s == state.longest_seat else 0)
                for s in range(state.players)]

    def bank_stars(self, state: HardSignState, seat: int) -> int:
        return sum(C.stars(state.face(c)) for c in state.banks[seat])

    def view(self, state: HardSignState, seat: int) -> dict:
        me = seat if 0 <= seat < state.players else None
        out = {
            "game": "hardsign",
            "me": seat,
            "players": state.players,
            "phase": state.phase,
            "round": state.round,
            "deck": len(state.deck),
            "deadline_ms": state.deadline,
            "stage_started_ms": state.stage_started,
            "answer_stage": state.answer_stage,
            "think_ms": self.think_ms(state),
            "answer_ms": self.answer_ms(state),
            "table": [card_wire(state, c) for c in state.table],
            "table_max": TABLE_MAX,
            "bonuses": [bonus_wire(state, b) for b in state.bonus_table if b in state.bonus_seen],
            "bonuses_hidden": sum(1 for b in state.bonus_table if b not in state.bonus_seen),
            "hand": [card_wire(state, c) for c in state.hands[me]] if me is not None else [],
            "hands": [len(h) for h in state.hands],
            "status": list(state.status),
            "laid_order": self._laid_seats(state),
            "early": state.early,
            "longest": ({"seat": state.longest_seat, "word": state.longest_word, "length": len(state.longest_word)}
                        if state.longest_seat >= 0 else None),
            "banks": [{"cards": len(b), "stars": self.bank_stars(state, s),
                       "faces": sorted((state.face(c) for c in b), key=lambda f: (-C.stars(f), f))}
                      for s, b in enumerate(state.banks)],
            "bonus_points": list(state.bonus_points),
            "scores": self.scores(state),
            "bribe_need": self._bribe_need(state),
            "words_options": {k: bool(state.options[k]) for k in ("allow_proper", "allow_slang")},
            "last": json.loads(state.last) if state.last else None,
            "my_word": None,
        }
        if me is not None and state.laid[me] is not None:
            laid = state.laid[me]
            out["my_word"] = {"word": laid.word, "cards": list(laid.cards), "score": self.score_word(state, me)}
        if state.phase == OVER:
            out["result"] = self.result(state) | {"reason": state.end_reason}
        return out

    def secret_ids(self, state: HardSignState, seat: int) -> set[str]:
        hidden = set(state.deck) | set(state.bonus_stack)
        hidden |= {b for b in state.bonus_table if b not in state.bonus_seen}
        for other, hand in enumerate(state.hands):
            if other != seat or seat in (SPECTATOR, TV):
                hidden.update(hand)
        for bank in state.banks:
            hidden.update(bank)  # bank faces are public, their ids are never needed
        return hidden

    def is_over(self, state: HardSignState) -> bool:
        return state.phase == OVER

    def result(self, state: HardSignState) -> dict:
        scores = self.scores(state)
        top = max(scores)
        return {"winners": [s for s, v in enumerate(scores) if v == top], "scores": scores,
                "bank_stars": [self.bank_stars(state, s) for s in range(state.players)],
                "bonus_points": list(state.bonus_points), "longest": state.longest_seat,
                "longest_word": state.longest_word, "rounds": state.round}

    def check_invariants(self, state: HardSignState) -> list[str]:
        problems = []
        places = state.deck + [c for h in state.hands for c in h] + state.table + [c for b in state.banks for c in b]
        if len(places) != C.DECK_SIZE or set(places) != state.card_ids():
            problems.append(f"карт с буквами {len(places)} (различных {len(set(places))}), а должно быть "
                            f"{C.DECK_SIZE}")
        bonuses = state.bonus_stack + state.bonus_table
        if len(bonuses) != len(C.BONUSES) or set(bonuses) != state.bonus_ids():
            problems.append(f"бонусных карт {len(bonuses)}, а должно быть {len(C.BONUSES)}")
        if len(state.table) > TABLE_MAX:
            problems.append(f"на столе {count_of(len(state.table), 'буква')}")
        if state.phase == RACE:
            if any(len(h) != HAND for h in state.hands):
                problems.append("на руках не по три карты")
            for seat, laid in enumerate(state.laid):
                if (laid is not None) != (state.status[seat] == LAID):
                    problems.append(f"место {seat}: статус {state.status[seat]} не сходится со словом")
                if laid is not None and not set(laid.cards) <= set(state.hands[seat]) | set(state.table):
                    problems.append(f"место {seat}: слово из чужих карт")
            if state.early != -1 and state.laid[state.early] is None:
                problems.append("«Раньше всех» у игрока без слова")
        elif any(state.hands) or state.table:
            problems.append("между раздачами на руках или на столе остались карты")
        return problems


def split_cards(cards: list[str], ways: int, stars_of) -> list[list[str]]:
    """Won cards shared among tied winners: dearest first, dealt in a snake (1-2-2-1…) so stars even out; the count
    is kept equal, an odd card returns to the deck."""
    if ways == 1:
        return [list(cards)]
    ranked = sorted(cards, key=lambda c: (-stars_of(c), cards.index(c)))
    usable = len(ranked) - len(ranked) % ways
    shares: list[list[str]] = [[] for _ in range(ways)]
    for i, card in enumerate(ranked[:usable]):
        lap, pos = divmod(i, ways)
        shares[pos if lap % 2 == 0 else ways - 1 - pos].append(card)
    return shares


def takes_longest_card(length: int, deal_longest: int, holder: int, held_length: int) -> bool:
    """«Карту получает победитель раздачи, составивший в ней самое длинное слово … пока … другой победитель не
    составит слово длиннее»: a winner's word no other word of the deal outdoes in length (one as long is still the
    deal's longest), and longer than the holder's. docs/RULES.md «Самое длинное слово»."""
    return length == deal_longest and (holder == -1 or length > held_length)


def early_goes_to_next_word(early: int) -> bool:
    """«Раньше всех» lies on the table (``early`` is its holder, -1 for none): the next word laid takes it. The
    table scene's live score asks this too; a word pressed before the holder's also takes it (``_claim_early``)."""
    return early == -1


def score_breakdown(*, seat: int, word: str, faces: list[str], from_table: list[bool], bonuses: list[str],
                    tags: frozenset, early: bool, all_cards: bool) -> dict:
    """Score of a word (also what the table scene shows live while a word is being built)."""
    letters = sum(C.stars(f) for f in faces)
    matched = [C.BONUS_BY_TAG[tag] for tag in bonuses if C.bonus_applies(tag, tags, len(faces))]
    early_points = C.EARLY_POINTS if early else 0
    all_points = C.ALL_CARDS_POINTS if all_cards else 0
    return {
        "seat": seat,
        "word": word,
        "length": len(word),
        "cards": [{"face": f, "stars": C.stars(f), "table": t} for f, t in zip(faces, from_table)],
        "letters": letters,
        "bonuses": [{"tag": b.tag, "title": b.title, "points": b.points} for b in matched],
        "early": early_points,
        "all_cards": all_points,
        "total": letters + sum(b.points for b in matched) + early_points + all_points,
    }


HANDLERS = {  # fn(rules, state, seat, action, t_ms)
    Submit: HardSignRules._submit,
    Withdraw: lambda eng, state, seat, a, t: eng._withdraw(state, seat, t),
    Pass: HardSignRules._pass,
    AskLetter: HardSignRules._ask,
    Bribe: lambda eng, state, seat, a, t: eng._bribe(state, seat, t),
}

RULES = HardSignRules()
