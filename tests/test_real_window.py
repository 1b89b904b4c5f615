"""The real window, played as a person plays it: ``python -m game`` on an Xvfb display of the test's
own, on the real (monotonic) clock, from the main menu to the table by keys and clicks, at least
three moves of the human, and screenshots taken from outside the process checked against what the
table says it drew (the probe, game/probe.py). A failure names the screenshot it was decided on.

Each test has its own display, so they run side by side under pytest-xdist.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from real_window_support import ROOT, Failure, Probe, RealWindow, check_items_shown, fan_clip, missing_tools

needs_x = pytest.mark.skipif(bool(missing_tools()), reason=f"нет программ: {', '.join(missing_tools())}")

MOVE_TIMEOUT = 90.0


def my_turn(p: Probe) -> bool:
    view = p.view
    return view.get("turn") == view.get("me", p.table["seat"]) and bool(p.kinds() - {"emote", "shout", "catch", "slap"})


# ---------------------------------------------------------------------------------------------- UNO
@needs_x
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
        kind = next(k for k in ("draw", "accept", "pass") if k in kinds or k == "pass")  # the deck answers all three
        before = len(view["hand"])
        deck = p.target("deck")
        window.click_rect(p, deck["rect"])
        if kind == "draw":
            window.wait(lambda q: len(q.view.get("hand", [])) > before or q.view.get("turn") != view["turn"],
                        "взятая карта", MOVE_TIMEOUT)
        else:
            window.wait(lambda q: q.view.get("turn") != view["turn"] or kind not in q.kinds(), kind, MOVE_TIMEOUT)
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
        me = q.view["players"][q.view["me"]]
        assert me.get("uno"), (f"«УНО!» не засчитано с предпоследней картой: {me} "
                               f"(снимок {window.screenshot('uno-not-said')})")
        return "uno"
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
@needs_x
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
        from game.scenes.board.layout import cell_rect

        return {cell_rect(r, c).move(1, 1).topleft for r, c, _ in self.tiles_rc()}


def board_cells(view: dict) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(view.get("board", [])) for c, tile in enumerate(row) if tile}


def one_line(move) -> bool:
    """Typed at the cursor, a move is one run along a row or a column (Словодел also offers moves of several lines)."""
    from game.rules.board.layout import SIZE

    rows = {cell // SIZE for cell, _, _ in move.tiles}
    cols = {cell % SIZE for cell, _, _ in move.tiles}
    return len(rows) == 1 if move.across else len(cols) == 1


def type_a_word(window: RealWindow, p: Probe, game_id: str) -> BoardWord:
    """The best move without a blank, by the bots' own generator; typed at the cursor, as a person does."""
    from game.bots.erudit import BoardBot
    from game.rules.base import Rng

    moves = [m for m in BoardBot(game_id, "player", p.view["me"], Rng(1)).moves(p.view)
             if not any(blank for _, _, blank in m.tiles) and one_line(m)]
    assert moves, f"генератор ходов не нашёл слова для подставки {[t['letter'] for t in p.view['rack']]}"
    move = max(moves, key=lambda m: (m.score, m.word))
    word = BoardWord(move)
    first_r, first_c, _ = word.tiles_rc()[0]
    q = p
    for _ in range(6):  # a key may repeat after a stalled frame: look where the cursor went and go on from there
        r, c = q.table["cursor"]
        if q.table.get("zone") == "buttons":  # overshot past the right edge onto the buttons
            window.press("Up")
            q = window.wait(lambda q: q.table.get("zone") == "board", "курсор снова на поле", 20)
            continue
        if (r, c) == (first_r, first_c):
            break
        keys = ["Down" if first_r > r else "Up"] * abs(first_r - r) + ["Right" if first_c > c else "Left"] * abs(first_c - c)
        window.press(*keys[:4])
        q = window.wait(lambda q, at=(r, c): tuple(q.table["cursor"]) != at or q.table.get("zone") == "buttons",
                        f"курсор идёт к {first_r},{first_c}", 20)
        q = window.wait(lambda p2, f=q.frame: p2.frame > f + 6, "курсор остановился", 20)
    else:
        raise Failure(f"курсор не дошёл до {first_r},{first_c}: {q.table['cursor']}")
    if len(move.tiles) > 1 and q.table["across"] != move.across:
        window.press("space")
        window.wait(lambda q: q.table["across"] == move.across, "направление слова", 20)
    window.type("".join(letter for _, _, letter in word.tiles_rc()))
    want = sorted((r, c, letter.upper()) for r, c, letter in word.tiles_rc())
    window.wait(lambda q: sorted((r, c, letter) for r, c, _, letter in q.table["placed"]) == want,
                f"«{move.word}» выложено на поле", 30)
    return word


