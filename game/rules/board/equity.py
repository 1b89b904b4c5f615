"""Equity of a board move: its score plus the worth of the tiles it keeps (the «leave»).

The worth of a leave is a linear model learned by self-play (tools/build_leaves.py) and shipped in
game/data/leaves/<tile set>.json: a weight per tile kept, one for every repeat of a tile, and two for
kept vowels falling short of or exceeding the consonants (Эрудит and Скрэббл share the classic set,
Словодел has its own), where the file's ``overrides`` (chosen by duels, see its README) replace a few of the
fitted weights. Every leave of a set gets a value from it. The bots' master, «Подсказка» and
the results page's «Лучшие ходы» all rank moves by this equity.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .layout import BLANK, CLASSIC_TILES, SLOVODEL_TILES, VOWELS

TILE_SETS = {"erudit": "classic", "scrabble": "classic", "slovodel": "slovodel"}
DATA = Path(__file__).resolve().parents[2] / "data" / "leaves"
SHAPE = ("repeat", "few_vowels", "many_vowels")


def tiles_of(tile_set: str) -> list[str]:
    return sorted(CLASSIC_TILES if tile_set == "classic" else SLOVODEL_TILES)


def feature_names(tile_set: str) -> list[str]:
    return tiles_of(tile_set) + list(SHAPE)


def features(tile_set: str, kept: str) -> list[float]:
    counts: dict[str, int] = {}
    for ch in kept:
        counts[ch] = counts.get(ch, 0) + 1
    out = [float(counts.get(ch, 0)) for ch in tiles_of(tile_set)]
    vowels = sum(n for ch, n in counts.items() if ch in VOWELS)
    consonants = sum(n for ch, n in counts.items() if ch not in VOWELS and ch != BLANK)
    out.append(float(sum(n - 1 for ch, n in counts.items() if n > 1 and ch != BLANK)))
    out.append(float(max(0, consonants - 1 - vowels)))  # a rack wants about as many vowels as consonants
    out.append(float(max(0, vowels - 1 - consonants)))
    return out


@lru_cache(maxsize=4)
def _weights(tile_set: str) -> tuple[float, ...]:
    path = DATA / f"{tile_set}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        table = dict(data["weights"])
    except (FileNotFoundError, KeyError, ValueError):
        return tuple(0.0 for _ in feature_names(tile_set))  # no table: every leave is worth nothing
    # the fit's weights for rare tiles and the rack's shape are noisy: the values duels chose replace them
    table.update(data.get("overrides", {}))
    return tuple(float(table.get(name, 0.0)) for name in feature_names(tile_set))


@lru_cache(maxsize=65536)
def leave_value(game_id: str, kept: str) -> float:
    """What keeping ``kept`` (letters, '?' for a blank) is worth in next-move points."""
    tile_set = TILE_SETS.get(game_id, "classic")
    if not kept:
        return 0.0
    return sum(w * x for w, x in zip(_weights(tile_set), features(tile_set, "".join(sorted(kept)))))


def kept_after(rack: str, move) -> str:
    left = list(rack)
    for _, ch, is_blank in move.tiles:
        left.remove(BLANK if is_blank else ch)
    return "".join(sorted(left))


def equity(game_id: str, rack: str, move, bag: int) -> float:
    """Score plus the leave's worth; the leave counts less as the bag runs low (fewer draws to come) and not at
    all once it is empty (then the end game search decides)."""
    if bag <= 0:
        return float(move.score)
    weight = 1.0 if bag >= 7 else bag / 7
    return move.score + weight * leave_value(game_id, kept_after(rack, move))


def best_by_equity(game_id: str, moves: list, rack: str, bag: int) -> dict | None:
    """The move «Подсказка» and «Лучшие ходы» offer: the highest equity (ties by the generator's fixed order),
    as the move's JSON with its ``equity`` beside its ``score``."""
    from .movegen import move_key

    if not moves:
        return None
    top = max(moves, key=lambda m: (equity(game_id, rack, m, bag), move_key(m)))
    out = top.to_json()
    out["equity"] = round(equity(game_id, rack, top, bag), 1)
    return out
