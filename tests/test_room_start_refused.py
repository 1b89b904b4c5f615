"""A room started with rules that do not fit its seats: everyone at the table reads the rules' own reason, as a
local setup says it, and the room stays in its lobby (it said «Хост не смог обработать сообщение.»)."""
from __future__ import annotations

from game.net.host import HostCore
from net_support import VirtualClock, Wire

TEAMS = "Командная игра — для 4, 6, 8 или 10 игроков: две команды, игроки сидят через одного."


def test_teams_with_three_seats_are_refused_with_the_rules_reason_and_the_room_waits():
    core = HostCore("uno", "Комната", clock=VirtualClock(), seed=7)
    owner, guest, third = Wire(core), Wire(core), Wire(core)
    for wire, name in zip((owner, guest, third), ("Маша", "Петя", "Оля")):
        wire.hello(name)
    owner.send({"type": "set_options", "options": {"team_play": True}})
    for wire in (owner, guest, third):
        wire.send({"type": "ready", "ready": True})
    owner.send({"type": "start"})
    assert not core.started
    for wire in (owner, guest, third):
        error = wire.last("error")
        assert (error["code"], error["reason"], error["ref"]) == ("options", TEAMS, "start")
    # a fourth player sits down and the same rules start
    fourth = Wire(core)
    fourth.hello("Лёша")
    for wire in (owner, guest, third, fourth):
        wire.send({"type": "ready", "ready": True})
    owner.send({"type": "start"})
    assert core.started and fourth.of_type("update")
