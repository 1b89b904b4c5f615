"""Team-aware UNO bots («Командная игра»): they never catch their partner, never aim an attack at one, and do not
leave the table a colour the partner was seen to lack; a ``level:solo`` bot ignores partners (the baseline the
team play is measured against: python -m game simulate uno --house team_play --levels player,player:solo)."""
from game.bots import make_bot
from game.rules.uno import RULES
from game.rules.uno.actions import Catch, ChooseColour, Draw, Play
from uno_helpers import Table

TEAMS = {"team_play": True}


def bot_and_plan(level, tb, seat, seed=1, bot=None):
    bot = bot or make_bot("uno", level, seat, seed)
    return bot, bot.plan(RULES.view(tb.st, seat), RULES.legal_actions(tb.st, seat), tb.t)


def test_a_team_bot_never_catches_its_partner_but_a_solo_one_does():
    tb = Table(TEAMS, hands={0: [("red", "1"), ("red", "2")]})
    tb.do(0, Play(tb.card(0, ("red", "1"))))  # seat 0 is silent with one card; seat 2 is its partner
    caught = {level: sum(isinstance((bot_and_plan(level, tb, 2, seed)[1] or (0, None))[1], Catch)
                         for seed in range(20)) for level in ("ace", "ace:solo")}
    assert caught["ace"] == 0 and caught["ace:solo"] >= 15
    assert isinstance(bot_and_plan("ace", tb, 1)[1][1], Catch)  # an opponent is caught as ever


def test_a_team_bot_does_not_name_a_colour_its_partner_lacks():
    # seat 2 (the partner of seat 0) drew on blue: it lacks blue
    hands = {0: [("black", "wild"), ("blue", "1"), ("blue", "2"), ("blue", "3"), ("red", "4")],
             1: [("yellow", "5"), ("yellow", "6")], 2: [("green", "7"), ("green", "8")]}
    tb = Table(TEAMS, hands=hands, top=("blue", "9"), turn=2, last=1)
    bots = {}
    for level in ("ace", "ace:solo"):
        bots[level], _ = bot_and_plan(level, tb, 0)
    tb.put_on_deck(("green", "3"))
    tb.do(2, Draw())  # nothing fits: the turn moves on, and everyone saw seat 2 draw on blue
    for level in bots:
        bot_and_plan(level, tb, 0, bot=bots[level])
    tb.st.turn = 0
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    chosen = {level: bot_and_plan(level, tb, 0, bot=bots[level])[1][1] for level in bots}
    assert isinstance(chosen["ace:solo"], ChooseColour) and chosen["ace:solo"].colour == "blue"
    assert isinstance(chosen["ace"], ChooseColour) and chosen["ace"].colour != "blue"
