import atexit
import os
import shutil
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Finished games' records and room journals go to a scratch folder, not the tester's own (the lexicon cache stays
# shared: building it is the slow part of a fresh run).
_SCRATCH = tempfile.mkdtemp(prefix="igroteka-tests-")
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)
os.environ.setdefault("IGROTEKA_DATA_DIR", os.path.join(_SCRATCH, "games"))
os.environ.setdefault("IGROTEKA_HISTORY_DIR", os.path.join(_SCRATCH, "history"))  # «История» of games played in tests
os.environ.setdefault("XDG_STATE_HOME", os.path.join(_SCRATCH, "state"))
sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import toy_game  # noqa: E402
from game import lexicon_store  # noqa: E402
lexicon_store.install()  # the rules find the dictionary's index through the store

toy_game.register()


import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless game window with its own settings folder; a test file may build on it."""
    from game.app import App

    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("IGROTEKA_HISTORY_DIR", str(tmp_path))
    application = App(headless=True)
    yield application
    from table_driver import unplug_pads

    unplug_pads()  # a virtual gamepad of this test must not join the next one's app
    application.shutdown()


@pytest.fixture
def window(tmp_path):
    """The game in a real X window of its own (Xvfb), driven by xdotool: the real-window tests."""
    from real_window_support import RealWindow

    with RealWindow(tmp_path / "window") as real:
        yield real


@pytest.fixture(scope="module")
def driver():
    """One phone-sized Chromium for a test file's phone tests."""
    from tests.phone_support import phone

    browser = phone()
    yield browser
    browser.quit()


# The real-window tests each play a game at the bots' own pace (20–140 s, mostly waiting): started first, they run
# beside the short tests instead of being the last ones left on one core while the other has nothing to do.
def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not item.nodeid.startswith("tests/test_real_window"))
