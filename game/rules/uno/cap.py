"""How long an UNO round may run: the turn cap, when the table shows it, and whether a combination of house rules
makes rounds run into it.

A round that reaches the cap ends without a winner («limit» in the history). The cap is ``ROUND_TURN_LIMIT`` as
raised for a table of more than four and by the rules in force (``round_turn_limit`` hook: «UNO в 7 раундов»
multiplies it by seven). Whether a combination is risky is not guessed from its rule names: bots play trial rounds of exactly those rules (``TRIAL_*`` say how many
and how; the app runs them off the window's thread, ``game.launch.trial_rounds``), and ``CapRisk`` judges by the count
of rounds that hit the cap. Rules that make rounds finish sooner therefore lift the warning by themselves.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.words_ru import agree

from . import house

ROUND_TURN_LIMIT = 300  # a round that drags on this long ends (house rules may allow more)
NEAR_SHARE = 0.8  # the table names the cap from this share of it on («Ход 480 из 600»)

FULL_TABLE = 4  # the seats ROUND_TURN_LIMIT is counted for
TRIAL_ROUNDS = 6  # trial rounds bots play of a combination on the rules screen
TRIAL_PLAYERS = 4
TRIAL_LEVEL = "player"
TRIAL_SEED = 1
RISKY_SHARE = 1 / 6  # this share of trial rounds reaching the cap, or more, and the screen warns


def cap_of(hooks, seats: int = TRIAL_PLAYERS) -> int:
    """The turn cap of a table of ``seats`` under the enabled rules ``hooks``. ``ROUND_TURN_LIMIT`` is for four
    seats or fewer; a bigger table has as many more turns as it has seats (every seat needs its turns: six
    players' rounds run half as long again as four's)."""
    limit = ROUND_TURN_LIMIT * max(seats, FULL_TABLE) // FULL_TABLE
    for hook in hooks:
        limit = hook.round_turn_limit(limit)
    return limit


def turn_cap(options: dict, seats: int = TRIAL_PLAYERS) -> int:
    """The turn cap of rounds played with ``options`` (house rules switched on by id) at ``seats`` players."""
    return cap_of(house.enabled(options), seats)


def turn_count_label(turns: int, cap: int) -> str | None:
    """«Ход 560 из 600» once a round nears its cap, else None (a round far from it says nothing)."""
    if cap <= 0 or turns < NEAR_SHARE * cap:
        return None
    return f"Ход {min(turns, cap)} из {cap}"


@dataclass(frozen=True)
class CapRisk:
    """What the trial rounds of a combination showed: ``capped`` of ``rounds`` reached the cap of ``cap`` turns."""

    capped: int
    rounds: int
    cap: int

    @property
    def risky(self) -> bool:
        return self.rounds > 0 and self.capped >= RISKY_SHARE * self.rounds

    @property
    def warning(self) -> str:
        """The rules screen's words under ``WARNING_TITLE`` for a risky combination (empty when it is not)."""
        if not self.risky:
            return ""
        return (f"Проба на ботах: {self.capped} {agree('раунд', self.capped)} из {self.rounds} — "
                f"до предела в {self.cap}\u00a0{agree('ход', self.cap)}, без победителя.")  # no-break: one line


    @property
    def short_warning(self) -> str:
        """The same in one short line, for a screen with little room (large text)."""
        if not self.risky:
            return ""
        return (f"В пробе {self.capped} {agree('раунд', self.capped)} из {self.rounds} — "
                f"до {self.cap}\u00a0{agree('ход', self.cap)}")


WARNING_TITLE = "Раунды могут не кончиться"


def trial_settled(history: list[dict]) -> bool:
    """Whether the trial rounds so far already make the combination risky whatever the others do: a trial stops
    there (a round run to the cap is the slowest kind to play)."""
    capped, _ = trial_counts(history)
    return capped >= RISKY_SHARE * TRIAL_ROUNDS


def trial_counts(history: list[dict], rounds: int = TRIAL_ROUNDS) -> tuple[int, int]:
    """(rounds that reached the cap, rounds played) from the first ``rounds`` entries of a match's history."""
    played = history[:rounds]
    return sum(1 for entry in played if entry.get("reason") == "limit"), len(played)
