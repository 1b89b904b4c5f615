"""Every screen reads at a glance: no line of text on another, none cut by its picture or by the screen, none running
out of the panel it stands in, none covered by a later drawing, no player's name cut short with «…», none below
WCAG's 4.5:1 against what lies under it (``layout_check`` says how each is told).

Each case opens a screen the way the app does (menus pushed, tables at a position bots reached from a seed and handed
to a person), gives it input only as events posted into the app, lets it settle (flights landed, toasts gone), and
looks at the frame. The cases pick the states that carry the most text: the start of a table, the middle of a game
with the most seats and «Крупный текст» on, a dialog over it, the results; the menus with and without large text; a
1920×1080 window for the screens most likely to crowd (the canvas is 1280×720 in any window, scaled whole); and UNO's
overlay moments (your turn, a reverse, a skip, a +N, a colour chosen, «УНО!», a round's end) a beat after they reach
the table, replayed by bots from the seed up to the move before; and each table in mid-game with a toast up, where
every line and card under the toast's plate is named. The check's own eyes are tried last, on tiny frames drawn by
hand: each wrong one must be found and its right twin must pass."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame
import pytest

import layout_check
from game import assets
from game.app import HEIGHT, STEP_MS, WIDTH, App, notice_pieces
from game.rules import player_range
from table_driver import click, motion, post, press_key, type_text

LARGE = "large text"
SETTLE_FRAMES = 240  # four seconds: the deal has landed, the round's banner is gone
TOAST_FRAMES = 300  # a toast lives four seconds: looked at once it is gone (it is a passing notice)
DEMO_SEED = 7


@dataclass(frozen=True)
class Case:
    screen: str  # menu, settings, setup, house:<game>, seats, <game>
    state: str = ""  # for a table: start, mid, pause, results
    players: int = 2
    large: bool = False
    window: tuple[int, int] = (1280, 720)

    @property
    def name(self) -> str:
        parts = [self.screen, self.state, f"{self.players}p" if self.state else "", "large" if self.large else "",
                 "x".join(map(str, self.window)) if self.window != (1280, 720) else ""]
        return "-".join(p for p in parts if p)


TABLES = ("uno", "erudit", "slovodel", "nowords", "hardsign", "bingo")
CASES = [
    Case("menu"), Case("menu", large=True, window=(1920, 1080)),
    Case("settings"), Case("settings", large=True),
    Case("setup"), Case("setup", large=True),
    Case("house:uno"), Case("house:uno", large=True), Case("house:erudit", large=True),
    Case("house:uno", "last row", large=True),  # the focused rule's description under the columns
    Case("seats", large=True),
]
for _game in TABLES:
    _most = player_range(_game)[1]
    CASES += [Case(_game, "start", 2), Case(_game, "mid", _most, large=True), Case(_game, "pause", _most),
              Case(_game, "results", 2)]
# the pause over a finished game's results: the results' title and rows lay under the pause's words
CASES += [Case(_game, "pause over results", 2) for _game in TABLES]
CASES.append(Case("uno", "mid", 10, large=True, window=(1920, 1080)))
CASES.append(Case("uno", "late", 4))  # two cards in hand on your turn: the «УНО!» button is out
CASES.append(Case("nowords", "start", 2, large=True))  # «Ваш ход: …» over your hand, in large letters
# the moments UNO's overlays come together: a beat after the event reaches the table, bots in every seat
UNO_MOMENTS = ("turn_started", "direction_changed", "turn_skipped", "attack_pending", "colour_chosen", "uno_shouted",
               "round_over")
CASES += [Case("uno", f"moment:{kind}", 4) for kind in UNO_MOMENTS]
CASES += [Case("uno", "moment:uno_shouted", 10, large=True)]
# a toast up over a table in the middle of a game: the notice is a line like any other, over whatever it lies on
CASES += [Case(_game, "toast", player_range(_game)[1], large=True) for _game in TABLES]
# «История» over its seeded demo: the list with the newest game's details, a table of ten, a name's statistics, the
# question before clearing, and the empty screen it leaves
CASES += [Case("history"), Case("history", large=True), Case("history", "ten"), Case("history", "ten", large=True),
          Case("history", "stats"), Case("history", "stats", large=True), Case("history", "clear", large=True),
          Case("history", "empty", large=True)]
# «Повтор партии»: the viewer's controls over each table, and a board game's analysis beside it, mid-game with the most
# seats in large text, and at the end (a board game's summary of every player)
CASES += [Case(f"replay:{_game}", "mid", player_range(_game)[1], large=True) for _game in TABLES]
CASES += [Case(f"replay:{_game}", "last", 2) for _game in TABLES]
CASES += [Case("replay:erudit", "last", 4, large=True), Case("replay:scrabble", "mid", 2)]
# «Проверка слова» with a verdict, and while a word is being typed (what finishes it is said somewhere)
CASES += [Case("wordcheck"), Case("wordcheck", "editing"), Case("wordcheck", "editing", large=True)]
TOAST = "Последнюю букву выложили вы: слово называют соперники."
# «Часы» on the board: a clock on every plate (yours red, 12 s left), the pause menu that stops them, the results
# with a time penalty
CASES += [Case("erudit", "clock", 4), Case("erudit", "clock", 4, large=True), Case("erudit", "clock pause", 2, large=True),
          Case("erudit", "clock results", 3, large=True)]
MOMENT_FRAMES = 24  # 0.4 s after the event: the card has landed, banners and popups are in and not yet gone

# What the check still finds and nobody has mended yet, word for word: a finding listed here must still be found
# (mended, it leaves this list), and anything else found fails.
OPEN: dict[str, set[str]] = {}


@pytest.fixture
def screen_app(tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    layout_check.install(monkeypatch)
    made: list[App] = []

    def make(window):
        application = App(size=window, headless=True)
        application.canvas.screen = True
        made.append(application)
        return application

    yield make
    for application in made:
        application.shutdown()
    assets.reset()


def frames(app: App, count: int, draw_every: int = 4) -> None:
    for i in range(count):
        app.handle_events()
        app.update(STEP_MS)
        if i % draw_every == 0:  # the kept pictures follow what is drawn; not every frame, CPU is short
            app.draw(0.5)


def settle(app: App) -> None:
    frames(app, SETTLE_FRAMES)
    for _ in range(TOAST_FRAMES):
        if not app.toasts:
            break
        frames(app, 1)


def look(app: App, names: tuple[str, ...] = ()) -> list[layout_check.Finding]:
    return layout_check.draw_looked_at(app, names)


def switch_large_text(app: App) -> None:
    """«Крупный текст» on, clicked in the settings screen as a player would, and back to where we were."""
    from game.scenes.settings import SettingsScene

    app.push(SettingsScene())
    frames(app, 2)
    row = next(w for w in app.top.group.widgets if w.label == "Крупный текст")
    click(app, on_window(app, row.rect.center))
    assert assets.text_scale > 1.0, "«Крупный текст» did not switch on"
    press_key(app, pygame.K_ESCAPE)


def on_window(app: App, point: tuple[int, int]) -> tuple[int, int]:
    """The window pixel showing a canvas point (the canvas is scaled whole into the window, centred)."""
    ww, wh = app.window.get_size()
    scale = min(ww / WIDTH, wh / HEIGHT)
    return (round((ww - WIDTH * scale) / 2 + point[0] * scale), round((wh - HEIGHT * scale) / 2 + point[1] * scale))


def open_history(app: App, case: Case) -> None:
    """The History screen over its demo, brought to ``case.state`` by keys and clicks."""
    from game.cli.screenshot import make_scene

    scene = make_scene("history", DEMO_SEED, case.players)
    app.push(scene)
    frames(app, 2)
    if case.state == "ten":
        while len(scene.entries[scene.selected].record.players) < 10:
            press_key(app, pygame.K_DOWN)
    elif case.state == "stats":
        click(app, on_window(app, scene.stats_button.rect.center))
    elif case.state in ("clear", "empty"):
        click(app, on_window(app, scene.clear_button.rect.center))
        if case.state == "empty":
            press_key(app, pygame.K_LEFT)
            press_key(app, pygame.K_RETURN)
            assert not scene.entries


def open_screen(app: App, case: Case) -> None:
    from game.cli.screenshot import make_scene

    if case.screen == "history":
        open_history(app, case)
        return
    if case.screen == "wordcheck":
        app.push(make_scene("wordcheck", DEMO_SEED, case.players))
        frames(app, 2)
        if case.state == "editing":
            type_text(app, "котёнок")  # a letter starts a new word at once
            assert app.top.takes_text
        return
    if case.screen.startswith("house:"):
        from game import rules as registry
        from game.scenes.setup import HouseRulesScene

        r = registry.load(case.screen.split(":")[1])
        app.push(HouseRulesScene(r.house_rules, getattr(r, "presets", {}), {}, lambda options: None))
        if case.state == "last row":
            for _ in range(len(r.house_rules)):  # down to the first column's last rule (↓ stops there)
                press_key(app, pygame.K_DOWN)
        return
    if case.screen.startswith("replay:"):
        open_replay_at(app, case.screen.split(":")[1], case.players, case.state)
        return
    if not case.state:
        app.push(make_scene(case.screen, DEMO_SEED, case.players))
        return
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    if case.state.startswith("moment:"):
        show_moment(app, case.screen, case.players, case.state.split(":")[1])
        return
    if case.state.startswith("clock"):
        show_clock(app, case)
        return

    actions = {"start": 0, "mid": 12, "late": 40, "pause": 12, "toast": 12, "results": 10 ** 6,
               "pause over results": 10 ** 6}[case.state]
    connection, clock, names = demo_connection(case.screen, DEMO_SEED, case.players, actions=actions)
    app.now_ms = clock
    table = game_scene(connection, case.screen, names)
    app.push(table)
    if case.state in ("pause", "pause over results"):
        settle(app)
        press_key(app, pygame.K_ESCAPE)
        assert app.top is not table, "Esc at the table opens the pause menu"


def show_clock(app: App, case: Case) -> None:
    """A board with «Часы» (ten minutes on the game) on seat 0's turn: 12 s left on its clock; with «pause» the pause
    menu over it; with «results» seat 0 went 1:05 over and the bots played the game out."""
    from game.launch import play_on
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    connection, clock, names = demo_connection(case.screen, DEMO_SEED, case.players, actions=12,
                                               options={"clock": "game10"})
    session = connection.host.session
    while session.state.turn != 0:
        clock.ms = session.next_due()
        session.advance(clock.ms)
    left = session.rules.view(session.state, 0)["clock"]["left_ms"][0]
    clock.ms += left + (65_000 if case.state == "clock results" else -12_000)
    session.advance(clock.ms)
    if case.state == "clock results":
        session.set_bot(0, "player")
        play_on(session, clock, 10 ** 6)
        session.set_bot(0, None)
        assert session.rules.result(session.state)["time_penalties"][0] == 20
    app.now_ms = clock
    table = game_scene(connection, case.screen, names)
    app.push(table)
    if case.state == "clock pause":
        settle(app)
        press_key(app, pygame.K_ESCAPE)
        assert app.top is not table and session.state.phase == "paused", "Esc stops the clock"


@functools.lru_cache(maxsize=None)
def finished_game(game: str, players: int) -> tuple:
    """(header, entries, names, analysis) of a game bots played from the demo seed to its end; a board game analysed
    by the master (once for every case that shows it)."""
    from game.net.analysis import analysable, analyse
    from game.scenes.demo import demo_connection

    connection, _, names = demo_connection(game, DEMO_SEED, players, actions=10 ** 6)
    header, entries = connection.finished_journal()
    connection.close()
    return header, entries, names, analyse(header, entries, processes=2) if analysable(game) else None


def open_replay_at(app: App, game: str, players: int, state: str) -> None:
    """The replay viewer of that game, its analysis done: at its end as it opens from the results (the game still), or
    at its middle, that move played again."""
    from game.net.replay import ReplayTape
    from game.scenes import game_scene
    from game.scenes.table.replay import ReplayScene

    header, entries, names, analysis = finished_game(game, players)
    tape = ReplayTape(header, entries)
    app.push(ReplayScene(header, entries, names, 0, lambda line: game_scene(line, game, names),
                         prepared=(tape, analysis), at=None if state == "last" else tape.last // 2))


def bots_table(game: str, players: int):
    from game.launch import BOT_NAMES
    from game.net.local import LocalHost
    from game.net.session import SeatInfo
    from game.scenes.demo import VirtualClock

    clock = VirtualClock()
    names = ["Вы"] + BOT_NAMES[: players - 1]
    host = LocalHost(game, [SeatInfo(n, "player") for n in names], DEMO_SEED, clock=clock)
    heard: list[dict] = []
    host.session.listen(0, lambda seat, message: heard.extend(message.get("events", [])))
    return host, clock, names, heard


def bot_moves(host, clock, count: int, heard: list[dict], kind: str, seat0_only: bool) -> int:
    """Bots play on by the host's clock; the number of steps until seat 0 hears ``kind`` (or ``count`` steps)."""
    session = host.session
    for step in range(count):
        if any(e["kind"] == kind and (not seat0_only or e.get("seat") == 0) for e in heard):
            return step
        due = session.next_due()
        if due is None or session.rules.is_over(session.state):
            break
        clock.ms = due
        session.advance(due)
    raise AssertionError(f"«{kind}» never reached seat 0 in {count} bot moves")


