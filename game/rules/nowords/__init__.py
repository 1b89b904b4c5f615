"""«Нет слов» (Hobby World): lay letters so that no word can be made of them.

``RULES`` implements the rules contract of game/rules/base.py; see engine.py for the phases and
docs/RULES.md (Нет слов) for the decisions where the printed rules are vague.
"""
from game.rules.nowords.engine import RULES, NoWordsRules, NoWordsState, word_judge

__all__ = ["RULES", "NoWordsRules", "NoWordsState", "word_judge"]
