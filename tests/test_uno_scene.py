"""The UNO table driven the way a player would: keys, the mouse, a virtual gamepad; and whole
bot games fed through the scene in virtual time."""
import pygame
import pytest

from game.app import STEP_MS, App
from game.audio import SOUND_NAMES
from game.rules.uno import EMOTE_SOUNDS, EVENT_SOUNDS, RULES
from game.scenes.uno.buttons import EMOTE_GRID
from game.scenes.uno.layout import TABLE_CENTER, WHEEL_ORDER as WHEEL_COLOURS
from game.scenes.uno.table import UnoScene
from virtual_pad import VirtualPad
from table_driver import LocalTable

NAMES = ["Вы", "Маша", "Петя", "Оля", "Дима", "Катя", "Серёжа", "Аня", "Витя", "Лена"]


class Table(LocalTable):
    """A headless app showing seat 0 of a local UNO game; host time is a clock the test moves."""

    SETTLE_FRAMES = 150
    UNTIL_LIMIT = 4000

    def __init__(self, app: App, players=4, seed=1, options=None, human=True):
        super().__init__(app, "uno", NAMES[:players], seed, options, human)
        self.scene: UnoScene

    def my_hand(self):
        return list(self.session.state.hands[0])

    def legal_kinds(self):
        return {a["kind"] for a in self.scene.legal}

    def my_turn(self):
        return bool(self.legal_kinds() & {"play", "draw", "pass", "accept", "choose_colour"})


def select_card(table: Table, card_id: str) -> None:
    """Move the cursor with the arrow keys until it rests on ``card_id``."""
    scene = table.scene
    for _ in range(40):
        if scene.selected == card_id:
            return
        ids = [c["id"] for c in scene.visible_hand()]
        here = ids.index(scene.selected) if scene.selected in ids else 0
        table.key(pygame.K_RIGHT if ids.index(card_id) > here else pygame.K_LEFT)
    raise AssertionError("the cursor never reached the card")


# ---------------------------------------------------------------------------------------------- coverage
def test_every_event_kind_has_a_known_sound():
    kinds = set(RULES.events.by_kind)
    assert kinds <= set(EVENT_SOUNDS), f"no sound for {sorted(kinds - set(EVENT_SOUNDS))}"
    assert set(EVENT_SOUNDS.values()) <= set(SOUND_NAMES)


def test_every_event_kind_has_an_animation():
    missing = [k for k in RULES.events.by_kind if not callable(getattr(UnoScene, "ev_" + k, None))]
    assert not missing, f"no animation for {missing}"


def test_sound_depends_on_whom_it_concerns(app):
    table = Table(app)
    scene = table.scene
    assert scene.event_sound({"kind": "turn_started", "seat": 0}) == "turn_start"
    assert scene.event_sound({"kind": "turn_started", "seat": 2}) is None
    assert scene.event_sound({"kind": "match_over", "result": {"winners": [0]}}) == "win"
    assert scene.event_sound({"kind": "match_over", "result": {"winners": [1]}}) == "lose"


def test_the_cough_chip_sends_the_rules_emote_and_coughs(app):
    """The chips are the view's emotes (the rules' list, «кашель» among them), each wholly in the grid over your
    plate; a click on «кашель» reaches the host, and the cough has a sound of its own."""
    from game.rules.uno.actions import EMOTES

    table = Table(app)
    table.settle()
    chips = [w for w in table.scene.group.widgets if w.style == "chip"]
    assert [w.label for w in chips] == list(EMOTES)
    assert all(EMOTE_GRID.contains(w.rect) for w in chips)
    cough = next(w for w in chips if w.label == "кашель")
    table.click(cough.rect.center)
    table.until(lambda: any(e.seat == 0 and e.action == {"kind": "emote", "emote": "кашель"}
                            for e in table.session.journal.entries))
    assert table.scene.event_sound({"kind": "emoted", "seat": 1, "emote": "кашель"}) == "cough"
    assert table.scene.event_sound({"kind": "emoted", "seat": 1, "emote": "ура"}) == EVENT_SOUNDS["emoted"]
    assert set(EMOTE_SOUNDS.values()) <= set(SOUND_NAMES) and not app.unknown_sounds


# ---------------------------------------------------------------------------------------------- playing
def test_keyboard_plays_a_legal_card_or_draws(app):
    table = Table(app, seed=5)
    table.until(table.my_turn)
    table.settle()
    scene = table.scene
    before_id, before_hand = table.session.state_id, table.my_hand()
    plays = [a for a in scene.legal if a["kind"] == "play"]
    if plays:
        target = plays[0]["card"]
        select_card(table, target)
        table.key(pygame.K_RETURN)
        assert target not in table.my_hand()
        assert table.session.state.discard[-1] == target
    else:
        table.key(pygame.K_x)
        assert len(table.my_hand()) == len(before_hand) + 1
    assert table.session.state_id > before_id
    table.settle()
    assert scene.view["hand"] != [] and scene.state_id == table.session.state_id


