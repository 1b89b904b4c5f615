from game.rules.base import HouseRule, Rejected

from .base import HouseHooks


class PlayDrawn(HouseHooks):
    rule = HouseRule(
        "play_drawn",
        "Сыграть сразу",
        "Если взятая из колоды карта подходит, её нужно сразу сыграть — сказать «Пас» и оставить её себе нельзя.",
    )
    order = 14

    def refuse(self, eng, state, seat, action):
        if action.kind == "pass" and state.drawn is not None and eng.playable(state, seat, state.drawn):
            return Rejected("По правилу «Сыграть сразу» подходящую взятую карту нужно сыграть.", "play_drawn")
        return None