def show_moment(app: App, game: str, players: int, kind: str) -> None:
    """The table a beat after ``kind`` reaches it: the game is found once by bots alone, then played again from the
    same seed up to the move before, the table opened there, and the last move made while it watches."""
    from game.scenes import game_scene

    mine = kind == "turn_started"  # «Ваш ход!»: the turn of the seat on screen
    host, clock, _, heard = bots_table(game, players)
    steps = bot_moves(host, clock, 5000, heard, kind, mine)
    host, clock, names, heard = bots_table(game, players)
    for _ in range(steps - 1):
        due = host.session.next_due()
        clock.ms = due
        host.session.advance(due)
    heard.clear()
    app.now_ms = clock
    app.push(game_scene(host.connect(0), game, names))
    for _ in range(2000):
        if any(e["kind"] == kind and (not mine or e.get("seat") == 0) for e in heard):
            break
        app.handle_events()
        clock.ms += 17
        app.update(STEP_MS)
        app.draw(0.5)
    else:
        raise AssertionError(f"«{kind}» did not come again with the table open")
    frames(app, MOMENT_FRAMES, draw_every=3)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_line_of_text_reads(screen_app, case, tmp_path):
    app = screen_app(case.window)
    if case.large:
        switch_large_text(app)
    open_screen(app, case)
    if not case.state.startswith("moment:"):
        settle(app)
    if case.state == "toast":
        app.toast(TOAST)
        frames(app, 2)
    table = next((scene for scene in app.scenes if hasattr(scene, "names")), None)
    found = {finding.key: finding for finding in look(app, tuple(getattr(table, "names", ())))}
    if case.state == "toast":
        # the notice as the table's notice zone wraps it: each of its lines is looked under
        pieces, _ = notice_pieces(TOAST, app.top.notice_zone())
        found.update((finding.key, finding) for piece in pieces for finding in layout_check.lying_under(app.canvas, piece))
    expected = OPEN.get(case.name, set())
    unexpected = [found[key] for key in sorted(set(found) - expected)]
    mended = sorted(expected - set(found))
    if unexpected or mended:
        shot = tmp_path / f"{case.name}.png"
        pygame.image.save(app.canvas, str(shot))
        message = [f"{case.name} (frame saved in {shot}):"]
        message += [f"  {finding.detail}  [{finding.key}]" for finding in unexpected]
        message += [f"  no longer found, take it off OPEN: {key}" for key in mended]
        raise AssertionError("\n".join(message))


