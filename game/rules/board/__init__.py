"""Эрудит, Скрэббл and Словодел: one board engine (``engine``, its base phases in ``phases`` and base actions and
events in ``actions``), geometry and tile sets (``layout``), move judging (``judge``), the move generator
(``movegen``), the word source (``words``), the after-game review with GCG export (``review``), and the house
variants, one module each (``variants``). Each game's module (``erudit``, ``scrabble``, ``slovodel``) exposes
``RULES``. A table reads what each variant looks like as ``LOOK`` (``variants.base``: its look)."""

from .actions import WORD_DISPUTABLE, WORD_REFUSED
from .variants import LOOK
from .variants.base import HOLD, TURN, WINDOW, PhaseLook, Pick, Question
from .variants.clock import clock_text

__all__ = ["HOLD", "LOOK", "TURN", "WINDOW", "WORD_DISPUTABLE", "WORD_REFUSED", "PhaseLook", "Pick", "Question",
           "clock_text"]
