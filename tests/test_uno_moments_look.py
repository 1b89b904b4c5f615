"""UNO as a LAN party reads it in the moments an ordinary turn never shows: a «+4» to check, the colour wheel, a
forgotten «УНО!» to catch, someone else's round won. Each moment is arranged on a local table, driven through the
app's own event route and read from the drawn frame (normal and large text)."""
import json

import pygame
import pytest

import layout_check
from game.scenes.uno.reflex import reflex_spots
from game.scenes.uno.seats import plate_badges
from game.scenes.uno.status import status_line
from test_uno_scene import arranged, play_with_keys, plus_four_on_me
from table_driver import LocalTable, unplug_pads, virtual_pad
from window_support import kept_equals_fresh, screen_app, shown_lines


@pytest.fixture(params=[False, True], ids=["normal", "large"])
def looked_at(tmp_path, monkeypatch, request):
    """A headless window that traces its text lines, «Крупный текст» on or off as the settings say."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": request.param}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as application:
        yield application


def status_words(table) -> str:
    line = status_line(table.scene)
    assert line is not None, "the status line says nothing"
    return table.scene.status_text()


def test_a_plus_four_to_check_says_what_enter_does(looked_at):
    """Enter presses the focused «Проверить!»: the status line said «Enter или X, взять карты»."""
    table, _ = plus_four_on_me(looked_at)
    scene = table.scene
    assert scene.can("challenge") and scene.group.focused.key == "challenge"
    words = status_words(table)
    assert words in shown_lines(looked_at)
    assert "Enter — проверить" in words and "X — взять" in words, words
    assert kept_equals_fresh(looked_at, scene)
    table.key(pygame.K_RETURN)
    table.settle(30)
    assert not scene.can("challenge") and len(table.session.state.hands[2]) == 7  # checked, as the line said


def a_checked_plus_four(app):
    """A bluffed «+4» on you, one house rule on (the info panel counts it): the banner «На вас +4»."""
    table, _ = plus_four_on_me(app, {"zero_fifty": True})
    banners = table.scene.banners
    table.until(lambda: banners.current is not None and banners.current.text == "На вас +4"
                and banners.current.elapsed > 500, ms=1)  # behind the round's banner, then faded in
    return table


def the_colour_wheel(app):
    table, pos = arranged(app, turn=0, hands={0: [("black", "wild"), ("blue", "4"), ("green", "3")]})
    play_with_keys(table, pos.card(0, ("black", "wild")))
    assert table.scene.colour_wheel_open()
    return table


def a_forgotten_uno(app):
    """Маша lays her second-to-last card without «УНО!»: her plate says «молчит!», your «Поймал!» comes up."""
    table, pos = arranged(app, turn=1, hands={1: [("red", "7"), ("red", "1")]})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    table.settle(20)
    assert [b.text for b in plate_badges(table.scene, 1)][:1] == ["молчит!"]
    return table


def maria_goes_out(app, options=None):
    table, pos = arranged(app, options, turn=1, hands={1: [("red", "7")]})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    return table


def someone_elses_round(app):
    """Маша wins the round: the results list your row, with the points left in your hand, on its band."""
    table = maria_goes_out(app)
    table.until(table.scene.results_open)
    table.settle(100)  # the points have counted up
    return table


def a_first_place(app):
    """«До последнего»: Маша is out first and plays no more, her plate says «1-е место»."""
    table = maria_goes_out(app, {"last_standing": True})
    table.settle(40)
    assert "1-е место" in [b.text for b in plate_badges(table.scene, 1)]
    return table


def a_partner_with_three_cards(app):
    """«Командная игра» with «Карты напарника»: Петя opposite is your partner, his «напарник» yellow for three cards."""
    table, _ = arranged(app, {"team_play": True, "team_partner_counts": True}, players=4, turn=0)
    assert "напарник" in [b.text for b in plate_badges(table.scene, 2)]
    return table


def a_stacked_plus_two(app):
    """«Накопление»: Петя lays a +2 on you, its «+2» chip pops up, your green +2 may answer."""
    table, pos = arranged(app, {"stacking": True}, turn=2,
                          hands={0: [("green", "draw2"), ("blue", "4")], 2: [("red", "draw2"), ("red", "1")]})
    assert table.session.submit(2, {"kind": "play", "card": pos.card(2, ("red", "draw2"))}, table.clock.ms).accepted
    table.settle(40)
    assert any(mark.kind == "plus" for mark in table.scene.effects.marks)
    return table


@pytest.mark.parametrize("moment", [a_checked_plus_four, the_colour_wheel, a_forgotten_uno, someone_elses_round,
                                    a_first_place, a_partner_with_three_cards, a_stacked_plus_two])
def test_the_words_of_each_moment_read_at_4_5_to_1(looked_at, moment):
    table = moment(looked_at)
    faint = [str(f) for f in layout_check.draw_looked_at(looked_at) if f.key.endswith("low contrast")]
    assert not faint, "\n".join(faint)
    assert kept_equals_fresh(looked_at, table.scene)


@pytest.fixture
def rebound(tmp_path, monkeypatch):
    """A window whose player moved the keys: «взять» on G and the pad's Y, «УНО!» on J and the pad's X, «Поймал!» on
    K, «Хлоп!» on L; the pad's buttons swapped to match."""
    keys = {"draw": ["g"], "shout": ["j"], "catch": ["k"], "slap": ["l"]}
    pads = {"draw": "y", "shout": "x"}
    (tmp_path / "settings.json").write_text(json.dumps({"keys": keys, "pad_buttons": pads}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as application:
        assert application.settings.keys["draw"] == ["g"] and application.settings.pad_buttons["draw"] == "y"
        yield application


def test_the_table_names_the_keys_the_player_bound(rebound):
    """The status line, the buttons and the reflex buttons said X, «U / Y», «V / LB» whatever the settings bound; with a
    pad plugged in, the status line and the buttons name its buttons."""
    table, _ = arranged(rebound, turn=0, hands={0: [("blue", "4"), ("green", "3")]})
    scene = table.scene
    shown = shown_lines(rebound)
    assert "Ходить нечем: G — взять карту из колоды" in shown, shown
    take = next(w for w in scene.group.widgets if w.key == "draw")
    assert take.hint == "G" and "G" in shown
    assert kept_equals_fresh(rebound, scene)
    virtual_pad(rebound)
    table.settle(2)
    shown = shown_lines(rebound)
    take = next(w for w in scene.group.widgets if w.key == "draw")
    assert "Ходить нечем: Y — взять карту из колоды" in shown and take.hint == "Y" and "Y" in shown, shown
    table.pad("draw")
    table.settle(30)
    assert len(table.session.state.hands[0]) == 3  # the pad's Y took the card, as the line said
    table, _ = arranged(rebound, turn=0, hands={0: [("red", "4"), ("green", "3")]})
    assert "Ваш ход: крестовина — карта, A — положить" in shown_lines(rebound)  # no arrow keys on a pad
    unplug_pads()
    table, _ = plus_four_on_me(rebound)
    assert "На вас +4: Enter — проверить на честность, G — взять карты" in shown_lines(rebound)
    table = a_forgotten_uno(rebound)
    assert table.scene.reflex["catch"].visible
    table.settle(20)
    assert "K / LB" in shown_lines(rebound)


LONG_NAMES = ["Вы", "Александра Константиновна", "Максимилиан Вячеславович", "Оля"]


def test_the_moves_list_keeps_the_move_of_a_long_name(looked_at, monkeypatch):
    """A name of 24 letters: the row cut the move («Александра Константиновна: «Наоборот» (…») and each row shrank on
    its own, «Направление: против часовой» smaller than its neighbours."""
    import test_uno_scene

    monkeypatch.setattr(test_uno_scene, "NAMES", LONG_NAMES)
    table, pos = arranged(looked_at, players=4, turn=1, hands={1: [("red", "reverse"), ("red", "1"), ("blue", "2")]})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "reverse"))}, table.clock.ms).accepted
    table.settle(40)
    scene = table.scene
    box = scene.ticker.rect()
    assert [line for line in scene.ticker.lines if "«Наоборот»" in line], scene.ticker.lines
    layout_check.draw_looked_at(looked_at)
    rows = [line for line in layout_check._lines_of(looked_at.canvas)
            if not line.hidden and box.contains(line.ink) and line.words != "Ходы"]
    assert len(rows) == len(scene.ticker.lines), [line.words for line in rows]
    played = [line.words for line in rows if "«Наоборот»" in line.words]
    assert played and played[0].endswith(": «Наоборот» (красный)"), [line.words for line in rows]
    assert len({line.picture.get_height() for line in rows}) == 1, [(line.words, line.picture.get_height()) for line in rows]
    assert kept_equals_fresh(looked_at, scene)


