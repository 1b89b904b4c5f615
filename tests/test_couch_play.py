"""Couch play driven by real SDL virtual gamepads: the seat screen, two pads on two seats of one
table, the curtain between players, reflexes from a pad whose hand is not on screen, a pad
unplugged and re-plugged mid-game."""
import pygame
import pytest

from game import scenes
from game.app import STEP_MS
from game.scenes.demo import VirtualClock
from game.scenes.seats import SeatScene
from game.scenes.setup import SetupScene
from game.scenes.table.scene import TableScene
from virtual_pad import VirtualPad

import toy_game


@pytest.fixture
def app(app, monkeypatch):
    toy_game.with_table(monkeypatch)
    clock = VirtualClock()
    app.now_ms = clock  # the host, the presses and the scene share one virtual clock
    app.clock = clock
    return app


@pytest.fixture
def pads():
    made = []

    def plug():
        pad = VirtualPad()
        made.append(pad)
        return pad

    yield plug
    for pad in made:
        pad.unplug()


def frames(app, n=3, ms=STEP_MS):
    """Events and simulation steps as the app loop does them; drawing only on the last step
    (a couch table is drawn often enough to catch a broken draw, and the suite stays fast)."""
    for i in range(n):
        app.clock.ms += int(ms)
        app.handle_events()
        app.update(STEP_MS)
    if app.top is not None and app.running:
        app.draw(1.0)


def press(app, pad, button, n=2):
    pad.press(button)
    frames(app, n)


def seed_where_seat0_holds_a_zero(players):
    for seed in range(1, 500):
        hand = toy_game.RULES.new_game({"slaps": True}, players, seed).hands[0]
        if any(toy_game.value(c) == 0 for c in hand):
            return seed
    raise AssertionError("no seed")


def open_seat_screen(app, players=3, game_id="toy", options=None, seed=None):
    """The seat screen of ``game_id`` on the app's clock (the toy game with slaps and a deal holding a zero unless
    told otherwise)."""
    scene = SeatScene(game_id, players, "player", {"slaps": True} if options is None else options)
    scene.plan.clock = app.clock
    scene.plan.seed = seed_where_seat0_holds_a_zero(players) if seed is None else seed
    app.push(scene)
    frames(app, 1)
    return scene


def start_from_seats(app, pad=None, limit=600):
    """Start on the seat screen (the pad's Start, or Enter with the focus on «Начать игру»), then frames until the
    table, dealt in the background, is up and shows the deal; the table."""
    if pad is not None:
        pad.press("start")
    else:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    return until_table(app, limit)


def until_table(app, limit=600):
    """Frames until the table, dealt in the background, is up and shows the deal; the table."""
    for _ in range(limit):
        frames(app, 1)
        if isinstance(app.top, TableScene) and app.top.view is not None:
            return app.top
    raise AssertionError(f"no table {limit} frames after Start; toasts: {[t.message for t in app.toasts]}")


def two_pads_seated(app, pads, **seat_screen):
    """Two pads plugged in, the seat screen open (``open_seat_screen``'s choices), each pad seated with A:
    (first, second, the seat screen)."""
    first, second = pads(), pads()
    frames(app)
    seats = open_seat_screen(app, **seat_screen)
    press(app, first, "a")
    press(app, second, "a")
    return first, second, seats


def run_until(app, predicate, limit=400):
    for _ in range(limit):
        if predicate():
            return
        frames(app, 1, ms=50)
    raise AssertionError("the table never got there")


def test_pads_take_seats_leave_and_start(app, pads):
    first, second, seats = two_pads_seated(app, pads)
    assert seats.plan.seated == {0: f"pad:{first.instance_id}", 1: f"pad:{second.instance_id}"}
    press(app, second, "b")  # stands up
    assert 1 not in seats.plan.seated
    press(app, second, "a")
    assert seats.plan.seated[1] == f"pad:{second.instance_id}"
    table = start_from_seats(app, first)
    assert isinstance(table, TableScene)
    assert sorted(table.local) == [0, 1]
    assert table.seats_of(f"pad:{first.instance_id}") == [0] and table.seats_of(f"pad:{second.instance_id}") == [1]
    session = table.conn.host.session
    assert session.seats[2].is_bot and not session.seats[0].is_bot and not session.seats[1].is_bot


