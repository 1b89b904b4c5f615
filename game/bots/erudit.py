"""Bots of the board games (Эрудит, Скрэббл and Словодел share this module).

They see only a seat's view: the public board, their own rack, the bag count. Moves come
from the rules' move generator over the same dictionary the table plays with.
- новичок (novice): a short common word, picked at random among such — not the best move;
- игрок (player): the highest-scoring move;
- мастер (master, alias ace): equity (score plus the learned worth of the tiles kept, game/rules/board/equity.py),
  then two plies of Monte Carlo over the best few (the next player's best reply on racks drawn from the unseen
  tiles; not in Словодел, where it lost duels); with the bag empty, the known rack's best reply and the end-of-game
  tile adjustment; it exchanges when the best tiles to keep are worth more than the best move.
"""
from __future__ import annotations

from itertools import combinations

from game.rules import load
from game.rules.base import Rng
from game.rules.board import words as wordsrc
from game.rules.board.actions import Exchange, Pass, Place
from game.rules.board.variants import Accept, Challenge, Remove, Resume, Vote
from game.rules.board.layout import BLANK, CELLS, SIZE
from game.rules.board.equity import equity, kept_after, leave_value
from game.rules.board.movegen import PLAY_BUDGET, Move, generate, move_key

BUDGET = PLAY_BUDGET  # the table's own budget: the search it just ran for the offered moves is reused

# how hard the master thinks (a work budget, never a clock: a bot's choice must replay the same on any machine):
# the best few moves by equity each met by the next player's best reply on a few racks drawn from the unseen
# tiles; with the bag empty, the best few met by the known rack's best reply. ``reply_budget``: graph steps for one
# imagined reply (the look-ahead is bounded, the own search is not)
THINK = {
    "erudit": {"candidates": 8, "samples": 6, "endgame": 10, "reply_budget": 60_000},
    # Словодел plays the best equity move with no look-ahead (one candidate): its replies score only the tiles
    # laid, so the imagined reply mostly measures the replier's rack, and over 200 duel games the look-ahead won
    # 52 % against 58 % without it (game/data/leaves/README.md)
    "slovodel": {"candidates": 1, "samples": 6, "endgame": 10, "reply_budget": 60_000},
    # Скрэббл walks its millions of word forms through the lexicon's index: each imagined reply costs more (at
    # 60 000 steps a reply a decision took up to 2 s of CPU in a fresh process and 3.7 s late in a long duel)
    "scrabble": {"candidates": 5, "samples": 3, "endgame": 8, "reply_budget": 25_000},
}
DELAY_BASE_MS = {"novice": 2500, "player": 1800, "master": 1500}  # then up to 1.2 s more, at random
CLOCK_MARGIN_MS = 1000  # under «Часы» a bot moves at least this long before its time runs out


