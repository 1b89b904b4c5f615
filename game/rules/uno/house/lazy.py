from game.rules.base import HouseRule

from .base import HouseHooks


class Lazy(HouseHooks):
    rule = HouseRule(
        "lazy",
        "«Ленивый» подсчёт очков",
        "Победитель и проигравший определяются в каждом туре: победитель первым скинул карты и начинает "
        "следующий тур, проигравший — тот, у кого на руках больше всего очков, — сдаёт. Прерваться можно "
        "после любого тура.",
    )
    order = 90

    def lazy_scoring(self):
        return True
