"""Hold a restructuring to the same behaviour: record what seeded games did, before and after, and compare.

    python tools/record_behaviour.py --out /tmp/before            # on the old code
    python tools/record_behaviour.py --out /tmp/after             # on the new code
    python tools/record_behaviour.py --out /tmp/before-again      # the old code once more
    python tools/record_behaviour.py --compare /tmp/before /tmp/after --again /tmp/before-again

Recording runs the tests that play whole games through the app's event route and draw them (``RECORDED``) with the
``recording`` plugin (tests/recording.py): every frame drawn, every message a seat was sent and every journal, as
digests, one file per test. Comparing names each test whose frames, messages or journals differ, and where they
first do; with ``--again`` (the old code recorded twice) what differs between the two old recordings is
not behaviour but the machine's clock or threads (a LAN room's journal is stamped by the real clock), and is left
out. Extra pytest arguments after ``--`` choose other tests (``-- tests/test_uno_scene.py``).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDED = [
    "tests/test_scene_caches.py",
    "tests/test_judge_parity.py",
    "tests/test_uno_scene.py",
    "tests/test_board_scene.py",
    "tests/test_nowords_scene.py",
    "tests/test_hardsign_scene.py",
    "tests/test_bingo_scene.py",
    "tests/test_uno_moments_look.py",
    "tests/test_couch_play.py",
    "tests/test_replay_scene.py",
]


def record(out: Path, chosen: list[str]) -> int:
    env = {**os.environ, "IGROTEKA_RECORD": str(out), "IGROTEKA_DATA_DIR": "/tmp/igroteka-recorded-games", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    command = [sys.executable, "-m", "pytest", "-p", "recording", "-q", "-n", "2",
               *(chosen or RECORDED)]
    return subprocess.call(command, cwd=ROOT, env=env)


def first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"at {i} of {len(a)}/{len(b)}"
    return f"lengths {len(a)}/{len(b)}"


def compare(before: Path, after: Path, again: Path | None = None) -> int:
    """Every test recorded in ``after`` against the same test in ``before`` (a partial recording is compared so)."""
    names = sorted(p.name for p in after.glob("*.json"))
    differing = frames = 0
    for name in names:
        a, b = before / name, after / name
        if not a.exists():
            print(f"{name}: not recorded before")
            differing += 1
            continue
        ra, rb = json.loads(a.read_text()), json.loads(b.read_text())
        rc = json.loads((again / name).read_text()) if again and (again / name).exists() else ra
        frames += len(ra["frames"])
        parts = [f"{k} differ {first_difference(ra[k], rb[k])}" for k in ("frames", "messages", "journals")
                 if ra[k] != rb[k] and ra[k] == rc[k]]
        if parts:
            differing += 1
            print(f"{ra['test']}: " + "; ".join(parts))
    print(f"{len(names)} tests compared, {frames} frames; {differing} differ")
    return 1 if differing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--again", type=Path, metavar="BEFORE2", help="the old code recorded a second time")
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare, again=args.again)
    if not args.out:
        parser.error("--out or --compare")
    return record(args.out, args.pytest_args)


if __name__ == "__main__":
    sys.exit(main())
