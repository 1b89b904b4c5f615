"""The host core without sockets: handshake, lobby, refusals, reconnect, timers, resume."""
from __future__ import annotations

import msgpack
import pytest

from game.net import protocol as P
from game.net.host import HostCore
from game.net.journal import Journal
from game.net.session import replay_journal
from game.rules.base import snapshot
from net_support import VirtualClock, Wire, seated_room, state_bytes

CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def russian(text: str) -> bool:
    return any(ch in CYRILLIC for ch in text.lower())


# ---------------------------------------------------------------------------- framing
def test_frames_survive_any_split():
    messages = [{"type": "ping", "id": i, "t": i * 10} for i in range(20)]
    data = b"".join(P.pack(m) for m in messages)
    for cut in range(1, len(data)):
        reader = P.FrameReader(P.MAX_CLIENT_MESSAGE)
        assert reader.feed(data[:cut]) + reader.feed(data[cut:]) == messages


def test_oversized_frame_is_refused_exactly():
    reader = P.FrameReader(1000)
    fits = P.pack({"type": "rename", "name": "а" * 400})
    assert len(fits) <= 1000 and reader.feed(fits)
    with pytest.raises(P.ProtocolError) as too_big:
        reader.feed(P.pack({"type": "rename", "name": "а" * 600}))
    assert too_big.value.code == "too_big"
    with pytest.raises(P.ProtocolError):  # a huge partial message hits the buffer bound
        P.FrameReader(1000).feed(b"\xdb" + (10**6).to_bytes(4, "big") + b"x" * 50_000)


def test_garbage_bytes_raise_protocol_error():
    with pytest.raises(P.ProtocolError):
        P.FrameReader(1000).feed(b"\xc1\xc1\xc1")  # 0xc1 is never used by msgpack


# ---------------------------------------------------------------------------- handshake
def test_welcome_lobby_and_token():
    core = HostCore("toy", "Кухня", clock=VirtualClock(), bots=1)
    wire = Wire(core)
    welcome = wire.hello("Аня")
    assert welcome["role"] == "player" and welcome["seat"] == 1 and len(welcome["token"]) >= 20
    lobby = wire.last("lobby")
    assert [s["name"] for s in lobby["seats"]] == ["Бот 1", "Аня"]
    assert lobby["owner"] == 1 and lobby["you"] == 1 and lobby["room"] == "Кухня"


@pytest.mark.parametrize(
    "hello, code",
    [
        ({"version": 99}, "version"),
        ({"token": "не-тот-ключ"}, "token"),
        ({"game": "scrabble"}, "game"),
        ({"role": "king"}, "malformed"),
    ],
)
def test_bad_hello_is_refused_in_russian(hello, code):
    core = HostCore("toy", clock=VirtualClock())
    wire = Wire(core)
    wire.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Х", **hello})
    bye = wire.last("bye")
    assert bye["code"] == code and russian(bye["reason"]) and wire.closed


def test_message_before_hello_closes():
    core = HostCore("toy", clock=VirtualClock())
    wire = Wire(core)
    wire.send({"type": "ready", "ready": True})
    assert wire.closed and wire.last("bye")["code"] == "handshake"


def test_token_for_another_seat_is_refused():
    core, wires, _ = seated_room(2)
    token0 = wires[0].of_type("welcome")[0]["token"]
    intruder = Wire(core)
    intruder.hello("Чужой", token=token0, seat=1)
    assert intruder.last("bye")["code"] == "token" and intruder.closed
    assert core.seats[0].peer is wires[0].peer


# ---------------------------------------------------------------------------- refusals in play
def _errors(wire):
    return wire.of_type("error")


