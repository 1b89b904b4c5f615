"""Phones at the table: a small web page and a WebSocket served next to the TCP protocol.

A web peer is an ordinary ``Peer`` of the same ``HostCore``: each JSON text frame is turned into
the very msgpack frame a TCP client would have sent and handed to ``HostCore.receive``, so the
same decoding limits, rate bucket, handshake and ``Session`` judge it. What the host sends is
the TCP stream decoded and re-encoded as JSON (the mapping: docs/PROTOCOL.md section 11).

The server runs on the ``LanHost``'s own event loop (the only thread that may touch the core).
The one thing the web side adds is admission: a page that does not present the room code
(printed on the big screen and inside the QR code) may only watch.
"""
from __future__ import annotations

import asyncio
import base64
import json
import logging
import secrets
from importlib import resources
from typing import Any

import msgpack
from aiohttp import WSMsgType, web

from game.net import protocol as P
from game.net.host import LanHost, Peer
from game.net.record import PHONE

log = logging.getLogger(__name__)

DEFAULT_WEB_PORT = 47_780
CODE_DIGITS = 4
_STATIC = {"/": ("index.html", "text/html"), "/app.js": ("app.js", "text/javascript"),
           "/style.css": ("style.css", "text/css")}


def new_room_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))


def jsonable(value: Any) -> Any:
    """A decoded host message as JSON can carry it: integer map keys become decimal strings,
    bytes become base64 text (the host sends none today; the rule keeps a future one legible)."""
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    return value