def test_a_jump_in_leaves_the_status_line_and_its_tag_readable(looked_at):
    """Маша lays a red 7 you hold too: the «Перхват!» tag over your lifted 7 stood on the status line («Такая же
    карта: Enter…» half hidden in large text) and under the cursor's arrow."""
    table, pos = arranged(looked_at, {"jump_in": True}, turn=1,
                          hands={0: [("red", "7"), ("blue", "4"), ("green", "3")], 1: [("red", "7"), ("red", "1")]})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    table.settle(30)
    scene = table.scene
    assert scene.can("jump_in")
    words = scene.status_text()
    faults = [str(f) for f in layout_check.draw_looked_at(looked_at)
              if any(f"«{w}»" in f.key for w in (words, "Перехват!"))]
    assert "Перехват!" in shown_lines(looked_at) and words in shown_lines(looked_at)
    assert not faults, "\n".join(faults)
    assert kept_equals_fresh(looked_at, scene)
    table.key(pygame.K_RETURN)  # the tag's card goes out of turn
    table.settle(30)
    assert table.session.state.last_player == 0


def test_the_rounds_banner_says_you_start_in_russian(looked_at):
    """Seed 2 deals from Петя and you start: the banner read «Петя сдаёт · первым ходит Вы» (the verb did not agree)."""
    table = LocalTable(looked_at, "uno", ["Вы", "Маша", "Петя"], seed=2)
    scene = table.scene
    table.until(lambda: scene.banner_rect() is not None and scene.view.get("turn") == scene.me, ms=20)
    table.step(15)
    shown = shown_lines(looked_at)
    assert "Петя сдаёт · первым ходите вы" in shown, [line for line in shown if "сда" in line]
    assert kept_equals_fresh(looked_at, scene)


