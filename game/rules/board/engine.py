"""The board engine shared by Эрудит, Скрэббл and Словодел.

One ``BoardRules`` object per game, configured by a :class:`Variant` (layout, tile set,
bonus for seven tiles, classic single-line moves or Словодел's free placement). The word
source comes from :func:`words.load`, so tests may install a smaller real dictionary.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.rules.base import HouseRule, Rejected, Rng, WireCodec
from game.rules.flow import PLAYERS, Phase, TableVote, handler_for, raise_if, seat_count_refusal
from game.rules.words_ru import count as count_of

from . import judge, variants, words as wordsrc
from .actions import (
    ACTIONS, EVENTS, Accept, Accepted, BingoCalled, BingoWon, BlankSwapped, Challenge, Challenged, Dealt, Drew,
    Exchange, Exchanged, GameEnded, Hint, HintGiven, MoveStands, MoveWithdrawn, OpeningRelaxed, Pass,
    Passed, PhaseChanged, Place, Placed, Remove, Removed, Vote, VoteClosed, Voted, VoteOpened, WORD_REFUSED,
)
from .layout import ALPHABET, BLANK, CELLS, CENTRE, SIZE, VOWELS, premiums
from .equity import best_by_equity
from .movegen import PLAY_BUDGET, GenRules, Move, best, generate, move_key

class P(Phase):
    """The board games' phases; members equal their wire strings."""

    PLAY = "play"
    CHALLENGE = "challenge"  # the others may challenge the move just made (checking by challenge)
    VOTE = "vote"
    REVERSE = "reverse"  # «Скрэббл наоборот» after the game
    OVER = "over"


CHALLENGE_MS = 15_000  # how long the others may challenge a move in challenge mode
VOTE_MS = 30_000
VOTE = TableVote(VOTE_MS, author_votes=False)  # the mover waits while the others decide
RACK = 7
OFFERED_PLACEMENTS = 8  # how many generated moves legal_actions lists (the rest are free-form)


@dataclass(frozen=True)
class Variant:
    game_id: str
    title: str
    prefix: str  # tile id prefix
    layout: tuple
    tiles: dict  # letter -> (count, points)
    bingo: int
    free_form: bool  # Словодел: several words, either reading direction
    centre_doubles: bool
    end_penalties: bool
    house_rules: tuple
    records_gcg: bool = False  # the finished game is written out as GCG (the classic games' notation)


_COMMON_BASE = (
    HouseRule("checking", "Проверка слов", "Автоматически (неверное слово не принимается) или по оспариванию: "
              "слово остаётся, если его не оспорили до следующего хода.", "auto",
              (("auto", "автоматическая"), ("challenge", "оспаривание")), "setup"),
    HouseRule("vote", "Голосование", "Спорный вердикт словаря можно вынести на голосование игроков.", False),
    HouseRule("hints", "Подсказка", "Лучший ход по запросу, а после партии — лучший вариант каждого хода.", False),
    HouseRule("allow_slang", "Жаргон", "Разрешить жаргонные слова (для компании знатоков).", False),
)

_CLASSIC_BASE = (
    HouseRule("double_bag", "Двойной мешочек", "Гласные и согласные в разных мешочках: добирая, выбирайте, откуда.",
              False),
    HouseRule("reverse", "Скрэббл наоборот", "После партии: по очереди снимайте с поля 1–6 фишек одного слова, "
              "оставляя верные связанные слова; очки — номинал снятых фишек.", False),
    HouseRule("bingo_side", "Скрэббл-бинго", "Побочная игра: у каждого два слова из 7 букв; ведущий вытягивает "
              "буквы из отдельного набора, кто первым зачеркнёт все — победил в бинго.", False),
)

COMMON_RULES = variants.menu(_COMMON_BASE, classic=False)
CLASSIC_HOUSE = variants.menu(_COMMON_BASE + _CLASSIC_BASE, classic=True)
THEMES = variants.THEMES


@dataclass
class BoardState:
    rng: Rng
    game_id: str
    options: dict
    players: int
    # Tiles are numbered from 1 (their wire id is prefix + number, e.g. "b17"); containers of
    # tile numbers are bytearrays and the history is JSON lines, so copies and snapshots of a
    # state stay cheap.
    faces: str  # faces[n] is tile n's letter or "?" (faces[0] is unused)
    bag: bytearray  # drawn from the end (consonants only with the double bag)
    bag_vowels: bytearray
    racks: list  # bytearray per seat
    cells: bytearray  # 225 tile numbers, 0 when empty
    blank_as: dict  # blank tile number on the board -> the letter it stands for
    scores: list
    turn: int = 0
    starter: int = 0
    phase: P = P.PLAY
    pending: dict | None = None
    deadline: int | None = None
    accepted: list = field(default_factory=list)
    votes: dict = field(default_factory=dict)
    passes: int = 0  # consecutive turns that laid nothing
    history: list = field(default_factory=list)
    opening_min: int = 2
    opening_passes: int = 0
    house_words: list = field(default_factory=list)  # words allowed by a vote
    order_draws: list = field(default_factory=list)
    adjustments: list = field(default_factory=list)
    removed: list = field(default_factory=list)  # reverse game: tiles off the board for good
    reverse_scores: list = field(default_factory=list)
    reverse_passes: int = 0
    hints_used: list = field(default_factory=list)
    bingo_words: list = field(default_factory=list)  # per seat: two words
    bingo_left: list = field(default_factory=list)  # per seat: letters not yet crossed
    bingo_calls: list = field(default_factory=list)
    bingo_deck: list = field(default_factory=list)
    bingo_winners: list = field(default_factory=list)
    moves_made: int = 0
    review: str = ""  # JSON list of each turn's best alternative, made once when the game ends (hints on)


@dataclass
class Preview:
    """What a tentative placement would score (``BoardRules.preview``); ``error`` says why it cannot be played."""

    score: int = 0
    words: list = field(default_factory=list)
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and bool(self.words)


