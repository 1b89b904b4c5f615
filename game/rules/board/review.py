"""After the game: each turn's best alternative (the «Подсказка» review), and GCG export."""
from __future__ import annotations

from .layout import BLANK, CELLS, SIZE
from .equity import best_by_equity
from .movegen import generate

RACK_SIZE = 7

TURN_KINDS = ("place", "withdrawn", "pass", "exchange")


def positions(rules, state):
    """(history entry, letters, points) before each turn, rebuilt from the history."""
    letters = [""] * CELLS
    pts = [0] * CELLS
    for h in rules.history(state):
        if h["kind"] in TURN_KINDS:
            yield h, list(letters), list(pts)
        if h["kind"] == "place":
            for r, c, ch, is_blank in h["tiles"]:
                letters[r * SIZE + c] = ch
                pts[r * SIZE + c] = 0 if is_blank else rules.points[ch]


def _played_word(h: dict) -> str:
    if h.get("main"):
        return h["main"][3].upper()
    words = h.get("words") or []
    return words[0].upper() if words else ""


def best_alternatives(rules, state, budget: int = 400_000) -> list[dict]:
    """Each turn's best move by equity (score + the worth of the tiles kept, as «Подсказка» ranks them)."""
    gen = rules.gen_rules(rules.source(state))
    total = sum(n for n, _ in rules.v.tiles.values())
    out = []
    for h, letters, pts in positions(rules, state):
        rack = h.get("rack", "")
        # the bag then: every tile not on the board nor on a full rack (a turn's history keeps only its own rack)
        bag = max(0, total - sum(1 for ch in letters if ch) - RACK_SIZE * state.players)
        moves = rules.scored_as_played(generate(letters, pts, rack, gen, budget=budget, spare_blanks=False),
                                       letters, pts, state.options, state.opening_min)
        top = best_by_equity(rules.game_id, moves, rack, bag)
        out.append({
            "seat": h["seat"],
            "played": h["kind"],
            "word": _played_word(h),
            "score": h.get("score", 0),
            "best": top,
        })
    return out


def _coord(row: int, col: int, across: bool) -> str:
    letter = "ABCDEFGHIJKLMNO"[col]
    return f"{row + 1}{letter}" if across else f"{letter}{row + 1}"


def gcg(rules, state, names: list[str] | None = None) -> str:
    """The game in GCG (Poslfit's Game Notation): played-through tiles are '.', blanks
    lower case, positions like 8D (across) or D8 (down)."""
    names = names or [f"Игрок {i + 1}" for i in range(state.players)]
    nick = [f"p{i + 1}" for i in range(state.players)]
    lines = ["#character-encoding UTF-8"]
    for i, name in enumerate(names):
        lines.append(f"#player{i + 1} {nick[i]} {name}")
    letters = [""] * CELLS
    totals = [0] * state.players

    def rack_text(rack: str) -> str:
        return rack.upper().replace(BLANK, "?")

    for h in rules.history(state):
        kind = h["kind"]
        seat = h["seat"]
        if kind == "place":
            main = h.get("main")
            new = {r * SIZE + c: (ch, bl) for r, c, ch, bl in h["tiles"]}
            if main:
                row, col, across, text = main
            else:
                (r, c, ch, bl), = h["tiles"][:1]
                row, col, across, text = r, c, True, ch
            step = 1 if across else SIZE
            start = row * SIZE + col
            word = []
            for i in range(len(text)):
                cell = start + i * step
                if cell in new:
                    ch, bl = new[cell]
                    word.append(ch.lower() if bl else ch.upper())
                else:
                    word.append(".")
            for cell, (ch, _) in new.items():
                letters[cell] = ch
            totals[seat] += h["score"]
            lines.append(f">{nick[seat]}: {rack_text(h['rack'])} {_coord(row, col, across)} {''.join(word)} "
                         f"+{h['score']} {totals[seat]}")
        elif kind == "withdrawn":
            lines.append(f">{nick[seat]}: {rack_text(h['rack'])} -- -0 {totals[seat]}")
        elif kind == "exchange":
            lines.append(f">{nick[seat]}: {rack_text(h['rack'])} -{rack_text(h.get('given', ''))} +0 {totals[seat]}")
        elif kind == "pass":
            if "rack" in h:
                lines.append(f">{nick[seat]}: {rack_text(h['rack'])} - +0 {totals[seat]}")
        elif kind == "time":  # points taken off for time over the clock's (GCG's time penalty)
            totals[seat] += h["score"]
            lines.append(f">{nick[seat]}: (time) {h['score']} {totals[seat]}")
        elif kind == "end":
            racks = h.get("racks", [])
            for i, adj in enumerate(h.get("adjustments", [])):
                if adj == 0:
                    continue
                totals[i] += adj
                if adj > 0:
                    others = "".join(r for j, r in enumerate(racks) if j != i)
                    lines.append(f">{nick[i]}: ({rack_text(others)}) +{adj} {totals[i]}")
                else:
                    lines.append(f">{nick[i]}: {rack_text(racks[i])} ({rack_text(racks[i])}) {adj} {totals[i]}")
    return "\n".join(lines) + "\n"
