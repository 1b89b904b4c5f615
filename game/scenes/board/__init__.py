"""The Эрудит, Скрэббл and Словодел table: the scene in ``table``, its drawing pieces beside it (``create`` is what
``game.scenes.GAME_SCENES`` asks for)."""
from game import rules

from .layout import warm_steps as _warm_steps
from .table import DEMO_ACTIONS, create  # the demo's moves: screenshots show a board in mid-game


def warm_steps(game_id: str):
    """The table's letter pictures drawn one a step before it opens (``game.scenes.setup`` runs them between frames)."""
    return _warm_steps({ch.upper(): p for ch, p in rules.load(game_id).points.items()})


__all__ = ["DEMO_ACTIONS", "create", "warm_steps"]
