"""Move-generator timings on mid-game Эрудит boards, and the мастер-against-игрок duel.

``measure()`` (used by ``python -m game bench``): p90 milliseconds of generating every
legal move for a 7-tile rack, without a blank and with one blank, over positions reached
by игрок-bot self-play (8–16 moves in). ``python -m game.benchmarks.board --duel 200``
plays мастер against игрок (seats alternating) and prints the мастер's win share.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from game.rules.base import Rng
from game.rules.board.layout import BLANK, CLASSIC_TILES
from game.rules.board.movegen import generate

POSITIONS = 40


def _positions(count: int, seed: int = 7):
    """(letters, points, remaining letters) of mid-game boards from игрок self-play."""
    from game.bots.erudit import BoardBot
    from game.rules.board.erudit import RULES

    out = []
    game = 0
    while len(out) < count:
        rng = Rng(seed + game)
        state = RULES.new_game({k.id: k.default for k in RULES.house_rules}, 2, seed + game)
        bot = BoardBot("erudit", "player", 0, rng)
        stop_at = 8 + rng.below(9)
        for _ in range(stop_at):
            seat = state.turn
            bot.seat = seat
            view = RULES.view(state, seat)
            action = bot.decide(view, RULES.legal_actions(state, seat) or [])
            RULES.apply(state, seat, action, 0)
            if RULES.is_over(state):
                break
        if not RULES.is_over(state):
            letters, pts = RULES.letters_of(state)
            on_board = [ch for ch in letters if ch]
            pool = [ch for ch, (n, _) in sorted(CLASSIC_TILES.items()) for _ in range(n) if ch != BLANK]
            for ch in on_board:
                if ch in pool:
                    pool.remove(ch)
            out.append((letters, pts, pool, rng))
        game += 1
    return out


def _p90(values: list[float]) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(0.9 * len(values)))], 2)


def measure(positions: int = POSITIONS) -> dict:
    from game.rules.board import words as wordsrc
    from game.rules.board.erudit import RULES

    gen = RULES.gen_rules(wordsrc.load("erudit", {}))
    plain, blank = [], []
    for letters, pts, pool, rng in _positions(positions):
        rng.shuffle(pool)
        for target, blanks in ((plain, 0), (blank, 1)):
            rack = "".join(pool[:7 - blanks]) + BLANK * blanks
            t = time.perf_counter()
            generate(letters, pts, rack, gen)
            target.append((time.perf_counter() - t) * 1000)
            rng.shuffle(pool)
    return {"movegen_ms_p90_noblank": _p90(plain), "movegen_ms_p90_blank": _p90(blank)}


def duel(games: int, game_id: str = "erudit", seed: int = 1) -> dict:
    from game.net.session import SeatInfo, Session

    wins = draws = 0
    margin = 0
    for g in range(games):
        master_seat = g % 2
        levels = ["master", "player"] if master_seat == 0 else ["player", "master"]
        session = Session(game_id, [SeatInfo(f"бот {i}", lv) for i, lv in enumerate(levels)], seed + g)
        session.run_bots_to_end()
        scores = session.rules.result(session.state)["scores"]
        mine, theirs = scores[master_seat], scores[1 - master_seat]
        wins += mine > theirs
        draws += mine == theirs
        margin += mine - theirs
        print(json.dumps({"game": g, "master": mine, "player": theirs}), file=sys.stderr, flush=True)
    return {"games": games, "master_wins": wins, "draws": draws, "master_share": round((wins + 0.5 * draws) / games, 3),
            "mean_margin": round(margin / games, 1)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Замеры генератора ходов и матч мастер против игрока.")
    parser.add_argument("--duel", type=int, default=0, help="сыграть столько партий мастер против игрока")
    parser.add_argument("--game", default="erudit")
    args = parser.parse_args()
    print(json.dumps(duel(args.duel, args.game) if args.duel else measure(), ensure_ascii=False))
