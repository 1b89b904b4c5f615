"""«Тематический»: +5 points for every word of the chosen theme (the lexicon's tags)."""
from __future__ import annotations

from game.rules.base import HouseRule

from .base import BoardVariant

THEMES = (
    ("", "нет"), ("животное", "животные"), ("растение", "растения"), ("съедобное", "еда"),
    ("природа", "природа"), ("предмет", "предметы"), ("птица", "птицы"), ("рыба", "рыбы"),
    ("в_комнате", "в комнате"), ("рукотворное", "сделано руками"),
)
THEME_POINTS = 5


class Theme(BoardVariant):
    rule = HouseRule("theme", "Тематический", "+5 очков за каждое слово на выбранную тему.", "", THEMES)
    classic_only = True

    def move_bonus(self, options, source, readings, tags_of):
        theme = options.get(self.rule.id)
        return THEME_POINTS * sum(1 for word in readings if theme in tags_of(source, word))


VARIANT = Theme()
