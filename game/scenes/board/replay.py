"""What «Повтор партии» shows of a board game beside its table: the moves list with the master's move beside each
(what it would have scored and the equity the move gave away), the move of the step in the strip over the rack, the
players' summary at the end (points left on the table, bingos, the best and the worst move), and the one-page picture
of the final board with its score sheet. The analysis is game.net.analysis's, told by the viewer as it comes."""
from __future__ import annotations

import pygame

from game import art, assets
from game.rules.board import LOOK
from game.rules.words_ru import count as count_of
from game.scenes.base import (ACCENT, DANGER_TEXT, GOLD, INK, INK_DIM, PANEL, PANEL_EDGE, draw_background, fitted_text,
                              mix, panel)
from game.scenes.board.layout import FRAME, GOOD, PREVIEW, history_rect
from game.scenes.board.moves import is_loss, move_said, score_said

LOSS = DANGER_TEXT
ROW_SIZE = 15
PLAYED_X, SCORE_X, MASTER_X = 100, 300, 312  # from the panel's left: the move, its score (right edge), the master's
# a move by its kind in a word (a variant's logged moves by their looks' names)
PLAYED_NAMES = {"pass": "пас", "exchange": "обмен", "withdrawn": "ход снят", "end": "конец",
                **{kind: move.name for kind, move in LOOK.logged.items()}}


def number(value: float) -> str:
    """«9,5», «–3», as Russian writes a number (the dash: the text faces have no minus sign)."""
    text = f"{abs(value):.1f}".rstrip("0").rstrip(".").replace(".", ",")
    return ("–" if value < 0 else "") + text


def signed(value: float) -> str:
    """«+1,5», «–3,2», «0»: a difference of equity."""
    return ("+" if value > 0 else "") + number(value)


def played_text(turn) -> str:
    if turn.kind == "place":
        return " + ".join(turn.words) + (" (все 7!)" if turn.bingo else "")
    return PLAYED_NAMES.get(turn.kind, turn.kind)


def master_text(review) -> tuple[str, tuple]:
    """The master's column of a reviewed turn, and its colour: «= мастер» where it would have done the same."""
    if review.best is None:
        return "—", INK_DIM
    if review.same:
        return "= мастер", GOOD
    best = review.best
    score = f" +{best.score}" if best.kind == "place" else ""
    return played_text(best) + score, INK


def row_height() -> int:
    return assets.text("Ёу", ROW_SIZE, INK).get_height() + 1


