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
its score is carried along the search tile by tile (the rule text of :mod:`judge`, written
independently), and the tests compare both with a brute-force oracle.

The graph is walked as numbered nodes (:func:`node_table`): a node is a dict of letter ->
child number, so no node holds a container the garbage collector would follow (a two-blank
Скрэббл search records tens of thousands of moves and so sets off full collections, each of
which would otherwise walk every node). Скрэббл's graph is the lexicon's own forms DAWG read
state by state (game/rules/lexicon/form_graph.py); its states are shared by many prefixes,
so the words it ends are also put to the lexicon (``refuses``: the blocklist) before a move
or a cross-check takes them.

The tiles in hand are a number (:func:`_rack_states`: no dict of counts copied or patched per
step), and every node carries its letters as bits (``masks``), as does each square (the
letters its cross-check allows): a tile after which nothing can follow is recorded where it
is laid, with the one step its call would have counted, instead of by a call that finds
nothing. The words walked together (two blanks) lay tile tuples shared for the whole process
(:class:`_TilesOn`), so the tens of thousands of moves such a search records hold few new objects
for the garbage collector to walk.

Pure Python and deterministic (every iteration runs in graph, rack or alphabet order): an
optional work budget (graph steps and recorded moves) bounds a search instead of a clock;
the table and the bots search without one.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations, count
from operator import itemgetter
from weakref import WeakKeyDictionary
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


class _TilesOn(dict):
    """The new tiles ``(cell, letter, is_blank)`` one square may get, one tuple per letter for the whole
    process: a two-blank Скрэббл search records tens of thousands of moves, and a tile made afresh for each
    would live, and be walked by the garbage collector, until the search ends (the tuples hold the same
    values, so the moves are the same)."""

    __slots__ = ("cell", "blank")

    def __init__(self, cell: int, blank: bool):
        super().__init__()
        self.cell, self.blank = cell, blank

    def __missing__(self, letter: str) -> tuple:
        tile = self[letter] = (self.cell, letter, self.blank)
        return tile


_LAID = tuple(_TilesOn(cell, False) for cell in range(CELLS))  # a tile from the hand, per square and letter
_BLANKS = tuple(_TilesOn(cell, True) for cell in range(CELLS))  # a blank standing for a letter


# What recording a move costs, in graph steps: the budget bounds the whole work, and a
# two-blank rack on Скрэббл's word forms finds tens of thousands of moves
RECORD_STEPS = 4
# the work budget of a move offered at the table, hinted or chosen by a bot: none, so the
# best move is never missed (a two-blank Скрэббл rack under a cap lost it one time in four);
# what a bot may bound is its look-ahead over these moves, not the list itself
PLAY_BUDGET = 0
# a step on a graph that asks the lexicon (and on Скрэббл's forms graph, which weighs as the
# questions did so that a budget stops where it did) against one on a dict graph
PREFIX_STEP_COST = 2


def neighbours_occupied(letters: list, cell: int) -> bool:
    r, c = divmod(cell, SIZE)
    return bool(
        (r > 0 and letters[cell - SIZE])
        or (r < SIZE - 1 and letters[cell + SIZE])
        or (c > 0 and letters[cell - 1])
        or (c < SIZE - 1 and letters[cell + 1])
    )


def cross_checks(letters: list, points: list, table, across: bool, refuses=None) -> tuple[list, list, list]:
    """For moves along ``across``: per empty cell the allowed letters (None = no
    perpendicular neighbour, anything goes), the perpendicular word's existing points
    (-1 when there is no such word), and per cell as bits of the table's ``letter_bits``
    the letters a move may have there (a board tile's own letter; every letter, ``other_bit``
    included, on a free cell without a cross-word). ``table``: the graph as :func:`node_table` gives it;
    ``refuses``: words the graph ends that the game does not take (see :func:`_generate`).
    The letters between two board parts are remembered per graph: most of a board's
    perpendicular words stay the same from one search to the next."""
    nodes, read = table.nodes, table.read
    root = nodes[table.root] or read(table.root)
    known = _cross_words.get(table)
    if known is None or len(known) > CROSS_WORDS_KEPT:
        known = _cross_words[table] = {}
    step = SIZE if across else 1
    allowed: list = [None] * CELLS
    cross_pts = [-1] * CELLS
    bits, other = table.letter_bits, table.other_bit
    gates = [sum(bits.values()) | other] * CELLS
    for i in range(CELLS):
        if letters[i]:
            gates[i] = bits.get(letters[i], other)
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
        cross_pts[i] = total
        before.reverse()
        key = (tuple(before), tuple(after))
        ok = known.get(key)
        if ok is not None:
            allowed[i], gates[i] = ok
            continue
        node = root
        for ch in before:
            at = node.get(ch)
            if at is None:
                node = None
                break
            node = nodes[at] or read(at)
        fits = set()
        if node is not None:
            for ch, at in node.items():
                if ch == END:
                    continue
                n = nodes[at] or read(at)
                for letter in after:
                    at = n.get(letter)
                    if at is None:
                        n = None
                        break
                    n = nodes[at] or read(at)
                if n is not None and END in n:
                    if refuses is None or not refuses("".join(before) + ch + "".join(after)):
                        fits.add(ch)
        mask = 0
        for ch in fits:
            mask |= bits.get(ch, other)
        allowed[i], gates[i] = known[key] = (frozenset(fits), mask)
    return allowed, cross_pts, gates


