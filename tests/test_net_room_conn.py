"""Connections over loopback: a flooder is told why it is cut off (a ``bye``, not a reset), and a
message that trickles in forever is cut off at its deadline."""
from __future__ import annotations

import time

import msgpack
import pytest

from game.benchmarks.net import RawClient
from game.net import protocol as P
from game.net.host import HostCore, LanHost


@pytest.fixture
def room():
    host = LanHost(HostCore("toy", "Связь"), "127.0.0.1", 0)
    host.start()
    yield host
    host.stop()


def test_a_client_cut_off_for_flooding_reads_its_bye(room):
    """The flooder reads slowly, so the bye waits in the host's socket behind other messages
    while the flood still arrives: closing then would reset the line and lose the bye."""
    renames = b"".join(msgpack.packb({"type": "rename", "name": f"Шумный {n % 2}"}) for n in range(60))
    flood = b"".join(msgpack.packb({"type": "ping", "id": n, "t": 0}) for n in range(400))
    for attempt in range(3):
        client = RawClient(room.port, read=False, receive_buffer=4096)
        client.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Шумный"})
        client.send(renames)
        for _ in range(20):  # it keeps sending after the host has hung up
            if not client.send(flood):
                break
        client.read()
        bye = client.wait_for(lambda m: m["type"] == "bye", 10)
        assert bye is not None and bye["code"] == "rate", f"попытка {attempt}: вместо bye — обрыв"
        client.close()


def test_a_message_that_never_finishes_is_cut_off_at_its_deadline(room, monkeypatch):
    monkeypatch.setattr(P, "MESSAGE_DEADLINE_S", 0.5)
    calm, slow = RawClient(room.port), RawClient(room.port)
    assert calm.hello("Спокойный")["type"] == "welcome" and slow.hello("Медленный")["type"] == "welcome"
    message = msgpack.packb({"type": "rename", "name": "Очень медленное имя"})  # 2.5 s at a byte every 50 ms
    sent = 0
    for byte in message[:-1]:  # never the whole message
        if not slow.send(bytes([byte])):
            break
        sent += 1
        time.sleep(0.05)
        if slow.closed.is_set():
            break
    bye = slow.wait_for(lambda m: m["type"] == "bye", 5)
    assert bye is not None and bye["code"] == "slow", bye
    assert sent < len(message) - 1, "the message was read to its end: no deadline cut it off"
    calm.send({"type": "rename", "name": "Всё ещё здесь"})
    assert calm.wait_for(lambda m: m["type"] == "lobby" and m["seats"][0]["name"] == "Всё ещё здесь", 5)


def test_a_client_that_says_bye_and_vanishes_costs_no_error(room, caplog):
    import logging
    import socket

    with caplog.at_level(logging.WARNING):
        for n in range(30):
            client = RawClient(room.port)
            assert client.hello(f"Гость {n}")["type"] == "welcome"
            client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            client.send({"type": "bye"})
            client.close()  # at once, with a reset: the host reads the bye from a dead line
        calm = RawClient(room.port)
        assert calm.hello("Последний")["type"] == "welcome"
    assert [r.getMessage() for r in caplog.records if r.name.startswith("game")] == []