def test_a_card_that_does_not_fit_is_refused_with_a_shake(app):
    for seed in range(1, 40):
        table = Table(app, seed=seed)
        table.until(table.my_turn)
        scene = table.scene
        table.settle()
        wrong = [c["id"] for c in scene.visible_hand() if c["id"] not in scene.legal_card_ids()]
        if scene.can("play") and wrong:
            break
        app.pop()
    else:
        pytest.skip("no seed gave a hand with an unplayable card")
    before = table.session.state_id
    select_card(table, wrong[0])
    table.key(pygame.K_RETURN)
    assert table.session.state_id == before
    assert scene.last_error and scene.shake.offset() != 0.0


def test_mouse_click_on_a_legal_card_plays_it(app):
    for seed in range(1, 40):
        table = Table(app, seed=seed)
        table.until(table.my_turn)
        if table.scene.can("play"):
            break
        app.pop()
    table.settle(90)
    scene = table.scene
    target = next(a["card"] for a in scene.legal if a["kind"] == "play")
    visible = [c["id"] for c in scene.visible_hand()]
    x, y, _ = scene.hand_pos[target]
    i = visible.index(target)
    # aim at the part of the card its right neighbour does not cover
    if i + 1 < len(visible):
        x = (x - 48 + scene.hand_pos[visible[i + 1]][0] - 48) / 2
    table.click((round(x), round(y) - 40))
    assert table.session.state.discard[-1] == target


def test_colour_wheel_appears_for_a_wild_and_the_arrows_choose(app):
    for seed in range(1, 60):
        table = Table(app, seed=seed)
        table.until(table.my_turn)
        scene = table.scene
        wild = next((c["id"] for c in scene.view["hand"] if c["colour"] == "black"
                     and any(a.get("card") == c["id"] and a["kind"] == "play" for a in scene.legal)), None)
        if wild:
            break
        app.pop()
    else:
        raise AssertionError("no seed dealt a wild card to seat 0 on its first turn")
    table.settle()
    select_card(table, wild)
    table.key(pygame.K_RETURN)
    assert scene.colour_wheel_open()
    table.settle(10)
    table.key(pygame.K_RIGHT)  # right is blue on the wheel
    assert scene.wheel.index == 1
    table.key(pygame.K_RETURN)
    assert table.session.state.colour == "blue"
    assert not scene.colour_wheel_open()


def test_virtual_gamepad_draws_and_plays(app):
    pad = VirtualPad()
    try:
        for seed in range(1, 40):
            table = Table(app, seed=seed)
            table.step(2)
            table.until(table.my_turn)
            if table.scene.can("play"):
                break
            app.pop()
        table.settle()
        scene = table.scene
        target = next(a["card"] for a in scene.legal if a["kind"] == "play" and not a.get("uno"))
        for _ in range(30):
            if scene.selected == target:
                break
            ids = [c["id"] for c in scene.visible_hand()]
            button = "dpright" if ids.index(target) > ids.index(scene.selected) else "dpleft"
            pad.press(button)
            table.step(1, ms=1)
        pad.press("a")
        table.step(1, ms=1)
        assert table.session.state.discard[-1] == target
    finally:
        pad.unplug()


# ---------------------------------------------------------------------------------------------- reflexes
def test_catch_button_moves_from_window_to_window(app):
    table = Table(app)
    table.settle(2)
    scene = table.scene
    spots = set()
    for opened in range(0, 20_000, 1000):
        scene.view = dict(scene.view, uno_watch={"seat": 2, "opened_ms": opened, "grace_until": opened + 500,
                                                 "catchers": []})
        scene.legal = [{"kind": "catch"}]
        scene.reflex.update(scene, STEP_MS)
        button = scene.reflex["catch"]
        assert button.visible and button.enabled
        spots.add(button.rect.center)
        scene.reflex.update(scene, STEP_MS)
        assert button.rect.center in spots  # steady within one window
    assert len(spots) >= 5


def test_reflex_results_show_the_margin(app):
    table = Table(app)
    table.settle(2)
    scene = table.scene
    scene.on_event({"kind": "uno_caught", "seat": 2, "by": 1, "margin_ms": 23, "reaction_ms": 612, "tie": False}, None)
    scene.on_event({"kind": "jump_in_won", "seat": 3, "margin_ms": 41, "reaction_ms": 380, "rivals": [1], "tie": False},
                   None)
    texts = [b.text + " " + b.sub for b in scene.banners]
    assert any("на 23 мс раньше" in t for t in texts)
    assert any("на 41 мс раньше" in t for t in texts)


