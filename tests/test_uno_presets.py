"""UNO's presets («Набор» on the house-rules screen) take the house rules people play elsewhere where they belong:
«Командный» is the apps' 2v2 (and 3v3), «Как в приложениях» their usual house rules, «На вылет» elimination play,
and «Вечеринка»/«Хаос» lay several of one number (docs/RULES.md, «Presets»)."""
from game.net.session import SeatInfo, Session
from game.rules.base import resolve_options
from game.rules.uno import RULES

PRESETS = RULES.presets


def rules_of(preset: str) -> set[str]:
    return {k for k, v in PRESETS[preset][1].items() if v}


def test_every_preset_is_a_valid_choice_of_rules():
    labels = [label for label, _ in PRESETS.values()]
    assert len(set(labels)) == len(labels)
    for preset, (_, options) in PRESETS.items():
        resolve_options(RULES.house_rules, options)  # raises on an unknown rule or value


def test_the_team_preset_plays_in_teams_of_two_and_of_three():
    assert rules_of("teams") == {"team_play", "team_no_partner_attack", "team_partner_counts"}
    options = PRESETS["teams"][1]
    assert RULES.seat_teams(options, 4) == [0, 1, 0, 1]
    assert RULES.seat_teams(options, 6) == [0, 1, 0, 1, 0, 1]


def test_the_new_rules_stand_in_the_presets_they_belong_to():
    assert {"draw_until_fit", "play_drawn", "stacking", "seven_zero", "jump_in"} == rules_of("apps")
    assert "same_numbers" in rules_of("party") and rules_of("party") <= rules_of("chaos")
    assert "double_score" in rules_of("chaos")
    assert PRESETS["elimination"][1]["card_limit"] in (15, 20, 25, 30)
    # the printed rules stay the classic preset, and no preset makes a round of teams with an odd table
    assert PRESETS["classic"][1] == {}


def test_a_preset_round_finishes_with_bots():
    for preset in ("apps", "teams", "elimination"):
        seats = [SeatInfo(f"Бот {k + 1}", "player") for k in range(4)]
        session = Session("uno", seats, 3, {**PRESETS[preset][1], "match": "1"}, check_invariants=True)
        session.run_bots_to_end()
        assert RULES.is_over(session.state) and not session.violations, preset
        assert session.state.history[0]["reason"] != "limit", preset


def test_a_3v3_round_plays_to_a_team_win():
    seats = [SeatInfo(f"Бот {k + 1}", "player") for k in range(6)]
    session = Session("uno", seats, 4, {**PRESETS["teams"][1], "match": "1"}, check_invariants=True)
    view = RULES.view(session.state, 0)
    assert view["teams"]["members"] == [[0, 2, 4], [1, 3, 5]]
    session.run_bots_to_end()
    result = RULES.result(session.state)
    assert not session.violations and sorted(result["winners"]) == [[0, 2, 4], [1, 3, 5]][result["winning_team"]]
