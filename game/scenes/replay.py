"""«Повтор партии» of any finished game, from wherever its journal is: the one door of the replay viewer
(game/scenes/table/replay.py) for the screens that are no table — «История» among them.

``open_replay(app, header, entries, names, seat=None)``: ``header`` and ``entries`` are the journal as
``Journal.read`` gives them (``session.replay_session`` replays them; the seats' keys may be blanked, a replay needs
none), ``names`` the seats' names in seat order, ``seat`` the seat whose view is shown first (the one this machine
played; None: the first). A journal that cannot be replayed (a game not over, another version's) says why in a toast
and the viewer closes."""
from __future__ import annotations

from game.scenes import game_scene
from game.scenes.table.replay import ReplayScene, open_table_replay


def open_replay(app, header: dict, entries: list, names: list[str], seat: int | None = None) -> None:
    game_id = header["game"]
    open_table_replay(app, header, entries, list(names), 0 if seat is None else seat,
                      lambda connection: game_scene(connection, game_id, list(names)))


def screenshot_scene(seed: int = 7, players: int = 2, game_id: str = "erudit"):
    """The viewer of a game «новичок» bots played from ``seed`` to its end (``python -m game screenshot replay``): at
    two thirds of the game, the master's analysis beside the board."""
    from game.net.analysis import analyse, analysable
    from game.net.replay import ReplayTape
    from game.scenes.demo import demo_connection

    connection, _, names = demo_connection(game_id, seed, players, actions=10 ** 6, level="novice")
    header, entries = connection.finished_journal()
    tape = ReplayTape(header, entries)
    analysis = analyse(header, entries) if analysable(game_id) else None
    return ReplayScene(header, entries, names, 0, lambda c: game_scene(c, game_id, names), prepared=(tape, analysis),
                       at=tape.last * 2 // 3)
