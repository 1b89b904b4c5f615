"""``python -m game host`` (a headless LAN room) and ``python -m game join`` (a client)."""
from __future__ import annotations

import json
import os
import signal
import sys
import threading
from pathlib import Path

from game import rules as rules_registry

from game import launch
from game.launch import DEFAULT_PORT


def _tokens_default() -> Path:
    import platformdirs

    return Path(platformdirs.user_state_dir("igroteka")) / "tokens.json"


def register(sub) -> None:
    host = sub.add_parser("host", help="открыть комнату для игры по сети (без окна)")
    host.add_argument("--game", default="uno", help="какая игра (uno, erudit, scrabble, slovodel, nowords, hardsign)")
    host.add_argument("--bind", default="0.0.0.0", help="адрес, на котором слушать; он же выбирает сеть для zeroconf")
    host.add_argument("--port", type=int, default=None,
                      help=f"порт (0 — любой свободный); по умолчанию {DEFAULT_PORT}, а при --resume — прежний порт комнаты")
    host.add_argument("--name", default="Игротека", help="название комнаты")
    host.add_argument("--bots", type=int, default=0, help="сколько ботов посадить сразу")
    host.add_argument("--bot-level", default="player", help="уровень ботов: novice, player, ace, master")
    host.add_argument("--no-discovery", action="store_true", help="не объявлять комнату в сети")
    host.add_argument("--resume", nargs="?", const="", default=None, metavar="КОМНАТА",
                      help="продолжить прерванную игру комнаты (её код из списка); без кода — список таких комнат")
    host.add_argument("--cut-damaged", action="store_true",
                      help="с --resume: продолжить повреждённый журнал с последнего целого хода")
    host.add_argument("--journal", type=Path, default=None,
                      help="файл журнала игры или папка журналов (по умолчанию — папка журналов пользователя)")
    host.add_argument("--turn-timer", type=int, default=None, help="секунд на ход; потом за игрока ходит бот")
    host.add_argument("--takeover", type=int, default=30, help="через сколько секунд бот займёт место ушедшего")
    host.add_argument("--web-port", type=int, default=None,
                      help="порт страницы для телефонов (0 — любой свободный); по умолчанию 47780")
    host.add_argument("--no-web", action="store_true", help="не открывать страницу для телефонов")
    host.set_defaults(func=run_host)

    join = sub.add_parser("join", help="подключиться к комнате в сети")
    join.add_argument("endpoint", nargs="?", metavar="АДРЕС:ПОРТ", help="адрес:порт комнаты; без него — список комнат в сети")
    join.add_argument("--name", default=os.environ.get("USER", "Игрок"), help="ваше имя")
    join.add_argument("--room", default=None, help="войти в найденную комнату с этим названием")
    join.add_argument("--interface", default=None, help="IPv4-адрес сети, в которой искать комнаты")
    join.add_argument("--wait", type=float, default=3.0, help="сколько секунд искать комнаты")
    join.add_argument("--spectator", action="store_true", help="смотреть, не играя")
    join.add_argument("--bot", default=None, help="играть ботом этого уровня (без окна)")
    join.add_argument("--speed", type=float, default=1.0, help="множитель задержек бота (0.1 — в десять раз быстрее)")
    join.add_argument("--start-when", type=int, default=None, help="хозяину: начать, когда мест занято столько")
    join.add_argument("--token-file", type=Path, default=None, help="где хранить ключи мест для переподключения")
    join.add_argument("--console", action="store_true", help="без окна, даже если оно есть")
    join.set_defaults(func=run_join)


def _say(text: str) -> None:
    print(text, flush=True)


# ============================================================================ host
def _list_saved(folder: Path) -> int:
    from game.net.host import saved_rooms

    rooms = saved_rooms(folder)
    resumable = [r for r in rooms if r.resumable]
    if not resumable:
        _say(f"Прерванных игр нет (журналы лежат в {folder}).")
    else:
        _say("Прерванные игры, которые можно продолжить:")
        for room in resumable:
            title = rules_registry.BY_ID[room.game].title if room.game in rules_registry.BY_ID else room.game
            _say(f"  {room.room_id} — «{room.room}», {title}, ход {room.moves}")
        _say(f"Продолжить: python -m game host --resume {resumable[0].room_id}")
    for room in rooms:
        if room.busy:
            _say(f"  {room.room_id} — эта комната сейчас открыта другим хостом на этой машине.")
        elif room.problem is not None:
            _say(f"  {room.room_id} — продолжить нельзя: {room.problem} Файл: {room.path}")
    return 0


