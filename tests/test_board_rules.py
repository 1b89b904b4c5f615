"""Эрудит, Скрэббл and Словодел rules: scoring, turns, checking modes, house variants, conformance."""
import pytest

from board_words import COMMON, WORDS
from conformance import check_game, check_origins, origin_of
from game.rules.base import Rejected, snapshot
from game.rules.board import words as wordsrc
from game.rules.board.actions import Exchange, Pass, Place
from game.rules.board.variants import Challenge, Vote
from game.rules.board.erudit import RULES as ERUDIT
from game.rules.board.layout import CENTRE, SIZE
from game.rules.board.review import gcg
from game.rules.board.slovodel import RULES as SLOVODEL


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def opts(rules, **given):
    out = {r.id: r.default for r in rules.house_rules}
    out.update(given)
    return out


def rig(rules, state, seat, letters):
    """Put tiles with these faces on ``seat``'s rack (swapping with the bag), return their ids."""
    rack = state.racks[seat]
    for t in list(rack):
        rack.remove(t)
        state.bag.append(t)
    for ch in letters:
        t = next(t for t in list(state.bag) + list(state.bag_vowels) if state.faces[t] == ch)
        (state.bag if t in state.bag else state.bag_vowels).remove(t)
        rack.append(t)
    while len(rack) < 7:
        rack.append(state.bag.pop())
    return [rules.tid(t) for t in rack[: len(letters)]]


def place(rules, state, seat, ids, word, row, col, across=True, blank_letters=None):
    tiles = []
    for i, (tid, ch) in enumerate(zip(ids, word)):
        r, c = (row, col + i) if across else (row + i, col)
        tiles.append((r, c, tid, ch))
    return rules.apply(state, seat, Place(tuple(tiles)), 0)


def test_first_word_scores_letters_then_doubles_at_centre():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 1)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "кот")
    place(ERUDIT, s, seat, ids, "кот", 7, 6)
    assert s.scores[seat] == (2 + 1 + 1) * 2


def test_blank_is_zero_but_word_premium_applies():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 2)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "к?т")
    place(ERUDIT, s, seat, ids, "кот", 7, 6)  # the blank stands for О on the centre square
    assert s.scores[seat] == (2 + 0 + 1) * 2
    assert ERUDIT.view(s, 0)["board"][7][7] == {"id": ids[1], "letter": "О", "points": 0, "blank": True}


def test_two_word_premiums_multiply_and_bingo_adds_fifty():
    from game.rules.board import judge

    # «дорога» from (1,1) down to (6,1)? use direct scoring: a word across row 0 from col 0 to col 7 covers T and T
    placed = {c: ch for c, ch in zip(range(0, 7), "слоника")}
    words = [judge.Formed(tuple(range(7)), "слоника", True, tuple(range(7)))]
    pts = ERUDIT.points
    score, _ = judge.score_classic(placed, set(), words, pts, [0] * 225, ERUDIT.letter_mul, ERUDIT.word_mul, 50)
    base = sum(pts[ch] for ch in "слоника") + pts["н"]  # (0,3) is a double letter
    assert score == base * 3 + 50
    placed = {c: ch for c, ch in zip(range(0, 8), "скворечн")}
    words = [judge.Formed(tuple(range(8)), "скворечн", True, tuple(range(8)))]
    score, _ = judge.score_classic(placed, set(), words, pts, [0] * 225, ERUDIT.letter_mul, ERUDIT.word_mul, 50)
    assert score == (sum(pts[ch] for ch in "скворечн") + pts["о"]) * 9  # two triple words: ×9
    score, _ = judge.score_classic(placed, {3}, words, pts, [0] * 225, ERUDIT.letter_mul, ERUDIT.word_mul, 50)
    assert score == (sum(pts[ch] for ch in "скворечн") - pts["о"]) * 9  # a blank on a double letter is still 0


def test_invalid_word_refused_with_reason_and_nothing_lost():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 3)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "ткк")
    before = snapshot(s)
    with pytest.raises(Rejected) as err:
        place(ERUDIT, s, seat, ids, "ткк", 7, 6)
    assert "ТКК" in err.value.reason and "нет в словаре" in err.value.reason
    assert snapshot(s) == before


