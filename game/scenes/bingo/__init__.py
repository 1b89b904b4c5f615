"""The «Скрэббл Бинго» table (``create`` is what ``game.scenes.GAME_SCENES`` asks for)."""
from .scene import EVENT_SOUNDS, BingoScene, create

__all__ = ["EVENT_SOUNDS", "BingoScene", "create"]
