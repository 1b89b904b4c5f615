"""No game depends on where its host's clock starts.

The hosts run on the machine's monotonic clock, which reads anything from 0 to days of milliseconds; a game started
at 10**9 must play exactly like one started at 0, only later.
"""
from __future__ import annotations

import pytest

from game import rules as rules_registry
from game.net.journal import Journal, JournalEntry
from game.net.local import LocalHost
from game.net.origin import FAR_ORIGIN, ORIGINS, differences_from_first, journal_differences, shifted_differences
from game.net.session import SeatInfo, Session, replay_journal
from game.rules.base import snapshot, to_plain
from game.rules.hardsign import RULES as HARDSIGN
from game.scenes.demo import VirtualClock
from net_support import play_virtual, seated_room

LATE = 10**9  # a machine that has been on for eleven and a half days


def test_hardsign_started_late_through_the_local_host_is_not_over_on_its_first_advance():
    clock = VirtualClock(LATE)
    host = LocalHost("hardsign", [SeatInfo("Вы"), SeatInfo("Маша", "novice")], 3, {}, clock=clock)
    clock.ms += 17
    host.pump()
    state = host.session.state
    assert not HARDSIGN.is_over(state), state.end_reason
    assert (state.phase, state.round) == ("race", 1)
    assert HARDSIGN.next_deadline(state) == LATE + HARDSIGN.think_ms(state)


def test_hardsign_started_late_through_the_lan_host_is_not_over_on_its_first_advance():
    core, _wires, clock = seated_room(2, game="hardsign", clock=VirtualClock(LATE))
    clock.ms += 17
    core.advance()
    state = core.session.state
    assert not HARDSIGN.is_over(state), state.end_reason
    assert (state.phase, state.round) == ("race", 1)


# ---------------------------------------------------------------------------- the same game up to the offset
def test_same_up_to_the_offset_means_moments_move_by_the_offset_and_nothing_else_does():
    delta = FAR_ORIGIN
    plain = {"deadline": 4_000, "score": 12, "over": False, "log": [[1, 250], "слово"]}
    moved = {"deadline": 4_000 + delta, "score": 12, "over": False, "log": [[1, 250 + delta], "слово"]}
    assert shifted_differences(plain, moved, delta) == []
    assert shifted_differences(plain, plain, delta) == []  # a moment that did not move is the same too (a 0 "never")
    assert shifted_differences(plain, moved | {"score": 12 + delta}, 1) != []  # only the origin's own offset
    assert shifted_differences({"t": 5}, {"t": 5 + delta + 1}, delta) == ["state.t: 5, then 1000007925 "
                                                                         "(the origin moved by 1000007919)"]
    assert shifted_differences({"b": False}, {"b": True}, 1) != []  # a flag is never a moment
    assert shifted_differences({"log": [1]}, {"log": [1, 2]}, delta) == ["state.log: 1 items, then 2"]
    first = [JournalEntry(0, {"kind": "pass"}, 10), JournalEntry(-1, None, 6010)]
    assert journal_differences(first, [JournalEntry(e.seat, e.action, e.t_ms + delta) for e in first], delta) == []
    assert journal_differences(first, [first[0], JournalEntry(-1, None, 6011 + delta)], delta) != []
    assert journal_differences(first, first[:1], 0) == ["journal: 2 entries, then 1"]


ALL_LEVELS, QUICK_LEVELS = ("novice", "player", "ace"), ("novice", "player")  # board aces search long
BOT_TABLES = {  # game -> (players, options, bot levels): house rules with timers where the game has them
    "uno": (4, {"match": "1", "jump_in": True, "seven_zero": True, "silent_twos": True, "zero_fifty": True,
                "penalties": True, "reverse_bounce": True}, ALL_LEVELS),
    "nowords": (3, {"wrong_claim_penalty": True, "series": 3}, ALL_LEVELS),
    "erudit": (2, {"checking": "challenge", "vote": True}, QUICK_LEVELS),
    "scrabble": (2, {}, QUICK_LEVELS),
    "slovodel": (2, {}, QUICK_LEVELS),
    "hardsign": (3, {"think_seconds": 60, "answer_seconds": 15, "bribe_after_one": True}, ALL_LEVELS),
    "toy": (3, {}, ALL_LEVELS),
}


@pytest.mark.parametrize("game", sorted(BOT_TABLES))
def test_a_bot_game_is_the_same_game_from_every_clock_origin(game, tmp_path):
    players, options, levels = BOT_TABLES[game]
    rules = rules_registry.load(game)
    sessions = []
    for origin in ORIGINS:
        journal = Journal(tmp_path / f"{origin}.journal")
        seats = [SeatInfo(f"Бот {i + 1}", levels[i % len(levels)]) for i in range(players)]
        session = Session(game, seats, 21, options, start_ms=origin, journal=journal)
        assert session.run_bots_to_end(), f"{game} from {origin} never ended"
        journal.close()
        header, entries = Journal.read(journal.path)  # the file alone rebuilds the game, byte for byte
        assert header["start_ms"] == origin
        assert snapshot(replay_journal(header, entries)) == snapshot(session.state)
        sessions.append(session)
    assert differences_from_first(rules, sessions) == []


def test_simulate_plays_every_origin_and_counts_the_games_that_part(monkeypatch):
    from game.cli.simulate import simulate
    import toy_game

    assert simulate("toy", 3, 3, 1, "", [], ORIGINS)["origin_mismatches"] == 0
    original = toy_game.ToyBot.plan

    def hurried_on_the_hour(self, view, legal, now_ms):  # a bot that thinks faster in the first second of a minute
        plan = original(self, view, legal, now_ms)
        return plan if plan is None or now_ms % 60_000 > 1000 else (now_ms + 1, plan[1])

    monkeypatch.setattr(toy_game.ToyBot, "plan", hurried_on_the_hour)
    report = simulate("toy", 3, 3, 1, "", [], ORIGINS)
    assert report["origin_mismatches"] == 3 and "the origin moved" in report["problems"][0]


def test_a_lan_room_plays_the_same_game_from_every_clock_origin():
    played = []
    for origin in ORIGINS:
        core, wires, _clock = seated_room(3, game="hardsign", clock=VirtualClock(origin))
        assert play_virtual(core, wires, seed=3)
        played.append(core.session)
    first = played[0]
    for other in played[1:]:  # the headers differ by the room's own id and tokens: entries and states are compared
        delta = other.start_ms - first.start_ms
        assert journal_differences(first.journal.entries, other.journal.entries, delta) == []
        assert shifted_differences(to_plain(first.state), to_plain(other.state), delta) == []


def test_a_board_tables_challenge_countdown_does_not_read_the_hosts_clock(app):
    """A LAN player's machine has its own monotonic clock, which started at another moment than the host's."""
    from table_driver import LocalTable

    for seed in range(1, 40):
        table = LocalTable(app, "erudit", ["Вы", "Маша"], seed, {"checking": "challenge"})
        app.now_ms = lambda: table.clock.ms - 123_456_789  # the same moment on another machine's clock
        table.until(lambda: table.scene.phase == "challenge" or bool(table.scene.my_turn()), limit=300)
        if table.scene.phase == "challenge":
            break
        app.pop()
    else:
        raise AssertionError("the bot never laid a word to challenge")
    status = table.scene.side.status_text()
    assert status in ("оспорить можно · 15 с", "оспорить можно · 14 с"), status
    table.step(250, ms=20)  # five seconds later: nobody else may challenge the bot's word, the window is still open
    assert table.scene.phase == "challenge"
    assert table.scene.side.status_text() in ("оспорить можно · 10 с", "оспорить можно · 9 с")