def host_frame_to_json(data: bytes) -> list[str]:
    """Every host message in one packed write, as JSON texts."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=2 * P.MAX_HOST_MESSAGE)
    unpacker.feed(data)
    return [json.dumps(jsonable(m), ensure_ascii=False, separators=(",", ":")) for m in unpacker]


def page_file(name: str) -> bytes:
    return resources.files("game.web").joinpath(name).read_bytes()


def page_weight() -> int:
    """Bytes a phone downloads to show the first screen (everything the page loads)."""
    return sum(len(page_file(name)) for name, _ in _STATIC.values())


CLOSE_HANDSHAKE_S = 5.0  # how long a closing socket waits for the page's close frame, reading what it still sends

class WebPeerLink:
    """One WebSocket as a ``Peer``: a send queue drained by a writer task (``Peer.send`` is
    synchronous; its backlog is what the slow-reader rules of the protocol measure)."""

    def __init__(self, server: "WebServer", ws: web.WebSocketResponse, code_ok: bool):
        self.server = server
        self.ws = ws
        self.code_ok = code_ok
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.unsent = 0
        self.peer = Peer(send=self.send, close=self.close, backlog=lambda: self.unsent, may_sit=code_ok, via=PHONE)
        self._last: tuple[bytes, list[str]] | None = None  # fan-out writes the same bytes to many
        self.writer: asyncio.Task | None = None
        self.ended = server.loop.create_future()  # set when its socket has closed (or given up closing)

    def send(self, data: bytes) -> None:
        if self.ws.closed:
            return
        last = self._last
        texts = last[1] if last is not None and last[0] is data else host_frame_to_json(data)
        self._last = (data, texts)
        for text in texts:
            self.unsent += len(text)
            self.queue.put_nowait(text)
        if self.unsent > P.MAX_UNSENT:
            self.server.loop.create_task(self.ws.close(code=1009))

    def close(self) -> None:
        self.queue.put_nowait(None)  # after what is queued, the bye among it

    async def write_all(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:  # all is said (the bye among it): the socket's own task closes it
                return
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return
            self.unsent -= len(text)
            if self.unsent <= P.SLOW_READER_BYTES // 4:
                self.server.core.caught_up(self.peer)

    def receive(self, text: str) -> None:
        core = self.server.core
        peer = self.peer
        if peer.closed:
            return
        if len(text.encode("utf-8")) > P.MAX_CLIENT_MESSAGE:
            core.drop(peer, "too_big", "Сообщение слишком большое.")
            return
        try:
            message = json.loads(text)
            if isinstance(message, dict) and message.get("type") == "preview":
                self.preview(message)
                return
            if isinstance(message, dict) and message.get("type") == "hello" and peer.role is None:
                message = self.admitted(message)
            data = P.pack(message)
        except (ValueError, TypeError, OverflowError):
            core.drop(peer, "garbage", "Поток данных повреждён: соединение закрыто.")
            return
        core.receive(peer, data)

    def preview(self, message: dict) -> None:
        """What tentative tiles would score, worked out by the board rules' own judge and scoring
        (the laptop's live preview): a question about the seat's own view that changes nothing."""
        core, peer = self.server.core, self.peer
        if not core.take_allowance(peer, core.now()):
            return
        tiles = message.get("tiles")
        session = core.session
        if peer.seat is None or session is None or not isinstance(tiles, list) or len(tiles) > 15:
            return
        placed = {}
        for tile in tiles:
            if not (isinstance(tile, list) and len(tile) == 4 and all(isinstance(x, int) and 0 <= x < 15 for x in tile[:2])
                    and isinstance(tile[2], str) and len(tile[2]) == 1 and isinstance(tile[3], bool)):
                core.send(peer, P.error("malformed", "Фишки для подсчёта указаны неверно.", "preview"))
                return
            placed[(tile[0], tile[1])] = (tile[2], tile[3])
        view = core.rules.view(session.state, core.seats.index(peer.seat))
        if "premiums" not in view:
            return
        # blank reuse: the board blanks given back for a rack tile, which is of the letter the blank stood for
        swaps, given = {}, message.get("swaps", [])
        for cell in given if isinstance(given, list) and len(given) <= 15 else [None]:
            tile = view["board"][cell[0]][cell[1]] if (
                isinstance(cell, list) and len(cell) == 2 and all(isinstance(x, int) and 0 <= x < 15 for x in cell)) else None
            if not (tile and tile.get("blank")):
                core.send(peer, P.error("malformed", "Заменять для подсчёта можно только пустышки на поле.", "preview"))
                return
            swaps[(cell[0], cell[1])] = tile["letter"]
        result = core.rules.preview(view, placed, swaps)
        core.send(peer, {"type": "preview", "score": result.score, "words": result.words, "error": result.error})

    def admitted(self, hello: dict) -> dict:
        """Without the room code a page may come back to its seat (the token is the proof) or
        watch; a new seat needs the code."""
        if self.code_ok or hello.get("token") is not None:
            return hello
        if (hello.get("role") or "player") == "player":
            return {**hello, "role": "spectator"}
        return hello


class WebServer:
    """The page and its WebSocket for one ``LanHost``, on that host's event loop."""

    def __init__(self, lan: LanHost, port: int = 0, bind: str | None = None, code: str | None = None):
        self.lan = lan
        self.port = port
        self.bind = bind if bind is not None else lan.bind
        self.code = code or new_room_code()
        self.links: set[WebPeerLink] = set()
        self._runner: web.AppRunner | None = None

    @property
    def core(self):
        return self.lan.core

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self.lan.loop

    def start(self, timeout: float = 10.0) -> int:
        """Listen (the ``LanHost`` must be running); the port. Also advertised over zeroconf."""
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(timeout)
        return self.port

    async def _start(self) -> None:
        app = web.Application(client_max_size=P.MAX_CLIENT_MESSAGE)
        for path in _STATIC:
            app.router.add_get(path, self._page)
        app.router.add_get("/ws", self._socket)
        app.on_shutdown.append(self._say_goodbye)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, self.bind, self.port)
            await site.start()
        except OSError:
            if self.port == 0:
                raise
            site = web.TCPSite(self._runner, self.bind, 0)  # the usual port is taken: any free one
            await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        self.lan.extra_txt["web"] = str(self.port)
        self.lan._on_lobby_change()

    async def _say_goodbye(self, _app: web.Application | None = None) -> None:
        """Every page is told the room closed, and its socket ends (the page's close frame read) before the loop does."""
        links = list(self.links)
        for link in links:
            self.core.drop(link.peer, "shutdown", "Хост завершил игру.")
        if links:
            await asyncio.wait([link.ended for link in links], timeout=CLOSE_HANDSHAKE_S + 1)

    async def _close(self) -> None:
        """Stop listening, say goodbye while the sockets are still read, then shut the server down.

        The goodbye comes before ``AppRunner.cleanup`` shuts the connections down: from its first step on, aiohttp
        drops whatever a connection receives, the page's answering close frame too, so each ``ws.close`` waited
        for the page to give up and cut the connection itself (a browser does after 2 s). Still run as the app's
        ``on_shutdown``, it tells a page that connected meanwhile."""
        runner = self._runner
        for site in list(runner.sites):
            await site.stop()
        await self._say_goodbye()
        await runner.cleanup()

    def stop(self, timeout: float = 10.0) -> None:
        if self._runner is None or self.loop is None or self.loop.is_closed():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(timeout)
        except (RuntimeError, asyncio.TimeoutError, asyncio.CancelledError):
            pass
        self._runner = None

    def address(self, host: str) -> str:
        return f"http://{host}:{self.port}/"

    def join_url(self, host: str) -> str:
        """What the QR code holds: the page with the room code, so one scan seats a phone."""
        return f"{self.address(host)}?c={self.code}"

    async def _page(self, request: web.Request) -> web.Response:
        name, content_type = _STATIC[request.path]
        return web.Response(body=page_file(name), content_type=content_type, charset="utf-8",
                            headers={"Cache-Control": "no-cache"})

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=P.MAX_CLIENT_MESSAGE * 2, heartbeat=20, timeout=CLOSE_HANDSHAKE_S)
        await ws.prepare(request)
        code_ok = secrets.compare_digest(request.query.get("code", ""), self.code)
        link = WebPeerLink(self, ws, code_ok)
        self.links.add(link)
        self.core.connect(link.peer)
        writer = link.writer = self.loop.create_task(link.write_all())
        hello_timer = self.loop.call_later(P.HELLO_TIMEOUT_S, self._hello_overdue, link)
        try:
            while True:
                receiving = asyncio.ensure_future(ws.receive())
                await asyncio.wait((receiving, writer), return_when=asyncio.FIRST_COMPLETED)
                if not receiving.done():  # the writer has said all, the bye among it: close from here (below)
                    receiving.cancel()
                    break
                msg = receiving.result()
                if msg.type == WSMsgType.TEXT:
                    link.receive(msg.data)
                    self.lan._reschedule()
                elif msg.type == WSMsgType.BINARY:
                    self.core.drop(link.peer, "garbage", "Поток данных повреждён: соединение закрыто.")
                else:
                    break
        finally:
            hello_timer.cancel()
            self.links.discard(link)
            self.core.disconnect(link.peer)
            link.peer.send = link.peer.close = lambda *_: None
            link.queue.put_nowait(None)
            self.lan._reschedule()
            try:
                await asyncio.wait_for(writer, CLOSE_HANDSHAKE_S)
                # closed from the task that reads, never while another receive waits: aiohttp then reads (and
                # drops) what the page still sends until its close frame. Closed from the writer, beside a waiting
                # receive, it cut the socket at once, on unread data, and the reset took the bye the page had not
                # read yet (a flood told «rate» saw no bye, in about one run in six)
                await ws.close()
            except (asyncio.TimeoutError, asyncio.CancelledError):
                writer.cancel()
            finally:
                link.ended.set_result(None)
        return ws

    def _hello_overdue(self, link: WebPeerLink) -> None:
        if link.peer.role is None:
            self.core.drop(link.peer, "handshake", "Не дождались приветствия: соединение закрыто.")


class PhoneDoor:
    """The page phones join a room by, as a screen shows it: ``address`` in large type, the room
    ``code``, the ``join_url`` its QR code holds; ``close`` before the room's host stops."""

    def __init__(self, server: WebServer, bind: str):
        self.server = server
        self.code = server.code
        self.lan_address = bind if bind not in ("0.0.0.0", "") else _first_lan_address()
        self.address = server.address(self.lan_address)
        self.join_url = server.join_url(self.lan_address)

    def close(self) -> None:
        self.server.stop()


def open_door(lan: LanHost, bind: str, port: int | None = None) -> PhoneDoor | None:
    """The phones' page for a running room on ``port`` (None: the usual one; taken: any free one);
    None if it cannot listen at all (the room still works for laptops)."""
    server = WebServer(lan, DEFAULT_WEB_PORT if port is None else port)
    try:
        server.start()
    except (OSError, TimeoutError) as exc:
        log.warning("phones' page did not open: %s", exc)
        return None
    return PhoneDoor(server, bind)


def _first_lan_address() -> str:
    from game.net.discovery import lan_addresses

    addresses = lan_addresses()
    return addresses[0] if addresses else "127.0.0.1"