CROSS_WORDS_KEPT = 50_000  # (letters before, letters after) -> the letters between (as a set and as bits), per graph
_cross_words: WeakKeyDictionary = WeakKeyDictionary()


class _NodeTable:
    """A graph of dict-like nodes (the nested dicts of :func:`words.build_graph`, or nodes that
    ask a lexicon) as the generator walks it: ``nodes[i]`` is node i as a dict of letter ->
    child number (END -> True), None until ``read(i)`` lists it. Numbered nodes hold no
    container, so the garbage collector does not walk them (see game/rules/lexicon/form_graph.py,
    which builds Скрэббл's graph so from the start). A bot thinking on its worker thread and the
    table may read one table at once: a node's number is published only after what it names is
    stored, and two threads numbering one node both take the number published first.
    ``masks[i]``: the letters node i goes on with as bits (``letter_bits``, ``other_bit`` for
    any letter outside the alphabet), set before the node is published."""

    root = 0
    letter_bits = {letter: 1 << i for i, letter in enumerate(ALPHABET)}
    other_bit = 1 << len(ALPHABET)

    def __init__(self, graph):
        self._objects = {0: graph}
        self._number = {id(graph): 0}
        self._next_number = count(1).__next__
        self.nodes: list[dict | None] = [None] * 1024
        self.masks = [0] * 1024

    def read(self, i: int) -> dict:
        node = {}
        mask = 0
        objects, number, nodes, masks = self._objects, self._number, self.nodes, self.masks
        bits, other = self.letter_bits, self.other_bit
        for ch, kid in objects[i].items():
            if ch == END:
                node[END] = True
                continue
            j = number.get(id(kid))
            if j is None:
                j = self._next_number()
                objects[j] = kid
                while len(nodes) <= j:
                    masks.extend([0] * len(nodes))
                    nodes.extend([None] * len(nodes))
                j = number.setdefault(id(kid), j)
            node[ch] = j
            mask |= bits.get(ch, other)
        masks[i] = mask
        nodes[i] = node
        return node


_tables: dict[int, tuple[object, _NodeTable]] = {}

# per direction (across first) and line: its cells, and what reads a board-wide list along it
_LINES = tuple(
    tuple((cells, itemgetter(*cells)) for cells in (
        tuple(line * SIZE + i for i in range(SIZE)) if across else tuple(i * SIZE + line for i in range(SIZE))
        for line in range(SIZE)))
    for across in (False, True))


def node_table(graph):
    """The graph of a :class:`GenRules` as numbered nodes: Скрэббл's forms graph is one
    already (``nodes``, ``read``, ``root``), a dict-like graph is numbered as it is read."""
    if hasattr(graph, "read"):
        return graph
    hit = _tables.get(id(graph))
    if hit is not None and hit[0] is graph:
        return hit[1]
    table = _NodeTable(graph)
    if len(_tables) > 8:
        _tables.clear()
    _tables[id(graph)] = (graph, table)
    return table


def _rack_states(counts: dict, bits: dict, other: int) -> tuple[list, list]:
    """The letter tiles still in hand as numbered states, so that the search passes a number
    instead of copying or patching a dict of counts: ``offer[s]`` lists (letter, state after
    laying it) for each letter state s still holds, in rack order (the order the search tries
    them in), and ``held_bits[s]`` has those letters as bits (``bits``, ``other`` for a letter
    outside them). A state is the count left of each letter in mixed radix (the last state is
    the whole rack, 0 the empty hand): a rack of seven tiles has at most 128."""
    offer: list = [()]
    held_bits = [0]
    size = 1  # the states of the letters so far
    for ch, n in counts.items():
        bit = bits.get(ch, other)
        for held in range(1, n + 1):
            shift = held * size
            for s in range(size):
                moves = [(letter, rest + shift) for letter, rest in offer[s]]
                moves.append((ch, s + shift - size))
                offer.append(moves)
                held_bits.append(held_bits[s] | bit)
        size *= n + 1
    return offer, held_bits


