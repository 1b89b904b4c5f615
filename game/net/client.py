"""The LAN client: a ``Connection`` (game/net/connection.py) plus lobby operations, reconnection with the seat's
secret token, and clock sync so reflex presses are judged by when they happened.

Networking runs on an asyncio loop in one background thread; the scene's thread meets it in a
thread-safe queue. Besides the host's messages (docs/PROTOCOL.md) ``poll`` yields local
``{"type": "link", "status": "lost" | "restored" | "gone", "reason": …}`` notes; a host never reached is told by
``"code": "unreachable"`` with ``"why"``, the Russian reason alone.
"""
from __future__ import annotations

import asyncio
import errno
import logging
import queue
import re
import socket
import threading
import time
from collections import deque
from typing import Any, Callable

from game.net import protocol as P
from game.net.journal import JournalError
from game.net.connection import SeatRefused
from game.net.local import monotonic_ms
from game.net.record import GameRecord
from game.net.session import fallback_action
from game.rules.base import Rng

log = logging.getLogger(__name__)

# why a TCP connection failed, by the OS's error number: the end of «Не удалось подключиться к …: …»
_UNREACHABLE = {
    errno.ECONNREFUSED: "по этому адресу нет комнаты (подключение отклонено)",
    errno.ETIMEDOUT: "сервер не отвечает",
    errno.EHOSTUNREACH: "компьютер недоступен — проверьте, что вы в одной сети",
    errno.ENETUNREACH: "сеть недоступна — проверьте подключение к сети",
    errno.EADDRNOTAVAIL: "такого адреса нет",
    socket.EAI_NONAME: "такой адрес не найден",
    socket.EAI_AGAIN: "адрес сейчас не удаётся найти",
    getattr(socket, "EAI_NODATA", -5): "такой адрес не найден",
}


def unreachable_reason(error: BaseException) -> str:
    """Why the host could not be reached, in Russian («сервер не отвечает»). asyncio joins the errors of every
    address it tried into one message without an errno of its own: the first number in it speaks for them."""
    if isinstance(error, (asyncio.TimeoutError, TimeoutError)) or not str(error):
        return "сервер не отвечает"
    number = error.errno if isinstance(error, OSError) and error.errno is not None else None
    if number is None:
        found = re.search(r"\[Errno (-?\d+)\]", str(error))
        number = int(found.group(1)) if found else None
    return _UNREACHABLE.get(number, f"ошибка сети ({error})")


FATAL_BYE = frozenset({"kicked", "version", "token", "game", "replaced", "full", "rate", "garbage", "too_big",
                       "handshake", "malformed", "seat_returned"})


class ClockSync:
    """NTP-style offset of the host clock from ours, from the lowest-round-trip recent ping."""

    def __init__(self, samples: int = P.CLOCK_SAMPLES):
        self._samples: deque[tuple[float, float]] = deque(maxlen=samples)  # (rtt, offset)
        self._next_id = 0

    def make_ping(self, now_ms: float) -> dict:
        self._next_id += 1
        message: dict[str, Any] = {"type": "ping", "id": self._next_id, "t": now_ms}
        best = self.best()
        if best is not None:
            message["offset"], message["rtt"] = best[1], best[0]
        return message

    def on_pong(self, message: dict, now_ms: float) -> None:
        sent = message["t"]
        rtt = now_ms - sent
        if rtt < 0:
            return
        # the host stamped its clock on arrival; the best guess is that it did so halfway
        self._samples.append((rtt, message["host"] - (sent + now_ms) / 2))

    def best(self) -> tuple[float, float] | None:
        return min(self._samples) if self._samples else None

    @property
    def offset(self) -> float | None:
        best = self.best()
        return None if best is None else best[1]

    @property
    def rtt(self) -> float | None:
        best = self.best()
        return None if best is None else best[0]