def _choices(folder: Path | None, path: Path, damaged: bool) -> None:
    """What the person can do with a journal that cannot be continued as it is."""
    _say("Что можно сделать:")
    if damaged:
        _say("  • продолжить с последнего целого хода: добавьте --cut-damaged;")
    if folder is not None:
        _say("  • продолжить другую комнату: python -m game host --resume (покажет список);")
    _say("  • начать новую игру: python -m game host --game uno;")
    _say(f"  • удалить журнал, если он больше не нужен: {path}")


def _resume(args, journal: Path):
    """The resumed room, or the exit code after explaining why there is none."""
    from game.net.journal import JournalError, room_journal

    folder = journal if journal.is_dir() else None
    room_id = args.resume or None
    if folder is None:
        path = journal
        if not path.exists():
            _say(f"Журнала {path} нет: продолжать нечего.")
            return 2
    elif room_id is None:
        return _list_saved(folder)
    else:
        path = room_journal(folder, room_id)
        if not path.exists():
            _say(f"Прерванной игры комнаты «{room_id}» нет.")
            _list_saved(folder)
            return 2
    try:
        core = launch.resume_room(path, room_id, args.cut_damaged, takeover_ms=args.takeover * 1000)
    except JournalError as exc:
        _say(f"Не удалось продолжить игру: {exc}")
        _choices(folder, path, damaged="повреждён" in str(exc))
        return 2
    if core.rules.is_over(core.session.state):
        core.session.journal.close()
        _say("Эта игра уже окончена: продолжать нечего.")
        return 2
    return core


def run_host(args) -> int:
    journal = args.journal or launch.journal_folder()
    try:
        if args.resume is not None:
            core = _resume(args, journal)
            if isinstance(core, int):
                return core
        else:
            if args.game not in rules_registry.BY_ID or not rules_registry.available(args.game):
                _say(f"Игры «{args.game}» нет. Есть: " + ", ".join(g for g in rules_registry.BY_ID if rules_registry.available(g)))
                return 2
            core = launch.new_room(args.game, args.name, bots=args.bots, bot_level=args.bot_level, journal=journal,
                                   takeover_ms=args.takeover * 1000,
                                   turn_timer_ms=args.turn_timer * 1000 if args.turn_timer else None)
    except (ValueError, OSError) as exc:
        _say(f"Не удалось открыть комнату: {exc}")
        return 2
    resumed_at = core.session.state_id if args.resume is not None else 0  # before its bots move on
    port = args.port if args.port is not None else (core.port if args.resume is not None and core.port else DEFAULT_PORT)
    # Ctrl+C or SIGTERM while the room is still opening must not kill the process before the host
    # says its zeroconf goodbye: from here on a signal only asks for the orderly stop below
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        host = launch.serve(core, args.bind, port, discovery=not args.no_discovery)
    except OSError as exc:
        _say(f"Не удалось слушать {args.bind}:{port}: {exc.strerror or exc}")
        return 2
    try:
        _serve_until(stop, host, core, args, journal, resumed_at)
    finally:
        host.stop()
    _say("Комната закрыта.")
    return 0


def _serve_until(stop: threading.Event, host, core, args, journal: Path, resumed_at: int) -> None:
    """The open room: the phones' page, what to tell the person, then wait for the stop."""
    from game.net.journal import room_journal

    address, port = host.bind, host.port
    # the phones' page opens before ENDPOINT is printed: whoever waits for that line finds the room whole
    door = None if args.no_web else _open_web(host, args)
    shown = address if address != "0.0.0.0" else "все адреса этой машины"
    _say(f"Комната «{core.room}» ({core.rules.title}) открыта: адрес {shown}, порт {port}.")
    _say(f"ENDPOINT {address}:{port}")
    if door is not None:
        _say(f"Телефоны: откройте {door.address} — код комнаты {door.code}.")
        _say(f"WEB {door.join_url}")
    if args.resume is not None:
        _say(f"Игра продолжена из журнала {core.session.journal.path}: ход {resumed_at}. "
             "Игроки вернутся по своим ключам.")
    else:
        _say(f"Код комнаты: {core.room_id}. Журнал: {room_journal(journal, core.room_id) if journal.is_dir() else journal}")
    _say("Для остановки нажмите Ctrl+C.")
    try:
        stop.wait()
    finally:
        if door is not None:
            door.close()


def _open_web(host, args):
    """The phones' page next to the TCP room; the room still works if its port cannot be had."""
    from game.net.web import open_door

    door = open_door(host, args.bind, args.web_port)
    if door is None:
        _say("Страница для телефонов не открылась: её порт занят или недоступен.")
    return door


