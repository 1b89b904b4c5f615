"""Эрудит, Скрэббл and Словодел: one board engine (``engine``, its base phases in ``phases`` and base actions and
events in ``actions``), geometry and tile sets (``layout``), move judging (``judge``), the move generator
(``movegen``), the word source (``words``), the after-game review with GCG export (``review``), and the house
variants, one module each (``variants``). Each game's module (``erudit``, ``scrabble``, ``slovodel``) exposes
``RULES``."""

from .actions import WORD_DISPUTABLE, WORD_REFUSED

__all__ = ["WORD_DISPUTABLE", "WORD_REFUSED"]
