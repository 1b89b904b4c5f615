"""The end of an UNO round is said once: the banner announces it («Тур окончен» and who won), and the status line
says what comes next, not the same words again."""
import layout_check
from test_layout_check import screen_app, show_moment  # noqa: F401 - screen_app is a fixture used by name


def words_on_screen(app) -> list[str]:
    layout_check.draw_looked_at(app)
    return [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden and line.words.strip()]


def test_round_end_is_announced_once_and_the_status_says_what_comes_next(screen_app):  # noqa: F811
    app = screen_app((1280, 720))
    show_moment(app, "uno", 4, "round_over")
    words = words_on_screen(app)
    assert words.count("Тур окончен") == 1, words
    status = next((w for w in words if w.startswith("Новый тур через ") and w.endswith(" с")), None)
    assert status is not None, words
    # the count is the host's: it starts the next round at the view's deadline, whatever the table shows
    host_left_s = (app.top.view["round_over_deadline"] - app.now_ms()) / 1000
    assert abs(int(status.split()[-2]) - host_left_s) <= 1, (status, host_left_s)
