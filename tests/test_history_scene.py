"""«История» as a player uses it, every input posted into the app as SDL events: opened from the main menu, its list
leafed through with the keys, the mouse wheel and a pad, a name's statistics, «Очистить историю» behind its question,
the empty screen, and a damaged file told at start in Russian."""
from __future__ import annotations

import time

import pygame
import pytest

from game.app import STEP_MS
from game.net.journal import journal_bytes
from game.net.record import BOT, HERE, GameRecord, PlayerRecord
from game.scenes.history import ClearHistoryDialog, HistoryScene, HistoryStatsScene, demo_records
from game.scenes.menu import MainMenu
from table_driver import click, post, press_key, press_pad, unplug_pads
from window_support import screen_app, shown_lines

pytestmark = pytest.mark.timeout(60)


def alyona_won(key: str, ended_at: float) -> tuple[float, GameRecord]:
    header = {"game": "erudit", "seats": 2, "seed": 1, "options": {}, "start_ms": 0}
    players = (PlayerRecord(0, "Алёна", HERE, None, 321, True, "КРОВ", 26),
               PlayerRecord(1, "Петя", BOT, "ace", 300, False, "ДОМ", 12))
    return ended_at, GameRecord(key, "erudit", "Эрудит", players, (), journal_bytes(header, []))


@pytest.fixture
def window(tmp_path, monkeypatch):
    """The app at its main menu, its history in ``tmp_path`` holding the demo's twelve games and, newest, a game
    Алёна won."""
    monkeypatch.setenv("IGROTEKA_HISTORY_DIR", str(tmp_path))
    with screen_app(tmp_path, monkeypatch) as app:
        for ended_at, record in demo_records(7) + [alyona_won("alyona", time.mktime((2033, 5, 18, 12, 0, 0, 0, 0, -1)))]:
            app.history.add(record, ended_at=ended_at)
        app.push(MainMenu())
        frames(app)
        try:
            yield app
        finally:
            unplug_pads()


def frames(app, count: int = 3) -> None:
    for _ in range(count):
        app.frame(STEP_MS, 0.0)


def key(app, k) -> None:
    press_key(app, k)
    frames(app, 1)


def open_history(app, keys: bool = False) -> HistoryScene:
    """«История» chosen in the main menu: with the keys (right out of the game tiles, then down the column), or
    clicked (the keys pass over the tiles, and each deals its game in the background: a click spares the CPU)."""
    entry = next(w for w in app.top.group.widgets if w.label == "История")
    if keys:
        for _ in range(20):
            if app.top.group.focused is entry:
                break
            key(app, pygame.K_RIGHT if app.top.group.focused.rect.left < 800 else pygame.K_DOWN)
        key(app, pygame.K_RETURN)
    else:
        click(app, entry.rect.center)
        frames(app, 1)
    assert isinstance(app.top, HistoryScene)
    return app.top


def test_the_list_opens_newest_first_and_says_who_won_agreeing_with_her(window):
    scene = open_history(window, keys=True)
    games = window.history.games()
    assert len(scene.entries) == 13 and scene.entries[0].record.key == "alyona"
    lines = shown_lines(window)
    assert "Победила Алёна — 321 очко · 2 игрока" in lines  # the newest row, and the details beside it
    assert {"Эрудит", "Алёна", "Петя", "321", "300", "бот, ас"} <= set(lines)
    assert [row.entry.record.key for row in scene.rows] == [g.record.key for g in games[:len(scene.rows)]]


def test_keys_wheel_and_pad_leaf_through_the_list(window):
    scene = open_history(window)
    visible = len(scene.rows)
    for _ in range(visible + 2):  # past the last row: the list scrolls
        key(window, pygame.K_DOWN)
    assert scene.selected == visible + 2 and scene.first == 3
    assert scene.rows[-1].entry is scene.entries[scene.selected]
    assert scene.entries[scene.selected].record.title in shown_lines(window)  # its details are shown
    key(window, pygame.K_RIGHT)  # to «Статистика», beside the bottom row: the wheel still leafs through the list
    assert scene.group.focused is scene.stats_button
    for _ in range(2):
        post(window, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                        which=0, touch=False))
    frames(window, 1)
    assert scene.selected == visible and scene.group.focused is scene.rows[visible - scene.first]
    press_pad(window, "down")
    frames(window, 1)
    assert scene.selected == visible + 1
    for _ in range(20):
        key(window, pygame.K_DOWN)
    assert scene.selected == len(scene.entries) - 1 and scene.first == len(scene.entries) - visible
    key(window, pygame.K_ESCAPE)
    assert isinstance(window.top, MainMenu)


