"""All legal single-line moves with exact scores for a rack on a position.

The Appel–Jacobson scheme over a word graph (see :mod:`words`): for every line, the empty
squares next to a tile are *anchors*; a move's leftmost new tile sits on an anchor or on
free squares just before one, so left parts come only from the rack (computed once per
call) and are extended rightwards through the board under precomputed cross-checks (the
letters that make a valid perpendicular word, with that word's points). Each move is found
exactly once; scoring uses the same rule text as :mod:`judge`, written independently, and
the tests compare both with a brute-force oracle.

Pure Python and deterministic: a work budget (counted graph steps) bounds two-blank racks
instead of a clock.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .layout import BLANK, CELLS, CENTRE, SIZE
from .words import END


class Move(NamedTuple):
    score: int
    row: int
    col: int
    across: bool
    word: str  # as laid on the board, left to right or top to bottom
    tiles: tuple  # ((cell, letter, is_blank), ...) newly placed tiles, in line order

    @property
    def direction(self) -> str:
        return "across" if self.across else "down"

    def to_json(self) -> dict:
        return {
            "row": self.row,
            "col": self.col,
            "dir": self.direction,
            "word": self.word.upper(),
            "score": self.score,
            "tiles": [[c // SIZE, c % SIZE, ch.upper(), blank] for c, ch, blank in self.tiles],
        }


@dataclass(frozen=True)
class GenRules:
    """What the generator needs to know about a game."""

    graph: dict
    points: dict  # letter -> points
    letter_mul: tuple
    word_mul: tuple
    bingo: int = 50
    score_words: bool = True  # False: Словодел scores only the placed tiles
    needs_board_letter: bool = False  # Словодел: the main word must use a tile already on the board
    rack_size: int = 7


class _Stop(Exception):
    pass


def neighbours_occupied(letters: list, cell: int) -> bool:
    r, c = divmod(cell, SIZE)
    return bool(
        (r > 0 and letters[cell - SIZE])
        or (r < SIZE - 1 and letters[cell + SIZE])
        or (c > 0 and letters[cell - 1])
        or (c < SIZE - 1 and letters[cell + 1])
    )


def cross_checks(letters: list, points: list, graph: dict, across: bool) -> tuple[list, list]:
    """For moves along ``across``: per empty cell the allowed letters (None = no
    perpendicular neighbour, anything goes) and the perpendicular word's existing points
    (-1 when there is no such word)."""
    step = SIZE if across else 1
    allowed: list = [None] * CELLS
    cross_pts = [-1] * CELLS
    for i in range(CELLS):
        if letters[i]:
            continue
        r, c = divmod(i, SIZE)
        pos, limit = (r, SIZE) if across else (c, SIZE)
        before = []
        j, k = i - step, pos - 1
        total = 0
        while k >= 0 and letters[j]:
            before.append(letters[j])
            total += points[j]
            j -= step
            k -= 1
        after = []
        j, k = i + step, pos + 1
        while k < limit and letters[j]:
            after.append(letters[j])
            total += points[j]
            j += step
            k += 1
        if not before and not after:
            continue
        node = graph
        for ch in reversed(before):
            node = node.get(ch)
            if node is None:
                break
        ok = set()
        if node is not None:
            for ch, nxt in node.items():
                if ch == END:
                    continue
                n = nxt
                for a in after:
                    n = n.get(a)
                    if n is None:
                        break
                if n is not None and END in n:
                    ok.add(ch)
        allowed[i] = ok
        cross_pts[i] = total
    return allowed, cross_pts


def _left_parts(graph, counts: dict, blanks: int, max_left: int) -> list[list]:
    """Per length k (0..max_left) the left parts a rack alone can lay before an anchor: every
    word prefix spelt with its tiles, as (prefix, node, counts left, blanks left, tiles,
    letters it could put next)."""
    by_len: list[list] = [[] for _ in range(max_left + 1)]

    def nexts_of(node, cnt, nb):
        # a tuple in graph (or rack) order: the moves come out in the same order every run
        if nb:
            return tuple(ch for ch, _ in node.items() if ch != END)
        return tuple(ch for ch, n in cnt.items() if n and node.get(ch) is not None)

    by_len[0].append(("", graph, counts, blanks, (), nexts_of(graph, counts, blanks)))

    def grow(prefix, node, cnt, nb, tiles, k):
        bucket = by_len[k]
        deeper = k < max_left
        for ch, nxt in node.items():
            if ch == END:
                continue
            n = cnt.get(ch, 0)
            if n:
                left = dict(cnt)
                left[ch] = n - 1
                entry = (prefix + ch, nxt, left, nb, tiles + ((ch, False),), nexts_of(nxt, left, nb))
                bucket.append(entry)
                if deeper:
                    grow(entry[0], nxt, left, nb, entry[4], k + 1)
            if nb:
                entry = (prefix + ch, nxt, cnt, nb - 1, tiles + ((ch, True),), nexts_of(nxt, cnt, nb - 1))
                bucket.append(entry)
                if deeper:
                    grow(entry[0], nxt, cnt, nb - 1, entry[4], k + 1)

    if max_left:
        grow("", graph, counts, blanks, (), 1)
    return by_len


def generate(letters: list, points: list, rack: str, rules: GenRules, budget: int = 0) -> list[Move]:
    """Every legal single-line move. ``letters``: 225 cells, '' when empty; ``points``: the
    points of each board tile (0 for a blank); ``rack``: letters with '?' for blanks.
    ``budget`` > 0 caps the graph steps (a partial but valid list comes back)."""
    graph = rules.graph
    P = rules.points
    LM = rules.letter_mul
    WM = rules.word_mul
    counts: dict[str, int] = {}
    blanks = 0
    for ch in rack:
        if ch == BLANK:
            blanks += 1
        else:
            counts[ch] = counts.get(ch, 0) + 1
    empty_board = not any(letters)
    if empty_board:
        is_anchor = [False] * CELLS
        is_anchor[CENTRE] = True
    else:
        is_anchor = [not letters[i] and neighbours_occupied(letters, i) for i in range(CELLS)]
    moves: list[Move] = []
    bingo = rules.bingo
    rack_size = rules.rack_size
    score_words = rules.score_words
    needs_board = rules.needs_board_letter and not empty_board
    steps = 0
    max_left = max(0, len(rack) - 1)
    lefts_by_len = _left_parts(graph, counts, blanks, max_left)
    lefts_upto = []  # left parts of length 0..k, shortest first
    acc: list = []
    for bucket in lefts_by_len:
        acc = acc + bucket
        lefts_upto.append(acc)

    for across in (True, False):
        allowed, cross_pts = cross_checks(letters, points, graph, across)
        for line in range(SIZE):
            cells = [line * SIZE + i for i in range(SIZE)] if across else [i * SIZE + line for i in range(SIZE)]
            line_anchors = [p for p in range(SIZE) if is_anchor[cells[p]]]
            if not line_anchors:
                continue
            L = [letters[c] for c in cells] + [""]  # a sentinel past the edge
            ccl = [allowed[c] for c in cells]
            csl = [cross_pts[c] for c in cells]
            exist_prefix = [0] * (SIZE + 1)
            for p in range(SIZE):
                exist_prefix[p + 1] = exist_prefix[p] + (points[cells[p]] if L[p] else 0)
            if across:
                lone_dup = None
            else:
                # a one-tile move with a horizontal word was already found along the rows
                lone_dup = [
                    (c % SIZE > 0 and bool(letters[c - 1])) or (c % SIZE < SIZE - 1 and bool(letters[c + 1]))
                    for c in cells
                ]
            placed: list = []
            buf: list = []
            start = 0
            anchor = 0

            def record(end):
                tiles = placed
                nt = len(tiles)
                if end - start < 2:
                    return
                if nt == 1 and lone_dup is not None and lone_dup[tiles[0][0]]:
                    return
                if needs_board and end - start == nt:
                    return
                if score_words:
                    main = exist_prefix[end] - exist_prefix[start]
                    wmul = 1
                    extra = 0
                    for p, ch, bl in tiles:
                        cell = cells[p]
                        v = 0 if bl else P[ch] * LM[cell]
                        main += v
                        wm = WM[cell]
                        wmul *= wm
                        cs = csl[p]
                        if cs >= 0:
                            extra += (cs + v) * wm
                    score = main * wmul + extra
                else:
                    score = 0
                    for p, ch, bl in tiles:
                        if not bl:
                            score += P[ch] * LM[cells[p]]
                if nt == rack_size:
                    score += bingo
                first = cells[start]
                moves.append(
                    Move(
                        score,
                        first // SIZE,
                        first % SIZE,
                        across,
                        "".join(buf),
                        tuple((cells[p], ch, bl) for p, ch, bl in tiles),
                    )
                )

            def extend(node, p, cnt, nb):
                """Lay tiles from square ``p`` on (the graph at ``node``), reading board tiles
                in the way; ``cnt``/``nb`` are the tiles and blanks still in hand."""
                nonlocal steps
                steps += 1
                if budget and steps > budget:
                    raise _Stop
                ch = L[p]
                if ch:
                    nxt = node.get(ch)
                    if nxt is not None:
                        # a board run is read whole: no square in it needs a decision
                        buf.append(ch)
                        q = p + 1
                        ch = L[q]
                        while ch:
                            nxt = nxt.get(ch)
                            if nxt is None:
                                del buf[len(buf) - (q - p):]
                                return
                            buf.append(ch)
                            q += 1
                            ch = L[q]
                        extend(nxt, q, cnt, nb)
                        del buf[len(buf) - (q - p):]
                    return
                if p > anchor and END in node:
                    record(p)
                if p == SIZE:
                    return
                chk = ccl[p]
                if nb:
                    for ch, nxt in node.items():
                        if ch == END or (chk is not None and ch not in chk):
                            continue
                        n = cnt.get(ch, 0)
                        buf.append(ch)
                        if n:
                            cnt[ch] = n - 1
                            placed.append((p, ch, False))
                            extend(nxt, p + 1, cnt, nb)
                            placed.pop()
                            cnt[ch] = n
                        placed.append((p, ch, True))
                        extend(nxt, p + 1, cnt, nb - 1)
                        placed.pop()
                        buf.pop()
                else:
                    for ch, n in cnt.items():
                        if not n or (chk is not None and ch not in chk):
                            continue
                        nxt = node.get(ch)
                        if nxt is None:
                            continue
                        cnt[ch] = n - 1
                        placed.append((p, ch, False))
                        buf.append(ch)
                        extend(nxt, p + 1, cnt, nb)
                        buf.pop()
                        placed.pop()
                        cnt[ch] = n

            try:
                for a in line_anchors:
                    anchor = a
                    if a > 0 and L[a - 1]:
                        s = a - 1
                        while s > 0 and L[s - 1]:
                            s -= 1
                        node = graph
                        for ch in L[s:a]:
                            node = node.get(ch)
                            if node is None:
                                break
                        if node is None:
                            continue
                        start = s
                        buf[:] = L[s:a]
                        placed.clear()
                        extend(node, a, dict(counts), blanks)
                        continue
                    room = 0
                    q = a - 1
                    while q >= 0 and not L[q] and not is_anchor[cells[q]]:
                        room += 1
                        q -= 1
                    chk = ccl[a]
                    lefts = lefts_upto[min(room, max_left)]
                    if L[a + 1]:
                        # a word already stands right of the anchor: a left part is only worth
                        # extending with a letter that the whole board word can follow
                        e = a + 1
                        while L[e + 1]:
                            e += 1
                        run = L[a + 1:e + 1]
                        run_text = "".join(run)
                        after_run: dict = {}
                        for prefix, node, cnt, nb, tiles, nexts in lefts:
                            k = len(prefix)
                            for x in nexts:
                                if chk is not None and x not in chk:
                                    continue
                                n = node.get(x)
                                key = id(n)
                                hit = after_run.get(key, 0)
                                if hit == 0:
                                    hit = n
                                    for ch in run:
                                        hit = hit.get(ch)
                                        if hit is None:
                                            break
                                    after_run[key] = hit
                                if hit is None:
                                    continue
                                start = a - k
                                base = [(a - k + j, ch, bl) for j, (ch, bl) in enumerate(tiles)]
                                have = cnt.get(x, 0)
                                if have:
                                    cnt[x] = have - 1
                                    buf[:] = prefix + x + run_text
                                    placed[:] = base + [(a, x, False)]
                                    extend(hit, e + 1, cnt, nb)
                                    cnt[x] = have
                                if nb:
                                    buf[:] = prefix + x + run_text
                                    placed[:] = base + [(a, x, True)]
                                    extend(hit, e + 1, cnt, nb - 1)
                        continue
                    for prefix, node, cnt, nb, tiles, nexts in lefts:
                        # only left parts that can put a tile on the anchor square are worth extending
                        if chk is None:
                            if not nexts:
                                continue
                        elif chk.isdisjoint(nexts):
                            continue
                        k = len(prefix)
                        start = a - k
                        buf[:] = prefix
                        placed[:] = [(a - k + j, ch, bl) for j, (ch, bl) in enumerate(tiles)]
                        extend(node, a, cnt, nb)  # extend() restores every count it takes
            except _Stop:
                return moves
    return moves


def best(moves: list[Move]) -> Move | None:
    """The highest-scoring move, ties broken by a fixed order so every caller agrees."""
    if not moves:
        return None
    return max(moves, key=move_key)


def move_key(m: Move) -> tuple:
    return (m.score, len(m.tiles), m.word, -m.row, -m.col, m.across, tuple(t[2] for t in m.tiles))