def test_unplugged_pad_frees_its_seat_on_the_seat_screen(app, pads):
    first = pads()
    frames(app)
    seats = open_seat_screen(app)
    press(app, first, "a")
    assert 0 in seats.plan.seated
    first.unplug()
    frames(app)
    assert seats.plan.seated == {}
    assert not seats.start_button.enabled


def test_pad_unplugged_while_the_table_is_dealt_leaves_its_seat_waiting(app, pads):
    import threading

    from game import launch

    first, second, seats = two_pads_seated(app, pads)
    dealer_free = threading.Event()
    launch._dealing_thread().submit(dealer_free.wait, 10)  # the dealer is busy: this table waits its turn
    try:
        press(app, first, "start")
        assert app.top is seats and seats.dealing is not None
        second.unplug()
        frames(app)
    finally:
        dealer_free.set()
    table = until_table(app)
    assert isinstance(table, TableScene)
    assert table.local[1].waiting and table.seats_of(f"pad:{second.instance_id}") == []


def test_keyboard_and_mouse_take_seats_and_enter_starts(app):
    seats = open_seat_screen(app, players=2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert seats.plan.seated == {0: "keyboard"}
    free = seats.slots[1].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=free))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=free))
    frames(app, 1)
    assert seats.plan.seated == {0: "keyboard", 1: "keyboard"}  # a hot seat: the keyboard is passed around
    assert seats.group.focused is seats.start_button
    assert isinstance(start_from_seats(app), TableScene)
    assert app.top.curtain_for == 0  # the first player is asked to be ready; nobody acted yet
    assert app.top.conn.host.session.state_id == 0


def test_setup_goes_to_the_seat_screen_when_a_pad_is_connected(app, pads, monkeypatch):
    pads()
    frames(app)
    setup = SetupScene("uno")
    app.push(setup)
    frames(app, 1)
    setup.start()
    frames(app, 1)
    assert isinstance(app.top, SeatScene)


def play_one_card(app, table, pad, seat):
    """The curtain for ``seat`` is up: lift it with the pad, then play with A."""
    run_until(app, lambda: table.curtain_for == seat)
    assert table.hand_hidden
    press(app, pad, "a")
    assert table.curtain_for is None and table.seat == seat and not table.hand_hidden
    session = table.conn.host.session
    before = session.state_id
    hand_before = list(table.view["hand"])
    press(app, pad, "a" if table.legal_of("play") else "x")  # play a card, or take the pile
    assert session.state_id > before, "the pad's button did not reach the host"
    hand_after = table.local[seat].view["hand"] if table.seat != seat else table.view["hand"]
    assert hand_after != hand_before


def test_two_pads_play_replug_and_keep_playing(app, pads):
    first, second, seats = two_pads_seated(app, pads)
    table = start_from_seats(app, first)
    session = table.conn.host.session
    rumbles = []
    app.input.rumble = lambda device, *a: rumbles.append(device)

    # seat 0 plays a zero: a slap race opens, and both pads slap although only one hand is shown
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")
    zeros = [i for i, a in enumerate(table.legal_of("play")) if toy_game.value(a["card"]) == 0]
    for _ in range(zeros[0]):
        press(app, first, "dpright", 1)
    press(app, first, "a", 1)
    assert session.state.race is not None
    assert table.focus == 1 and table.curtain_for == 1  # the turn went to the other couch player
    press(app, first, "rightshoulder", 1)  # seat 0 is off screen: the reflex still acts for it
    press(app, second, "rightshoulder", 1)  # behind the curtain: reflexes still go through
    slappers = {p.seat for p in session.state.race.presses}
    assert {0, 1} <= slappers
    assert f"pad:{second.instance_id}" in rumbles  # seat 1's pad buzzed on its turn

    # a hand not on screen cannot be navigated by its pad
    cursor = table.cursor
    press(app, first, "dpright", 1)
    assert table.cursor == cursor

    play_one_card(app, table, second, 1)
    play_one_card(app, table, first, 0)  # after the bot's move the curtain comes up for seat 0

    # seat 1's pad is unplugged: the seat waits; a fresh pad (new instance id) takes it over
    second.unplug()
    frames(app)
    assert table.local[1].waiting and table.seats_of(f"pad:{second.instance_id}") == []
    assert any("геймпад отключён" in t.message for t in app.toasts)
    third = pads()
    frames(app)
    assert third.instance_id != second.instance_id
    assert table.seats_of(f"pad:{third.instance_id}") == [1] and not table.local[1].waiting
    play_one_card(app, table, third, 1)
    play_one_card(app, table, first, 0)
    assert not session.violations


