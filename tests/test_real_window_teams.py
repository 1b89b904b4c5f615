"""UNO «Командная игра» in the real window, played as a person plays it: from the main menu by keys («Играть с
ботами», UNO, four players, «Домашние правила» → «Набор: Командный», back, «Начать игру»), a whole 2v2 round with
three bots (the person's partner sits opposite), and the results screen checked on a screenshot taken from outside
the process: its line carries both teams' scores as the view counts them (tests/real_window_support.py).
"""
from __future__ import annotations

import time

import pytest

from game.scenes.base import INK_DIM  # the colour of the results' line under the title
from real_window_support import Failure, Probe, RealWindow, missing_tools, text_shown
from test_real_window import MOVE_TIMEOUT, check_uno_table, my_turn, uno_move

needs_x = pytest.mark.skipif(bool(missing_tools()), reason=f"нет программ: {', '.join(missing_tools())}")

ROUND_TIMEOUT = 420.0


def pick_team_preset(window: RealWindow) -> None:
    """«Набор: Командный» in the house rules: the setup names the preset the rules equal."""
    setup = window.pick_preset("Командный")
    assert setup.widget("Домашние правила")["note"] == "набор «Командный»", setup.widget("Домашние правила")


def results_line(p: Probe) -> str:
    """The line under the results' title, as the table writes it after a round of «Командная игра»."""
    view, table = p.view, p.table
    result = view["round_result"]
    winner = result["winner"]
    name = "Вы" if winner == view["me"] else table["names"][winner]
    teams = view["teams"]
    return (f"Первым без карт: {name} · "
            + " · ".join(f"{n}: {total}" for n, total in zip(teams["names"], teams["team_scores"])))


@needs_x
def test_a_2v2_round_with_bots_in_the_real_window(window):
    menu = window.wait(lambda p: p.top == "MainMenu" and p.report.get("widgets"), "главное меню", 90)
    window.click_rect(menu, menu.widget("Играть с ботами")["rect"])
    window.park_pointer()
    setup = window.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
    window.choose(setup, "Игра", "UNO")
    window.choose(setup, "Игроков", "4")
    pick_team_preset(window)
    setup = window.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
    window.click_rect(setup, setup.widget("Начать игру")["rect"])
    window.park_pointer()
    table = window.wait(lambda p: p.table is not None and p.view, "стол UNO", 90)
    view = table.view
    assert view["teams"]["members"] == [[0, 2], [1, 3]], view.get("teams")
    assert [pl["team"] for pl in view["players"]] == [0, 1, 0, 1]

    done: list[str] = []
    deadline = time.monotonic() + ROUND_TIMEOUT
    while True:
        if time.monotonic() > deadline:
            raise Failure(f"за {ROUND_TIMEOUT:.0f} с тур не кончился; ходы {done}; снимок {window.screenshot('long')}")
        p = window.wait(lambda p: p.table and not p.busy and (
            p.table.get("results_open") or p.table.get("wheel_open") or my_turn(p)), "ход человека или итоги",
            MOVE_TIMEOUT)
        if p.table.get("results_open"):
            break
        if p.view.get("phase") == "ready":
            window.press("Return")  # «Готов» after taking four
            window.wait(lambda q: q.view.get("phase") != "ready", "«Готов»", MOVE_TIMEOUT)
            continue
        done.append(uno_move(window, p, done))
        if len(done) % 4 == 1:
            probe, shot = window.settled_shot(f"teams-{len(done)}-{done[-1]}")
            check_uno_table(probe, shot)

    probe, shot = window.settled_shot("teams-results", lambda q: q.table.get("results_open"))
    teams = probe.view["teams"]
    result = probe.view["round_result"]
    winning_team = next(t for t, members in enumerate(teams["members"]) if result["winner"] in members)
    assert teams["team_scores"][winning_team] > 0 and teams["team_scores"][1 - winning_team] == 0, teams
    line = results_line(probe)
    top = 360 - min(690, 190 + len(probe.view["players"]) * 40) // 2  # the results panel (uno ResultsScreen.rect), centred on the canvas
    shown = text_shown(shot, line, 17, INK_DIM, (640, top + 62))
    assert shown >= 0.8, f"на итогах нет строки «{line}» (совпало {shown:.0%}, снимок {shot})"