# ============================================================================ join
def _endpoint(text: str) -> tuple[str, int]:
    address, _, port = text.rpartition(":")
    if not address:
        return text, DEFAULT_PORT
    return address, int(port)


def _load_tokens(path: Path) -> dict:
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}


def _save_token(path: Path, key: str, token: str) -> None:
    tokens = _load_tokens(path)
    tokens[key] = token
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(tokens), "utf-8")


def _find_room(args):
    from game.net.discovery import RoomBrowser

    browser = RoomBrowser(args.interface).start()
    try:
        if args.room:
            rooms = browser.wait(lambda rs: any(r.room == args.room for r in rs), args.wait)
        else:
            rooms = browser.wait(lambda rs: False, args.wait)
    finally:
        browser.stop()
    if not rooms:
        _say("Комнат в сети не найдено. Можно указать адрес:порт вручную.")
        return None
    _say("Комнаты в сети:")
    for room in rooms:
        state = "идёт игра" if room.started else "набор игроков"
        _say(f"  «{room.room}» — {room.game}, места {room.seats}, {state}: {room.endpoint}")
    chosen = [r for r in rooms if r.room == args.room] if args.room else []
    return chosen[0] if chosen else None


def run_join(args) -> int:
    from game.net.client import AutoPlayer

    if args.endpoint:
        try:
            address, port = _endpoint(args.endpoint)
        except ValueError:
            _say("Адрес комнаты нужно писать так: 192.168.1.5:47700.")
            return 2
    else:
        if not args.console and args.bot is None and args.room is None:
            return _window_at(lambda app: _room_list(app, args.interface))
        room = _find_room(args)
        if room is None:
            return 0 if not args.room else 1
        address, port = room.address, room.port
    key = f"{address}:{port}"
    token_file = args.token_file or _tokens_default()
    token = _load_tokens(token_file).get(key)
    # a person's game goes into this machine's «История»; a bot's (``--bot``, the soak and the tests) does not
    connection = launch.join_room(address, port, args.name, role="spectator" if args.spectator else "player",
                                  token=token, on_token=lambda t: _save_token(token_file, key, t),
                                  keep=args.bot is None)
    if not args.console and args.bot is None:
        code = _window_at(lambda app: _room_lobby(app, connection))
        if code:
            connection.close()
        return code
    return _console(connection, args, AutoPlayer, returning=token is not None)


def _window_at(place) -> int:
    """The game's window over the main menu, with ``place(app)`` on top (a room's lobby, the room list)."""
    from game.cli.play import open_window
    from game.scenes.menu import MainMenu

    app = open_window()
    if app is None:
        return 1
    app.push(MainMenu())
    place(app)
    app.run()
    return 0


def _room_lobby(app, connection) -> None:
    """``python -m game join ADDRESS:PORT``: the window opens at that room's lobby."""
    from game.scenes.room import LobbyScene

    app.push(LobbyScene(connection, f"{connection.address}:{connection.port}"))


def _room_list(app, interface: str | None) -> None:
    """``python -m game join`` without an address: the window opens at the room list."""
    from game.scenes.lobby import JoinScene

    app.push(JoinScene(interface=interface))


def _console(connection, args, AutoPlayer, returning: bool) -> int:
    """No window: report what happens; with ``--bot`` a bot plays the seat."""
    if not connection.welcomed.wait(10):
        reason = next((m.get("reason") for m in connection.poll() if m.get("type") == "link"),
                      "Не удалось подключиться: хост не ответил.")
        _say(reason)
        connection.close()
        return 1
    welcome = connection.welcome
    if welcome.get("notice"):
        _say(welcome["notice"])
    if welcome["role"] == "player":
        again = "Снова за столом" if returning else "За столом"
        _say(f"{again}: комната «{welcome['room']}», место {welcome['seat']}.")
    else:
        _say(f"Вы зритель в комнате «{welcome['room']}».")
    if args.bot is None:
        _say("Окна игры пока нет: подключение работает, но сделать ход можно только ботом (--bot player).")
        connection.close()
        return 0
    player = AutoPlayer(connection, level=args.bot, speed=args.speed, start_when=args.start_when)
    reported = -1
    player.start()
    while not player.over.wait(0.5):
        if player.gone is not None:
            _say(f"Связь потеряна: {player.gone['reason']}")
            connection.close()
            return 1
        if player.updates != reported:
            reported = player.updates
            _say(f"Обновлений стола: {reported}, ход {connection.state_id}.")
    _say(f"Игра окончена. Итог: {json.dumps(player.result, ensure_ascii=False)}")
    player.stop()
    connection.close()
    return 0
