"""Move-generator timings on mid-game Эрудит boards, and the мастер-against-игрок duel.

``measure()`` (used by ``python -m game bench``): p90 milliseconds of generating every
legal move for a 7-tile rack, without a blank, with one and with two blanks (the full
search the table and the bots run), and for two-blank Скрэббл racks, over positions reached
by игрок-bot self-play (8–16 moves in). Each figure comes as wall time (``movegen_ms_p90_*``) and as CPU time of this
process (``movegen_cpu_ms_p90_*``); each position is generated three times and the
fastest run counts, which filters the load of other processes on a shared machine.
``movegen_moves_p90_*`` is how many moves a search returns: the time goes with it (a two-blank
Скрэббл rack finds tens of thousands, and each is a Move the garbage collector then walks).
The мастер's think time per move (p50, p90, max of process CPU time) comes from two timed
мастер-against-игрок games of Эрудит and of Скрэббл; matches of any size are ``python -m game duel``.
"""
from __future__ import annotations

import json
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
    gen = rules.gen_rules(wordsrc.load(game_id, {}, for_bots=True))  # what the master and the hint search
    wall: dict[str, list] = {name: [] for _, name in racks}
    cpu: dict[str, list] = {name: [] for _, name in racks}
    found: dict[str, list] = {name: [] for _, name in racks}
    for letters, pts, pool, rng in positions:
        for blanks, name in racks:
            rng.shuffle(pool)
            rack = "".join(pool[:7 - blanks]) + BLANK * blanks
            best_wall = best_cpu = float("inf")
            for _ in range(runs):
                forget_recent()
                w, c = time.perf_counter(), time.process_time()
                moves = generate(letters, pts, rack, gen, budget=PLAY_BUDGET, spare_blanks=False)
                best_cpu = min(best_cpu, time.process_time() - c)
                best_wall = min(best_wall, time.perf_counter() - w)
            wall[name].append(best_wall * 1000)
            cpu[name].append(best_cpu * 1000)
            found[name].append(len(moves))
    out = {}
    for _, name in racks:
        out[f"movegen_ms_p90_{name}"] = _p90(wall[name])
        out[f"movegen_cpu_ms_p90_{name}"] = _p90(cpu[name])
        out[f"movegen_moves_p90_{name}"] = int(_p90(found[name]))
    return out


def measure(positions: int = POSITIONS, runs: int = 3) -> dict:
    boards = _positions(positions)
    out = _generation_times("erudit", ((0, "noblank"), (1, "blank"), (2, "two_blanks")), boards, runs)
    # Скрэббл walks the lexicon's own index of word forms: its two-blank racks are the slowest search
    out.update(_generation_times("scrabble", ((2, "scrabble_two_blanks"),), boards[:SCRABBLE_POSITIONS], runs))
    out["movegen_positions"] = positions
    out["movegen_positions_scrabble"] = min(positions, SCRABBLE_POSITIONS)
    out.update(think_times())
    return out


THINK_GAMES = 2  # master-against-player games whose master decisions are timed


def think_times(games: int = THINK_GAMES) -> dict:
    """The master's thinking per move (process CPU time), from ``python -m game duel``'s own timing."""
    from game.cli.duel import duel

    out = {}
    for game_id in ("erudit", "scrabble"):
        report = duel(game_id, "master", "player", games, seed=11)
        for q in ("p50", "p90", "max"):
            out[f"master_think_s_{q}_{game_id}"] = report[f"a_think_s_{q}"]
        out[f"master_think_moves_{game_id}"] = report["a_moves_timed"]
    return out


if __name__ == "__main__":
    print(json.dumps(measure(), ensure_ascii=False))
