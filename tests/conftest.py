import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import toy_game  # noqa: E402
import game.lexicon_store  # noqa: E402,F401 - tests ask the lexicon directly: the store says where its index is

toy_game.register()


import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless game window with its own settings folder; a test file may build on it."""
    from game.app import App

    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    application = App(headless=True)
    yield application
    from table_driver import unplug_pads

    unplug_pads()  # a virtual gamepad of this test must not join the next one's app
    application.shutdown()
