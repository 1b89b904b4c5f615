"""The results screen between rounds and at the end of the match, over the UNO table at rest: who went out, the
hands left and the points counting up into the totals, «Дальше» or «В меню», and «Повтор партии» of a finished
match. ``ResultsScreen`` is the piece the table scene (``table``) holds: when it opens, its keys, where its buttons
stand."""
from __future__ import annotations

import math

import pygame

from game import assets
from game.input import Intent
from game.scenes.base import ACCENT, HEIGHT, INK, INK_DIM, WIDTH, panel
from game.scenes.table.tween import Tween, ease_out_cubic
from game.scenes.uno.layout import avatar, card, shortened

RESULTS_WAIT_MS = 1500.0  # the results open this long after the last cards have landed
ROW_H = 40
HEAD_TOP = 92  # the column heads, under the subtitle's letters


def columns(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return rect.left + 30, rect.left + 260, rect.right - 250, rect.right - 130


def name_label(name: str, suffix: str, width: int) -> pygame.Surface:
    """A row's name and what follows it (« — победа», « · К2») within ``width``: a little smaller first, then the
    name shortened, never the suffix. A long name ran under the cards left in the hand."""
    size = 17
    label = assets.text(name + suffix, size, INK, "bold")
    if label.get_width() > width:
        size = max(round(size * 0.8), size * width // label.get_width())
        label = assets.text(name + suffix, size, INK, "bold")
    letters = len(name)
    while label.get_width() > width and letters > 4:
        letters -= 1
        label = assets.text(shortened(name, letters) + suffix, size, INK, "bold")
    return label


def many_winners(winners: list) -> bool:
    """More winners than a row mark or a title should list (every seat but the loser's, «каждому свои»)."""
    return len(winners) > 2


def row_order(table) -> list[int]:
    view = table.view
    match = view.get("result") or {}
    if view.get("phase") == "match_over" and match.get("ranking"):
        return list(match["ranking"])
    return list(range(table.n))


def draw_results_static(table, surface: pygame.Surface) -> None:
    """Everything of the results screen that stays put (the counting numbers come on top)."""
    view = table.view
    final = view.get("phase") == "match_over"
    result = view.get("round_result") or {}
    match = view.get("result") or {}
    rect = table.results.rect()
    surface.blit(panel(rect.size, (16, 34, 30), ACCENT, 3, 22), rect)
    if final:
        winners, losers = match.get("winners", []), match.get("losers", [])
        if table.me in winners:
            title = "Вы победили!" if len(winners) == 1 else "Вы среди победителей!"
        elif many_winners(winners) and losers:  # «каждому свои»: all but the loser win, the loser is the news
            title = "Вы проиграли" if table.me in losers else "Проигрыш: " + ", ".join(table.name(s) for s in losers)
        elif winners:
            title = "Победа: " + ", ".join(table.name(s) for s in winners)
        else:
            title = "Партия окончена"
        sub = match.get("mode_label", "") + f" · туров: {match.get('rounds', view.get('round', 1))}"
    else:
        winner = result.get("winner", -1)
        title = f"Тур {result.get('round', view.get('round', 1))} окончен"
        reason = {"limit": "тур затянулся — победа у самой лёгкой руки",
                  "blocked": "брать нечего, ходить нечем — победа у самой лёгкой руки"}.get(result.get("reason"), "")
        sub = f"Первым без карт: {table.name(winner)}" if not reason else reason.capitalize()
    teams = view.get("teams")
    if teams:  # «Командная игра»: the team totals decide
        scores = teams["team_round_wins"] if view.get("scoring") == "lazy" else teams["team_scores"]
        sub += " · " + " · ".join(f"{name}: {total}" for name, total in zip(teams["names"], scores))
        if final and match.get("winning_team", -1) >= 0:
            mine = table.me in teams["members"][match["winning_team"]]
            title = "Ваша команда победила!" if mine else f"Победа: {teams['names'][match['winning_team']]}"
    heading = assets.text(title, 34, ACCENT, "heading")
    if heading.get_width() > rect.width - 40:  # names run long: the title shrinks to the panel
        heading = assets.text(title, max(20, 34 * (rect.width - 40) // heading.get_width()), ACCENT, "heading")
    surface.blit(heading, heading.get_rect(midtop=(rect.centerx, rect.top + 16)))
    label = assets.text(sub, 17, INK_DIM)
    surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.top + 62)))
    lazy = view.get("scoring") == "lazy"
    cols = columns(rect)
    head_y = rect.top + HEAD_TOP
    # «ленивый» подсчёт counts no points: its wins are the total, and a «Всего» of zeros said nothing
    heads = ("Игрок", "Осталось на руках", "Побед") if lazy else ("Игрок", "Осталось на руках", "За тур", "Всего")
    for x, text in zip(cols, heads):
        surface.blit(assets.text(text, 14, INK_DIM, "bold"), (x, head_y))
    hands = result.get("hands", [])
    points = result.get("points", [])
    order = row_order(table)
    continued = view.get("continued", [])
    for row, seat in enumerate(order):
        y = head_y + 24 + row * ROW_H
        if seat == table.me:
            # from just above the row's avatar and cards: from 4 px above, in large text it cut the heads' «у», «р»
            band = pygame.Rect(rect.left + 16, y - 2, rect.width - 32, ROW_H - 6)
            # dark enough that the row's INK_DIM points read 4.5:1 (they read 4.1:1 on (34, 60, 50)); its edge marks it
            surface.blit(panel(band.size, (26, 48, 40), (70, 110, 92), 1, 8), band)
        surface.blit(avatar(seat, 28, table.seat_colour(seat)), (cols[0], y))
        name = table.name(seat)
        if teams:
            name += f" · К{_team(teams, seat) + 1}"
        if final and seat in match.get("winners", []) and not many_winners(match["winners"]):
            name += " — победа"
        elif final and seat in match.get("losers", ()):
            name += " — проигрыш" if view.get("scoring") in ("own", "lazy") else ""  # the rules name a loser there
        elif lazy and not final and seat == result.get("loser"):  # the heaviest hand: it deals the next round
            name += " — проигрыш, сдаёт"
        surface.blit(name_label(table.name(seat), name[len(table.name(seat)):], cols[1] - cols[0] - 44),
                     (cols[0] + 36, y + 4))
        faces = hands[seat] if seat < len(hands) else []
        for i, face in enumerate(faces[:12]):
            picture = card(face.get("colour", "black"), face.get("value", "0"), (21, 32), table.colorblind)
            surface.blit(picture, (cols[1] + i * 17, y))
        if len(faces) > 12:
            surface.blit(assets.text(f"+{len(faces) - 12}", 14, INK_DIM), (cols[1] + 12 * 17 + 14, y + 8))
        if seat < len(points) and faces:
            surface.blit(assets.text(f"{points[seat]} оч.", 14, INK_DIM), (cols[2] - 70, y + 8))
        if not final and seat < len(continued) and continued[seat]:
            pygame.draw.lines(surface, (120, 220, 120), False,
                              [(rect.right - 44, y + 14), (rect.right - 36, y + 22), (rect.right - 22, y + 6)], 3)
    if table.replaying:
        return  # nothing to press in a replay: its own controls stand beside
    button = table.results.button_rect()
    if final:
        text = "В меню"
    elif table.can("continue"):
        text = "Дальше"
    else:
        waiting = [table.name(s) for s, done in enumerate(continued) if not done]
        text = "Ждём: " + ", ".join(waiting[:3]) + ("…" if len(waiting) > 3 else "") if waiting else "Раздаём…"
    surface.blit(panel(button.size, (44, 92, 60), ACCENT, 3, 14), button)
    label = assets.text(text + (f"  {table.key_name('confirm')}" if final or table.can("continue") else ""), 19, INK, "bold")
    surface.blit(label, label.get_rect(center=button.center))
    if table.results.replay_offered():
        button = table.results.replay_button_rect()
        surface.blit(panel(button.size, (28, 60, 70), ACCENT, 3, 14), button)
        label = assets.fitted_text(f"Повтор партии  {table.replay_key()}", 19, INK, "bold",
                                   button.width - 16)
        surface.blit(label, label.get_rect(center=button.center))


def draw_results_numbers(table, surface: pygame.Surface) -> None:
    """The points of the round counting up into the totals, and the countdown to the next round."""
    view = table.view
    result = view.get("round_result") or {}
    rect = table.results.rect()
    cols = columns(rect)
    k = table.results.k.progress()
    lazy = view.get("scoring") == "lazy"
    gained = result.get("gained", [])
    players = view.get("players", [])
    head_y = rect.top + HEAD_TOP
    for row, seat in enumerate(row_order(table)):
        y = head_y + 24 + row * ROW_H
        info = players[seat] if seat < len(players) else {}
        if lazy:
            surface.blit(assets.text(str(info.get("round_wins", 0)), 18, INK, "bold"), (cols[2], y + 4))
            continue
        got = gained[seat] if seat < len(gained) else 0
        value = round(got * k)
        colour = ACCENT if got > 0 else INK_DIM
        surface.blit(assets.text(f"+{value}" if value >= 0 else str(value), 18, colour, "bold"), (cols[2], y + 4))
        total = round(info.get("score", 0) - got * (1 - k))
        surface.blit(assets.text(str(total), 18, INK, "heading"), (cols[3], y + 3))
    left, _ = table.countdowns.get("round", (0.0, 1.0))
    if view.get("phase") == "round_over" and left > 0:
        button = table.results.button_rect()
        note = assets.text(f"Новый тур сам через {math.ceil(left / 1000)} с", 14, INK_DIM)
        surface.blit(note, note.get_rect(midleft=(button.right + 18, button.centery)))


def _team(teams: dict, seat: int) -> int:
    return next((t for t, members in enumerate(teams["members"]) if seat in members), -1)


class ResultsScreen:
    """The results between rounds: they open once the round's last cards have landed, a moment after the banner
    says the round is over, and the points count up, ticking."""

    def __init__(self, table) -> None:
        self.table = table
        self.wait = 0.0  # ms before the results open (counted while no card is in the air)
        self.k = Tween((0.0,), (1.0,), 1400.0, ease_out_cubic)  # the points counting up
        self.ticks = 0

    def count_up(self) -> None:
        """A round is over: its results open after the wait, and count up."""
        self.wait = RESULTS_WAIT_MS
        self.k = Tween((0.0,), (1.0,), 1400.0, ease_out_cubic, delay_ms=1700.0)
        self.ticks = 0

    def open(self) -> bool:
        return self.table.between_rounds() and self.wait <= 0

    def step(self, dt_ms: float) -> None:
        table = self.table
        if self.wait > 0 and not table.flights:
            self.wait -= dt_ms
        if table.between_rounds():
            self.k.step(dt_ms)
            ticks = int(self.k.progress() * 12)
            if self.open() and ticks > self.ticks:
                self.ticks = ticks
                if ticks % 2 == 0:
                    table.app.play_sound("score_tick")

    def handle(self, intent: Intent, name: str) -> None:
        table = self.table
        if name == "click" and self.replay_offered() and self.replay_button_rect().collidepoint(intent.pos or (-1, -1)):
            table.open_replay()
            return
        if name == "confirm" or (name == "click" and self.button_rect().collidepoint(intent.pos or (-1, -1))):
            if table.view.get("phase") == "match_over":
                table.app.pop()
            elif table.can("continue"):
                table.app.play_sound("menu_confirm")
                table.send({"kind": "continue"})

    def rect(self) -> pygame.Rect:
        rows = self.table.n
        rect = pygame.Rect(0, 0, 820, min(690, 190 + rows * 40))
        rect.center = (WIDTH // 2, HEIGHT // 2)
        return rect

    def button_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 220, 48)
        rect.midbottom = (WIDTH // 2, self.rect().bottom - 18)
        if self.replay_offered():
            rect.right = WIDTH // 2 - 8  # «Повтор партии» beside it
        return rect

    def replay_offered(self) -> bool:
        """The match's results offer «Повтор партии» (the journal is at hand)."""
        table = self.table
        return table.view is not None and table.view.get("phase") == "match_over" and table.finished_journal() is not None

    def replay_button_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 260, 48)
        rect.bottomleft = (WIDTH // 2 + 8, self.rect().bottom - 18)
        return rect

    def key(self) -> tuple:
        # the seat too: at a couch the seat on screen changes with the same state (its row is marked); the names, as a
        # newcomer in a bot's seat renames it between two states; the keys its buttons name
        table = self.table
        return (table.state_id, table.seat, table.colorblind, tuple(a.get("kind") for a in table.legal),
                tuple(table.names), self.replay_offered(), table.replay_key(), table.key_name("confirm"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The results over the darkened table at rest, drawn once per state (kept in the table's store): each frame
        then costs one opaque blit plus the numbers that count up. At rest, not frozen mid-motion: the arrows around
        the table would stop wherever they were, cards in the air would hang."""
        table = self.table

        def paint() -> pygame.Surface:
            frozen = table.backdrop().copy()
            table.draw_table_parts(frozen, alpha, at_rest=True)
            frozen.fill((110, 110, 110), special_flags=pygame.BLEND_RGB_MULT)
            draw_results_static(table, frozen)
            return frozen

        surface.blit(table.kept.get("results", self.key(), paint), (0, 0))
        draw_results_numbers(table, surface)
