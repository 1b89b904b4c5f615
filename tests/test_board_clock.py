"""«Часы» (game/rules/board/variants/clock.py): the host's clock in Эрудит, Скрэббл and Словодел. Over the game's
time a player plays on and loses 10 points a minute begun when the game is scored; out of a move's time the move
passes. The clock is reckoned from the ``t_ms`` of every change, so each game is played at every clock origin
(game/net/origin.py) and must be the same game there, only later; a pause stops it and the table with it; bots
move before their time runs out."""
from __future__ import annotations

import pytest

from board_words import COMMON, WORDS
from conformance import check_origins
from game.net.origin import ORIGINS, differences_from_first
from game.net.session import SeatInfo, Session, replay_session
from game.rules.base import snapshot
from game.rules.board import words as wordsrc
from game.rules.board.actions import Pass
from game.rules.board.review import gcg
from game.rules.board.variants import Pause, Resume
from game.rules.board.variants.challenge import CHALLENGE_MS

MINUTE = 60_000


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def people(game: str, clock: str, origin: int, players: int = 2, seed: int = 3, **options) -> Session:
    return Session(game, [SeatInfo(f"Игрок {i + 1}") for i in range(players)], seed, {"clock": clock, **options},
                   start_ms=origin)


def clock_of(session: Session, seat: int = -1) -> dict:
    return session.rules.view(session.state, seat)["clock"]


def accepted(session: Session, seat: int, action, t_ms: int):
    outcome = session.receive(seat, action, t_ms, state_id=session.state_id)
    assert outcome.accepted, outcome.error and outcome.error.reason
    return outcome.events


def refused(session: Session, seat: int, action, t_ms: int) -> str:
    outcome = session.receive(seat, action, t_ms, state_id=session.state_id)
    assert not outcome.accepted
    return outcome.error.code


def overtime_game(origin: int) -> Session:
    """Ten minutes on the game: the starter passes after 11 minutes and 1 s (61 s over), then every move takes a
    second: four passes in a row end the game."""
    session = people("erudit", "game10", origin)
    first = session.state.turn
    t = origin + 11 * MINUTE + 1000
    for k in range(4):
        accepted(session, (first + k) % 2, Pass(), t + 1000 * k)
    assert session.rules.is_over(session.state)
    return session


def test_over_the_games_time_costs_ten_points_a_minute_begun_at_every_origin():
    sessions = [overtime_game(origin) for origin in ORIGINS]
    assert not differences_from_first(sessions[0].rules, sessions)
    for session in sessions:
        state, rules = session.state, session.rules
        late = session.journal.entries[0].seat
        other = 1 - late
        result = rules.result(state)
        # 62 s over (61 s, then a second for the second pass): two minutes begun; the other used 2 s of ten minutes
        assert result["time_penalties"] == [20 if seat == late else 0 for seat in range(2)]
        assert result["time_over_ms"][late] == 62_000 and result["time_over_ms"][other] == 0
        assert state.scores[late] == state.adjustments[late] - 20
        assert result["winners"] == rules.winners(state.scores)
        last = rules.history(state)[-1]
        assert last == {"seat": late, "kind": "time", "score": -20, "total": state.scores[late], "over_ms": 62_000}
        assert f">p{late + 1}: (time) -20 {state.scores[late]}" in gcg(rules, state)
        replayed = replay_session(session.journal.header, session.journal.entries)
        assert snapshot(replayed.state) == snapshot(state)


def test_the_clock_of_the_seat_on_turn_runs_and_the_view_says_as_of_when():
    session = people("erudit", "game15", ORIGINS[1])
    first = session.state.turn
    start = session.start_ms
    assert clock_of(session) == {"mode": "game", "limit_ms": 15 * MINUTE, "left_ms": [15 * MINUTE] * 2,
                                 "at": start, "runs": first, "paused_by": None}
    accepted(session, first, Pass(), start + 42_000)
    clock = clock_of(session)
    assert clock["left_ms"][first] == 15 * MINUTE - 42_000 and clock["runs"] == 1 - first
    assert clock["at"] == start + 42_000


def timed_out_game(origin: int) -> Session:
    """A minute a move, and nobody moves: each move passes when its minute is out, four passes end the game."""
    session = people("erudit", "move1", origin)
    session.advance(origin + 4 * MINUTE)
    return session


