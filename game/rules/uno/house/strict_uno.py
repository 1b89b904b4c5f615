from game.rules.base import HouseRule, Rejected

from .base import HouseHooks


class StrictUno(HouseHooks):
    """«Выкладывая предпоследнюю карту (пока он её ещё не отпустил), игрок должен успеть сказать «УНО!»», taken
    strictly: only the shout that goes with the card counts."""

    rule = HouseRule(
        "strict_uno",
        "Строгое УНО",
        "«УНО!» нужно сказать, пока предпоследняя карта ещё в руке. Крик после того, как карта легла на стол, "
        "уже не спасает: поймать забывчивого можно до хода следующего игрока.",
    )
    order = 45

    def refuse(self, eng, state, seat, action):
        watch = state.watch
        if action.kind == "shout" and watch is not None and watch.seat == seat:
            return Rejected("По правилу «Строгое УНО» кричать нужно вместе с картой, пока она ещё в руке: "
                            "после того как карта легла, крик уже не спасает.", "shout")
        return None