# ------------------------------------------------------------------ live sequences
# What fixed states miss: a screen walked through as a player goes, looked at at each step (the mouse over each
# row in turn, a round played on with house rules, letters laid and taken back). Each walk opens its screen and
# yields a name for each moment it stops at; every moment must read.
def hover_every_row(app: App):
    """The settings in «Крупный текст», the mouse over each row and button in turn: a hovered row lifts and its
    border thickens."""
    from game.scenes.settings import SettingsScene

    switch_large_text(app)
    app.push(SettingsScene())
    frames(app, 4)
    for widget in list(app.top.group.widgets):
        post(app, motion(on_window(app, widget.rect.center)))
        frames(app, 30)  # the lift has eased in
        yield f"the mouse over «{widget.label}»"


def hardsign_table_cards_used(app: App):
    """A Твёрдый знак deal whose table holds four cards: a word typed from the fourth and the second table card and
    one of the hand (their places on the table dim), then laid."""
    from hardsign_support import arrange
    from test_hardsign_look import Deal

    deal = Deal(app, 2, last=False, hand="ТСЛ")
    state = deal.session.state
    arrange(state, ["ТСЛ", "ЕЛА"], "ИОДК", bonuses=("муж", "животное", "жидкое"))
    deal.session._broadcast([])
    deal.step(30, ms=17)
    yield "four cards on the table"
    type_text(app, "кот")
    deal.step(30, ms=17)
    yield "«кот» in the row from the 4th and 2nd table cards and the hand"
    press_key(app, pygame.K_RETURN)
    deal.step(90, ms=17)  # its popups have risen and gone
    yield "«кот» laid"


