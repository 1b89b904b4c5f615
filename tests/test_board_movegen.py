"""The move generator against the brute-force oracle (every placement × every word)."""
import pytest

from board_oracle import oracle_moves, random_position
from board_words import WORDS
from game.rules.base import Rng
from game.rules.board import layout
from game.rules.board.movegen import GenRules, best, generate
from game.rules.board.words import build_graph, graph_for

CLASSIC_POINTS = {k: v[1] for k, v in layout.CLASSIC_TILES.items()}
SLOVO_POINTS = {k: v[1] for k, v in layout.SLOVODEL_TILES.items()}
WORD_SET = frozenset(WORDS)
LETTER_POOL = "".join(WORDS)  # racks drawn by word-letter frequency give many moves


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


@pytest.mark.parametrize("seed", range(6))
def test_classic_generator_matches_oracle(seed):
    rng = Rng(1000 + seed)
    gen = classic_rules()
    letters, points = random_position(rng, WORDS, gen, CLASSIC_POINTS, seed % 5)
    _compare(letters, points, _rack(rng, (0, 1, 0, 1, 0, 2)[seed]), gen, False)


@pytest.mark.parametrize("seed", range(4))
def test_slovodel_generator_matches_oracle(seed):
    rng = Rng(2000 + seed)
    gen = slovodel_rules()
    letters, points = random_position(rng, WORDS, gen, SLOVO_POINTS, seed % 4)
    _compare(letters, points, _rack(rng, seed % 2), gen, True)


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
