"""Эрудит, Скрэббл and Словодел: one board engine (``engine``), geometry and tile sets
(``layout``), move judging (``judge``), the move generator (``movegen``), the word source
(``words``), and the after-game review with GCG export (``review``).
Each game's module (``erudit``, ``scrabble``, ``slovodel``) exposes ``RULES``."""

from .actions import WORD_REFUSED

__all__ = ["WORD_REFUSED"]