def bingo_wrong_letters(app: App):
    """Скрэббл Бинго: a pair typed whole (Enter would write it), then letters called and crossed out, and letters
    typed that are on no sheet of yours, one after another: each refusal a notice."""
    from test_bingo_look import Bingo

    bingo = Bingo(app, 4)
    type_text(app, "пародиярубрика")
    bingo.step(5)
    yield "a pair typed whole"
    press_key(app, pygame.K_RETURN)
    bingo.step(30, ms=17)
    bingo.calls(6)
    letters = set(bingo.scene.letters())
    for ch in [ch for ch in "жфщэюйцъ" if ch not in letters][:4]:
        type_text(app, ch)
        bingo.step(10, ms=17)
    assert app.toasts
    yield "four letters typed that the sheet lacks"


UNO_BEATS = {"turn_skipped", "direction_changed", "attack_pending", "cards_drawn", "colour_chosen", "hands_swapped",
             "hands_rotated", "cards_exchanged", "uno_shouted", "uno_caught", "challenged", "attack_bounced",
             "silence_started", "jump_in_won", "player_out"}  # a round's end: the moment cases and the results
UNO_LOOKS = 30


def uno_round_with_house_rules(app: App, preset: str = "party"):
    """An UNO round of four bots with a preset's house rules, seen from seat 0: at each beat where popups, marks and
    banners come together (a skip, a «+N», a swap, a shout…), host time stops while the table shows it, a beat later
    (the card has landed, the popups are up and rising), and the frame is looked at."""
    from game import rules as registry
    from game.launch import BOT_NAMES
    from game.net.local import LocalHost
    from game.net.session import SeatInfo
    from game.scenes import game_scene
    from game.scenes.demo import VirtualClock

    options = {**registry.load("uno").presets[preset][1], "match": "1"}
    clock = VirtualClock()
    names = BOT_NAMES[:4]
    host = LocalHost("uno", [SeatInfo(n, "player") for n in names], DEMO_SEED, options, clock=clock)
    heard: list[dict] = []
    host.session.listen(0, lambda seat, message: heard.extend(message.get("events", [])))
    app.now_ms = clock
    app.push(game_scene(host.connect(0), "uno", names))
    frames(app, 60)
    looks = 0
    while looks < UNO_LOOKS and not host.session.rules.is_over(host.session.state):
        heard.clear()
        due = host.session.next_due()
        if due is None:
            break
        clock.ms = max(clock.ms + 17, due)
        host.session.advance(clock.ms)
        frames(app, 2, draw_every=1)  # the table takes the update
        beats = sorted({e["kind"] for e in heard} & UNO_BEATS)
        if beats and not host.session.rules.is_over(host.session.state):  # the end's confetti is looked at elsewhere
            frames(app, MOMENT_FRAMES, draw_every=3)  # host time stands: the table shows this beat
            for _ in range(60):  # cards still flying over the table's words land first: a flight is no layout
                if not app.top.flights:
                    break
                frames(app, 1)
            looks += 1
            yield f"{preset}: {', '.join(beats)} (look {looks})"
    assert looks >= 10, f"only {looks} beats came"