def _left_parts(table, offer: list, after: list, counts: dict, blanks: int, max_left: int,
                merge_blanks: bool = False) -> list[dict]:
    """The left parts a rack alone can lay before an anchor (every word prefix it spells),
    indexed per length k and per the letter x it could put on the anchor next:
    ``index[k][x]`` lists (prefix, the number of the graph node after prefix + x, the tiles
    left as a :func:`_rack_states` state, blanks left, which letters of the prefix are blanks,
    how many of those stand for a letter the rack also holds, ``together``, ``origin``).
    ``after``: the generator's states as dicts (letter -> state after laying it), filled as
    they are first needed. A blank is spent only on a letter the rack lacks at that point; a
    blank standing for a letter the rack holds may belong on another square of that letter,
    which is settled when the move is recorded (:func:`_cheapest_blanks`, :func:`_blank_choices`).
    With ``merge_blanks`` the prefixes whose blanks stand for different letters the rack lacks
    share one entry (see ``extend_words`` in :func:`_generate`): ``together`` lists them all as
    (node number, prefix) when they are more than one (None otherwise), and ``origin`` numbers
    them, the same for each x they go on with, in the order they were found."""
    index: list[defaultdict] = [defaultdict(list) for _ in range(max_left + 1)]  # read with .get: asking adds no key
    nodes, read = table.nodes, table.read
    next_origin = count().__next__

    def grow(prefix: str, node, held: int, nb: int, k: int, mask: tuple, movable: int) -> None:
        here = index[k]
        deeper = k < max_left
        if nb:
            taking = after[held]
            if taking is None:
                taking = after[held] = dict(offer[held])
            for ch, at in node.items():
                if ch == END:
                    continue
                here[ch].append((prefix, at, held, nb, mask, movable, None, 0))
                if deeper:
                    rest = taking.get(ch)
                    if rest is not None:
                        grow(prefix + ch, nodes[at] or read(at), rest, nb, k + 1, mask + (False,), movable)
                    else:
                        grow(prefix + ch, nodes[at] or read(at), held, nb - 1, k + 1, mask + (True,),
                             movable + (ch in counts))
        else:
            for ch, rest in offer[held]:
                at = node.get(ch)
                if at is None:
                    continue
                here[ch].append((prefix, at, held, nb, mask, movable, None, 0))
                if deeper:
                    grow(prefix + ch, nodes[at] or read(at), rest, nb, k + 1, mask + (False,), movable)

    def grow_together(prefixes: list, held: int, nb: int, k: int, mask: tuple, movable: int) -> None:
        """:func:`grow` for ``prefixes`` (graph node after it, prefix) spelled with the same tiles."""
        origin = next_origin()
        here = index[k]
        deeper = k < max_left

        def file(ch: str, ats: list) -> None:
            here[ch].append((ats[0][1], ats[0][0], held, nb, mask, movable, ats if len(ats) > 1 else None, origin))

        if nb:
            taking = after[held]
            if taking is None:
                taking = after[held] = dict(offer[held])
            going: dict[str, list] = {}
            for node, prefix in prefixes:
                for ch, at in node.items():
                    if ch != END:
                        going.setdefault(ch, []).append((at, prefix))
            lacking = []
            for ch, ats in going.items():
                file(ch, ats)
                if deeper:
                    rest = taking.get(ch)
                    longer = [(nodes[at] or read(at), prefix + ch) for at, prefix in ats]
                    if rest is not None:
                        grow_together(longer, rest, nb, k + 1, mask + (False,), movable)
                    elif ch not in counts:
                        lacking += longer
                    else:
                        grow_together(longer, held, nb - 1, k + 1, mask + (True,), movable + 1)
            if lacking:
                grow_together(lacking, held, nb - 1, k + 1, mask + (True,), movable)
        else:
            for ch, rest in offer[held]:
                ats = []
                for node, prefix in prefixes:
                    at = node.get(ch)
                    if at is not None:
                        ats.append((at, prefix))
                if not ats:
                    continue
                file(ch, ats)
                if deeper:
                    grow_together([(nodes[at] or read(at), prefix + ch) for at, prefix in ats], rest, 0, k + 1,
                                  mask + (False,), movable)

    root = nodes[table.root] or read(table.root)
    if merge_blanks:
        grow_together([(root, "")], len(offer) - 1, blanks, 0, (), 0)
    else:
        grow("", root, len(offer) - 1, blanks, 0, (), 0)
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


