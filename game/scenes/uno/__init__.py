"""The UNO table: the scene in ``table``, its drawing pieces beside it (``create`` is what
its registry entry names, with ``paint_menu_picture``)."""
from .table import create

from .picture import paint_menu_picture

__all__ = ["create", "paint_menu_picture"]