def test_first_move_must_cover_centre_and_later_moves_connect():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 4)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "кот")
    with pytest.raises(Rejected, match="центральн"):
        place(ERUDIT, s, seat, ids, "кот", 0, 0)
    place(ERUDIT, s, seat, ids, "кот", 7, 6)
    other = s.turn
    ids = rig(ERUDIT, s, other, "сом")
    with pytest.raises(Rejected, match="соприкасаться"):
        place(ERUDIT, s, other, ids, "сом", 0, 0)


def test_challenge_mode_invalid_word_goes_back_and_turn_is_lost():
    s = ERUDIT.new_game(opts(ERUDIT, checking="challenge"), 2, 5)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "ткк")
    place(ERUDIT, s, seat, ids, "ткк", 7, 6)
    assert s.phase == "challenge" and s.cells[CENTRE]
    other = 1 - seat
    ERUDIT.apply(s, other, Challenge(), 100)
    assert s.phase == "play" and not s.cells[CENTRE] and s.turn == other and s.scores[seat] == 0
    assert sorted(s.faces[t] for t in s.racks[seat])[:3] == sorted("ткк")[:3] or "т" in [s.faces[t] for t in s.racks[seat]]


def test_challenge_window_closes_by_timer_and_move_stands():
    s = ERUDIT.new_game(opts(ERUDIT, checking="challenge"), 3, 6)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "ткк")
    place(ERUDIT, s, seat, ids, "ткк", 7, 6)
    deadline = ERUDIT.next_deadline(s)
    assert ERUDIT.tick(s, deadline - 1) == []
    ERUDIT.tick(s, deadline)
    assert s.phase == "play" and s.scores[seat] > 0 and len(s.racks[seat]) == 7


def test_vote_can_overrule_the_dictionary():
    s = ERUDIT.new_game(opts(ERUDIT, vote=True), 3, 7)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "ткк")
    tiles = tuple((7, 6 + i, tid, ch) for i, (tid, ch) in enumerate(zip(ids, "ткк")))
    ERUDIT.apply(s, seat, Place(tiles, dispute=True), 0)
    assert s.phase == "vote"
    voters = [x for x in range(3) if x != seat]
    ERUDIT.apply(s, voters[0], Vote(True), 10)
    ERUDIT.apply(s, voters[1], Vote(True), 20)
    assert s.phase == "play" and "ткк" in s.house_words and s.scores[seat] > 0


def test_exchange_house_rule_needs_seven_in_bag():
    s = ERUDIT.new_game(opts(ERUDIT, exchange_needs_7=True), 2, 8)
    seat = s.turn
    while len(s.bag) > 6:
        s.removed.append(s.bag.pop())
    with pytest.raises(Rejected, match="7"):
        ERUDIT.apply(s, seat, Exchange((ERUDIT.tid(s.racks[seat][0]),)), 0)


def test_everyone_passing_twice_ends_with_tile_penalties():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 9)
    for _ in range(4):
        ERUDIT.apply(s, s.turn, Pass(), 0)
    assert ERUDIT.is_over(s)
    for seat in range(2):
        assert s.adjustments[seat] == -sum(ERUDIT.points[s.faces[t]] for t in s.racks[seat])


def test_going_out_collects_the_others_tiles():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 10)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "кот")
    keep = list(s.racks[seat][:3])
    s.removed.extend(s.racks[seat][3:])
    del s.racks[seat][3:]
    s.removed.extend(s.bag)
    s.bag.clear()
    place(ERUDIT, s, seat, ids, "кот", 7, 6)
    assert ERUDIT.is_over(s)
    left = sum(ERUDIT.points[s.faces[t]] for t in s.racks[1 - seat])
    assert s.adjustments[seat] == left and s.adjustments[1 - seat] == -left


def test_jacks_to_open_relaxes_after_everyone_passes():
    s = ERUDIT.new_game(opts(ERUDIT, jacks_to_open=True), 2, 11)
    seat = s.turn
    ids = rig(ERUDIT, s, seat, "кот")
    with pytest.raises(Rejected, match="5"):
        place(ERUDIT, s, seat, ids, "кот", 7, 6)
    ERUDIT.apply(s, s.turn, Pass(), 0)
    ERUDIT.apply(s, s.turn, Pass(), 0)
    assert s.opening_min == 4 and s.turn == s.starter and not ERUDIT.is_over(s)


