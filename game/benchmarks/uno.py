"""UNO figures: how often an ас beats three новички, and whole simulated matches per setting.

``python -m game.benchmarks.uno [games]`` prints the same figures with a bigger sample.
"""
from __future__ import annotations

import sys
import time

from game.net.session import SeatInfo, Session, replay_journal
from game.rules.base import snapshot
from game.rules.uno.house import PRESETS, all_on


def ace_vs_novices(games: int, match: str = "1", seed0: int = 0) -> dict:
    """Four seats, one ас (moving seat) and three новички; a game is one match of ``match`` rounds."""
    wins = 0
    start = time.perf_counter()
    for g in range(games):
        ace = g % 4
        levels = ["ace" if s == ace else "novice" for s in range(4)]
        session = Session("uno", [SeatInfo(f"b{s}", levels[s]) for s in range(4)], seed0 + g, {"match": match})
        if not session.run_bots_to_end():
            raise RuntimeError(f"match {seed0 + g} did not finish")
        wins += ace in session.rules.result(session.state)["winners"]
    return {"games": games, "ace_wins": wins, "ace_win_rate": round(wins / games, 3),
            "seconds": round(time.perf_counter() - start, 1)}


def simulate(house: str, players: int, games: int, level: str = "player") -> dict:
    options = all_on() if house == "all" else dict(PRESETS[house][1])
    start = time.perf_counter()
    unfinished = violations = mismatches = rounds = 0
    for seed in range(games):
        session = Session("uno", [SeatInfo(f"b{s}", level) for s in range(players)], seed, options)
        unfinished += not session.run_bots_to_end()
        violations += len(session.rules.check_invariants(session.state))
        rebuilt = replay_journal(session.journal.header, session.journal.entries)
        mismatches += snapshot(rebuilt) != snapshot(session.state)
        rounds += session.state.round
    return {"house": house, "players": players, "games": games, "unfinished": unfinished,
            "violations": violations, "replay_mismatches": mismatches, "rounds": rounds,
            "seconds": round(time.perf_counter() - start, 1)}


def measure() -> dict:
    return {
        "uno_ace_vs_novices_rounds": ace_vs_novices(200),
        "uno_classic_4": simulate("classic", 4, 10),
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(ace_vs_novices(n))
    print(ace_vs_novices(max(1, n // 10), match="target", seed0=10_000))
