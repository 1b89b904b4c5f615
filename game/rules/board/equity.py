"""Equity of a board move: its score plus the worth of the tiles it keeps (the «leave»).

The worth of a leave is a linear model learned by self-play (tools/build_leaves.py) and shipped in
game/data/leaves/<tile set>.json: a weight per tile kept, one for every repeat of a tile, and two for
kept vowels falling short of or exceeding the consonants (Эрудит and Скрэббл share the classic set,
Словодел has its own), where the file's ``overrides`` (chosen by duels, see its README) replace a few of the
fitted weights. Every leave of a set gets a value from it. The bots' master, «Подсказка» and
the results page's «Лучшие ходы» all rank moves by this equity.

Скрэббл adds what the linear model cannot see: a leave's chance of becoming a seven-letter word with the next
draw (a «бинго», +50). One random Скрэббл rack in six is such a word (one in thirty in Эрудит, whose lexicon holds
only nouns), so keeping letters that lead to one pays; the chance comes from the game's seven-letter racks
(tools/build_bingo_leaves.py), drawn from the full tile set, and counts relative to an empty leave's.
"""
from __future__ import annotations

import json
import lzma
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

from .layout import BLANK, CLASSIC_TILES, RACK, SLOVODEL_TILES, VOWELS

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
def _table(tile_set: str) -> dict:
    try:
        return json.loads((DATA / f"{tile_set}.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}  # no table: every leave is worth nothing


@lru_cache(maxsize=4)
def _weights(tile_set: str) -> tuple[float, ...]:
    data = _table(tile_set)
    table = dict(data.get("weights", {}))
    # the fit's weights for rare tiles and the rack's shape are noisy: the values duels chose replace them
    table.update(data.get("overrides", {}))
    return tuple(float(table.get(name, 0.0)) for name in feature_names(tile_set))


def whole_leaves(tile_set: str) -> dict[str, float]:
    """What the linear model misses for leaves seen often enough, each a whole leave (sorted letters):
    ``tools/build_leaves.py --whole-leaves`` (none shipped: an empty table changes nothing)."""
    return _table(tile_set).get("whole_leaves", {})


# what a leave's chance of a bingo next turn is worth, in points per certainty: the +50 of a seven-tile move,
# chosen by duels (see game/data/leaves/README.md); Эрудит and Словодел play without it (it lost there)
BINGO_WORTH = {"scrabble": 50.0}
BINGO_SHORT_LEAVES = (3, 4)  # shipped: too many draws to try at play time
BINGO_LONG_LEAVES = (5, 6)  # tried at play time against the racks


def bingo_pool(game_id: str) -> tuple[dict[str, int], int]:
    """The full tile set's letters (blanks left out: drawing one is not counted as completing a word) and size."""
    tiles = SLOVODEL_TILES if TILE_SETS.get(game_id) == "slovodel" else CLASSIC_TILES
    return {ch: n for ch, (n, _) in tiles.items() if ch != BLANK}, sum(n for n, _ in tiles.values())


@lru_cache(maxsize=4)
def _sevens(game_id: str) -> frozenset[str]:
    text = lzma.decompress((DATA / f"{game_id}-sevens.txt.xz").read_bytes()).decode("utf-8")
    return frozenset("".join(sorted(word)) for word in text.split())


@lru_cache(maxsize=4)
def _short_chances(game_id: str) -> dict[str, float]:
    text = lzma.decompress((DATA / f"{game_id}-bingo-short.txt.xz").read_bytes()).decode("utf-8")
    pairs = (line.split() for line in text.splitlines())
    return {leave: int(millionths) / 1_000_000 for leave, millionths in pairs}


def chance_from_racks(racks: frozenset[str], counts: dict[str, int], total: int, kept: str) -> float:
    """The chance that ``kept`` (sorted letters) and a draw to a full rack from the full set less ``kept`` make
    one of ``racks``: every draw tried, each weighed by its hypergeometric chance."""
    need = RACK - len(kept)
    held: dict[str, int] = {}
    for ch in kept:
        held[ch] = held.get(ch, 0) + 1
    left = {ch: n - held.get(ch, 0) for ch, n in counts.items() if n > held.get(ch, 0)}
    chance = 0.0
    for drawn in combinations_with_replacement(sorted(left), need):
        if "".join(sorted(kept + "".join(drawn))) not in racks:
            continue
        ways = 1
        for ch in set(drawn):
            ways *= comb(left[ch], drawn.count(ch))
        chance += ways
    return chance / comb(total - len(kept), need)


@lru_cache(maxsize=4)
def _fresh_chance(game_id: str) -> float:
    """An empty leave's chance: seven fresh tiles make a word (summed over the racks: trying every draw of seven
    would be 15 million questions)."""
    counts, total = bingo_pool(game_id)
    ways = 0
    for rack in _sevens(game_id):
        rack_ways = 1
        for ch in set(rack):
            rack_ways *= comb(counts.get(ch, 0), rack.count(ch))
        ways += rack_ways
    return ways / comb(total, RACK)


def bingo_chance(game_id: str, kept: str) -> float | None:
    """The chance that ``kept`` (sorted letters, no blank) becomes a seven-letter word with the next draw, or None
    where the game or the leave's size takes no bingo term."""
    if game_id not in BINGO_WORTH or BLANK in kept:
        return None
    if len(kept) in BINGO_SHORT_LEAVES:
        return _short_chances(game_id).get(kept, 0.0)
    if len(kept) in BINGO_LONG_LEAVES:
        counts, total = bingo_pool(game_id)
        return chance_from_racks(_sevens(game_id), counts, total, kept)
    return None


@lru_cache(maxsize=65536)
def leave_value(game_id: str, kept: str) -> float:
    """What keeping ``kept`` (letters, '?' for a blank) is worth in next-move points."""
    tile_set = TILE_SETS.get(game_id, "classic")
    if not kept:
        return 0.0
    kept = "".join(sorted(kept))
    value = sum(w * x for w, x in zip(_weights(tile_set), features(tile_set, kept)))
    value += whole_leaves(tile_set).get(kept, 0.0)
    chance = bingo_chance(game_id, kept)
    if chance is not None:
        value += BINGO_WORTH[game_id] * (chance - _fresh_chance(game_id))
    return value


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