@pytest.mark.parametrize(
    "message, code",
    [
        ({"type": "teleport"}, "unknown_type"),
        ({"type": "action", "action": "play", "state_id": 0}, "malformed"),
        ({"type": "action", "action": {"kind": "play", "card": 5}, "state_id": 0}, "malformed"),
        ({"type": "action", "action": {"kind": "fly"}, "state_id": 0}, "malformed"),
        ({"type": "action", "action": {"kind": "take"}, "state_id": "0"}, "malformed"),
        ({"type": "ready", "ready": 1}, "malformed"),
        ({"type": "start"}, "started"),
        ({"type": "kick", "seat": 1}, "started"),
        ([1, 2, 3], "malformed"),
    ],
)
def test_bad_messages_get_russian_errors_and_change_nothing(message, code):
    core, wires, _ = seated_room(2)
    before, state_id = state_bytes(core), core.session.state_id
    wires[0].take()
    wires[0].send_bytes(P.pack(message))
    error = wires[0].last("error")
    assert error["code"] == code and russian(error["reason"])
    assert state_bytes(core) == before and core.session.state_id == state_id and not wires[0].closed


def test_out_of_turn_spectator_and_stale_actions_are_refused():
    core, wires, _ = seated_room(2)
    spectator = Wire(core)
    assert spectator.hello("Зритель", role="spectator")["role"] == "spectator"
    legal0 = wires[0].last("update")["legal"]
    before = state_bytes(core)
    wires[1].act(legal0[0])  # seat 1 plays seat 0's card out of turn
    assert wires[1].last("error")["code"] == "turn"
    spectator.act(legal0[0])
    assert spectator.last("error")["code"] == "spectator"
    wires[0].send({"type": "action", "action": legal0[0], "state_id": 12345})
    assert wires[0].last("error")["code"] == "stale"
    assert state_bytes(core) == before
    wires[0].act(legal0[0])
    assert core.session.state_id == 1
    wires[0].send({"type": "action", "action": legal0[-1], "state_id": 0})  # made against the old table
    assert wires[0].last("error")["code"] in ("stale", "turn")


def test_late_joiner_watches():
    core, wires, _ = seated_room(2)
    late = Wire(core)
    welcome = late.hello("Опоздавший")
    assert welcome["role"] == "spectator" and russian(welcome["notice"])
    assert late.last("update")["view"]["hand"] == []


# ---------------------------------------------------------------------------- lobby
def test_lobby_operations_and_owner_rights():
    core = HostCore("toy", clock=VirtualClock())
    owner, guest = Wire(core), Wire(core)
    owner.hello("Хозяин")
    guest.hello("Гость")
    guest.send({"type": "add_bot", "level": "novice"})
    assert guest.last("error")["code"] == "not_owner"
    owner.send({"type": "add_bot", "level": "novice"})
    owner.send({"type": "add_bot", "level": "гроссмейстер"})
    assert owner.last("error")["code"] == "level"
    assert [s["bot"] for s in owner.last("lobby")["seats"]] == [None, None, "novice"]
    owner.send({"type": "set_options", "options": {"slaps": "да"}})
    assert russian(owner.last("error")["reason"])
    owner.send({"type": "set_options", "options": {"slaps": False}})
    assert core.options == {"slaps": False}
    guest.send({"type": "colour", "colour": owner.last("lobby")["seats"][0]["colour"]})
    assert guest.last("error")["code"] == "colour"
    guest.send({"type": "rename", "name": "  Гость\x07 Второй  "})
    assert owner.last("lobby")["seats"][1]["name"] == "Гость Второй"
    owner.send({"type": "start"})
    assert owner.last("error")["code"] == "not_ready" and not core.started
    owner.send({"type": "kick", "seat": 1})
    assert guest.closed and guest.last("bye")["code"] == "kicked"
    owner.send({"type": "remove_bot", "seat": 1})
    assert len(core.seats) == 1
    owner.send({"type": "start"})
    assert owner.last("error")["code"] == "players"
    owner.send({"type": "add_bot", "level": "player"})
    owner.send({"type": "set_timer", "turn_s": 2})
    assert owner.last("error")["code"] == "timer"
    owner.send({"type": "start"})
    assert core.started and owner.last("update")["view"]["me"] == 0


def test_ownership_passes_on_when_the_owner_leaves():
    core = HostCore("toy", clock=VirtualClock())
    first, second = Wire(core), Wire(core)
    first.hello("Первый")
    second.hello("Второй")
    first.drop()
    assert second.last("lobby")["owner"] == 0 and len(core.seats) == 1


