"""«Нет слов»: lay letters so that nobody can make a word of them; name a word and the last
mover takes its letters. docs/RULES.md (Нет слов) lists every decision where the text is vague.

Phases: ``play`` (the turn seat lays a letter), ``choose`` (the penalised seat names who moves
next), ``doubt`` (the dictionary accepted the word named: the last mover takes its letters or,
doubting it, calls a vote), ``dispute`` (the dictionary refused the only word named: its claimer
may call a vote), ``vote``, ``between`` (a pause between the games of a series) and ``over``. A
claim race (``race``) may run on top of ``play`` and ``choose``; while it runs nobody lays a letter.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.rules.base import (
    AS_PRINTED,
    NAME_SLOT,
    SPECTATOR,
    TV,
    HouseRule,
    ReflexRace,
    Rejected,
    Rng,
)
from game.rules.flow import Deadline, Phase, TableVote, earliest, handler_for, raise_if, seat_count_refusal
from game.rules.nowords import cards as C
from game.rules.nowords.wire import (
    ACTION_CODEC,
    EVENT_CODEC,
    AcceptWord,
    CallVote,
    Claim,
    ClaimAnnounced,
    ClaimDropped,
    ClaimJudged,
    ClaimMade,
    ChooseNext,
    ConversationReset,
    Dealt,
    Drew,
    DropClaim,
    GameEnded,
    HandDealt,
    Laid,
    Lay,
    LettersTaken,
    NextChosen,
    Vote,
    VoteCalled,
    VoteResult,
    Voted,
)


class P(Phase):
    """The phases (module docstring); members equal their wire strings."""

    PLAY = "play"
    CHOOSE = "choose"
    DOUBT = "doubt"
    DISPUTE = "dispute"
    VOTE = "vote"
    BETWEEN = "between"
    OVER = "over"


HAND = 3
START_REDS = 2
MAX_CONVERSATION_REDS = 4
SHOWCASE_OPEN_AT = 5  # a red may be taken from the showcase only while it holds this many
MIN_WORD = 3
LOSING_LETTERS = 10
CLAIM_WINDOW_MS = 150  # later presses still join the race this long after the first one
DOUBT_MS = 10_000  # the last mover's time to doubt an accepted word before its letters are taken
DISPUTE_MS = 15_000  # the refused claimer's time to call a vote
VOTE_MS = 20_000
VOTE = TableVote(VOTE_MS, author_votes=True)  # the one who said the word votes too
BETWEEN_MS = 8_000  # the results of one game of a series stay on the table this long
CYRILLIC = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def word_judge(options: dict) -> Any:
    """The dictionary with this table's toggles: ``check(word)`` -> verdict with a Russian reason (the game's one
    word judge, ``lexicon.judge``, which the bots, «Проверка слова» and ``python -m game word`` ask too)."""
    from game.rules import lexicon

    return lexicon.judge("nowords", options)


@dataclass
class NoWordsState:
    rng: Rng
    players: int
    options: dict
    deck: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    conversation: list[str] = field(default_factory=list)  # in the order laid
    showcase: list[str] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)  # personal discards: the penalty points
    common_discard: list[str] = field(default_factory=list)
    fines: list[int] = field(default_factory=list)  # house rule: points for refused words
    phase: P = P.PLAY
    turn: int = 0
    first: int = 0
    last_mover: int = -1
    chooser: int = -1
    race: ReflexRace | None = None
    announced: list[int] = field(default_factory=list)
    # the word being argued (doubt, dispute, vote): seat (its claimer), word, ok (the dictionary's verdict), reason
    # (its refusal), resume (the phase to return to)
    dispute: dict | None = None
    votes: dict[int, bool] = field(default_factory=dict)
    deadline: int | None = None  # of doubt, dispute, vote and between
    last_claim: dict | None = None  # the last word taken: for the table's highlight
    voted_down: list[str] = field(default_factory=list)  # words the table voted not to count: no claim names them
    game_no: int = 1
    totals: list[int] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)
    end_reason: str = ""
    moves: int = 0


class NoWordsRules:
    game_id = "nowords"
    title = "Нет слов"
    min_players, max_players = 2, 6
    house_rules = (
        HouseRule("allow_proper", "Имена собственные",
                  "Можно называть имена, фамилии и названия («разрешив составлять имена собственные»)."),
        HouseRule("allow_slang", "Жаргон", "Можно называть жаргонные слова (игровой или интернет-жаргон)."),
        HouseRule("wrong_claim_penalty", "Штраф за ошибку",
                  "Кто назвал несуществующее слово (словарь и голосование его не приняли), получает 1 штрафное очко."),
        HouseRule("series", "Партий в серии", "Серия партий: побеждает тот, у кого меньше штрафных очков за все партии.",
                  default=1, choices=((1, "одна"), (3, "три"), (5, "пять")), group="setup"),
        HouseRule("first", "Кто ходит первым",
                  "По правилам первым ходит тот, кто последним печатал на клавиатуре: здесь это хозяин стола, "
                  "который только что настроил игру.",
                  default="typed", choices=(("typed", "хозяин стола"), ("random", "случайный игрок")), group="setup"),
    )
    presets = {
        AS_PRINTED[0]: (AS_PRINTED[1], {}),
        "free": ("Любые слова", {"allow_proper": True, "allow_slang": True}),
        "strict": ("Строгий стол", {"wrong_claim_penalty": True}),
        "series": ("Серия из трёх", {"series": 3}),
    }
    actions = ACTION_CODEC
    events = EVENT_CODEC
    free_form_kinds = ("claim",)

    # ------------------------------------------------------------------ setup
    def new_game(self, options: dict, seats: int, seed: int, start_ms: int = 0) -> NoWordsState:
        raise_if(seat_count_refusal(self, seats))
        rng = Rng(seed)
        state = NoWordsState(rng=rng, players=seats, options=dict(options), totals=[0] * seats)
        first = rng.below(seats) if options.get("first") == "random" else 0
        self._deal(state, first)
        return state

    def _deal(self, state: NoWordsState, first: int) -> None:
        rng = state.rng
        reds = list(C.RED_IDS)
        rng.shuffle(reds)
        deck = list(C.BLACK_IDS)
        rng.shuffle(deck)
        n = state.players
        state.conversation = reds[:START_REDS]
        state.showcase = reds[START_REDS:]
        state.hands = [[deck.pop() for _ in range(HAND)] for _ in range(n)]
        state.deck = deck
        state.discards = [[] for _ in range(n)]
        state.common_discard = []
        state.fines = [0] * n
        state.phase = P.PLAY
        state.turn = state.first = first
        state.last_mover = state.chooser = -1
        state.race = None
        state.announced = []
        state.dispute = None
        state.votes = {}
        state.deadline = None
        state.last_claim = None
        state.voted_down = []
        state.end_reason = ""

    # ------------------------------------------------------------------ what may be done
    def can_claim(self, state: NoWordsState, seat: int) -> bool:
        return self._claim_refusal(state, seat) is None

    # why not: each answer below is what ``apply`` raises and what ``legal_actions`` filters on
    def _claim_refusal(self, state: NoWordsState, seat: int) -> Rejected | None:
        if state.phase in (P.DOUBT, P.DISPUTE, P.VOTE):
            return Rejected("Подождите: идёт спор о слове.", "phase")
        if state.phase not in (P.PLAY, P.CHOOSE):
            return Rejected("Партия окончена: сейчас раздадут следующую.", "between")
        if state.last_mover < 0:
            return Rejected("Ещё никто не выкладывал букв: называть нечего.", "claim")
        if seat == state.last_mover:
            return Rejected("Последнюю букву выложили вы: слово вам называют соперники.", "claim")
        if state.race is not None and any(p.seat == seat for p in state.race.presses):
            return Rejected("Вы уже назвали слово: ждём, кто был первым.", "claim")
        return None

    @staticmethod
    def _busy_refusal(state: NoWordsState) -> Rejected | None:
        if state.race is not None:
            return Rejected("Подождите: сейчас разбирают названное слово.", "race")
        return None

    def _lay_refusal(self, state: NoWordsState, seat: int, card: str) -> Rejected | None:
        if state.phase == P.CHOOSE:
            return Rejected(f"Сначала {NAME_SLOT} выбирает, кто ходит следующим.", "phase", about=state.chooser)
        if state.phase in (P.DOUBT, P.DISPUTE, P.VOTE):
            return Rejected("Подождите: идёт спор о слове.", "phase")
        if seat != state.turn:
            return Rejected("Сейчас не ваш ход.", "turn")
        refusal = self._busy_refusal(state)
        if refusal is None and card not in state.hands[seat]:
            if card not in state.showcase:
                refusal = Rejected("Такой карты нет ни у вас на руке, ни на витрине.", "card")
            elif len(state.showcase) < SHOWCASE_OPEN_AT:
                refusal = Rejected("Красную букву с витрины можно брать, только пока там пять или больше букв.",
                                   "showcase")
        return refusal

    def _choose_refusal(self, state: NoWordsState, seat: int, target: int) -> Rejected | None:
        if state.phase != P.CHOOSE or seat != state.chooser:
            return Rejected("Выбирать, кто ходит, может только тот, кто забрал буквы.", "phase")
        refusal = self._busy_refusal(state)
        if refusal is None and target not in (seat, self.left_of(state, seat)):
            refusal = Rejected("Ходить может либо тот, кто забрал буквы, либо его сосед слева.", "choice")
        return refusal

    @staticmethod
    def _dispute_refusal(state: NoWordsState, seat: int) -> Rejected | None:
        if state.phase != P.DISPUTE or state.dispute is None or seat != state.dispute["seat"]:
            return Rejected("Спорить можно только о своём слове, которое не принял словарь.", "phase")
        return None

    @staticmethod
    def _doubt_refusal(state: NoWordsState, seat: int) -> Rejected | None:
        """«Если игрок, завершивший ход, сомневается… можете начать голосование»: only while an accepted word waits
        for its letters to be taken, and only the one who laid the last letter."""
        if state.phase != P.DOUBT:
            return Rejected("Оспорить можно только слово, названное против вас, пока его буквы не забраны.", "phase")
        if seat != state.last_mover:
            return Rejected("Оспорить слово может только тот, кто выложил последнюю букву.", "doubt")
        return None

    def _call_vote_refusal(self, state: NoWordsState, seat: int) -> Rejected | None:
        return self._doubt_refusal(state, seat) if state.phase == P.DOUBT else self._dispute_refusal(state, seat)

    @staticmethod
    def _vote_refusal(state: NoWordsState, seat: int) -> Rejected | None:
        if state.phase != P.VOTE:
            return Rejected("Сейчас ни о чём не голосуют.", "phase")
        return VOTE.refusal(state.players, state.dispute["seat"], seat, state.votes)

    def to_act(self, state: NoWordsState) -> tuple[int, ...]:
        """The one who lays a letter or chooses who moves next (not while a named word is being judged), the
        last mover taking or doubting an accepted word, the refused claimer deciding on a vote, or the voters who
        have not voted. Naming a word is a reflex: it makes nobody one to act."""
        if state.phase in (P.OVER, P.BETWEEN):
            return ()
        if state.phase == P.DISPUTE:
            return (state.dispute["seat"],)
        if state.phase == P.DOUBT:
            return (state.last_mover,)
        if state.phase == P.VOTE:
            return VOTE.waiting(state.players, state.dispute["seat"], state.votes)
        if state.race is not None:
            return ()
        return (state.chooser if state.phase == P.CHOOSE else state.turn,)

    def legal_actions(self, state: NoWordsState, seat: int) -> list:
        if not 0 <= seat < state.players or state.phase in (P.OVER, P.BETWEEN):
            return []
        out: list = []
        if self.can_claim(state, seat):
            out.append(Claim(""))  # the template: apply judges the typed word
        out += [Lay(card) for card in state.hands[seat] + state.showcase
                if self._lay_refusal(state, seat, card) is None]
        out += [ChooseNext(target) for target in (seat, self.left_of(state, seat))
                if self._choose_refusal(state, seat, target) is None]
        if self._dispute_refusal(state, seat) is None:
            out += [CallVote(), DropClaim()]
        if self._doubt_refusal(state, seat) is None:
            out += [AcceptWord(), CallVote()]  # taking the letters first: what an idle seat does
        if self._vote_refusal(state, seat) is None:
            out += [Vote(True), Vote(False)]
        return out

    @staticmethod
    def left_of(state: NoWordsState, seat: int) -> int:
        """The next seat clockwise, who sits on one's left."""
        return (seat + 1) % state.players

    # ------------------------------------------------------------------ actions
    def apply(self, state: NoWordsState, seat: int, action, t_ms: int) -> list:
        if not 0 <= seat < state.players:
            raise Rejected("Зрители не могут делать ходы.", "spectator")
        if state.phase == P.OVER:
            raise Rejected("Игра уже закончилась.", "over")
        if state.phase == P.BETWEEN:
            raise Rejected("Партия окончена: сейчас раздадут следующую.", "between")
        return handler_for(HANDLERS, action, "Такого действия в «Нет слов» нет.")(self, state, seat, action, t_ms)

    def _lay(self, state: NoWordsState, seat: int, card: str, t_ms: int) -> list:
        raise_if(self._lay_refusal(state, seat, card))
        from_hand = card in state.hands[seat]
        events: list = []
        if from_hand:
            state.hands[seat].remove(card)
        else:
            state.showcase.remove(card)
        state.conversation.append(card)
        state.last_mover = seat
        state.turn = self.left_of(state, seat)
        state.announced = []
        state.moves += 1
        events.append(Laid(seat, card, C.LETTER[card], C.is_red(card), state.turn))
        if from_hand:
            drawn = state.deck.pop()
            state.hands[seat].append(drawn)
            events.append(Drew(seat, drawn, C.LETTER[drawn]))
            if not state.deck:
                events += self._end_game(state, "deck", t_ms)
        return events

    def _choose(self, state: NoWordsState, seat: int, target: int) -> list:
        raise_if(self._choose_refusal(state, seat, target))
        state.phase = P.PLAY
        state.turn = target
        state.chooser = -1
        return [NextChosen(seat, target)]

    # ------------------------------------------------------------------ claims
    def _claim(self, state: NoWordsState, seat: int, word: str, t_ms: int) -> list:
        raise_if(self._claim_refusal(state, seat))
        text = word.strip().lower()
        if not text:
            if seat not in state.announced:
                state.announced = sorted(state.announced + [seat])
            return [ClaimAnnounced(seat)]
        self.check_spelling(state, text)
        if text in state.voted_down:
            raise Rejected(f"Стол уже проголосовал: «{text.upper()}» не засчитывается.", "word")
        verdict = word_judge(state.options).check(text)
        if state.race is None:
            state.race = ReflexRace(opened_ms=t_ms, collect_ms=CLAIM_WINDOW_MS)
        state.race.press(seat, t_ms, (text, bool(verdict.ok), verdict.reason))
        if seat in state.announced:
            state.announced = [s for s in state.announced if s != seat]
        return [ClaimMade(seat, state.race.deadline() or t_ms)]

    def check_spelling(self, state: NoWordsState, text: str) -> None:
        """Refuse a word that is not even spelt from the conversation (before any dictionary)."""
        if any(ch not in CYRILLIC for ch in text):
            raise Rejected("Слово пишется русскими буквами, без пробелов, цифр и знаков.", "word")
        if len(text) < MIN_WORD:
            raise Rejected("В слове должно быть не меньше трёх букв.", "word")
        missing = Counter(C.match_letter(ch) for ch in text) - Counter(C.LETTER[c] for c in state.conversation)
        if missing:
            letters = ", ".join(sorted(ch.upper() for ch in missing))
            raise Rejected(f"Из букв разговора не сложить «{text.upper()}»: не хватает {letters}.", "letters")

    def _judge_race(self, state: NoWordsState, t_ms: int) -> list:
        race = state.race
        assert race is not None
        ranked = race.ranked(state.rng)
        state.race = None
        first_t = min(p.t_ms for p, _, _ in ranked)
        presses = tuple((p.seat, p.payload[0], p.payload[1], p.payload[2], p.t_ms - first_t) for p, _, _ in ranked)
        mover = state.last_mover
        for press, margin, tied in ranked:
            text, ok, _ = press.payload
            if ok:  # the letters wait for the last mover, who may doubt the word
                state.dispute = {"seat": press.seat, "word": text, "ok": True, "reason": "", "resume": state.phase}
                state.phase = P.DOUBT
                state.deadline = t_ms + DOUBT_MS
                return [ClaimJudged(press.seat, text, mover, margin, tied, presses, mover)]
        press, margin, tied = ranked[0]
        text, _, reason = press.payload
        state.dispute = {"seat": press.seat, "word": text, "ok": False, "reason": reason, "resume": state.phase}
        state.phase = P.DISPUTE
        state.deadline = t_ms + DISPUTE_MS
        return [ClaimJudged(-1, text, mover, margin, tied, presses, press.seat, reason)]

    def _penalise(self, state: NoWordsState, claimer: int, text: str, t_ms: int) -> list:
        """The last mover takes the word: reds serve its vowels first (the mover picks the cards up and
        takes the reading that costs least), blacks latest laid first."""
        mover = state.last_mover
        pool = list(state.conversation)
        taken: list[str] = []
        for ch in text:
            need = C.match_letter(ch)
            reds = [c for c in pool if C.is_red(c) and C.LETTER[c] == need]
            blacks = [c for c in reversed(pool) if not C.is_red(c) and C.LETTER[c] == need]
            card = (reds or blacks)[0]
            pool.remove(card)
            taken.append(card)
        blacks_taken = [c for c in taken if not C.is_red(c)]
        state.conversation = pool
        state.discards[mover] += blacks_taken
        state.showcase += [c for c in taken if C.is_red(c)]
        state.announced = []
        state.last_claim = {"seat": mover, "claimer": claimer, "word": text,
                            "cards": [[c, C.LETTER[c], C.is_red(c)] for c in taken]}
        events: list = [LettersTaken(mover, claimer, text, tuple((c, C.LETTER[c], C.is_red(c)) for c in taken),
                                     len(blacks_taken), len(state.discards[mover]))]
        if sum(1 for c in state.conversation if C.is_red(c)) < START_REDS:
            events.append(self._new_conversation(state))
        if len(state.discards[mover]) >= LOSING_LETTERS:
            return events + self._end_game(state, "ten", t_ms)
        state.phase = P.CHOOSE
        state.chooser = mover
        return events

    def _new_conversation(self, state: NoWordsState) -> ConversationReset:
        blacks = [c for c in state.conversation if not C.is_red(c)]
        reds = [c for c in state.conversation if C.is_red(c)] + state.showcase
        state.common_discard += blacks
        state.rng.shuffle(reds)
        state.conversation = reds[:START_REDS]
        state.showcase = reds[START_REDS:]
        return ConversationReset(tuple((c, C.LETTER[c]) for c in blacks),
                                 tuple((c, C.LETTER[c]) for c in state.conversation),
                                 tuple((c, C.LETTER[c]) for c in state.showcase))

    # ------------------------------------------------------------------ disputes
    def _call_vote(self, state: NoWordsState, seat: int, t_ms: int) -> list:
        raise_if(self._call_vote_refusal(state, seat))
        state.phase = P.VOTE
        state.votes = {}
        state.deadline = t_ms + VOTE.window_ms
        d = state.dispute
        return [VoteCalled(seat, d["word"], d["reason"], state.deadline, d["ok"])]

    def _drop_claim(self, state: NoWordsState, seat: int) -> list:
        raise_if(self._dispute_refusal(state, seat))
        return self._drop(state)

    def _accept_word(self, state: NoWordsState, seat: int, t_ms: int) -> list:
        raise_if(self._doubt_refusal(state, seat))
        return self._take_undoubted(state, t_ms)

    def _take_undoubted(self, state: NoWordsState, t_ms: int) -> list:
        """The accepted word stands: its letters go to the last mover (accepted, or the doubt window lapsed)."""
        d = state.dispute
        assert d is not None
        self._resume(state)
        return self._penalise(state, d["seat"], d["word"], t_ms)

    def _drop(self, state: NoWordsState) -> list:
        d = state.dispute
        assert d is not None
        fined = self._fine(state, d["seat"])
        self._resume(state)
        return [ClaimDropped(d["seat"], d["word"], fined)]

    def _fine(self, state: NoWordsState, seat: int) -> bool:
        if state.options.get("wrong_claim_penalty"):
            state.fines[seat] += 1
            return True
        return False

    def _resume(self, state: NoWordsState) -> None:
        d = state.dispute
        assert d is not None
        state.phase = d["resume"]
        state.dispute = None
        state.votes = {}
        state.deadline = None

    def _vote(self, state: NoWordsState, seat: int, accept: bool, t_ms: int) -> list:
        raise_if(self._vote_refusal(state, seat))
        state.votes[seat] = accept
        events: list = [Voted(seat, accept)]
        if VOTE.complete(state.players, state.dispute["seat"], state.votes):
            events += self._count_votes(state, t_ms)
        return events

    def _count_votes(self, state: NoWordsState, t_ms: int) -> list:
        d = state.dispute
        assert d is not None
        yes, no, accepted = VOTE.tally(state.votes)
        claimer, text = d["seat"], d["word"]
        # «Штраф за ошибку» is for a word neither the dictionary nor the vote took: a doubted word voted down is not
        fined = False if accepted or d["ok"] else self._fine(state, claimer)
        if not accepted:
            state.voted_down.append(text)
        self._resume(state)
        events: list = [VoteResult(claimer, text, yes, no, accepted, fined)]
        if accepted:
            events += self._penalise(state, claimer, text, t_ms)
        return events

    # ------------------------------------------------------------------ the end
    def score(self, state: NoWordsState, seat: int) -> int:
        return len(state.discards[seat]) + state.fines[seat]

    def _end_game(self, state: NoWordsState, reason: str, t_ms: int) -> list:
        scores = [self.score(state, s) for s in range(state.players)]
        state.history.append(scores)
        state.totals = [a + b for a, b in zip(state.totals, scores)]
        state.end_reason = reason
        state.race = None
        state.announced = []
        final = state.game_no >= int(state.options.get("series", 1))
        if final:
            state.phase = P.OVER
            state.deadline = None
            winners = self.winners(state.totals)
        else:
            state.phase = P.BETWEEN
            state.deadline = t_ms + BETWEEN_MS
            winners = self.winners(scores)
        return [GameEnded(state.game_no, reason, tuple(scores), tuple(state.totals), tuple(winners), final)]

    @staticmethod
    def winners(points: list[int]) -> list[int]:
        best = min(points)
        return [s for s, p in enumerate(points) if p == best]

    def _next_deal(self, state: NoWordsState) -> list:
        state.game_no += 1
        self._deal(state, self.left_of(state, state.first))
        events: list = [Dealt(state.game_no, state.first, tuple((c, C.LETTER[c]) for c in state.conversation),
                              tuple((c, C.LETTER[c]) for c in state.showcase))]
        events += [HandDealt(s, tuple((c, C.LETTER[c]) for c in state.hands[s])) for s in range(state.players)]
        return events

    # ------------------------------------------------------------------ time
    @staticmethod
    def _deadlines(state: NoWordsState) -> list[Deadline]:
        """What comes due and when: a claim race's verdict (first on a tie), then the phase's own timer."""
        due = []
        if state.race is not None and state.race.deadline() is not None:
            due.append(Deadline(state.race.deadline(), "race"))
        if state.deadline is not None:
            due.append(Deadline(state.deadline, state.phase))
        return due

    def next_deadline(self, state: NoWordsState) -> int | None:
        first = earliest(self._deadlines(state))
        return first.at if first is not None else None

    def tick(self, state: NoWordsState, t_ms: int) -> list:
        first = earliest(self._deadlines(state))
        if first is None or first.at > t_ms:
            return []
        return TIMERS[first.name](self, state, t_ms)

    # ------------------------------------------------------------------ views
    @staticmethod
    def _face(card: str) -> dict:
        return {"id": card, "letter": C.LETTER[card], "red": C.is_red(card)}

    def view(self, state: NoWordsState, seat: int) -> dict:
        mine = 0 <= seat < state.players
        race = state.race
        return {
            "game": "nowords",
            "me": seat,
            "players": state.players,
            "phase": state.phase,
            "turn": state.turn,
            "first": state.first,
            "last_mover": state.last_mover,
            "chooser": state.chooser,
            "hand": [self._face(c) for c in state.hands[seat]] if mine else [],
            "hand_counts": [len(h) for h in state.hands],
            "deck": len(state.deck),
            "conversation": [self._face(c) for c in state.conversation],
            "showcase": [self._face(c) for c in state.showcase],
            "showcase_open": len(state.showcase) >= SHOWCASE_OPEN_AT,
            "discards": [[self._face(c) for c in d] for d in state.discards],
            "common_discard": [self._face(c) for c in state.common_discard],
            "fines": list(state.fines),
            "scores": [self.score(state, s) for s in range(state.players)],
            "totals": list(state.totals),
            "history": [list(h) for h in state.history],
            "game_no": state.game_no,
            "series": int(state.options.get("series", 1)),
            "race": {"pressed": [p.seat for p in race.presses], "closes_ms": race.deadline()} if race else None,
            "announced": list(state.announced),
            "dispute": ({k: state.dispute[k] for k in ("seat", "word", "ok", "reason")}
                        | {"closes_ms": state.deadline} if state.dispute else None),
            "voted_down": list(state.voted_down),
            "votes": {str(s): v for s, v in sorted(state.votes.items())},
            "vote_open": state.phase == P.VOTE,
            "deadline": state.deadline,
            "last_claim": state.last_claim,
            "end_reason": state.end_reason,
            "options": {k: state.options.get(k) for k in ("allow_proper", "allow_slang", "wrong_claim_penalty")},
            "can_claim": mine and self.can_claim(state, seat),
            "losing_letters": LOSING_LETTERS,
            "winners": self.winners(state.totals) if state.phase == P.OVER else [],
        }

    def secret_ids(self, state: NoWordsState, seat: int) -> set[str]:
        hidden = set(state.deck)
        for s, hand in enumerate(state.hands):
            if s != seat or seat in (SPECTATOR, TV):
                hidden.update(hand)
        return hidden

    # ------------------------------------------------------------------ results and checks
    def is_over(self, state: NoWordsState) -> bool:
        return state.phase == P.OVER

    def result(self, state: NoWordsState) -> dict:
        return {
            "winners": self.winners(state.totals),
            "scores": list(state.totals),
            "games": [list(h) for h in state.history],
            "reason": state.end_reason,
        }

    def check_invariants(self, state: NoWordsState) -> list[str]:
        problems = []
        places = [state.deck, state.conversation, state.showcase, state.common_discard, *state.hands,
                  *state.discards]
        seen = Counter(c for place in places for c in place)
        if set(seen) != C.ALL_IDS or any(n != 1 for n in seen.values()):
            doubled = sorted(c for c, n in seen.items() if n > 1)
            lost = sorted(C.ALL_IDS - set(seen))
            problems.append(f"карты не сходятся: {len(seen)} из {C.TOTAL_CARDS}, дважды {doubled[:5]}, "
                            f"пропали {lost[:5]}")
        if any(C.is_red(c) for c in state.deck + state.common_discard + [c for h in state.hands for c in h]
               + [c for d in state.discards for c in d]):
            problems.append("красная буква попала туда, где бывают только чёрные")
        if any(not C.is_red(c) for c in state.showcase):
            problems.append("чёрная буква на витрине")
        reds = sum(1 for c in state.conversation if C.is_red(c))
        if reds > MAX_CONVERSATION_REDS:
            problems.append(f"в разговоре {reds} красных букв")
        if state.phase != P.OVER and reds < START_REDS:
            problems.append(f"в разговоре всего {reds} красных букв")
        playing = (P.PLAY, P.CHOOSE, P.DOUBT, P.DISPUTE, P.VOTE)
        if state.phase in playing and any(len(h) != HAND for h in state.hands):
            problems.append(f"на руках не по три карты: {[len(h) for h in state.hands]}")
        if state.phase in playing and not state.deck:
            problems.append("колода кончилась, а игра идёт")
        return problems


HANDLERS = {  # fn(rules, state, seat, action, t_ms)
    Claim: lambda eng, state, seat, a, t: eng._claim(state, seat, a.word, t),
    Lay: lambda eng, state, seat, a, t: eng._lay(state, seat, a.card, t),
    ChooseNext: lambda eng, state, seat, a, t: eng._choose(state, seat, a.seat),
    CallVote: lambda eng, state, seat, a, t: eng._call_vote(state, seat, t),
    DropClaim: lambda eng, state, seat, a, t: eng._drop_claim(state, seat),
    AcceptWord: lambda eng, state, seat, a, t: eng._accept_word(state, seat, t),
    Vote: lambda eng, state, seat, a, t: eng._vote(state, seat, a.accept, t),
}

TIMERS = {  # a deadline's name -> fn(rules, state, t_ms)
    "race": lambda eng, state, t: eng._judge_race(state, t),
    P.DOUBT: lambda eng, state, t: eng._take_undoubted(state, t),
    P.DISPUTE: lambda eng, state, t: eng._drop(state),
    P.VOTE: lambda eng, state, t: eng._count_votes(state, t),
    P.BETWEEN: lambda eng, state, t: eng._next_deal(state),
}

RULES = NoWordsRules()
