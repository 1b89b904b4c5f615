"""«Повтор партии» shows what the game showed: the replay of a finished game's journal gives, at every step and for
every seat, the very update that seat was sent when the game was played — its view, its legal actions, the seats
waited for, and the events of that step, the reflex races' verdicts (who was first, by how many milliseconds) among
them — in whatever order the steps are asked for (forward, back, jumps), with games played at several clock
origins. A journal whose game is not over is refused: its hands are still secret."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.net.origin import ORIGINS
from game.net.replay import MARK_EVERY, ReplayConnection, ReplayTape, ReplayUnavailable
from game.net.session import SeatInfo, Session

GAMES = {"uno": {"match": "1"}, "nowords": {}, "hardsign": {}, "bingo": {}, "erudit": {}}
PLAYERS = {"uno": 3, "nowords": 3, "hardsign": 2, "bingo": 2, "erudit": 2}


def played(game_id: str, seed: int, origin: int) -> tuple[Session, dict[int, dict[int, dict]]]:
    """A game bots played to its end, and every update each seat was sent, by state id."""
    seats = [SeatInfo(f"Бот {i + 1}", "player") for i in range(PLAYERS[game_id])]
    session = Session(game_id, seats, seed, GAMES[game_id], start_ms=origin)
    sent: dict[int, dict[int, dict]] = {seat: {} for seat in range(len(seats))}
    for seat in sent:
        session.listen(seat, lambda seat, message: sent[seat].__setitem__(message["state_id"], message))
    assert session.run_bots_to_end()
    return session, sent


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), origin=st.sampled_from(ORIGINS), order_seed=st.integers(0, 1000))
def test_every_step_is_what_each_seat_was_shown(game_id, seed, origin, order_seed):
    session, sent = played(game_id, seed, origin)
    tape = ReplayTape(session.journal.header, session.journal.entries)
    assert tape.last == len(session.journal.entries)
    steps = list(range(tape.last + 1))
    random.Random(order_seed).shuffle(steps)  # back, forth and far: marks and forward replays alike
    for step in steps[:40] + [tape.last, 0, 1, tape.last - 1]:
        for seat in sent:
            shown = tape.message(step, seat, with_events=True)
            assert shown.pop("t") == tape.time_ms(step)  # the host's time of the step: a table's clocks show then
            assert shown == sent[seat][shown["state_id"]], (game_id, step, seat)


def test_the_reflex_verdicts_come_again_as_they_were_judged():
    """UNO's «УНО!» and catch races: the events of the replay carry the margins the table showed."""
    raced = []
    for seed in range(40):
        session, sent = played("uno", seed, ORIGINS[1])
        verdicts = [(state, e) for state, message in sent[0].items() for e in message["events"]
                    if e["kind"] in ("uno_caught", "uno_shouted", "slap_result", "jump_in_won") and "margin_ms" in e]
        if verdicts:
            raced.append((session, verdicts))
        if len(raced) >= 2:
            break
    assert raced, "no reflex race in forty bots' games of UNO"
    for session, verdicts in raced:
        tape = ReplayTape(session.journal.header, session.journal.entries)
        for state, event in verdicts:
            assert event in tape.events(state, 0)


def test_a_replay_connection_gives_a_table_its_steps_and_takes_no_moves():
    session, sent = played("uno", 5, ORIGINS[0])
    tape = ReplayTape(session.journal.header, session.journal.entries)
    line = ReplayConnection(tape, 1, tape.last)
    first, = line.poll()
    assert first == tape.message(tape.last, 1) and first["over"] and first["t"] == session.journal.entries[-1].t_ms
    line.send({"kind": "draw"})
    assert line.poll() == [] and tape.session.journal.entries == session.journal.entries
    line.show(3)
    line.show(4, forward=True)
    back, forth = line.poll()
    assert back["events"] == [] and back["view"] == sent[1][3]["view"]
    assert forth.pop("t") == session.journal.entries[3].t_ms and forth == sent[1][4] and line.state_id == 4