class LanConnection:
    """One seat's (or a watcher's) line to a LAN host."""

    goes_on_elsewhere = True  # the room's other screens play on while this one is paused
    replaying = False

    def __init__(
        self,
        address: str,
        port: int,
        name: str = "Игрок",
        role: str = "player",
        token: str | None = None,
        seat: int | None = None,
        game: str | None = None,
        clock: Callable[[], int] = monotonic_ms,
        reconnect_s: float = 120.0,
        ping_interval_s: float = P.PING_INTERVAL_S,
        on_token: Callable[[str], None] | None = None,
        record: Callable[[bytes], None] | None = None,
        keep_history: bool = False,
        on_message: Callable[[dict], None] | None = None,
        on_game_record: Callable[[GameRecord, int | None], None] | None = None,
    ):
        self.address, self.port = address, port
        self.name, self.role, self.token, self.seat, self.game = name, role, token, seat, game
        self.clock = clock
        self.reconnect_s = reconnect_s
        self.ping_interval_s = ping_interval_s
        self.on_token = on_token
        self.record = record
        self.arrived_ms = 0.0  # host-clock-comparable moment the latest bytes arrived (monotonic ms)
        self.on_message = on_message  # called on the network thread as each message arrives
        # the game this seat played, as the host tells it at the end (``game_record``), and the seat: on the network
        # thread, which keeps it (game.launch: the window's «История»); the message reaches ``poll`` after that
        self.on_game_record = on_game_record
        self.finished_record: GameRecord | None = None  # the last one told: its journal is the game's replay
        self.history: list[dict] | None = [] if keep_history else None
        self.clock_sync = ClockSync()
        self.state_id = 0
        self.lobby: dict | None = None
        self.welcome: dict | None = None
        self.last_bye: dict | None = None
        self.connects = 0  # how many handshakes succeeded (reconnects are > 1)
        self.welcomed = threading.Event()
        self._seat_answered = threading.Event()  # the host's answer to take_bot_seat arrived
        self._seat_answer: dict | None = None
        self.finished = threading.Event()  # the network thread is done for good
        self._inbox: queue.Queue[dict] = queue.Queue()
        self._closing = False
        self._writer: asyncio.StreamWriter | None = None
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="igroteka-client", daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- the Connection interface
    def finished_journal(self) -> tuple[dict, list] | None:
        """The finished game's journal as the host sent it at the end (``game_record``, its keys blanked), for
        «Повтор партии»; None before it came, or when it came without one (too big to send)."""
        record = self.finished_record
        try:
            parts = record.journal_parts() if record is not None else None
        except JournalError:
            return None
        return (parts[0], parts[1]) if parts is not None else None

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        """Send an action made against the latest polled view. ``pressed_ms`` is when the input
        was read, on ``clock``; the host converts it to its own time for reflex judging."""
        pressed = pressed_ms if pressed_ms is not None else self.clock()
        self._post({"type": "action", "action": action, "state_id": self.state_id, "pressed": pressed})

    def poll(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self._deliver(self._inbox.get_nowait()))
            except queue.Empty:
                return out

    def pump(self) -> None:
        """Nothing to do: the network runs on its own thread."""

    def close(self) -> None:
        self._closing = True
        if not self.finished.is_set():
            try:
                self.loop.call_soon_threadsafe(self._shutdown)
            except RuntimeError:  # the loop closed itself just now (a link that gave up): its thread is ending anyway
                pass
        self._thread.join(5)

    # ---------------------------------------------------------------- helpers for tools and tests
    def wait_for(self, predicate: Callable[[dict], bool], timeout: float = 10.0) -> dict:
        """Block until a message satisfying ``predicate`` arrives; earlier ones are consumed."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Не дождались сообщения от хоста.")
            try:
                message = self._deliver(self._inbox.get(timeout=left))
            except queue.Empty:
                continue
            if predicate(message):
                return message

    def _deliver(self, message: dict) -> dict:
        if message.get("type") == "update":
            self.state_id = message["state_id"]
        if self.history is not None:
            self.history.append(message)
        return message

    # ---------------------------------------------------------------- lobby operations
    def take_bot_seat(self, timeout_s: float = 3.0) -> "LanConnection":
        """A second person at this window (or, from a watcher, the window itself) takes over a bot's seat: the host
        hands the seat's key to this connection (``take_bot_seat``), and the new person's own connection comes in with
        it. SeatRefused with the host's reason, or when the host does not answer within ``timeout_s``."""
        self._seat_answer = None
        self._seat_answered.clear()
        self._post({"type": "take_bot_seat"})
        if not self._seat_answered.wait(timeout_s):
            raise SeatRefused("Хост не ответил: место бота не занято.")
        answer = self._seat_answer
        if answer.get("type") != "seat_key":
            raise SeatRefused(answer.get("reason") or "Место бота занять не удалось.")
        # a watcher sits down itself: the seat is this window's own, its key kept as a joined seat's (for coming back);
        # a second person at a seated window is a guest, the window keeps its own seat's key
        keeper = self.on_token if self.role == "spectator" else None
        if keeper is not None:
            keeper(answer["token"])
        return LanConnection(self.address, self.port, self.name, token=answer["token"], seat=answer["seat"],
                             game=self.game, clock=self.clock, on_token=keeper, on_game_record=self.on_game_record)

    def set_ready(self, ready: bool = True) -> None:
        self._post({"type": "ready", "ready": ready})

    def rename(self, name: str) -> None:
        self._post({"type": "rename", "name": name})

    def set_colour(self, colour: str) -> None:
        self._post({"type": "colour", "colour": colour})

    def set_game(self, game_id: str) -> None:
        self._post({"type": "set_game", "game": game_id})

    def set_options(self, options: dict) -> None:
        self._post({"type": "set_options", "options": options})

    def set_turn_timer(self, seconds: int | None) -> None:
        self._post({"type": "set_timer", "turn_s": seconds})

    def add_bot(self, level: str = "player") -> None:
        self._post({"type": "add_bot", "level": level})

    def remove_bot(self, seat: int) -> None:
        self._post({"type": "remove_bot", "seat": seat})

    def kick(self, seat: int) -> None:
        self._post({"type": "kick", "seat": seat})

    def start_game(self) -> None:
        self._post({"type": "start"})

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are, for tests of the host's defences."""
        self.loop.call_soon_threadsafe(self._write, data)

    # ---------------------------------------------------------------- network thread
    def _post(self, message: dict) -> None:
        if self.finished.is_set():
            self._inbox.put(P.error("offline", "Нет связи с хостом."))
            return
        self.loop.call_soon_threadsafe(self._write, P.pack(message))

    def _write(self, data: bytes) -> None:
        if self._writer is None or self._writer.is_closing():
            self._inbox.put(P.error("offline", "Нет связи с хостом: сообщение не отправлено."))
            return
        self._writer.write(data)

    def _shutdown(self) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(P.pack({"type": "bye"}))
            self._writer.close()
        for task in asyncio.all_tasks(self.loop):
            task.cancel()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.close()
            self.finished.set()

    async def _main(self) -> None:
        lost_at: float | None = None
        backoff = 0.1
        while not self._closing:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(self.address, self.port), 5)
            except (OSError, asyncio.TimeoutError) as exc:
                if lost_at is None and self.connects == 0:
                    why = unreachable_reason(exc)
                    self._inbox.put({"type": "link", "status": "gone", "code": "unreachable", "why": why,
                                     "reason": f"Не удалось подключиться: {why}."})
                    return
                if lost_at is not None and time.monotonic() - lost_at > self.reconnect_s:
                    self._inbox.put({"type": "link", "status": "gone", "reason": "Связь с хостом не восстановилась."})
                    return
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
                continue
            backoff = 0.1
            self._writer = writer
            fatal = await self._session(reader, writer)
            self._writer = None
            writer.close()
            if fatal or self._closing or self.token is None:
                reason = self.last_bye["reason"] if self.last_bye else "Соединение закрыто."
                self._inbox.put({"type": "link", "status": "gone", "reason": reason})
                return
            lost_at = time.monotonic()
            self._inbox.put({"type": "link", "status": "lost", "reason": "Связь с хостом потеряна, переподключаемся…"})

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """One TCP connection's life; True when the host said not to come back."""
        hello = {"type": "hello", "version": P.PROTOCOL_VERSION, "name": self.name, "role": self.role,
                 "token": self.token, "game": self.game}
        if self.seat is not None and self.token is not None:
            hello["seat"] = self.seat
        writer.write(P.pack(hello))
        frames = P.FrameReader(P.MAX_HOST_MESSAGE, strict_keys=False)
        pinger = asyncio.ensure_future(self._ping_loop())
        try:
            while True:
                try:
                    data = await reader.read(P.READ_CHUNK)
                except (ConnectionError, OSError):
                    return False
                if not data:
                    return False
                self.arrived_ms = time.monotonic() * 1000  # when the bytes came, before decoding them
                if self.record is not None:
                    self.record(data)
                try:
                    messages = frames.feed(data)
                except P.ProtocolError:
                    return False
                for message in messages:
                    if self._on_message(message):
                        return True
        finally:
            pinger.cancel()

    def _on_message(self, message: Any) -> bool:
        if not isinstance(message, dict):
            return False
        if self.on_message is not None:
            self.on_message(message)
        kind = message.get("type")
        if kind == "pong":
            self.clock_sync.on_pong(message, self.clock())
            return False
        if kind == "welcome":
            first = self.connects == 0
            self.connects += 1
            self.welcome = message
            self.role = message["role"]
            self.seat = message["seat"] if message["role"] == "player" else None
            if message.get("token") and message["token"] != self.token:
                self.token = message["token"]
                if self.on_token is not None:
                    self.on_token(self.token)
            if not first:
                self._inbox.put({"type": "link", "status": "restored", "reason": "Связь восстановлена."})
            self.welcomed.set()
        elif kind == "lobby":
            self.lobby = message
        elif kind == "seat_key" or (kind == "error" and message.get("ref") == "take_bot_seat"):
            self._seat_answer = message
            self._seat_answered.set()
            return False
        elif kind == "game_record":
            record = GameRecord.from_wire(message)
            if record is None:
                log.warning("the host's record of the finished game is not one; it is not kept")
            else:
                self.finished_record = record
            if record is not None and self.on_game_record is not None:
                try:
                    self.on_game_record(record, self.seat)
                except Exception:  # noqa: BLE001 - a game not kept must not cost the line to the room
                    log.exception("the finished game could not be kept")
        elif kind == "bye":
            self.last_bye = message
            self._inbox.put(message)
            return message.get("code") in FATAL_BYE
        self._inbox.put(message)
        return False

    async def _ping_loop(self) -> None:
        # a quick burst first so reflexes are fair from the first round, then every ~2 s
        for delay in (0.0, 0.05, 0.05, 0.05):
            await asyncio.sleep(delay)
            self._write_ping()
        while True:
            await asyncio.sleep(self.ping_interval_s)
            self._write_ping()

    def _write_ping(self) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(P.pack(self.clock_sync.make_ping(self.clock())))