class BoardRules:
    actions = WireCodec(ACTIONS)
    events = WireCodec(EVENTS)
    free_form_kinds = ("place", "exchange", "remove")

    def __init__(self, variant: Variant):
        self.v = variant
        self.game_id = variant.game_id
        self.min_players, self.max_players = PLAYERS[self.game_id]
        self.title = variant.title
        self.house_rules = variant.house_rules
        self.presets = {
            "classic": ("По правилам", {}),
            "family": ("Семейный", {"hints": True}),
        }
        self.points = {ch: p for ch, (_, p) in variant.tiles.items()}
        self.points.setdefault(BLANK, 0)
        lm, wm = premiums(variant.layout, variant.centre_doubles)
        self.letter_mul = tuple(lm)
        self.word_mul = tuple(wm)
        self.total_tiles = sum(n for n, _ in variant.tiles.values())

    # ------------------------------------------------------------------ words
    def source(self, state_or_options):
        options = state_or_options.options if isinstance(state_or_options, BoardState) else state_or_options
        return wordsrc.load(self.game_id, options)

    def gen_rules(self, source) -> GenRules:
        if isinstance(source.words, (set, frozenset)) or not hasattr(source, "has_prefix"):
            graph = wordsrc.graph_for(frozenset(source.words), both_ways=self.v.free_form)
        else:  # Скрэббл's word forms are too many to copy into a graph: walk the lexicon's own index
            graph = wordsrc.lazy_graph_for(source)
        return GenRules(graph, self.points, self.letter_mul, self.word_mul, self.v.bingo,
                        score_words=not self.v.free_form, needs_board_letter=self.v.free_form, rack_size=RACK,
                        many_lines=self.v.free_form)

    def verdict(self, source, text: str, house_words=()) -> tuple[bool, str, str]:
        """(ok, reason, the word as read) for a line of tiles."""
        if text in house_words or (self.v.free_form and text[::-1] in house_words):
            return True, "", text
        v = source.check(text)
        if v.ok:
            return True, "", text
        if self.v.free_form:
            back = source.check(text[::-1])
            if back.ok:
                return True, "", text[::-1]
        return False, v.reason or "нет в словаре", text

    # ------------------------------------------------------------------ setup
    def new_game(self, options: dict, seats: int, seed: int, start_ms: int = 0) -> BoardState:
        raise_if(seat_count_refusal(self, seats))
        rng = Rng(seed)
        letters = [ch for ch, (n, _) in sorted(self.v.tiles.items()) for _ in range(n)]
        rng.shuffle(letters)  # ids carry no hint of their letter
        faces = " " + "".join(letters)
        ids = bytearray(range(1, len(faces)))
        rng.shuffle(ids)
        state = BoardState(rng, self.game_id, dict(options), seats, faces, ids, bytearray(),
                           [bytearray() for _ in range(seats)], bytearray(CELLS), {}, [0] * seats)
        state.reverse_scores = [0] * seats
        state.hints_used = [0] * seats
        state.opening_min = variants.opening_min(options)
        # turn order: each draws a tile, closest to А starts (a blank before А); ties draw again
        order = "?" + ALPHABET
        contenders = list(range(seats))
        while True:
            draws = []
            for seat in contenders:
                draws.append((seat, faces[state.bag[-1 - len(draws)]]))
            state.order_draws.extend(draws)
            low = min(order.index(ch) for _, ch in draws)
            winners = [s for s, ch in draws if order.index(ch) == low]
            rng.shuffle(state.bag)  # the drawn tiles go back and the bag is mixed
            if len(winners) == 1:
                break
            contenders = winners
        state.starter = state.turn = winners[0]
        if options.get("double_bag"):
            state.bag_vowels = bytearray(t for t in state.bag if faces[t] in VOWELS or faces[t] == BLANK)
            state.bag = bytearray(t for t in state.bag if t not in state.bag_vowels)
        for seat in range(seats):
            self._draw(state, seat, RACK, -1)
        if options.get("bingo_side"):
            self._setup_bingo(state)
        return state

    def _setup_bingo(self, state: BoardState) -> None:
        source = self.source(state)
        pool = sorted(w for w in (source.common or source.words) if len(w) == 7 and all(ch in self.v.tiles for ch in w))
        if not pool:
            pool = sorted(w for w in source.words if len(w) == 7 and all(ch in self.v.tiles for ch in w))
        for _ in range(state.players):
            chosen: list[str] = []
            for _attempt in range(50):
                if len(chosen) == 2 or not pool:
                    break
                w = state.rng.choice(pool)
                need: dict[str, int] = {}
                for ch in "".join(chosen) + w:
                    need[ch] = need.get(ch, 0) + 1
                if all(self.v.tiles[ch][0] >= n for ch, n in need.items()):
                    chosen.append(w)
            state.bingo_words.append(chosen)
            state.bingo_left.append(sorted("".join(chosen)))
        deck = [ch for ch, (n, _) in sorted(self.v.tiles.items()) for _ in range(n)]
        state.rng.shuffle(deck)
        state.bingo_deck = deck

    # ------------------------------------------------------------------ helpers
    def tid(self, n: int) -> str:
        return f"{self.v.prefix}{n}"

    def parse_id(self, wire_id: str) -> int:
        """A tile number from its wire id; 0 (no tile) for anything malformed."""
        digits = wire_id[len(self.v.prefix):] if wire_id.startswith(self.v.prefix) else ""
        if not digits.isdigit() or len(digits) > 3 or digits != str(int(digits)):
            return 0
        n = int(digits)
        return n if 1 <= n <= self.total_tiles else 0

    @staticmethod
    def _log(state: BoardState, entry: dict) -> None:
        state.history.append(json.dumps(entry, ensure_ascii=False, sort_keys=True))

    @staticmethod
    def history(state: BoardState) -> list[dict]:
        return [json.loads(h) for h in state.history]

    def _bag_size(self, state: BoardState) -> int:
        return len(state.bag) + len(state.bag_vowels)

    def _draw(self, state: BoardState, seat: int, n: int, vowels: int) -> list[str]:
        n = min(n, self._bag_size(state))
        if not state.options.get("double_bag"):
            got = [state.bag.pop() for _ in range(n)]
        else:
            if vowels < 0:
                have = sum(1 for t in state.racks[seat] if state.faces[t] in VOWELS)
                vowels = max(0, min(n, 3 - have))
            take_v = min(vowels, n, len(state.bag_vowels))
            take_v = max(take_v, n - len(state.bag))
            got = [state.bag_vowels.pop() for _ in range(take_v)] + [state.bag.pop() for _ in range(n - take_v)]
        state.racks[seat].extend(got)
        return got

    def _return_to_bag(self, state: BoardState, tiles: list[str]) -> None:
        for t in tiles:
            if state.options.get("double_bag") and (state.faces[t] in VOWELS or state.faces[t] == BLANK):
                state.bag_vowels.append(t)
            else:
                state.bag.append(t)
        state.rng.shuffle(state.bag)
        state.rng.shuffle(state.bag_vowels)

    def _deal_events(self, state: BoardState, seat: int, got: list[str]) -> list:
        if not got:
            return []
        return [
            Dealt(seat, tuple((self.tid(t), state.faces[t], self.points[state.faces[t]]) for t in got)),
            Drew(seat, len(got), self._bag_size(state)),
        ]

    def letters_of(self, state: BoardState) -> tuple[list, list]:
        letters = [""] * CELLS
        pts = [0] * CELLS
        for i, t in enumerate(state.cells):
            if t:
                face = state.faces[t]
                letters[i] = state.blank_as.get(t, face)
                pts[i] = 0 if face == BLANK else self.points[face]
        return letters, pts

    def _next_turn(self, state: BoardState) -> None:
        for step in range(1, state.players + 1):
            seat = (state.turn + step) % state.players
            if state.racks[seat] or not self.v.free_form:
                state.turn = seat
                return

    # why not: each answer below is what ``apply`` raises and what ``legal_actions`` filters on
    def _exchange_refusal(self, state: BoardState, count: int) -> Rejected | None:
        bag = self._bag_size(state)
        refusal = variants.exchange_refusal(state.options, bag)
        if refusal is not None:
            return refusal
        if not 0 < count <= bag:
            return Rejected("В мешочке не хватает фишек для такого обмена.")
        return None

    @staticmethod
    def _turn_refusal(state: BoardState, seat: int) -> Rejected | None:
        if state.phase in (P.CHALLENGE, P.VOTE):
            return Rejected("Сначала дождитесь решения по выложенному слову.", "phase")
        if seat != state.turn:
            return Rejected("Сейчас не ваш ход.", "turn")
        return None

    @staticmethod
    def _verdict_refusal(state: BoardState, seat: int, challenge: bool) -> Rejected | None:
        """May ``seat`` challenge (or accept) the move waiting for a verdict."""
        if state.phase != P.CHALLENGE:
            return Rejected("Сейчас нечего оспаривать." if challenge else "Сейчас нечего принимать.", "phase")
        if seat == state.pending["seat"]:
            return Rejected("Своё слово оспаривать нельзя." if challenge else
                            "Свой ход принимать не нужно: его принимают другие игроки.")
        if seat in state.accepted:
            return Rejected("Вы уже согласились с этим ходом.")
        return None

    @staticmethod
    def _vote_refusal(state: BoardState, seat: int) -> Rejected | None:
        if state.phase != P.VOTE:
            return Rejected("Сейчас нет голосования.", "phase")
        return VOTE.refusal(state.players, state.pending["seat"], seat, state.votes, key=str)

    @staticmethod
    def _hint_refusal(state: BoardState) -> Rejected | None:
        return None if state.options.get("hints") else Rejected("Подсказки выключены в этой партии.")

    # ------------------------------------------------------------------ legal actions
    def to_act(self, state: BoardState) -> tuple[int, ...]:
        """The mover on a turn; during a challenge window or a vote, the others who have not answered yet."""
        if state.phase == P.OVER:
            return ()
        if state.phase == P.CHALLENGE:
            return tuple(s for s in range(state.players) if s != state.pending["seat"] and s not in state.accepted)
        if state.phase == P.VOTE:
            return VOTE.waiting(state.players, state.pending["seat"], state.votes, key=str)
        return (state.turn,)

    def legal_actions(self, state: BoardState, seat: int) -> list:
        if state.phase == P.OVER or not 0 <= seat < state.players:
            return []
        if state.phase == P.CHALLENGE:
            return [] if self._verdict_refusal(state, seat, True) else [Challenge(), Accept()]
        if state.phase == P.VOTE:
            return [] if self._vote_refusal(state, seat) else [Vote(True), Vote(False)]
        if self._turn_refusal(state, seat):
            return []
        if state.phase == P.REVERSE:
            return [Remove(cells) for cells in self.removal_sample(state)] + [Pass()]
        out: list = [self.move_to_place(state, seat, m) for m in self.offered_moves(state, seat)]
        out.append(Pass())
        rack = state.racks[seat]
        for k in sorted({len(rack), 1}):
            if rack and self._exchange_refusal(state, k) is None:
                out.append(Exchange(tuple(self.tid(t) for t in rack[:k])))
        if self._hint_refusal(state) is None:
            out.append(Hint())
        return out

    def moves_for(self, state: BoardState, seat: int, budget: int = 0) -> list[Move]:
        letters, pts = self.letters_of(state)
        rack = "".join(state.faces[t] for t in state.racks[seat])
        # moves with a blank standing for a tile in hand never score more: not offered
        moves = generate(letters, pts, rack, self.gen_rules(self.source(state)), budget=budget, spare_blanks=False)
        if not any(letters) and state.opening_min > 2:
            moves = [m for m in moves if len(m.tiles) >= state.opening_min]
        return moves

    def offered_moves(self, state: BoardState, seat: int) -> list[Move]:
        moves = sorted(self.moves_for(state, seat, budget=PLAY_BUDGET), key=move_key, reverse=True)
        if len(moves) <= OFFERED_PLACEMENTS:
            return moves
        stride = len(moves) / OFFERED_PLACEMENTS
        return [moves[int(i * stride)] for i in range(OFFERED_PLACEMENTS)]

    def move_to_place(self, state: BoardState, seat: int, move: Move) -> Place:
        rack = list(state.racks[seat])
        tiles = []
        for cell, ch, is_blank in move.tiles:
            want = BLANK if is_blank else ch
            tid = next(t for t in rack if state.faces[t] == want)
            rack.remove(tid)
            tiles.append((cell // SIZE, cell % SIZE, self.tid(tid), ch))
        return Place(tuple(tiles))

    # ------------------------------------------------------------------ apply
    def apply(self, state: BoardState, seat: int, action, t_ms: int) -> list:
        if state.phase == P.OVER:
            raise Rejected("Игра уже закончилась.", "over")
        if not 0 <= seat < state.players:
            raise Rejected("Зрители не могут делать ходы.", "spectator")
        verdict = VERDICT_HANDLERS.get(type(action))  # anyone's answer to a move waiting for its verdict
        if verdict is not None:
            return verdict(self, state, seat, action, t_ms)
        raise_if(self._turn_refusal(state, seat))
        if state.phase == P.REVERSE:
            handler = handler_for(REVERSE_HANDLERS, action,
                                  "В «Скрэббл наоборот» можно только снимать фишки или пасовать.", "phase")
        else:
            handler = handler_for(TURN_HANDLERS, action, "Сейчас так ходить нельзя.", "phase")
        return handler(self, state, seat, action, t_ms)

    # ---- place
    def judge_move(self, options: dict, letters: list, pts: list, placed: dict[int, str], blanks: set[int],
                   opening_min: int, house_words=()) -> tuple:
        """(the judged lines, each word's verdict, the score) of tiles ``placed`` on a board of ``letters``
        (``pts``: what each board tile is worth); raises Rejected for a placement no word can come of.
        The one scoring of a move: ``apply`` and the scenes' ``preview`` both ask it."""
        if self.v.free_form:
            j = judge.judge_free(letters, placed)
        else:
            j = judge.judge_line(letters, placed, opening_min)
        if j.error:
            raise Rejected(j.error)
        if not any(letters) and len(placed) < opening_min:
            raise Rejected(f"Первое слово должно быть не короче {count_of(opening_min, 'буквы')}.")
        source = self.source(options)
        verdicts = [self.verdict(source, w.text, house_words) for w in j.words]
        if self.v.free_form:
            score = judge.score_tiles(placed, blanks, self.points, self.letter_mul, self.v.bingo, RACK)
        else:
            score, _ = judge.score_classic(placed, blanks, j.words, self.points, pts, self.letter_mul, self.word_mul,
                                           self.v.bingo, RACK)
        score += variants.move_bonus(options, source, [v[2] for v in verdicts], wordsrc.tags_of)
        return j, verdicts, score

    def preview(self, view: dict, placed: dict, swaps: dict | None = None) -> Preview:
        """What tentative tiles would score, from what a seat sees: ``placed`` maps (row, col) to (letter, is_blank);
        ``swaps`` maps (row, col) of a board blank to the letter of the rack tile given for it. Scored by
        ``judge_move``, exactly as ``apply`` would score that move (the words' verdicts come when it is sent)."""
        if not placed:
            return Preview()
        letters, pts = [""] * CELLS, [0] * CELLS
        for r, row in enumerate(view["board"]):
            for c, tile in enumerate(row):
                if tile:
                    letters[r * SIZE + c] = tile["letter"].lower()
                    pts[r * SIZE + c] = 0 if tile.get("blank") else tile.get("points", 0)
        for (r, c), letter in (swaps or {}).items():
            pts[r * SIZE + c] = self.points[letter.lower()]
        cells = {r * SIZE + c: letter.lower() for (r, c), (letter, _) in placed.items()}
        blanks = {r * SIZE + c for (r, c), (_, blank) in placed.items() if blank}
        try:
            j, _, score = self.judge_move(view.get("options", {}), letters, pts, cells, blanks,
                                          int(view.get("opening_min", 2)), view.get("house_words", ()))
        except Rejected as refused:
            return Preview(error=refused.reason)
        return Preview(score, [w.text.upper() for w in j.words])

    def _place(self, state: BoardState, seat: int, action: Place, t_ms: int) -> list:
        opts = state.options
        rack = list(state.racks[seat])
        swaps = []
        taken_blanks = set()
        if action.swaps:
            raise_if(variants.blank_swap_refusal(opts))
            for r, c, wire_id in action.swaps:
                tid = self.parse_id(wire_id)
                cell = r * SIZE + c
                if not (0 <= r < SIZE and 0 <= c < SIZE) or not state.cells[cell]:
                    raise Rejected("Здесь нет пустышки для замены.")
                blank = state.cells[cell]
                if state.faces[blank] != BLANK:
                    raise Rejected("Заменить можно только пустышку.")
                if tid not in rack or state.faces[tid] != state.blank_as[blank]:
                    raise Rejected("Для замены нужна фишка с той же буквой, что означает пустышка.")
                rack.remove(tid)
                rack.append(blank)
                swaps.append((cell, blank, tid))
                taken_blanks.add(blank)
        if vowels_bad(action.vowels, opts):
            raise Rejected("Число гласных для добора указано неверно.")
        placed: dict[int, str] = {}
        blanks: set[int] = set()
        ids: list[str] = []
        for r, c, wire_id, letter in action.tiles:
            tid = self.parse_id(wire_id)
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                raise Rejected("Фишка за пределами поля.")
            if tid not in rack or tid in ids:
                raise Rejected("Этой фишки нет на вашей подставке.")
            cell = r * SIZE + c
            if cell in placed:
                raise Rejected("Две фишки в одну клетку не ставят.")
            face = state.faces[tid]
            letter = letter.lower()
            if face == BLANK:
                if len(letter) != 1 or letter not in ALPHABET:
                    raise Rejected("Назовите букву, которую означает пустышка.")
                blanks.add(cell)
            elif letter != face:
                raise Rejected("Буква фишки указана неверно.")
            placed[cell] = letter
            ids.append(tid)
        if not placed:
            raise Rejected("Выставьте хотя бы одну фишку.")
        if taken_blanks - set(ids):
            raise Rejected("Взятую с поля пустышку нужно сыграть в этом же ходу.")
        letters, pts = self.letters_of(state)
        for cell, blank, tid in swaps:
            pts[cell] = self.points[state.faces[tid]]
        j, verdicts, score = self.judge_move(opts, letters, pts, placed, blanks, state.opening_min, state.house_words)
        bad = [(w, v) for w, v in zip(j.words, verdicts) if not v[0]]
        mode = opts.get("checking", "auto")
        to_vote = False
        if bad and mode == "auto":
            if not (action.dispute and opts.get("vote")):
                w, v = bad[0]
                raise Rejected(f"Слово «{w.text.upper()}» не принимается: {v[1]}.", WORD_REFUSED)
            to_vote = True
        elif action.dispute:
            raise Rejected("Выносить на голосование нечего: слова проверяются после хода.")
        # ---- the move is made
        events: list = []
        for cell, blank, tid in swaps:
            state.cells[cell] = tid
            del state.blank_as[blank]
            state.racks[seat].remove(tid)
            state.racks[seat].append(blank)
            events.append(BlankSwapped(seat, cell // SIZE, cell % SIZE, self.tid(tid), self.tid(blank)))
        rack_before = "".join(state.faces[t] for t in state.racks[seat])
        for tid, (cell, letter) in zip(ids, placed.items()):
            state.cells[cell] = tid
            if state.faces[tid] == BLANK:
                state.blank_as[tid] = letter
            state.racks[seat].remove(tid)
        read = tuple(v[2].upper() for v in verdicts)
        tiles_public = tuple(
            (cell // SIZE, cell % SIZE, self.tid(tid), placed[cell], 0 if cell in blanks else self.points[placed[cell]],
             cell in blanks)
            for cell, tid in zip(placed, ids)
        )
        pending = {
            "seat": seat, "cells": list(placed), "ids": ids, "score": score, "words": list(read),
            "texts": [w.text for w in j.words], "swaps": [[c, b, t] for c, b, t in swaps], "vowels": action.vowels,
            "rack": rack_before, "main": _main_info(j), "bingo": len(placed) == RACK,
        }
        waiting = mode == "challenge" or to_vote
        events.append(Placed(seat, tiles_public, read, score, len(placed) == RACK, waiting))
        state.pending = pending
        if to_vote:
            events += self._open_vote(state, t_ms)
        elif mode == "challenge":
            state.phase = P.CHALLENGE
            state.deadline = t_ms + CHALLENGE_MS
            state.accepted = []
            events.append(PhaseChanged(P.CHALLENGE, state.turn))
        else:
            events += self._stand(state)
        return events

    def _stand(self, state: BoardState) -> list:
        p = state.pending
        seat = p["seat"]
        state.pending = None
        state.phase = P.PLAY
        state.deadline = None
        state.accepted = []
        state.votes = {}
        state.scores[seat] += p["score"]
        state.passes = 0
        state.moves_made += 1
        self._log(state, {
            "seat": seat, "kind": "place", "score": p["score"], "total": state.scores[seat], "words": p["words"],
            "tiles": [[c // SIZE, c % SIZE, self._letter_at(state, c), state.faces[state.cells[c]] == BLANK]
                      for c in p["cells"]],
            "rack": p["rack"], "main": p["main"], "bingo": p["bingo"],
        })
        events: list = [MoveStands(seat, p["score"], state.scores[seat])]
        got = self._draw(state, seat, RACK - len(state.racks[seat]), p["vowels"])
        events += self._deal_events(state, seat, got)
        events += self._bingo_call(state)
        if not state.racks[seat] and self._bag_size(state) == 0 and not self.v.free_form:
            return events + self._finish(state, out=seat)
        if self.v.free_form and self._bag_size(state) == 0 and not any(state.racks):
            return events + self._finish(state, out=None)
        self._next_turn(state)
        events.append(PhaseChanged(P.PLAY, state.turn))
        return events

    def _letter_at(self, state: BoardState, cell: int) -> str:
        t = state.cells[cell]
        return state.blank_as.get(t, state.faces[t])

    def _withdraw(self, state: BoardState, reason: str) -> list:
        p = state.pending
        seat = p["seat"]
        for cell, tid in zip(p["cells"], p["ids"]):
            state.cells[cell] = 0
            state.blank_as.pop(tid, None)
            state.racks[seat].append(tid)
        for cell, blank, tid in reversed(p["swaps"]):
            state.racks[seat].remove(blank)
            state.racks[seat].append(tid)
            state.cells[cell] = blank
            state.blank_as[blank] = self._swap_letter(state, tid)
        state.pending = None
        state.phase = P.PLAY
        state.deadline = None
        state.accepted = []
        state.votes = {}
        self._log(state, {"seat": seat, "kind": "withdrawn", "score": 0, "total": state.scores[seat],
                              "words": p["words"], "rack": p["rack"]})
        events: list = [MoveWithdrawn(seat, tuple((c // SIZE, c % SIZE) for c in p["cells"]), reason)]
        events += self._after_scoreless(state, seat)
        return events

    def _swap_letter(self, state: BoardState, tid: str) -> str:
        return state.faces[tid]

    # ---- challenge and vote
    def _challenge(self, state: BoardState, seat: int, t_ms: int) -> list:
        raise_if(self._verdict_refusal(state, seat, True))
        source = self.source(state)
        checks = [self.verdict(source, text, state.house_words) for text in state.pending["texts"]]
        valid = all(ok for ok, _, _ in checks)
        events: list = [Challenged(seat, state.pending["seat"], valid,
                                   tuple((read.upper(), ok, reason) for ok, reason, read in checks))]
        if valid:
            return events + self._stand(state)
        if state.options.get("vote"):
            return events + self._open_vote(state, t_ms)
        reason = next(f"«{read.upper()}»: {why}" for ok, why, read in checks if not ok)
        return events + self._withdraw(state, f"Слово не принято — {reason}. Ход потерян.")

    def _accept(self, state: BoardState, seat: int, t_ms: int) -> list:
        raise_if(self._verdict_refusal(state, seat, False))
        state.accepted.append(seat)
        events: list = [Accepted(seat)]
        if len(state.accepted) >= state.players - 1:
            events += self._stand(state)
        return events

    def _open_vote(self, state: BoardState, t_ms: int) -> list:
        state.phase = P.VOTE
        state.votes = {}
        state.deadline = t_ms + VOTE.window_ms
        return [VoteOpened(state.pending["seat"], tuple(state.pending["words"]), state.deadline)]

    def _vote(self, state: BoardState, seat: int, allow: bool, t_ms: int) -> list:
        raise_if(self._vote_refusal(state, seat))
        state.votes[str(seat)] = allow
        events: list = [Voted(seat, allow)]
        if VOTE.complete(state.players, state.pending["seat"], state.votes):
            events += self._close_vote(state)
        return events

    def _close_vote(self, state: BoardState) -> list:
        yes, no, allowed = VOTE.tally(state.votes)
        events: list = [VoteClosed(allowed, yes, no)]
        if allowed:
            for text in state.pending["texts"]:
                if text not in state.house_words:
                    state.house_words.append(text)
            return events + self._stand(state)
        return events + self._withdraw(state, "Игроки не приняли слово. Ход потерян.")

    def next_deadline(self, state: BoardState) -> int | None:
        return state.deadline if state.phase in (P.CHALLENGE, P.VOTE) else None

    def tick(self, state: BoardState, t_ms: int) -> list:
        if state.deadline is None or t_ms < state.deadline or state.phase not in (P.CHALLENGE, P.VOTE):
            return []
        if state.phase == P.CHALLENGE:
            return self._stand(state)
        return self._close_vote(state)

    # ---- exchange, pass, hint
    def _exchange(self, state: BoardState, seat: int, action: Exchange) -> list:
        tiles = [self.parse_id(t) for t in action.tiles]
        if not tiles:
            raise Rejected("Выберите фишки для обмена.")
        if len(set(tiles)) != len(tiles) or not all(t in state.racks[seat] for t in tiles):
            raise Rejected("Этих фишек нет на вашей подставке.")
        raise_if(self._exchange_refusal(state, len(tiles)))
        if vowels_bad(action.vowels, state.options):
            raise Rejected("Число гласных для добора указано неверно.")
        rack_before = "".join(state.faces[t] for t in state.racks[seat])
        for t in tiles:
            state.racks[seat].remove(t)
        got = self._draw(state, seat, len(tiles), action.vowels)
        self._return_to_bag(state, tiles)
        self._log(state, {"seat": seat, "kind": "exchange", "score": 0, "total": state.scores[seat],
                              "count": len(tiles), "rack": rack_before,
                              "given": "".join(state.faces[t] for t in tiles)})
        events: list = [Exchanged(seat, len(tiles))] + self._deal_events(state, seat, got)
        if state.opening_min > 2 and not any(state.cells):
            return events + self._opening_pass(state)
        # an exchange scores nothing: it counts towards «everyone passed twice», so a table that only
        # swaps tiles still comes to an end
        return events + self._after_scoreless(state, seat)

    def _pass(self, state: BoardState, seat: int) -> list:
        self._log(state, {"seat": seat, "kind": "pass", "score": 0, "total": state.scores[seat],
                              "rack": "".join(state.faces[t] for t in state.racks[seat])})
        events: list = [Passed(seat)]
        if state.opening_min > 2 and not any(state.cells):
            return events + self._opening_pass(state)
        return events + self._after_scoreless(state, seat)

    def _opening_pass(self, state: BoardState) -> list:
        state.opening_passes += 1
        events: list = []
        if state.opening_passes >= state.players:
            state.opening_passes = 0
            state.opening_min = variants.relaxed_opening(state.options, state.opening_min)
            state.turn = state.starter
            events.append(OpeningRelaxed(state.opening_min))
        else:
            self._next_turn(state)
        return events + [PhaseChanged(P.PLAY, state.turn)]

    def _after_scoreless(self, state: BoardState, seat: int) -> list:
        state.passes += 1
        events = self._bingo_call(state)
        active = sum(1 for r in state.racks if r) if self.v.free_form else state.players
        if self.v.free_form and self._bag_size(state) == 0 and state.passes >= max(1, active):
            return events + self._finish(state, out=None)
        if state.passes >= 2 * state.players:
            return events + self._finish(state, out=None)
        self._next_turn(state)
        return events + [PhaseChanged(P.PLAY, state.turn)]

    def _hint(self, state: BoardState, seat: int) -> list:
        raise_if(self._hint_refusal(state))
        state.hints_used[seat] += 1
        rack = "".join(state.faces[t] for t in state.racks[seat])
        top = best_by_equity(self.game_id, self.moves_for(state, seat, budget=PLAY_BUDGET), rack, self._bag_size(state))
        return [HintGiven(seat, top or {})]

    # ---- bingo side game
    def _bingo_call(self, state: BoardState) -> list:
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

    # ---- end of game
    def _finish(self, state: BoardState, out: int | None) -> list:
        adjustments = [0] * state.players
        if self.v.end_penalties:
            left = [sum(self.points[state.faces[t]] for t in rack) for rack in state.racks]
            for seat in range(state.players):
                adjustments[seat] -= left[seat]
            if out is not None:
                adjustments[out] += sum(left)
        for seat in range(state.players):
            state.scores[seat] += adjustments[seat]
        state.adjustments = adjustments
        self._log(state, {"seat": out if out is not None else -1, "kind": "end", "score": 0,
                              "adjustments": list(adjustments),
                              "racks": ["".join(state.faces[t] for t in r) for r in state.racks]})
        state.pending = None
        state.deadline = None
        events: list = [GameEnded(tuple(state.scores), tuple(adjustments), tuple(self._winners(state.scores)))]
        if state.options.get("reverse") and any(state.cells):
            state.phase = P.REVERSE
            state.turn = state.starter
            state.reverse_passes = 0
            return events + [PhaseChanged(P.REVERSE, state.turn)]
        self._close(state)
        return events

    # Budget per reviewed turn (moves recorded by the generator): keeps the end-of-game review bounded.
    REVIEW_BUDGET = 20_000

    def _close(self, state: BoardState) -> None:
        state.phase = P.OVER
        if state.options.get("hints"):
            from .review import best_alternatives

            state.review = json.dumps(best_alternatives(self, state, budget=self.REVIEW_BUDGET),
                                      ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def _winners(scores: list) -> list:
        top = max(scores)
        return [i for i, s in enumerate(scores) if s == top]

    # ---- Скрэббл наоборот
    def removal_problem(self, state: BoardState, cells: list[int]) -> str:
        """Why removing ``cells`` is not allowed ('' when it is)."""
        if not 1 <= len(cells) <= 6:
            return "Снимать можно от одной до шести фишек."
        if len(set(cells)) != len(cells) or not all(0 <= c < CELLS and state.cells[c] for c in cells):
            return "Снимать можно только фишки, стоящие на поле."
        letters, _ = self.letters_of(state)
        word_ok = False
        for across in (True, False):
            run = judge._run(letters, cells[0], across)
            if len(run) >= 2 and set(cells) <= set(run):
                word_ok = True
        if not word_ok:
            return "Все снимаемые фишки должны принадлежать одному слову."
        after = list(letters)
        for c in cells:
            after[c] = ""
        rest = [i for i in range(CELLS) if after[i]]
        if rest:
            if not judge._connected(rest):
                return "Оставшиеся слова должны быть связаны между собой."
            source = self.source(state)
            seen = set()
            for c in rest:
                for across in (True, False):
                    run = judge._run(after, c, across)
                    if len(run) < 2 or (run, across) in seen:
                        continue
                    seen.add((run, across))
                    text = "".join(after[i] for i in run)
                    ok, why, _ = self.verdict(source, text, state.house_words)
                    if not ok:
                        return f"После этого на поле останется «{text.upper()}»: {why}."
        return ""

    def removal_sample(self, state: BoardState, limit: int = 6) -> list[tuple]:
        letters, _ = self.letters_of(state)
        seen_runs = set()
        candidates: list[list[int]] = []
        for c in range(CELLS):
            if not letters[c]:
                continue
            for across in (True, False):
                run = judge._run(letters, c, across)
                if len(run) < 2 or run in seen_runs:
                    continue
                seen_runs.add(run)
                n = len(run)
                if n <= 6:
                    candidates.append(list(run))
                for k in range(1, min(6, n - 1) + 1):
                    candidates.append(list(run[:k]))
                    candidates.append(list(run[n - k:]))
        out = []
        seen = set()
        for cells in candidates:
            key = tuple(sorted(cells))
            if key in seen:
                continue
            seen.add(key)
            if not self.removal_problem(state, list(key)):
                out.append(tuple((c // SIZE, c % SIZE) for c in key))
                if len(out) >= limit:
                    break
        return out

    def _remove(self, state: BoardState, seat: int, action: Remove) -> list:
        cells = []
        for r, c in action.cells:
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                raise Rejected("Клетка за пределами поля.")
            cells.append(r * SIZE + c)
        problem = self.removal_problem(state, cells)
        if problem:
            raise Rejected(problem)
        score = 0
        for c in cells:
            t = state.cells[c]
            score += self.points[state.faces[t]]
            state.cells[c] = 0
            state.blank_as.pop(t, None)
            state.removed.append(t)
        state.reverse_scores[seat] += score
        state.reverse_passes = 0
        self._log(state, {"seat": seat, "kind": "remove", "score": score, "total": state.reverse_scores[seat],
                              "cells": [[c // SIZE, c % SIZE] for c in cells]})
        events: list = [Removed(seat, tuple((c // SIZE, c % SIZE) for c in cells), score)]
        if not any(state.cells):
            self._close(state)
            return events + [PhaseChanged(P.OVER, state.turn)]
        state.turn = (state.turn + 1) % state.players
        return events + [PhaseChanged(P.REVERSE, state.turn)]

    def _reverse_pass(self, state: BoardState, seat: int) -> list:
        state.reverse_passes += 1
        self._log(state, {"seat": seat, "kind": "pass", "score": 0, "total": state.reverse_scores[seat]})
        if state.reverse_passes >= state.players:
            self._close(state)
            return [Passed(seat), PhaseChanged(P.OVER, state.turn)]
        state.turn = (state.turn + 1) % state.players
        return [Passed(seat), PhaseChanged(P.REVERSE, state.turn)]

    # ------------------------------------------------------------------ views
    def view(self, state: BoardState, seat: int) -> dict:
        board = []
        for r in range(SIZE):
            row = []
            for c in range(SIZE):
                t = state.cells[r * SIZE + c]
                if not t:
                    row.append(None)
                else:
                    face = state.faces[t]
                    row.append({"id": self.tid(t), "letter": state.blank_as.get(t, face).upper(),
                                "points": self.points[face], "blank": face == BLANK})
            board.append(row)
        mine = 0 <= seat < state.players
        rack = [{"id": self.tid(t), "letter": state.faces[t].upper() if state.faces[t] != BLANK else BLANK,
                 "points": self.points[state.faces[t]]} for t in state.racks[seat]] if mine else []
        pending = None
        if state.pending is not None:
            p = state.pending
            pending = {"seat": p["seat"], "words": list(p["words"]), "score": p["score"],
                       "cells": [[c // SIZE, c % SIZE] for c in p["cells"]], "accepted": list(state.accepted),
                       "votes": len(state.votes), "deadline": state.deadline,
                       "window_ms": {P.CHALLENGE: CHALLENGE_MS, P.VOTE: VOTE_MS}.get(state.phase)}  # its whole length
        history = []
        for h in self.history(state):
            item = {k: v for k, v in h.items() if k in ("seat", "kind", "score", "total", "words", "count",
                                                           "tiles", "cells", "adjustments", "bingo")}
            history.append(item)
        out = {
            "game": self.game_id,
            "me": seat,
            "players": state.players,
            "turn": state.turn,
            "starter": state.starter,
            "phase": state.phase,
            "scores": list(state.scores),
            "rack": rack,
            "rack_counts": [len(r) for r in state.racks],
            "board": board,
            "premiums": list(self.v.layout),
            "centre": [CENTRE // SIZE, CENTRE % SIZE],
            "bag": self._bag_size(state),
            "bag_vowels": len(state.bag_vowels) if state.options.get("double_bag") else None,
            "history": history,
            "pending": pending,
            "opening_min": state.opening_min,
            "passes": state.passes,
            "options": dict(state.options),
            "tile_points": {ch.upper(): p for ch, p in self.points.items()},
            "rack_size": RACK,
            "bingo_bonus": self.v.bingo,
            "free_form": self.v.free_form,
            "order_draws": [[s, ch.upper()] for s, ch in state.order_draws],
            "house_words": list(state.house_words),
            "adjustments": list(state.adjustments),
        }
        if state.options.get("reverse"):
            out["reverse_scores"] = list(state.reverse_scores)
        if state.options.get("bingo_side"):
            out["bingo"] = {
                "calls": [ch.upper() for ch in state.bingo_calls],
                "winners": list(state.bingo_winners),
                "words": [w.upper() for w in state.bingo_words[seat]] if mine and state.bingo_words else [],
                "left": [ch.upper() for ch in state.bingo_left[seat]] if mine and state.bingo_left else [],
            }
        if state.phase == P.OVER:
            out["result"] = self.result(state)
        return out

    def secret_ids(self, state: BoardState, seat: int) -> set[str]:
        out = {self.tid(t) for t in state.bag} | {self.tid(t) for t in state.bag_vowels}
        for i, rack in enumerate(state.racks):
            if i != seat:
                out.update(self.tid(t) for t in rack)
        return out

    def is_over(self, state: BoardState) -> bool:
        return state.phase == P.OVER

    def result(self, state: BoardState) -> dict:
        out = {
            "scores": list(state.scores),
            "adjustments": list(state.adjustments),
            "winners": self._winners(state.scores),
            "labels": {"scores": "Очки", "adjustments": "Остаток фишек"},
            "hints_used": list(state.hints_used),
        }
        if state.options.get("reverse"):
            out["reverse_scores"] = list(state.reverse_scores)
            out["reverse_winners"] = self._winners(state.reverse_scores)
        if state.options.get("bingo_side"):
            out["bingo_winners"] = list(state.bingo_winners)
        if state.review:
            out["best_alternatives"] = json.loads(state.review)
        if state.phase == P.OVER and self.v.records_gcg:
            from .review import gcg

            out["gcg"] = gcg(self, state)  # every move is public once the game is over
        return out

    def check_invariants(self, state: BoardState) -> list[str]:
        problems = []
        seen: dict[str, str] = {}
        places = [("мешочек", state.bag), ("мешочек гласных", state.bag_vowels), ("снятые", state.removed)]
        places += [(f"подставка {i + 1}", r) for i, r in enumerate(state.racks)]
        places.append(("поле", [t for t in state.cells if t]))
        for where, items in places:
            for t in items:
                if t in seen:
                    problems.append(f"фишка {t} и в «{seen[t]}», и в «{where}»")
                seen[t] = where
        if len(seen) != self.total_tiles or set(seen) != set(range(1, self.total_tiles + 1)):
            problems.append(f"фишек {len(seen)} вместо {self.total_tiles}")
        for i, r in enumerate(state.racks):
            if len(r) > RACK:
                problems.append(f"на подставке {i + 1}: {count_of(len(r), 'фишка')}")
        for t in state.blank_as:
            if state.faces[t] != BLANK or t not in state.cells:
                problems.append(f"{t} назначена буква, но это не пустышка на поле")
        for i, t in enumerate(state.cells):
            if t and state.faces[t] == BLANK and t not in state.blank_as:
                problems.append(f"пустышка {t} на поле без буквы")
        return problems


def vowels_bad(vowels: int, options: dict) -> bool:
    if options.get("double_bag"):
        return not -1 <= vowels <= RACK
    return vowels != -1


def _main_info(j) -> list | None:
    m = j.main
    if m is None:
        return None
    return [m.row, m.col, m.across, m.text]


# fn(rules, state, seat, action, t_ms)
VERDICT_HANDLERS = {
    Challenge: lambda eng, state, seat, a, t: eng._challenge(state, seat, t),
    Accept: lambda eng, state, seat, a, t: eng._accept(state, seat, t),
    Vote: lambda eng, state, seat, a, t: eng._vote(state, seat, a.allow, t),
}
TURN_HANDLERS = {
    Place: BoardRules._place,
    Exchange: lambda eng, state, seat, a, t: eng._exchange(state, seat, a),
    Pass: lambda eng, state, seat, a, t: eng._pass(state, seat),
    Hint: lambda eng, state, seat, a, t: eng._hint(state, seat),
}
REVERSE_HANDLERS = {
    Remove: lambda eng, state, seat, a, t: eng._remove(state, seat, a),
    Pass: lambda eng, state, seat, a, t: eng._reverse_pass(state, seat),
}
