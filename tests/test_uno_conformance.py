"""UNO through the generic harness (random rule sets) and whole bot games through the Session."""
import pytest

from conformance import check_game, check_origins, origin_of
from game.net.origin import ORIGINS, differences_from_first
from game.net.session import SeatInfo, Session, replay_journal
from game.rules.base import SPECTATOR, TV, Rng, collect_strings, snapshot
from game.rules.uno import RULES
from game.rules.uno.house import ALL, PRESETS, all_on, switched_on

# «Штрафы» turn a refused wrong card into an accepted mistake, which the harness (rightly) flags as
# «not offered but accepted»; that rule has its own tests
RANDOM_RULES = {h.rule.id: switched_on(h.rule) for h in ALL if h.rule.id != "penalties"}
TABLE_SIZES = {h.rule.id: h.seats for h in ALL if h.seats is not None}  # rules for some tables only


def random_options(seed: int, players: int) -> dict:
    rng = Rng(seed * 7919 + 11)
    opts = {rule: on for rule, on in RANDOM_RULES.items() if rng.chance(0.4)}
    for rule, seats in TABLE_SIZES.items():
        if players not in seats:
            opts.pop(rule, None)
    opts["match"] = "1"
    opts["scoring"] = rng.choice(["winner", "own"])
    return opts


@pytest.mark.parametrize("seed", range(30))
def test_uno_conforms_with_random_house_rules(seed):
    players = 2 + seed % 3 if seed % 10 else 6  # a few big tables too
    # «UNO в 7 раундов» plays a round up to 7 × 300 turns (more at big tables): a 6-seat round needs ~5,200 steps
    report = check_game("uno", players, seed, random_options(seed, players), probe_every=10, origin=origin_of(seed),
                        max_steps=8000)
    assert report.finished


def test_the_same_game_at_every_clock_origin():
    assert check_origins("uno", 4, 31, RANDOM_RULES | {"match": "1"}, probe_every=20).finished


def test_a_hand_knocked_out_under_new_ids_conforms_and_replays_byte_for_byte():
    """«Лимит карт» at 15: random play knocks a hand out (seed 9 of this table: 15 cards go under the pile under new
    ids); every view keeps the secrets, the journal replays to the same state at every clock origin."""
    report = check_origins("uno", 3, 9, {"card_limit": 15, "match": "1"}, probe_every=6)
    assert report.finished and report.session.state.retired


def test_uno_conforms_classic_full_match():
    assert check_game("uno", 3, 99, {"match": "target"}, max_steps=20000, probe_every=15).finished


def test_views_hide_hands_and_the_deck():
    st = RULES.new_game({}, 4, 7)
    for seat in (0, 1, SPECTATOR, TV):
        view = RULES.view(st, seat)
        assert not collect_strings(view) & RULES.secret_ids(st, seat)
    assert RULES.view(st, TV)["hand"] == [] and RULES.view(st, SPECTATOR)["hand"] == []
    view = RULES.view(st, 2)
    assert {c["id"] for c in view["hand"]} == set(st.hands[2])
    assert [p["cards"] for p in view["players"]] == [7, 7, 7, 7]
    assert RULES.secret_ids(st, 2) == set(st.deck) | {c for s in (0, 1, 3) for c in st.hands[s]}


@pytest.mark.parametrize("house,players,level", [("classic", 4, "player"), ("party", 10, "novice"),
                                                  ("all", 6, "ace"), ("chaos", 5, "player")])
def test_bot_games_finish_cleanly_and_replay(house, players, level):
    options = all_on() if house == "all" else dict(PRESETS[house][1])
    options["match"] = "1"
    sessions = [Session("uno", [SeatInfo(f"b{i}", level) for i in range(players)], 0, options, start_ms=origin)
                for origin in ORIGINS]
    for session in sessions:
        assert session.run_bots_to_end()
        assert RULES.check_invariants(session.state) == []
        rebuilt = replay_journal(session.journal.header, session.journal.entries)
        assert snapshot(rebuilt) == snapshot(session.state)
        assert RULES.result(session.state)["winners"]
    assert differences_from_first(RULES, sessions) == []


def test_ace_beats_three_novices_more_often_than_chance():
    # the full measurement (1000 games, ≥ 40 %) is game/benchmarks/uno.py; this is a smaller, looser check
    from game.benchmarks.uno import ace_vs_novices

    assert ace_vs_novices(80, seed0=500)["ace_win_rate"] >= 0.3
