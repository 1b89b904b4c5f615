"""«Часы» at the board table, driven through the app's events: every plate shows its seat's clock and the one that
runs counts down on the host's time; the pause menu (Esc) stops the clock, and the table with it, for every player —
at a local table and over the LAN — until «Продолжить»; a move out of its time passes and the table says so."""
from __future__ import annotations

import pygame
import pytest

from board_words import COMMON, WORDS
from game.rules.board import words as wordsrc
from game.scenes import game_scene
from game.scenes.table.pause import PauseOverlay
from net_support import VirtualClock, Wire, seated_room
from table_driver import LocalTable, press_key
from window_support import screen_app, shown_lines

MINUTE = 60_000
NOTE = "Часы и игра стоят у всех, пока вы не продолжите"


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def frames(app, count: int = 3) -> None:
    for _ in range(count):
        app.handle_events()
        app.update(17)


def clock_texts(app) -> list[str]:
    """The clock faces on the plates, top to bottom («9:58», «-0:12»)."""
    return [words for words in shown_lines(app) if words.replace("-", "").replace(":", "").isdigit() and ":" in words]


def test_every_plate_shows_its_clock_and_the_one_that_runs_counts_down(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "erudit", ["Вы", "Маша"], seed=3, options={"clock": "game10"})
        table.settle()
        runner = table.session.rules.view(table.session.state, 0)["clock"]["runs"]
        assert clock_texts(app) == ["10:00", "10:00"]
        table.clock.ms += 1_300  # the host's time: the clock of the seat on turn shows it, the other stands
        table.step(1, ms=0)
        assert clock_texts(app) == ["9:59" if seat == runner else "10:00" for seat in range(2)]


def test_the_pause_menu_stops_the_clock_of_a_local_table_for_everyone(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "erudit", ["Вы", "Маша"], seed=3, options={"clock": "game10"}, human=True)
        table.settle()
        session = table.session
        shown = clock_texts(app)
        table.key(pygame.K_ESCAPE)
        assert isinstance(app.top, PauseOverlay) and session.state.phase == "paused"
        assert NOTE in shown_lines(app)
        moves = len(session.state.history)
        table.step(300, ms=1000)  # five minutes in the menu: the bot does not move, no clock runs
        assert session.state.phase == "paused" and len(session.state.history) == moves
        left = session.rules.view(session.state, 0)["clock"]["left_ms"]
        table.key(pygame.K_ESCAPE)  # «Продолжить»
        assert app.top is table.scene and session.state.phase == "play"
        assert session.rules.view(session.state, 0)["clock"]["left_ms"] == left
        assert clock_texts(app) == shown


class WireLink:
    """A LAN seat as the table scene talks through it (``send``, ``poll``, ``pump``), over the host core without
    sockets: the updates are the host's own, each stamped with its time (``t``)."""

    goes_on_elsewhere = True
    replaying = False

    def __init__(self, wire: Wire, seat: int):
        self.wire, self.seat, self.lobby = wire, seat, None

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        self.wire.act(action)  # no clock samples: the host stamps a reflex on arrival

    def poll(self) -> list[dict]:
        return [m for m in self.wire.take() if m.get("type") in ("update", "error")]

    def pump(self) -> None:
        self.wire.core.advance(self.wire.core.now())

    def finished_journal(self) -> None:
        return None

    def close(self) -> None: ...


def test_the_pause_menu_of_a_lan_window_stops_the_clock_at_the_host(tmp_path, monkeypatch):
    clock = VirtualClock(10**9)
    core, wires, _ = seated_room(2, game="erudit", clock=clock, options={"clock": "move1"})
    with screen_app(tmp_path, monkeypatch) as app:
        app.now_ms = lambda: clock.ms - 700_000  # the window's machine keeps its own time
        scene = game_scene(WireLink(wires[0], 0), "erudit", ["Аня", "Боря"])
        app.push(scene)
        frames(app, 60)
        runner = scene.view["clock"]["runs"]
        clock.ms += 20_000
        frames(app)
        assert clock_texts(app)[runner] == "0:40"  # counted on the host's time, which the updates tell
        press_key(app, pygame.K_ESCAPE)
        frames(app, 1)
        other = wires[1].last("update")["view"]
        assert other["phase"] == "paused" and other["clock"]["paused_by"] == 0
        clock.ms += 10 * MINUTE
        core.advance(clock.ms)  # ten minutes: the move's minute would have run out long ago
        assert core.session.state.phase == "paused" and not core.session.state.history
        press_key(app, pygame.K_ESCAPE)
        frames(app, 1)
        view = wires[1].last("update")["view"]
        assert view["phase"] == "play" and view["clock"]["left_ms"][runner] == 40_000
        clock.ms += 40_000
        core.advance(clock.ms)
        frames(app, 2)
        assert scene.view["history"][-1] == {"seat": runner, "kind": "pass", "score": 0, "total": 0, "timeout": True}
        assert "время вышло — пас" in shown_lines(app)


def test_the_screenshot_command_sets_a_tables_rules_and_lets_its_clock_run(tmp_path):
    """``python -m game screenshot erudit --option clock=game10 --wait 590``: a board in mid-game with «Часы» on, ten
    minutes less ten seconds later; a rule it cannot read is a Russian sentence."""
    import subprocess
    import sys

    env = {"IGROTEKA_CONFIG_DIR": str(tmp_path), "IGROTEKA_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PATH": ""}
    out = tmp_path / "clock.png"
    done = subprocess.run([sys.executable, "-m", "game", "screenshot", "erudit", "--players", "2", "--option",
                           "clock=game10", "--wait", "590", "--out", str(out)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0 and "сохранён" in done.stdout, done.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    for bad, said in (("clock", "не понято"), ("clock=game7", "Такой стол не собрать")):
        done = subprocess.run([sys.executable, "-m", "game", "screenshot", "erudit", "--option", bad, "--out",
                               str(tmp_path / "x.png")], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 2 and said in done.stdout, (bad, done.stdout, done.stderr)
