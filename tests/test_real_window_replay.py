"""«Повтор партии» in the real window: a bot game played to its end from the main menu by keys (UNO of one round
against a «новичок»; Эрудит against an «игрок», the person passing every turn), the replay opened from the results
(Tab, as their hint says), three steps back and two forward — and the table shown is the table the game showed at
that move: the same view, every card and tile the probe says it drew where the game drew it, and each of them on the
screenshot taken from outside the process (tests/real_window_support.py). The player's own cursor (the lifted card a
person points at) is no part of a replay: a card may stand up to that lift lower.

While the game is played every picture of the table at rest is kept, by the state it showed; the replay's step is that
state's number (a step is one journal entry, as a state is)."""
from __future__ import annotations

import time

import pytest

from real_window_support import Failure, Probe, RealWindow, check_items_shown, fan_clip, missing_tools

needs_x = pytest.mark.skipif(bool(missing_tools()), reason=f"нет программ: {', '.join(missing_tools())}")

GAME_TIMEOUT = 400.0
CURSOR_LIFT = 14  # game/scenes/uno/table.py card_lift: the selected card of a person's cursor


def my_turn(p: Probe) -> bool:
    view = p.view
    return p.top == p.table["scene"] and view.get("turn") == view.get("me", p.table["seat"]) and bool(
        p.kinds() - {"emote", "shout", "catch", "slap"})


class Keeper:
    """The table's pictures at rest, by the state id they show."""

    def __init__(self, scene: str):
        self.scene = scene
        self.at_rest: dict[int, Probe] = {}

    def __call__(self, condition):
        def watching(p: Probe) -> bool:
            if p.top == self.scene and p.table and not p.busy and p.view:
                self.at_rest[p.table["state_id"]] = p
            return condition(p)
        return watching


def open_the_replay(window: RealWindow, results: Probe) -> Probe:
    window.press("Tab")
    return window.wait(lambda p: p.top == "ReplayScene" and (p.report.get("replay") or {}).get("ready")
                       and p.table and p.table["state_id"] == p.report["replay"]["last"], "повтор на последнем ходу",
                       90)


def three_back_two_forward(window: RealWindow) -> tuple[Probe, object, int]:
    shown = window.wait(lambda p: p.top == "ReplayScene" and p.table is not None, "повтор", 30)
    last = shown.report["replay"]["last"]
    for key, step in (("Left", last - 1), ("Left", last - 2), ("Left", last - 3), ("Right", last - 2),
                      ("Right", last - 1)):
        window.press(key)
        window.wait(lambda p, s=step: (p.report.get("replay") or {}).get("step") == s, f"ход {step} в повторе", 30)
    probe, shot = window.settled_shot("replay-at-last-but-one", lambda p: p.top == "ReplayScene"
                                      and p.report["replay"]["step"] == last - 1 and p.table["state_id"] == last - 1)
    return probe, shot, last - 1


def same_table(then: Probe, now: Probe, shot) -> None:
    assert now.view == then.view, f"в повторе другой вид стола, чем в игре на этом ходу (снимок {shot})"
    assert now.legal == then.legal, f"в повторе другие возможные ходы, чем были в игре (снимок {shot})"
    before = sorted((i["what"], i["id"]) for i in then.items())
    after = sorted((i["what"], i["id"]) for i in now.items())
    assert after == before, f"нарисованы не те карты и фишки: было {before}, в повторе {after} (снимок {shot})"
    drawn = {(i["what"], i["id"]): i for i in now.items()}
    for item in then.items():
        again = drawn[(item["what"], item["id"])]
        assert again["picture"] == item["picture"], f"{item['id']}: {item['picture']} ≠ {again['picture']} ({shot})"
        where, there = item.get("center") or item.get("topleft"), again.get("center") or again.get("topleft")
        assert where[0] == there[0] and 0 <= there[1] - where[1] <= CURSOR_LIFT, (
            f"{item['what']} {item['id']} в игре стоял в {where}, в повторе в {there} (снимок {shot})")


