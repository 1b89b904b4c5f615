"""Ten thousand random and mutated frames: the host answers or hangs up, never breaks."""
from __future__ import annotations

import random

import msgpack

from game.net import protocol as P
from net_support import Wire, seated_room, state_bytes

FRAMES = 10_000


def _valid_frames(wire_update: dict) -> list[bytes]:
    legal = wire_update["legal"] or [{"kind": "take"}]
    messages = [
        {"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Фаззер"},
        {"type": "ping", "id": 1, "t": 5, "offset": 0.0, "rtt": 1.0},
        {"type": "action", "action": legal[0], "state_id": wire_update["state_id"], "pressed": 10},
        {"type": "action", "action": {"kind": "slap"}, "state_id": 0, "pressed": 0},
        {"type": "ready", "ready": True},
        {"type": "set_options", "options": {"slaps": False}},
        {"type": "kick", "seat": 0},
        {"type": "start"},
    ]
    return [P.pack(m) for m in messages]


def _random_value(rng: random.Random, depth: int = 0):
    choice = rng.randrange(9 if depth < 3 else 6)
    if choice == 0:
        return rng.randrange(-(2**63), 2**63)
    if choice == 1:
        return rng.random() * 10 ** rng.randrange(-5, 20)
    if choice == 2:
        return "".join(chr(rng.randrange(32, 0x500)) for _ in range(rng.randrange(12)))
    if choice == 3:
        return rng.choice([None, True, False, b"\x00\xff", "", 0, -1])
    if choice == 4:
        return rng.choice(list(P.CLIENT_MESSAGES) + ["kind", "type", "card", "slap", "t0", "t1"])
    if choice == 5:
        return msgpack.ExtType(rng.randrange(128), bytes(rng.randrange(4)))
    if choice == 6:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "action", "state_id", "kind", "card", "name", "token", "seat", "version", "ready"]
    return {rng.choice(keys): _random_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def _mutate(rng: random.Random, frame: bytes) -> bytes:
    data = bytearray(frame)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(4)
        if op == 0 and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif op == 1 and data:
            del data[rng.randrange(len(data)):]
        elif op == 2:
            data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
        elif data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def _frame(rng: random.Random, valid: list[bytes]) -> bytes:
    kind = rng.randrange(4)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return _mutate(rng, rng.choice(valid))
    if kind == 2:
        fields = _random_value(rng, 2)
        message = {**(fields if isinstance(fields, dict) else {}), "type": rng.choice(list(P.CLIENT_MESSAGES))}
        return msgpack.packb(message, use_bin_type=True)
    return msgpack.packb(_random_value(rng), use_bin_type=True)


def test_fuzzed_frames_never_break_the_host():
    rng = random.Random(20240607)
    core, wires, clock = seated_room(3, rate_burst=10**9)
    player_update = wires[0].last("update")
    valid = _valid_frames(player_update)
    internal: list[dict] = []

    def fresh(kind: str) -> Wire:
        wire = Wire(core)
        if kind == "spectator":
            wire.hello("Зритель", role="spectator")
        return wire

    spectator, stranger = fresh("spectator"), fresh("stranger")
    token = wires[1].of_type("welcome")[0]["token"]
    for i in range(FRAMES):
        clock.ms += 1
        target = i % 3
        frame = _frame(rng, valid)
        if target == 2:  # a seated player: may legitimately move; must never hit a bug
            wire = wires[1]
            if wire.closed:
                wire = wires[1] = Wire(core)
                wire.hello("Игрок 2", token=token)
            wire.send_bytes(frame)
            internal += [m for m in wire.take() if m.get("type") == "error" and m["code"] == "internal"]
            assert core.rules.check_invariants(core.session.state) == []
            continue
        before = state_bytes(core)
        wire = spectator if target == 0 else stranger
        wire.send_bytes(frame)
        assert state_bytes(core) == before, f"frame {frame!r} changed the state"
        internal += [m for m in wire.take() if m.get("type") == "error" and m["code"] == "internal"]
        if wire.closed:
            if target == 0:
                spectator = fresh("spectator")
            else:
                stranger = fresh("stranger")
    assert internal == []
    assert core.seats[0].peer is wires[0].peer  # the untouched player still sits


def test_garbage_over_tcp_closes_only_the_sender():
    """A short burst through the real server: garbage closes only the sender's connection."""
    from game.net.client import LanConnection
    from game.net.host import HostCore, LanHost

    host = LanHost(HostCore("toy", "Фазз"), "127.0.0.1", 0)
    address, port = host.start()
    try:
        calm = LanConnection(address, port, "Спокойный")
        assert calm.welcomed.wait(5)
        rng = random.Random(5)
        for n in range(30):
            noisy = LanConnection(address, port, f"Шумный {n}", reconnect_s=0)
            assert noisy.welcomed.wait(5)
            noisy.send_raw(b"\xc1" + _mutate(rng, bytes(rng.randrange(256) for _ in range(40))))
            gone = noisy.wait_for(lambda m: m.get("type") == "link" and m["status"] == "gone", 5)
            assert gone and noisy.last_bye["code"] in ("garbage", "too_big", "malformed", "unknown_type", "handshake")
            noisy.close()
        calm.rename("Всё ещё здесь")
        lobby = calm.wait_for(lambda m: m.get("type") == "lobby" and m["seats"][0]["name"] == "Всё ещё здесь", 5)
        assert len(lobby["seats"]) == 1
        calm.close()
    finally:
        host.stop()
