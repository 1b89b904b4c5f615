"""UNO (game id ``uno``): the rules of uno.txt with every house rule as a toggle.

Modules: ``cards`` (faces, deck, matching, points), ``state`` (the position), ``actions`` and
``events`` (the wire vocabulary), ``views`` (what each seat sees), ``engine`` (the rules), and
``house`` (one module per house rule, hooks run in order), ``cap`` (the round's turn cap and which rules run into it),
``look`` (how a table tells the events: their sounds, lines of the record of moves, why cards were taken).
"""
from .cap import TRIAL_LEVEL, TRIAL_PLAYERS, TRIAL_ROUNDS, TRIAL_SEED, WARNING_TITLE, CapRisk, trial_counts, turn_cap
from .cap import trial_settled, turn_count_label
from .cards import COLOUR_LABELS
from .engine import ROUND_OVER_MS, UnoRules
from .look import EMOTE_SOUNDS, EVENT_SOUNDS, card_name, draw_reason, ticker_line
from .phases import PHASES

RULES = UnoRules()

__all__ = ["COLOUR_LABELS", "EMOTE_SOUNDS", "EVENT_SOUNDS", "PHASES", "ROUND_OVER_MS", "RULES", "TRIAL_LEVEL", "TRIAL_PLAYERS",
           "TRIAL_ROUNDS", "TRIAL_SEED", "WARNING_TITLE", "CapRisk", "UnoRules", "card_name", "draw_reason", "ticker_line",
           "trial_counts", "trial_settled", "turn_cap", "turn_count_label"]
