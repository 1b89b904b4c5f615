"""The move generator against the brute-force oracle (every placement × every word)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from board_oracle import oracle_moves, random_position
from board_words import WORDS
from game.rules.base import Rng
from game.rules.board import layout
from game.rules.board.layout import BLANK
from game.rules.board.movegen import GenRules, best, forget_recent, generate
from game.rules.board.words import build_graph, graph_for

CLASSIC_POINTS = {k: v[1] for k, v in layout.CLASSIC_TILES.items()}
SLOVO_POINTS = {k: v[1] for k, v in layout.SLOVODEL_TILES.items()}
WORD_SET = frozenset(WORDS)
LETTER_POOL = "".join(WORDS)  # racks drawn by word-letter frequency give many moves
ROOT = Path(__file__).resolve().parent.parent


def classic_rules():
    lm, wm = layout.premiums(layout.CLASSIC_LAYOUT)
    return GenRules(graph_for(WORD_SET), CLASSIC_POINTS, tuple(lm), tuple(wm), 50)


def slovodel_rules():
    lm, wm = layout.premiums(layout.SLOVODEL_LAYOUT, centre_doubles=False)
    return GenRules(graph_for(WORD_SET, both_ways=True), SLOVO_POINTS, tuple(lm), tuple(wm), 25,
                    score_words=False, needs_board_letter=True)


def _rack(rng, blanks):
    return "".join(rng.choice(LETTER_POOL) for _ in range(7 - blanks)) + "?" * blanks


def _compare(letters, points, rack, gen, both_ways):
    moves = generate(letters, points, rack, gen)
    got = {}
    for m in moves:
        key = frozenset(m.tiles)
        assert key not in got, f"move found twice: {m}"
        got[key] = m.score
    table = SLOVO_POINTS if both_ways else CLASSIC_POINTS
    expected = oracle_moves(letters, points, rack, WORDS, table, gen.letter_mul, gen.word_mul, gen.bingo,
                            both_ways=both_ways, classic=not both_ways)
    missing = set(expected) - set(got)
    extra = set(got) - set(expected)
    assert not missing, f"missing {sorted(map(sorted, missing))[:3]}"
    assert not extra, f"extra {sorted(map(sorted, extra))[:3]}"
    wrong = [(sorted(k), got[k], expected[k]) for k in got if got[k] != expected[k]]
    assert not wrong, f"scores differ: {wrong[:3]}"
    return moves


# (board moves, blanks in the rack): empty boards, a few words, crowded boards; every
# position is checked with no blank, one and two blanks across the seeds
CLASSIC_CASES = [(0, 1), (1, 0), (2, 2), (3, 1), (4, 0), (5, 1), (6, 2), (8, 1), (10, 0), (12, 1), (3, 2), (7, 0)]


@pytest.mark.parametrize("seed", range(len(CLASSIC_CASES)))
def test_classic_generator_matches_oracle(seed):
    rng = Rng(1000 + seed)
    gen = classic_rules()
    moves_count, blanks = CLASSIC_CASES[seed]
    letters, points = random_position(rng, WORDS, gen, CLASSIC_POINTS, moves_count)
    _compare(letters, points, _rack(rng, blanks), gen, False)


@pytest.mark.parametrize("seed", range(6))
def test_slovodel_generator_matches_oracle(seed):
    rng = Rng(2000 + seed)
    gen = slovodel_rules()
    letters, points = random_position(rng, WORDS, gen, SLOVO_POINTS, (0, 1, 3, 5, 8, 2)[seed])
    _compare(letters, points, _rack(rng, (0, 1, 0, 1, 2, 1)[seed]), gen, True)


def _board(*words):
    """A position from (row, col, across, word) entries laid with real tiles."""
    letters, points = [""] * layout.CELLS, [0] * layout.CELLS
    for row, col, across, word in words:
        for i, ch in enumerate(word):
            cell = row * layout.SIZE + col + (i if across else i * layout.SIZE)
            letters[cell] = ch
            points[cell] = CLASSIC_POINTS[ch]
    return letters, points


def test_letter_before_a_board_word_and_the_blank_ways_to_lay_it():
    # РОТ on the centre row: К in front makes КРОТ, from a tile or from the blank
    letters, points = _board((7, 7, True, "рот"))
    moves = _compare(letters, points, "кааааа?", classic_rules(), False)
    krot = {m.tiles: m.score for m in moves if m.word == "крот" and m.across}
    cell = 7 * layout.SIZE + 6
    # К2 Р1 О1 Т1 on plain squares; a blank К scores nothing
    assert krot == {((cell, "к", False),): 5, ((cell, "к", True),): 3}


def test_two_board_words_joined_through_the_anchor():
    # КО and А on the board with one square between: a single Р makes КОРА of all three
    letters, points = _board((3, 2, True, "ко"), (3, 5, True, "а"))
    moves = _compare(letters, points, "рллллл?", classic_rules(), False)
    assert any(m.word == "кора" and len(m.tiles) == 1 for m in moves)


def test_same_moves_in_the_same_order_whatever_the_hash_seed():
    # bots cut two-blank searches by a work budget, so the order of the search must not depend
    # on set iteration (which changes with PYTHONHASHSEED between processes)
    script = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from game import lexicon_store; lexicon_store.install()\n"
        "from test_board_movegen import classic_rules, _board\n"
        "from game.rules.board.movegen import generate\n"
        "letters, points = _board((7, 5, True, 'лиса'), (6, 6, False, 'кит'))\n"
        "moves = generate(letters, points, 'рота??к', classic_rules(), budget=3000)\n"
        "print(len(moves), repr(moves))\n"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True,
                              cwd=ROOT)
        outputs.add(done.stdout)
    assert len(outputs) == 1 and outputs.pop().split()[0] != "0"


def test_first_move_covers_centre_and_scores_double():
    gen = classic_rules()
    moves = generate([""] * layout.CELLS, [0] * layout.CELLS, "котаааа", gen)
    assert moves and all(any(c == layout.CENTRE for c, _, _ in m.tiles) for m in moves)
    kot = [m for m in moves if m.word == "кот" and m.across and m.col == 7]
    # К2 О1 Т1 = 4, the centre doubles the word; no other premium in reach
    assert kot and kot[0].score == 8


def test_budget_stops_early_with_valid_moves():
    gen = classic_rules()
    full = generate([""] * layout.CELLS, [0] * layout.CELLS, "ор?????", gen)
    capped = generate([""] * layout.CELLS, [0] * layout.CELLS, "ор?????", gen, budget=500)
    assert 0 < len(capped) < len(full)
    assert set(capped) <= set(full)


def test_graph_is_minimal_and_exact():
    words = ["кот", "кит", "рот", "рота", "кота", "ток"]
    g = build_graph(words)

    def all_words(node, prefix=""):
        out = [prefix] if "" in node else []
        for ch, nxt in node.items():
            if ch:
                out += all_words(nxt, prefix + ch)
        return out

    assert sorted(all_words(g)) == sorted(words)
    assert g["к"]["о"] is g["р"]["о"]  # shared suffix «от/ота» is one node


def test_best_is_deterministic():
    gen = classic_rules()
    moves = generate([""] * layout.CELLS, [0] * layout.CELLS, "лесоток", gen)
    assert best(moves) == best(list(reversed(moves)))


class _PrefixLexicon:
    """A lexicon that answers only prefix and word questions, as Скрэббл's forms index does."""

    def __init__(self, words):
        self.words = frozenset(words)
        self.prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}

    def has_prefix(self, prefix):
        return prefix in self.prefixes

    def is_word(self, word):
        return word in self.words


