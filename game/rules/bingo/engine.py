"""«Скрэббл Бинго»: the text's own game (scrabble.txt «SCRABBLE Бинго»).

Each player writes two seven-letter words (typed, or the suggested pair accepted) that the Скрэббл
set can spell together. Then the host, the caller, draws one tile from the bag every few seconds
(``next_call_ms``, counted from the game's ``start_ms``); each player crosses out one letter per call
(«можно зачеркивать только по одной букве»). «Скрэббл Бинго!» is a reflex race the host judges
(``ReflexRace``): the first call whose sheet is complete wins; a false call makes the next calls
not count for the caller. docs/RULES.md («Скрэббл Бинго») lists each decision.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from game.rules.base import AS_PRINTED, SPECTATOR, TV, ReflexRace, Rejected, Rng, seconds_rule
from game.rules.flow import Phase, handler_for, raise_if, seat_count_refusal
from game.rules.board import words as wordsrc
from game.rules.board.layout import BLANK, CLASSIC_TILES

from .actions import (ACTIONS, EVENTS, SHEET, WORD_LETTERS, BingoPressed, BingoWon, CallBingo, CallingStarted,
                      ChooseWords, Cross, Crossed, FalseBingo, GameOver, LetterCalled, SheetReady, SheetWritten)


class BingoPhase(Phase):
    WORDS = "words"
    CALLING = "calling"
    OVER = "over"


WORDS, CALLING, OVER = BingoPhase

LEXICON_GAME = "scrabble"  # the words are judged as a Скрэббл table would judge them
FALSE_CALL_DEAF = 2  # a false «Скрэббл Бинго!»: this many next calls do not count for the caller
RACE_MS = 150  # calls this close to the first one race it (as the other reflex games)
FIRST_CALL_MS = 2000  # after the last sheet is written, the first letter comes this much later
TILE_COUNTS = {ch: n for ch, (n, _) in CLASSIC_TILES.items() if ch != BLANK}  # no blanks: a blank is no letter


@dataclass
class BingoState:
    rng: Rng
    options: dict
    players: int
    start_ms: int
    faces: str  # the face of tile "c<i>" is faces[i]
    bag: list[str] = field(default_factory=list)  # tile ids, the next call is the end
    calls: list[str] = field(default_factory=list)  # tile ids called, in order
    words: list[list[str]] = field(default_factory=list)  # per seat: [] until written, then two words
    suggested: list[list[str]] = field(default_factory=list)
    crossed: list[list[bool]] = field(default_factory=list)  # per seat: SHEET cells
    deaf: list[list[int]] = field(default_factory=list)  # per seat: call numbers (0-based) that do not count
    deaf_left: list[int] = field(default_factory=list)  # per seat: calls still to be missed
    phase: BingoPhase = WORDS
    words_due_ms: int = 0  # sheets not written by then get their suggested pair
    next_call_ms: int | None = None
    race: ReflexRace | None = None
    false_calls: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""

    def face(self, tile: str) -> str:
        return self.faces[int(tile[1:])]

    def __deepcopy__(self, memo: dict) -> "BingoState":
        new = copy.copy(self)
        new.rng = Rng(self.rng.s)
        new.options = dict(self.options)
        new.bag = list(self.bag)
        new.calls = list(self.calls)
        new.words = [list(w) for w in self.words]
        new.suggested = [list(w) for w in self.suggested]
        new.crossed = [list(c) for c in self.crossed]
        new.deaf = [list(d) for d in self.deaf]
        new.deaf_left = list(self.deaf_left)
        new.false_calls = list(self.false_calls)
        new.winners = list(self.winners)
        new.race = copy.deepcopy(self.race)
        return new


_pools: dict[int, tuple[object, list[str]]] = {}


def suggestion_pool(source) -> list[str]:
    """Common seven-letter words the set can spell, sorted (the seeded choice must not depend on set order)."""
    hit = _pools.get(id(source))
    if hit is not None and hit[0] is source:
        return hit[1]
    pool = sorted(w for w in (source.common or source.words)
                  if len(w) == WORD_LETTERS and spelling_problem([w]) == "")
    _pools[id(source)] = (source, pool)
    return pool


def spelling_problem(words: list[str]) -> str:
    """Why the set cannot spell these words together ('' when it can)."""
    need: dict[str, int] = {}
    for ch in "".join(words):
        need[ch] = need.get(ch, 0) + 1
    for ch, n in sorted(need.items()):
        have = TILE_COUNTS.get(ch, 0)
        if n > have:
            if not have:
                return f"Буквы «{ch.upper()}» нет в наборе Скрэббла."
            return (f"В словах {n} × «{ch.upper()}», а в наборе Скрэббла их только {have}: "
                    "замените одно из слов.")
    return ""


def sheet_letters(words: list[str]) -> str:
    return "".join(words)


class BingoRules:
    game_id = "bingo"
    title = "Скрэббл Бинго"
    min_players, max_players = 2, 6
    free_form_kinds = ("choose_words",)
    actions = ACTIONS
    events = EVENTS
    house_rules = (
        seconds_rule("call_seconds", "Как часто называть букву", "Сколько секунд проходит между буквами, которые "
                     "ведущий достаёт из мешочка.", 4, (3, 4, 6)),
        seconds_rule("choose_seconds", "Время на слова", "Сколько секунд даётся, чтобы придумать два слова; кто не "
                     "успел, получает предложенную пару.", 60, (30, 60, 120)),
    )
    presets = {
        AS_PRINTED[0]: (AS_PRINTED[1], {}),
        "fast": ("Быстрая", {"call_seconds": 3, "choose_seconds": 30}),
    }

    # ------------------------------------------------------------------ setup
    def new_game(self, options: dict, seats: int, seed: int, start_ms: int = 0) -> BingoState:
        from game.rules.base import resolve_options

        raise_if(seat_count_refusal(self, seats))
        options = resolve_options(self.house_rules, options)
        rng = Rng(seed)
        faces = "".join(ch for ch, n in sorted(TILE_COUNTS.items()) for _ in range(n))
        state = BingoState(rng, options, seats, start_ms, faces)
        bag = [f"c{i}" for i in range(len(faces))]
        rng.shuffle(bag)
        state.bag = bag
        pool = suggestion_pool(wordsrc.load(LEXICON_GAME, state.options, for_bots=True))  # the game suggests them
        for _ in range(seats):
            state.suggested.append(self._suggest(rng, pool))
            state.words.append([])
            state.crossed.append([False] * SHEET)
            state.deaf.append([])
            state.deaf_left.append(0)
            state.false_calls.append(0)
        state.words_due_ms = start_ms + options["choose_seconds"] * 1000
        return state

    @staticmethod
    def _suggest(rng: Rng, pool: list[str]) -> list[str]:
        for _attempt in range(200):
            pair = [rng.choice(pool), rng.choice(pool)]
            if pair[0] != pair[1] and spelling_problem(pair) == "":
                return pair
        return [pool[0], pool[0]] if not spelling_problem([pool[0], pool[0]]) else [pool[0], pool[-1]]

    def source(self, state: BingoState):
        return wordsrc.load(LEXICON_GAME, state.options)

    def call_ms(self, state: BingoState) -> int:
        return state.options["call_seconds"] * 1000

    # ------------------------------------------------------------------ why not
    def _words_refusal(self, state: BingoState, seat: int, words: list[str]) -> Rejected | None:
        if state.phase != WORDS:
            return Rejected("Слова уже записаны: ведущий называет буквы.", "phase")
        if state.words[seat]:
            return Rejected("Ваши слова уже записаны.", "done")
        for w in words:
            if len(w) != WORD_LETTERS:
                return Rejected(f"«{w.upper() or '…'}»: нужно слово ровно из семи букв.", "length")
        source = self.source(state)
        for w in words:
            verdict = source.check(w)
            if not verdict.ok:
                return Rejected(f"«{w.upper()}»: {verdict.reason}.", "word")
        problem = spelling_problem(words)
        return Rejected(problem, "tiles") if problem else None

    def _cross_refusal(self, state: BingoState, seat: int, cell: int) -> Rejected | None:
        if state.phase == WORDS:
            return Rejected("Ведущий ещё не начал называть буквы.", "phase")
        if state.phase == OVER:
            return Rejected("Игра уже закончилась.", "over")
        if not 0 <= cell < SHEET:
            return Rejected("В листке четырнадцать букв: такой клетки нет.", "cell")
        if state.crossed[seat][cell]:
            return Rejected("Эта буква уже зачёркнута.", "crossed")
        letter = sheet_letters(state.words[seat])[cell]
        if self.usable_calls(state, seat, letter) <= 0:
            heard = sum(1 for t in state.calls if state.face(t) == letter)
            if not heard:
                return Rejected(f"Буква «{letter.upper()}» ещё не называлась.", "not_called")
            if self.usable_calls(state, seat, letter, counting_deaf=True) > 0:
                return Rejected(f"«{letter.upper()}» назвали, пока вы платили за ложное «Бинго!»: она вам не "
                                "засчитывается.", "deaf")
            return Rejected(f"Каждую названную «{letter.upper()}» вы уже зачеркнули: за один вызов — одна буква.",
                            "used")
        return None

    def _bingo_refusal(self, state: BingoState, seat: int) -> Rejected | None:
        if state.phase != CALLING:
            return Rejected("«Скрэббл Бинго!» кричат, когда ведущий называет буквы.", "phase")
        if state.race is not None and any(p.seat == seat for p in state.race.presses):
            return Rejected("Вы уже сказали «Скрэббл Бинго!»: ведущий проверяет.", "pressed")
        return None

    def usable_calls(self, state: BingoState, seat: int, letter: str, counting_deaf: bool = False) -> int:
        """Calls of ``letter`` the seat may still cross out with."""
        deaf = set() if counting_deaf else set(state.deaf[seat])
        heard = sum(1 for i, t in enumerate(state.calls) if state.face(t) == letter and i not in deaf)
        letters = sheet_letters(state.words[seat])
        used = sum(1 for i, ch in enumerate(letters) if ch == letter and state.crossed[seat][i])
        return heard - used

    def crossable(self, state: BingoState, seat: int) -> list[int]:
        if state.phase != CALLING or not 0 <= seat < state.players:
            return []
        letters = sheet_letters(state.words[seat])
        out = []
        spare: dict[str, int] = {}
        for i, ch in enumerate(letters):
            if state.crossed[seat][i]:
                continue
            if ch not in spare:
                spare[ch] = self.usable_calls(state, seat, ch)
            if spare[ch] > 0:
                out.append(i)
        return out

    # ------------------------------------------------------------------ actions
    def to_act(self, state: BingoState) -> tuple[int, ...]:
        """Nobody: writing the sheets, crossing and calling are reflexes, and the calls come on the game's clock."""
        return ()

    def legal_actions(self, state: BingoState, seat: int) -> list:
        if not 0 <= seat < state.players or state.phase == OVER:
            return []
        if state.phase == WORDS:
            return [] if state.words[seat] else [ChooseWords(*state.suggested[seat])]
        out: list = [Cross(c) for c in self.crossable(state, seat)]
        if self._bingo_refusal(state, seat) is None:
            out.append(CallBingo())
        return out

    def apply(self, state: BingoState, seat: int, action, t_ms: int) -> list:
        if state.phase == OVER:
            raise Rejected("Игра уже закончилась.", "over")
        if not 0 <= seat < state.players:
            raise Rejected("Зрители не играют.", "spectator")
        handler = handler_for(HANDLERS, action, "В «Скрэббл Бинго» так не ходят.", "unknown")
        events = self._due(state, t_ms)  # a call due before this moment has been made
        return events + handler(self, state, seat, action, t_ms)

    def _choose_words(self, state: BingoState, seat: int, action: ChooseWords, t_ms: int) -> list:
        words = [action.first.strip().lower(), action.second.strip().lower()]
        raise_if(self._words_refusal(state, seat, words))
        return self._write(state, seat, words, t_ms)

    def _cross(self, state: BingoState, seat: int, action: Cross, t_ms: int) -> list:
        raise_if(self._cross_refusal(state, seat, action.cell))
        state.crossed[seat][action.cell] = True
        letter = sheet_letters(state.words[seat])[action.cell]
        return [Crossed(seat, action.cell, letter, sum(state.crossed[seat]))]

    def _call_bingo(self, state: BingoState, seat: int, action: CallBingo, t_ms: int) -> list:
        raise_if(self._bingo_refusal(state, seat))
        if state.race is None:
            state.race = ReflexRace(t_ms, RACE_MS)
        state.race.press(seat, t_ms, all(state.crossed[seat]))
        return [BingoPressed(seat)]

    def _due(self, state: BingoState, t_ms: int) -> list:
        """Timers that came due before ``t_ms`` (apply is called in time order, but a tick may lag)."""
        deadline = self.next_deadline(state)
        if deadline is not None and deadline <= t_ms:
            return self.tick(state, t_ms)
        return []

    def _write(self, state: BingoState, seat: int, words: list[str], t_ms: int) -> list:
        state.words[seat] = list(words)
        events: list = [SheetReady(seat), SheetWritten(seat, tuple(words))]
        if all(state.words):
            events += self._start_calling(state, t_ms)
        return events

    def _start_calling(self, state: BingoState, t_ms: int) -> list:
        state.phase = CALLING
        state.next_call_ms = t_ms + FIRST_CALL_MS
        return [CallingStarted(state.next_call_ms)]

    # ------------------------------------------------------------------ time
    def next_deadline(self, state: BingoState) -> int | None:
        if state.phase == WORDS:
            return state.words_due_ms
        if state.phase != CALLING:
            return None
        due = [d for d in (state.next_call_ms, state.race.deadline() if state.race else None) if d is not None]
        return min(due) if due else None

    def tick(self, state: BingoState, t_ms: int) -> list:
        events: list = []
        while state.phase != OVER:
            deadline = self.next_deadline(state)
            if deadline is None or deadline > t_ms:
                break
            if state.phase == WORDS:
                for seat in range(state.players):
                    if not state.words[seat]:  # the last one written starts the calling
                        events += self._write(state, seat, list(state.suggested[seat]), deadline)
                continue
            race_due = state.race.deadline() if state.race else None
            if race_due is not None and race_due <= (state.next_call_ms if state.next_call_ms is not None else race_due):
                events += self._judge_race(state)
                continue
            events += self._call(state)
        return events

    def _call(self, state: BingoState) -> list:
        number = len(state.calls)
        tile = state.bag.pop()
        state.calls.append(tile)
        deaf = []
        for seat in range(state.players):
            if state.deaf_left[seat] > 0:
                state.deaf_left[seat] -= 1
                state.deaf[seat].append(number)
                deaf.append(seat)
        events: list = [LetterCalled(state.face(tile), number + 1, len(state.bag), tuple(deaf))]
        if state.bag:
            state.next_call_ms = (state.next_call_ms or 0) + self.call_ms(state)
        else:
            state.next_call_ms = None
            if state.race is None:
                events += self._finish_by_count(state)
        return events

    def _judge_race(self, state: BingoState) -> list:
        race = state.race
        state.race = None
        events: list = []
        ranked = race.ranked(state.rng)
        winner = None
        for i, (press, margin, tie) in enumerate(ranked):
            if press.payload and winner is None:
                later = [p.t_ms for p, _, _ in ranked[i + 1:] if p.payload]
                winner = (press.seat, (later[0] - press.t_ms) if later else 0, tie)
            elif not press.payload:
                state.false_calls[press.seat] += 1
                state.deaf_left[press.seat] += FALSE_CALL_DEAF
                left = SHEET - sum(state.crossed[press.seat])
                events.append(FalseBingo(press.seat, left, state.deaf_left[press.seat]))
        if winner is not None:
            seat, margin, tie = winner
            events.append(BingoWon(seat, margin, tie))
            return events + self._finish(state, [seat], "bingo")
        if not state.bag and state.next_call_ms is None:
            events += self._finish_by_count(state)
        return events

    def _finish_by_count(self, state: BingoState) -> list:
        """Every tile called and nobody has called a full sheet: the most letters crossed out win."""
        counts = [sum(c) for c in state.crossed]
        top = max(counts)
        return self._finish(state, [s for s, n in enumerate(counts) if n == top], "bag_empty")

    def _finish(self, state: BingoState, winners: list[int], reason: str) -> list:
        state.phase = OVER
        state.winners = winners
        state.end_reason = reason
        state.next_call_ms = None
        state.race = None
        return [GameOver(tuple(winners), reason, tuple(tuple(w) for w in state.words))]

    # ------------------------------------------------------------------ seeing
    def view(self, state: BingoState, seat: int) -> dict:
        mine = 0 <= seat < state.players
        over = state.phase == OVER
        letters = [state.face(t) for t in state.calls]
        out = {
            "game": self.game_id,
            "me": seat,
            "players": state.players,
            "phase": state.phase,
            "options": dict(state.options),
            "start_ms": state.start_ms,
            "words_due_ms": state.words_due_ms,
            "next_call_ms": state.next_call_ms,
            "call_ms": self.call_ms(state),
            "calls": letters,
            "last_call": letters[-1] if letters else "",
            "bag": len(state.bag),
            "ready": [bool(w) for w in state.words],
            "progress": [sum(c) for c in state.crossed],
            "deaf_left": list(state.deaf_left),
            "false_calls": list(state.false_calls),
            "pressed": [p.seat for p in state.race.presses] if state.race else [],
            "winners": list(state.winners),
            "end_reason": state.end_reason,
            "tile_counts": dict(TILE_COUNTS),
            "words": list(state.words[seat]) if mine else [],
            "suggested": list(state.suggested[seat]) if mine and not state.words[seat] else [],
            "crossed": list(state.crossed[seat]) if mine else [],
            "crossable": self.crossable(state, seat) if mine else [],
            "sheets": [list(w) for w in state.words] if over else [],
            "crossed_all": [list(c) for c in state.crossed] if over else [],
        }
        return out

    def secret_ids(self, state: BingoState, seat: int) -> set[str]:
        return set(state.bag)

    def is_over(self, state: BingoState) -> bool:
        return state.phase == OVER

    def result(self, state: BingoState) -> dict:
        return {"winners": list(state.winners), "scores": [sum(c) for c in state.crossed],
                "reason": state.end_reason, "sheets": [list(w) for w in state.words],
                "false_calls": list(state.false_calls)}

    def check_invariants(self, state: BingoState) -> list[str]:
        problems = []
        every = set(state.bag) | set(state.calls)
        if len(every) != len(state.faces) or len(state.bag) + len(state.calls) != len(state.faces):
            problems.append("фишки мешочка потерялись или раздвоились")
        for seat in range(state.players):
            words = state.words[seat]
            if words and (len(words) != 2 or spelling_problem(words) or any(len(w) != WORD_LETTERS for w in words)):
                problems.append(f"листок места {seat} составлен неверно")
            if not words and any(state.crossed[seat]):
                problems.append(f"место {seat} зачеркнуло буквы без слов")
            if words:
                for ch in set(sheet_letters(words)):
                    if self.usable_calls(state, seat, ch) < 0:
                        problems.append(f"место {seat} зачеркнуло «{ch}» больше раз, чем её назвали")
        if state.phase == OVER and not state.winners:
            problems.append("игра окончена без победителя")
        if state.phase == CALLING and state.next_call_ms is None and state.race is None:
            problems.append("ведущий перестал называть буквы, а игра идёт")
        if state.phase == WORDS and all(state.words):
            problems.append("все слова записаны, а буквы не называются")
        return problems


HANDLERS = {  # fn(rules, state, seat, action, t_ms)
    ChooseWords: BingoRules._choose_words,
    Cross: BingoRules._cross,
    CallBingo: BingoRules._call_bingo,
}

RULES = BingoRules()
