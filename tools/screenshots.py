#!/usr/bin/env python3
"""Regenerate the README's screenshots into docs/screenshots/ with the game's own
``screenshot`` command (headless). Run: ``python tools/screenshots.py`` inside .venv."""
from __future__ import annotations

import os
import subprocess
import tempfile
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SHOTS = [
    ("menu", []),
    ("uno", ["--players", "5", "--seed", "3"]),
    ("erudit", ["--players", "2", "--seed", "3"]),
    ("slovodel", ["--players", "3", "--seed", "3"]),
    ("nowords", ["--players", "4", "--seed", "3"]),
    ("hardsign", ["--players", "4", "--seed", "3"]),
    ("bingo", ["--players", "4", "--seed", "3"]),
    ("wordcheck", []),
    ("settings", []),
    ("seats", ["--players", "4"]),
    ("lobby", ["--players", "4"]),
    ("history", []),  # «История» over its seeded demo games
    ("replay", ["--players", "2", "--seed", "7", "--frames", "300"]),  # the last move's score has risen and gone
]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IGROTEKA_CONFIG_DIR=tempfile.mkdtemp(prefix="igroteka-shots-"))
    failed = []
    for scene, extra in SHOTS:
        target = OUT / f"{scene}.png"
        done = subprocess.run([sys.executable, "-m", "game", "screenshot", scene, "--out", str(target), *extra],
                              cwd=ROOT, env=env, capture_output=True, text=True)
        print(done.stdout.strip() or done.stderr.strip().splitlines()[-1])
        if done.returncode != 0:
            failed.append(scene)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