def test_a_move_out_of_time_passes_and_counts_towards_the_end_at_every_origin():
    sessions = [timed_out_game(origin) for origin in ORIGINS]
    assert not differences_from_first(sessions[0].rules, sessions)
    for session in sessions:
        rules, state = session.rules, session.state
        assert rules.is_over(state)
        turns = [h for h in rules.history(state) if h["kind"] == "pass"]
        assert len(turns) == 4 and all(h.get("timeout") for h in turns)
        # each forced pass is a timer's entry in the journal, at the minute's end
        assert [(e.seat, e.t_ms - session.start_ms) for e in session.journal.entries] == \
            [(-1, MINUTE * k) for k in range(1, 5)]
        assert [h.get("timeout") for h in rules.view(state, 0)["history"] if h["kind"] == "pass"] == [True] * 4
        assert "time_penalties" not in rules.result(state)  # a move's clock takes no points


def test_a_forced_pass_is_an_event_and_the_next_player_gets_a_whole_minute():
    session = people("erudit", "move1", 0)
    first = session.state.turn
    heard: list[dict] = []
    session.listen(0, lambda seat, message: heard.extend(message["events"]))
    accepted(session, first, Pass(), 20_000)  # the first move took 20 s: the next one still has its minute
    session.advance(20_000 + MINUTE - 1)
    assert not session.rules.history(session.state)[-1].get("timeout")
    session.advance(20_000 + MINUTE)
    assert [e["kind"] for e in heard[-3:]] == ["move_timed_out", "passed", "phase_changed"]
    assert heard[-3]["seat"] == 1 - first
    assert clock_of(session)["runs"] == first and clock_of(session)["left_ms"] == [MINUTE, MINUTE]


def test_a_move_that_comes_after_its_time_ran_out_is_late():
    session = people("erudit", "move2", 0)
    first, state_id = session.state.turn, session.state_id
    outcome = session.receive(first, Pass(), 2 * MINUTE + 40, state_id=state_id)
    assert not outcome.accepted and outcome.error.code == "stale"
    assert session.rules.history(session.state)[-1].get("timeout")


def test_the_clock_stands_still_while_the_game_is_paused():
    session = people("erudit", "game10", 1000)
    first, other = session.state.turn, 1 - session.state.turn
    accepted(session, other, Pause(), 1000 + 30_000)  # anyone may stop the clock, on anyone's turn
    rules, state = session.rules, session.state
    assert state.phase == "paused" and rules.to_act(state) == (other,)
    assert rules.next_deadline(state) is None
    assert rules.legal_actions(state, first) == [] and rules.legal_actions(state, other) == [Resume()]
    assert refused(session, first, Pass(), 1000 + 60_000) == "paused"
    assert refused(session, first, Resume(), 1000 + 60_000) == "paused_by_other"
    assert refused(session, other, Pause(), 1000 + 60_000) == "paused"
    accepted(session, other, Resume(), 1000 + 30_000 + 5 * MINUTE)
    assert state.phase == "play" and clock_of(session)["runs"] == first
    accepted(session, first, Pass(), 1000 + 30_000 + 5 * MINUTE + 10_000)
    assert clock_of(session)["left_ms"][first] == 10 * MINUTE - 40_000  # the five minutes paused were nobody's


def test_a_pause_keeps_a_move_from_running_out_and_its_time_goes_on_after():
    session = people("erudit", "move1", ORIGINS[2])
    start, first = session.start_ms, session.state.turn
    accepted(session, first, Pause(), start + 50_000)
    session.advance(start + 20 * MINUTE)
    assert session.rules.history(session.state) == [] and session.state.phase == "paused"
    accepted(session, first, Resume(), start + 20 * MINUTE)
    assert session.rules.next_deadline(session.state) == start + 20 * MINUTE + 10_000


def test_a_challenge_window_stopped_by_a_pause_starts_again_in_full():
    session = people("erudit", "game10", 0, checking="challenge")
    rules, state = session.rules, session.state
    first = state.turn
    move = next(a for a in rules.legal_actions(state, first) if a.kind == "place")
    accepted(session, first, move, 5_000)
    assert state.phase == "challenge" and clock_of(session)["runs"] is None  # a window runs on nobody's clock
    accepted(session, 1 - first, Pause(), 9_000)
    accepted(session, 1 - first, Resume(), 100_000)
    assert state.phase == "challenge" and state.deadline == 100_000 + CHALLENGE_MS


