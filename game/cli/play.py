"""``python -m game`` / ``igroteka``: open the window at the main menu."""
from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser("play", help="открыть игру (то же, что без команды)")
    p.set_defaults(func=run)


def run(args=None) -> int:
    import pygame

    from game.app import App
    from game.scenes.menu import MainMenu

    try:
        app = App()
    except pygame.error as exc:
        print(f"Не удалось открыть окно игры: {exc}. Нужен графический экран.")
        return 1
    app.push(MainMenu())
    app.run()
    return 0
