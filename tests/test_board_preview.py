"""The board's preview is the rules' own scoring: what ``preview(view, placed)`` shows for tentative tiles is what
``apply`` scores (or refuses, with the same sentence) for that move — random placements on played boards, with a
theme, blanks given back for real tiles («повторные пустышки») and the first move over the centre."""
from __future__ import annotations

import copy

from hypothesis import given, settings, strategies as st

from game.rules import load
from game.rules.base import Rejected, Rng
from game.rules.board.actions import Pass, Place, Placed
from game.rules.board.engine import BLANK, SIZE, THEMES

GAMES = ("erudit", "scrabble", "slovodel")
THEME_IDS = [t for t, _ in THEMES if t]


def new_table(game_id: str, seed: int, theme: str):
    rules = load(game_id)
    offered = {r.id for r in rules.house_rules}
    options = {k: v for k, v in {"checking": "challenge", "blank_reuse": True, "theme": theme}.items() if k in offered}
    return rules, rules.new_game(options, 2, seed)


def random_placement(rules, state, seat: int, rng: Rng, must_use: int | None = None):
    """1–3 rack tiles in a row or column starting next to the board's tiles (or over the centre)."""
    rack = list(state.racks[seat])
    rng.shuffle(rack)
    if must_use is not None:
        rack.remove(must_use)
        rack.insert(0, must_use)
    taken = [i for i, t in enumerate(state.cells) if t]
    anchor = rng.choice(taken) if taken else SIZE * SIZE // 2
    r, c = divmod(anchor, SIZE)
    dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
    if taken:
        r, c = r + dr, c + dc
    step = rng.choice([(0, 1), (1, 0)])
    tiles = []
    for tid in rack[: 1 + rng.below(3)]:
        while 0 <= r < SIZE and 0 <= c < SIZE and state.cells[r * SIZE + c]:
            r, c = r + step[0], c + step[1]
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            break
        face = state.faces[tid]
        letter = rng.choice("оеаинтср") if face == BLANK else face
        tiles.append((r, c, rules.tid(tid), letter))
        r, c = r + step[0], c + step[1]
    return tiles


def give_a_blank_back(rules, state, seat: int, rng: Rng):
    """Make a board tile a blank standing for its letter, and hand the seat the real tile: a swap to try.
    Tiles only change places (the blank from the bag, one rack tile into the bag), so every count still holds."""
    bag_blanks = [i for i, t in enumerate(state.bag) if state.faces[t] == BLANK]
    board = [i for i, t in enumerate(state.cells) if t and state.faces[t] != BLANK]
    if not bag_blanks or not board or not state.racks[seat]:
        return None
    cell, where = rng.choice(board), rng.choice(bag_blanks)
    real, blank = state.cells[cell], state.bag[where]
    state.cells[cell] = blank
    state.blank_as[blank] = state.faces[real]
    state.bag[where] = state.racks[seat][0]
    state.racks[seat][0] = real
    return cell, real, blank


def check_preview(rules, state, seat: int, tiles: tuple, swaps: tuple = ()) -> None:
    view = rules.view(state, seat)
    placed = {(r, c): (letter, state.faces[rules.parse_id(tid)] == BLANK) for r, c, tid, letter in tiles}
    swapped = {(r, c): state.faces[rules.parse_id(tid)] for r, c, tid in swaps}
    shown = rules.preview(view, placed, swapped)
    trial = copy.deepcopy(state)
    try:
        events = rules.apply(trial, seat, Place(tuple(tiles), tuple(swaps)), 0)
    except Rejected as refused:
        assert shown.error == refused.reason, (tiles, swaps)
        return
    scored = next(e for e in events if isinstance(e, Placed))
    assert not shown.error and shown.score == scored.score, (tiles, swaps, shown, scored.score)
    assert shown.words == [word.upper() for word in scored.words], (tiles, shown.words, scored.words)


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), theme=st.sampled_from(THEME_IDS))
def test_preview_scores_what_apply_scores(game, seed, theme):
    rules, state = new_table(game, seed, theme)
    rng = Rng(seed)
    for _turn in range(6):
        if rules.is_over(state):
            break
        seat = state.turn
        for _ in range(6):
            tiles = random_placement(rules, state, seat, rng)
            if tiles:
                check_preview(rules, state, seat, tuple(tiles))
        for action in [a for a in rules.legal_actions(state, seat) if isinstance(a, Place)][:3]:
            check_preview(rules, state, seat, action.tiles)
        swap = give_a_blank_back(rules, state, seat, rng) if any(state.cells) else None
        if swap is not None:
            cell, real, blank = swap
            swaps = ((cell // SIZE, cell % SIZE, rules.tid(real)),)
            for _ in range(6):
                rack_after = [t for t in state.racks[seat] if t != real] + [blank]
                probe = copy.deepcopy(state)
                probe.racks[seat] = rack_after
                tiles = random_placement(rules, probe, seat, rng, must_use=blank)
                if tiles:
                    check_preview(rules, state, seat, tuple(tiles), swaps)
        moves = [a for a in rules.legal_actions(state, seat) if isinstance(a, Place)]
        rules.apply(state, seat, moves[0] if moves else Pass(), 0)
        deadline = rules.next_deadline(state)
        if deadline is not None:
            rules.tick(state, deadline)


def test_slovodel_previews_a_word_as_it_reads_the_way_it_is_a_word():
    """Д then Я across: Словодел reads it right to left, «ЯД», and the preview says so as the moves list will (it
    said «ДЯ», the tiles' order on the board)."""
    from board_words import deal_rack

    rules = load("slovodel")
    state = rules.new_game({}, 2, 1)
    seat = state.turn
    deal_rack(state, seat, "дя")
    d, ya = state.racks[seat][:2]
    tiles = ((7, 7, rules.tid(d), "д"), (7, 8, rules.tid(ya), "я"))
    assert rules.preview(rules.view(state, seat), {(7, 7): ("д", False), (7, 8): ("я", False)}).words == ["ЯД"]
    check_preview(rules, state, seat, tiles)