# ---------------------------------------------------------------------------------------------- Нет слов
@needs_x
def test_nowords_in_the_real_window(window):
    table = window.open_table("Нет слов", players=2)
    assert table.table["scene"] == "NoWordsScene"
    done: list[str] = []
    deadline = time.monotonic() + 180
    while not ("lay" in done and "claim" in done and len(done) >= 3):
        if time.monotonic() > deadline:
            raise Failure(f"за 3 минуты сделаны только ходы {done}")
        p = window.wait(lambda p: p.table and not p.busy and not p.table.get("results") and (
            {"lay", "claim", "choose_next", "call_vote", "drop_claim", "vote"} & p.kinds()), "ход человека",
            MOVE_TIMEOUT)
        kinds = p.kinds()
        if p.table.get("dialog"):
            move = answer_nowords_dialog(window, p)
        elif "claim" in kinds and "claim" not in done and p.view["conversation"]:
            move = claim_a_word(window, p)
        elif "lay" in kinds:
            move = lay_a_card(window, p)
        else:
            window.wait(lambda q: q.changed_frame > p.frame, "стол меняется", MOVE_TIMEOUT)
            continue
        done.append(move)
        probe, shot = window.settled_shot(f"nowords-{len(done)}-{move}")
        if not probe.table.get("results"):
            conversation = {c["id"] for c in probe.view["conversation"]}
            drawn = {i["id"] for i in probe.items("conversation")}
            assert drawn == conversation, f"разговор {conversation}, нарисовано {drawn} (снимок {shot})"
            check_items_shown(probe, shot, ("conversation", "hand", "showcase"))
        if len(done) == 3:
            (window.artefacts / "after-third-move.txt").write_text(str(shot))


def lay_a_card(window: RealWindow, p: Probe) -> str:
    lays = {a["card"] for a in p.legal if a["kind"] == "lay"}
    card = next(i for i in p.items("hand") if i["id"] in lays)
    window.click(p, card["center"])
    window.wait(lambda q: any(c["id"] == card["id"] for c in q.view.get("conversation", []))
                or q.view.get("last_mover") != p.view.get("last_mover"), "карта в разговоре", MOVE_TIMEOUT)
    window.park_pointer()
    return "lay"


def paused_with_the_panel_open(p: Probe) -> bool:
    """The bug: the pause menu on top while the claim panel under it is still open."""
    return p.top == "PauseOverlay" and bool(p.table.get("claiming"))


