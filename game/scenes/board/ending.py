"""The end of a board game at the table: the results over the board (shown a moment after the last move, hidden to
look at the board), the «Лучшие ходы» pages (each turn's best alternative, with hints on), the buttons standing then,
and what is saved of the game: its GCG record, and from «Повтор партии» the final board with its score sheet."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pygame

from game import assets
from game.rules import load as load_rules
from game.scenes.base import ACCENT, DANGER, INK, INK_DIM, mix, panel
from game.scenes.board import replay as shown
from game.scenes.board.layout import FRAME, GOOD, GRID, veil
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel
from game.settings import games_dir

RESULTS_LOOK = ResultsLook(width=600, row_h=52, name_x=70, detail_size=20, detail_x=300, detail_right=True,
                           total_size=30)  # the tiles left on a rack in the middle column, what they cost or brought
REVIEW_ROWS = 14
# when the results show: after the last move, the winners' banner first; told only that the game is over, sooner
RESULTS_AFTER_END_MS = 1800.0
RESULTS_AFTER_OVER_MS = 1200.0


def shortened_path(path) -> str:
    """``path`` as a notice names it: its root and first folder, «…», the folder it lies in and its name, whole. A
    deep folder's full path did not fit the notice over the moves list even wrapped and shrank to 9 px letters."""
    parts = path.parts
    if len(parts) <= 5:
        return str(path)
    return str(type(path)(*parts[:2], "…", *parts[-2:]))


