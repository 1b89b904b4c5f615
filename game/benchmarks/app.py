"""startup_ms (process start to the first menu frame) and frame times of every scene."""
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
        out = subprocess.run([sys.executable, "-m", "game", "startup-probe"], capture_output=True, text=True, check=True)
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


def measure() -> dict:
    return {"startup_ms": startup_ms(), **frame_times()}
