"""startup_ms (process start to the first menu frame), frame times of every scene, and the way from «Начать игру» to
the Эрудит table in a fresh process (``start_erudit_ms``: press to the first table frame; ``start_erudit_frame_ms_max``:
the longest frame meanwhile, which was the whole wait when the window froze; ``…_at_once`` presses at the first
frame of the setup screen, ``…_after_2s`` after two seconds there, as a person choosing players does)."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

SCENES = ("menu", "settings", "setup", "house", "uno", "erudit", "slovodel", "nowords", "hardsign")
WARMUP_FRAMES = 60
MEASURED_FRAMES = 300


def startup_ms(runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        began = time.time()
        out = subprocess.run([sys.executable, "-m", "game", "play", "--startup-probe"], capture_output=True, text=True, check=True)
        best = min(best, (float(out.stdout.strip().splitlines()[-1]) - began) * 1000.0)
    return round(best, 1)


def frame_times() -> dict:
    from game.app import STEP_MS, App
    from game.cli.screenshot import make_scene

    app = App(headless=True)
    worst: tuple[float, float, str] = (0.0, 0.0, "")
    per_scene = {}
    for name in SCENES:
        scene = make_scene(name, seed=7, players=4)
        if scene is None:
            continue
        app.push(scene)
        times = []
        for i in range(WARMUP_FRAMES + MEASURED_FRAMES):
            began = time.perf_counter()
            app.update(STEP_MS)
            app.draw(0.5)
            if i >= WARMUP_FRAMES:
                times.append((time.perf_counter() - began) * 1000.0)
        while app.scenes:
            app.pop()
        app.running = True
        times.sort()
        p50 = statistics.median(times)
        p99 = times[int(len(times) * 0.99) - 1]
        per_scene[name] = round(p99, 2)
        if p99 > worst[1]:
            worst = (p50, p99, name)
    return {
        "frame_ms_p50": round(worst[0], 2),
        "frame_ms_p99": round(worst[1], 2),
        "frame_worst_scene": worst[2],
        "frame_ms_p99_by_scene": per_scene,
    }


BUSY_GAMES = ("uno", "erudit", "slovodel", "nowords", "hardsign", "bingo")
BUSY_SIZE = (1920, 1080)
BUSY_WARMUP_MOVES = 12  # moves the bots make before the screen opens: a table in full swing, not a fresh deal
BUSY_FRAMES = 600  # ten seconds of the table at 60 Hz, the bots moving (flights, banners, tickers)


def busiest_frames(game_id: str, frames: int = BUSY_FRAMES, size: tuple[int, int] = BUSY_SIZE) -> list[float]:
    """Frame times (update + draw, ms) of ``game_id``'s table at its busiest: every seat the game takes, bots at
    all of them playing on while seat 0's screen shows it, in a 1920×1080 window (the canvas scaled up each frame)."""
    from game.app import STEP_MS, App
    from game.launch import BOT_NAMES, play_on
    from game.net.local import LocalHost
    from game.net.session import SeatInfo
    from game.rules import player_range
    from game.scenes import game_scene
    from game.scenes.demo import VirtualClock

    players = player_range(game_id)[1]
    names = ["Вы"] + BOT_NAMES[: players - 1]
    clock = VirtualClock()
    host = LocalHost(game_id, [SeatInfo(n, "player") for n in names], 7, clock=clock)
    session = host.session
    play_on(session, clock, BUSY_WARMUP_MOVES)
    app = App(size=size, headless=True)
    app.now_ms = clock
    app.push(game_scene(host.connect(0), game_id, names))
    wall, cpu = [], []
    try:
        for i in range(WARMUP_FRAMES + frames):
            clock.ms += round(STEP_MS)
            session.advance(clock.ms)  # the bots' thinking is the host's time, not the frame's
            began, began_cpu = time.perf_counter(), time.thread_time()
            app.update(STEP_MS)
            app.draw(0.5)
            if i >= WARMUP_FRAMES:
                wall.append((time.perf_counter() - began) * 1000.0)
                cpu.append((time.thread_time() - began_cpu) * 1000.0)
    finally:
        app.shutdown()
    return wall, cpu


def _p99(times: list[float]) -> float:
    times = sorted(times)
    return round(times[max(0, int(len(times) * 0.99) - 1)], 2)


def busiest_tables() -> dict:
    """``frame_ms_p99_1080_<game>``: p99 of the busiest table of each game at 1920×1080 (goal: 6 ms) in wall time,
    ``frame_cpu_ms_p99_1080_<game>`` the same in this thread's CPU time (what a machine shared with other work
    still tells), and ``present_ms_1080``: the part of every frame that scales the canvas up to the window."""
    out = {}
    for game_id in BUSY_GAMES:
        wall, cpu = busiest_frames(game_id)
        out[f"frame_ms_p99_1080_{game_id}"] = _p99(wall)
        out[f"frame_cpu_ms_p99_1080_{game_id}"] = _p99(cpu)
        out[f"frame_cpu_ms_p50_1080_{game_id}"] = round(statistics.median(cpu), 2)
    out["present_cpu_ms_1080"] = present_cost()
    return out


def present_cost(size: tuple[int, int] = BUSY_SIZE, runs: int = 60) -> float:
    """Median CPU milliseconds of App.present at ``size``: the canvas scaled into the window, nothing else."""
    from game.app import App

    app = App(size=size, headless=True)
    try:
        times = []
        for _ in range(runs):
            began = time.thread_time()
            app.present()
            times.append((time.thread_time() - began) * 1000.0)
    finally:
        app.shutdown()
    return round(statistics.median(times), 2)


# the deal the start is timed on: «Вы» move first, so the table is opened with the words the person may play
START_SEED = 1

_START_PROBE = """
import os, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from game import lexicon_store
from game.app import App, STEP_MS
from game.scenes.setup import SetupScene
lexicon_store.install()  # a process put together here, as game.__main__ puts every command's
app = App(headless=True)
app.deal_seed = int(sys.argv[3])  # the same deal every run: who moves first decides what the deal must build
app.push(SetupScene(sys.argv[1]))
def paced_frame():  # the real loop's pace: the background thread gets the rest of each 60 Hz step
    began = time.perf_counter()
    app.frame(STEP_MS, 0.0)
    spent = time.perf_counter() - began
    time.sleep(max(0.0, STEP_MS / 1000 - spent))
    return spent * 1000
linger_until = time.perf_counter() + float(sys.argv[2])
paced_frame()
while time.perf_counter() < linger_until:
    paced_frame()
setup, longest, pressed = app.top, 0.0, time.perf_counter()
setup.start()
while app.top is setup and time.perf_counter() - pressed < 30:
    longest = max(longest, paced_frame())
longest = max(longest, paced_frame())  # the table's first frame
print((time.perf_counter() - pressed) * 1000, longest)
"""


def start_to_table(game_id: str = "erudit", seed: int = START_SEED) -> dict:
    out = {}
    for linger, name in ((0.0, "at_once"), (2.0, "after_2s")):
        run = subprocess.run([sys.executable, "-c", _START_PROBE, game_id, str(linger), str(seed)],
                             capture_output=True, text=True, check=True)
        wait_ms, longest_ms = map(float, run.stdout.strip().splitlines()[-1].split())
        out[f"start_{game_id}_ms_{name}"] = round(wait_ms)
        out[f"start_{game_id}_frame_ms_max_{name}"] = round(longest_ms, 1)
    return out


def measure() -> dict:
    return {"startup_ms": startup_ms(), **frame_times(), **busiest_tables(), **start_to_table()}