def test_spare_pad_joins_for_a_bot_or_claims_a_waiting_seat(app, pads):
    first, second, _ = two_pads_seated(app, pads)
    table = start_from_seats(app, first)
    session = table.conn.host.session
    spare = pads()  # a friend arrives mid-game: A takes over the bot's seat
    frames(app)
    assert table.seats_of(f"pad:{spare.instance_id}") == []
    press(app, spare, "a")
    assert table.seats_of(f"pad:{spare.instance_id}") == [2] and not session.seats[2].is_bot
    assert table.curtain_for == 0  # a pad of another seat cannot lift seat 0's curtain
    late = pads()
    frames(app)
    press(app, late, "a")
    assert table.seats_of(f"pad:{late.instance_id}") == []  # no bot left to replace
    first.unplug()
    frames(app)
    assert table.local[0].waiting and table.seats_of(f"pad:{late.instance_id}") == []
    press(app, late, "a")  # a spare pad's A takes the seat that waits for its pad
    assert table.seats_of(f"pad:{late.instance_id}") == [0]
    press(app, late, "a")
    assert table.curtain_for is None and table.seat == 0


def test_hold_to_peek_shows_your_own_hand_then_hides_it(app, pads):
    first, second, _ = two_pads_seated(app, pads)
    table = start_from_seats(app, first)
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")
    press(app, first, "a")  # seat 0 plays; now seat 1's curtain
    run_until(app, lambda: table.curtain_for == 1)
    press(app, second, "a")
    press(app, second, "a" if table.legal_of("play") else "x")
    assert not table.must_act(1) and table.curtain_for is None  # the bot thinks for a while
    assert table.hand_hidden  # nobody at the couch is to act: hands covered
    second.lib.SDL_JoystickSetVirtualButton(second.handle, 4, 1)  # hold Select
    second._sync()
    frames(app, 2)
    assert table.peeking == 1 and table.seat == 1 and not table.hand_hidden
    second.lib.SDL_JoystickSetVirtualButton(second.handle, 4, 0)
    second._sync()
    frames(app, 2)
    assert table.peeking is None and table.hand_hidden


def test_single_player_table_is_untouched_by_couch_rules(app):
    from game.net.local import LocalHost
    from game.net.session import SeatInfo

    host = LocalHost("toy", [SeatInfo("Я"), SeatInfo("Бот", "player")], 3, clock=app.clock)
    table = scenes.game_scene(host.connect(0), "toy", ["Я", "Бот"])
    app.push(table)
    frames(app, 2)
    assert not table.couch and table.curtain_for is None and not table.hand_hidden
    before = host.session.state_id
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    frames(app, 1)
    assert host.session.state_id == before + 1


def couch_moves(session, seat):
    """Moves of the game made by ``seat`` (emotes from the table's chat buttons do not count)."""
    return sum(1 for e in session.journal.entries if e.seat == seat and e.action.get("kind") != "emote")