@pytest.mark.parametrize("seed", range(3))
def test_prefix_queries_give_the_same_moves_as_the_graph(seed):
    from game.rules.board.words import PrefixNode

    rng = Rng(3000 + seed)
    graph_rules = classic_rules()
    lazy_rules = GenRules(PrefixNode(_PrefixLexicon(WORDS), ""), CLASSIC_POINTS, graph_rules.letter_mul,
                          graph_rules.word_mul, 50)
    letters, points = random_position(rng, WORDS, graph_rules, CLASSIC_POINTS, 3 + 2 * seed)
    for blanks in (0, 1):
        rack = _rack(rng, blanks)
        for _ in range(2):  # the second pass runs on the prefix answers remembered by the nodes
            forget_recent()
            lazy = generate(letters, points, rack, lazy_rules)
            assert sorted(lazy) == sorted(generate(letters, points, rack, graph_rules))


@pytest.mark.parametrize("seed", range(3))
def test_without_spare_blanks_only_dominated_moves_go(seed):
    rng = Rng(4000 + seed)
    gen = classic_rules()
    letters, points = random_position(rng, WORDS, gen, CLASSIC_POINTS, 2 + seed)
    rack = _rack(rng, 1 + seed % 2)
    full = generate(letters, points, rack, gen)
    lean = generate(letters, points, rack, gen, spare_blanks=False)
    assert set(lean) <= set(full) and best(lean) == best(full)
    lacking = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя") - set(rack)

    def stands_for(kept, gone) -> bool:
        """``kept`` lays the same squares as ``gone`` with no more blanks for no fewer points, and
        where their letters differ both are blanks standing for letters the rack lacks."""
        if [c for c, _, _ in kept.tiles] != [c for c, _, _ in gone.tiles] or kept.across != gone.across:
            return False
        for (_, a, a_blank), (_, b, b_blank) in zip(kept.tiles, gone.tiles):
            if a != b and not (a_blank and b_blank and a in lacking and b in lacking):
                return False
        return sum(t[2] for t in kept.tiles) <= sum(t[2] for t in gone.tiles) and kept.score >= gone.score

    for m in set(full) - set(lean):
        assert any(stands_for(k, m) for k in lean), m


@pytest.mark.parametrize("seed", range(3))
def test_words_whose_blanks_stand_for_missing_letters_are_one_move(seed):
    # ТЕ*ЕФОН and ТЕ*ЕФОН with another letter under the star would be the same tiles on the
    # same squares for the same points: the hint and the bots get that move once
    rng = Rng(4100 + seed)
    gen = classic_rules()
    letters, points = random_position(rng, WORDS, gen, CLASSIC_POINTS, 2 + seed)
    rack = _rack(rng, 2)
    lacking = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя") - set(rack)
    forget_recent()
    lean = generate(letters, points, rack, gen, spare_blanks=False)
    laid = [(m.across, tuple((c, BLANK if blank and ch in lacking else ch) for c, ch, blank in m.tiles))
            for m in lean]
    assert len(set(laid)) == len(laid)
    assert any(ch == BLANK for _, tiles in laid for _, ch in tiles)


def test_a_repeated_question_is_answered_from_memory_with_a_fresh_list():
    gen = classic_rules()
    letters, points = _board((7, 7, True, "рот"))
    first = generate(letters, points, "кааааа?", gen)
    first.clear()  # callers may reorder or trim their list
    again = generate(letters, points, "кааааа?", gen)
    assert again and again == generate(letters, points, "кааааа?", gen)
    assert generate(letters, points, "каааааа", gen) != again  # another rack is another question
