"""Every game table is built from the same pieces (game/scenes/table/): one way to turn an event into animation,
one banner strip, one flight layer. A table that grows its own copy drifts from the others (three dispatch
signatures, four banner queues), so these tests hold the tables to the shared ones."""
from __future__ import annotations

import importlib
import inspect

import pytest

from game import rules
from game.scenes.table.scene import TableScene

TABLES = sorted({importlib.import_module(path) for path in {g.scene_module for g in rules.GAMES if g.scene_module}}, key=lambda m: m.__name__)


def scene_class(module) -> type:
    """The table class ``create`` makes (its return annotation, read in the module that defines it)."""
    cls = module.create.__globals__[module.create.__annotations__["return"]]
    assert issubclass(cls, TableScene)
    return cls


@pytest.mark.parametrize("module", TABLES, ids=lambda m: m.__name__)
def test_every_event_handler_takes_the_event_and_the_view_before_it(module):
    cls = scene_class(module)
    handlers = {name: getattr(cls, name) for name in dir(cls) if name.startswith("ev_")}
    assert handlers, f"{cls.__name__} animates no event through ev_<kind>"
    odd = {name: list(inspect.signature(h).parameters) for name, h in handlers.items()
           if list(inspect.signature(h).parameters) != ["self", "e", "before"]}
    assert not odd, f"{cls.__name__}: ev_<kind>(self, e, before) is the one signature; these differ: {odd}"


@pytest.mark.parametrize("module", TABLES, ids=lambda m: m.__name__)
def test_events_reach_the_handlers_through_the_one_dispatch(module):
    cls = scene_class(module)
    own = cls.__dict__.get("on_event")
    assert own is None or {"super", "on_event"} <= set(own.__code__.co_names), (
        f"{cls.__name__}.on_event dispatches by itself; TableScene.on_event is the one dispatch")


@pytest.mark.parametrize("module", TABLES, ids=lambda m: m.__name__)
def test_every_table_shows_its_banners_on_the_shared_strip(module):
    cls = scene_class(module)
    own = [name for name in ("banner", "draw_banners") if name in cls.__dict__]
    assert not own, f"{cls.__name__} keeps a banner queue of its own ({own}); TableScene.banners is the strip"
