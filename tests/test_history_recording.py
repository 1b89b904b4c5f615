"""Every way of playing keeps its finished games in «История», once, from the one place it learns the game is over
(game.launch): a local table against bots, a couch table, a LAN room on the machine that hosts it (its phones'
seats among them), a room a window joined (told by the host's ``game_record``, without a single key), and a room
resumed after a crash. A game left before its end is not kept. Each kept journal replays to the game's final state."""
from __future__ import annotations

import pytest

from game import history, launch, rules
from game.bots import make_bot
from game.net.host import HostCore, LanHost
from game.net.record import BOT, HERE, LAN, PHONE, GameRecord, room_key
from game.net.session import SeatInfo, replay_session
from game.rules.base import snapshot
from game.scenes.demo import VirtualClock
from net_support import VirtualClock as HostClock
from net_support import Wire, play_virtual, seated_room

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_HISTORY_DIR", str(tmp_path / "history"))
    kept = history.store()
    assert kept.count() == 0
    return kept


def play_local(connections: dict, clock: VirtualClock, game_id: str, moves: int | None = None) -> None:
    """The people's seats of a local table played by bots through their connections, as a person would press; the
    host's clock moved to each moment something is due. ``moves``: stop after that many states."""
    session = next(iter(connections.values())).host.session
    bots = {seat: make_bot(game_id, "player", seat, 11 + seat) for seat in connections}
    plans: dict[int, tuple[int, dict]] = {}
    for _ in range(100_000):
        if session.rules.is_over(session.state) or (moves is not None and session.state_id >= moves):
            return
        for seat, connection in connections.items():
            updates = [m for m in connection.poll() if m["type"] == "update"]
            if updates:
                legal = [session.decode(a) for a in updates[-1]["legal"]]
                choice = bots[seat].plan(updates[-1]["view"], legal, clock.ms) if legal else None
                plans.pop(seat, None)
                if choice is not None:
                    plans[seat] = (max(choice[0], clock.ms), choice[1].to_wire())
        due = [t for t, _ in plans.values()] + [session.next_due() or clock.ms + 10_000]
        clock.ms = max(clock.ms, min(due))
        for seat, (at, action) in sorted(plans.items(), key=lambda kv: kv[1][0]):
            if at <= clock.ms:
                del plans[seat]
                connections[seat].send(action)
        next(iter(connections.values())).pump()
    raise AssertionError("the local game did not end")


def replays_to_the_end(store, entry, final_state) -> None:
    header, entries = store.journal(entry.id)
    rebuilt = replay_session(header, entries, [SeatInfo(p.name) for p in entry.record.players])
    assert snapshot(rebuilt.state) == snapshot(final_state)


def test_a_local_game_against_a_bot_is_kept_with_its_person_here(store):
    clock = VirtualClock()
    connections = launch.start_local("uno", [SeatInfo("Маша"), SeatInfo("Петя", "novice")], 3, clock=clock)
    play_local(connections, clock, "uno")
    host = connections[0].host
    result = host.session.rules.result(host.session.state)
    [entry] = store.games()
    record = entry.record
    assert record.key == host.game_key and record.game == "uno" and record.title == "UNO"
    assert [(p.name, p.kind, p.level) for p in record.players] == [("Маша", HERE, None), ("Петя", BOT, "novice")]
    assert [p.score for p in record.players] == result["scores"]
    assert [p.seat for p in record.winners] == result["winners"]
    assert all(p.uno_streak >= 1 for p in record.winners)
    scoring = next(r for r in record.rules if r.id == "scoring")
    assert scoring.default and scoring.label and scoring.value_label  # the rules as the menus said them
    replays_to_the_end(store, entry, host.session.state)


def test_a_couch_game_keeps_every_person_at_the_screen(store):
    clock = VirtualClock()
    connections = launch.start_local("erudit", [SeatInfo("Маша"), SeatInfo("Петя")], 5, clock=clock)
    play_local(connections, clock, "erudit")
    [entry] = store.games()
    assert [(p.name, p.kind) for p in entry.record.players] == [("Маша", HERE), ("Петя", HERE)]
    moves = [m for m in connections[0].host.session.rules.view(connections[0].host.session.state, -1)["history"]
             if m["kind"] == "place"]
    for p in entry.record.players:  # the best word is the highest-scoring move of that seat
        best = max((m for m in moves if m["seat"] == p.seat), key=lambda m: m["score"], default=None)
        assert (p.best_word, p.best_score) == ((", ".join(best["words"]), best["score"]) if best else (None, None))
    replays_to_the_end(store, entry, connections[0].host.session.state)


def test_a_game_left_before_its_end_is_not_kept(store):
    clock = VirtualClock()
    connections = launch.start_local("uno", [SeatInfo("Маша"), SeatInfo("Петя", "novice")], 3, clock=clock)
    play_local(connections, clock, "uno", moves=20)
    connections[0].close()
    assert store.count() == 0


