"""«Скрэббл наоборот» (scrabble.txt): after the game is scored, from the final board, in turn from the starter,
each takes 1–6 tiles of one word off, leaving connected valid words; a removal scores the face value of the tiles
taken, in a column of its own. It ends when the board is empty or everyone passed once in a row."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected
from game.rules.flow import Phase

from .. import judge
from ..actions import Pass, Passed, PhaseChanged, check_tuples
from ..layout import CELLS, SIZE
from ..phases import P
from .base import TURN, BoardVariant, LoggedMove, Opening, PhaseLook, Pick, Tally, VariantLook

MOST_TAKEN = 6
OFFERED_REMOVALS = 6  # how many removals legal_actions lists


class ReversePhase(Phase):
    REVERSE = "reverse"


@dataclass(frozen=True)
class Remove(Action):
    """Take 1–6 tiles of one word off the board: ((row, col), ...)."""

    kind: ClassVar[str] = "remove"
    cells: tuple

    def check_types(self):
        check_tuples(self.cells, 2, (int, int), "cells")


@dataclass(frozen=True)
class Removed(Event):
    kind: ClassVar[str] = "removed"
    seat: int
    cells: tuple
    score: int


class Reverse(BoardVariant):
    rule = HouseRule("reverse", "Скрэббл наоборот", "После партии: по очереди снимайте с поля 1–6 фишек одного "
                     "слова, оставляя верные связанные слова; очки — номинал снятых фишек.", False)
    classic_only = True
    actions = (Remove,)
    free_form = (Remove,)  # the legal list offers a sample of the removals
    events = (Removed,)
    phases = (ReversePhase.REVERSE,)
    unknown_in_phase = "В «Скрэббл наоборот» можно только снимать фишки или пасовать."
    state_fields = (
        ("removed", list),  # tiles off the board for good
        ("reverse_scores", list),
        ("reverse_passes", int),
    )
    look = VariantLook(
        phases={ReversePhase.REVERSE: PhaseLook(
            TURN, "Скрэббл наоборот",
            pick=Pick(Remove.kind, "Снять", MOST_TAKEN, "Выберите фишки одного слова",
                      "Выберите фишки одного слова, которые хотите снять."),
            opening=Opening("Скрэббл наоборот", "Выберите фишки одного слова и нажмите «Снять»"))},
        sounds={Removed.kind: "tile_return"},
        logged={Remove.kind: LoggedMove("снято", "cells", "фишка")},
        tallies=(Tally("снято", "reverse_scores", (ReversePhase.REVERSE,)),),
    )

    def start(self, rules, state):
        state.reverse_scores = [0] * state.players

    def tile_places(self, state):
        return [("снятые", state.removed, False)]

    def view(self, rules, state, seat):
        return {"reverse_scores": list(state.reverse_scores)} if self.on(state.options) else {}

    def result(self, rules, state):
        if not self.on(state.options):
            return {}
        return {"reverse_scores": list(state.reverse_scores), "reverse_winners": rules.winners(state.reverse_scores)}

    def after_game(self, rules, state):
        if not any(state.cells):
            return None
        state.phase = ReversePhase.REVERSE
        state.turn = state.starter
        state.reverse_passes = 0
        return [PhaseChanged(ReversePhase.REVERSE, state.turn)]

    # ---- what may be taken
    def removal_problem(self, rules, state, cells: list[int]) -> str:
        """Why removing ``cells`` is not allowed ('' when it is)."""
        if not 1 <= len(cells) <= MOST_TAKEN:
            return "Снимать можно от одной до шести фишек."
        if len(set(cells)) != len(cells) or not all(0 <= c < CELLS and state.cells[c] for c in cells):
            return "Снимать можно только фишки, стоящие на поле."
        letters, _ = rules.letters_of(state)
        word_ok = False
        for across in (True, False):
            run = judge._run(letters, cells[0], across)
            if len(run) >= 2 and set(cells) <= set(run):
                word_ok = True
        if not word_ok:
            return "Все снимаемые фишки должны принадлежать одному слову."
        after = list(letters)
        for c in cells:
            after[c] = ""
        rest = [i for i in range(CELLS) if after[i]]
        if rest:
            if not judge._connected(rest):
                return "Оставшиеся слова должны быть связаны между собой."
            source = rules.source(state)
            allowed = rules.allowed_words(state)
            seen = set()
            for c in rest:
                for across in (True, False):
                    run = judge._run(after, c, across)
                    if len(run) < 2 or (run, across) in seen:
                        continue
                    seen.add((run, across))
                    text = "".join(after[i] for i in run)
                    ok, why, _ = rules.verdict(source, text, allowed)
                    if not ok:
                        return f"После этого на поле останется «{text.upper()}»: {why}."
        return ""

    def removal_sample(self, rules, state, limit: int = OFFERED_REMOVALS) -> list[tuple]:
        letters, _ = rules.letters_of(state)
        seen_runs = set()
        candidates: list[list[int]] = []
        for c in range(CELLS):
            if not letters[c]:
                continue
            for across in (True, False):
                run = judge._run(letters, c, across)
                if len(run) < 2 or run in seen_runs:
                    continue
                seen_runs.add(run)
                n = len(run)
                if n <= MOST_TAKEN:
                    candidates.append(list(run))
                for k in range(1, min(MOST_TAKEN, n - 1) + 1):
                    candidates.append(list(run[:k]))
                    candidates.append(list(run[n - k:]))
        out = []
        seen = set()
        for cells in candidates:
            key = tuple(sorted(cells))
            if key in seen:
                continue
            seen.add(key)
            if not self.removal_problem(rules, state, list(key)):
                out.append(tuple((c // SIZE, c % SIZE) for c in key))
                if len(out) >= limit:
                    break
        return out

    # ---- its phase
    def legal_in_phase(self, rules, state, seat):
        if rules.turn_refusal(state, seat):
            return []
        return [Remove(cells) for cells in self.removal_sample(rules, state)] + [Pass()]

    def phase_handlers(self):
        return {Remove: self._remove, Pass: self._pass}

    def _remove(self, rules, state, seat, action, t_ms):
        cells = []
        for r, c in action.cells:
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                raise Rejected("Клетка за пределами поля.")
            cells.append(r * SIZE + c)
        problem = self.removal_problem(rules, state, cells)
        if problem:
            raise Rejected(problem)
        score = 0
        for c in cells:
            t = state.cells[c]
            score += rules.points[state.faces[t]]
            state.cells[c] = 0
            state.blank_as.pop(t, None)
            state.removed.append(t)
        state.reverse_scores[seat] += score
        state.reverse_passes = 0
        rules.log(state, {"seat": seat, "kind": "remove", "score": score, "total": state.reverse_scores[seat],
                          "cells": [[c // SIZE, c % SIZE] for c in cells]})
        events: list = [Removed(seat, tuple((c // SIZE, c % SIZE) for c in cells), score)]
        if not any(state.cells):
            rules.close(state)
            return events + [PhaseChanged(P.OVER, state.turn)]
        state.turn = (state.turn + 1) % state.players
        return events + [PhaseChanged(ReversePhase.REVERSE, state.turn)]

    def _pass(self, rules, state, seat, action, t_ms):
        state.reverse_passes += 1
        rules.log(state, {"seat": seat, "kind": "pass", "score": 0, "total": state.reverse_scores[seat]})
        if state.reverse_passes >= state.players:
            rules.close(state)
            return [Passed(seat), PhaseChanged(P.OVER, state.turn)]
        state.turn = (state.turn + 1) % state.players
        return [Passed(seat), PhaseChanged(ReversePhase.REVERSE, state.turn)]


VARIANT = Reverse()
