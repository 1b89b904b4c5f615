"""Bots of the board games (Эрудит, Скрэббл and Словодел share this module).

They see only a seat's view: the public board, their own rack, the bag count. Moves come
from the rules' move generator over the same dictionary the table plays with.
- новичок (novice): a short common word, picked at random among such — not the best move;
- игрок (player): the highest-scoring move;
- мастер (master, alias ace): score plus the value of the tiles kept, aware of the end game.
"""
from __future__ import annotations

from game.rules import load
from game.rules.base import Rng
from game.rules.board import words as wordsrc
from game.rules.board.actions import Accept, Challenge, Exchange, Pass, Place, Remove, Vote
from game.rules.board.layout import BLANK, CELLS, SIZE, VOWELS
from game.rules.board.movegen import PLAY_BUDGET, Move, generate, move_key

BUDGET = PLAY_BUDGET  # the table's own budget: the search it just ran for the offered moves is reused

# what a tile left on the rack is worth to the master (Russian tile set); duplicates and
# vowel imbalance are penalised separately
LEAVE = {
    BLANK: 22.0, "а": 1.0, "е": 1.5, "и": 1.0, "о": 0.5, "н": 1.5, "т": 1.5, "с": 1.5, "р": 1.5, "в": 0.5,
    "л": 0.5, "к": 1.0, "м": 0.0, "д": 0.0, "п": 0.0, "у": -1.0, "я": -1.0, "ы": -3.0, "ь": -3.5, "г": -1.0,
    "з": -1.0, "б": -1.0, "ч": -3.0, "й": -3.5, "х": -2.5, "ж": -3.0, "ш": -4.0, "ю": -5.0, "ц": -4.0,
    "щ": -6.0, "э": -6.0, "ф": -6.0, "ъ": -8.0, "ё": -3.0,
}


def leave_value(rack: str) -> float:
    if not rack:
        return 0.0
    value = sum(LEAVE.get(ch, -2.0) for ch in rack)
    seen: dict[str, int] = {}
    for ch in rack:
        seen[ch] = seen.get(ch, 0) + 1
    value -= sum(3.0 * (n - 1) for ch, n in seen.items() if ch != BLANK and n > 1)
    vowels = sum(1 for ch in rack if ch in VOWELS)
    consonants = sum(1 for ch in rack if ch != BLANK and ch not in VOWELS)
    value -= 2.5 * abs(vowels - consonants * 0.75)
    return value


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
        return wordsrc.load(self.game_id, view.get("options", {}))

    def moves(self, view: dict) -> list[Move]:
        letters, pts = self.position(view)
        gen = self.rules.gen_rules(self.source(view))
        # a blank standing for a tile in hand only ever loses points: such moves are not searched
        moves = generate(letters, pts, self.rack_letters(view), gen, budget=BUDGET, spare_blanks=False)
        if not any(letters) and view.get("opening_min", 2) > 2:
            moves = [m for m in moves if len(m.tiles) >= view["opening_min"]]
        return moves

    def to_place(self, view: dict, move: Move) -> Place:
        rack = [(t["id"], BLANK if t["letter"] == BLANK else t["letter"].lower()) for t in view["rack"]]
        tiles = []
        for cell, ch, is_blank in move.tiles:
            want = BLANK if is_blank else ch
            i = next(k for k, (_, face) in enumerate(rack) if face == want)
            tiles.append((cell // SIZE, cell % SIZE, rack.pop(i)[0], ch))
        return Place(tuple(tiles))

    def delay(self) -> int:
        base = {"novice": 2500, "player": 1800, "master": 1500}.get(self.level, 1800)
        return base + self.rng.below(1200)

    # ------------------------------------------------------------------ deciding
    def plan(self, view: dict, legal: list, now_ms: int):
        if not legal:
            return None
        action = self.decide(view, legal)
        return (now_ms + self.delay(), action) if action is not None else None

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
            choice = self.master_move(view, moves)
        if isinstance(choice, Move):
            return self.to_place(view, choice)
        if choice is not None:
            return choice
        return self.fallback(view, legal)

    def judge_pending(self, view: dict, legal: list):
        pending = view.get("pending") or {}
        source = self.source(view)
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
        simple = [m for m in moves if len(m.word) <= 5 and self._words_common(m, common)]
        pool = simple or [m for m in moves if len(m.word) <= 4] or moves
        pool.sort(key=move_key)
        return pool[self.rng.below(max(1, (len(pool) + 1) // 2))]  # never reach for the best of them

    @staticmethod
    def _words_common(m: Move, common) -> bool:
        return m.word in common or m.word[::-1] in common

    def master_move(self, view: dict, moves: list[Move]):
        rack = self.rack_letters(view)
        bag = view["bag"]
        opponents_tiles = sum(n for i, n in enumerate(view["rack_counts"]) if i != view["me"])
        best_move, best_eq = None, float("-inf")
        for m in moves:
            left = list(rack)
            for _, ch, is_blank in m.tiles:
                left.remove(BLANK if is_blank else ch)
            kept = "".join(left)
            if bag == 0:
                # end game: going out ends it and collects the others' tiles; stuck tiles count against us
                if not kept:
                    eq = m.score + 2 * opponents_tiles * 1.5
                else:
                    eq = m.score - 2 * sum(view["tile_points"].get(ch.upper(), 0) for ch in kept)
            elif bag < 7:
                eq = m.score + 0.5 * leave_value(kept)
            else:
                eq = m.score + leave_value(kept)
            key = (eq, move_key(m))
            if best_move is None or key > (best_eq, move_key(best_move)):
                best_move, best_eq = m, eq
        if bag >= 7 and (best_move is None or best_eq < 8):
            keep = self.keep_for_exchange(rack)
            give = [t["id"] for t in view["rack"]]
            for ch in keep:
                for t in view["rack"]:
                    face = BLANK if t["letter"] == BLANK else t["letter"].lower()
                    if face == ch and t["id"] in give:
                        give.remove(t["id"])
                        break
            exchange_eq = leave_value(keep) - 2
            if give and exchange_eq > best_eq and not (view.get("options", {}).get("exchange_needs_7") and bag < 7):
                return Exchange(tuple(give))
        return best_move

    @staticmethod
    def keep_for_exchange(rack: str) -> str:
        ranked = sorted(rack, key=lambda ch: -LEAVE.get(ch, -2.0))
        keep = ""
        for ch in ranked:
            if len(keep) >= 3:
                break
            if LEAVE.get(ch, -2.0) > 0 and ch not in keep.replace(BLANK, ""):
                keep += ch
        return keep


def make(level: str, seat: int, rng: Rng, game_id: str = "erudit") -> BoardBot:
    return BoardBot(game_id, level, seat, rng)
