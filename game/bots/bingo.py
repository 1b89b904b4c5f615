"""«Скрэббл Бинго» bots at three speeds. They see only their seat's view: their sheet, the calls and
which of their letters may be crossed out now.
- новичок (novice): writes the suggested pair, crosses out 1.6–3.2 s after a call and now and then
  overlooks a letter until the next call; calls «Скрэббл Бинго!» after 1.5–2.5 s;
- игрок (player): the suggested pair, crosses out after 0.7–1.5 s, calls after 0.5–1 s;
- ас (ace): the suggested pair, crosses out after 0.25–0.6 s, calls after 0.15–0.35 s.
No bot ever calls «Бинго!» before its sheet is full."""
from __future__ import annotations

from game.rules.base import Rng
from game.rules.bingo.actions import CallBingo, ChooseWords, Cross

# (write the words, cross out, call «Бинго!»): (least ms, spread ms)
SPEEDS = {
    "novice": ((4000, 6000), (1600, 1600), (1500, 1000)),
    "player": ((2500, 3000), (700, 800), (500, 500)),
    "ace": ((1500, 1500), (250, 350), (150, 200)),
}
OVERLOOK = {"novice": 0.25, "player": 0.0, "ace": 0.0}  # chance to miss a letter until the next call


class BingoBot:
    def __init__(self, level: str, seat: int, rng: Rng):
        self.level = "ace" if level == "master" else level if level in SPEEDS else "player"
        self.seat = seat
        self.rng = rng
        self.overlooked: tuple[int, int] | None = None  # (call count, cell) the novice is not seeing

    def _after(self, now_ms: int, which: int) -> int:
        least, spread = SPEEDS[self.level][which]
        return now_ms + least + self.rng.below(spread + 1)

    def plan(self, view: dict, legal: list, now_ms: int):
        if not legal:
            return None
        kinds = {a.kind: a for a in legal}
        if "choose_words" in kinds:
            return self._after(now_ms, 0), kinds["choose_words"]
        if all(view["crossed"]) and "call_bingo" in kinds:
            return self._after(now_ms, 2), CallBingo()
        crossable = view["crossable"]
        if not crossable:
            return None
        cell = crossable[0]
        calls = len(view["calls"])
        if self.overlooked and self.overlooked[0] == calls and self.overlooked[1] == cell:
            crossable = crossable[1:]
            if not crossable:
                return None
            cell = crossable[0]
        elif self.rng.chance(OVERLOOK[self.level]):
            self.overlooked = (calls, cell)
            return None
        return self._after(now_ms, 1), Cross(cell)


def make(level: str, seat: int, rng: Rng) -> BingoBot:
    return BingoBot(level, seat, rng)
