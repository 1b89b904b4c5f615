"""UNO: the marks on a seat's plate («сдаёт», «УНО!», «молчит!», «+2», «3-е место», «напарник») are read at a glance
when several stand at once: none covers another, the plate's name, the emote chips, another plate or another plate's
marks, and none leaves the screen, at every seat count, with «Крупный текст» on or off, in the window sizes players have. The canvas
is scaled whole into the window, so what is compared are the scene's own canvas rectangles, as it draws them."""
from itertools import combinations

import pytest

from game.scenes.uno.layout import name_corner
from game.scenes.uno.seats import plate_badges
from table_driver import LocalTable, app_with_saved_settings

NAMES = ["Вы", "Маша", "Петя", "Оля", "Дима", "Катя", "Серёжа", "Аня", "Витя", "Лена"]
WINDOWS = ((1280, 720), (1366, 768), (1920, 1080))
# (seats, window, «Крупный текст», seed, whose plate must show two marks, house rules): seeds where bots soon bring
# a plate two marks. Two seats, seed 1: your own plate deals and says «УНО!»; seed 2: «Маша» at the top does; four
# seats, seed 1: «Петя» does (and with «Командная игра» deals as your «напарник»); ten seats, seed 7: «Лена» at the
# right edge deals and takes +2
TABLES = ([(2, WINDOWS[0], large, 1, "mine", {}) for large in (True, False)] + [(2, WINDOWS[0], True, 2, "any", {})]
          + [(10, window, True, 7, "any", {}) for window in WINDOWS] + [(10, WINDOWS[0], False, 7, "any", {})]
          + [(seats, WINDOWS[0], True, seed, "any", {}) for seats, seed in ((3, 12), (4, 1), (5, 4), (6, 12), (7, 8),
                                                                            (8, 12), (9, 6))]
          + [(4, WINDOWS[0], True, 1, "any", {"team_play": True})])


@pytest.fixture
def saved_app(tmp_path, monkeypatch, request):
    """A headless app started with the window size and «Крупный текст» a player saved in the settings."""
    seats, window, large, seed, whose, options = request.param
    application = app_with_saved_settings(tmp_path, monkeypatch, large, window)
    yield application, seats, seed, whose, options
    application.shutdown()


def badge_faults(scene, screen) -> list[str]:
    """What is wrong with the marks the plates show right now."""
    faults = []
    emotes = [w.rect for w in scene.group.widgets if w.key.startswith("emote:")]
    shown = {seat: plate_badges(scene, seat) for seat in range(scene.n)}
    for seat, badges in shown.items():
        if name_corner(scene.plate_of(seat), [badge.rect for badge in badges]):
            faults.append(f"seat {seat}: {[badge.text for badge in badges]} cover the end of the plate's name")
        for one, other in combinations(badges, 2):
            if one.rect.colliderect(other.rect):
                faults.append(f"seat {seat}: «{one.text}» {one.rect} covers «{other.text}» {other.rect}")
        for badge in badges:
            if not screen.contains(badge.rect):
                faults.append(f"seat {seat}: «{badge.text}» {badge.rect} leaves the screen")
            for chip in emotes:
                if badge.rect.colliderect(chip):
                    faults.append(f"seat {seat}: «{badge.text}» {badge.rect} covers an emote chip {chip}")
            for other_seat in range(scene.n):
                if other_seat == seat:
                    continue
                if badge.rect.colliderect(scene.plate_of(other_seat)):
                    faults.append(f"seat {seat}: «{badge.text}» {badge.rect} covers the plate of seat {other_seat}")
                faults += [f"seat {seat}: «{badge.text}» {badge.rect} covers seat {other_seat}'s «{theirs.text}»"
                           for theirs in shown[other_seat] if badge.rect.colliderect(theirs.rect)]
    return faults


@pytest.mark.parametrize("saved_app", TABLES, indirect=True,
                         ids=[f"{n}seats-{w}x{h}-{'large' if big else 'normal'}-seed{seed}{'-teams' if rules else ''}"
                              for n, (w, h), big, seed, _, rules in TABLES])
def test_the_marks_on_a_plate_keep_clear_of_each_other_the_emotes_and_other_plates(saved_app):
    app, seats, seed, whose, options = saved_app
    table = LocalTable(app, "uno", NAMES[:seats], seed=seed, options=options, human=False)
    scene = table.scene
    screen = app.canvas.get_rect()
    faults: list[str] = []

    def two_marks_shown() -> bool:
        if not scene.view or not scene.view.get("players"):
            return False
        faults.extend(badge_faults(scene, screen))  # every frame on the way there, not only the moment itself
        seats_to_look_at = [scene.me] if whose == "mine" else range(scene.n)
        return any(len(plate_badges(scene, seat)) >= 2 for seat in seats_to_look_at)

    table.until(two_marks_shown, limit=1500)
    assert not faults, "\n".join(dict.fromkeys(faults))