WALKS = {**{f"uno-{preset}": functools.partial(uno_round_with_house_rules, preset=preset)
            for preset in ("party", "teams", "elimination", "apps")},
         "settings-hover-large": hover_every_row, "hardsign-table-cards": hardsign_table_cards_used,
         "bingo-wrong-letters": bingo_wrong_letters}


@pytest.mark.parametrize("walk", list(WALKS))
def test_every_moment_of_a_live_sequence_reads(screen_app, walk, tmp_path):
    app = screen_app((1280, 720))
    failures = []
    for moment in WALKS[walk](app):
        table = next((scene for scene in app.scenes if hasattr(scene, "names")), None)
        found = look(app, tuple(getattr(table, "names", ())))
        for toast in app.toasts:  # a notice up: what it lies on, each of its lines as the zone wraps it
            pieces, _ = notice_pieces(toast.message, app.top.notice_zone())
            found += [finding for piece in pieces for finding in layout_check.lying_under(app.canvas, piece)]
        if found:
            shot = tmp_path / f"{walk}-{len(failures)}.png"
            pygame.image.save(app.canvas, str(shot))
            failures.append(f"{moment} (frame saved in {shot}):")
            failures += [f"  {finding.detail}  [{finding.key}]" for finding in found]
    assert not failures, "\n".join([walk] + failures)


