"""Two blanks in the rack: the move the bots play and the hint offers is the best there is.

The brute-force oracle (every word on every placement, judged by the rules text) gives the
best score on small-dictionary positions; on a real Скрэббл position, where the old work
budget cut the search short (98 found where 167 was possible), the bot and the hint must
find the full search's best.
"""
import pytest

from board_oracle import oracle_moves, random_position
from board_words import WORDS
from game.bots.erudit import BoardBot
from game.rules.base import Rng
from game.rules.board import layout
from game.rules.board.actions import Pass
from game.rules.board.movegen import PLAY_BUDGET, GenRules, best, forget_recent, generate
from game.rules.board.words import graph_for

CLASSIC_POINTS = {k: v[1] for k, v in layout.CLASSIC_TILES.items()}
LETTER_POOL = "".join(WORDS)


def _classic_rules():
    lm, wm = layout.premiums(layout.CLASSIC_LAYOUT)
    return GenRules(graph_for(frozenset(WORDS)), CLASSIC_POINTS, tuple(lm), tuple(wm), 50)


@pytest.mark.parametrize("seed", range(8))
def test_two_blank_best_equals_the_oracle(seed):
    rng = Rng(7100 + seed)
    gen = _classic_rules()
    letters, points = random_position(rng, WORDS, gen, CLASSIC_POINTS, 1 + seed)
    rack = "".join(rng.choice(LETTER_POOL) for _ in range(5)) + "??"
    forget_recent()
    # exactly the call of the bots and the hint (no spare blanks, the table's budget)
    found = best(generate(letters, points, rack, gen, budget=PLAY_BUDGET, spare_blanks=False))
    expected = oracle_moves(letters, points, rack, WORDS, CLASSIC_POINTS, gen.letter_mul, gen.word_mul, 50)
    assert expected and found is not None
    assert found.score == max(expected.values())
    assert expected[frozenset(found.tiles)] == found.score


# a Скрэббл board reached by self-play; the blank of СТРАЖА stands for its last А
SCRABBLE_BOARD = (
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    ".........в.....",
    "....туча.е..з..",
    ".......стража..",
    ".........ер.в..",
    ".........яр.о..",
    "..........о.дуо",
    "..........з.и..",
    ".........писк..",
    "..........я....",
    "...............",
)
BLANK_CELLS = {7 * 15 + 12}


def _view(rack: str) -> dict:
    board = []
    for r, row in enumerate(SCRABBLE_BOARD):
        cells = []
        for c, ch in enumerate(row):
            if ch == ".":
                cells.append(None)
            else:
                blank = r * 15 + c in BLANK_CELLS
                cells.append({"letter": ch.upper(), "blank": blank, "points": 0 if blank else CLASSIC_POINTS[ch]})
        board.append(cells)
    tiles = [{"id": i, "letter": layout.BLANK if ch == layout.BLANK else ch.upper()} for i, ch in enumerate(rack)]
    return {"board": board, "rack": tiles, "options": {}, "bag": 40, "me": 0, "rack_counts": [7, 7],
            "phase": "play", "tile_points": {k.upper(): v for k, v in CLASSIC_POINTS.items()}}


def test_scrabble_two_blank_rack_the_bot_finds_the_full_best():
    bot = BoardBot("scrabble", "player", 0, Rng(1))
    view = _view("онмуг??")
    letters, pts = bot.position(view)
    forget_recent()
    full = best(generate(letters, pts, "онмуг??", bot.rules.gen_rules(bot.source(view)), spare_blanks=False))
    assert full.score == 167
    placed = bot.decide(view, [Pass()])
    assert sorted((r * 15 + c, ch) for r, c, _, ch in placed.tiles) == sorted((c, ch) for c, ch, _ in full.tiles)
