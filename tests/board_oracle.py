"""Brute force for the board games: every placement of every word on every line, judged by
the rules text (``judge``). Slow and obviously right; the move generator must agree."""
from __future__ import annotations

import itertools

from game.rules.board import judge
from game.rules.board.layout import BLANK, CELLS, SIZE
from game.rules.base import Rng


def oracle_moves(letters, points, rack, words, ptable, lmul, wmul, bingo=50, both_ways=False, classic=True):
    """{frozenset((cell, letter, is_blank)): score} of every legal single-line move."""
    found = {}
    word_set = set(words)
    candidates = set(words) | ({w[::-1] for w in words} if both_ways else set())

    def valid(text):
        return text in word_set or (both_ways and text[::-1] in word_set)

    rack_counts = {}
    for ch in rack:
        rack_counts[ch] = rack_counts.get(ch, 0) + 1
    blanks = rack_counts.pop(BLANK, 0)
    for across in (True, False):
        step = 1 if across else SIZE
        for line in range(SIZE):
            for start in range(SIZE):
                first = line * SIZE + start if across else start * SIZE + line
                for w in candidates:
                    if start + len(w) > SIZE:
                        continue
                    cells = [first + i * step for i in range(len(w))]
                    if start > 0 and letters[first - step]:
                        continue
                    if start + len(w) < SIZE and letters[cells[-1] + step]:
                        continue
                    new = []
                    ok = True
                    for c, ch in zip(cells, w):
                        if letters[c]:
                            if letters[c] != ch:
                                ok = False
                                break
                        else:
                            new.append((c, ch))
                    if not ok or not new or len(new) > len(rack):
                        continue
                    need = {}
                    for _, ch in new:
                        need[ch] = need.get(ch, 0) + 1
                    if sum(max(0, n - rack_counts.get(ch, 0)) for ch, n in need.items()) > blanks:
                        continue
                    placed = dict(new)
                    j = judge.judge_line(letters, placed) if classic else judge.judge_free(letters, placed)
                    if j.error or not all(valid(f.text) for f in j.words):
                        continue
                    choices = list(_blank_choices(new, rack_counts, blanks))
                    if not choices:
                        continue
                    for blank_pos in choices:
                        bl = {new[i][0] for i in blank_pos}
                        if classic:
                            score, _ = judge.score_classic(placed, bl, j.words, ptable, points, lmul, wmul, bingo)
                        else:
                            score = judge.score_tiles(placed, bl, ptable, lmul, bingo)
                        key = frozenset((c, ch, c in bl) for c, ch in new)
                        found[key] = score
    return found


def _blank_choices(new, counts, blanks):
    n = len(new)
    for k in range(0, min(blanks, n) + 1):
        for pos in itertools.combinations(range(n), k):
            need = {}
            for i, (_, ch) in enumerate(new):
                if i not in pos:
                    need[ch] = need.get(ch, 0) + 1
            if all(counts.get(ch, 0) >= m for ch, m in need.items()):
                yield pos


def random_position(rng: Rng, words, gen_rules, ptable, moves_count, blanks_on_board=True):
    """A position grown by random legal moves (each re-judged), with matching tile points."""
    from game.rules.board.movegen import generate

    letters = [""] * CELLS
    points = [0] * CELLS
    alphabet = sorted({ch for w in words for ch in w})
    for _ in range(moves_count):
        rack = "".join(rng.choice(alphabet) for _ in range(7))
        if blanks_on_board and rng.chance(0.3):
            rack = rack[:6] + BLANK
        moves = generate(letters, points, rack, gen_rules)
        if not moves:
            continue
        m = moves[rng.below(len(moves))]
        for c, ch, bl in m.tiles:
            letters[c] = ch
            points[c] = 0 if bl else ptable[ch]
    return letters, points
