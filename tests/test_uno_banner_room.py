"""UNO: the banner strip («Тур 1», «Успел крикнуть!», «На вас +4») never covers the status line, which players
read in the reflex moments, nor a seat's plate or a hand card: at every seat count, with «Крупный текст» on or
off, in the window sizes players have. The canvas is scaled whole into the window, so the rectangles compared are
the scene's own canvas ones."""

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import assets
from game.scenes.table.banner import BannerStrip
from game.scenes.uno.layout import HAND_CARD, ME_PLATE, plate_rect
from game.scenes.uno.status import banner_room, status_box, status_label, status_line
from game.scenes.uno.table import UnoScene
from table_driver import LocalTable, saved_seats_app

NAMES = ["Вы", "Маша", "Петя", "Оля", "Дима", "Катя", "Серёжа", "Аня", "Витя", "Лена"]
WINDOWS = ((1280, 720), (1366, 768), (1920, 1080))
# (seats, window, «Крупный текст»): ten seats in large text everywhere, the rest where it costs least
TABLES = ([(10, window, True) for window in WINDOWS] + [(10, WINDOWS[0], False)]
          + [(seats, WINDOWS[0], True) for seats in range(2, 10)])


@pytest.mark.parametrize("saved_seats_app", TABLES, indirect=True,
                         ids=[f"{n}seats-{w}x{h}-{'large' if big else 'normal'}" for n, (w, h), big in TABLES])
def test_the_banner_leaves_the_status_line_plates_and_hand_clear(saved_seats_app):
    app, seats = saved_seats_app
    assert app.window.get_size() == tuple(app.settings.window_size)
    table = LocalTable(app, "uno", NAMES[:seats], seed=3)
    scene = table.scene
    # the round's first banner («Тур 1», who deals and who starts) comes with the deal, the status line with the turn
    table.until(lambda: scene.banner_rect() is not None and status_line(scene) is not None, ms=20)
    table.step(15)  # faded in: what stands now is what a player reads
    banner, status = scene.banner_rect(), status_line(scene)[1]
    assert banner is not None and status is not None
    assert not banner.colliderect(status), (f"the banner {banner} covers {banner.clip(status).height} px "
                                            f"of the status line {status}")
    centres = scene.centres()
    plates = [plate_rect(centres[s]) for s in range(scene.n) if s != scene.me] + [ME_PLATE]
    cards = [pygame.Rect((0, 0), HAND_CARD).move(round(x) - HAND_CARD[0] // 2, round(y) - HAND_CARD[1] // 2)
             for x, y, _ in scene.hand_pos.values()]
    assert banner.collidelist(plates) < 0 and banner.collidelist(cards) < 0, banner


words = st.text(st.sampled_from("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ0123456789 +!:,«»—"),
                min_size=1, max_size=120)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(title=words, sub=st.one_of(st.just(""), words), scale=st.sampled_from((1.0, 1.2)))
def test_no_banner_words_reach_the_status_line(app, title, sub, scale):
    """Any words (a sub-line naming nine long names does not fit the width at all): the banner stays above it."""
    assets.set_text_scale(scale)
    try:
        strip = BannerStrip(UnoScene.BANNER_LOOK)
        strip.show(title.strip() or "УНО", sub)
        box, _ = strip.layout(room=banner_room())
        status = status_box(status_label("Ваш ход: стрелки — карта, Enter — положить"))
        assert box.bottom <= status.top and box.top >= banner_room().top, (box, status)
    finally:
        assets.set_text_scale(1.0)
