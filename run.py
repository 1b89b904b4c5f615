#!/usr/bin/env python3
"""Игротека in one command on a fresh machine: ``python3 run.py`` plays, ``python3 run.py test``
runs the whole test suite. Either one first makes ``.venv`` beside this file and installs
the project into it (again only when pyproject.toml changed). Any other arguments go to
``python -m game`` (for example ``python3 run.py screenshot menu --out m.png``).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".installed"


def say(message: str) -> None:
    print(f"[игротека] {message}", flush=True)


def ensure_installed() -> None:
    if sys.version_info < (3, 11):
        sys.exit("Нужен Python 3.11 или новее.")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    if not PYTHON.exists():
        say("создаю окружение .venv …")
        try:
            venv.create(VENV, with_pip=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            sys.exit(f"Не удалось создать окружение Python ({exc}). В Debian и Ubuntu поставьте пакет python3-venv.")
    say("ставлю зависимости (один раз, около минуты) …")
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    if subprocess.call(pip + ["-e", f"{ROOT}[test]"]) != 0:
        sys.exit("Установка зависимостей не удалась: посмотрите сообщение pip выше.")
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    ensure_installed()
    env = dict(os.environ)
    if argv[:1] == ["test"]:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        # one worker more than cores: the real-window tests spend most of their time waiting for the bots' human pace
        workers = str(min(6, (os.cpu_count() or 1) + 1))
        command = [str(PYTHON), "-m", "pytest", "-n", workers, "--dist", "worksteal", "-q", *argv[1:]]
    else:
        command = [str(PYTHON), "-m", "game", *argv]
    os.chdir(ROOT)
    return subprocess.call(command, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