# ------------------------------------------------------------------ the check itself, on tiny made-up frames
INK = (240, 240, 240)


@pytest.fixture
def canvas(monkeypatch):
    """A bare traced canvas, the check on: the frames below are drawn by hand, as a scene would draw them."""
    pygame.init()
    layout_check.install(monkeypatch)
    made = pygame.Surface((WIDTH, HEIGHT))
    made.screen = True
    made.lines, made.boxes = [], []
    yield made
    assets.reset()


def keys_of(canvas) -> set[str]:
    return {finding.key for finding in layout_check.problems(canvas)}


def side_panel_backdrop(panel_rect: pygame.Rect) -> pygame.Surface:
    """An opaque felt with a panel painted into it once, the way the card tables keep their still parts."""
    from game.scenes.base import panel

    backdrop = pygame.Surface((WIDTH, HEIGHT))
    backdrop.fill((24, 86, 62))
    backdrop.blit(panel(panel_rect.size, (14, 40, 34), (120, 160, 150), 1, 18), panel_rect)
    return backdrop


@pytest.mark.parametrize("words, leaves", [("Витрина", False), ("Шестая карта витрины", True)])
def test_a_line_leaving_a_panel_painted_into_an_opaque_backdrop_is_found(canvas, words, leaves):
    side = pygame.Rect(40, 200, 180, 120)
    canvas.blit(side_panel_backdrop(side), (0, 0))
    canvas.blit(assets.text(words, 20, INK), (side.x + 12, side.y + 40))
    assert (f"«{words}» leaves its panel" in keys_of(canvas)) is leaves


@pytest.mark.parametrize("lift, covers", [(40, False), (14, True)])
def test_a_line_over_the_top_of_a_card_is_found(canvas, lift, covers):
    """«Ваш ход» over the hand: the card's letters are drawn inside its art, not as lines of text."""
    from game import art

    card = art.nowords_card("Ж")
    at = pygame.Rect((600, 500), card.get_size())
    canvas.fill((24, 86, 62))
    canvas.blit(card, at)
    label = assets.text("Ваш ход: выложите букву", 20, INK)
    canvas.blit(label, label.get_rect(midbottom=(at.centerx, at.top + 20 - lift)))
    assert ("«Ваш ход: выложите букву» covers a card" in keys_of(canvas)) is covers