# ---------------------------------------------------------------------------- reconnect and timers
def test_reconnect_gets_the_seat_and_a_full_view_and_the_bot_hands_back():
    core, wires, clock = seated_room(2, takeover_ms=5_000)
    token = wires[1].of_type("welcome")[0]["token"]
    wires[1].drop()
    assert core.lobby_message()["seats"][1]["connected"] is False
    clock.ms += 4_999
    core.advance()
    assert 1 not in core.session.bots
    clock.ms += 1
    core.advance()
    assert 1 in core.session.bots and core.seats[1].substituted
    back = Wire(core)
    welcome = back.hello("Боря", token=token)
    assert welcome["seat"] == 1 and welcome["role"] == "player"
    update = back.last("update")
    assert update["view"]["me"] == 1 and update["state_id"] == core.session.state_id
    assert len(update["view"]["hand"]) == len(core.session.state.hands[1])
    assert 1 not in core.session.bots and not core.seats[1].substituted


def test_a_second_window_replaces_the_first():
    core, wires, _ = seated_room(2)
    token = wires[0].of_type("welcome")[0]["token"]
    again = Wire(core)
    again.hello("Аня", token=token)
    assert wires[0].closed and wires[0].last("bye")["code"] == "replaced"
    assert core.seats[0].peer is again.peer


def test_turn_timer_lets_a_bot_move_for_an_idle_player():
    core, wires, clock = seated_room(2, turn_timer_ms=10_000)
    assert core.next_wakeup() == clock.ms + 10_000
    clock.ms += 10_000
    core.advance()
    assert core.session.state_id >= 1 and core.session.journal.entries[0].seat == 0
    assert not core.seats[0].substituted


def test_a_flooding_connection_is_cut_off_and_others_are_not():
    core, wires, clock = seated_room(2)
    for i in range(P.RATE_BURST + 5):
        wires[1].send({"type": "ping", "id": i, "t": 0})
        if wires[1].closed:
            break
    assert wires[1].closed and wires[1].last("bye")["code"] == "rate"
    for i in range(40):  # 40 messages a second is within the limit
        clock.ms += 25
        wires[0].send({"type": "ping", "id": i, "t": 0})
    assert not wires[0].closed and len(wires[0].of_type("pong")) == 40


# ---------------------------------------------------------------------------- crash resume
def test_resume_from_the_journal_loses_nothing(tmp_path):
    path = tmp_path / "journal.msgpack"
    clock = VirtualClock()
    core, wires, clock = seated_room(3, clock=clock, journal_path=path)
    tokens = [w.of_type("welcome")[0]["token"] for w in wires]
    for _ in range(12):  # let the people's turns be played by the turn-timer bot
        core.turn_timer_ms = 1_000
        core.turn_timers.refresh(clock.ms)
        clock.ms += 1_000
        core.advance()
    assert core.session.state_id >= 10
    expected, expected_id = state_bytes(core), core.session.state_id
    core.session.journal.close()  # the crashed host's process is gone, and its lock on the file with it
    with open(path, "ab") as fh:  # the crash tore the last write
        fh.write(b"\x83\xa4seat")
    clock.ms = 50  # a rebooted machine's monotonic clock starts over
    resumed = HostCore.resume(path, clock=clock)
    assert state_bytes(resumed) == expected and resumed.session.state_id == expected_id
    assert resumed.now() > core.session.journal.entries[-1].t_ms
    wire = Wire(resumed)
    assert wire.hello("Аня", token=tokens[2])["seat"] == 2
    assert wire.last("update")["state_id"] == expected_id
    resumed.turn_timer_ms = 1_000
    for _ in range(200):
        if resumed.rules.is_over(resumed.session.state):
            break
        resumed.turn_timers.refresh(clock.ms)
        clock.ms += 1_000
        resumed.advance()
    assert resumed.rules.is_over(resumed.session.state)
    header, entries = Journal.read(path)
    assert len(entries) == resumed.session.state_id
    rebuilt = replay_journal(header, entries)
    assert snapshot(rebuilt) == state_bytes(resumed)


def test_journal_garbage_is_not_a_room(tmp_path):
    path = tmp_path / "other.msgpack"
    path.write_bytes(msgpack.packb({"header": {"game": "toy", "seats": 2, "seed": 1, "options": {}}}))
    with pytest.raises(ValueError, match="не сетевым"):
        HostCore.resume(path)