def act_with_pad(app, table, pad, seat):
    """Lift the curtain if it is up for ``seat``, then press buttons until the host takes a move of that seat."""
    session = table.conn.host.session
    run_until(app, lambda: table.curtain_for == seat or (table.must_act(seat) and table.seat == seat))
    if table.curtain_for == seat:
        press(app, pad, "a")
    assert table.curtain_for is None and table.seat == seat
    if {a["kind"] for a in table.legal_for(seat)} == {"ready"}:
        # sorting freshly drawn cards: A on «Готов» if it has the focus, else the timer says it
        press(app, pad, "a", 1)
        run_until(app, lambda: not table.can("ready"))
        return
    before = couch_moves(session, seat)
    hand = len(table.view.get("hand", [])) + 2
    # walk the hand pressing A on each card; if none goes, draw with X and walk again; last, the buttons
    script = ["a"] + ["dpleft"] * hand + ["a", "dpright"] * hand + ["x"] + ["dpleft"] * (hand + 1) + ["a", "dpright"] * (hand + 1)
    script += ["dpup", "a", "dpright", "a", "dpdown"]
    for button in script:
        if couch_moves(session, seat) > before:
            return
        press(app, pad, button, 1)
    if couch_moves(session, seat) > before:
        return
    raise AssertionError(f"seat {seat} made no move with its pad; legal: {table.legal_for(seat)}")


def act_whoever_is_due(app, table, pad_of):
    """Wait for the next couch player's turn and make a move with that player's pad."""
    run_until(app, lambda: table.curtain_for is not None or table.must_act(table.seat) and table.seat in pad_of)
    seat = table.curtain_for if table.curtain_for is not None else table.seat
    act_with_pad(app, table, pad_of[seat], seat)


def test_uno_two_pads_replug_and_keep_playing(app, pads):
    first, second, _ = two_pads_seated(app, pads, players=3, game_id="uno", options={}, seed=11)
    table = start_from_seats(app, second)
    assert isinstance(table, TableScene) and sorted(table.local) == [0, 1]
    session = table.conn.host.session
    pad_of = {0: first, 1: second}
    while min(couch_moves(session, 0), couch_moves(session, 1)) < 2:
        act_whoever_is_due(app, table, pad_of)
    second.unplug()
    frames(app)
    assert table.local[1].waiting
    third = pads()
    frames(app)
    assert table.seats_of(f"pad:{third.instance_id}") == [1]
    pad_of[1] = third
    base = {seat: couch_moves(session, seat) for seat in (0, 1)}
    while any(couch_moves(session, seat) <= base[seat] for seat in (0, 1)):
        act_whoever_is_due(app, table, pad_of)
    assert not session.rules.is_over(session.state)


def test_uno_2v2_on_the_couch_plays_a_round_to_the_team_scores(app, pads):
    """«Командный» with two pads on one laptop: the couch players sit at seats 0 and 1, so each plays for another
    team (partners opposite, bots beside them); they play the round through with their pads, and it ends on the
    results with the team scores."""
    from game.rules.uno import RULES as UNO

    first, second, _ = two_pads_seated(app, pads, players=4, game_id="uno",
                                       options={**UNO.presets["teams"][1], "match": "1"}, seed=5)
    table = start_from_seats(app, second)
    assert isinstance(table, TableScene) and sorted(table.local) == [0, 1]
    session = table.conn.host.session
    teams = table.view["teams"]
    assert teams["members"] == [[0, 2], [1, 3]]
    pad_of = {0: first, 1: second}
    def over():
        return session.rules.is_over(session.state)

    for _ in range(200):
        run_until(app, lambda: over() or table.curtain_for is not None or table.must_act(table.seat)
                  and table.seat in pad_of)
        if over():
            break
        act_whoever_is_due(app, table, pad_of)
    else:
        raise AssertionError("the round did not end in 200 couch moves")
    run_until(app, lambda: table.results_open())
    result = session.rules.result(session.state)
    assert sorted(result["winners"]) == teams["members"][result["winning_team"]]
    shown = table.view["teams"]["team_scores"]
    assert shown[result["winning_team"]] > 0 and shown == result["team_scores"]
    assert min(couch_moves(session, 0), couch_moves(session, 1)) >= 1
