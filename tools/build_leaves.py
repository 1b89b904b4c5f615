"""Learn the value of the tiles a board-game move keeps on the rack (its «leave») by self-play.

    python tools/build_leaves.py --game erudit --games 150      # Эрудит and Скрэббл share the tile set
    python tools/build_leaves.py --game slovodel --games 150
    python tools/build_leaves.py --game slovodel --whole-leaves --games 5000 --seed 70001

Greedy («игрок») bots play each other through the rules alone (no host, no delays). After every move
we note the tiles kept and the points the same player scores with its next move. A least-squares fit
(ridge-regularised, pure Python) of that next score on the leave's features — how many of each tile,
repeated tiles, too few or too many vowels for the consonants kept — gives each feature its worth in
next-move points relative to drawing a fresh tile; the intercept (the next move's worth with a full
fresh draw) is dropped, so an empty leave is worth 0. The weights and how they were made go to
game/data/leaves/<tile set>.json, which game/rules/board/equity.py reads. ``--whole-leaves`` keeps a file's
weights and adds, for each whole leave seen often enough in new games, the shrunk mean of what they missed.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import lexicon_store  # noqa: E402
lexicon_store.install()  # the rules find the dictionary's index through the store
from game.bots.erudit import BoardBot  # noqa: E402
from game.rules import load  # noqa: E402
from game.rules.base import Rng  # noqa: E402
from game.rules.board.equity import TILE_SETS, features, feature_names  # noqa: E402
from game.rules.board.movegen import move_key  # noqa: E402

RIDGE = 25.0  # pulls rare tiles (one Ъ in 104) toward zero instead of fitting their noise
# ``--whole-leaves``: a leave gets its own value once seen this often, its mean miss pulled toward 0 as if this
# many more samples had missed by nothing (one next score varies by about 15 points, a leave's own worth beyond
# the linear model by a few)
WHOLE_MIN_SEEN = 20
WHOLE_SHRINK = 15.0


def self_play(game_id: str, games: int, seed: int) -> list[tuple[str, int]]:
    rules = load(game_id)
    samples: list[tuple[str, int]] = []
    for g in range(games):
        state = rules.new_game({r.id: r.default for r in rules.house_rules}, 2, seed + g)
        bots = [BoardBot(game_id, "player", seat, Rng(seed + g * 7 + seat)) for seat in range(2)]
        waiting: list[str | None] = [None, None]  # the leave whose next score is still to come
        for _ in range(400):
            if rules.is_over(state):
                break
            seat = state.turn
            view = rules.view(state, seat)
            legal = rules.legal_actions(state, seat)
            if not legal:
                break
            moves = bots[seat].moves(view)
            move = max(moves, key=move_key) if moves else None
            rack = bots[seat].rack_letters(view)
            if move is None:
                action = bots[seat].fallback(view, legal)
                scored = 0
                kept = None
            else:
                action = bots[seat].to_place(view, move)
                scored = move.score
                left = list(rack)
                for _, ch, is_blank in move.tiles:
                    left.remove("?" if is_blank else ch)
                kept = "".join(sorted(left))
            if waiting[seat] is not None:
                samples.append((waiting[seat], scored))
            # the end game is not what a leave is for: only leaves with a full draw to come count
            waiting[seat] = kept if kept is not None and view["bag"] >= 14 else None
            rules.apply(state, seat, action, 0)
        print(f"{game_id}: game {g + 1}/{games}, {len(samples)} samples", file=sys.stderr, flush=True)
    return samples


def solve(rows: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(rows, ys):
        for i in range(n):
            if x[i]:
                b[i] += x[i] * y
                for j in range(n):
                    a[i][j] += x[i] * x[j]
    for i in range(1, n):  # the intercept (column 0) is not pulled
        a[i][i] += ridge
    for col in range(n):  # Gauss–Jordan with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        p = a[col][col] or 1e-9
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / p
                for c in range(col, n):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    return [b[i] / (a[i][i] or 1e-9) for i in range(n)]


def whole_leaf_table(samples: list[tuple[str, int]], data: dict, min_seen: int = WHOLE_MIN_SEEN,
                     shrink: float = WHOLE_SHRINK) -> dict[str, float]:
    """Per whole leave seen ``min_seen`` times or more: the mean of what the file's linear fit missed of the next
    score (its intercept and its weights before ``scale``), shrunk toward 0 and times ``scale``."""
    tile_set, scale = data["tile_set"], data.get("scale", 1.0)
    weights = [data["weights"][name] / scale for name in feature_names(tile_set)]
    fresh = data["fresh_draw_next_score"]
    missed: dict[str, list[float]] = {}
    for kept, scored in samples:
        if not kept:
            continue
        predicted = fresh + sum(w * x for w, x in zip(weights, features(tile_set, kept)))
        missed.setdefault(kept, []).append(scored - predicted)
    return {kept: round(scale * sum(m) / (len(m) + shrink), 2)
            for kept, m in sorted(missed.items()) if len(m) >= min_seen}


def add_whole_leaves(args, path: Path) -> int:
    """Keep the file's linear fit; add what it misses for the leaves seen most (``whole_leaves``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    started = time.time()
    samples = self_play(args.game, args.games, args.seed)
    data["whole_leaves"] = whole_leaf_table(samples, data)
    data["whole_made_by"] = f"tools/build_leaves.py --game {args.game} --whole-leaves --games {args.games} --seed {args.seed}"
    data["whole_how"] = (f"greedy self-play as for the weights, {len(samples)} samples; per leave seen at least "
                         f"{WHOLE_MIN_SEEN} times, the mean of what the weights (before scale) and the intercept "
                         f"missed of the next score, times n/(n+{WHOLE_SHRINK:g}), times scale")
    data["whole_seconds"] = round(time.time() - started)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{path}: {len(data['whole_leaves'])} whole leaves from {len(samples)} samples", file=sys.stderr)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="erudit", choices=["erudit", "scrabble", "slovodel"])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20261201)
    # the fit looks one move ahead; a kept rack shapes the moves after it too, and in Словодел duels the fit's
    # weights scaled by 1.5 won more than the fit itself (game/data/leaves/README.md)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the fitted weights (not the intercept)")
    parser.add_argument("--whole-leaves", action="store_true",
                        help="keep the file's weights and add values of whole leaves seen often (whole_leaves)")
    args = parser.parse_args()
    tile_set = TILE_SETS[args.game]
    if args.whole_leaves:
        return add_whole_leaves(args, ROOT / "game" / "data" / "leaves" / f"{tile_set}.json")
    started = time.time()
    samples = self_play(args.game, args.games, args.seed)
    names = feature_names(tile_set)
    rows = [[1.0] + features(tile_set, kept) for kept, _ in samples]
    weights = solve(rows, [float(s) for _, s in samples], RIDGE)
    out = {
        "tile_set": tile_set,
        "made_by": f"tools/build_leaves.py --game {args.game} --games {args.games} --seed {args.seed}"
                   + (f" --scale {args.scale:g}" if args.scale != 1.0 else ""),
        "how": "greedy self-play, two players; after each move the tiles kept and the same player's next score; "
               f"ridge least squares (λ={RIDGE}) of that score on the features; intercept dropped "
               "(an empty leave is worth 0); leaves with fewer than 14 tiles in the bag left out"
               + (f"; the weights are the fit's times {args.scale:g}" if args.scale != 1.0 else ""),
        "scale": args.scale,
        "games": args.games,
        "samples": len(samples),
        "fresh_draw_next_score": round(weights[0], 2),
        "weights": {name: round(args.scale * w, 3) for name, w in zip(names, weights[1:])},
        "seconds": round(time.time() - started),
    }
    path = ROOT / "game" / "data" / "leaves" / f"{tile_set}.json"
    # the duel-chosen overrides stay until they are chosen again; whole leaves, which are what the old weights
    # missed, go with them
    if path.exists():
        previous = json.loads(path.read_text(encoding="utf-8"))
        out.update({key: previous[key] for key in ("overrides", "overrides_how") if key in previous})
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{path}: {len(samples)} samples from {args.games} games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