class TableLink:
    """What the table scene talks through: the lobby's ``LanConnection`` with the messages the
    lobby already read (the first ``update``) put back in front, and link notes shown as toasts."""

    goes_on_elsewhere = True
    replaying = False

    def __init__(self, connection, pending: list[dict], notify: Callable[[str, int], None],
                 journal: Callable[[], tuple | None] | None = None):
        self.connection = connection
        self.pending = list(pending)
        self.notify = notify
        self.journal = journal  # the room this window hosts: its game's journal once over («Повтор партии»)

    def finished_journal(self) -> tuple[dict, list] | None:
        """The finished game's journal: the room's own when this window hosts it, else what the host sent."""
        if self.journal is not None:
            return self.journal()
        return self.connection.finished_journal()

    @property
    def seat(self) -> int:
        if self.connection.seat is not None:
            return self.connection.seat
        welcome = self.connection.welcome or {}
        return welcome.get("seat", -1)  # a watcher: SPECTATOR or TV

    @property
    def lobby(self) -> dict | None:
        """The room as the host last told it (the seats, which of them bots play): the lobby screen read the
        messages before the table opened, so a table learns it here."""
        return self.connection.lobby

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        self.connection.send(action, pressed_ms=pressed_ms)

    def poll(self) -> list[dict]:
        messages, self.pending = self.pending + self.connection.poll(), []
        for message in messages:
            kind = message.get("type")
            if kind == "link":
                self.notify(message.get("reason", ""), 6000 if message.get("status") == "gone" else 3000)
            elif kind == "bye" and message.get("code") not in ("shutdown", "replaced"):
                self.notify(message.get("reason", ""), 6000)
        return messages

    def pump(self) -> None:
        self.connection.pump()

    def take_bot_seat(self):
        return self.connection.take_bot_seat()

    def close(self) -> None:
        self.connection.close()


