"""The «Твёрдый знак» table: the scene in ``table``, its drawing pieces beside it (``create`` is what
``game.scenes.GAME_SCENES`` asks for)."""
from .table import create

__all__ = ["create"]
