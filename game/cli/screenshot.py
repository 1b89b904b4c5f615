"""``python -m game screenshot SCENE --out FILE.png``: render a scene headless to a PNG."""
from __future__ import annotations

import os

from game.rules.base import Rejected

STATIC_SCENES = ("menu", "settings", "setup", "house")
SCENE_NAMES = {"история": "history"}  # a scene may be asked for by its Russian name


def register(sub) -> None:
    p = sub.add_parser("screenshot", help="снять экран сцены в PNG без окна")
    p.add_argument("scene", metavar="СЦЕНА", help="menu, settings, setup, house, uno, erudit, slovodel, nowords, hardsign, seats, "
                                 "history (история), …")
    p.add_argument("--out", required=True, help="куда сохранить PNG")
    p.add_argument("--seed", type=int, default=7, help="зерно раздачи демо-партии")
    p.add_argument("--players", type=int, default=4, help="сколько игроков за столом")
    p.add_argument("--size", default="1280x720", help="размер окна, например 1920x1080")
    p.add_argument("--frames", type=int, default=90, help="сколько кадров прокрутить перед снимком")
    p.add_argument("--option", action="append", default=[], metavar="ПРАВИЛО=ЗНАЧЕНИЕ",
                   help="домашнее правило стола, например clock=game10 (можно несколько раз)")
    p.add_argument("--wait", type=float, default=0.0, metavar="СЕКУНДЫ",
                   help="столько секунд часов хоста пройдёт перед снимком (ход того, кто на экране, длится)")
    p.set_defaults(func=run)


def parse_options(pairs: list[str]) -> dict:
    """``rule=value`` pairs as a table's options: true/false and numbers as such, anything else as text."""
    out: dict = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ValueError(pair)
        value: object = {"true": True, "false": False}.get(text.lower(), text)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        out[key] = value
    return out


def make_scene(name: str, seed: int, players: int, options: dict | None = None):
    """The scene object for a screenshot or a benchmark (a table with ``options``), or None if there is no such
    scene."""
    from game import scenes

    name = SCENE_NAMES.get(name, name)
    if name == "menu":
        from game.scenes.menu import MainMenu

        return MainMenu()
    if name == "settings":
        from game.scenes.settings import SettingsScene

        return SettingsScene()
    if name == "setup":
        from game.scenes.setup import SetupScene

        return SetupScene(None) if any(scenes.playable(g) for g in scenes.menu_games()) else None
    if name == "house":
        from game import rules as registry
        from game.scenes.setup import HouseRulesScene

        game_id = next((g for g in scenes.menu_games() if scenes.playable(g)), None)
        if game_id is None:
            return None
        r = registry.load(game_id)
        return HouseRulesScene(r.house_rules, getattr(r, "presets", {}), {}, lambda o: None, game_id=game_id)
    if name in scenes.table_games():
        if not scenes.playable(name):
            return None
        import importlib

        from game.scenes.demo import demo_connection

        # a scene module may ask for a shorter demo (a board game is over after 40 moves)
        actions = getattr(importlib.import_module(scenes.rules.BY_ID[name].scene_module), "DEMO_ACTIONS", 40)
        connection, _, names = demo_connection(name, seed, players, actions=actions, options=options)
        return scenes.game_scene(connection, name, names)
    import importlib

    try:
        module = importlib.import_module(f"game.scenes.{name}")
    except ModuleNotFoundError:
        return None
    factory = getattr(module, "screenshot_scene", None)
    return factory(seed=seed, players=players) if factory else None


def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def run(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import STEP_MS, App

    try:
        size = parse_size(args.size)
    except ValueError:
        print(f"Размер «{args.size}» не понят: нужно ШИРИНАxВЫСОТА, например 1280x720.")
        return 2
    try:
        options = parse_options(args.option)
    except ValueError as bad:
        print(f"Правило «{bad}» не понято: нужно ПРАВИЛО=ЗНАЧЕНИЕ, например clock=game10.")
        return 2
    app = App(size=size, headless=True)
    try:
        scene = make_scene(args.scene, args.seed, args.players, options)
    except Rejected as refused:
        print(f"Такой стол не собрать: {refused.reason}")
        return 2
    if scene is None:
        print(f"Сцены «{args.scene}» нет или её игра ещё не готова.")
        return 2
    host = getattr(getattr(scene, "conn", None), "host", None)
    if host is not None:  # a demo table: its countdowns read the demo host's virtual clock, not this machine's
        app.now_ms = host.clock
    app.push(scene)
    wait_ms = round(args.wait * 1000)
    frames = max(1, args.frames)
    for frame in range(frames):
        if host is not None and wait_ms:  # the host's clock runs the wait out over the frames, as time passes
            host.clock.ms += wait_ms // frames + (1 if frame < wait_ms % frames else 0)
        app.update(STEP_MS)
    app.draw(1.0)
    try:
        pygame.image.save(app.window, args.out)
    except (pygame.error, OSError) as exc:
        print(f"Не удалось сохранить снимок в «{args.out}»: {exc}")
        return 1
    print(f"Снимок сцены «{args.scene}» сохранён: {args.out}")
    return 0