def test_stepping_back_replays_from_the_nearest_mark():
    session, _ = played("uno", 9, ORIGINS[2])
    tape = ReplayTape(session.journal.header, session.journal.entries)
    assert [m.entries for m in tape.marks] == list(range(0, tape.last + 1, MARK_EVERY))
    tape.go_to(tape.last)
    target = tape.last - 3
    tape.go_to(target)
    assert tape.position == target
    assert len(tape.session.journal.entries) == target  # the session stands exactly there, its journal cut back


def test_an_unfinished_game_is_not_replayed():
    seats = [SeatInfo("А", "player"), SeatInfo("Б", "player")]
    session = Session("uno", seats, 3, {"match": "1"}, start_ms=0)
    for _ in range(6):
        session.advance(session.next_due())
    with pytest.raises(ReplayUnavailable, match="Партия не окончена"):
        ReplayTape(session.journal.header, session.journal.entries)


def test_the_room_this_window_hosts_gives_its_finished_game():
    """The host's window replays its room's game (phones' seats and all): ``Hosting.finished_journal``, once over."""
    from game.launch import Hosting
    from game.net.host import HostCore, LanHost

    core = HostCore("uno", "Комната", bots=3, seed=7, options={"match": "1"})
    core.start(0)
    hosting = Hosting(0, LanHost(core, "127.0.0.1", 0))  # a room served by a window (not started: no socket needed)
    assert hosting.finished_journal() is None, "a game still going is not replayed"
    now = 0
    while not core.session.rules.is_over(core.session.state):
        now += 10_000
        core.advance(now)
    header, entries = hosting.finished_journal()
    tape = ReplayTape(header, entries)
    assert tape.last == len(core.session.journal.entries) and tape.message(tape.last, 0)["over"]


def test_a_window_that_joined_a_room_replays_what_the_host_sent():
    """Over TCP: the host's ``game_record`` at the end carries the journal (its keys blanked), and each window that
    played replays it to the game's end."""
    from game import launch, rules
    from game.bots import make_bot
    from game.net.host import HostCore, LanHost

    core = HostCore("toy", "Комната", seed=3)
    host = LanHost(core, "127.0.0.1", 0)
    host.start()
    guests = []
    try:
        for name in ("Маша", "Петя"):
            guest = launch.join_room("127.0.0.1", host.port, name, keep=False)
            guest.wait_for(lambda m: m.get("type") == "welcome")
            guest.set_ready(True)
            guests.append(guest)
        guests[0].wait_for(lambda m: m.get("type") == "lobby" and len(m["seats"]) == 2
                           and all(s["ready"] for s in m["seats"]))
        assert all(g.finished_journal() is None for g in guests)
        guests[0].start_game()
        codec = rules.load("toy").actions
        bots = [make_bot("toy", "player", g.seat, k) for k, g in enumerate(guests)]
        for _ in range(20_000):
            if all(g.finished_record is not None for g in guests):
                break
            for guest, bot in zip(guests, bots):
                try:
                    messages = [guest.wait_for(lambda m: True, timeout=0.05)] + guest.poll()
                except TimeoutError:
                    messages = guest.poll()
                updates = [m for m in messages if m["type"] == "update"]
                if updates and not updates[-1]["over"] and updates[-1]["legal"]:
                    choice = bot.plan(updates[-1]["view"], [codec.decode(a) for a in updates[-1]["legal"]], 0)
                    if choice is not None:
                        guest.send(choice[1].to_wire())
        played = host.call(lambda: list(core.session.journal.entries))
        for guest in guests:
            header, entries = guest.finished_journal()
            assert entries == played and not any(seat.get("token") for seat in header.get("lobby", []))
            tape = ReplayTape(header, entries)
            assert tape.message(tape.last, guest.seat)["over"]
    finally:
        for guest in guests:
            guest.close()
        host.stop()