def claim_a_word(window: RealWindow, p: Probe) -> str:
    """Type a word into «Не говори …!», erase a letter with Backspace, close with Esc, then say it.
    Backspace and Esc belong to the panel (its own hint says so), not to the pause menu."""
    from collections import Counter

    from game.bots.nowords import known_word

    letters = Counter(c["letter"] for c in p.view["conversation"])
    word = known_word(letters, p.view.get("options", {}), common_only=False)
    if word is None:  # nothing to find: say some letters of the talk, the dictionary will refuse them
        word = "".join(c["letter"] for c in p.view["conversation"][:3])
    window.type(word)
    window.wait(lambda q: q.table.get("claiming") and q.table.get("claim_text") == word, f"«{word}» в панели", 30)
    window.press("BackSpace")
    # a stalled frame may turn one press into several (see the report of the key-repeat bug): any shorter prefix will do
    q = window.wait(lambda q: q.top != "NoWordsScene" or len(q.table.get("claim_text", word)) < len(word), "Backspace", 30)
    if q.top != "NoWordsScene":
        raise Failure(f"Backspace в панели «Не говори…» открыл {q.top} вместо того, чтобы стереть букву "
                      f"(снимок {window.screenshot('nowords-backspace')})")
    assert word.startswith(q.table["claim_text"]), f"Backspace сделал из «{word}» «{q.table['claim_text']}»"
    window.press("Escape")
    q = window.wait(lambda q: q.top != "NoWordsScene" or not q.table.get("claiming"), "Esc", 30)
    if paused_with_the_panel_open(q):
        raise Failure(f"Esc в панели «Не говори…» открыл {q.top} вместо отмены (снимок {window.screenshot('nowords-esc')})")
    if q.top == "PauseOverlay":  # the panel closed, then a repeat of the same press paused: close the pause
        window.press("Escape")
        q = window.wait(lambda q: q.top == "NoWordsScene", "пауза закрыта", 30)
    if "claim" not in q.kinds():
        return "announce"  # the table moved on meanwhile (a bot said a word first)
    window.type(word)
    window.wait(lambda q: q.table.get("claiming") and q.table.get("claim_text") == word or "claim" not in q.kinds(),
                f"«{word}» снова в панели", 30)
    window.press("Return")
    window.wait(lambda q: not q.table.get("claiming"), f"«{word}» сказано", MOVE_TIMEOUT)
    return "claim"


def answer_nowords_dialog(window: RealWindow, p: Probe) -> str:
    dialog = p.table["dialog"]
    label = next((b for b in dialog["buttons"] if b in ("Хожу сам", "Согласен", "Да, есть")), dialog["buttons"][0])
    window.click_rect(p, p.target("dialog", label)["rect"])
    window.wait(lambda q: q.table.get("dialog") != dialog, f"ответ «{label}»", MOVE_TIMEOUT)
    window.park_pointer()
    return "dialog"


# ---------------------------------------------------------------------------------------------- Твёрдый знак
@needs_x
def test_hardsign_in_the_real_window(window):
    table = window.open_table("Твёрдый знак", players=2, bots="новичок")
    assert table.table["scene"] == "HardSignScene"
    first = window.wait(lambda p: p.view.get("phase") in ("race", "over"), "первая раздача", MOVE_TIMEOUT)
    if first.view["phase"] == "over":
        raise Failure("«Твёрдый знак» открылся на «Итогах игры», не сыграв ни одной раздачи (часы машины далеко от 0): "
                      f"снимок {window.screenshot('hardsign-over-at-once')}")
    done: list[str] = []
    laid: list[str] = []
    while len(done) < 3:
        p = window.wait(lambda p: p.view.get("phase") == "race" and not p.busy and (
            {"submit", "withdraw"} & p.kinds()), f"ход {len(done) + 1}: раздача идёт", MOVE_TIMEOUT)
        if "withdraw" in p.kinds() and "withdraw" not in done:
            step = "withdraw"
            window.click_rect(p, p.target("button", "withdraw")["rect"])
            window.park_pointer()
            condition = lambda q: not q.view.get("my_word")  # noqa: E731
        elif "submit" in p.kinds() and not p.view.get("my_word"):
            step = "lay"
            word = build_and_lay(window, p, avoid=laid)
            laid.append(word)
            condition = lambda q, w=word: (q.view.get("my_word") or {}).get("word") == w or q.view["phase"] != "race"  # noqa: E731
        else:
            window.wait(lambda q: q.picture() != p.picture(), "стол меняется", MOVE_TIMEOUT)
            continue
        done.append(step)
        probe, shot = window.settled_shot(f"hardsign-{len(done)}-{step}", condition)
        if probe.view.get("my_word"):
            shown = [i["id"] for i in probe.items("laid")]
            assert shown == probe.view["my_word"]["cards"], (
                f"выложенное слово {probe.view['my_word']} не нарисовано в ряду: {shown} (снимок {shot})")
        check_items_shown(probe, shot, ("laid", "row", "table", "hand"))
        if len(done) == 3:
            (window.artefacts / "after-third-move.txt").write_text(str(shot))


