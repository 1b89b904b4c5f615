"""``python -m game`` / ``igroteka``: open the window at the main menu."""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Mapping

INVISIBLE_DRIVERS = ("dummy", "offscreen")  # SDL draws, but nobody can see it


def register(sub) -> None:
    p = sub.add_parser("play", help="открыть игру (то же, что без команды)")
    p.add_argument("--seed", type=int, default=None,
                   help="зерно раздачи для всех игр с ботами в этом окне (одинаковые партии для проверок)")
    # the bench's start-up time (game.benchmarks.app): the first menu frame drawn headless, its wall time printed
    p.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """Why an interactive window cannot be seen here, in Russian; None when it can."""
    driver = environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in INVISIBLE_DRIVERS:
        return (f"Окно игры не откроется: SDL_VIDEODRIVER={driver} рисует в никуда. Уберите эту переменную "
                "(или укажите x11, wayland) и запустите игру снова.")
    if driver:
        return None  # a driver chosen on purpose knows where its screen is
    if platform.startswith("linux") and not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return ("Не найден графический экран: не заданы ни DISPLAY, ни WAYLAND_DISPLAY, и окну игры негде открыться. "
                "Запустите игру с рабочего стола (или через ssh -X). Без экрана работают команды "
                "screenshot, simulate, bench, word, moves и host.")
    return None


def open_window():
    """The game's window (with the real-window tests' probe when IGROTEKA_PROBE asks for it), or None after saying
    in Russian why it cannot open."""
    problem = display_problem(os.environ, sys.platform)
    if problem:
        print(problem, file=sys.stderr)
        return None
    import pygame

    from game.app import App

    try:
        app = App()
    except pygame.error as exc:
        print(f"Не удалось открыть окно игры: {exc}. Нужен графический экран.", file=sys.stderr)
        return None
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS:
        app.shutdown()
        print(f"Окно игры не откроется: SDL выбрал видеодрайвер «{driver}», у которого нет экрана.", file=sys.stderr)
        return None
    if os.environ.get("IGROTEKA_PROBE"):
        from game.probe import from_environment

        app.probe = from_environment()
    return app


def startup_probe() -> int:
    """Open the app headless, draw the first menu frame, print the wall time it happened."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes.menu import MainMenu

    app = App(headless=True)
    app.push(MainMenu())
    app.draw(0.0)
    print(time.time())
    app.shutdown()
    return 0


def run(args=None) -> int:
    from game.scenes.menu import MainMenu

    if getattr(args, "startup_probe", False):
        return startup_probe()
    app = open_window()
    if app is None:
        return 1
    app.deal_seed = getattr(args, "seed", None)
    app.push(MainMenu())
    app.run()
    return 0