def test_a_hosted_room_keeps_its_game_with_phones_and_guests_and_tells_the_guests(store):
    clock = HostClock()
    core = launch.new_room("toy", "Комната", clock=clock, seed=7)
    lan, phone = Wire(core), Wire(core)
    phone.peer.via = PHONE  # as the phones' page makes its peers (game/net/web.py)
    for i, wire in enumerate((lan, phone)):
        wire.hello(["Маша", "Оля"][i])
        wire.send({"type": "ready", "ready": True})
    core.roster.add_bot("novice")
    lan.send({"type": "start"})
    tokens = [s.token for s in core.seats]
    assert play_virtual(core, [lan, phone])
    [entry] = store.games()
    assert entry.record.key == room_key(core.room_id)
    assert [(p.name, p.kind, p.level) for p in entry.record.players] == [
        ("Маша", LAN, None), ("Оля", PHONE, None), ("Бот 1", BOT, "novice")]
    [told] = lan.of_type("game_record")
    assert phone.of_type("game_record") == []  # a phone's page keeps no history: its table's machine does
    record = GameRecord.from_wire(told)
    assert record == core.record and record.journal is not None
    assert all(token.encode() not in record.journal for token in tokens)
    header, entries, _ = record.journal_parts()
    assert [s["token"] for s in header["lobby"]] == ["", "", ""]
    replays_to_the_end(store, entry, core.session.state)


def test_a_player_back_after_the_end_is_told_the_game_too(store):
    core, wires, clock = seated_room(2)
    token = wires[1].of_type("welcome")[0]["token"]
    wires[1].drop()
    assert play_virtual(core, wires[:1])
    back = Wire(core)
    back.hello("Игрок 2", token=token)
    assert [m["key"] for m in back.of_type("game_record")] == [room_key(core.room_id)]
    assert store.count() == 0  # a core that nobody told to keep games (not opened through game.launch) keeps none


def test_a_window_that_joined_a_room_keeps_the_game_it_played(store):
    """Two windows over TCP: the one that keeps games has its seat «here», the other's is «lan»; the host, not opened
    through game.launch, keeps nothing itself."""
    core = HostCore("toy", "Комната", seed=3)
    host = LanHost(core, "127.0.0.1", 0)
    host.start()
    try:
        guests = []
        for name, keep in (("Маша", True), ("Петя", False)):  # one after the other: Маша is seat 0, the owner
            guest = launch.join_room("127.0.0.1", host.port, name, keep=keep)
            guest.wait_for(lambda m: m.get("type") == "welcome")
            guest.set_ready(True)
            guests.append(guest)
        keeping = guests[0]
        keeping.wait_for(lambda m: m.get("type") == "lobby" and len(m["seats"]) == 2 and all(s["ready"] for s in m["seats"]))
        keeping.start_game()
        told = play_guests(guests)
        [entry] = store.games()
        assert entry.record.key == room_key(core.room_id) == told["key"]
        assert [(p.name, p.kind) for p in entry.record.players] == [("Маша", HERE), ("Петя", LAN)]
        replays_to_the_end(store, entry, host.call(lambda: core.session.state))
        for guest in guests:
            guest.close()
    finally:
        host.stop()


def play_guests(guests) -> dict:
    """Each guest's seat played by its bot at once on its latest update, until the keeping guest is told the game.
    The keeping guest's line is waited on (a blocking read), the other's read as it comes; each in its order."""
    codec = rules.load("toy").actions
    bots = {}
    for _ in range(20_000):
        for i, guest in enumerate(guests):
            try:
                waited = [guest.wait_for(lambda m: True, timeout=0.05)] if i == 0 else []
            except TimeoutError:
                waited = []
            messages = waited + guest.poll()
            told = next((m for m in messages if m["type"] == "game_record"), None)
            if told is not None and i == 0:
                return told
            updates = [m for m in messages if m["type"] == "update"]
            if not updates or updates[-1]["over"] or not updates[-1]["legal"]:
                continue
            latest = updates[-1]
            bot = bots.setdefault(i, make_bot("toy", "player", guest.seat, i))
            choice = bot.plan(latest["view"], [codec.decode(a) for a in latest["legal"]], 0)
            if choice is not None:
                guest.send(choice[1].to_wire())
    raise AssertionError("the game did not end")


def test_a_resumed_room_keeps_its_game_once(store, tmp_path):
    path = tmp_path / "room.journal"
    clock = HostClock()
    core, wires, clock = seated_room(2, clock=clock, journal_path=path)
    launch.keep_room_games(core)
    tokens = [w.of_type("welcome")[0]["token"] for w in wires]
    core.turn_timer_ms = 1_000
    for _ in range(6):  # the people's turns played by the turn-timer bot
        core.turn_timers.refresh(clock.ms)
        clock.ms += 1_000
        core.advance()
    assert not core.rules.is_over(core.session.state)
    core.session.journal.close()  # the host crashed: its game was not over, nothing was kept
    assert store.count() == 0
    resumed = launch.resume_room(path, None, False, clock=clock)
    back = [Wire(resumed) for _ in tokens]
    for wire, token in zip(back, tokens):
        wire.hello("Игрок", token=token)
    assert play_virtual(resumed, back)
    [entry] = store.games()
    assert entry.record.key == room_key(core.room_id)
    resumed.close()
    again = launch.resume_room(path, None, False, clock=clock)  # opened once more after the end: nothing new
    again.close()
    assert store.count() == 1
    replays_to_the_end(store, entry, resumed.session.state)