def test_jump_in_card_is_lifted_and_enter_sends_it(app):
    table = Table(app)
    table.settle()
    scene = table.scene
    card = scene.view["hand"][0]["id"]
    sent = []
    scene.send = sent.append
    scene.legal = [{"kind": "jump_in", "card": card, "uno": False}]
    scene.selected = card
    assert scene.card_lift(card) > 0
    scene.zone = "hand"
    table.key(pygame.K_RETURN)
    assert {"kind": "jump_in", "card": card, "uno": False} in sent


# ---------------------------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("players,preset,seed", [(4, "classic", 11), (10, "chaos", 2)])
def test_a_whole_bot_game_runs_through_the_scene(app, players, preset, seed):
    options = {**RULES.presets[preset][1], "match": "1"}
    table = Table(app, players=players, seed=seed, options=options)
    table.session.set_bot(0, "player")
    seen = set()
    original = table.scene.on_event

    def spy(event, previous):
        seen.add(event["kind"])
        original(event, previous)

    table.scene.on_event = spy
    table.until(lambda: table.session.rules.is_over(table.session.state), limit=20_000, ms=250)
    table.until(table.scene.results_open, limit=400, ms=17)
    table.step(30)
    assert table.scene.view["phase"] == "match_over"
    assert {"card_played", "turn_started", "match_over"} <= seen
    table.key(pygame.K_RETURN)  # «В меню»
    assert app.top is not table.scene


def test_every_text_of_the_table_can_be_drawn_with_its_fonts(app):
    """No tofu: the fonts have no arrows or symbols beyond Cyrillic and basic punctuation."""
    import re
    from pathlib import Path

    from game import assets

    root = Path(__file__).resolve().parent.parent / "game" / "scenes" / "uno"
    text = "".join(path.read_text(encoding="utf-8") for path in sorted(root.glob("*.py")))
    chars = "".join(sorted(set("".join(re.findall(r'"([^"\n]*)"', text)))))
    for face in ("text", "bold", "heading"):
        assert assets.missing_glyphs(face, chars) == [], face


# ---------------------------------------------------------------------------------------------- dialogs
def arranged(app, options=None, players=3, **position):
    """A local table showing an arranged position (uno_helpers.Table); the bots are stopped so
    the test makes every other move itself."""
    from uno_helpers import Table as Position

    table = Table(app, players=players, options=options)
    position_ = Position(options, n=players, **position)
    session = table.session
    session.state = position_.st
    session.bots.clear()
    session.plans.clear()
    session._broadcast([])
    table.settle(30)
    return table, position_


def play_with_keys(table, card_id):
    select_card(table, card_id)
    table.key(pygame.K_RETURN)
    table.settle(30)


def test_seven_zero_picker_chooses_with_arrows_and_enter(app):
    table, pos = arranged(app, {"seven_zero": True},
                          hands={0: [("red", "7"), ("red", "3"), ("blue", "4")], 1: [("green", "1")], 2: [("green", "2")]})
    seven = pos.card(0, ("red", "7"))
    others = {s: list(pos.st.hands[s]) for s in (1, 2)}
    play_with_keys(table, seven)
    scene = table.scene
    assert scene.picker_open()
    first = scene.chooser.seat
    table.key(pygame.K_RIGHT)
    chosen = scene.chooser.seat
    assert chosen != first
    table.key(pygame.K_RETURN)
    table.settle(30)
    assert table.session.state.hands[0] == others[chosen]


def test_seven_zero_picker_with_the_pad(app):
    table, pos = arranged(app, {"seven_zero": True},
                          hands={0: [("red", "7"), ("red", "3"), ("blue", "4")], 1: [("green", "1")], 2: [("green", "2")]})
    seven = pos.card(0, ("red", "7"))
    others = {s: list(pos.st.hands[s]) for s in (1, 2)}
    play_with_keys(table, seven)
    seat = table.scene.chooser.seat
    table.pad("confirm")
    table.settle(30)
    assert table.session.state.hands[0] == others[seat]


def test_five_swap_offer_x_takes_another_card_and_enter_offers(app):
    table, pos = arranged(app, {"five_swap": True},
                          hands={0: [("red", "5"), ("red", "3"), ("blue", "4")]})
    play_with_keys(table, pos.card(0, ("red", "5")))
    scene = table.scene
    assert scene.can("offer_card") and scene.can("keep_cards")
    give = pos.card(0, ("blue", "4"))
    select_card(table, give)
    table.key(pygame.K_RETURN)
    assert scene.chooser.card == give and scene.picker_open()
    table.key(pygame.K_x)  # X: another card
    assert scene.chooser.card is None
    table.key(pygame.K_RETURN)
    assert scene.chooser.card == give
    seat = scene.chooser.seat
    table.key(pygame.K_RETURN)
    table.settle(30)
    exchange = table.session.state.ext["exchange"]
    assert (exchange.offerer, exchange.card) == (0, give) and table.session.state.actor == seat