def _spelled(tiles: tuple, word: str, start: int, across: bool) -> tuple:
    """``tiles`` with the letters ``word`` (laid from square ``start`` of its line) has on their squares. Only a
    blank's letter can differ: every other tile is kept as it is, shared with the other moves through it (a
    two-blank Скрэббл search records tens of thousands of moves, and each new tuple lives, and is walked by the
    garbage collector, until the search ends)."""
    out = []
    for tile in tiles:
        if tile[2]:
            cell = tile[0]
            out.append(_BLANKS[cell][word[(cell % SIZE if across else cell // SIZE) - start]])
        else:
            out.append(tile)
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


def _pair_index(entries, nodes: list, read) -> dict:
    """The entries of one ``_left_parts`` list grouped by the letters that can follow (END's
    group is never asked for: a board word's letters are letters)."""
    out: defaultdict[str, list] = defaultdict(list)
    for entry in entries:
        together = entry[6]
        if together is None:
            follow = nodes[entry[1]] or read(entry[1])
        else:
            follow = set()
            for at, _ in together:
                follow.update(nodes[at] or read(at))
        for ch in follow:
            out[ch].append(entry)
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
    and the bots lose nothing by it. With two blanks it also keeps one word of those that
    differ only in the letters the rack lacks that their blanks stand for (the same squares,
    points and leave): such a rack records a few times fewer moves, and walks those words at once."""
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
    every_way = blanks and spare_blanks  # each move's blanks on every square they may take
    # without every way, the words whose blanks stand for different letters the rack lacks on the
    # same squares make one move (the same tiles, points and leave): see extend_words. With one
    # blank the words walked together are too few to pay for walking them so (Эрудит's search
    # took 20 % more instructions, Скрэббл's 6 %); with two they are five times the moves in Скрэббл
    merge_blanks = blanks >= 2 and not spare_blanks
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
    table = node_table(graph)
    nodes, read = table.nodes, table.read
    root = nodes[table.root] or read(table.root)
    masks = table.masks
    offer, held_bits = _rack_states(counts, table.letter_bits, table.other_bit)
    any_held = [-1] * len(offer)  # before a board tile what goes on is that tile, whatever the hand
    whole_rack = len(offer) - 1
    after: list = [None] * len(offer)  # per state: its ``offer`` as a dict, made when first asked
    by_letter = _left_parts(table, offer, after, counts, blanks, max_left, merge_blanks)
    # a prefix-query graph asks the lexicon for every child it lists: there the anchors
    # before a board word walk it from each left part instead of listing children
    listing_is_cheap = isinstance(graph, dict) or getattr(graph, "lists_cheaply", False)
    # a graph shared by the prefixes that reach one state (Скрэббл's forms) cannot tell every
    # word it ends from another: the words it would record are put to the lexicon too
    refuses = getattr(graph, "refuses", None)
    # the verdicts it remembers, read without a call (most words recur from anchor to anchor)
    verdicts = getattr(graph, "verdicts", {}) if refuses is not None else None
    if budget and getattr(graph, "walks_lexicon_index", not listing_is_cheap):
        budget //= PREFIX_STEP_COST  # each of its steps may be a question to the lexicon
    by_pair: list[dict] = [{} for _ in by_letter]  # filled on demand, see _pair_index
    blank_ways: dict[str, tuple] = {}  # letters laid -> where the blanks may stand
    no_blank = ((),)
    no_head = (0, 1, 0, ())
    new_move = tuple.__new__  # a Move without the keyword handling of its constructor
    # a one-tile move with a horizontal word was already found along the rows
    # (a one-tile move's tile stands on an anchor: only anchors are asked)
    lone_dup = [False] * CELLS
    for c in range(CELLS):
        if is_anchor[c] and ((c % SIZE > 0 and letters[c - 1]) or (c % SIZE < SIZE - 1 and letters[c + 1])):
            lone_dup[c] = True

    for across in (True, False):
        allowed, cross_pts, gates = cross_checks(letters, points, table, across, refuses)
        lone = None if across else lone_dup
        for line in range(SIZE):
            cells, of_line = _LINES[across][line]
            line_anchors = [p for p in range(SIZE) if is_anchor[cells[p]]]
            if not line_anchors:
                continue
            L = [*of_line(letters), ""]  # a sentinel past the edge
            ccl = of_line(allowed)
            csl = of_line(cross_pts)
            lmv = of_line(LM)
            wmv = of_line(WM)
            squares = list(zip(ccl, cells, lmv, wmv, csl))
            if merge_blanks:  # the tiles of the words walked together share their tuples (see _TilesOn)
                laid_on, blanks_on = of_line(_LAID), of_line(_BLANKS)
            gate = [*of_line(gates), 0]  # no letter goes past the edge
            exist_prefix = [0] * (SIZE + 1)
            for p in range(SIZE):
                exist_prefix[p + 1] = exist_prefix[p] + (points[cells[p]] if L[p] else 0)
            # board words from each square on (what a move reads through when it reaches them)
            board_text = [""] * (SIZE + 1)
            for p in range(SIZE - 1, -1, -1):
                if L[p]:
                    board_text[p] = L[p] + board_text[p + 1]
            # a move is laid out as: ``head`` (from square ``start``: a left part of new tiles,
            # ``head_mask`` telling its blanks, or board letters) up to the anchor, then ``tiles``
            # (cell, letter, is_blank) new tiles from the anchor on. The search carries the new
            # tiles' points, word multiplier and cross-word points from the anchor on; the left
            # part's share (``head_info``) is worked out at its first recorded move.
            start = 0
            anchor = 0
            head = ""
            head_mask: tuple = ()
            head_info: tuple | None = no_head

            def head_of() -> tuple:
                nonlocal head_info
                total, wmul, extra = 0, 1, 0
                tiles = []
                for j, ch in enumerate(head):
                    p = start + j
                    is_blank = head_mask[j]
                    v = 0 if is_blank else P[ch] * lmv[p]
                    total += v
                    wm = wmv[p]
                    wmul *= wm
                    cs = csl[p]
                    if cs >= 0:
                        extra += (cs + v) * wm
                    tiles.append((cells[p], ch, is_blank))
                head_info = (total, wmul, extra, tuple(tiles))
                return head_info

            def record_ways(end, word, placed):
                """The moves of one laid word whose blanks may stand on other squares than the
                search put them: every way (``spare_blanks``) or the cheapest one. ``placed``:
                its new tiles, the left part's included."""
                nonlocal steps
                tiles = [((c % SIZE) if across else (c // SIZE), ch) for c, ch, _ in placed]
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
                if budget:
                    steps += RECORD_STEPS * len(ways)
                first = cells[start]
                base = exist_prefix[end] - exist_prefix[start]
                bonus = bingo if len(tiles) == rack_size else 0
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
                    moves.append(new_move(Move, (score, first // SIZE, first % SIZE, across, word,
                                                 tuple((cells[p], ch, i in way) for i, (p, ch) in enumerate(tiles)))))

            def record(end, word, tiles, main, wmul, extra, movable, spell=False):
                """``spell``: the tiles' letters (the left part's included) are to be read from
                ``word`` (``extend_words``: blanks that stood for several letters)."""
                nonlocal steps
                if end - start < 2:
                    return
                if refuses is not None:
                    refused = verdicts.get(word)
                    if refused or (refused is None and refuses(word)):
                        return
                info = head_info or head_of()
                head_tiles = info[3]
                nt = len(head_tiles) + len(tiles)
                if nt == 1 and lone is not None and lone[tiles[0][0]]:
                    return
                if needs_board and end - start == nt:
                    return
                if spell:
                    tiles = _spelled(head_tiles + tiles, word, start, across)
                    head_tiles = ()
                if movable or every_way:
                    record_ways(end, word, head_tiles + tiles if head_tiles else tiles)
                    return
                if budget:
                    steps += RECORD_STEPS
                bonus = bingo if nt == rack_size else 0
                if score_words:
                    score = ((exist_prefix[end] - exist_prefix[start] + info[0] + main) * info[1] * wmul
                             + info[2] + extra + bonus)
                else:
                    score = info[0] + main + bonus
                first = cells[start]
                moves.append(new_move(Move, (score, first // SIZE, first % SIZE, across, word,
                                             head_tiles + tiles if head_tiles else tiles)))

            def extend(node, p, held, nb, word, tiles, main, wmul, extra, movable):
                """Lay tiles from square ``p`` on (the graph at ``node``), reading board tiles
                in the way; ``held`` (a :func:`_rack_states` state) and ``nb`` are the letter
                tiles and blanks still in hand, ``word`` the
                text so far, ``tiles`` the new tiles from the anchor on; ``main``, ``wmul``,
                ``extra``: their points, word multiplier and cross-word points; ``movable``:
                blanks laid for a letter the rack holds (their square is chosen when the move is
                recorded)."""
                nonlocal steps
                if budget:
                    steps += 1
                    if steps > budget:
                        raise _Stop
                ch = L[p]
                if ch:
                    # a board word is read whole: no square in it needs a decision
                    q = p
                    while ch:
                        at = node.get(ch)
                        if at is None:
                            return
                        node = nodes[at] or read(at)
                        q += 1
                        ch = L[q]
                    extend(node, q, held, nb, word + board_text[p], tiles, main, wmul, extra, movable)
                    return
                if p > anchor and END in node:
                    record(p, word, tiles, main, wmul, extra, movable)
                if p == SIZE:
                    return
                chk, cell, lm, wm, cs = squares[p]
                wmul *= wm
                q = p + 1
                # a tile whose node has no letter that may follow it on the next square (the edge,
                # a board tile it does not go on with, no letter in hand or allowed there) can only
                # end a word: that is recorded here, with the one step a call would have counted
                on_board = L[q]
                goes_on = gate[q]
                if nb:
                    blank_extra = extra + cs * wm if cs >= 0 else extra
                    taking = after[held]
                    if taking is None:
                        taking = after[held] = dict(offer[held])
                    standing_for = None  # the words a blank here makes standing for a letter the rack lacks
                    for ch, at in node.items():
                        if ch == END or (chk is not None and ch not in chk):
                            continue
                        rest = taking.get(ch)
                        if rest is None and merge_blanks and ch not in counts:
                            if standing_for is None:
                                standing_for = []
                            standing_for.append((at, word + ch))
                            continue
                        kid = nodes[at] or read(at)
                        if not masks[at] & goes_on:
                            if budget:
                                steps += 1
                                if steps > budget:
                                    raise _Stop
                            if not on_board and END in kid:
                                if rest is not None:
                                    v = P[ch] * lm
                                    record(q, word + ch, tiles + ((cell, ch, False),), main + v, wmul,
                                           extra + (cs + v) * wm if cs >= 0 else extra, movable)
                                else:
                                    record(q, word + ch, tiles + ((cell, ch, True),), main, wmul, blank_extra,
                                           movable + (ch in counts))
                        elif rest is not None:
                            v = P[ch] * lm
                            extend(kid, q, rest, nb, word + ch, tiles + ((cell, ch, False),),
                                   main + v, wmul, extra + (cs + v) * wm if cs >= 0 else extra, movable)
                        else:
                            extend(kid, q, held, nb - 1, word + ch, tiles + ((cell, ch, True),),
                                   main, wmul, blank_extra, movable + (ch in counts))
                    if standing_for is not None:
                        extend_words(standing_for, q, held, nb - 1, tiles + ((cell, BLANK, True),), main, wmul,
                                     blank_extra, movable)
                else:
                    in_hand = any_held if on_board else held_bits
                    for ch, rest in offer[held]:
                        if chk is not None and ch not in chk:
                            continue
                        at = node.get(ch)
                        if at is None:
                            continue
                        kid = nodes[at] or read(at)
                        v = P[ch] * lm
                        if not masks[at] & goes_on & in_hand[rest]:
                            if budget:
                                steps += 1
                                if steps > budget:
                                    raise _Stop
                            if not on_board and END in kid:
                                record(q, word + ch, tiles + ((cell, ch, False),), main + v, wmul,
                                       extra + (cs + v) * wm if cs >= 0 else extra, movable)
                            continue
                        extend(kid, q, rest, 0, word + ch, tiles + ((cell, ch, False),),
                               main + v, wmul, extra + (cs + v) * wm if cs >= 0 else extra, movable)

            def extend_words(words, p, held, nb, tiles, main, wmul, extra, movable):
                """:func:`extend` for several words at once that differ only in what their blanks
                stand for, each a letter the rack lacks (``words``: (graph node number, text)):
                their tiles lie on the same squares with the same points, so one move, the first
                word the lexicon takes, stands for each way they go on. The blanks of ``tiles``
                that stand for several letters read ``BLANK`` until a word is recorded."""
                nonlocal steps
                if budget:
                    steps += len(words)
                    if steps > budget:
                        raise _Stop
                ch = L[p]
                if ch:
                    text = board_text[p]
                    through = []
                    for at, word in words:
                        for ch in text:
                            at = (nodes[at] or read(at)).get(ch)
                            if at is None:
                                break
                        else:
                            through.append((at, word + text))
                    if through:
                        extend_words(through, p + len(text), held, nb, tiles, main, wmul, extra, movable)
                    return
                if p > anchor:
                    for at, word in words:
                        if END in (nodes[at] or read(at)):
                            if refuses is not None:
                                refused = verdicts.get(word)
                                if refused or (refused is None and refuses(word)):
                                    continue
                            record(p, word, tiles, main, wmul, extra, movable, True)
                            break
                if p == SIZE:
                    return
                chk, cell, lm, wm, cs = squares[p]
                laid, blanked = laid_on[p], blanks_on[p]
                wmul *= wm
                q = p + 1
                if not nb:
                    fits = gate[p] & held_bits[held]
                    live = []
                    for at, word in words:
                        node = nodes[at] or read(at)  # (which sets its mask)
                        if masks[at] & fits:
                            live.append((node, word))
                    if not live:
                        return
                    for ch, rest in offer[held]:
                        if chk is not None and ch not in chk:
                            continue
                        going = []
                        for node, word in live:
                            at = node.get(ch)
                            if at is not None:
                                going.append((at, word + ch))
                        if going:
                            v = P[ch] * lm
                            extend_words(going, q, rest, 0, tiles + (laid[ch],), main + v, wmul,
                                         extra + (cs + v) * wm if cs >= 0 else extra, movable)
                    return
                taking = after[held]
                if taking is None:
                    taking = after[held] = dict(offer[held])
                # with a blank in hand every letter that follows may go here, sorted out in one
                # pass: a tile in hand, or a blank for a letter the rack lacks or for one it has
                # laid already (that letter's own tiles may take the cheaper squares, see record_ways)
                by_tile: dict[str, list] = {}
                lacking = []
                held_back: dict[str, list] = {}
                # after the last blank only the tiles in hand go on: a word that cannot take one
                # next (nor end here) is dropped before it is spelled
                last_blank = nb == 1
                ends_next = not L[q]
                after_last = gate[q] & held_bits[held] if ends_next else gate[q]
                for at, word in words:
                    for ch, at in (nodes[at] or read(at)).items():
                        if ch == END or (chk is not None and ch not in chk):
                            continue
                        if ch in taking:
                            same = by_tile.get(ch)
                            if same is None:
                                by_tile[ch] = [(at, word + ch)]
                            else:
                                same.append((at, word + ch))
                            continue
                        if last_blank:
                            kid = nodes[at] or read(at)
                            if not (masks[at] & after_last or (ends_next and END in kid)):
                                continue
                        if ch in counts:
                            held_back.setdefault(ch, []).append((at, word + ch))
                        else:
                            lacking.append((at, word + ch))
                if by_tile:
                    for ch, rest in offer[held]:
                        going = by_tile.get(ch)
                        if going is not None:
                            v = P[ch] * lm
                            extend_words(going, q, rest, nb, tiles + (laid[ch],), main + v, wmul,
                                         extra + (cs + v) * wm if cs >= 0 else extra, movable)
                blank_extra = extra + cs * wm if cs >= 0 else extra
                if lacking:
                    extend_words(lacking, q, held, nb - 1, tiles + (blanked[BLANK],), main, wmul,
                                 blank_extra, movable)
                for ch, same in held_back.items():
                    extend_words(same, q, held, nb - 1, tiles + (blanked[ch],), main, wmul,
                                 blank_extra, movable + 1)

            def extend_from_anchor(words, a, k, e, run, x, held, nb, mask, movable, first_prefix):
                """Go on from anchor ``a`` (letter ``x`` on it, then the board's ``run`` up to
                square ``e``) after left parts of length ``k`` that differ only in what their
                blanks stand for, letters the rack lacks (``words``: the graph node after each
                left part and the anchor's letter, and their text): :func:`extend_words` for them
                all. ``x`` is ``BLANK`` when it too stands for several such letters."""
                nonlocal start, head, head_mask, head_info
                through = []
                for at, text in words:
                    for ch in run:
                        at = (nodes[at] or read(at)).get(ch)
                        if at is None:
                            break
                    else:
                        through.append((at, text + run))
                if not through:
                    return
                start = a - k
                head = first_prefix  # its blanks score nothing, whatever they stand for
                head_mask = mask
                head_info = None if k else no_head
                cell, lm, wm, cs = cells[a], lmv[a], wmv[a], csl[a]
                taking = after[held]
                if taking is None:
                    taking = after[held] = dict(offer[held])
                rest = taking.get(x)
                if rest is not None:
                    v = P[x] * lm
                    extend_words(through, e + 1, rest, nb, (_LAID[cell][x],), v, wm,
                                 (cs + v) * wm if cs >= 0 else 0, movable)
                else:
                    extend_words(through, e + 1, held, nb - 1, (_BLANKS[cell][x],), 0, wm, cs * wm if cs >= 0 else 0,
                                 movable + (x in counts))

            def left_parts_before(k, x, run):
                """The left parts of length ``k`` that go on with ``x`` on the anchor."""
                if run and listing_is_cheap:
                    # only left parts whose next letters can run into the board word
                    pairs = by_pair[k].get(x)
                    if pairs is None:
                        pairs = by_pair[k][x] = _pair_index(by_letter[k].get(x, ()), nodes, read)
                    return pairs.get(run[0], ())
                return by_letter[k].get(x, ())

            try:
                for a in line_anchors:
                    anchor = a
                    if a > 0 and L[a - 1]:
                        s = a - 1
                        while s > 0 and L[s - 1]:
                            s -= 1
                        node = root
                        for ch in L[s:a]:
                            at = node.get(ch)
                            if at is None:
                                node = None
                                break
                            node = nodes[at] or read(at)
                        if node is None:
                            continue
                        start = s
                        head = board_text[s][:a - s]
                        head_mask = ()
                        head_info = no_head
                        extend(node, a, whole_rack, blanks, head, (), 0, 1, 0, 0)
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
                    cell = cells[a]
                    lm = lmv[a]
                    wm = wmv[a]
                    cs = csl[a]
                    fitting = sorted(chk) if chk is not None else ALPHABET
                    for x in fitting:
                        if merge_blanks and x not in counts:
                            continue  # only a blank goes there: see below
                        tail = None  # what laying x costs and earns, worked out at its first left part
                        for k in range(room + 1):
                            # left_parts_before, inline: this runs for every letter and length at every anchor
                            if run and listing_is_cheap:
                                pairs = by_pair[k].get(x)
                                if pairs is None:
                                    pairs = by_pair[k][x] = _pair_index(by_letter[k].get(x, ()), nodes, read)
                                entries = pairs.get(run[0], ())
                            else:
                                entries = by_letter[k].get(x, ())
                            if entries and tail is None:
                                v = P[x] * lm
                                tile_extra = (cs + v) * wm if cs >= 0 else 0
                                blank_extra = cs * wm if cs >= 0 else 0
                                real_tile = ((cell, x, False),)
                                blank_tile = ((cell, x, True),)
                                x_movable = x in counts
                                tail = x + run
                            for prefix, at, held, nb, mask, movable, together, _ in entries:
                                if together is not None:
                                    extend_from_anchor([(at, prefix + x) for at, prefix in together], a, k, e, run,
                                                       x, held, nb, mask, movable, prefix)
                                    continue
                                hit = nodes[at] or read(at)
                                if run:
                                    for ch in run:
                                        at = hit.get(ch)
                                        if at is None:
                                            hit = None
                                            break
                                        hit = nodes[at] or read(at)
                                    if hit is None:
                                        continue
                                start = a - k
                                head = prefix
                                head_mask = mask
                                head_info = None if k else no_head
                                taking = after[held]
                                if taking is None:
                                    taking = after[held] = dict(offer[held])
                                rest = taking.get(x)
                                if rest is not None:
                                    extend(hit, e + 1, rest, nb, prefix + tail, real_tile, v, wm, tile_extra, movable)
                                else:
                                    extend(hit, e + 1, held, nb - 1, prefix + tail, blank_tile, 0, wm, blank_extra,
                                           movable + x_movable)
                    if merge_blanks:
                        # a blank on the anchor for each letter the rack lacks: one search per
                        # left part for all those letters
                        lacking = [x for x in fitting if x not in counts]
                        for k in range(room + 1) if lacking else ():
                            by_origin: dict[int, tuple] = {}
                            for x in lacking:
                                for prefix, at, held, nb, mask, movable, together, origin in left_parts_before(
                                        k, x, run):
                                    merged = by_origin.get(origin)
                                    if merged is None:
                                        merged = by_origin[origin] = ([], held, nb, mask, movable, prefix)
                                    if together is None:
                                        merged[0].append((at, prefix + x))
                                    else:
                                        merged[0].extend([(at, prefix + x) for at, prefix in together])
                            # in the order the left parts were found, which no index of them changes
                            for _, (words, held, nb, mask, movable, first_prefix) in sorted(by_origin.items()):
                                extend_from_anchor(words, a, k, e, run, BLANK, held, nb, mask, movable, first_prefix)
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
