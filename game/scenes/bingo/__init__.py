"""The «Скрэббл Бинго» table (``create`` is what ``game.scenes.GAME_SCENES`` asks for)."""
from .table import create

__all__ = ["create"]
