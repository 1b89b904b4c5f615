"""UNO bots: decisions from the seat's own view, human reaction times, levels that differ."""
from game.bots import make_bot
from game.rules.uno import RULES
from game.rules.uno.actions import Catch, ChooseColour, Play, Shout
from game.rules.uno.house.uno_center import Slap
from game.rules.uno.engine import GRACE_MS
from uno_helpers import Table


def plan(level, tb, seat, seed=1):
    bot = make_bot("uno", level, seat, seed)
    return bot.plan(RULES.view(tb.st, seat), RULES.legal_actions(tb.st, seat), tb.t)


def test_bots_wait_when_they_have_nothing_to_do():
    tb = Table(hands={0: [("red", "1"), ("red", "2")]})
    for level in ("novice", "player", "ace"):
        assert plan(level, tb, 2) is None


def test_ace_catches_a_silent_player_fast_but_not_instantly():
    tb = Table(hands={0: [("red", "1"), ("red", "2")]})
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    landed = tb.st.watch.opened_ms
    times = []
    for seed in range(20):
        at, action = plan("ace", tb, 2, seed)
        assert isinstance(action, Catch)
        times.append(at - landed)
    assert min(times) >= GRACE_MS and max(times) <= 900


def test_novices_sometimes_forget_uno_and_aces_rarely_do():
    def forgets(level):
        count = 0
        for seed in range(200):
            tb = Table(hands={0: [("red", "1"), ("red", "2")]}, seed=1)
            at, action = plan(level, tb, 0, seed)
            count += isinstance(action, Play) and not action.uno
        return count

    novice, ace = forgets("novice"), forgets("ace")
    assert 30 <= novice <= 130 and ace <= 15


def test_a_forgetful_bot_may_shout_late():
    tb = Table(hands={0: [("red", "1"), ("red", "2")]})
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    shouts = sum(isinstance(plan("ace", tb, 0, seed)[1], Shout) for seed in range(30) if plan("ace", tb, 0, seed))
    assert shouts >= 20


def test_bots_slap_when_someone_shouts_uno_in_the_centre():
    tb = Table({"uno_center": True}, hands={0: [("red", "1"), ("red", "2")]})
    tb.do(0, Play(tb.card(0, ("red", "1")), uno=True))
    for level in ("novice", "player", "ace"):
        at, action = plan(level, tb, 1)
        assert isinstance(action, Slap) and at > tb.st.ext["slap"].race.opened_ms


def test_ace_names_the_colour_it_holds_most():
    tb = Table(hands={0: [("black", "wild"), ("green", "1"), ("green", "2"), ("blue", "3")]})
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    at, action = plan("ace", tb, 0)
    assert action == ChooseColour("green")


def test_ace_keeps_its_wild_and_hits_a_player_about_to_win():
    hands = {0: [("black", "wild"), ("red", "draw2"), ("red", "9"), ("blue", "9")], 1: [("blue", "1")]}
    tb = Table(hands=hands, top=("red", "5"))
    at, action = plan("ace", tb, 0)
    assert tb.st.faces[action.card] == ("red", "draw2")


def test_the_same_situation_gets_the_same_decision_when_asked_again():
    tb = Table(hands={0: [("red", "1"), ("red", "2"), ("red", "3")]})
    bot = make_bot("uno", "novice", 0, 3)
    view, legal = RULES.view(tb.st, 0), RULES.legal_actions(tb.st, 0)
    first = bot.plan(view, legal, tb.t)
    for later in range(1, 6):
        assert bot.plan(view, legal, tb.t + later * 10) == first  # same card, same moment


def test_bots_see_only_their_own_view():
    import inspect

    import game.bots.uno as module

    source = inspect.getsource(module)
    assert "state" not in source.replace("statement", "")
