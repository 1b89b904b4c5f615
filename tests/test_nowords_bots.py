"""«Нет слов» bots: they finish games through the real host, claim words, avoid the ones they know,
vote honestly, and the levels differ."""
from __future__ import annotations

from collections import Counter

from game.bots import make_bot
from game.bots.nowords import LEVELS, NoWordsBot, known_word
from game.cli.simulate import simulate
from game.net.session import SeatInfo, Session
from game.rules.base import Rng, resolve_options
from game.rules.nowords import RULES
from game.rules.nowords.engine import CLAIM_WINDOW_MS
from game.rules.nowords.wire import AcceptWord, CallVote, ChooseNext, Claim, Lay, Vote
from nowords_tables import arrange


def view_and_legal(state, seat):
    return RULES.view(state, seat), RULES.legal_actions(state, seat)


def test_simulations_finish_with_no_broken_invariant_and_identical_replays():
    for players in (2, 4, 6):
        report = simulate("nowords", games=4, players=players, seed=11, house="", levels=["novice", "player", "ace"])
        assert report["completed"] == 4, report["problems"]
        assert report["invariant_violations"] == 0 and report["replay_mismatches"] == 0


def test_simulation_with_every_house_rule():
    report = simulate("nowords", games=2, players=3, seed=3, house="all", levels=["ace"])
    assert report["completed"] == 2 and report["invariant_violations"] == 0 and report["replay_mismatches"] == 0


def test_a_bot_names_a_word_it_knows_after_its_reaction_time():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    for level, (low, high) in [(lv, LEVELS[lv].claim_ms) for lv in ("player", "ace")]:
        bot = make_bot("nowords", level, 2, seed=5)
        bot.params = LEVELS[level].__class__(**{**LEVELS[level].__dict__, "notice": 1.0})
        at_ms, action = bot.plan(*view_and_legal(state, 2), 1000)
        assert isinstance(action, Claim) and action.word
        assert low <= at_ms - 1000 <= high
        assert RULES.apply(arrange(3, "АОкт", last_mover=0, turn=1), 2, action, at_ms)[0].kind == "claim_made"
        # thinking again about the same table keeps the moment it decided on
        assert bot.plan(*view_and_legal(state, 2), 1500) == (at_ms, action)


def test_the_last_mover_bot_does_not_claim():
    state = arrange(3, "АОкт", ["лмн"], last_mover=0, turn=0)
    bot = make_bot("nowords", "ace", 0, seed=1)
    plan = bot.plan(*view_and_legal(state, 0), 0)
    assert plan is not None and isinstance(plan[1], Lay)


def test_bots_avoid_letters_that_make_a_word_they_know():
    # the hand holds Т (КОТ, ТОК…) and two letters that make nothing with А О К
    state = arrange(3, "АОк", ["тщэ"], turn=0)
    view, legal = view_and_legal(state, 0)
    for level in ("player", "ace"):
        bot = NoWordsBot(level, 0, Rng(3))
        bot.params = LEVELS[level].__class__(**{**LEVELS[level].__dict__, "risky": 0.0})
        for _ in range(20):
            _, action = bot.plan(view, legal, 0)
            letter = next(c["letter"] for c in view["hand"] + view["showcase"] if c["id"] == action.card)
            assert letter != "т"
            assert known_word(Counter("аок" + letter), {}, bot.params.common_only) is None


def test_sometimes_a_bot_lays_a_risky_letter():
    state = arrange(3, "АОк", ["тщэ"], turn=0)
    view, legal = view_and_legal(state, 0)
    bot = NoWordsBot("novice", 0, Rng(8))
    risky = sum(1 for _ in range(200) if bot._lay(view, [a for a in legal if isinstance(a, Lay)]).card
                in {c["id"] for c in view["hand"] if c["letter"] == "т"} | set(state.showcase))
    assert 5 <= risky <= 120


def test_bots_vote_honestly_by_the_dictionary():
    for word, honest in [("кот", True), ("ркота", False)]:
        state = arrange(3, "АОктр", last_mover=0, turn=1)
        state.phase = "vote"
        state.dispute = {"seat": 1, "word": word, "ok": honest, "reason": "", "resume": "play"}
        for level in ("novice", "ace"):
            _, action = make_bot("nowords", level, 2, seed=1).plan(*view_and_legal(state, 2), 0)
            assert action == Vote(honest)


def test_a_last_mover_bot_takes_a_word_the_dictionary_accepts_and_never_doubts_it():
    for level in LEVELS:
        state = arrange(3, "АОИкт", last_mover=0, turn=1)
        RULES.apply(state, 1, Claim("кот"), 1000)
        RULES.tick(state, 1000 + CLAIM_WINDOW_MS)
        assert CallVote() in RULES.legal_actions(state, 0)
        at_ms, action = make_bot("nowords", level, 0, seed=4).plan(*view_and_legal(state, 0), 2000)
        low, high = LEVELS[level].accept_ms
        assert action == AcceptWord() and low <= at_ms - 2000 <= high


def test_bots_never_name_a_word_the_table_voted_down():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    state.voted_down = []
    while (word := known_word(Counter("аокт"), {}, False, state.voted_down)) is not None:
        state.voted_down.append(word)  # every word the ace knows in these letters
    assert "кот" in state.voted_down
    for level in LEVELS:
        bot = make_bot("nowords", level, 2, seed=5)
        bot.params = LEVELS[level].__class__(**{**LEVELS[level].__dict__, "notice": 1.0})
        assert bot.plan(*view_and_legal(state, 2), 1000) is None


def test_a_penalised_bot_names_who_moves_next():
    state = arrange(3, "АОкт", last_mover=1, turn=2)
    state.phase, state.chooser = "choose", 1
    _, action = make_bot("nowords", "player", 1, seed=2).plan(*view_and_legal(state, 1), 0)
    assert isinstance(action, ChooseNext) and action.seat in (1, 2)


def test_a_person_calls_a_vote_and_the_bots_outvote_an_unknown_word():
    seats = [SeatInfo("Вы")] + [SeatInfo(f"Бот {i}", "ace") for i in range(1, 3)]
    session = Session("nowords", seats, 4, {"wrong_claim_penalty": True}, check_invariants=True)
    state = session.state
    fresh = arrange(3, "АОктр", ["щэф"], last_mover=1, turn=0)
    for name in ("deck", "hands", "conversation", "showcase"):
        setattr(state, name, getattr(fresh, name))
    state.last_mover = 1
    session.bots.clear()  # keep the bots from naming real words first
    assert session.submit(0, Claim("ркота"), 100).accepted
    session.advance(100 + CLAIM_WINDOW_MS)
    assert state.phase == "dispute"
    for seat in (1, 2):
        session.set_bot(seat, "ace")
    assert session.submit(0, CallVote(), 200).accepted
    assert session.submit(0, Vote(True), 300).accepted
    session.advance(10_000)
    assert state.phase == "play" and state.fines == [1, 0, 0] and session.violations == []


def test_the_better_level_loses_fewer_points():
    novice = ace = 0
    for seed in range(8):
        session = Session("nowords", [SeatInfo("a", "novice"), SeatInfo("b", "ace")], 100 + seed, {})
        assert session.run_bots_to_end()
        points = RULES.result(session.state)["scores"]
        novice += points[0]
        ace += points[1]
    assert ace < novice


def test_bot_factory_and_unknown_level_falls_back():
    bot = make_bot("nowords", "master", 3, seed=9)
    assert bot.seat == 3 and bot.level == "master"
    assert NoWordsBot("кто-то", 0, Rng(1)).level == "player"
    assert resolve_options(RULES.house_rules, {})["series"] == 1