@pytest.mark.parametrize("notice_y, hides", [(120, False), (590, True)])
def test_what_a_notice_lies_on_is_found(canvas, notice_y, hides):
    """A toast's plate drawn over a hint and a card: both are named, though the hint's letters are wholly hidden."""
    from game import art
    from game.scenes.base import panel

    canvas.fill((24, 86, 62))
    canvas.blit(art.nowords_card("Ж"), (600, 560))
    hint = assets.text("Enter — сыграть", 16, INK)
    canvas.blit(hint, (420, 600))
    notice = assets.text("Сначала выложите фишки на поле.", 20, INK, "bold")
    plate = notice.get_rect(midtop=(WIDTH // 2, notice_y)).inflate(28, 14)
    canvas.blit(panel(plate.size, (30, 30, 40), (230, 180, 60), 2, 10), plate)
    canvas.blit(notice, notice.get_rect(center=plate.center))
    found = {finding.key for finding in layout_check.lying_under(canvas, "Сначала выложите фишки на поле.")}
    expected = {"«Enter — сыграть» under «Сначала выложите фишки на поле.»",
                "cards under «Сначала выложите фишки на поле.»"}
    assert found == (expected if hides else set())


@pytest.mark.parametrize("down, on_the_edge", [(8, False), (1, True)])
def test_a_line_over_its_panels_border_is_found(canvas, down, on_the_edge):
    """A hovered button's thick border: letters inside the panel's rectangle but on its 4-pixel edge cross it."""
    from game.scenes.base import panel

    canvas.fill((24, 86, 62))
    box = pygame.Rect(600, 400, 300, 58)
    canvas.blit(panel(box.size, (14, 40, 34), (240, 190, 60), 4, 12), box)
    label = assets.text("Правила", 26, INK, "bold")
    ink = label.get_bounding_rect(1)
    canvas.blit(label, (box.x + 40, box.y + down - ink.top))
    assert ("«Правила» on its panel's edge" in keys_of(canvas)) is on_the_edge


@pytest.mark.parametrize("on_a_panel", [True, False])
def test_a_line_standing_on_a_bare_shade_is_found(canvas, on_a_panel):
    """A pause's title over a table's results: the shade dims them, but around the title they still read."""
    from game.scenes.base import panel

    canvas.fill((24, 86, 62))
    canvas.blit(assets.text("Итоги партии", 30, INK), (560, 215))
    shade = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 190))
    canvas.blit(shade, (0, 0))
    title = assets.text("Пауза", 48, INK)
    at = title.get_rect(center=(WIDTH // 2, 220))
    if on_a_panel:
        canvas.blit(panel(at.inflate(80, 40).size, (14, 40, 34), (120, 160, 150), 1, 18), at.inflate(80, 40))
    canvas.blit(title, at)
    assert ("«Пауза» on a bare shade" in keys_of(canvas)) is not on_a_panel


@pytest.mark.parametrize("cards, leaves", [(5, False), (6, True)])
def test_a_card_laid_past_the_end_of_its_panel_is_found(canvas, cards, leaves):
    """The showcase's sixth card below the panel's bottom edge: the panel is painted into the backdrop, as there."""
    from game import art

    card = art.nowords_card("А", red=True)
    w, h = card.get_size()
    side = pygame.Rect(40, 100, 2 * w + 36, 3 * (h + 12) + 12)
    canvas.blit(side_panel_backdrop(side), (0, 0))
    for i in range(cards):
        canvas.blit(card, (side.x + 12 + (i % 2) * (w + 12), side.y + 12 + (i // 2) * (h + 12) + (h // 2) * (i == 5)))
    assert any(key.endswith("leaves its panel") for key in keys_of(canvas)) is leaves
