from game.rules.base import HouseRule, Rejected

from .base import HouseHooks


class NoChallenge(HouseHooks):
    rule = HouseRule(
        "no_challenge",
        "Без проверки «+4»",
        "Проверки на честность нет: «Закажи цвет и возьми четыре» можно положить когда угодно, и оспорить её "
        "нельзя.",
    )
    order = 16

    def refuse(self, eng, state, seat, action):
        if action.kind == "challenge":
            return Rejected("Проверка на честность в этой игре выключена (правило «Без проверки «+4»»).",
                            "challenge")
        return None