def build_and_lay(window: RealWindow, p: Probe, avoid: list[str]) -> str:
    """Type a word the cards make, take the last letter back with Backspace, type it again, press Enter."""
    from game.rules.hardsign import words as W

    view = p.view
    hand = [(c["id"], c["face"]) for c in view["hand"]]
    table = [(c["id"], c["face"]) for c in view["table"]]
    plays = W.plays_for([f for _, f in hand], [f for _, f in table], view.get("words_options"))
    words = []
    for play in plays:
        row = W.cards_for_word(play.word, hand, table)
        if row and "?" not in "".join(r for _, r in row) and not play.instant and len(play.word) >= 3:
            words.append(play.word)
    fresh = [w for w in words if w not in avoid] or words
    assert fresh, f"из карт {hand} и стола {table} не складывается ни одного слова"
    word = max(fresh, key=lambda w: (len(w), w))
    window.type(word)
    window.wait(lambda q: q.table.get("word") == word, f"«{word}» собрано в ряду", 30)
    window.press("BackSpace")
    q = window.wait(lambda q: q.top != "HardSignScene" or len(q.table.get("word", word)) < len(word), "Backspace стирает", 30)
    if q.top != "HardSignScene":
        raise Failure(f"Backspace открыл {q.top} вместо того, чтобы стереть букву (снимок {window.screenshot('hs-back')})")
    kept = q.table["typed"] or q.table["word"]
    assert word.startswith(kept), f"Backspace сделал из «{word}» «{kept}»"
    window.type(word[len(kept):])
    window.wait(lambda q: q.table.get("word") == word, f"«{word}» снова собрано", 30)
    window.press("Return")
    return word


# ---------------------------------------------------------------------------------------------- no display
def without_display(tmp_path: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update({"SDL_AUDIODRIVER": "dummy", "IGROTEKA_CONFIG_DIR": str(tmp_path / "config"), **extra})
    return env


def venv_ready_for_run_py() -> bool:
    """run.py installs first unless .venv carries its stamp (CI's own ``run.py test`` leaves it)."""
    stamp = ROOT / ".venv" / ".installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return stamp.is_file() and stamp.read_text().strip() == wanted


@pytest.mark.parametrize("command", [["-m", "game"], ["-m", "game", "play", "--seed", "3"], ["run.py"]])
@pytest.mark.parametrize("driver", [None, "dummy"])
def test_without_a_screen_the_game_says_so_in_russian_and_exits(tmp_path, command, driver):
    if command == ["run.py"] and not venv_ready_for_run_py():
        pytest.skip("run.py поставил бы зависимости: .venv без его отметки")
    env = without_display(tmp_path, **({"SDL_VIDEODRIVER": driver} if driver else {}))
    result = subprocess.run([sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    said = result.stdout + result.stderr
    assert result.returncode != 0, f"игра без экрана не вышла с ошибкой: {said}"
    expected = "рисует в никуда" if driver else "Не найден графический экран"
    assert expected in said, said


def test_headless_commands_still_work_without_a_screen(tmp_path):
    env = without_display(tmp_path)
    shot = tmp_path / "menu.png"
    screenshot = subprocess.run([sys.executable, "-m", "game", "screenshot", "menu", "--out", str(shot), "--frames", "2"],
                                cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert screenshot.returncode == 0 and shot.stat().st_size > 10_000, screenshot.stdout + screenshot.stderr
    word = subprocess.run([sys.executable, "-m", "game", "word", "--game", "erudit", "щука"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert word.returncode == 0 and "щука" in word.stdout.lower(), word.stdout + word.stderr


def test_which_screens_count_as_none():
    from game.cli.play import display_problem

    assert display_problem({}, "linux")
    assert display_problem({"SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":0"}, "linux")
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "kmsdrm"}, "linux") is None  # chosen on purpose: trusted
    assert display_problem({}, "win32") is None and display_problem({}, "darwin") is None