@pytest.mark.parametrize("seed, names, said", [
    (2, ["Аня", "Маша", "Петя"], "Петя сдаёт · первой ходите вы"),
    (3, ["Аня", "Маша", "Петя"], "Вы сдаёте · первой ходит Маша"),
    (1, ["Аня", "Маша", "Петя"], "Маша сдаёт · первым ходит Петя")])
def test_the_rounds_banner_says_first_as_the_starter_is_a_man_or_a_woman(looked_at, seed, names, said):
    """«первой ходит Маша», and to Аня «первой ходите вы»: the banner said «первым» of everyone."""
    table = LocalTable(looked_at, "uno", names, seed=seed)
    scene = table.scene
    table.until(lambda: any(" · перв" in line for line in shown_lines(looked_at)), ms=20)
    shown = shown_lines(looked_at)
    assert said in shown, [line for line in shown if " · перв" in line]


TEN_LONG_NAMES = ["Вы", "Екатерина Великолепная", "Максимилиан Вячеславович", "Святослав Ярославович",
                  "Владислав Александрович", "Анастасия Владимировна", "Константин Константинов",
                  "Евгения Васильевна Петрова", "Ростислав Всеволодович", "Вероника Станиславовна"]


def test_the_results_keep_long_names_off_the_cards_left(looked_at, monkeypatch):
    """Ten seats of 22–26 letters: the names ran under the cards left in the hands («Максимилиан Вяч[cards]авович»)."""
    import test_uno_scene
    from game.scenes.uno.results import columns

    monkeypatch.setattr(test_uno_scene, "NAMES", TEN_LONG_NAMES)
    hands = {seat: [("blue", str(seat)), ("green", str(seat)), ("yellow", str(9 - seat))] for seat in range(2, 10)}
    table, pos = arranged(looked_at, players=10, turn=1,
                          hands={0: [("red", "3"), ("red", "4"), ("blue", "1")], 1: [("red", "7")], **hands})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    scene = table.scene
    table.until(scene.results_open)
    table.settle(100)
    faults = [str(f) for f in layout_check.draw_looked_at(looked_at) if f.key.endswith(("covers a card", "covered"))]
    cards_left = columns(scene.results.rect())[1]
    rows = [line for line in layout_check._lines_of(looked_at.canvas)
            if not line.hidden and any(line.words.startswith(name[:6]) for name in TEN_LONG_NAMES[1:])]
    assert len(rows) >= 9, [line.words for line in rows]
    faults += [f"«{line.words}» reaches {line.ink.right}, the cards start at {cards_left}" for line in rows
               if line.ink.left < cards_left < line.ink.right + 4]
    assert not faults, "\n".join(faults)
    assert kept_equals_fresh(looked_at, scene)


