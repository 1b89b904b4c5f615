"""LAN play in the window: the main menu's «Создать игру по сети» and «Присоединиться».

* ``HostLobby`` opens a room on this machine: the same ``HostCore``/``LanHost`` as
  ``python -m game host`` on its own thread, announced by zeroconf, and joins it as seat 0.
* ``JoinScene`` lists the rooms zeroconf finds (they appear and disappear as they come and go)
  and takes an ``address:port`` typed by hand, which always works.

Both then show the room's lobby (``LobbyScene``, in ``room``).
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pygame

from game import assets, launch
from game import rules as rules_registry
from game.input import Intent
from game.launch import DEFAULT_PORT, Hosting
from game.net import protocol as P
from game.scenes import menu_games, playable
from game.scenes.base import (
    ACCENT,
    DANGER,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    Choice,
    MenuScene,
    Widget,
    draw_background,
    draw_hint,
    draw_title,
    fitted_text,
    mix,
    panel,
    wrapped,
)
from game.scenes.room import LobbyScene
from game.scenes.textfield import TextField

# what the menu's entries use; tests turn discovery off and keep the host on loopback
DISCOVERY = True
HOST_BIND = "0.0.0.0"
HOST_PORT: int | None = None  # None: the usual port (47700), or any free one when it is taken
TOKEN_FILE: Path | None = None  # None: window-tokens.json in the user's state directory

ERROR_BOX = pygame.Rect(800, 480, 420, 190)  # where the join screen's red plate may grow to, under its controls
ADDRESS_CHARS = set("0123456789.:-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def parse_endpoint(text: str, default_port: int) -> tuple[str, int]:
    """``address[:port]`` → (address, port); ValueError with a Russian sentence otherwise."""
    text = text.strip()
    address, sep, port_text = text.rpartition(":")
    if not sep:
        address, port_text = text, str(default_port)
    if not address or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"Адрес нужно писать так: 192.168.1.5:{default_port} (порт от 1 до 65535).")
    return address, int(port_text)


class SeatKeys:
    """Seat tokens kept across runs, so a window that crashed gets its seat back.

    Each key records the process that holds it: a second window on the same machine must not
    take a seat a living window is playing (the host would hand it over), so a key is offered
    only when its holder has ended or let it go."""

    def __init__(self, path: Path | None = None):
        if path is None:
            import platformdirs

            path = Path(platformdirs.user_state_dir("igroteka")) / "window-tokens.json"
        self.path = Path(path)

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data), "utf-8")
        except OSError:
            pass  # only a comeback after a crash is lost

    def free_token(self, endpoint: str) -> str | None:
        entry = self._read().get(endpoint)
        if not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
            return None
        holder = entry.get("pid")
        return entry["token"] if holder is None or not _process_alive(holder) else None

    def hold(self, endpoint: str, token: str) -> None:
        data = self._read()
        data[endpoint] = {"token": token, "pid": os.getpid()}
        self._write(data)

    def release(self, endpoint: str, token: str | None) -> None:
        data = self._read()
        entry = data.get(endpoint)
        if isinstance(entry, dict) and entry.get("token") == token and entry.get("pid") == os.getpid():
            entry["pid"] = None
            self._write(data)

    def forget(self, endpoint: str) -> None:
        data = self._read()
        if data.pop(endpoint, None) is not None:
            self._write(data)


def _process_alive(pid: Any) -> bool:
    if not isinstance(pid, int):
        return False
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return False  # no safe probe there (os.kill would end it): treat the key as free
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: alive
    return True


class RoomRow(Widget):
    room: Any = None

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(3 * lift))
        surface.blit(panel(rect.size, PANEL, mix(PANEL_EDGE, ACCENT, lift), 2 + round(2 * lift), 12), rect)
        room = self.room
        info = rules_registry.BY_ID.get(room.game)
        # the address on the name's line, the details the whole width under them, each set by its letters: in
        # large text the name ran under the address and the details out of the row
        title = fitted_text(room.room, 24, INK, "bold", rect.width - 40)
        top = rect.top + 8 - title.get_bounding_rect(1).top
        where = assets.text(room.endpoint, 16, ACCENT if focused else INK_DIM, "bold")
        place = surface.blit(where, where.get_rect(midright=(rect.right - 18, top + title.get_height() // 2)))
        title = fitted_text(room.room, 24, INK, "bold", place.left - 16 - (rect.left + 20))
        surface.blit(title, (rect.left + 20, rect.top + 8 - title.get_bounding_rect(1).top))
        room_left = rect.width - 40
        state = "идёт игра — можно смотреть" if room.started else "набор игроков"
        detail = f"{info.title if info else room.game} · места {room.seats} · {state}"
        if room.version != str(P.PROTOCOL_VERSION):
            detail += " · другая версия игры"
        sub = fitted_text(detail, 16, INK_DIM, "text", room_left)
        surface.blit(sub, (rect.left + 20, rect.bottom - 9 - sub.get_bounding_rect(1).bottom))


# ============================================================================ opening a room
class HostLobby(LobbyScene):
    """«Создать игру по сети»: a room hosted by this window, announced on the LAN."""

    def __init__(self, game_id: str | None = None, bind: str | None = None, port: int | None = None,
                 discovery: bool | None = None, journal: Any = "default", advertise_address: str | None = None):
        self.game_id = game_id
        self.bind = HOST_BIND if bind is None else bind
        port = HOST_PORT if port is None else port
        self.port = DEFAULT_PORT if port is None else port
        self.discovery = DISCOVERY if discovery is None else discovery
        self.journal = journal
        self.advertise_address = advertise_address
        self.failed = False
        super().__init__(None, "")

    def enter(self) -> None:
        try:
            self.hosting = self.open_room()
        except Exception as exc:  # noqa: BLE001 - shown to the player, the menu stays
            self.failed = self.closed = self.leaving = True
            self.conn = _Offline()
            self.app.toast(f"Не удалось открыть комнату: {getattr(exc, 'strerror', None) or exc}", 6000)
            super().enter()
            return
        port = self.hosting.port
        self.endpoint = f"127.0.0.1:{port}"
        self.shown_address = self.friends_address(port)
        self.status = "Открываем комнату…"
        self.conn = launch.join_room("127.0.0.1", port, self.app.settings.player_name)
        super().enter()

    def open_room(self) -> Hosting:
        settings = self.app.settings
        game_id = self.game_id
        if game_id is None or not playable(game_id):
            game_id = next(g for g in menu_games() if playable(g))
        return launch.open_room(game_id, f"Комната: {settings.player_name}", settings.house_rules.get(game_id),
                                bind=self.bind, port=self.port, discovery=self.discovery,
                                advertise_address=self.advertise_address, journal=self.journal)

    def friends_address(self, port: int) -> str:
        if self.bind not in ("0.0.0.0", ""):
            return f"{self.bind}:{port}"
        from game.net.discovery import lan_addresses

        addresses = lan_addresses()
        return f"{addresses[0]}:{port}" if addresses else f"127.0.0.1:{port}"


class _Offline:
    """The connection of a room that could not be opened: nothing comes, nothing goes."""

    seat = None
    welcome = None
    last_bye = None

    def poll(self) -> list[dict]:
        return []

    def close(self) -> None: ...

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


# ============================================================================ finding a room
class JoinScene(MenuScene):
    """«Присоединиться»: rooms found on the LAN, or an address typed by hand."""

    title = "Присоединиться"
    subtitle = "Комнаты в этой сети появляются сами; адрес можно ввести и вручную"
    ROW_H, ROW_GAP = 76, 8
    MAX_ROWS = 5
    LIST_TOP = 150  # the rooms' rows (or the note that there are none) start here

    def __init__(self, discovery: bool | None = None, interface: str | None = None, browser_factory=None,
                 token_file: Path | None = None):
        super().__init__()
        self.discovery = DISCOVERY if discovery is None else discovery
        self.interface = interface
        self.browser_factory = browser_factory
        self.keys = SeatKeys(token_file or TOKEN_FILE)
        self.browser = None
        self.browser_error = ""
        self._browser_thread: threading.Thread | None = None
        self.rooms: list = []
        self.room_rows: list[RoomRow] = []
        self.error = ""
        self.used_token: str | None = None
        self.last_target: tuple[str, int, str | None] | None = None

    # ------------------------------------------------------------------ discovery
    def enter(self) -> None:
        super().enter()
        if self.discovery and self.browser is None and self._browser_thread is None:
            self._browser_thread = threading.Thread(target=self._start_browser, name="igroteka-browse", daemon=True)
            self._browser_thread.start()
        self.group.focus = self.group.widgets.index(self.address)

    def _start_browser(self) -> None:
        try:
            if self.browser_factory is not None:
                browser = self.browser_factory()
            else:
                from game.net.discovery import RoomBrowser

                browser = RoomBrowser(self.interface).start()
        except Exception as exc:  # noqa: BLE001 - no multicast here: typing the address still works
            self.browser_error = f"Поиск комнат не работает ({exc}); введите адрес вручную."
            return
        self.browser = browser

    def exit(self) -> None:
        if self._browser_thread is not None:
            self._browser_thread.join(10)
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        x, w = 800, 420
        self.address = TextField(pygame.Rect(x, 150, w, 58), "Адрес", size=22, max_len=60,
                                 placeholder=f"192.168.1.5:{DEFAULT_PORT}", allowed=ADDRESS_CHARS.__contains__,
                                 on_submit=lambda text: self.connect_typed())
        self.connect_button = Widget(pygame.Rect(x, 222, w, 58), "Подключиться", size=24, on_confirm=self.connect_typed)
        self.watch = Choice(pygame.Rect(x, 294, w, 58), "Войти как", size=22,
                            options=[("player", "игрок"), ("spectator", "зритель")])
        self.back = Widget(pygame.Rect(x, 400, w, 58), "Назад", size=22, on_confirm=self.go_back)
        self.fixed = [self.address, self.connect_button, self.watch, self.back]
        g.widgets = [*self.room_rows, *self.fixed]

    def go_back(self) -> None:
        self.app.pop()

    def refresh_rooms(self) -> None:
        rooms = self.browser.rooms() if self.browser is not None else []
        if rooms == self.rooms:
            return
        focused = self.group.focused
        focused_service = focused.room.service if isinstance(focused, RoomRow) else None
        self.rooms = rooms
        had_rows = bool(self.room_rows)
        self.room_rows = []
        for i, room in enumerate(rooms[: self.MAX_ROWS]):
            row = RoomRow(pygame.Rect(60, self.LIST_TOP + i * (self.ROW_H + self.ROW_GAP), 700, self.ROW_H), room.room,
                          on_confirm=lambda r=room: self.connect_room(r))
            row.room = room
            self.room_rows.append(row)
        self.group.widgets = [*self.room_rows, *self.fixed]
        target = next((r for r in self.room_rows if r.room.service == focused_service), None)
        if target is None and focused in self.fixed:
            # the first rooms to appear take the focus from the idle address field
            first = not had_rows and focused is self.address and not self.address.editing and self.room_rows
            target = self.room_rows[0] if first else focused
        if target is None:
            target = self.room_rows[0] if self.room_rows else self.address
        self.group.focus = self.group.widgets.index(target)

    # ------------------------------------------------------------------ connecting
    def connect_typed(self) -> None:
        try:
            address, port = parse_endpoint(self.address.text, DEFAULT_PORT)
        except ValueError as exc:
            self.fail(str(exc))
            return
        self.connect(address, port)

    def connect_room(self, room) -> None:
        if room.version != str(P.PROTOCOL_VERSION):
            self.fail(f"В комнате «{room.room}» другая версия игры ({room.version}, у вас {P.PROTOCOL_VERSION}).")
            return
        self.connect(room.address, room.port, room.game)

    def connect(self, address: str, port: int, game: str | None = None, use_token: bool = True) -> None:
        self.error = ""
        key = f"{address}:{port}"
        role = self.watch.value
        token = self.keys.free_token(key) if use_token and role == "player" else None
        self.used_token = token
        self.last_target = (address, port, game)
        held = {"token": token}

        def on_token(new: str) -> None:  # the network thread: a file write, nothing on screen
            held["token"] = new
            self.keys.hold(key, new)

        connection = launch.join_room(address, port, self.app.settings.player_name, role=role, token=token, game=game,
                                      on_token=on_token)
        if token is not None:
            self.keys.hold(key, token)
        self.app.push(LobbyScene(connection, key, on_fail=self.connection_failed,
                                 on_close=lambda: self.keys.release(key, held["token"])))

    def connection_failed(self, text: str, code: str | None) -> None:
        if code == "token" and self.used_token is not None and self.last_target is not None:
            # a key kept from an earlier room at the same address: come in as someone new
            address, port, game = self.last_target
            self.keys.forget(f"{address}:{port}")
            self.pending_retry = (address, port, game)
            return
        if code == "seat_returned" and self.last_target is not None:
            # the seat went back to its bot before this key came: the sentence says so, and without the dead key
            # choosing the room again comes in as a watcher, who is offered the seat
            self.keys.forget(f"{self.last_target[0]}:{self.last_target[1]}")
        self.fail(text)

    def fail(self, text: str) -> None:
        self.error = text
        self.app.play_sound("invalid")

    # ------------------------------------------------------------------ scene
    def handle(self, intent: Intent) -> None:
        if self.address.editing and self.address.feed(intent):
            return
        super().handle(intent)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.address.tick(dt_ms)
        retry = getattr(self, "pending_retry", None)
        if retry is not None and self.app.top is self:
            self.pending_retry = None
            self.connect(*retry, use_token=False)
        if self.browser is not None:
            self.refresh_rooms()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        above = draw_title(surface, self.title, self.subtitle)
        # between the title's line, which reaches this far left in large text, and the list's focused row, lifted
        heading = assets.text("Комнаты в сети", 22, INK, "heading")
        room = self.LIST_TOP - 8 - (above + 3)
        if heading.get_bounding_rect(1).height > room:
            heading = assets.text("Комнаты в сети", 22 * room // heading.get_bounding_rect(1).height, INK, "heading")
        surface.blit(heading, (64, self.LIST_TOP - 8 - heading.get_bounding_rect(1).bottom))
        if not self.room_rows:
            if self.browser_error:
                text = self.browser_error
            elif not self.discovery:
                text = "Поиск комнат выключен: введите адрес вручную."
            else:
                text = "Ищем комнаты в сети…"
            box = pygame.Rect(60, self.LIST_TOP, 700, 120)
            surface.blit(panel(box.size, (14, 32, 29), PANEL_EDGE, 1, 12), box)
            label = assets.text(text, 19, INK_DIM)
            surface.blit(label, label.get_rect(center=box.center))
        elif len(self.rooms) > self.MAX_ROWS:
            more = assets.text(f"и ещё комнат: {len(self.rooms) - self.MAX_ROWS}", 16, INK_DIM)
            surface.blit(more, more.get_rect(topleft=(64, self.LIST_TOP + self.MAX_ROWS * (self.ROW_H + self.ROW_GAP))))
        tip = assets.text("Адрес комнаты хозяин видит у себя в комнате.", 16, INK_DIM)
        surface.blit(tip, tip.get_rect(topleft=(804, 364)))
        self.group.draw(surface)
        if self.error:  # wrapped to the plate's width in pixels: cut at 40 letters, large text ran out of it
            lines = wrapped(self.error, 18, ERROR_BOX.width - 32, "bold")[:5]
            step = round(26 * assets.text_scale)
            box = pygame.Rect(ERROR_BOX.topleft, (ERROR_BOX.width, 24 + step * len(lines)))
            surface.blit(panel(box.size, (40, 22, 22), DANGER, 2, 12), box)
            for k, line in enumerate(lines):
                label = fitted_text(line, 18, INK, "bold", box.width - 32)
                surface.blit(label, (box.left + 16, box.top + 12 + k * step))
        draw_hint(surface, self.footer())


def screenshot_scene(seed: int, players: int):
    """A lobby on loopback (no discovery): you as the owner, a guest who is ready, bots."""
    import time

    game_id = next(g for g in menu_games() if playable(g))
    hosting = launch.open_room(game_id, "Комната: Вы", None, bind="127.0.0.1", port=0, discovery=False, journal=None,
                               seed=seed)
    port = hosting.port
    you = launch.join_room("127.0.0.1", port, "Вы")
    you.welcomed.wait(5)
    guest = launch.join_room("127.0.0.1", port, "Маша")
    guest.welcomed.wait(5)
    guest.set_ready(True)
    guest.set_colour("purple")
    levels = ["player", "ace", "novice"]
    for i in range(max(0, players - 2)):
        you.add_bot(levels[i % len(levels)])
    want = max(2, players)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # a tool, not a test: wait for the room to fill
        lobby = you.lobby
        if lobby and len(lobby["seats"]) >= want and lobby["seats"][1]["ready"]:
            break
        time.sleep(0.01)
    scene = LobbyScene(you, f"127.0.0.1:{port}", hosting=hosting)
    scene.guest = guest  # type: ignore[attr-defined]  # kept alive with the scene
    return scene