def draw_moves(surface: pygame.Surface, scene, replay) -> None:
    """The moves list of the step shown, each move with the master's beside it (or the summary at the end)."""
    rect = history_rect(scene.players)
    analysis = replay.analysis
    head_y = rect.top + 6
    at_end = replay.step >= replay.last and analysis is not None
    if analysis is not None and not at_end:
        heads = (("ход мастера", "topleft", rect.left + MASTER_X), ("эквити", "topright", rect.right - 14))
        for text, anchor, x in heads:
            label = assets.text(text, 13, INK_DIM, "bold")
            surface.blit(label, label.get_rect(**{anchor: (x, head_y + 2)}))
    bottom = rect.bottom - 6
    if replay.analysis is None:
        bottom = draw_progress(surface, rect, replay) - 4
    if at_end:
        draw_summary(surface, scene, analysis, rect.inflate(-28, 0), rect.top + 28, bottom)
        return
    history = scene.view.get("history", [])
    line_h = row_height()
    y = scene.notice_zone().bottom + 4 if scene.notice_up() else rect.top + 28
    rows = max(1, (bottom - y) // line_h)
    first = max(0, len(history) - rows)
    current = analysis.at(replay.step) if analysis is not None else None
    if not history:
        surface.blit(assets.text("Пока ни одного хода", ROW_SIZE, INK_DIM), (rect.left + 14, y))
    for index in range(first, len(history)):
        item = history[index]
        review = analysis.of_logged(index) if analysis is not None else None
        if review is not None and review is current:  # the step's move, outlined (a lighter fill dimmed its words)
            pygame.draw.rect(surface, ACCENT, (rect.left + 6, y - 1, rect.width - 12, line_h), 1, border_radius=6)
        draw_row(surface, scene, rect, y, item, review)
        y += line_h


def draw_row(surface: pygame.Surface, scene, rect: pygame.Rect, y: int, item: dict, review) -> None:
    kind = item.get("kind")
    seat = item.get("seat", -1)
    who = scene.name(seat) if seat >= 0 else ("Конец" if kind == "end" else "")
    surface.blit(fitted_text(who, ROW_SIZE, INK_DIM, "bold", PLAYED_X - 20), (rect.left + 14, y))
    text = move_said(item, scene.name)
    if kind == "end":
        surface.blit(fitted_text(text, ROW_SIZE, ACCENT, "bold", rect.right - 14 - (rect.left + PLAYED_X)),
                     (rect.left + PLAYED_X, y))
        return
    score = item.get("score", 0)
    score_label = assets.text(score_said(item), ROW_SIZE, LOSS if score < 0 else GOLD if score else INK_DIM, "bold")
    score_at = score_label.get_rect(topright=(rect.left + SCORE_X, y))
    played = fitted_text(text, ROW_SIZE, LOSS if is_loss(item) else INK if kind == "place" else INK_DIM,
                         "bold" if kind == "place" else "text",
                         score_at.left - 8 - (rect.left + PLAYED_X))
    surface.blit(played, (rect.left + PLAYED_X, y))
    surface.blit(score_label, score_at)
    if review is None:
        return
    right = rect.right - 14
    if not review.same and review.best is not None:
        # the equity the move played had against the master's: less (lost, in red) or more (the master chose by its
        # look-ahead, which the static equity does not see)
        label = assets.text(signed(-review.loss), ROW_SIZE,
                            LOSS if review.loss > 0 else INK_DIM, "bold")
        surface.blit(label, label.get_rect(topright=(right, y)))
        right -= label.get_width() + 8
    text, colour = master_text(review)
    surface.blit(fitted_text(text, ROW_SIZE, colour, "bold" if colour is not INK_DIM else "text",
                             right - (rect.left + MASTER_X)), (rect.left + MASTER_X, y))


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, replay) -> int:
    """The analysis under way (or why there is none) at the bottom of the panel; the top of what it took."""
    if replay.analysis_error:
        label = fitted_text(replay.analysis_error, 14, LOSS, "bold", rect.width - 28)
        at = label.get_rect(bottomleft=(rect.left + 14, rect.bottom - 8))
        surface.blit(label, at)
        return at.top
    share = replay.progress.share
    bar = pygame.Rect(rect.left + 14, rect.bottom - 18, rect.width - 28, 8)
    pygame.draw.rect(surface, (40, 70, 64), bar, border_radius=4)
    if share > 0:
        done = bar.copy()
        done.width = max(8, round(bar.width * share))
        pygame.draw.rect(surface, ACCENT, done, border_radius=4)
    label = assets.text(f"Мастер разбирает партию: {round(share * 100)} %", 14, INK, "bold")
    at = label.get_rect(bottomleft=(bar.left, bar.top - 3))
    surface.blit(label, at)
    return at.top


def summary_lines(scene, analysis, name=None) -> list[tuple[str, str, bool]]:
    """(a player's name and score, what the analysis says of their game, a winner) for each player; ``name``: how a
    seat is named (the table's «Вы» for its own, by default)."""
    name = name or scene.name
    view = scene.view
    scores = view.get("scores", [])
    winners = (view.get("result") or {}).get("winners", [])
    out = []
    for player in analysis.players:
        seat = player.seat
        head = f"{name(seat)} — {count_of(scores[seat] if seat < len(scores) else 0, 'очко')}"
        parts = [f"упущено {count_of(player.left_on_table, 'очко')}", f"бинго: {player.bingos}"]
        if player.best is not None:
            parts.append(f"лучший: {played_text(player.best.played)} +{player.best.played.score}")
        if player.worst is not None:
            parts.append(f"худший: {played_text(player.worst.played)} ({number(-player.worst.loss)})")
        out.append((head, " · ".join(parts), seat in winners))
    return out


SUMMARY_LOOKS = ((16, 14, 6), (15, 13, 2), (14, 12, 0))  # name size, detail size, gap: the largest that fits


def draw_summary(surface: pygame.Surface, scene, analysis, box: pygame.Rect, top: int, bottom: int) -> None:
    """Each player's name and score over what the analysis says of their game, as large as the room lets."""
    lines = summary_lines(scene, analysis)
    for name_size, detail_size, gap in SUMMARY_LOOKS:
        height = len(lines) * (assets.text("Ёу", name_size, INK, "bold").get_height()
                               + assets.text("Ёу", detail_size, INK).get_height() + gap)
        if top + height <= bottom:
            break
    else:  # four players in large text: a line each
        y = top
        for head, detail, winner in lines:
            line = fitted_text(f"{head}: {detail}", 13, GOLD if winner else INK, "text", box.width)
            surface.blit(line, (box.left, y))
            y += line.get_height()
        return
    y = top
    for head, detail, winner in lines:
        name = fitted_text(head + (" · победа" if winner else ""), name_size, GOLD if winner else INK, "bold",
                           box.width)
        surface.blit(name, (box.left, y))
        y += name.get_height()
        line = fitted_text(detail, detail_size, mix(INK_DIM, INK, 0.4), "text", box.width)
        surface.blit(line, (box.left, y))
        y += line.get_height() + gap


