"""The master's equity (score + the learned worth of the tiles kept), shared with «Подсказка»; the leave tables
shipped for both tile sets; the master's choices replay identically."""
import math

import pytest

from board_words import COMMON, WORDS
from game.bots.erudit import BoardBot
from game.rules.base import Rng
from game.rules.board import words as wordsrc
from game.rules.board.actions import Pass
from game.rules.board.variants import Hint
from game.rules.board.equity import DATA, TILE_SETS, equity, feature_names, kept_after, leave_value
from game.rules.board.erudit import RULES as ERUDIT
from game.rules.board.movegen import move_key


@pytest.fixture
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


@pytest.mark.parametrize("tile_set", sorted(set(TILE_SETS.values())))
def test_a_learned_leave_table_is_shipped_for_each_tile_set(tile_set):
    import json

    table = json.loads((DATA / f"{tile_set}.json").read_text(encoding="utf-8"))
    assert set(table["weights"]) == set(feature_names(tile_set))
    assert table["samples"] > 1000 and table["made_by"].startswith("tools/build_leaves.py")
    game = next(g for g, s in TILE_SETS.items() if s == tile_set)
    assert leave_value(game, "") == 0.0
    assert all(math.isfinite(leave_value(game, kept)) for kept in ("а", "оо", "ккк", "аеиоуыэ"[:6]))


def test_the_hint_offers_the_best_equity_with_its_score(small_dictionary):
    options = {**{r.id: r.default for r in ERUDIT.house_rules}, "hints": True}
    state = next(s for s in (ERUDIT.new_game(options, 2, seed) for seed in range(21, 60))
                 if ERUDIT.moves_for(s, s.turn))  # a deal whose opening rack spells a word of the small dictionary
    seat = state.turn
    events = ERUDIT.apply(state, seat, Hint(), 0)
    hint = events[0].move
    rack = "".join(state.faces[t] for t in state.racks[seat])
    bag = ERUDIT._bag_size(state)
    moves = ERUDIT.moves_for(state, seat)
    top = max(moves, key=lambda m: (equity("erudit", rack, m, bag), move_key(m)))
    assert hint["score"] == top.score and hint["equity"] == round(equity("erudit", rack, top, bag), 1)
    assert hint["equity"] == round(top.score + leave_value("erudit", kept_after(rack, top)), 1)


def test_the_master_decides_the_same_way_every_time(small_dictionary):
    state = ERUDIT.new_game({r.id: r.default for r in ERUDIT.house_rules}, 2, 22)
    for _ in range(3):  # a few moves in, so the look-ahead has a board to reply on
        seat = state.turn
        bot = BoardBot("erudit", "player", seat, Rng(1))
        ERUDIT.apply(state, seat, bot.decide(ERUDIT.view(state, seat), ERUDIT.legal_actions(state, seat)), 0)
    seat = state.turn
    view = ERUDIT.view(state, seat)
    legal = ERUDIT.legal_actions(state, seat)
    first = BoardBot("erudit", "master", seat, Rng(5)).decide(view, legal)
    again = BoardBot("erudit", "master", seat, Rng(5)).decide(view, legal)
    assert first == again and not isinstance(first, Pass)


def test_the_slovodel_master_plays_its_best_equity_move_without_a_look_ahead(small_dictionary):
    """Словодел's look-ahead lost duels (game/data/leaves/README.md): the master lays the top equity move."""
    from game.rules.board.actions import Place
    from game.rules.board.slovodel import RULES as SLOVODEL

    checked = 0
    for seed in range(31, 39):
        state = SLOVODEL.new_game({r.id: r.default for r in SLOVODEL.house_rules}, 2, seed)
        for _ in range(12):
            if SLOVODEL.is_over(state):
                break
            seat = state.turn
            view, legal = SLOVODEL.view(state, seat), SLOVODEL.legal_actions(state, seat)
            bot = BoardBot("slovodel", "master", seat, Rng(3))
            action = bot.decide(view, legal) or Pass()
            moves = bot.moves(view)
            if isinstance(action, Place) and len(moves) > 1 and view["bag"] > 0:
                rack = bot.rack_letters(view)
                top = max(moves, key=lambda m: (equity("slovodel", rack, m, view["bag"]), move_key(m)))
                assert action == bot.to_place(view, top)
                checked += 1
            SLOVODEL.apply(state, seat, action, 0)
    assert checked >= 8


@pytest.fixture
def leave_tables_in(tmp_path, monkeypatch):
    """Equity reads its leave tables from ``tmp_path`` for the test, and the shipped ones again after it."""
    from game.rules.board import equity as equity_module

    def forget():
        for cached in (equity_module._table, equity_module._weights, equity_module.leave_value):
            cached.cache_clear()

    monkeypatch.setattr(equity_module, "DATA", tmp_path)
    forget()
    yield tmp_path
    monkeypatch.undo()
    forget()


def test_a_whole_leave_seen_often_is_worth_what_the_weights_missed_on_top_of_them(leave_tables_in):
    import json

    from tools.build_leaves import WHOLE_MIN_SEEN, WHOLE_SHRINK, whole_leaf_table

    weights = {name: 0.0 for name in feature_names("slovodel")}
    weights["а"] = 1.0  # as shipped: the fit's 0.5, times the scale
    data = {"tile_set": "slovodel", "scale": 2.0, "fresh_draw_next_score": 30.0, "weights": weights}
    # «аб» was followed by 40 points each time, 9.5 more than the fit foresaw; «вв» was seen once too few
    samples = [("аб", 40)] * WHOLE_MIN_SEEN + [("вв", 10)] * (WHOLE_MIN_SEEN - 1)
    data["whole_leaves"] = whole_leaf_table(samples, data)
    missed = 2.0 * 9.5 * WHOLE_MIN_SEEN / (WHOLE_MIN_SEEN + WHOLE_SHRINK)
    assert data["whole_leaves"] == {"аб": round(missed, 2)}
    (leave_tables_in / "slovodel.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert leave_value("slovodel", "ба") == pytest.approx(1.0 + round(missed, 2))
    assert leave_value("slovodel", "вв") == 0.0
    assert leave_value("slovodel", "а") == 1.0