def test_lazy_results_name_the_loser_and_count_no_points(looked_at):
    """«Ленивый» подсчёт: a round has a winner and a loser (the heaviest hand, who deals next), no points. The results
    showed a «Всего» column of zeros and did not say who lost."""
    table, pos = arranged(looked_at, {"lazy": True}, turn=1,
                          hands={0: [("blue", "1"), ("blue", "2")], 1: [("red", "7")], 2: [("blue", "9"), ("green", "8")]})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    scene = table.scene
    table.until(scene.results_open)
    table.settle(100)
    shown = shown_lines(looked_at)
    assert "Петя — проигрыш, сдаёт" in shown and "Всего" not in shown, shown
    assert kept_equals_fresh(looked_at, scene)


def test_the_end_under_own_points_names_the_loser_not_nine_winners(looked_at, monkeypatch):
    """«Каждому свои — до 200», one round, ten long names, you hold the heaviest hand: the title listed the nine
    winners («Победа: Екатерина Великолепная, Максимилиан …») far out of the panel, and every row but one read
    «— победа», which left no room for the names."""
    import test_uno_scene

    monkeypatch.setattr(test_uno_scene, "NAMES", TEN_LONG_NAMES)
    hands = {seat: [("blue", str(seat)), ("green", str(seat))] for seat in range(2, 10)}
    table, pos = arranged(looked_at, {"scoring": "own", "match": "1"}, players=10, turn=1,
                          hands={0: [("black", "wild4"), ("black", "wild")], 1: [("red", "7")], **hands})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    scene = table.scene
    table.until(scene.results_open)
    table.settle(100)
    faults = [str(f) for f in layout_check.draw_looked_at(looked_at) if "leaves" in f.key or " cut by " in f.key]
    shown = shown_lines(looked_at)
    assert "Вы проиграли" in shown and "Вы — проигрыш" in shown, shown
    assert not [line for line in shown if line.endswith("— победа")], shown
    assert not faults, "\n".join(faults)
    assert kept_equals_fresh(looked_at, scene)


def test_the_round_panel_counts_rounds_of_a_set_number(looked_at):
    """«Длина партии: три тура»: the panel read «Тур 1 · 3 тура»; a player asks which round of how many."""
    table, _ = arranged(looked_at, {"match": "3"}, turn=0)
    assert "Тур 1 из 3" in shown_lines(looked_at)


def test_the_silence_mark_stands_clear_of_the_top_seat(looked_at):
    """«Тишина после чёрной»: the lasting «Тсс! Тишина» at the top of the screen lay under the plate of the seat
    opposite (Петя at four seats), so once the banner was gone nothing said an emote now costs two cards."""
    table, pos = arranged(looked_at, {"silent_black": True}, players=4, turn=1,
                          hands={1: [("black", "wild"), ("red", "1")]})
    session = table.session
    assert session.submit(1, {"kind": "play", "card": pos.card(1, ("black", "wild"))}, table.clock.ms).accepted
    assert session.submit(1, {"kind": "choose_colour", "colour": "blue"}, table.clock.ms).accepted
    table.settle(20)
    scene = table.scene
    assert scene.view.get("silence")
    faults = [str(f) for f in layout_check.draw_looked_at(looked_at) if f.key.startswith("«Тсс! Тишина»")]
    marks = [line.ink for line in layout_check._lines_of(looked_at.canvas)
             if line.words == "Тсс! Тишина" and not line.hidden and not scene.banner_rect().contains(line.ink)]
    assert len(marks) == 1, marks
    plates = [scene.plate_of(seat).inflate(0, 40) for seat in range(scene.n)]  # with the marks above them
    faults += [f"the mark {tuple(marks[0])} lies under the plate of seat {seat}" for seat, plate in enumerate(plates)
               if plate.colliderect(marks[0])]
    assert not faults, "\n".join(faults)
    assert kept_equals_fresh(looked_at, scene)


