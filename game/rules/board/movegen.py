"""All legal single-line moves with exact scores for a rack on a position.

The Appel–Jacobson scheme over a word graph (see :mod:`words`): for every line, the empty
squares next to a tile are *anchors*; a move's leftmost new tile sits on an anchor or on
free squares just before one (no farther than any anchor's free squares reach), so left
parts come only from the rack. They are computed once per call and indexed by the letter
they would put on the anchor next (and, for an anchor just before a board word, by the
letter after that), so an anchor tries only the letters its cross-check allows (the letters
that make a valid perpendicular word, with that word's points) and only left parts that can
run into the board word. Extension goes rightwards through the board, reading board words
whole. A blank is spent only on a letter the rack lacks during the search; which tiles the
blanks stand for is enumerated when a move is recorded. Each move is found exactly once;
scoring uses the same rule text as :mod:`judge`, written independently, and the tests
compare both with a brute-force oracle.

Pure Python and deterministic (every iteration runs in graph, rack or alphabet order): an
optional work budget (graph steps and recorded moves) bounds a search instead of a clock;
the table and the bots search without one.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from .layout import ALPHABET, BLANK, CELLS, CENTRE, SIZE
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
    many_lines: bool = False  # Словодел: a turn may also lay two or more separate lines (see combine_lines)


class _Stop(Exception):
    pass


# What recording a move costs, in graph steps: the budget bounds the whole work, and a
# two-blank rack on Скрэббл's word forms finds tens of thousands of moves
RECORD_STEPS = 4
# the work budget of a move offered at the table, hinted or chosen by a bot: none, so the
# best move is never missed (a two-blank Скрэббл rack under a cap lost it one time in four);
# what a bot may bound is its look-ahead over these moves, not the list itself
PLAY_BUDGET = 0
PREFIX_STEP_COST = 2  # a step on a prefix-query graph (Скрэббл) against one on a dict graph


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


def _left_parts(graph, counts: dict, blanks: int, max_left: int) -> list[dict]:
    """The left parts a rack alone can lay before an anchor (every word prefix it spells),
    indexed per length k and per the letter x it could put on the anchor next:
    ``index[k][x]`` lists (prefix, graph node after prefix + x, tiles left, blanks left).
    A blank is spent only on a letter the rack lacks; which tiles of a move the blanks
    stand for is decided when the move is recorded (:func:`_blank_choices`)."""
    index: list[dict] = [{} for _ in range(max_left + 1)]

    def grow(prefix: str, node, cnt: dict, nb: int, k: int) -> None:
        here = index[k]
        deeper = k < max_left
        if nb:
            for ch, nxt in node.items():
                if ch == END:
                    continue
                n = cnt.get(ch, 0)
                bucket = here.get(ch)
                if bucket is None:
                    bucket = here[ch] = []
                bucket.append((prefix, nxt, cnt, nb))
                if deeper:
                    if n:
                        left = dict(cnt)
                        left[ch] = n - 1
                        grow(prefix + ch, nxt, left, nb, k + 1)
                    else:
                        grow(prefix + ch, nxt, cnt, nb - 1, k + 1)
        else:
            for ch, n in cnt.items():
                if not n:
                    continue
                nxt = node.get(ch)
                if nxt is None:
                    continue
                bucket = here.get(ch)
                if bucket is None:
                    bucket = here[ch] = []
                bucket.append((prefix, nxt, cnt, nb))
                if deeper:
                    left = dict(cnt)
                    left[ch] = n - 1
                    grow(prefix + ch, nxt, left, nb, k + 1)

    grow("", graph, dict(counts), blanks, 0)  # the caller keeps its own counts intact
    return index


def _blank_choices(laid: str, counts: dict, blanks: int, spare: bool = True) -> tuple:
    """Every way a rack of ``counts`` plus ``blanks`` can supply the letters ``laid``: tuples
    of the positions the blanks take, fewest blanks first. With ``spare`` a blank may also
    stand for a letter the rack holds (a legal move, never a better one: the tile would
    score and the blank would be kept)."""
    need: dict[str, int] = {}
    for ch in laid:
        need[ch] = need.get(ch, 0) + 1
    short = [ch for ch, n in need.items() if n > counts.get(ch, 0)]
    deficit = sum(need[ch] - counts.get(ch, 0) for ch in short)
    n = len(laid)
    if deficit == 0:
        if not spare:
            return ((),)
        return ((),) + tuple(pos for size in range(1, min(blanks, n) + 1) for pos in combinations(range(n), size))
    at = [i for i, ch in enumerate(laid) if ch in short]
    out = []
    for size in range(deficit, (min(blanks, n) if spare else deficit) + 1):
        for pos in combinations(range(n), size):
            if sum(1 for i in pos if i in at) < deficit:
                continue
            left = dict(need)
            for i in pos:
                left[laid[i]] -= 1
            if all(counts.get(ch, 0) >= k for ch, k in left.items()):
                out.append(pos)
    return tuple(out)


def _shortfall(laid: str, counts: dict) -> tuple:
    """(letter, how many blanks it takes) for each letter of ``laid`` the rack holds too few of."""
    need: dict[str, int] = {}
    for ch in laid:
        need[ch] = need.get(ch, 0) + 1
    return tuple((ch, n - counts.get(ch, 0)) for ch, n in need.items() if n > counts.get(ch, 0))


def _cheapest_blanks(tiles, short: tuple, cells, P, LM, WM, csl) -> tuple:
    """Where the blanks of a move go when they stand only for letters the rack lacks: the
    score is linear in each tile's points, so each short letter's blanks take the squares
    where that letter would earn least (its letter premium times the word premiums of the
    main word and of its cross-word). The rest of the move is the same whatever the choice,
    so this one way scores at least as much as any other."""
    wmul = 1
    for p, _ in tiles:
        wmul *= WM[cells[p]]
    chosen = []
    for letter, deficit in short:
        spots = []
        for i, (p, ch) in enumerate(tiles):
            if ch == letter:
                cell = cells[p]
                weight = wmul + (WM[cell] if csl[p] >= 0 else 0)
                spots.append((P[ch] * LM[cell] * weight, i))
        spots.sort()
        chosen.extend(i for _, i in spots[:deficit])
    return tuple(sorted(chosen))


def _pair_index(entries) -> dict:
    """The entries of one ``_left_parts`` list grouped by the letters that can follow."""
    out: dict[str, list] = {}
    for entry in entries:
        for ch, _ in entry[1].items():
            if ch != END:
                bucket = out.get(ch)
                if bucket is None:
                    bucket = out[ch] = []
                bucket.append(entry)
    return out


def generate(letters: list, points: list, rack: str, rules: GenRules, budget: int = 0,
             spare_blanks: bool = True) -> list[Move]:
    """Every legal single-line move. ``letters``: 225 cells, '' when empty; ``points``: the
    points of each board tile (0 for a blank); ``rack``: letters with '?' for blanks.
    ``budget`` > 0 caps the work, counted in graph steps and recorded moves (a partial but
    valid list comes back, the same one every time). ``spare_blanks=False`` leaves out the
    moves where a blank stands for a letter the rack holds, and of the ways to put the
    blanks on the same letters on the same squares keeps only the best-scoring one: the
    others use the same tiles and keep the same leave for fewer points, so the best moves
    and the bots lose nothing by it (and a two-blank rack records a few times fewer moves)."""
    # the same question comes twice a turn (the table's offered moves, then the bot's own
    # search) and again on every refresh of a view: the last few answers are kept
    key = (tuple(letters), tuple(points), rack, budget, spare_blanks, rules.points, rules.letter_mul,
           rules.word_mul, rules.bingo, rules.score_words, rules.needs_board_letter, rules.rack_size,
           rules.many_lines)
    for graph, known, moves in _recent:
        if graph is rules.graph and known == key:
            return list(moves)
    moves = _generate(letters, points, rack, rules, budget, spare_blanks)
    if rules.many_lines and any(letters):
        moves += combine_lines(letters, moves, rack, rules)
    _recent.insert(0, (rules.graph, key, moves))
    del _recent[RECENT:]
    return list(moves)


RECENT = 2
_recent: list[tuple] = []  # (graph, question, moves), newest first


def forget_recent() -> None:
    """Drop the remembered answers (timings and tests that need a fresh search)."""
    _recent.clear()


def _generate(letters: list, points: list, rack: str, rules: GenRules, budget: int, spare_blanks: bool) -> list[Move]:
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
    # left parts only as long as the free squares before some anchor allow
    max_room = 0
    for i in range(CELLS):
        if is_anchor[i]:
            for step, limit in ((1, i % SIZE), (SIZE, i // SIZE)):
                room, j = 0, i - step
                while room < limit and not letters[j] and not is_anchor[j]:
                    room += 1
                    j -= step
                max_room = max(max_room, room)
    max_left = max(0, min(len(rack) - 1, max_room))
    by_letter = _left_parts(graph, counts, blanks, max_left)
    # a prefix-query graph (Скрэббл) asks the lexicon for every child it lists: there the
    # anchors before a board word walk it from each left part instead of listing children
    listing_is_cheap = isinstance(graph, dict)
    if budget and not listing_is_cheap:
        budget //= PREFIX_STEP_COST  # each of its steps may be a question to the lexicon
    by_pair: list[dict] = [{} for _ in by_letter]  # filled on demand, see _pair_index
    blank_ways: dict[str, tuple] = {}  # letters laid -> where the blanks may stand
    no_blank = ((),)

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
            # board words from each square on (what a move reads through when it reaches them)
            board_text = [""] * (SIZE + 1)
            for p in range(SIZE - 1, -1, -1):
                if L[p]:
                    board_text[p] = L[p] + board_text[p + 1]
            # a move is laid out as: ``head`` (from square ``start``: the left part's
            # ``head_tiles`` new tiles, or board letters) up to the anchor, then ``placed``
            # (square, letter) new tiles from the anchor on, with ``buf`` the text from there
            placed: list = []
            buf: list = []
            start = 0
            anchor = 0
            head = ""
            head_tiles = 0

            def record(end):
                if end - start < 2:
                    return
                if head_tiles:
                    tiles = [(start + j, ch) for j, ch in enumerate(head)]
                    tiles += placed
                else:
                    tiles = placed
                nt = len(tiles)
                if nt == 1 and lone_dup is not None and lone_dup[tiles[0][0]]:
                    return
                if needs_board and end - start == nt:
                    return
                if blanks:
                    laid = "".join([ch for _, ch in tiles])
                    if spare_blanks:
                        ways = blank_ways.get(laid)
                        if ways is None:
                            ways = blank_ways[laid] = _blank_choices(laid, counts, blanks, True)
                    else:
                        short = blank_ways.get(laid)
                        if short is None:
                            short = blank_ways[laid] = _shortfall(laid, counts)
                        ways = (_cheapest_blanks(tiles, short, cells, P, LM, WM, csl),) if short else no_blank
                else:
                    ways = no_blank
                nonlocal steps
                steps += RECORD_STEPS * len(ways)
                first = cells[start]
                word = head + "".join(buf)
                base = exist_prefix[end] - exist_prefix[start]
                bonus = bingo if nt == rack_size else 0
                for way in ways:
                    if score_words:
                        main = base
                        wmul = 1
                        extra = 0
                        for i, (p, ch) in enumerate(tiles):
                            cell = cells[p]
                            v = 0 if i in way else P[ch] * LM[cell]
                            main += v
                            wm = WM[cell]
                            wmul *= wm
                            cs = csl[p]
                            if cs >= 0:
                                extra += (cs + v) * wm
                        score = main * wmul + extra + bonus
                    else:
                        score = bonus
                        for i, (p, ch) in enumerate(tiles):
                            if i not in way:
                                score += P[ch] * LM[cells[p]]
                    moves.append(
                        Move(
                            score,
                            first // SIZE,
                            first % SIZE,
                            across,
                            word,
                            tuple((cells[p], ch, i in way) for i, (p, ch) in enumerate(tiles)),
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
                    # a board word is read whole: no square in it needs a decision
                    q = p
                    while ch:
                        node = node.get(ch)
                        if node is None:
                            return
                        q += 1
                        ch = L[q]
                    buf.append(board_text[p])
                    extend(node, q, cnt, nb)
                    buf.pop()
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
                        placed.append((p, ch))
                        if n:
                            cnt[ch] = n - 1
                            extend(nxt, p + 1, cnt, nb)
                            cnt[ch] = n
                        else:
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
                        placed.append((p, ch))
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
                        head = board_text[s]
                        head = head[:a - s]
                        head_tiles = 0
                        buf.clear()
                        placed.clear()
                        extend(node, a, dict(counts), blanks)
                        continue
                    room = 0
                    q = a - 1
                    while q >= 0 and not L[q] and not is_anchor[cells[q]]:
                        room += 1
                        q -= 1
                    room = min(room, max_left)
                    chk = ccl[a]
                    e = a  # the last square of a board word standing right of the anchor, if any
                    while L[e + 1]:
                        e += 1
                    run = board_text[a + 1]
                    rest = run[1:]
                    for x in (sorted(chk) if chk is not None else ALPHABET):
                        for k in range(room + 1):
                            if run and listing_is_cheap:
                                # only left parts whose next letters can run into the board word
                                pairs = by_pair[k].get(x)
                                if pairs is None:
                                    pairs = by_pair[k][x] = _pair_index(by_letter[k].get(x, ()))
                                entries = pairs.get(run[0], ())
                            else:
                                entries = by_letter[k].get(x, ())
                            for prefix, nxt, cnt, nb in entries:
                                if run:
                                    hit = nxt.get(run[0])
                                    if hit is not None:
                                        for ch in rest:
                                            hit = hit.get(ch)
                                            if hit is None:
                                                break
                                    if hit is None:
                                        continue
                                else:
                                    hit = nxt
                                start = a - k
                                head = prefix
                                head_tiles = k
                                buf[:] = (x + run,)
                                placed[:] = ((a, x),)
                                have = cnt.get(x, 0)
                                if have:
                                    cnt[x] = have - 1
                                    extend(hit, e + 1, cnt, nb)
                                    cnt[x] = have
                                else:
                                    extend(hit, e + 1, cnt, nb - 1)
            except _Stop:
                return moves
    return moves


# how many of a rack's best single lines are tried together: a turn's lines are scored
# tile by tile (Словодел), so the best many-line turns are made of the best lines
COMBINE_TOP = 40
COMBINE_PAIRS = 24  # the best two-line turns a third line is tried with
LINE_JOIN = " + "  # between the words of a many-line move, as the hint shows it


def _faces(m: Move) -> dict:
    used: dict[str, int] = {}
    for _, ch, is_blank in m.tiles:
        face = BLANK if is_blank else ch
        used[face] = used.get(face, 0) + 1
    return used


def _lines_apart(letters: list, first: Move, second: Move) -> bool:
    """Whether two moves can be laid in one turn as they stand: their squares differ and no
    line of tiles after both holds new tiles of each (then every word either formed alone is
    formed unchanged, and no other word appears)."""
    mine = {c for c, _, _ in first.tiles}
    theirs = {c for c, _, _ in second.tiles}
    if mine & theirs:
        return False
    after = list(letters)
    for c, ch, _ in first.tiles + second.tiles:
        after[c] = ch
    for cell in theirs:
        r, col = divmod(cell, SIZE)
        for step, pos in ((1, col), (SIZE, r)):
            # walk the line both ways from the cell over tiles: meeting a first-move tile joins them
            for direction in (-1, 1):
                q, p = cell, pos
                while True:
                    p += direction
                    q += direction * step
                    if not 0 <= p < SIZE or not after[q]:
                        break
                    if q in mine:
                        return False
    return True


def combine_lines(letters: list, singles: list[Move], rack: str, rules: GenRules) -> list[Move]:
    """Словодел turns of two or three separate lines («количество слов, составляемых за один
    ход — не ограничено»): each line one of the rack's single-line moves (so a legal word using
    a board letter), the lines apart from each other and together within the rack. Only the
    best lines are combined (``COMBINE_TOP``): a turn scores the sum of its lines' tiles, so
    the best turns are among these."""
    have: dict[str, int] = {}
    for ch in rack:
        have[ch] = have.get(ch, 0) + 1
    top = sorted(singles, key=move_key, reverse=True)[:COMBINE_TOP]
    faces = [_faces(m) for m in top]
    bonus = rules.bingo

    def fits(*used: dict) -> bool:
        total: dict[str, int] = {}
        for u in used:
            for face, n in u.items():
                total[face] = total.get(face, 0) + n
        return all(have.get(face, 0) >= n for face, n in total.items())

    def joined(parts: list[Move]) -> Move:
        tiles = tuple(t for m in parts for t in m.tiles)
        score = sum(m.score for m in parts) + (bonus if len(tiles) == rules.rack_size else 0)
        lead = parts[0]
        return Move(score, lead.row, lead.col, lead.across, LINE_JOIN.join(m.word for m in parts), tiles)

    pairs: list[tuple[int, int]] = []
    out: list[Move] = []
    for i in range(len(top)):
        for j in range(i + 1, len(top)):
            if fits(faces[i], faces[j]) and _lines_apart(letters, top[i], top[j]):
                pairs.append((i, j))
                out.append(joined([top[i], top[j]]))
    ranked = sorted(range(len(pairs)), key=lambda k: move_key(out[k]), reverse=True)[:COMBINE_PAIRS]
    seen = set()
    for k in ranked:
        i, j = pairs[k]
        for m in range(j + 1, len(top)):
            if (fits(faces[i], faces[j], faces[m]) and _lines_apart(letters, top[i], top[m])
                    and _lines_apart(letters, top[j], top[m])):
                key = (i, j, m)
                if key not in seen:
                    seen.add(key)
                    out.append(joined([top[i], top[j], top[m]]))
    return out


def line_count(m: Move) -> int:
    return m.word.count(LINE_JOIN) + 1


def best(moves: list[Move]) -> Move | None:
    """The highest-scoring move, ties broken by a fixed order so every caller agrees."""
    if not moves:
        return None
    return max(moves, key=move_key)


def move_key(m: Move) -> tuple:
    return (m.score, len(m.tiles), m.word, -m.row, -m.col, m.across, tuple(t[2] for t in m.tiles))