def step_line(scene, replay) -> tuple[str, tuple]:
    """The strip over the rack: the step's move against the master's, the progress, or the end."""
    analysis = replay.analysis
    if replay.step >= replay.last:
        winners = (scene.view.get("result") or {}).get("winners", [])
        return "Партия окончена · победа: " + ", ".join(scene.seat_name(s) for s in winners), ACCENT
    if analysis is None:
        return ("", INK_DIM) if not replay.analysis_error else ("", INK_DIM)
    review = analysis.at(replay.step)
    if review is None:
        return "", INK_DIM
    who = scene.seat_name(review.seat)
    if review.same:
        return f"{who}: {played_text(review.played)} — мастер сыграл бы так же", GOOD
    text, _ = master_text(review)
    lost = f" · эквити {signed(-review.loss)}" if review.loss else ""
    return f"Мастер: {text} вместо {played_text(review.played)} (подставка {review.rack}){lost}", INK


def draw_step_line(surface: pygame.Surface, scene, replay) -> None:
    text, colour = step_line(scene, replay)
    if not text:
        return
    label = fitted_text(text, 16, colour, "bold", PREVIEW.width - 12)
    surface.blit(label, label.get_rect(center=PREVIEW.center))


# ---------------------------------------------------------------------------------------------- the page
PAGE_W = 1280
SHEET_X = FRAME.right + 40
ROW = 20
SUMMARY_ROW = 46


def score_page(scene, analysis, title: str) -> pygame.Surface:
    """The final board (the table's own board layer) with the score sheet beside it: every player's moves with their
    scores and running totals, the end-of-game tiles, and the analysis' summary when there is one."""
    view = scene.view
    players = scene.players
    history = view.get("history", [])
    columns = [[h for h in history if h.get("seat") == seat and h.get("kind") != "end"] for seat in range(players)]
    longest = max((len(c) for c in columns), default=0)
    summary = summary_lines(scene, analysis, scene.seat_name) if analysis is not None else []
    sheet_top, moves_top = 70, 70 + 52
    summary_top = moves_top + ROW * (longest + 2) + 16
    sheet_bottom = summary_top + (28 + SUMMARY_ROW * len(summary) if summary else 0) + 12
    page = pygame.Surface((PAGE_W, max(FRAME.bottom + 70, sheet_bottom + 20)))
    draw_background(page)
    page.blit(scene.board.layer(), FRAME.move(0, 40))
    scores = view.get("scores", [])
    winners = (view.get("result") or {}).get("winners", [])
    title = f"{title}: " + " — ".join(f"{scene.seat_name(s)} {scores[s]}" for s in range(players))
    page.blit(fitted_text(title, 26, ACCENT, "heading", PAGE_W - 40), (FRAME.left, 14))
    sheet = pygame.Rect(SHEET_X, sheet_top, PAGE_W - SHEET_X - 20, sheet_bottom - sheet_top)
    page.blit(panel(sheet.size, PANEL, PANEL_EDGE, 2, 14), sheet)
    width = (sheet.width - 24) // max(1, players)
    for seat, moves in enumerate(columns):
        x = sheet.left + 12 + seat * width
        page.blit(art.avatar_for_seat(seat, 28), (x, sheet.top + 12))
        name = fitted_text(scene.seat_name(seat), 18, GOLD if seat in winners else INK, "bold", width - 40)
        page.blit(name, (x + 34, sheet.top + 16))
        y = moves_top
        for move in moves:
            text = " + ".join(move.get("words", [])) if move.get("kind") == "place" else \
                PLAYED_NAMES.get(move.get("kind"), move.get("kind", ""))
            score = assets.text(f"{move.get('score', 0)}  {move.get('total', 0)}", 13, INK_DIM)
            page.blit(score, score.get_rect(topright=(x + width - 10, y)))
            page.blit(fitted_text(text, 13, INK, "text", width - 16 - score.get_width()), (x, y))
            y += ROW
        adjustments = view.get("adjustments", [])
        if seat < len(adjustments) and adjustments[seat]:
            page.blit(assets.text(f"остаток {adjustments[seat]:+d}", 13, ACCENT), (x, y))
            y += ROW
        page.blit(assets.text(f"Итого {scores[seat] if seat < len(scores) else 0}", 16, GOLD, "bold"), (x, y + 4))
    y = summary_top
    if summary:
        page.blit(assets.text("Разбор мастера", 16, ACCENT, "bold"), (sheet.left + 12, y))
        y += 28
        for head, detail, winner in summary:
            page.blit(fitted_text(head, 14, GOLD if winner else INK, "bold", sheet.width - 24), (sheet.left + 12, y))
            page.blit(fitted_text(detail, 13, INK_DIM, "text", sheet.width - 24), (sheet.left + 12, y + 20))
            y += SUMMARY_ROW
    return page
