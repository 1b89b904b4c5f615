"""The room on the network: ``LanHost`` runs a ``HostCore`` behind an asyncio TCP server on a thread of its own,
where its bots' answers (``HostCore.think_off_loop``) and its timers come back to it; ``_HostProtocol`` is one TCP
connection as a ``Peer``. Message shapes and limits: docs/PROTOCOL.md."""
from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable

from game.net import protocol as P
from game.net.host.core import HostCore
from game.net.host.peer import Peer


def _malloc_trim() -> Callable[[int], int] | None:
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim  # glibc only; musl and others simply go without
    except (OSError, AttributeError):
        return None


_MALLOC_TRIM = _malloc_trim()
_TRIM_DELAY_S = 1.0


class LanHost:
    """Runs a ``HostCore`` behind a TCP server on a background thread with its own event loop."""

    def __init__(self, core: HostCore, bind: str = "0.0.0.0", port: int = 0, discovery: bool = False,
                 advertise_address: str | None = None):
        self.core = core
        self.bind = bind
        self.port = port
        self.discovery = discovery
        self.advertise_address = advertise_address
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped = threading.Event()
        self._startup_error: BaseException | None = None
        self._server: asyncio.AbstractServer | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._advertiser: Any = None
        self._trim: asyncio.TimerHandle | None = None
        self.transports: set[asyncio.Transport] = set()
        self.extra_txt: dict[str, str] = {}  # TXT properties a companion server adds (the web port)

    # ---------------------------------------------------------------- lifecycle
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        self._thread = threading.Thread(target=self._run, name="igroteka-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("Хост не запустился вовремя.")
        if self._startup_error is not None:
            raise self._startup_error
        return self.bind, self.port

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        except BaseException as exc:  # reported to the starter thread
            self._startup_error = exc
            self._ready.set()
        finally:
            self.loop.close()
            self._stopped.set()

    async def _serve(self) -> None:
        self._stop_future = self.loop.create_future()
        self._server = await self.loop.create_server(lambda: _HostProtocol(self), self.bind, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self.core.port = self.port
        self.core.on_change = self._on_lobby_change
        if self.discovery:
            from game.net.discovery import Advertiser

            self._advertiser = Advertiser(self.advertise_address or self.bind, self.port)
            await self._advertiser.start(self._txt())
        self.core.think_off_loop(self._bot_answered)
        self._reschedule()
        self._ready.set()
        try:
            await self._stop_future
        finally:
            if self._timer is not None:
                self._timer.cancel()
            self.core.close()
            if self._advertiser is not None:
                await self._advertiser.stop()
            self._server.close()
            for transport in list(self.transports):
                transport.close()
            await asyncio.sleep(0)  # let the transports flush their goodbyes

    def stop(self, timeout: float = 10.0) -> None:
        if self.loop is not None and not self._stopped.is_set():
            self.loop.call_soon_threadsafe(lambda: self._stop_future.done() or self._stop_future.set_result(None))
        self._stopped.wait(timeout)
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``fn`` on the host's thread (the only one that may touch the core) and return its result."""
        assert self.loop is not None

        async def run():
            result = fn()
            self._reschedule()
            return result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def connection_freed(self) -> None:
        """Hand the memory of dropped connections back to the system soon (once a second at most)."""
        if self._trim is None and _MALLOC_TRIM is not None:
            self._trim = self.loop.call_later(_TRIM_DELAY_S, self._return_memory)

    def _return_memory(self) -> None:
        # glibc keeps freed small blocks in its heap; a thousand dropped connections would stay
        # in the process's RSS for good without this
        self._trim = None
        _MALLOC_TRIM(0)

    # ---------------------------------------------------------------- timers and discovery
    def _reschedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        due = self.core.next_wakeup()
        if due is not None:
            delay = max(0.0, (due - self.core.now()) / 1000)
            self._timer = self.loop.call_later(delay, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._go_on()

    def _bot_answered(self) -> None:
        """A bot's answer is ready (called on its worker thread): the loop goes on with what waited for it."""
        try:
            self.loop.call_soon_threadsafe(self._go_on)
        except RuntimeError:  # the room closed meanwhile
            pass

    def _go_on(self) -> None:
        self.core.advance()
        self._reschedule()

    def _txt(self) -> dict:
        return {"game": self.core.game_id, "room": self.core.room, "seats": self.core.seats_text(),
                "version": str(P.PROTOCOL_VERSION), "started": "1" if self.core.started else "0",
                **self.extra_txt}

    def _on_lobby_change(self) -> None:
        if self._advertiser is not None:
            self.loop.create_task(self._advertiser.update(self._txt()))


def _ignore(*_: Any) -> None:
    pass


def _nothing_unsent() -> int:
    return 0


class _HostProtocol(asyncio.Protocol):
    def __init__(self, host: LanHost):
        self.host = host
        self.peer: Peer | None = None
        self.transport: asyncio.Transport | None = None
        self._hello_timer: asyncio.TimerHandle | None = None
        self._message_timer: asyncio.TimerHandle | None = None
        self._linger_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        # above this backlog the transport pauses us: lobby changes and updates are coalesced
        self.transport.set_write_buffer_limits(high=P.SLOW_READER_BYTES, low=P.SLOW_READER_BYTES // 4)
        self.host.transports.add(self.transport)
        self.peer = self.host.core.connect(Peer(send=self._write, close=self._hang_up,
                                                backlog=self.transport.get_write_buffer_size))
        self._hello_timer = self.host.loop.call_later(P.HELLO_TIMEOUT_S, self._hello_overdue)

    def _write(self, data: bytes) -> None:
        if self.transport.is_closing():
            return
        self.transport.write(data)
        if self.transport.get_write_buffer_size() > P.MAX_UNSENT:
            self.transport.abort()

    def _hang_up(self) -> None:
        """Close after a ``bye`` so that the client reads it: send what is queued, then FIN, and
        keep reading (and ignoring) what the client still sends for a moment. Closing at once
        with unread bytes in our socket would answer with a reset, which can destroy the bye."""
        if self.transport is None or self.transport.is_closing():
            return
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        try:
            self.transport.write_eof()
        except OSError:  # the client is already gone: nothing to say goodbye to
            self.transport.close()
            return
        self._linger_timer = self.host.loop.call_later(P.LINGER_S, self.transport.close)

    def _hello_overdue(self) -> None:
        if self.peer is not None and self.peer.role is None:
            self.host.core.drop(self.peer, "handshake", "Не дождались приветствия: соединение закрыто.")

    def _message_overdue(self) -> None:
        self._message_timer = None
        if self.peer is not None and not self.peer.closed:
            self.host.core.drop(self.peer, "slow", "Сообщение шло слишком долго: соединение закрыто.")

    def data_received(self, data: bytes) -> None:
        peer = self.peer
        if peer is None or peer.closed:
            return  # after our bye: read and forget until the client closes
        completed = peer.reader.messages
        try:
            self.host.core.receive(peer, data)
        finally:
            self._watch_partial(peer, completed)
            self.host._reschedule()

    def _watch_partial(self, peer: Peer, completed_before: int) -> None:
        """A message begun must be finished within MESSAGE_DEADLINE_S (a byte a second forever
        would hold the connection and its buffer)."""
        if peer.closed or not peer.reader.partial:
            if self._message_timer is not None:
                self._message_timer.cancel()
                self._message_timer = None
            return
        if self._message_timer is None or peer.reader.messages != completed_before:
            if self._message_timer is not None:
                self._message_timer.cancel()
            self._message_timer = self.host.loop.call_later(P.MESSAGE_DEADLINE_S, self._message_overdue)

    def resume_writing(self) -> None:
        if self.peer is not None:
            self.host.core.caught_up(self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.transports.discard(self.transport)
        for timer in (self._hello_timer, self._message_timer, self._linger_timer):
            if timer is not None:
                timer.cancel()
        self._hello_timer = self._message_timer = self._linger_timer = None
        peer = self.peer
        if peer is not None:
            self.host.core.disconnect(peer)
            # peer ↔ protocol ↔ transport form cycles: cut them so a dropped connection is freed
            # at once, not at the next full collection
            peer.send, peer.close, peer.backlog = _ignore, _ignore, _nothing_unsent
        self.peer = None
        self.transport = None
        self.host._reschedule()
        self.host.connection_freed()