def test_a_long_named_plus_four_keeps_its_dialog_words_inside(looked_at, monkeypatch):
    """«Максимилиан Вячеславович кладёт на вас «+4»» ran out of the 560 px dialog in large text, and its notes
    reached the dialog's edges."""
    import test_uno_scene

    monkeypatch.setattr(test_uno_scene, "NAMES", ["Вы", "Оля", "Максимилиан Вячеславович"])
    table, _ = plus_four_on_me(looked_at)
    dialog = table.scene.dialog_rect()
    layout_check.draw_looked_at(looked_at)
    inside = dialog.inflate(-16, -8)
    words = [line for line in layout_check._lines_of(looked_at.canvas)
             if not line.hidden and dialog.collidepoint(line.ink.center) and line.ink.top < dialog.top + 110]
    assert any("кладёт на вас «+4»" in line.words for line in words), [line.words for line in words]
    faults = [f"«{line.words}» {tuple(line.ink)} reaches past {tuple(inside)}" for line in words
              if not inside.contains(line.ink)]
    assert not faults, "\n".join(faults)
    assert kept_equals_fresh(looked_at, table.scene)


def test_two_long_names_alike_stay_apart_on_the_plates(looked_at, monkeypatch):
    """«Константин Петров» and «Константин Иванов» both read «Константин…» on their plates: at a LAN party two
    people of one first name are common. A name too long for its plate shrinks to a readable size, then gives the
    words after the first as initials (the tables' shared plate_name)."""
    import test_uno_scene

    names = ["Вы", "Константин Петров", "Оля", "Константин Иванов"]
    monkeypatch.setattr(test_uno_scene, "NAMES", names)
    table, _ = arranged(looked_at, players=4, turn=0)
    scene = table.scene
    layout_check.draw_looked_at(looked_at)
    plates = {seat: scene.plate_of(seat) for seat in (1, 3)}
    shown = {seat: [line.words for line in layout_check._lines_of(looked_at.canvas)
                    if not line.hidden and plate.contains(line.ink) and line.words.startswith("Кон")]
             for seat, plate in plates.items()}
    assert len(shown[1]) == 1 and shown[1][0] in ("Константин Петров", "Константин П."), shown
    assert len(shown[3]) == 1 and shown[3][0] in ("Константин Иванов", "Константин И."), shown
    assert kept_equals_fresh(looked_at, scene)


def test_an_offer_after_a_five_says_who_offers(looked_at):
    """«Обмен карты»: Маша lays a 5 and offers you a card (hidden until the exchange, docs/RULES.md). The status
    line said «Вам предлагают обмен…» — not whose card you get for the one you choose."""
    table, pos = arranged(looked_at, {"five_swap": True}, turn=1,
                          hands={1: [("red", "5"), ("blue", "9"), ("green", "1")]})
    session = table.session
    assert session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "5"))}, table.clock.ms).accepted
    assert session.submit(1, {"kind": "offer_card", "seat": 0, "card": pos.card(1, ("blue", "9"))},
                          table.clock.ms).accepted
    table.settle(30)
    scene = table.scene
    assert scene.can("give_card")
    assert "Маша предлагает обмен: выберите карту, которую отдадите" in shown_lines(looked_at)
    assert kept_equals_fresh(looked_at, scene)


def cursor_drawn(app) -> bool:
    """Whether the frame shows the hand's cursor arrow (solid ACCENT) over the cards, lifted or not."""
    from game.scenes.base import ACCENT

    app.draw(0.5)
    strip = app.canvas.subsurface(pygame.Rect(300, 505, 680, 110))
    mask = pygame.mask.from_threshold(strip, ACCENT, (1, 1, 1, 255))
    return mask.count() > 20


def test_choosing_a_seat_for_a_seven_shows_no_card_cursor(looked_at):
    """«Семь-ноль»: while you choose whom to swap hands with, arrows and Enter pick a plate; the hand still showed its
    golden cursor and arrow over a lifted card, as if Enter would lay it."""
    table, pos = arranged(looked_at, {"seven_zero": True},
                          hands={0: [("red", "7"), ("red", "3"), ("blue", "4")], 1: [("green", "1")]})
    table.settle(30)
    assert cursor_drawn(looked_at)  # your turn: the cursor stands over a card
    play_with_keys(table, pos.card(0, ("red", "7")))
    scene = table.scene
    assert scene.picker_open()
    assert not cursor_drawn(looked_at)
    assert kept_equals_fresh(looked_at, scene)
    table.key(pygame.K_RIGHT)  # the arrows move among the plates, not the cards
    assert not cursor_drawn(looked_at)


