"""The board games' base phases (members equal their wire strings); each variant that adds a phase names it in
its own module (challenge, vote, reverse)."""
from __future__ import annotations

from game.rules.flow import Phase


class P(Phase):
    PLAY = "play"
    OVER = "over"
