"""Finding rooms on the LAN with zeroconf (mDNS/DNS-SD), IPv4 only, on the chosen interface.

The host advertises ``_igroteka._tcp.local.`` with TXT properties ``game``, ``room``, ``seats``
(taken/total), ``version``, ``started`` and, when phones can join, ``web`` (the page's port); it updates them when the lobby changes and withdraws
the service on exit. ``RoomBrowser`` keeps the list of rooms as they appear and disappear.

A host that dies without its goodbye (kill -9, power cut) must not linger in everyone's list:
its records live ``ROOM_TTL_S`` seconds and it repeats them every ``ANNOUNCE_EVERY_S``; a browser
drops a room whose service record has expired. (zeroconf stretches a received PTR record to
at least 1125 s, so the browser watches the SRV record, which it keeps as sent.)
"""
from __future__ import annotations

import asyncio
import secrets
import socket
import threading
from dataclasses import dataclass
from typing import Callable

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, current_time_millis
from zeroconf.const import _CLASS_IN, _TYPE_SRV
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from game.net.protocol import SERVICE_TYPE

ROOM_TTL_S = 15  # seconds a room's records live in a browser's cache without a repeat
ANNOUNCE_EVERY_S = ROOM_TTL_S / 3  # two lost repeats in a row still keep a live room listed
EXPIRY_CHECK_S = 1.0  # how often a browser looks for rooms whose records ran out


def _interfaces(address: str | None) -> list[str] | InterfaceChoice:
    return [address] if address and address != "0.0.0.0" else InterfaceChoice.All


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (what a host on 0.0.0.0 advertises)."""
    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                out.append(ip.ip)
    return out


class Advertiser:
    """One room's service record; ``start``/``update``/``stop`` run on the host's event loop."""

    def __init__(self, address: str, port: int):
        self.address = address
        self.port = port
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._suffix = secrets.token_hex(2)
        self._repeater: asyncio.Task | None = None

    def _make_info(self, txt: dict) -> AsyncServiceInfo:
        addresses = [self.address] if self.address != "0.0.0.0" else lan_addresses()
        label = f"{txt.get('room', 'Игротека')[:24]} ({self._suffix})"
        return AsyncServiceInfo(
            SERVICE_TYPE,
            f"{label}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=self.port,
            properties=txt,
            server=f"igroteka-{self._suffix}.local.",
            host_ttl=ROOM_TTL_S,
            other_ttl=ROOM_TTL_S,
        )

    async def start(self, txt: dict) -> None:
        self._zc = AsyncZeroconf(interfaces=_interfaces(self.address), ip_version=IPVersion.V4Only)
        self._info = self._make_info(txt)
        await self._zc.async_register_service(self._info, allow_name_change=True)
        self._repeater = asyncio.get_running_loop().create_task(self._repeat())

    async def _repeat(self) -> None:
        """Refresh the records before they run out in the browsers' caches."""
        while True:
            await asyncio.sleep(ANNOUNCE_EVERY_S)
            if self._zc is None or self._info is None:
                return
            await self._zc.async_update_service(self._info)

    async def update(self, txt: dict) -> None:
        if self._zc is None or self._info is None:
            return
        name = self._info.name
        self._info = self._make_info(txt)
        self._info.name = name  # keep the name zeroconf settled on
        await self._zc.async_update_service(self._info)

    async def stop(self) -> None:
        if self._repeater is not None:
            self._repeater.cancel()
            self._repeater = None
        if self._zc is not None:
            if self._info is not None:
                # the call only schedules the goodbye broadcasts: closing before they went out
                # would cancel them and leave the room in every list until its records expire
                goodbyes_sent = await self._zc.async_unregister_service(self._info)
                await goodbyes_sent
            await self._zc.async_close()
            self._zc = None


@dataclass(frozen=True)
class Room:
    service: str  # the zeroconf instance name, unique on the LAN
    address: str
    port: int
    room: str
    game: str
    seats: str
    version: str
    started: bool
    web_port: int | None = None  # the phones' page (http), when the host serves it

    @property
    def endpoint(self) -> str:
        return f"{self.address}:{self.port}"


class RoomBrowser:
    """Watches the LAN for rooms on its own thread; ``rooms()`` is safe from any thread."""

    def __init__(self, interface_address: str | None = None, on_change: Callable[[list[Room]], None] | None = None):
        self.interface_address = interface_address
        self.on_change = on_change
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()
        self.changed = threading.Condition(self._lock)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="igroteka-browser", daemon=True)
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._expiry: asyncio.Task | None = None

    def start(self) -> "RoomBrowser":
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    async def _start(self) -> None:
        self._zc = AsyncZeroconf(interfaces=_interfaces(self.interface_address), ip_version=IPVersion.V4Only)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE_TYPE, handlers=[self._on_service])
        self._expiry = asyncio.get_running_loop().create_task(self._drop_expired())

    async def _drop_expired(self) -> None:
        """A host killed without a goodbye: its room goes once its service record runs out."""
        while True:
            await asyncio.sleep(EXPIRY_CHECK_S)
            now = current_time_millis()
            cache = self._zc.zeroconf.cache
            with self._lock:
                names = list(self._rooms)
            for name in names:
                records = cache.async_all_by_details(name, _TYPE_SRV, _CLASS_IN)
                if not any(not record.is_expired(now) for record in records):
                    self._set(name, None)

    def _on_service(self, zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self._set(name, None)
        else:
            asyncio.ensure_future(self._resolve(name))

    async def _resolve(self, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        props = {k.decode(): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses or info.port is None:
            return
        self._set(name, Room(name, addresses[0], info.port, props.get("room", "?"), props.get("game", "?"),
                             props.get("seats", "?"), props.get("version", "?"), props.get("started") == "1",
                             int(props["web"]) if props.get("web", "").isdigit() else None))

    def _set(self, name: str, room: Room | None) -> None:
        with self.changed:
            if room is None:
                self._rooms.pop(name, None)
            else:
                self._rooms[name] = room
            self.changed.notify_all()
            rooms = list(self._rooms.values())
        if self.on_change is not None:
            self.on_change(rooms)

    def rooms(self) -> list[Room]:
        with self._lock:
            return sorted(self._rooms.values(), key=lambda r: (r.room, r.service))

    def wait(self, predicate: Callable[[list[Room]], bool], timeout: float) -> list[Room]:
        """Block until the room list satisfies ``predicate`` (or the time runs out); the list."""
        with self.changed:
            self.changed.wait_for(lambda: predicate(list(self._rooms.values())), timeout)
            return sorted(self._rooms.values(), key=lambda r: (r.room, r.service))

    def stop(self) -> None:
        async def close():
            if self._expiry is not None:
                self._expiry.cancel()
            if self._browser is not None:
                await self._browser.async_cancel()
            if self._zc is not None:
                await self._zc.async_close()

        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