def test_the_buttons_keep_their_words_clear_of_their_edges(looked_at):
    """In «Крупный текст» «браво» and «смех» were drawn onto the emote chips' edges; every label keeps a margin."""
    table, _ = arranged(looked_at, players=3, turn=0)
    table.settle(60)
    table.scene.forget_drawn()
    looked_at.draw(1.0)
    buttons = [w for w in table.scene.group.widgets if w.hover == 0 and w.label]
    assert any(w.style == "chip" for w in buttons)
    for button in buttons:
        rect = button.rect
        for x in (*range(rect.left + 3, rect.left + 5), *range(rect.right - 5, rect.right - 3)):
            for y in range(rect.top + 6, rect.bottom - 6):
                r, g, b, *_ = looked_at.canvas.get_at((x, y))
                assert r + g + b < 400, f"«{button.label}» touches its button's edge at {(x, y)}"


def test_no_reflex_button_may_land_where_a_banner_rises(looked_at):
    """A banner grows to its whole room for a long name in «Крупный текст»; «Поймал!» was kept off a fixed 240 px
    strip only and could stand on the banner's edge."""
    from game.scenes.uno.status import banner_room

    table = a_forgotten_uno(looked_at)
    scene = table.scene
    room = banner_room()
    for key in scene.reflex:
        spots = reflex_spots(scene, key)
        assert [spot for spot in spots if spot.colliderect(room)] == [], key
    catch = scene.reflex["catch"]
    table.until(lambda: catch.shown >= 0.05 and catch.rect is not None, ms=20)
    assert not catch.rect.colliderect(room)


def test_a_late_shout_is_told_of_as_her_own(looked_at):
    """You press «Поймал!» inside the grace after Маша laid her second-to-last card, and she shouts «УНО!» before the
    grace ends: «Успела крикнуть!» (the banner said «Успел» of everyone)."""
    table = a_forgotten_uno(looked_at)
    scene = table.scene
    assert table.session.submit(0, {"kind": "catch"}, table.clock.ms).accepted
    assert table.session.submit(1, {"kind": "shout"}, table.clock.ms).accepted
    table.until(lambda: "Успела крикнуть!" in shown_lines(looked_at), limit=150, ms=20)
    assert "Успел крикнуть!" not in shown_lines(looked_at)


def popup_frames(table, frames: int = 66):
    """Each frame of a popup's life (1.1 s): the lines the frame shows and what the check finds in it."""
    for _ in range(frames):
        table.step(1, ms=17, draw_every=0)
        found = layout_check.draw_looked_at(table.app, tuple(table.scene.names))
        yield layout_check._lines_of(table.app.canvas), found


def test_a_plus_two_taken_says_its_two_popups_apart(looked_at):
    """«+2 · штраф» and «Пропуск!» come up over one seat at once: the second stands under the first all the way up
    (they lay on each other)."""
    table, pos = arranged(looked_at, players=4, turn=1, hands={0: [("red", "3"), ("blue", "4")],
                                                              1: [("red", "draw2"), ("green", "1")],
                                                              2: [("green", "2"), ("green", "5")]})
    assert table.session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "draw2"))}, table.clock.ms).accepted
    table.settle(40)
    assert table.session.submit(2, {"kind": "accept"}, table.clock.ms).accepted
    seen = set()
    for lines, found in popup_frames(table):
        seen |= {line.words for line in lines}
        assert not [f.detail for f in found if "overlaps" in f.key and "Пропуск!" in f.key]
    assert {"+2 · штраф", "Пропуск!"} <= seen


def test_the_reverse_popup_keeps_off_the_top_seats_cards(looked_at):
    """«Наоборот! Теперь …» rises above the piles and stops short of the cards of Петя, across the table (it rose
    under them)."""
    table, pos = arranged(looked_at, players=4, turn=0, hands={0: [("red", "reverse"), ("blue", "4"), ("green", "3")]})
    play_with_keys(table, pos.card(0, ("red", "reverse")))
    risen = False
    for lines, _ in popup_frames(table):
        cards = [box for box, _, art, _ in getattr(table.app.canvas, "boxes", ()) if art]
        for line in (line for line in lines if line.words.startswith("Наоборот!")):
            risen = True
            assert line.ink.collidelist(cards) == -1, f"«{line.words}» at {tuple(line.ink)} lies on a card"
    assert risen
