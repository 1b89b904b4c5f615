"""The real window, played as a person plays it: ``python -m game`` on an Xvfb display of the test's
own, on the real (monotonic) clock, from the main menu to the table by keys and clicks, at least
three moves of the human, and screenshots taken from outside the process checked against what the
table says it drew (the probe, game/probe.py). A failure names the screenshot it was decided on.

Each test has its own display, so they run side by side under pytest-xdist.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from real_window_support import Failure, Probe, RealWindow, check_items_shown, fan_clip, missing_tools

pytestmark = pytest.mark.skipif(bool(missing_tools()), reason=f"нет программ: {', '.join(missing_tools())}")

MOVE_TIMEOUT = 90.0


@pytest.fixture
def window(tmp_path):
    with RealWindow(tmp_path / "window") as real:
        yield real


def my_turn(p: Probe) -> bool:
    view = p.view
    return view.get("turn") == view.get("me", p.table["seat"]) and bool(p.kinds() - {"emote", "shout", "catch", "slap"})


# ---------------------------------------------------------------------------------------------- UNO
def test_uno_in_the_real_window(window):
    table = window.open_table("UNO", players=2)
    assert table.table["scene"] == "UnoScene"
    done: list[str] = []
    shots: list[Path] = []
    deadline = time.monotonic() + 240
    while not {"play", "draw", "uno", "colour"} <= set(done):
        if time.monotonic() > deadline:
            raise Failure(f"за 4 минуты сделаны только ходы {done}; последние снимки: {shots[-2:]}")
        p = window.wait(lambda p: p.table and not p.busy and (
            p.table.get("results_open") or p.table.get("wheel_open") or my_turn(p)), "ход человека", MOVE_TIMEOUT)
        if p.table.get("results_open"):
            window.press("Return")  # next round
            window.wait(lambda q: not q.table.get("results_open"), "новый тур", MOVE_TIMEOUT)
            continue
        move = uno_move(window, p, done)
        done.append(move)
        probe, shot = window.settled_shot(f"uno-{len(done)}-{move}")
        shots.append(shot)
        check_uno_table(probe, shot)
        if len(done) == 3:
            (window.artefacts / "after-third-move.txt").write_text(str(shot))


def uno_move(window: RealWindow, p: Probe, done: list[str]) -> str:
    view, kinds = p.view, p.kinds()
    if p.table.get("wheel_open"):
        colour = best_colour(view["hand"])
        window.click_rect(p, p.target("colour", colour)["rect"])
        window.wait(lambda q: q.view.get("colour") == colour, f"цвет {colour} на столе", MOVE_TIMEOUT)
        return "colour"
    plays = [a for a in p.legal if a["kind"] == "play" and not a.get("uno")]
    hand = {c["id"]: c for c in view["hand"]}
    if not plays:
        kind = "draw" if "draw" in kinds else "pass"
        before = len(view["hand"])
        deck = p.target("deck")
        window.click_rect(p, deck["rect"])
        if kind == "draw":
            window.wait(lambda q: len(q.view.get("hand", [])) > before or q.view.get("turn") != view["turn"],
                        "взятая карта", MOVE_TIMEOUT)
        else:
            window.wait(lambda q: q.view.get("turn") != view["turn"] or "pass" not in q.kinds(), "пас", MOVE_TIMEOUT)
        return kind
    wilds = [a for a in plays if hand[a["card"]]["colour"] == "black"]
    # a wild first when the colour wheel is still to be tried, otherwise keep the wilds for later
    choice = (wilds if wilds and "colour" not in done else [a for a in plays if a not in wilds] or plays)[0]
    card_id = choice["card"]
    shout = len(view["hand"]) == 2 and "uno" not in done
    if shout:
        window.press("u")  # «УНО!» said with the last but one card
        window.wait(lambda q: q.table.get("uno_armed") or "shout" not in q.kinds(), "«УНО!» наготове", MOVE_TIMEOUT)
    item = next(i for i in p.items("hand") if i["id"] == card_id)
    x, y = item["center"]
    window.click(p, (x - item["picture"]["size"][0] // 2 + 14, y))  # the left strip: the next card covers the rest
    q = window.wait(lambda q: any(c["id"] == card_id for c in q.view.get("discard", [])[-1:])
                    or card_id not in {c["id"] for c in q.view.get("hand", [])}, "карта на сброс", MOVE_TIMEOUT)
    if shout:
        window.wait(lambda q: not q.busy, "стол в покое после «УНО!»", MOVE_TIMEOUT)
        after = window.read_probe()
        assert len(after.view["hand"]) <= 1 or after.view.get("phase") != "play", (
            f"после «УНО!» с предпоследней картой в руке {len(after.view['hand'])} карт: поймали? "
            + str(window.screenshot("uno-caught")))
        return "uno"
    del q
    return "play"


def best_colour(hand: list[dict]) -> str:
    counts = {c: 0 for c in ("red", "blue", "green", "yellow")}
    for c in hand:
        if c.get("colour") in counts:
            counts[c["colour"]] += 1
    return max(counts, key=lambda c: counts[c])


def check_uno_table(probe: Probe, shot: Path) -> None:
    if probe.table.get("results_open"):
        return  # the round is over: the results cover the table
    view = probe.view
    hand_ids = [i["id"] for i in probe.items("hand")]
    assert sorted(hand_ids) == sorted(c["id"] for c in view["hand"]), f"рука на экране {hand_ids} ≠ рука в виде (снимок {shot})"
    check_items_shown(probe, shot, ("hand",), clip=fan_clip)
    if probe.table.get("wheel_open"):
        return  # the colour wheel covers the pile
    discard = probe.items("discard")
    assert discard and discard[0]["id"] == view["discard"][-1]["id"], (
        f"верх сброса {view['discard'][-1]} не нарисован (снимок {shot})")
    check_items_shown(probe, shot, ("discard",))


# ---------------------------------------------------------------------------------------------- board games
@pytest.mark.parametrize("game_id, title", [("erudit", "Эрудит"), ("scrabble", "Скрэббл"), ("slovodel", "Словодел")])
def test_board_game_in_the_real_window(window, game_id, title):
    table = window.open_table(title, players=2)
    assert (table.table["scene"], table.table["game"]) == ("BoardScene", game_id)
    for move in range(1, 4):
        p = window.wait(lambda p: my_turn(p) and "place" in p.kinds() and not p.busy, f"ход человека {move}",
                        MOVE_TIMEOUT)
        word = type_a_word(window, p, game_id)
        window.press("Return")
        standing = {(r, c) for r, c, *_ in word.tiles_rc()}
        probe, shot = window.settled_shot(f"{game_id}-{move}-{word.word}", lambda q: standing <= board_cells(q.view))
        placed = [i for i in probe.items("board") if tuple(i["topleft"]) in word.tile_corners()]
        assert len(placed) == len(standing), f"стол не считает нарисованными фишки «{word.word}» (снимок {shot})"
        check_items_shown(probe, shot, ("board", "rack"))
        if move == 3:
            (window.artefacts / "after-third-move.txt").write_text(str(shot))


class BoardWord:
    def __init__(self, move):
        self.move = move
        self.word = move.word

    def tiles_rc(self):
        from game.rules.board.layout import SIZE

        return [(cell // SIZE, cell % SIZE, letter) for cell, letter, _ in self.move.tiles]

    def tile_corners(self):
        from game.scenes.board_layout import cell_rect

        return {cell_rect(r, c).move(1, 1).topleft for r, c, _ in self.tiles_rc()}


def board_cells(view: dict) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(view.get("board", [])) for c, tile in enumerate(row) if tile}


def type_a_word(window: RealWindow, p: Probe, game_id: str) -> BoardWord:
    """The best move without a blank, by the bots' own generator; typed at the cursor, as a person does."""
    from game.bots.erudit import BoardBot
    from game.rules.base import Rng

    moves = [m for m in BoardBot(game_id, "player", p.view["me"], Rng(1)).moves(p.view)
             if not any(blank for _, _, blank in m.tiles)]
    assert moves, f"генератор ходов не нашёл слова для подставки {[t['letter'] for t in p.view['rack']]}"
    move = max(moves, key=lambda m: (m.score, m.word))
    word = BoardWord(move)
    first_r, first_c, _ = word.tiles_rc()[0]
    r, c = p.table["cursor"]
    keys = ["Down" if first_r > r else "Up"] * abs(first_r - r) + ["Right" if first_c > c else "Left"] * abs(first_c - c)
    if keys:
        window.press(*keys)
    q = window.wait(lambda q: tuple(q.table["cursor"]) == (first_r, first_c), f"курсор на {first_r},{first_c}", 20)
    if len(move.tiles) > 1 and q.table["across"] != move.across:
        window.press("space")
        window.wait(lambda q: q.table["across"] == move.across, "направление слова", 20)
    window.type("".join(letter for _, _, letter in word.tiles_rc()))
    want = sorted((r, c, letter.upper()) for r, c, letter in word.tiles_rc())
    window.wait(lambda q: sorted((r, c, letter) for r, c, _, letter in q.table["placed"]) == want,
                f"«{move.word}» выложено на поле", 30)
    return word
