from game.rules.base import HouseRule, Rejected

from .base import HouseHooks


class MustPlay(HouseHooks):
    """The text's default already forbids drawing with a playable card in one's turn; this rule carries «кто может
    ходить — ходит» to a pending +N: «Беру» is only for a player with no card that answers it."""

    rule = HouseRule(
        "must_play",
        "Обязательный ход",
        "Кто может сыграть картой, обязан сыграть: брать из колоды можно, только когда подходящей карты нет "
        "(так и в основных правилах), и штраф «+2»/«+4» нельзя просто взять, если есть чем от него спастись.",
    )
    order = 13

    def refuse(self, eng, state, seat, action):
        if action.kind != "accept" or state.attack is None:
            return None
        if any(eng.answerable(state, seat, c) for c in state.hands[seat]):
            return Rejected("По правилу «Обязательный ход» штраф не берут, когда есть чем от него спастись: "
                            "положите подходящую карту.", "must_play")
        return None