def test_five_swap_can_be_declined_with_the_mouse(app):
    table, pos = arranged(app, {"five_swap": True}, hands={0: [("red", "5"), ("red", "3"), ("blue", "4")]})
    play_with_keys(table, pos.card(0, ("red", "5")))
    scene = table.scene
    keep = next(w for w in scene.group.widgets if w.key == "keep_cards")
    table.click(keep.rect.center)
    table.settle(30)
    assert not scene.can("offer_card") and len(table.session.state.hands[0]) == 2


def plus_four_on_me(app, options=None):
    """Seat 2 (before seat 0) lays a wild +4 on seat 0 while holding a red card: a bluff to catch."""
    table, pos = arranged(app, {"stacking": False, **(options or {})}, turn=2,
                          hands={0: [("green", "3"), ("blue", "4")], 2: [("black", "wild4"), ("red", "9"), ("red", "1")]})
    session = table.session
    wild = pos.card(2, ("black", "wild4"))
    assert session.submit(2, {"kind": "play", "card": wild}, table.clock.ms).accepted
    assert session.submit(2, {"kind": "choose_colour", "colour": "blue"}, table.clock.ms).accepted
    table.settle(60)
    return table, pos


def test_plus_four_challenge_with_enter(app):
    table, pos = plus_four_on_me(app)
    scene = table.scene
    assert scene.can("challenge")
    table.key(pygame.K_RETURN)  # «Проверить!» has the focus
    table.settle(30)
    assert not scene.can("challenge") and len(table.session.state.hands[2]) == 7  # caught: 2, the +4 back, 4 more


def test_plus_four_taken_with_x_then_ready_with_enter(app):
    table, pos = plus_four_on_me(app)
    scene = table.scene
    table.key(pygame.K_x)  # «Беру +4»
    table.settle(30)
    assert len(table.session.state.hands[0]) == 6
    assert scene.can("ready")
    table.key(pygame.K_RETURN)  # «Готов» (Enter), as its hint says
    table.settle(30)
    assert not scene.can("ready")


def test_colour_wheel_by_digit_and_by_click(app):
    table, pos = arranged(app, hands={0: [("black", "wild"), ("black", "wild"), ("red", "3")]})
    wilds = [c for c in pos.st.hands[0] if pos.st.faces[c] == ("black", "wild")]
    play_with_keys(table, wilds[0])
    scene = table.scene
    assert scene.colour_wheel_open()
    table.key(pygame.K_ESCAPE)  # the pause menu over the wheel, and back
    table.key(pygame.K_ESCAPE)
    assert app.top is scene and scene.colour_wheel_open()
    table.key(pygame.K_3)  # picks the third colour, as the hint says: «стрелки или 1–4, Enter»
    assert scene.colour_wheel_open()
    table.key(pygame.K_RETURN)
    assert table.session.state.colour == WHEEL_COLOURS[2] and not scene.last_error  # Enter chose; nothing refused
    table.session.state.turn = 0  # again, to click this time
    table.session.state.phase = "play"
    table.session._broadcast([])
    table.settle(30)
    play_with_keys(table, wilds[1])
    assert scene.colour_wheel_open()
    cx, cy = TABLE_CENTER
    table.click((cx - 100, cy))  # the left sector
    assert table.session.state.colour == WHEEL_COLOURS[3]


def test_a_team_player_sees_the_teams_total(app, monkeypatch):
    """«Командная игра» scores the team: the corner says the team's points, not the seat's own."""
    from game import assets

    table = Table(app, players=4, options={"team_play": True})
    table.session.state.scores[:] = [30, 5, 12, 0]  # seat 0 plays with seat 2
    table.session._broadcast([])
    words: list[str] = []
    monkeypatch.setattr(assets, "text_registry", lambda surface, text, colour: words.append(text) or surface)
    assets.reset()
    table.scene.forget_drawn()
    table.step(3)
    assert "У команды 42 очка" in words, words
    assert not any(w.startswith("У вас ") for w in words)


def test_the_first_cursor_of_a_round_stands_on_a_card_that_can_go(app):
    """Seed 2 gives seat 0 the first turn while its dealt cards are still flying in, the first one landed dimmed:
    the cursor waits for a card that can go, as the hint «Enter — сыграть» means it."""
    table = Table(app, players=2, seed=2)
    scene = table.scene
    table.until(lambda: scene.view is not None and scene.legal_card_ids() and not scene.hand_incoming, ms=20)
    table.settle(30)
    assert scene.selected in scene.legal_card_ids() and scene.selected not in scene.hand_dims()
