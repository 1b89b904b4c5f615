"""``python -m game replay ЖУРНАЛ [--png ФАЙЛ]``: «Повтор партии» of a room's journal (a room hosted by ``host``, or
any journal file): the window opens on its replay; ``--png`` saves, without a window, the final board of a board game
with its score sheet and the master's analysis."""
from __future__ import annotations

import os


def register(sub) -> None:
    p = sub.add_parser("replay", help="повтор сыгранной партии по журналу комнаты")
    p.add_argument("journal", help="файл журнала комнаты (…/journals/<комната>.journal)")
    p.add_argument("--png", default=None,
                   help="без окна: итоговая доска с листом записи и разбором мастера в PNG (Эрудит, Скрэббл, Словодел)")
    p.set_defaults(func=run)


def seat_names(header: dict) -> list[str]:
    """The seats' names a room's journal keeps (its lobby), else «Игрок N»."""
    lobby = header.get("lobby") or []
    names = [seat.get("name") for seat in lobby if isinstance(seat, dict)]
    if len(names) == header["seats"] and all(isinstance(n, str) and n for n in names):
        return names
    return [f"Игрок {k + 1}" for k in range(header["seats"])]


def run(args) -> int:
    from game.net.journal import Journal, JournalError

    try:
        header, entries = Journal.read(args.journal)
    except JournalError as error:
        print(error)
        return 2
    names = seat_names(header)
    if args.png:
        return save_page(header, entries, names, args.png)
    from game.cli.play import open_window
    from game.scenes.menu import MainMenu
    from game.scenes.replay import open_replay

    app = open_window()
    if app is None:
        return 1
    app.push(MainMenu())
    open_replay(app, header, entries, names)
    app.run()
    return 0


def save_page(header: dict, entries: list, names: list[str], out: str) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import STEP_MS, App
    from game.net.analysis import analysable, analyse
    from game.net.replay import ReplayTape, ReplayUnavailable
    from game.scenes import game_scene
    from game.scenes.table.replay import ReplayScene

    game_id = header["game"]
    if not analysable(game_id):
        print("Картинка с листом записи есть только у игр на доске: Эрудита, Скрэббла и Словодела.")
        return 2
    try:
        tape = ReplayTape(header, entries)
    except ReplayUnavailable as refusal:
        print(refusal)
        return 2
    analysis = analyse(header, entries, processes=max(1, min(header["seats"], os.cpu_count() or 1)))
    app = App(headless=True)
    try:
        replay = ReplayScene(header, entries, names, 0, lambda line: game_scene(line, game_id, names),
                             prepared=(tape, analysis))
        app.push(replay)
        app.update(STEP_MS)
        pygame.image.save(replay.table.final_page(replay), out)
    except (pygame.error, OSError) as exc:
        print(f"Не удалось сохранить картинку в «{out}»: {exc}")
        return 1
    finally:
        app.shutdown()
    print(f"Итоговая доска с листом записи сохранена: {out}")
    return 0
