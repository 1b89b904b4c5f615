"""Move-generator timings on mid-game Эрудит boards, and the мастер-against-игрок duel.

``measure()`` (used by ``python -m game bench``): p90 milliseconds of generating every
legal move for a 7-tile rack, without a blank, with one and with two blanks (the full
search the table and the bots run), and for two-blank Скрэббл racks, over positions reached
by игрок-bot self-play (8–16 moves in). Each figure comes as wall time (``movegen_ms_p90_*``) and as CPU time of this
process (``movegen_cpu_ms_p90_*``); each position is generated three times and the
fastest run counts, which filters the load of other processes on a shared machine.
``python -m game.benchmarks.board --duel 200`` plays мастер against игрок (seats
alternating) and prints the мастер's win share.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from game.rules.base import Rng
from game.rules.board.layout import BLANK, CLASSIC_TILES
from game.rules.board.movegen import PLAY_BUDGET, forget_recent, generate

POSITIONS = 40
SCRABBLE_POSITIONS = 20


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


def _generation_times(game_id: str, racks, positions, runs: int) -> dict:
    """p90 wall and CPU milliseconds of a full search (no budget: the table's own call) for
    racks of ``blanks`` blanks, the fastest of ``runs`` runs per position counting."""
    from game.rules import load
    from game.rules.board import words as wordsrc

    rules = load(game_id)
    gen = rules.gen_rules(wordsrc.load(game_id, {}))
    wall: dict[str, list] = {name: [] for _, name in racks}
    cpu: dict[str, list] = {name: [] for _, name in racks}
    for letters, pts, pool, rng in positions:
        for blanks, name in racks:
            rng.shuffle(pool)
            rack = "".join(pool[:7 - blanks]) + BLANK * blanks
            best_wall = best_cpu = float("inf")
            for _ in range(runs):
                forget_recent()
                w, c = time.perf_counter(), time.process_time()
                generate(letters, pts, rack, gen, budget=PLAY_BUDGET, spare_blanks=False)
                best_cpu = min(best_cpu, time.process_time() - c)
                best_wall = min(best_wall, time.perf_counter() - w)
            wall[name].append(best_wall * 1000)
            cpu[name].append(best_cpu * 1000)
    out = {}
    for _, name in racks:
        out[f"movegen_ms_p90_{name}"] = _p90(wall[name])
        out[f"movegen_cpu_ms_p90_{name}"] = _p90(cpu[name])
    return out


def measure(positions: int = POSITIONS, runs: int = 3) -> dict:
    boards = _positions(positions)
    out = _generation_times("erudit", ((0, "noblank"), (1, "blank"), (2, "two_blanks")), boards, runs)
    # Скрэббл walks the lexicon's own index of word forms: its two-blank racks are the slowest search
    out.update(_generation_times("scrabble", ((2, "scrabble_two_blanks"),), boards[:SCRABBLE_POSITIONS], runs))
    out["movegen_positions"] = positions
    out["movegen_positions_scrabble"] = min(positions, SCRABBLE_POSITIONS)
    return out


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
