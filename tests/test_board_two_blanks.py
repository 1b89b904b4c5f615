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


# Скрэббл boards from self-play with two-blank racks and the best move the generator found
# before it walked the forms index's own graph (the question graph, ``PrefixNode``), each
# with tens of thousands of moves: (rows, blank cells, rack, score, word, tiles of the best)
SCRABBLE_POSITIONS = (
    (("...............", "...............", "...............", ".......в.......", ".......ы.......",
      "......юг.......", "......го..п....", ".......нубия...", ".....аз...к....", "...вода.учет...",
      "......дож.т....", ".......л.......", ".......е.......", ".......у.......", ".......м......."),
     {113}, "иеспн??", 86, "синтепон",
     ((49, "с", False), (64, "и", False), (79, "н", True), (94, "т", True), (109, "е", False), (124, "п", False),
      (154, "н", False))),
    (("...............", "...............", "...............", "...сворка.иго..", ".......а.ял....",
      ".....ястык.....", "вертел.о.......", "о...в..д.......", "й...н..........", "....у..........",
      "....х..........", "...............", "...............", "...............", "..............."),
     {83}, "шыема??", 128, "домешаны",
     ((113, "о", True), (114, "м", False), (115, "е", False), (116, "ш", False), (117, "а", False), (118, "н", True),
      (119, "ы", False))),
    ((".......н.......", ".......е.юс....", "...б..шум.в....", "...о...пудик...", "...пол.л..щит..",
      ".....эра...ё...", "...берет...к...", ".....д.а.......", "...............", "...............",
      "...............", "...............", "...............", "...............", "..............."),
     set(), "нсиао??", 83, "матросни",
     ((42, "м", True), (57, "а", False), (87, "р", True), (102, "о", False), (117, "с", False), (132, "н", False),
      (147, "и", False))),
    (("......склока..с", ".п...щи.у.....т", ".о......п.голье", ".д.....фавор..п", ".воевода..р...с",
      "па.....т..быт..", "ил.....уж......", "н......му......", "т.......л......", "а......дань....",
      "........н......", "...............", "...............", "...............", "..............."),
     {113}, "оесеи??", 84, "солением",
     ((84, "с", False), (99, "о", False), (114, "л", True), (129, "е", False), (159, "и", False), (174, "е", False),
      (189, "м", True))),
)


def _scrabble_position(rows, blank_cells):
    letters, points = [], []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            letters.append("" if ch == "." else ch)
            points.append(0 if ch == "." or r * 15 + c in blank_cells else CLASSIC_POINTS[ch])
    return letters, points


def _scrabble_rules(graph=None):
    from game.rules import load
    from game.rules.board import words as wordsrc

    gen = load("scrabble").gen_rules(wordsrc.load("scrabble", {}, for_bots=True))  # what bots and hints search
    if graph is None:
        return gen
    return GenRules(graph, gen.points, gen.letter_mul, gen.word_mul, gen.bingo)


@pytest.mark.parametrize("case", range(len(SCRABBLE_POSITIONS)))
def test_scrabble_two_blank_best_is_the_one_found_before(case):
    rows, blank_cells, rack, score, word, tiles = SCRABBLE_POSITIONS[case]
    letters, points = _scrabble_position(rows, blank_cells)
    forget_recent()
    found = best(generate(letters, points, rack, _scrabble_rules(), budget=PLAY_BUDGET, spare_blanks=False))
    assert (found.score, found.word, found.tiles) == (score, word, tiles)


@pytest.mark.parametrize("case, budget", [(1, PLAY_BUDGET), (0, 25_000)])
def test_scrabble_forms_graph_finds_the_moves_the_questions_found(case, budget):
    # the same moves, in the same order (a budgeted search must stop at the same place), as
    # the graph that asks the lexicon has_prefix and is_word for every letter of every node
    from game.rules.board import words as wordsrc

    rows, blank_cells, rack = SCRABBLE_POSITIONS[case][:3]
    letters, points = _scrabble_position(rows, blank_cells)
    asked = _scrabble_rules(wordsrc.PrefixNode(wordsrc.load("scrabble", {}, for_bots=True), ""))
    forget_recent()
    expected = generate(letters, points, rack, asked, budget=budget, spare_blanks=False)
    forget_recent()
    assert generate(letters, points, rack, _scrabble_rules(), budget=budget, spare_blanks=False) == expected


@pytest.mark.parametrize("options", [{}, {"allow_proper": True, "allow_slang": True}])
def test_forms_graph_nodes_answer_as_the_lexicon(options):
    # every node on the way to a sample of words (with ё, proper names and slang among them):
    # the letters the lexicon says a form continues with, and a word end where it takes the word
    from game.rules import lexicon
    from game.rules.lexicon.form_graph import END, LETTERS
    from game.rules.lexicon.data import blocklist

    lex = lexicon.judge("scrabble", options)
    graph = lex.letter_graph()
    rng = Rng(17)
    sample = sorted(lex.common)[::97] + ["ёлка", "ёлкам", "москва", "москвой", "бабло", "блин", "ъ", "аааа"]
    for word in sample + ["".join(rng.choice(LETTERS) for _ in range(3)) for _ in range(40)]:
        node, prefix = graph.read(graph.root), ""
        for ch in word:
            assert [k for k in node if k != END] == [c for c in LETTERS if lex.has_prefix(prefix + c)], prefix
            if len(prefix) >= 2 and lex.is_word(prefix):
                assert END in node and not graph.refuses(prefix), prefix
            elif END in node:  # a form ends here that the lexicon refuses by the whole word
                assert graph.refuses(prefix) and (len(prefix) < 2 or prefix in blocklist()), prefix
            if ch not in node:
                break
            node, prefix = graph.read(node[ch]), prefix + ch
