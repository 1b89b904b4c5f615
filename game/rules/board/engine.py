"""The board engine shared by Эрудит, Скрэббл and Словодел.

One ``BoardRules`` object per game, configured by a :class:`GameProfile` (layout, tile set,
bonus for seven tiles, classic single-line moves or Словодел's free placement); the house
variants are plug-ins (``variants``). The word
source comes from :func:`words.load`, so tests may install a smaller real dictionary.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field

from game.rules.base import Rejected, Rng, WireCodec
from game.rules.flow import handler_for, raise_if, seat_count_refusal
from game.rules.words_ru import count as count_of

from . import judge, variants, words as wordsrc
from .actions import (
    ACTIONS, EVENTS, Dealt, Drew, Exchange, Exchanged, GameEnded, MoveStands, MoveWithdrawn,
    Pass, Passed, PhaseChanged, Place, Placed,
)
from .layout import ALPHABET, BLANK, CELLS, CENTRE, RACK, SIZE, premiums
from .movegen import PLAY_BUDGET, GenRules, Move, generate, move_key
from .phases import P

OFFERED_PLACEMENTS = 8  # how many generated moves legal_actions lists (the rest are free-form)


@dataclass(frozen=True)
class GameProfile:
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


COMMON_RULES = variants.menu(classic=False)
CLASSIC_HOUSE = variants.menu(classic=True)
THEMES = variants.THEMES


@dataclass
class _BaseState:
    rng: Rng
    game_id: str
    options: dict
    players: int
    # Tiles are numbered from 1 (their wire id is prefix + number, e.g. "b17"); containers of
    # tile numbers are bytearrays and the history is JSON lines, so copies and snapshots of a
    # state stay cheap.
    faces: str  # faces[n] is tile n's letter or "?" (faces[0] is unused)
    bag: bytearray  # drawn from the end
    racks: list  # bytearray per seat
    cells: bytearray  # 225 tile numbers, 0 when empty
    blank_as: dict  # blank tile number on the board -> the letter it stands for
    scores: list
    turn: int = 0
    starter: int = 0
    phase: P = P.PLAY
    pending: dict | None = None  # a move placed and waiting for its verdict (in a variant's phase)
    deadline: int | None = None
    passes: int = 0  # consecutive turns that laid nothing
    history: list = field(default_factory=list)
    opening_min: int = variants.BASE_OPENING
    order_draws: list = field(default_factory=list)
    adjustments: list = field(default_factory=list)
    moves_made: int = 0


# the base state and every variant's slice (each its fields, whether the variant is on or not)
BoardState = dataclasses.make_dataclass(
    "BoardState", [(name, object, field(default_factory=make)) for name, make in variants.STATE_FIELDS],
    bases=(_BaseState,))


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
    actions = WireCodec(ACTIONS + variants.ACTIONS)
    events = WireCodec(EVENTS + variants.EVENTS)
    free_form_kinds = ("place", "exchange", *variants.FREE_FORM)

    def __init__(self, profile: GameProfile):
        self.v = profile
        self.game_id = profile.game_id
        self.min_players, self.max_players = 2, 4
        self.title = profile.title
        self.house_rules = profile.house_rules
        self.presets = variants.PRESETS
        self.points = {ch: p for ch, (_, p) in profile.tiles.items()}
        self.points.setdefault(BLANK, 0)
        lm, wm = premiums(profile.layout, profile.centre_doubles)
        self.letter_mul = tuple(lm)
        self.word_mul = tuple(wm)
        self.total_tiles = sum(n for n, _ in profile.tiles.values())

    # ------------------------------------------------------------------ words
    def source(self, state_or_options, for_bots: bool = False):
        options = state_or_options.options if isinstance(state_or_options, BoardState) else state_or_options
        return wordsrc.load(self.game_id, options, for_bots=for_bots)

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
        state = BoardState(rng, self.game_id, dict(options), seats, faces, ids,
                           [bytearray() for _ in range(seats)], bytearray(CELLS), {}, [0] * seats)
        variants.start(self, state)
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
        variants.split_bag(self, state)
        for seat in range(seats):
            self._draw(state, seat, RACK, -1)
        variants.after_change(self, state, start_ms)  # the first mover's turn begins with the game
        return state

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
    def log(state: BoardState, entry: dict) -> None:
        state.history.append(json.dumps(entry, ensure_ascii=False, sort_keys=True))

    @staticmethod
    def history(state: BoardState) -> list[dict]:
        return [json.loads(h) for h in state.history]

    def _bag_size(self, state: BoardState) -> int:
        return len(state.bag) + sum(len(tiles) for _, tiles, in_bag in variants.tile_places(state) if in_bag)

    def _draw(self, state: BoardState, seat: int, n: int, vowels: int) -> list[str]:
        got = variants.draw(self, state, seat, min(n, self._bag_size(state)), vowels)
        state.racks[seat].extend(got)
        return got

    def _return_to_bag(self, state: BoardState, tiles: list[str]) -> None:
        for t in tiles:
            variants.bag_of(state, t).append(t)
        state.rng.shuffle(state.bag)
        variants.after_return(state)

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

    def next_turn(self, state: BoardState) -> None:
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
    def turn_refusal(state: BoardState, seat: int) -> Rejected | None:
        if state.pending is not None:
            return Rejected("Сначала дождитесь решения по выложенному слову.", "phase")
        if seat != state.turn:
            return Rejected("Сейчас не ваш ход.", "turn")
        return None

    # ------------------------------------------------------------------ legal actions
    def to_act(self, state: BoardState) -> tuple[int, ...]:
        """The mover on a turn; in a variant's phase, whom it names (the others who have not answered a
        challenge window or a vote yet)."""
        if state.phase == P.OVER:
            return ()
        owner = variants.owner_of(state.phase)
        return owner.to_act_in_phase(self, state) if owner else (state.turn,)

    def legal_actions(self, state: BoardState, seat: int) -> list:
        if state.phase == P.OVER or not 0 <= seat < state.players:
            return []
        return self._legal_now(state, seat) + variants.anytime_legal(self, state, seat)

    def _legal_now(self, state: BoardState, seat: int) -> list:
        """What ``seat`` may do in the phase the game is in (the turn's moves, a window's answers)."""
        owner = variants.owner_of(state.phase)
        if owner is not None:
            return owner.legal_in_phase(self, state, seat)
        if self.turn_refusal(state, seat):
            return []
        out: list = [self.move_to_place(state, seat, m) for m in self.offered_moves(state, seat)]
        out.append(Pass())
        rack = state.racks[seat]
        for k in sorted({len(rack), 1}):
            if rack and self._exchange_refusal(state, k) is None:
                out.append(Exchange(tuple(self.tid(t) for t in rack[:k])))
        return out + variants.turn_legal(self, state, seat)

    def moves_for(self, state: BoardState, seat: int, budget: int = 0) -> list[Move]:
        letters, pts = self.letters_of(state)
        rack = "".join(state.faces[t] for t in state.racks[seat])
        # moves with a blank standing for a tile in hand never score more: not offered
        # the moves the game itself offers (hints, reviews, the offered list) say no word only people may play
        moves = generate(letters, pts, rack, self.gen_rules(self.source(state, for_bots=True)), budget=budget,
                         spare_blanks=False)
        if not any(letters) and state.opening_min > variants.BASE_OPENING:
            moves = [m for m in moves if len(m.tiles) >= state.opening_min]
        return self.scored_as_played(moves, letters, pts, state.options, state.opening_min)

    def scored_as_played(self, moves: list[Move], letters: list, pts: list, options: dict,
                         opening_min: int) -> list[Move]:
        """``moves`` from the generator with the score applying each would give: the enabled variants' bonus for the
        words it makes comes on top of letters and premiums, so whoever ranks moves (bots, «Подсказка», the review)
        ranks what the table will count. Without such a variant the generator's score is the whole of it."""
        if not variants.adds_to_moves(options):
            return moves
        scored = []
        for move in moves:
            placed = {cell: ch for cell, ch, _ in move.tiles}
            blanks = {cell for cell, _, is_blank in move.tiles if is_blank}
            try:
                _, _, score = self.judge_move(options, letters, pts, placed, blanks, opening_min)
            except Rejected:
                score = move.score  # not a move the table would take: apply says so; ranked as the generator did
            scored.append(move._replace(score=score))
        return scored

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
        owner = variants.owner_of(state.phase)
        if owner is not None:  # a phase may hold every other action back (a pause)
            raise_if(owner.refusal_in_phase(state, seat, action))
        anyone = variants.ANYONE_HANDLERS.get(type(action))  # e.g. an answer to a move waiting for its verdict
        if anyone is not None:
            handler = anyone
        else:
            raise_if(self.turn_refusal(state, seat))
            if owner is not None:
                handler = handler_for(variants.PHASE_HANDLERS[state.phase], action, owner.unknown_in_phase, "phase")
            else:
                handler = handler_for(TURN_HANDLERS, action, "Сейчас так ходить нельзя.", "phase")
        events = handler(self, state, seat, action, t_ms)
        variants.after_change(self, state, t_ms)
        return events

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
            _, verdicts, score = self.judge_move(view.get("options", {}), letters, pts, cells, blanks,
                                                 int(view.get("opening_min", 2)), view.get("house_words", ()))
        except Rejected as refused:
            return Preview(error=refused.reason)
        # each word as it reads where it is one, as the move's record will name it: Словодел reads a line either way
        # («ТИК + ЯД», where the tiles' order said «ДЯ»)
        return Preview(score, [word.upper() for _, _, word in verdicts])

    def _place(self, state: BoardState, seat: int, action: Place, t_ms: int) -> list:
        opts = state.options
        rack = list(state.racks[seat])
        swaps = variants.take_blanks(self, state, action, rack)  # [(cell, blank, tile given for it)]
        raise_if(variants.vowels_refusal(opts, action.vowels))
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
        if {blank for _, blank, _ in swaps} - set(ids):
            raise Rejected("Взятую с поля пустышку нужно сыграть в этом же ходу.")
        letters, pts = self.letters_of(state)
        for cell, blank, tid in swaps:
            pts[cell] = self.points[state.faces[tid]]
        j, verdicts, score = self.judge_move(opts, letters, pts, placed, blanks, state.opening_min,
                                             self.allowed_words(state))
        refused = next(((w.text, v[1]) for w, v in zip(j.words, verdicts) if not v[0]), None)
        holder = variants.move_holder(opts, refused, action.dispute)
        # ---- the move is made
        events: list = variants.swap_blanks(self, state, seat, swaps)
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
        events.append(Placed(seat, tiles_public, read, score, len(placed) == RACK, holder is not None))
        state.pending = pending
        if holder is not None:
            return events + holder.hold(self, state, t_ms)
        return events + self.stand(state, t_ms)

    def allowed_words(self, state: BoardState) -> list:
        """Words that count whatever the dictionary says (those a vote allowed)."""
        return variants.allowed_words(state)

    def appeal(self, state: BoardState, t_ms: int) -> list | None:
        """The events of taking the pending move found invalid to the table; None: there is no appeal."""
        return variants.appeal(self, state, t_ms)

    def stand(self, state: BoardState, t_ms: int) -> list:
        """The pending move stands at ``t_ms``: it scores, the mover draws, the turn passes."""
        p = state.pending
        seat = p["seat"]
        state.pending = None
        state.phase = P.PLAY
        state.deadline = None
        variants.forget_pending(state)
        state.scores[seat] += p["score"]
        state.passes = 0
        state.moves_made += 1
        self.log(state, {
            "seat": seat, "kind": "place", "score": p["score"], "total": state.scores[seat], "words": p["words"],
            "tiles": [[c // SIZE, c % SIZE, self._letter_at(state, c), state.faces[state.cells[c]] == BLANK]
                      for c in p["cells"]],
            "rack": p["rack"], "main": p["main"], "bingo": p["bingo"],
        })
        events: list = [MoveStands(seat, p["score"], state.scores[seat])]
        got = self._draw(state, seat, RACK - len(state.racks[seat]), p["vowels"])
        events += self._deal_events(state, seat, got)
        if not state.racks[seat] and self._bag_size(state) == 0 and not self.v.free_form:
            return events + self._finish(state, seat, t_ms)
        if self.v.free_form and self._bag_size(state) == 0 and not any(state.racks):
            return events + self._finish(state, None, t_ms)
        self.next_turn(state)
        events.append(PhaseChanged(P.PLAY, state.turn))
        return events

    def _letter_at(self, state: BoardState, cell: int) -> str:
        t = state.cells[cell]
        return state.blank_as.get(t, state.faces[t])

    def withdraw(self, state: BoardState, reason: str, t_ms: int) -> list:
        """The pending move is taken back to the mover's rack at ``t_ms`` and the turn is lost."""
        p = state.pending
        seat = p["seat"]
        for cell, tid in zip(p["cells"], p["ids"]):
            state.cells[cell] = 0
            state.blank_as.pop(tid, None)
            state.racks[seat].append(tid)
        variants.unswap_blanks(state, seat, p["swaps"])
        state.pending = None
        state.phase = P.PLAY
        state.deadline = None
        variants.forget_pending(state)
        self.log(state, {"seat": seat, "kind": "withdrawn", "score": 0, "total": state.scores[seat],
                              "words": p["words"], "rack": p["rack"]})
        events: list = [MoveWithdrawn(seat, tuple((c // SIZE, c % SIZE) for c in p["cells"]), reason)]
        events += self._after_scoreless(state, seat, t_ms)
        return events

    def next_deadline(self, state: BoardState) -> int | None:
        owner = variants.owner_of(state.phase)
        return owner.deadline_in_phase(state) if owner else variants.deadline_in_play(state)

    def tick(self, state: BoardState, t_ms: int) -> list:
        owner = variants.owner_of(state.phase)
        events = owner.tick_in_phase(self, state, t_ms) if owner else variants.tick_in_play(self, state, t_ms)
        if events:  # nothing due changes nothing, not even a clock's reckoning: the session journals only changes
            variants.after_change(self, state, t_ms)
        return events

    def restart_window(self, state: BoardState, t_ms: int) -> None:
        """The window the game is in (a challenge's, a vote's) runs its whole length again from ``t_ms``: a pause
        stopped it, and a table shows a window counted from when it saw it open."""
        owner = variants.owner_of(state.phase)
        length = owner.window_ms(state.phase) if owner else None
        if state.deadline is not None and length is not None:
            state.deadline = t_ms + length

    # ---- exchange, pass
    # ---- exchange, pass, hint
    def _exchange(self, state: BoardState, seat: int, action: Exchange, t_ms: int) -> list:
        tiles = [self.parse_id(t) for t in action.tiles]
        if not tiles:
            raise Rejected("Выберите фишки для обмена.")
        if len(set(tiles)) != len(tiles) or not all(t in state.racks[seat] for t in tiles):
            raise Rejected("Этих фишек нет на вашей подставке.")
        raise_if(self._exchange_refusal(state, len(tiles)))
        raise_if(variants.vowels_refusal(state.options, action.vowels))
        rack_before = "".join(state.faces[t] for t in state.racks[seat])
        for t in tiles:
            state.racks[seat].remove(t)
        got = self._draw(state, seat, len(tiles), action.vowels)
        self._return_to_bag(state, tiles)
        self.log(state, {"seat": seat, "kind": "exchange", "score": 0, "total": state.scores[seat],
                              "count": len(tiles), "rack": rack_before,
                              "given": "".join(state.faces[t] for t in tiles)})
        events: list = [Exchanged(seat, len(tiles))] + self._deal_events(state, seat, got)
        # an exchange scores nothing: it counts towards «everyone passed twice», so a table that only
        # swaps tiles still comes to an end
        return events + self._laid_nothing(state, seat, t_ms)

    def pass_turn(self, state: BoardState, seat: int, t_ms: int, timed_out: bool = False) -> list:
        """``seat`` passes at ``t_ms`` (``timed_out``: its time for the move ran out, and the move passed)."""
        entry = {"seat": seat, "kind": "pass", "score": 0, "total": state.scores[seat],
                 "rack": "".join(state.faces[t] for t in state.racks[seat])}
        if timed_out:
            entry["timeout"] = True
        self.log(state, entry)
        return [Passed(seat)] + self._laid_nothing(state, seat, t_ms)

    def _laid_nothing(self, state: BoardState, seat: int, t_ms: int) -> list:
        """A pass or an exchange: the base rule, unless a variant counts it otherwise."""
        instead = variants.scoreless_turn(self, state)
        return instead if instead is not None else self._after_scoreless(state, seat, t_ms)

    def _after_scoreless(self, state: BoardState, seat: int, t_ms: int) -> list:
        state.passes += 1
        active = sum(1 for r in state.racks if r) if self.v.free_form else state.players
        if self.v.free_form and self._bag_size(state) == 0 and state.passes >= max(1, active):
            return self._finish(state, None, t_ms)
        if state.passes >= 2 * state.players:
            return self._finish(state, None, t_ms)
        self.next_turn(state)
        return [PhaseChanged(P.PLAY, state.turn)]

    # ---- end of game
    def _finish(self, state: BoardState, out: int | None, t_ms: int) -> list:
        """The main game is scored at ``t_ms`` (``out``: the seat that went out, if one did)."""
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
        self.log(state, {"seat": out if out is not None else -1, "kind": "end", "score": 0,
                              "adjustments": list(adjustments),
                              "racks": ["".join(state.faces[t] for t in r) for r in state.racks]})
        state.pending = None
        state.deadline = None
        events: list = variants.final_scoring(self, state, t_ms)  # e.g. time over the clock's, taken off the score
        events.append(GameEnded(tuple(state.scores), tuple(adjustments), tuple(self.winners(state.scores))))
        after = variants.after_game(self, state)
        if after is not None:
            return events + after
        self.close(state)
        return events

    # Budget per reviewed turn (moves recorded by the generator): keeps the end-of-game review bounded.
    REVIEW_BUDGET = 20_000

    def close(self, state: BoardState) -> None:
        """The game is over for good."""
        state.phase = P.OVER
        variants.on_close(self, state)

    @staticmethod
    def winners(scores: list) -> list:
        top = max(scores)
        return [i for i, s in enumerate(scores) if s == top]

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
            owner = variants.owner_of(state.phase)
            pending = {"seat": p["seat"], "words": list(p["words"]), "score": p["score"],
                       "cells": [[c // SIZE, c % SIZE] for c in p["cells"]], "deadline": state.deadline,
                       "window_ms": owner.window_ms(state.phase) if owner else None,  # its whole length
                       **variants.pending_view(state)}
        history = []
        for h in self.history(state):
            item = {k: v for k, v in h.items() if k in ("seat", "kind", "score", "total", "words", "count",
                                                           "tiles", "cells", "adjustments", "bingo", "timeout",
                                                           "over_ms")}
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
            "adjustments": list(state.adjustments),
            **variants.view(self, state, seat),
        }
        if state.phase == P.OVER:
            out["result"] = self.result(state)
        return out

    def secret_ids(self, state: BoardState, seat: int) -> set[str]:
        out = {self.tid(t) for t in state.bag}
        for _, tiles, in_bag in variants.tile_places(state):
            if in_bag:
                out.update(self.tid(t) for t in tiles)
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
            "winners": self.winners(state.scores),
            "labels": {"scores": "Очки", "adjustments": "Остаток фишек"},
            **variants.result(self, state),
        }
        if state.phase == P.OVER and self.v.records_gcg:
            from .review import gcg

            out["gcg"] = gcg(self, state)  # every move is public once the game is over
        return out

    def check_invariants(self, state: BoardState) -> list[str]:
        problems = []
        seen: dict[str, str] = {}
        places = [("мешочек", state.bag)] + [(where, tiles) for where, tiles, _ in variants.tile_places(state)]
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


def _main_info(j) -> list | None:
    m = j.main
    if m is None:
        return None
    return [m.row, m.col, m.across, m.text]


# the mover's actions in the play phase, fn(rules, state, seat, action, t_ms); the variants add theirs
TURN_HANDLERS = {
    Place: BoardRules._place,
    Exchange: lambda eng, state, seat, a, t: eng._exchange(state, seat, a, t),
    Pass: lambda eng, state, seat, a, t: eng.pass_turn(state, seat, t),
    **variants.TURN_HANDLERS,
}