@pytest.mark.parametrize("code, make", [
    ("clock_off", lambda: (people("erudit", "", 0), 0, Pause())),
    ("phase", lambda: (people("erudit", "game10", 0), 0, Resume())),
])
def test_what_the_clock_refuses_says_why(code, make):
    session, seat, action = make()
    assert refused(session, seat, action, 10) == code


def test_bots_never_stop_the_clock_and_one_in_a_paused_persons_seat_goes_on():
    session = Session("erudit", [SeatInfo("Аня"), SeatInfo("Бот", "player")], 5, {"clock": "game10"})
    person = 0
    accepted(session, person, Pause(), 1_000)
    session.advance(60_000)
    assert session.state.phase == "paused"  # the bot waits: the pause is not its to end
    session.set_bot(person, "player")  # the person left; a bot covers the seat
    session.advance(120_000)
    assert session.state.phase != "paused"


@pytest.mark.parametrize("clock, left_ms", [("move1", 2_800), ("game10", 2_800)])
def test_a_bot_handed_a_seat_late_moves_before_its_time_runs_out(clock, left_ms):
    """A novice takes 2.5–3.7 s a move; handed a seat with 2.8 s left, it hurries (never sooner than 2.5 s)."""
    session = people("erudit", clock, 0, seed=4)
    seat = session.state.turn
    limit = clock_of(session)["limit_ms"]
    session.advance(limit - left_ms)
    session.set_bot(seat, "novice")
    session.advance(limit + 5_000)
    mine = [h for h in session.rules.history(session.state) if h["seat"] == seat]
    assert mine and not mine[0].get("timeout")
    assert clock_of(session)["left_ms"][seat] > 0


@pytest.mark.parametrize("game, clock, seed", [("erudit", "move1", 11), ("scrabble", "game10", 12),
                                               ("slovodel", "move2", 13)])
def test_random_clock_games_keep_the_contract_at_every_origin(game, clock, seed):
    """Random legal actions, pauses among them, and waits for the clock's deadlines: invariants, secrecy, replay
    byte for byte, the same game at every origin."""
    assert check_origins(game, 2, seed, {"clock": clock}, probe_every=25).finished


@pytest.mark.parametrize("clock", ["move1", "game10"])
def test_a_clock_game_replays_byte_for_byte_from_its_journal(clock):
    """A person pauses, lets a move run out (or thinks a minute over the game's time), then a bot takes the seat and
    plays the game out against another: the journal read back records itself and reaches the same state."""
    session = Session("erudit", [SeatInfo("Аня"), SeatInfo("Бот", "player")], 9, {"clock": clock}, start_ms=ORIGINS[2])
    start = session.start_ms
    accepted(session, 0, Pause(), start + 500)
    accepted(session, 0, Resume(), start + 90_000)
    session.advance(start + 90_000 + 11 * MINUTE)
    session.set_bot(0, "player")
    assert session.run_bots_to_end()
    entries = session.journal.entries
    replayed = replay_session(session.journal.header, entries)
    assert replayed.journal.entries == entries
    assert snapshot(replayed.state) == snapshot(session.state)
    result = session.rules.result(session.state)
    if clock == "game10":
        assert result["time_penalties"][0] > 0  # Аня's own turn came while she was away
    else:
        assert any(h.get("timeout") for h in session.rules.history(session.state))


def test_in_a_room_with_a_turn_timer_a_pause_lasts_as_long_as_a_turn():
    """The pause is the pauser's turn (``to_act``): when the room's turn timer runs out, the bot that moves for an
    idle person goes on for them."""
    from net_support import seated_room

    core, wires, clock = seated_room(2, game="erudit", options={"clock": "game10"}, turn_timer_ms=20_000)
    wires[1].act({"kind": "pause"})
    clock.ms += 19_000
    core.advance(clock.ms)
    assert core.session.state.phase == "paused"
    clock.ms += 2_000
    core.advance(clock.ms)
    assert core.session.state.phase == "play"
    assert core.session.journal.entries[-1].action == {"kind": "resume"}
