"""``python -m game moves --game erudit|scrabble|slovodel --json --position FILE [FILE...]``:
every legal move for a rack on a position, one JSON line per file."""
from __future__ import annotations

import json
import sys
import time

from game import rules as rules_registry
from game.rules.board.layout import ALPHABET, BLANK, CELLS, SIZE
from game.rules.words_ru import count as count_of

GAMES = tuple(g.id for g in rules_registry.GAMES if g.word_board)


class PositionError(ValueError):
    """A malformed position file; the message is Russian and names the line."""


def parse_position(text: str, name: str = "файл") -> tuple[list, list[bool], str]:
    """(letters of 225 cells, which cells hold a blank, rack) from a position file."""
    rack = None
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if line.startswith("#") or (not line.strip() and rack is None and not rows):
            continue
        if rack is None:
            if not line.lower().startswith("rack:"):
                raise PositionError(f"{name}, строка {number}: ожидалась строка «rack: БУКВЫ», а здесь «{line[:30]}».")
            rack = line.split(":", 1)[1].strip().lower()
            if not rack or len(rack) > 7 or any(ch not in ALPHABET and ch != BLANK for ch in rack):
                raise PositionError(f"{name}, строка {number}: на подставке должно быть от 1 до 7 русских букв "
                                    f"или «?», а здесь «{rack[:30]}».")
            continue
        if not line.strip() and len(rows) == SIZE:
            continue
        if len(rows) >= SIZE:
            raise PositionError(f"{name}, строка {number}: лишняя строка — у поля ровно {count_of(SIZE, 'строка')}.")
        if len(line) != SIZE:
            raise PositionError(f"{name}, строка {number}: в строке поля должно быть {SIZE} знаков, а их {len(line)}.")
        for ch in line:
            if ch != "." and ch.lower() not in ALPHABET:
                raise PositionError(f"{name}, строка {number}: непонятный знак «{ch}» — допустимы «.» и русские буквы.")
        rows.append((number, line))
    if rack is None:
        raise PositionError(f"{name}: нет строки «rack: БУКВЫ».")
    if len(rows) != SIZE:
        raise PositionError(f"{name}: у поля {count_of(len(rows), 'строка')} вместо {SIZE}.")
    letters = [""] * CELLS
    blanks = [False] * CELLS
    for r, (_, line) in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                letters[r * SIZE + c] = ch.lower()
                blanks[r * SIZE + c] = ch.islower()
    return letters, blanks, rack


def moves_for_file(game_id: str, path: str) -> dict:
    from game.rules import load
    from game.rules.board import words as wordsrc
    from game.rules.board.movegen import generate, move_key

    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"{path}: не удаётся прочитать файл ({exc.__class__.__name__}).") from exc
    letters, blanks, rack = parse_position(text, path)
    rules = load(game_id)
    gen = rules.gen_rules(wordsrc.load(game_id, {}))
    points = [0 if blanks[i] or not letters[i] else rules.points.get(letters[i], 0) for i in range(CELLS)]
    start = time.perf_counter()
    moves = generate(letters, points, rack, gen)
    ms = (time.perf_counter() - start) * 1000
    moves.sort(key=move_key, reverse=True)
    return {"file": path, "ms": round(ms, 2), "moves": [m.to_json() for m in moves]}


def run(args) -> int:
    status = 0
    for path in args.position:
        try:
            out = moves_for_file(args.game, path)
        except PositionError as exc:
            print(f"Ошибка: {exc}", file=sys.stderr)
            status = 1
            continue
        if args.json:
            print(json.dumps(out, ensure_ascii=False), flush=True)
        else:
            print(f"{path}: {count_of(len(out['moves']), 'ход')} за {out['ms']} мс")
            for m in out["moves"][:20]:
                print(f"  {m['word']:<15} {m['row']},{m['col']} {m['dir']:<6} {m['score']}")
    return status


def register(subparsers) -> None:
    p = subparsers.add_parser("moves", help="все ходы для подставки на позиции (Эрудит, Скрэббл, Словодел)")
    p.add_argument("--game", required=True, choices=GAMES, metavar="ИГРА", help="игра: " + ", ".join(GAMES))
    p.add_argument("--json", action="store_true", help="одна строка JSON на файл")
    p.add_argument("--position", nargs="+", required=True, metavar="ФАЙЛ")
    p.set_defaults(func=run)