def test_turn_order_by_drawing_closest_to_a():
    order = "?" + "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    for seed in range(10):
        s = ERUDIT.new_game(opts(ERUDIT), 3, seed)
        last = s.order_draws[-len(set(x for x, _ in s.order_draws[-3:])):]
        best = min(last, key=lambda d: order.index(d[1]))
        assert s.starter == best[0]


def test_views_hide_other_racks_and_bag():
    s = ERUDIT.new_game(opts(ERUDIT), 3, 12)
    v = ERUDIT.view(s, 0)
    assert len(v["rack"]) == 7 and v["bag"] == 104 - 21
    assert all(isinstance(t["id"], str) and t["id"].startswith("b") for t in v["rack"])
    assert ERUDIT.tid(s.racks[1][0]) in ERUDIT.secret_ids(s, 0)


def test_slovodel_words_read_backwards_and_score_only_placed_letters():
    s = SLOVODEL.new_game(opts(SLOVODEL), 2, 13)
    seat = s.turn
    ids = rig(SLOVODEL, s, seat, "ток")  # «кот» read from the right
    place(SLOVODEL, s, seat, ids, "ток", 7, 6)
    assert s.scores[seat] == sum(SLOVODEL.points[ch] * SLOVODEL.letter_mul[7 * SIZE + 6 + i] for i, ch in enumerate("ток"))


def test_slovodel_new_word_must_use_a_board_letter():
    s = SLOVODEL.new_game(opts(SLOVODEL), 2, 14)
    seat = s.turn
    place(SLOVODEL, s, seat, rig(SLOVODEL, s, seat, "кот"), "кот", 7, 6)
    other = s.turn
    with pytest.raises(Rejected, match="букву, уже стоящую"):
        place(SLOVODEL, s, other, rig(SLOVODEL, s, other, "сом"), "сом", 5, 6)


def test_gcg_export_starts_with_encoding():
    s = ERUDIT.new_game(opts(ERUDIT), 2, 15)
    seat = s.turn
    place(ERUDIT, s, seat, rig(ERUDIT, s, seat, "кот"), "кот", 7, 6)
    text = gcg(ERUDIT, s)
    assert text.splitlines()[0] == "#character-encoding UTF-8"
    assert ">p%d: " % (seat + 1) in text and "8G КОТ +8 8" in text


def test_hint_gives_the_best_move_privately():
    s = ERUDIT.new_game(opts(ERUDIT, hints=True), 2, 16)
    seat = s.turn
    rig(ERUDIT, s, seat, "котсом")
    from game.rules.board.variants import Hint

    (event,) = ERUDIT.apply(s, seat, Hint(), 0)
    assert event.to == seat and event.move["score"] > 0


@pytest.mark.parametrize("game", ["erudit", "scrabble", "slovodel"])
@pytest.mark.parametrize("seed", range(5))
def test_conformance(game, seed):
    report = check_game(game, 2 + seed % 3, seed, probe_every=2, origin=origin_of(seed))
    assert report.finished


@pytest.mark.parametrize("game", ["erudit", "scrabble", "slovodel"])
def test_the_same_game_at_every_clock_origin(game):
    options = {"checking": "challenge", "vote": True} if game == "erudit" else {}  # the timed windows
    assert check_origins(game, 2, 8, options, probe_every=20).finished


def test_conformance_on_the_real_dictionary(small_dictionary):
    wordsrc.use_words(None)  # the lexicon itself
    report = check_game("erudit", 2, 77, probe_every=5)
    assert report.finished and report.steps > 10


@pytest.mark.parametrize("seed,options", [
    (21, {"checking": "challenge", "vote": True}),
    (22, {"double_bag": True, "exchange_needs_7": True, "hints": True}),
    (23, {"reverse": True, "jacks_to_open": True}),
    (24, {"blank_reuse": True, "theme": "животное"}),
])
def test_conformance_with_house_rules(seed, options):
    report = check_game("erudit", 2, seed, options, probe_every=4)
    assert report.finished
