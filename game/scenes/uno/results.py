"""The results screen between rounds and at the end of the match (drawn for the UNO table scene)."""
from __future__ import annotations

import math

import pygame

from game import assets
from game.scenes.base import ACCENT, INK, INK_DIM, panel
from game.scenes.uno.layout import avatar, card, shortened

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


def row_order(self) -> list[int]:
    view = self.view
    match = view.get("result") or {}
    if view.get("phase") == "match_over" and match.get("ranking"):
        return list(match["ranking"])
    return list(range(self.n))


def draw_results_static(self, surface: pygame.Surface) -> None:
    """Everything of the results screen that stays put (the counting numbers come on top)."""
    view = self.view
    final = view.get("phase") == "match_over"
    result = view.get("round_result") or {}
    match = view.get("result") or {}
    rect = self.results_rect()
    surface.blit(panel(rect.size, (16, 34, 30), ACCENT, 3, 22), rect)
    if final:
        winners, losers = match.get("winners", []), match.get("losers", [])
        if self.me in winners:
            title = "Вы победили!" if len(winners) == 1 else "Вы среди победителей!"
        elif many_winners(winners) and losers:  # «каждому свои»: all but the loser win, the loser is the news
            title = "Вы проиграли" if self.me in losers else "Проигрыш: " + ", ".join(self.name(s) for s in losers)
        elif winners:
            title = "Победа: " + ", ".join(self.name(s) for s in winners)
        else:
            title = "Партия окончена"
        sub = match.get("mode_label", "") + f" · туров: {match.get('rounds', view.get('round', 1))}"
    else:
        winner = result.get("winner", -1)
        title = f"Тур {result.get('round', view.get('round', 1))} окончен"
        reason = {"limit": "тур затянулся — победа у самой лёгкой руки",
                  "blocked": "брать нечего, ходить нечем — победа у самой лёгкой руки"}.get(result.get("reason"), "")
        sub = f"Первым без карт: {self.name(winner)}" if not reason else reason.capitalize()
    teams = view.get("teams")
    if teams:  # «Командная игра»: the team totals decide
        scores = teams["team_round_wins"] if view.get("scoring") == "lazy" else teams["team_scores"]
        sub += " · " + " · ".join(f"{name}: {total}" for name, total in zip(teams["names"], scores))
        if final and match.get("winning_team", -1) >= 0:
            mine = self.me in teams["members"][match["winning_team"]]
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
    order = row_order(self)
    continued = view.get("continued", [])
    for row, seat in enumerate(order):
        y = head_y + 24 + row * ROW_H
        if seat == self.me:
            # from just above the row's avatar and cards: from 4 px above, in large text it cut the heads' «у», «р»
            band = pygame.Rect(rect.left + 16, y - 2, rect.width - 32, ROW_H - 6)
            # dark enough that the row's INK_DIM points read 4.5:1 (they read 4.1:1 on (34, 60, 50)); its edge marks it
            surface.blit(panel(band.size, (26, 48, 40), (70, 110, 92), 1, 8), band)
        surface.blit(avatar(seat, 28, self.seat_colour(seat)), (cols[0], y))
        name = self.name(seat)
        if teams:
            name += f" · К{_team(teams, seat) + 1}"
        if final and seat in match.get("winners", []) and not many_winners(match["winners"]):
            name += " — победа"
        elif final and seat in match.get("losers", ()):
            name += " — проигрыш" if view.get("scoring") in ("own", "lazy") else ""  # the rules name a loser there
        elif lazy and not final and seat == result.get("loser"):  # the heaviest hand: it deals the next round
            name += " — проигрыш, сдаёт"
        surface.blit(name_label(self.name(seat), name[len(self.name(seat)):], cols[1] - cols[0] - 44),
                     (cols[0] + 36, y + 4))
        faces = hands[seat] if seat < len(hands) else []
        for i, face in enumerate(faces[:12]):
            picture = card(face.get("colour", "black"), face.get("value", "0"), (21, 32), self.colorblind)
            surface.blit(picture, (cols[1] + i * 17, y))
        if len(faces) > 12:
            surface.blit(assets.text(f"+{len(faces) - 12}", 14, INK_DIM), (cols[1] + 12 * 17 + 14, y + 8))
        if seat < len(points) and faces:
            surface.blit(assets.text(f"{points[seat]} оч.", 14, INK_DIM), (cols[2] - 70, y + 8))
        if not final and seat < len(continued) and continued[seat]:
            pygame.draw.lines(surface, (120, 220, 120), False,
                              [(rect.right - 44, y + 14), (rect.right - 36, y + 22), (rect.right - 22, y + 6)], 3)
    if self.replaying:
        return  # nothing to press in a replay: its own controls stand beside
    button = self.results_button_rect()
    if final:
        text = "В меню"
    elif self.can("continue"):
        text = "Дальше"
    else:
        waiting = [self.name(s) for s, done in enumerate(continued) if not done]
        text = "Ждём: " + ", ".join(waiting[:3]) + ("…" if len(waiting) > 3 else "") if waiting else "Раздаём…"
    surface.blit(panel(button.size, (44, 92, 60), ACCENT, 3, 14), button)
    label = assets.text(text + (f"  {self.key_name('confirm')}" if final or self.can("continue") else ""), 19, INK, "bold")
    surface.blit(label, label.get_rect(center=button.center))
    if self.replay_offered():
        button = self.replay_button_rect()
        surface.blit(panel(button.size, (28, 60, 70), ACCENT, 3, 14), button)
        label = assets.fitted_text(f"Повтор партии  {self.replay_key()}", 19, INK, "bold",
                                   button.width - 16)
        surface.blit(label, label.get_rect(center=button.center))




def draw_results_numbers(self, surface: pygame.Surface) -> None:
    """The points of the round counting up into the totals, and the countdown to the next round."""
    view = self.view
    result = view.get("round_result") or {}
    rect = self.results_rect()
    cols = columns(rect)
    k = self.results_k.progress()
    lazy = view.get("scoring") == "lazy"
    gained = result.get("gained", [])
    players = view.get("players", [])
    head_y = rect.top + HEAD_TOP
    for row, seat in enumerate(row_order(self)):
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
    left, _ = self.countdowns.get("round", (0.0, 1.0))
    if view.get("phase") == "round_over" and left > 0:
        button = self.results_button_rect()
        note = assets.text(f"Новый тур сам через {math.ceil(left / 1000)} с", 14, INK_DIM)
        surface.blit(note, note.get_rect(midleft=(button.right + 18, button.centery)))


def _team(teams: dict, seat: int) -> int:
    return next((t for t, members in enumerate(teams["members"]) if seat in members), -1)
