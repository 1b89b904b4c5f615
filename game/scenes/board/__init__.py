"""The Эрудит, Скрэббл and Словодел table: the scene in ``table``, coordinating the pieces beside it — the rack
(``rack``), the board (``board``), the dialogs (``dialogs``), the side panel (``side``), the buttons under the rack
(``buttons``), the end of the game (``ending``), the input mapping (``controls``), geometry and pictures (``layout``)
and what «Повтор партии» shows beside it (``replay``). ``create`` is what its registry entry names, with
``paint_menu_picture``."""
from game import rules

from .layout import warm_steps as _warm_steps
from .picture import paint_menu_picture
from .table import DEMO_ACTIONS, create  # the demo's moves: screenshots show a board in mid-game


def warm_steps(game_id: str):
    """The table's letter pictures drawn one a step before it opens (``game.scenes.setup`` runs them between frames)."""
    return _warm_steps({ch.upper(): p for ch, p in rules.load(game_id).points.items()})


__all__ = ["DEMO_ACTIONS", "create", "paint_menu_picture", "warm_steps"]