class _RandomBot:
    def __init__(self, rng: Rng):
        self.rng = rng

    def plan(self, view: dict, legal: list, now_ms: int):
        return now_ms + 200 + self.rng.below(300), self.rng.choice(legal)


class AutoPlayer:
    """Plays a connection's seat with a bot, the way a person at that seat would: from the
    polled view and legal actions only. Used by ``join --bot``, soak and secrecy tests."""

    def __init__(self, connection: LanConnection, level: str = "player", seed: int = 0, speed: float = 1.0,
                 start_when: int | None = None):
        self.connection = connection
        self.level = level
        self.seed = seed
        self.speed = speed  # 0.1 plays ten times faster than the bot's human-like delays
        self.start_when = start_when  # as room owner, start once this many seats are taken
        self.updates = 0
        self.result: dict | None = None
        self.gone: dict | None = None
        self.errors: list[dict] = []
        self.over = threading.Event()
        self._bot = None
        self._rules = None
        self._plan: tuple[float, dict] | None = None
        self._last_update: dict | None = None
        self._sent: tuple[int, dict] | None = None  # the latest action sent, with the state id it was sent on
        self._refused_on: int | None = None  # the state id on which the bot's action was refused: not asked again
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> "AutoPlayer":
        self._thread = threading.Thread(target=self.run, name="igroteka-autoplayer", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def join(self, timeout: float | None = None) -> bool:
        assert self._thread is not None
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def run(self) -> None:
        conn = self.connection
        while not self._stop.is_set():
            wait = 0.2
            if self._plan is not None:
                wait = max(0.0, (self._plan[0] - conn.clock()) / 1000)
            try:
                message = conn._deliver(conn._inbox.get(timeout=min(wait, 0.2)))
            except queue.Empty:
                message = None
            if message is not None and self._handle(message):
                return
            if self._plan is not None and conn.clock() >= self._plan[0]:
                action, self._plan = self._plan[1], None
                self._sent = (conn.state_id, action)
                conn.send(action)

    def _handle(self, message: dict) -> bool:
        """True when there is nothing more to play."""
        kind = message.get("type")
        conn = self.connection
        if kind == "link" and message["status"] == "gone":
            self.gone = message
            return True
        if kind == "error":
            self.errors.append(message)
            if message.get("ref") == "action":
                self._refused(message)
        if kind == "welcome" and message["role"] == "player":
            conn.set_ready(True)
        if kind == "lobby" and not message["started"] and self.start_when is not None:
            if message["owner"] == message["you"] and len(message["seats"]) >= self.start_when:
                conn.start_game()
        if kind == "update":
            self.updates += 1
            self._last_update = message
            if message.get("over"):
                self.result = message.get("result")
                self._plan = None
                self.over.set()
                return False
            if conn.seat is not None:
                self._replan(message)
        return False

    def _refused(self, error: dict) -> None:
        """The host refused an action of this seat. One that came after the table had changed (``stale``) needs
        nothing: the newer update was planned for when it came. Any other refusal is the bot's own: asked again on
        the same update it would answer the same at a moment already past (its decision is kept per situation),
        which was sent again at once and refused again, once a round trip, until the host's rate limit closed the
        line. So, as the host does for its own bots (docs/PROTOCOL.md §6), the bot is not asked again on that
        update: ``_replan`` falls back."""
        if error.get("code") == "stale":
            return
        sent = error.get("action") or (self._sent[1] if self._sent is not None else None)
        log.warning("the host refuses the action of the bot at seat %s (%s): %s", self.connection.seat, sent,
                    error.get("reason"))
        update = self._last_update
        if update is None or self.connection.seat is None or self._sent is None:
            return
        if self._sent[0] != update["state_id"] or self._refused_on == update["state_id"]:
            return  # sent on an older update, or what was refused is the fallback itself: the next update decides
        self._refused_on = update["state_id"]
        self._replan(update)

    def _replan(self, update: dict) -> None:
        from game import rules as rules_registry
        from game.bots import make_bot

        if self._rules is None:
            game_id = self.connection.welcome["game"] if self.connection.welcome else self.connection.lobby["game"]
            self._rules = rules_registry.load(game_id)
            try:
                self._bot = make_bot(game_id, self.level, self.connection.seat, self.seed)
            except ModuleNotFoundError:  # a game whose bot is not written yet: play at random
                self._bot = _RandomBot(Rng(self.seed))
        legal = [self._rules.actions.decode(a) for a in update["legal"]]
        if not legal:
            self._plan = None
            return
        now = self.connection.clock()
        if update["state_id"] == self._refused_on:
            # the host's choice for a failing bot (session.fallback_action), and only when the game waits for it
            fallback = fallback_action(legal) if self.connection.seat in update.get("to_act", ()) else None
            refused = self._sent[1] if self._sent is not None else None
            usable = fallback is not None and fallback.to_wire() != refused
            self._plan = (now, fallback.to_wire()) if usable else None
            return
        choice = self._bot.plan(update["view"], legal, now)
        if choice is None:
            self._plan = None
            return
        at_ms, action = choice
        self._plan = (now + max(0.0, at_ms - now) * self.speed, action.to_wire())
