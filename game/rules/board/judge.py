"""Judging one placement: geometry, the words it forms and its score.

Written straight from the rules text (independently of the move generator, which the
tests compare against this and a brute-force oracle).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.words_ru import count as count_of

from .layout import CELLS, CENTRE, SIZE


@dataclass(frozen=True)
class Formed:
    """A line of two or more tiles touched by the move."""

    cells: tuple  # board cells in reading order (left to right, top to bottom)
    text: str  # letters as laid
    across: bool
    new_cells: tuple  # which of ``cells`` were placed this turn

    @property
    def row(self) -> int:
        return self.cells[0] // SIZE

    @property
    def col(self) -> int:
        return self.cells[0] % SIZE


@dataclass
class Judgement:
    error: str = ""  # Russian reason when the geometry is wrong
    words: list = field(default_factory=list)  # [Formed]
    main: Formed | None = None  # the word along the move's line (classic games)


def _run(letters: list, cell: int, across: bool) -> tuple:
    step = 1 if across else SIZE
    r, c = divmod(cell, SIZE)
    pos = c if across else r
    start, p = cell, pos
    while p > 0 and letters[start - step]:
        start -= step
        p -= 1
    out = []
    q, p2 = start, p
    while p2 < SIZE and letters[q]:
        out.append(q)
        q += step
        p2 += 1
    return tuple(out)


def runs_through(letters: list, new_cells: list) -> list[Formed]:
    """Every maximal line of 2+ tiles containing a new tile, each once."""
    seen = set()
    out = []
    new = set(new_cells)
    for cell in new_cells:
        for across in (True, False):
            cells = _run(letters, cell, across)
            if len(cells) < 2 or (cells, across) in seen:
                continue
            seen.add((cells, across))
            out.append(Formed(cells, "".join(letters[c] for c in cells), across, tuple(c for c in cells if c in new)))
    return out


def _connected(cells: list) -> bool:
    todo = [cells[0]]
    left = set(cells[1:])
    while todo:
        c = todo.pop()
        r, k = divmod(c, SIZE)
        for n, ok in ((c - SIZE, r > 0), (c + SIZE, r < SIZE - 1), (c - 1, k > 0), (c + 1, k < SIZE - 1)):
            if ok and n in left:
                left.discard(n)
                todo.append(n)
    return not left


def _refuse_cells(letters, placed) -> "Judgement | None":
    """The checks every game makes first: something placed, on the board, on empty squares."""
    if not placed:
        return Judgement("Выставьте хотя бы одну фишку.")
    for c in sorted(placed):
        if not 0 <= c < CELLS:
            return Judgement("Фишка за пределами поля.")
        if letters[c]:
            return Judgement("Эта клетка уже занята.")
    return None


def judge_line(letters: list, placed: dict, first_min: int = 2) -> Judgement:
    """Эрудит/Скрэббл geometry. ``letters``: the board before the move; ``placed``: cell ->
    letter. Returns the words formed (not yet checked against the dictionary)."""
    refusal = _refuse_cells(letters, placed)
    if refusal is not None:
        return refusal
    cells = sorted(placed)
    rows = {c // SIZE for c in cells}
    cols = {c % SIZE for c in cells}
    if len(rows) > 1 and len(cols) > 1:
        return Judgement("Все фишки хода должны стоять в одном ряду или в одной колонке.")
    across = len(rows) == 1 and (len(cells) > 1 or _lone_across(letters, cells[0]))
    step = 1 if across else SIZE
    for c in range(cells[0], cells[-1] + 1, step):
        if c not in placed and not letters[c]:
            return Judgement("Фишки хода должны образовать непрерывную линию.")
    after = list(letters)
    for c, ch in placed.items():
        after[c] = ch
    empty = not any(letters)
    if empty:
        if CENTRE not in placed:
            return Judgement("Первое слово должно проходить через центральную клетку.")
        if len(placed) < first_min:
            if first_min > 2:
                return Judgement(f"Первое слово должно быть не короче {count_of(first_min, 'буквы')}.")
            return Judgement("Первое слово должно состоять хотя бы из двух букв.")
    words = runs_through(after, cells)
    if not words:
        return Judgement("Одна буква — ещё не слово: приставьте её к другим.")
    if not empty and not any(len(w.new_cells) < len(w.cells) for w in words):
        return Judgement("Новое слово должно соприкасаться с уже выложенными.")
    main = next((w for w in words if w.across == across and placed.keys() <= set(w.cells)), None)
    return Judgement("", words, main)


def _lone_across(letters: list, cell: int) -> bool:
    c = cell % SIZE
    return (c > 0 and bool(letters[cell - 1])) or (c < SIZE - 1 and bool(letters[cell + 1]))


def judge_free(letters: list, placed: dict) -> Judgement:
    """Словодел geometry: any number of words anywhere; every line of 2+ tiles touched is a
    word and, after the first turn, each uses a tile already on the board."""
    refusal = _refuse_cells(letters, placed)
    if refusal is not None:
        return refusal
    cells = sorted(placed)
    after = list(letters)
    for c, ch in placed.items():
        after[c] = ch
    empty = not any(letters)
    words = runs_through(after, cells)
    in_words = set()
    for w in words:
        in_words.update(w.new_cells)
    if len(in_words) < len(cells):
        return Judgement("Каждая выставленная буква должна входить в слово из двух и более букв.")
    if empty:
        if CENTRE not in placed:
            return Judgement("Первое слово должно пересекать центр поля.")
        if not _connected(cells):
            return Judgement("Буквы первого хода должны стоять вместе.")
    else:
        for w in words:
            if len(w.new_cells) == len(w.cells):
                return Judgement("Каждое новое слово должно использовать букву, уже стоящую на поле.")
    return Judgement("", words, None)


def score_classic(placed: dict, blanks: set, words: list, points: dict, board_points: list,
                  letter_mul, word_mul, bingo: int, rack_size: int = 7) -> tuple[int, list[int]]:
    """Letter premiums, then word premiums, only under new tiles; each word counts; +bingo
    after multiplying. Returns the total and each word's score."""
    per_word = []
    for w in words:
        total = 0
        mul = 1
        for c in w.cells:
            if c in placed:
                total += (0 if c in blanks else points[placed[c]]) * letter_mul[c]
                mul *= word_mul[c]
            else:
                total += board_points[c]
        per_word.append(total * mul)
    score = sum(per_word)
    if len(placed) == rack_size:
        score += bingo
    return score, per_word


def score_tiles(placed: dict, blanks: set, points: dict, letter_mul, bingo: int, rack_size: int = 7) -> int:
    """Словодел: each placed letter's points times its square's multiplier; +bingo for seven."""
    score = sum((0 if c in blanks else points[ch]) * letter_mul[c] for c, ch in placed.items())
    if len(placed) == rack_size:
        score += bingo
    return score