class BoardBot:
    def __init__(self, game_id: str, level: str, seat: int, rng: Rng):
        self.game_id = game_id
        self.level = "master" if level == "ace" else level
        self.seat = seat
        self.rng = rng
        self.rules = load(game_id)

    # ------------------------------------------------------------------ helpers
    def position(self, view: dict) -> tuple[list, list]:
        letters = [""] * CELLS
        pts = [0] * CELLS
        for r, row in enumerate(view["board"]):
            for c, tile in enumerate(row):
                if tile:
                    letters[r * SIZE + c] = tile["letter"].lower()
                    pts[r * SIZE + c] = 0 if tile["blank"] else tile["points"]
        return letters, pts

    def rack_letters(self, view: dict) -> str:
        return "".join(BLANK if t["letter"] == BLANK else t["letter"].lower() for t in view["rack"])

    def source(self, view: dict):
        """The words this bot may lay: the table's, without those only people may play."""
        return wordsrc.load(self.game_id, view.get("options", {}), for_bots=True)

    def moves(self, view: dict) -> list[Move]:
        letters, pts = self.position(view)
        gen = self.rules.gen_rules(self.source(view))
        # a blank standing for a tile in hand only ever loses points: such moves are not searched
        moves = generate(letters, pts, self.rack_letters(view), gen, budget=BUDGET, spare_blanks=False)
        if not any(letters) and view.get("opening_min", 2) > 2:
            moves = [m for m in moves if len(m.tiles) >= view["opening_min"]]
        return self.rules.scored_as_played(moves, letters, pts, view.get("options", {}), view.get("opening_min", 2))

    def to_place(self, view: dict, move: Move) -> Place:
        rack = [(t["id"], BLANK if t["letter"] == BLANK else t["letter"].lower()) for t in view["rack"]]
        tiles = []
        for cell, ch, is_blank in move.tiles:
            want = BLANK if is_blank else ch
            i = next(k for k, (_, face) in enumerate(rack) if face == want)
            tiles.append((cell // SIZE, cell % SIZE, rack.pop(i)[0], ch))
        return Place(tuple(tiles))

    @property
    def least_delay_ms(self) -> int:
        """A board bot takes at least this long to act, so local play lets it think off the frame loop."""
        return DELAY_BASE_MS.get(self.level, DELAY_BASE_MS["player"])

    def delay(self) -> int:
        return self.least_delay_ms + self.rng.below(1200)

    # ------------------------------------------------------------------ deciding
    def plan(self, view: dict, legal: list, now_ms: int):
        legal = [a for a in legal if a.kind != "pause"]  # a bot never stops the clock
        if not legal:
            return None
        if any(isinstance(a, Resume) for a in legal):  # the pause is its seat's (it took a person's place)
            return now_ms + self.least_delay_ms, Resume()
        action = self.decide(view, legal)
        return (self.before_time_runs_out(view, now_ms, now_ms + self.delay()), action) if action is not None else None

    def before_time_runs_out(self, view: dict, now_ms: int, at_ms: int) -> int:
        """``at_ms``, or sooner when the bot's clock (``view["clock"]``, «Часы») runs out before then: a second
        before that, or at once when it has run out (on the game's time each minute begun over costs points). The
        session still holds a bot back its ``least_delay_ms`` after the change it answers."""
        clock = view.get("clock")
        if not clock or clock.get("runs") != self.seat:
            return at_ms
        runs_out = clock["at"] + clock["left_ms"][self.seat]
        return max(now_ms, min(at_ms, runs_out - CLOCK_MARGIN_MS))

    def decide(self, view: dict, legal: list):
        kinds = {a.kind for a in legal}
        if "challenge" in kinds or "vote" in kinds:
            return self.judge_pending(view, legal)
        if "remove" in kinds or view.get("phase") == "reverse":
            removals = [a for a in legal if isinstance(a, Remove)]
            if not removals:
                return Pass()
            board = view["board"]
            return max(removals, key=lambda a: (sum(board[r][c]["points"] for r, c in a.cells if not board[r][c]["blank"]),
                                                a.cells))
        moves = self.moves(view)
        if self.level == "novice":
            choice = self.novice_move(view, moves)
        elif self.level == "player":
            choice = max(moves, key=move_key) if moves else None
        else:
            choice = self.master_move(view, moves, may_exchange="exchange" in kinds)
        if isinstance(choice, Move):
            return self.to_place(view, choice)
        if choice is not None:
            return choice
        return self.fallback(view, legal)

    def judge_pending(self, view: dict, legal: list):
        pending = view.get("pending") or {}
        source = wordsrc.load(self.game_id, view.get("options", {}))  # a person's word is judged as the table does
        ok = all(self.rules.verdict(source, w.lower(), view.get("house_words", ()))[0] for w in pending.get("words", []))
        if any(a.kind == "vote" for a in legal):
            return Vote(ok if self.level != "novice" else True)
        if self.level == "novice" or ok:
            return Accept() if any(a.kind == "accept" for a in legal) else None
        return Challenge()

    def fallback(self, view: dict, legal: list):
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges and view["bag"] >= 7:
            return max(exchanges, key=lambda a: len(a.tiles))
        return Pass()

    def novice_move(self, view: dict, moves: list[Move]):
        if not moves:
            return None
        common = self.source(view).common
        known = [m for m in moves if self._words_common(m, common)]
        pool = [m for m in known if len(m.word) <= 5] or known
        if not pool:
            return None  # no word a beginner knows fits: exchange or pass, never «го», «цеж» or «зоеа»
        pool.sort(key=move_key)
        return pool[self.rng.below(max(1, (len(pool) + 1) // 2))]  # never reach for the best of them

    @staticmethod
    def _words_common(m: Move, common) -> bool:
        return m.word in common or m.word[::-1] in common

    # ------------------------------------------------------------------ the master
    def unseen(self, view: dict) -> list[str]:
        """Tiles not on the board nor on my rack: the bag and the others' racks, as faces."""
        pool: dict[str, int] = {ch: n for ch, (n, _) in self.rules.v.tiles.items()}
        for row in view["board"]:
            for tile in row:
                if tile:
                    face = BLANK if tile["blank"] else tile["letter"].lower()
                    pool[face] = pool.get(face, 0) - 1
        for ch in self.rack_letters(view):
            pool[ch] = pool.get(ch, 0) - 1
        return [ch for ch, n in sorted(pool.items()) for _ in range(max(0, n))]

    def master_move(self, view: dict, moves: list[Move], may_exchange: bool = True):
        rack = self.rack_letters(view)
        bag = view["bag"]
        think = THINK[self.game_id]
        ranked = sorted(moves, key=lambda m: (equity(self.game_id, rack, m, bag), move_key(m)), reverse=True)
        if bag == 0 and ranked and len(view["rack_counts"]) == 2:
            return self.endgame_move(view, ranked[:think["endgame"]], rack)
        best_move = ranked[0] if ranked else None
        if best_move is not None and len(ranked) > 1 and think["candidates"] > 1:
            best_move = self.simulated_best(view, ranked[:think["candidates"]], rack, think)
        best_eq = equity(self.game_id, rack, best_move, bag) if best_move is not None else float("-inf")
        exchange = self.exchange_if_better(view, rack, best_eq) if may_exchange else None  # the rules say when
        return exchange if exchange is not None else best_move

    def _after(self, letters: list, pts: list, move: Move) -> tuple[list, list]:
        letters, pts = list(letters), list(pts)
        for cell, ch, is_blank in move.tiles:
            letters[cell] = ch
            pts[cell] = 0 if is_blank else self.rules.points[ch]
        return letters, pts

    def _best_reply(self, letters: list, pts: list, rack: str, gen) -> Move | None:
        replies = generate(letters, pts, rack, gen, budget=THINK[self.game_id]["reply_budget"], spare_blanks=False)
        return max(replies, key=move_key) if replies else None

    def simulated_best(self, view: dict, candidates: list[Move], rack: str, think: dict) -> Move:
        """Two plies of Monte Carlo: for each candidate, the next player's best reply on racks drawn from the
        unseen tiles (the same draws for every candidate); value = score + leave − mean reply."""
        letters, pts = self.position(view)
        gen = self.rules.gen_rules(self.source(view))
        unseen = self.unseen(view)
        size = min(view["rack_size"], len(unseen))
        draws = []
        for _ in range(think["samples"]):
            pool = list(unseen)
            self.rng.shuffle(pool)
            draws.append("".join(pool[:size]))
        bag = view["bag"]
        best, best_value = candidates[0], float("-inf")
        for m in candidates:
            after_letters, after_pts = self._after(letters, pts, m)
            replies = [self._best_reply(after_letters, after_pts, d, gen) for d in draws] if size else []
            reply = sum(r.score for r in replies if r is not None) / len(replies) if replies else 0.0
            value = equity(self.game_id, rack, m, bag) - reply
            if value > best_value:
                best, best_value = m, value
        return best

    def endgame_move(self, view: dict, candidates: list[Move], rack: str) -> Move:
        """The bag is empty, so the opponent's rack is known (every unseen tile): each candidate is met with the
        opponent's best reply; going out collects twice the tiles left on the other rack, tiles stuck on a rack
        count against it (scrabble.txt «счет каждого игрока уменьшается на сумму несыгранных косточек»)."""
        letters, pts = self.position(view)
        gen = self.rules.gen_rules(self.source(view))
        theirs = "".join(self.unseen(view))
        value_of = self.rules.points

        def stuck(tiles: str) -> int:
            return sum(value_of.get(ch, 0) for ch in tiles if ch != BLANK)

        free_form = self.rules.v.free_form  # Словодел has no end-of-game adjustment
        best, best_value = candidates[0], float("-inf")
        for m in candidates:
            kept = kept_after(rack, m)
            if not kept:
                value = m.score + (0 if free_form else 2 * stuck(theirs))
            else:
                after_letters, after_pts = self._after(letters, pts, m)
                reply = self._best_reply(after_letters, after_pts, theirs, gen) if theirs else None
                answer = reply.score if reply else 0
                they_go_out = reply is not None and len(reply.tiles) == len(theirs)
                penalty = 0 if free_form else (2 if they_go_out else 1) * stuck(kept)
                value = m.score - answer - penalty
            if value > best_value or (value == best_value and move_key(m) > move_key(best)):
                best, best_value = m, value
        return best

    def exchange_if_better(self, view: dict, rack: str, best_eq: float):
        """Swap the tiles worth least when keeping the best few is worth more than the best move."""
        bag = view["bag"]
        if bag < 7:  # the master's own choice, whatever the rules allow: a swap from a thin bag draws too little
            return None
        keep, keep_value = "", 0.0  # swapping everything keeps nothing, worth nothing
        for size in range(1, min(4, len(rack)) + 1):
            for combo in sorted(set(combinations(sorted(rack), size))):
                value = leave_value(self.game_id, "".join(combo))
                if value > keep_value:
                    keep, keep_value = "".join(combo), value
        if keep_value <= best_eq or len(keep) == len(rack):
            return None
        give = [t["id"] for t in view["rack"]]
        for ch in keep:
            for t in view["rack"]:
                face = BLANK if t["letter"] == BLANK else t["letter"].lower()
                if face == ch and t["id"] in give:
                    give.remove(t["id"])
                    break
        return Exchange(tuple(give)) if give else None


def make(level: str, seat: int, rng: Rng, game_id: str = "erudit") -> BoardBot:
    return BoardBot(game_id, level, seat, rng)
