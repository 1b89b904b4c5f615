"""UNO (game id ``uno``): the rules of uno.txt with every house rule as a toggle.

Modules: ``cards`` (faces, deck, matching, points), ``state`` (the position), ``actions`` and
``events`` (the wire vocabulary), ``views`` (what each seat sees), ``engine`` (the rules), and
``house`` (one module per house rule, hooks run in order).
"""
from .engine import UnoRules
from .phases import PHASES

RULES = UnoRules()

__all__ = ["PHASES", "RULES", "UnoRules"]