# ---------------------------------------------------------------------------------------------- UNO
@needs_x
def test_uno_replayed_in_the_real_window(tmp_path):
    with RealWindow(tmp_path / "window", settings={"house_rules": {"uno": {"match": "1"}}}) as window:
        window.open_table("UNO", players=2, bots="новичок")
        keep = Keeper("UnoScene")
        deadline = time.monotonic() + GAME_TIMEOUT
        while True:
            if time.monotonic() > deadline:
                raise Failure(f"тур UNO не кончился за {GAME_TIMEOUT:.0f} с (снимок {window.screenshot('uno-long')})")
            p = window.wait(keep(lambda p: p.table and not p.busy and (
                p.table.get("results_open") or p.table.get("wheel_open") or my_turn(p))), "ход человека или итоги", 120)
            if p.table.get("results_open"):
                break
            # Enter plays the card the table's cursor is on (the arrows take it to one that can go) and picks the
            # wheel's colour; X draws
            kinds = p.kinds()
            wheel = p.table.get("wheel_open")
            if not wheel and "play" in kinds:
                p = cursor_to_a_playable_card(window, p, keep)
            window.press("Return" if wheel or kinds & {"play", "choose_colour", "ready", "challenge"} else "x")
            window.wait(keep(lambda q, s=p.table["state_id"], w=wheel: q.table and (
                q.table["state_id"] != s or q.table.get("wheel_open") != w)), "ход сделан", 60)
        results = window.wait(lambda p: p.table.get("results_open") and p.view.get("phase") == "match_over",
                              "итоги партии", 30)
        open_the_replay(window, results)
        now, shot, step = three_back_two_forward(window)
        if step not in keep.at_rest:
            raise Failure(f"стол игры на ходу {step} так и не был в покое: сравнивать не с чем "
                          f"(были: {sorted(keep.at_rest)[-6:]})")
        same_table(keep.at_rest[step], now, shot)
        check_items_shown(now, shot, ("hand",), clip=fan_clip)
        check_items_shown(now, shot, ("discard",))
        window.press("Escape")
        window.wait(lambda p: p.top == "UnoScene" and p.table.get("results_open"), "снова итоги", 30)


def cursor_to_a_playable_card(window: RealWindow, p: Probe, keep: Keeper) -> Probe:
    playable = {a["card"] for a in p.legal if a["kind"] == "play"}
    order = [i["id"] for i in sorted(p.items("hand"), key=lambda i: i["center"][0])]
    if p.table.get("selected") in playable or not playable & set(order):
        return p
    here = order.index(p.table["selected"]) if p.table.get("selected") in order else 0
    there = min((order.index(c) for c in playable if c in order), key=lambda k: abs(k - here))
    window.press(*(["Right" if there > here else "Left"] * abs(there - here)))
    return window.wait(keep(lambda q: q.table and q.table.get("selected") == order[there] and not q.busy),
                       "курсор на карте, которая подходит", 20)


# ---------------------------------------------------------------------------------------------- Эрудит
@needs_x
def test_erudit_replayed_in_the_real_window(tmp_path):
    with RealWindow(tmp_path / "window") as window:
        window.open_table("Эрудит", players=2)
        keep = Keeper("BoardScene")
        deadline = time.monotonic() + GAME_TIMEOUT
        while True:
            if time.monotonic() > deadline:
                raise Failure(f"партия не кончилась за {GAME_TIMEOUT:.0f} с (снимок {window.screenshot('erudit-long')})")
            p = window.wait(keep(lambda p: p.table and not p.busy and (p.table.get("over") or (
                my_turn(p) and "pass" in p.kinds()))), "ход человека или конец", 120)
            if p.table.get("over"):
                break
            window.press("F2")  # «Пас»: the bot lays every word, the bag empties, the game ends
            window.wait(keep(lambda q, s=p.table["state_id"]: q.table and q.table["state_id"] != s), "пас", 60)
        results = window.wait(lambda p: p.table.get("results"), "итоги партии", 60)
        open_the_replay(window, results)
        now, shot, step = three_back_two_forward(window)
        if step not in keep.at_rest:
            raise Failure(f"стол игры на ходу {step} так и не был в покое: сравнивать не с чем "
                          f"(были: {sorted(keep.at_rest)[-6:]})")
        same_table(keep.at_rest[step], now, shot)
        check_items_shown(now, shot, ("board", "rack"))
        window.press("Escape")
        window.wait(lambda p: p.top == "BoardScene" and p.table.get("over"), "снова итоги", 30)