class Ending:
    def __init__(self, scene):
        self.scene = scene
        self.results_after = 0.0  # ms until the results show
        self.results_hidden = False
        self.review_page: int | None = None  # page of the «Лучшие ходы» list shown instead of the scores
        self.saved_gcg = None  # where the game's record was saved

    def showing(self) -> bool:
        # a replay keeps its last board in sight: the analysis beside it says who won and how
        scene = self.scene
        return scene.over and self.results_after <= 0 and not self.results_hidden and not scene.replaying

    def step(self, dt_ms: float) -> None:
        if self.results_after > 0:
            self.results_after -= dt_ms

    def game_ended(self) -> None:
        self.results_after = RESULTS_AFTER_END_MS

    def game_over(self) -> None:
        """The host says the game is over (after its last move, or to a window that did not see that move)."""
        if self.results_after <= 0:
            self.results_after = RESULTS_AFTER_OVER_MS
        if not self.scene.replaying:  # a replay saves what it is asked to (``export``)
            self.save_gcg()

    def buttons(self) -> list[tuple[str, str, bool]]:
        specs = [("results", "Итоги" if self.results_hidden else "Поле", True)]
        if self.best_alternatives():
            specs.append(("review", "Очки" if self.review_page is not None else "Лучшие ходы", True))
            if self.review_page is not None and self.review_pages() > 1:
                specs.append(("review_next", "Дальше", True))
        if self.scene.finished_journal() is not None:
            specs.append(("replay", "Повтор партии", True))
        return specs + [("leave", "В меню", True)]

    # ---- «Лучшие ходы»
    def toggle_review(self) -> None:
        self.results_hidden = False
        self.review_page = 0 if self.review_page is None else None

    def next_review_page(self) -> None:
        self.review_page = ((self.review_page or 0) + 1) % self.review_pages()

    def best_alternatives(self) -> list[dict]:
        return ((self.scene.view or {}).get("result") or {}).get("best_alternatives") or []

    def review_pages(self) -> int:
        return max(1, -(-len(self.best_alternatives()) // REVIEW_ROWS))

    def review_lines(self) -> list[tuple[str, str, str, str, str, bool]]:
        """(turn, who, played, its score, best alternative, better) for the shown page."""
        played_names = {"pass": "пас", "exchange": "обмен", "withdrawn": "снят"}
        entries = self.best_alternatives()
        start = (self.review_page or 0) * REVIEW_ROWS
        out = []
        for number, e in enumerate(entries[start:start + REVIEW_ROWS], start + 1):
            played = e.get("word") or "" if e["played"] == "place" else played_names.get(e["played"], e["played"])
            best = e.get("best")
            better = bool(best) and best["score"] > e["score"]
            worth = f" ({best['equity']:g})" if best and "equity" in best else ""  # the equity it was chosen by
            best_text = f"{best['word']}  {best['score']}{worth}" if best else "—"
            out.append((str(number), self.scene.name(e["seat"]), played, str(e["score"]), best_text, better))
        return out

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.review_page is not None and self.best_alternatives():
            self.draw_review(surface)
        else:
            self.draw_results(surface)

    def draw_review(self, surface: pygame.Surface) -> None:
        lines = self.review_lines()
        box = pygame.Rect(0, 0, 640, 150 + 30 * REVIEW_ROWS)
        box.center = GRID.center
        surface.blit(veil(), FRAME)
        surface.blit(panel(box.size, (16, 34, 30), ACCENT, 3, 22), box)
        title = "Лучшие ходы"
        if self.review_pages() > 1:
            title += f" · {(self.review_page or 0) + 1} из {self.review_pages()}"
        t = assets.text(title, 30, ACCENT, "heading")
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.top + 16)))
        columns = ((box.left + 56, "Ход", "topright"), (box.left + 72, "Кто", "topleft"),
                   (box.left + 220, "Сыграно", "topleft"), (box.left + 400, "Очки", "topright"),
                   (box.left + 424, "Лучший вариант", "topleft"))
        head_y = box.top + 64
        for x, text, anchor in columns:
            h = assets.text(text, 14, INK_DIM, "bold")
            surface.blit(h, h.get_rect(**{anchor: (x, head_y)}))
        for i, (number, who, played, score, best, better) in enumerate(lines):
            y = head_y + 24 + i * 30
            for (x, _, anchor), text, color in zip(columns, (number, who, played, score, best),
                                                   (INK_DIM, INK, INK, INK, GOOD if better else INK_DIM)):
                cell = assets.text(text, 18, color, "bold" if color is not INK_DIM else "text")
                surface.blit(cell, cell.get_rect(**{anchor: (x, y)}))
        note = assets.text("Зелёным — где можно было набрать больше", 15, INK_DIM)
        surface.blit(note, note.get_rect(midbottom=(box.centerx, box.bottom - 14)))

    def draw_results(self, surface: pygame.Surface) -> None:
        scene = self.scene
        view = scene.view
        result = view.get("result") or {}
        scores = result.get("scores", view.get("scores", []))
        adjustments = result.get("adjustments", view.get("adjustments", []))
        winners = result.get("winners", [])
        surface.blit(veil(), FRAME)
        if scene.me in winners:
            title = "Вы победили!" if len(winners) == 1 else "Ничья — и вы среди лучших!"
        else:
            title = "Победа: " + ", ".join(scene.name(s) for s in winners)
        penalties = result.get("time_penalties") or []
        timed = any(penalties)  # «Часы» took points off: each row says how many, after the tiles left
        rows = []
        for place, seat in enumerate(sorted(range(len(scores)), key=lambda s: -scores[s])):
            adj = adjustments[seat] if seat < len(adjustments) else 0
            fine = penalties[seat] if seat < len(penalties) else 0
            detail = f"{adj:+d}" if adj else "—"
            if timed:
                detail += f" · -{fine}" if fine else " · —"
            colour = GOOD if adj > 0 and not fine else (mix(DANGER, INK, 0.35) if adj < 0 or fine else INK_DIM)
            rows.append(ResultRow(f"{place + 1}. {scene.name(seat)}", str(scores[seat]), detail, seat in winners,
                                  colour, scene.face(seat, 40)))
        draw_results_panel(surface, GRID.center, title, rows, RESULTS_LOOK,
                           headers=("Игрок", "Остаток · время" if timed else "Остаток", "Очки"),
                           subtitle="Штраф за время: -10 очков за каждую начатую минуту сверх" if timed else "",
                           foot="«Поле» — посмотреть доску, «В меню» — выйти")

    # ---- what is kept of the game
    def keep(self, suffix: str, write: Callable[[Path], object], what: str, kept: str) -> Path | None:
        """Write a file of this game with the games (``write(path)``) and say where, or why not; its path or None.
        ``what``: what is saved, as «сохранить» takes it; ``kept``: as it is said saved."""
        scene = self.scene
        folder = games_dir()
        path = folder / f"{scene.game_id}-{time.strftime('%Y-%m-%d-%H%M%S')}.{suffix}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write(path)
        except (OSError, pygame.error) as exc:
            scene.app.toast(f"Не удалось сохранить {what}: {getattr(exc, 'strerror', None) or exc}.")
            return None
        scene.app.toast(f"{kept}: {shortened_path(path)}", 6000)
        return path

    def save_gcg(self) -> None:
        """A finished Эрудит or Скрэббл game is kept as GCG, the notation board players share."""
        text = ((self.scene.view or {}).get("result") or {}).get("gcg")
        if text:
            # a save that failed leaves the path of the last one
            self.saved_gcg = self.keep("gcg", lambda path: path.write_text(text, encoding="utf-8"), "запись партии",
                                       "Запись партии сохранена") or self.saved_gcg

    def replay_exports(self, replay) -> list[tuple[str, str]]:
        exports = [("png", "PNG")]
        if (replay.final_view.get("result") or {}).get("gcg"):  # Эрудит and Скрэббл: the notation board players share
            exports.append(("gcg", "GCG"))
        return exports

    def final_page(self, replay) -> pygame.Surface:
        """The game as it ended on one page: the board with its score sheet (and the analysis' summary)."""
        if replay.step != replay.last:
            replay.go(replay.last)
        return shown.score_page(replay.table, replay.analysis, load_rules(self.scene.game_id).title)

    def export(self, key: str, replay) -> None:
        """The final board with its score sheet as a picture, or the game's GCG record, saved with the games."""
        if replay.step != replay.last:
            replay.go(replay.last)  # both are of the game as it ended
        table = replay.table
        if key == "gcg":
            table.ending.save_gcg()
            return
        page = table.final_page(replay)
        self.keep("png", lambda path: pygame.image.save(page, str(path)), "картинку партии",
                  "Картинка партии сохранена")