def test_a_name_s_statistics_agree_with_the_player(window):
    scene = open_history(window)
    key(window, pygame.K_RIGHT)  # from the top row to «Повтор партии», then down and left to «Статистика»
    assert scene.group.focused is scene.replay_button
    key(window, pygame.K_DOWN)
    if scene.group.focused is scene.clear_button:
        key(window, pygame.K_LEFT)
    assert scene.group.focused is scene.stats_button
    key(window, pygame.K_RETURN)
    stats = window.top
    assert isinstance(stats, HistoryStatsScene)
    lines = shown_lines(window)
    first = stats.names[0]
    numbers = window.history.stats(first)
    assert f"{first} сыграл {numbers.games} партий, выиграл {numbers.wins}" in lines  # Лёша: seat 0 of every game
    while stats.who.value != "Алёна":
        key(window, pygame.K_RIGHT)
    lines = shown_lines(window)
    assert "Алёна сыграла 1 партию, выиграла 1" in lines
    assert "Лучшее слово: КРОВ — 26 очков (Эрудит, 18 мая 2033)" in lines
    assert "Серия в UNO: не играла в UNO" in lines
    key(window, pygame.K_ESCAPE)
    assert window.top is scene and scene.group.focused is scene.stats_button  # back where it was


def test_clearing_asks_first_and_cancel_keeps_everything(window):
    scene = open_history(window)
    click(window, scene.clear_button.rect.center)
    frames(window, 1)
    assert isinstance(window.top, ClearHistoryDialog)
    assert "Очистить историю?" in shown_lines(window)
    key(window, pygame.K_RETURN)  # the focus starts on «Отмена»
    assert window.top is scene and window.history.count() == 13
    click(window, scene.clear_button.rect.center)
    frames(window, 1)
    key(window, pygame.K_LEFT)
    key(window, pygame.K_RETURN)  # «Удалить всё»
    assert window.top is scene and window.history.count() == 0
    frames(window, 1)
    lines = shown_lines(window)
    assert "Здесь пока пусто" in lines and "История очищена." in lines
    assert not scene.stats_button.enabled and not scene.clear_button.enabled


def test_a_damaged_history_is_told_at_start_and_begun_again(tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_HISTORY_DIR", str(tmp_path))
    (tmp_path / "history.sqlite3").write_bytes(b"\x00\x01 not a database " * 300)
    with screen_app(tmp_path, monkeypatch) as app:
        [toast] = [t.message for t in app.toasts]
        assert toast.startswith("Файл истории партий повреждён: начата новая история.")
        assert any(p.name.startswith("history.sqlite3.damaged-") for p in tmp_path.iterdir())
        app.push(MainMenu())
        frames(app)
        open_history(app)
        assert "Здесь пока пусто" in shown_lines(app)


def test_a_kept_game_opens_in_the_replay_viewer_and_one_without_its_moves_says_why(window):
    """«Повтор партии» of a game the store kept with its journal: the viewer opens on the seat this machine played;
    a game whose journal the host could not send tells so and stays on «История»."""
    from dataclasses import replace

    from game.net.record import finished_record
    from game.net.session import SeatInfo, Session
    from game.scenes.table.replay import ReplayScene

    session = Session("uno", [SeatInfo("Маша", "novice"), SeatInfo("Петя", "novice")], 5, {})
    assert session.run_bots_to_end()
    record = finished_record(session, "uno-5", [(HERE, None), (BOT, "novice")])
    window.history.add(record, ended_at=time.mktime((2034, 1, 2, 12, 0, 0, 0, 0, -1)))
    # a room's game whose journal was too large to send: a guest keeps its summary only
    window.history.add(replace(record, key="uno-5-too-large", journal=None),
                       ended_at=time.mktime((2034, 1, 1, 12, 0, 0, 0, 0, -1)))
    scene = open_history(window)
    assert scene.entries[scene.selected].record.key == "uno-5" and scene.replay_button.enabled
    click(window, scene.replay_button.rect.center)
    frames(window, 2)
    replay = window.top
    assert isinstance(replay, ReplayScene), window.top
    if replay.preparing is not None:
        replay.preparing.result(timeout=30)
    frames(window, 2)
    assert replay.table is not None and replay.table.replaying
    press_key(window, pygame.K_ESCAPE)
    frames(window, 3)
    while not isinstance(window.top, HistoryScene):
        press_key(window, pygame.K_ESCAPE)
        frames(window, 3)
    scene = window.top
    scene.select(next(i for i, entry in enumerate(scene.entries) if entry.record.key == "uno-5-too-large"))
    frames(window)
    assert not scene.replay_button.enabled and scene.replay_button.note == "нет записи ходов"
