"""UNO figures: how often an ас beats three новички, and whole simulated matches per setting.

``python -m game.benchmarks.uno [games]`` prints the same figures with a bigger sample.
"""
from __future__ import annotations

import sys
import time

from game.net.session import SeatInfo, Session, replay_journal
from game.rules.base import snapshot
from game.rules.uno.house import ALL, BY_ID, PRESETS, all_on, switched_on


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


# uno.txt's own house rules: those the menu lists before «Строгое УНО» (ours, from «Правило UNO!»)
TEXT_RULES = {h.rule.id: switched_on(h.rule) for h in ALL[:ALL.index(BY_ID["strict_uno"])]}


def capped_rounds(options: dict, rounds: int, players: int = 4) -> dict:
    """One-round bot games of ``options``: how many ran into the turn cap (and how many ended on a blocked table)."""
    start = time.perf_counter()
    reasons: list[str] = []
    turns: list[int] = []
    for seed in range(1, rounds + 1):
        session = Session("uno", [SeatInfo(f"b{s}", "player") for s in range(players)], seed, {**options, "match": "1"})
        session.run_bots_to_end()
        reasons.append(session.state.history[0]["reason"])
        turns.append(session.state.turns)
    return {"rounds": rounds, "capped": reasons.count("limit"), "capped_share": round(reasons.count("limit") / rounds, 3),
            "blocked": reasons.count("blocked"), "median_turns": sorted(turns)[rounds // 2],
            "seconds": round(time.perf_counter() - start, 1)}


def measure() -> dict:
    return {
        "uno_ace_vs_novices_rounds": ace_vs_novices(200),
        "uno_classic_4": simulate("classic", 4, 10),
        "uno_capped_house_all": capped_rounds(all_on(4), 8),
        "uno_capped_text_rules": capped_rounds(TEXT_RULES, 8),
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(ace_vs_novices(n))
    print(ace_vs_novices(max(1, n // 10), match="target", seed0=10_000))
