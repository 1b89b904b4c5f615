"""«История»: the games this machine finished, newest first (game, date, players and scores, winner, the rules in
force), the statistics of each player's name, and «Очистить историю» behind a question. The games come from
game.history's store (the app's own, or the one a screenshot fills with a seeded demo); this screen only reads it
and clears it.

Every game whose journal was kept opens in the replay viewer from here («Повтор партии»: ``HistoryScene.open_replay``,
which reads ``HistoryStore.journal(entry.id)`` and calls game.scenes.replay.open_replay)."""
from __future__ import annotations

import time
import pygame

from game import assets
from game import rules as rules_registry
from game.bots import LEVEL_LABELS
from game.history import HistoryStore, NameStats, StoredGame
from game.input import MOUSE
from game.net.record import BOT, HERE, PHONE, GameRecord
from game.rules.words_ru import count, of_player
from game.scenes.replay import open_replay
from game.scenes.base import (
    ACCENT,
    GOLD,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Choice,
    MenuScene,
    Scene,
    Widget,
    draw_background,
    draw_hint,
    draw_title,
    fitted_text,
    mix,
    panel,
    wrapped,
)
from game.scenes.table.dialog import DialogLook, button_at, button_rects, draw_buttons, draw_dialog_frame

MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября",
          "декабря")
KIND_WORDS = {HERE: "за этим экраном", "lan": "по сети", PHONE: "с телефона"}
LIST = pygame.Rect(40, 124, 700, 526)
ROW_GAP = 4
TITLE_SIZE, LINE_SIZE, DATE_SIZE = 20, 16, 15
DETAILS = pygame.Rect(760, 124, 480, 456)
BUTTONS_Y, BUTTON_H = 596, 54
HELP = ("Лучшее слово — ход с наибольшим счётом в Эрудите, Скрэббле или Словоделе. Серия в UNO — больше всего туров "
        "подряд, выигранных в одной партии. Считаются места людей, не ботов с тем же именем.")


def when(ended_at: float) -> str:
    """«12 мая 2026, 18:05»: when the game was kept, by this machine's clock."""
    t = time.localtime(ended_at)
    return f"{t.tm_mday} {MONTHS[t.tm_mon - 1]} {t.tm_year}, {t.tm_hour:02d}:{t.tm_min:02d}"


def names_joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} и {names[-1]}"


def row_height() -> int:
    """A list row holds its two lines, the lower under the upper, at the text size of the day."""
    return assets.text("Ёу", TITLE_SIZE, INK, "bold").get_height() + assets.text("Ёу", LINE_SIZE, INK).get_height() + 6


def winners_line(record: GameRecord) -> str:
    """«Победила Маша — 512 очков», «Победили Маша и Петя»: who won, agreeing with the winner."""
    winners = record.winners
    if not winners:
        return "Без победителя"
    if len(winners) > 1:
        return f"Победили {names_joined([w.name for w in winners])}"
    winner = winners[0]
    return f"{of_player('Победил', winner.name, False)} {winner.name} — {count(winner.score, 'очко')}"


def seat_words(player) -> str:
    """How the seat was played: «бот, мастер», «по сети», «с телефона», «за этим экраном»."""
    if player.kind == BOT:
        return f"бот, {LEVEL_LABELS.get(player.level, player.level or '?')}"
    return KIND_WORDS.get(player.kind, player.kind)


def player_note(player) -> str:
    """What a player did best in that game: «лучший ход: КРОВ — 26 очков», «серия: 3 тура подряд»."""
    if player.best_word is not None and player.best_score is not None:
        return f"лучший ход: {player.best_word} — {count(player.best_score, 'очко')}"
    if player.uno_streak:
        return f"серия: {count(player.uno_streak, 'тур')} подряд"
    return ""


def rules_words(record: GameRecord) -> str:
    changed = record.changed_rules()
    return "Правила: " + (" · ".join(r.said() for r in changed) if changed else "как в правилах игры")


class GameRow(Widget):
    """One kept game in the list: its title and date, then who won and how many played."""

    entry: StoredGame | None = None

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if self.entry is None:
            return
        lift = round(self.hover * 8) / 8
        edge = mix(PANEL_EDGE, ACCENT, lift)
        surface.blit(panel(self.rect.size, PANEL, edge, 2 + round(2 * lift), 12), self.rect)
        record = self.entry.record
        inner = self.rect.inflate(-32, -4)
        date = assets.text(when(self.entry.ended_at), DATE_SIZE, INK_DIM)
        title = fitted_text(record.title, TITLE_SIZE, INK, "bold", inner.width - date.get_width() - 16)
        surface.blit(title, inner.topleft)
        surface.blit(date, date.get_rect(bottomright=(inner.right, inner.top + title.get_height())))
        played = f"{winners_line(record)} · {count(len(record.players), 'игрок')}"
        line = fitted_text(played, LINE_SIZE, INK_DIM if not focused else INK, "text", inner.width)
        surface.blit(line, line.get_rect(bottomleft=inner.bottomleft))


class HistoryScene(MenuScene):
    title = "История"
    subtitle = "Сыгранные партии этого компьютера — новые сверху"
    hint = ("{arrows} или крестовина — выбор, колесо мыши — листать, {key_confirm} или {pad_confirm} — да, "
            "{key_back} или {pad_back} — назад")
    def __init__(self, store: HistoryStore | None = None) -> None:
        super().__init__()
        self.store = store
        self.entries: list[StoredGame] = []
        self.first = 0  # the entry in the list's top row
        self.selected = 0  # the entry the details show

    # ------------------------------------------------------------------ building
    def enter(self) -> None:
        if self.store is None:
            self.store = self.app.history
        super().enter()

    def resume(self) -> None:
        """Back from the statistics or the question: the list as it is now (empty after «Очистить историю»), the
        focus where it was."""
        was = self.group.focused.label if self.group.focused is not None else None
        self.build()
        self.group.first_enabled()
        button = next((w for w in self.group.widgets if w.label == was and w.enabled and w not in self.rows), None)
        if button is not None:
            self.group.focus = self.group.widgets.index(button)
        elif self.rows:
            self.group.focus = self.group.widgets.index(self.rows[self.selected - self.first])

    def build(self) -> None:
        self.entries = self.store.games()
        height = row_height()
        self.visible = (LIST.height - 16 + ROW_GAP) // (height + ROW_GAP)  # «Крупный текст» shows fewer, as tall
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.first = min(self.first, max(0, len(self.entries) - self.visible))
        g = self.group
        g.widgets.clear()
        self.rows = [g.add(GameRow(pygame.Rect(LIST.left + 12, LIST.top + 8 + i * (height + ROW_GAP), LIST.width - 36,
                                               height), "")) for i in range(min(self.visible, len(self.entries)))]
        any_game = bool(self.entries)
        self.replay_button = Widget(pygame.Rect(DETAILS.left + 20, DETAILS.bottom - 70, DETAILS.width - 40, 54),
                                    "Повтор партии", size=22,
                                    on_confirm=lambda: self.open_replay(self.entries[self.selected]))
        if any_game:
            g.add(self.replay_button)
        stats_w = 196  # «Очистить историю» is the longer: «Крупный текст» keeps it inside its button
        self.stats_button = g.add(Widget(pygame.Rect(DETAILS.left, BUTTONS_Y, stats_w, BUTTON_H), "Статистика",
                                         size=20, enabled=any_game, on_confirm=self.open_stats))
        self.clear_button = g.add(Widget(pygame.Rect(DETAILS.left + stats_w + 12, BUTTONS_Y,
                                                     DETAILS.width - stats_w - 12, BUTTON_H),
                                         "Очистить историю", size=20, enabled=any_game, on_confirm=self.ask_to_clear))
        self.show_rows()

    def show_rows(self) -> None:
        for i, row in enumerate(self.rows):
            row.entry = self.entries[self.first + i]
        self.show_replay_button()

    def show_replay_button(self) -> None:
        """A game whose journal this machine was not given (a room's too large to send) cannot be replayed."""
        replayable = bool(self.entries) and self.entries[self.selected].has_journal
        self.replay_button.enabled = replayable
        self.replay_button.note = "" if replayable or not self.entries else "нет записи ходов"

    # ------------------------------------------------------------------ actions
    def open_replay(self, entry: StoredGame) -> None:
        """«Повтор партии» of the entry, shown first from the seat this machine played (the first one for a game
        only bots played)."""
        journal = self.store.journal(entry.id)
        if journal is None:
            self.app.toast("Эту партию повторить нельзя: её ходы не сохранились.")
            return
        header, entries = journal
        players = sorted(entry.record.players, key=lambda player: player.seat)
        here = next((player.seat for player in players if player.kind == HERE), None)
        open_replay(self.app, header, entries, [player.name for player in players], seat=here)

    def open_stats(self) -> None:
        names = self.store.names()
        if not names:
            self.app.toast("Статистика бывает только у людей: в этих партиях играли одни боты.")
            return
        self.app.push(HistoryStatsScene(self.store, names))

    def ask_to_clear(self) -> None:
        self.app.push(ClearHistoryDialog(self.store, len(self.entries)))

    # ------------------------------------------------------------------ input
    def select(self, index: int) -> None:
        """Show entry ``index``, scrolling the list so that it is in a row, the focus on that row."""
        index = max(0, min(index, len(self.entries) - 1))
        if index != self.selected:
            self.app.play_sound("menu_move")
        self.selected = index
        if index < self.first:
            self.first = index
        elif index >= self.first + self.visible:
            self.first = index - self.visible + 1
        self.show_rows()
        self.group.focus = self.group.widgets.index(self.rows[index - self.first])

    def handle(self, intent) -> None:
        if self.entries and intent.name in ("up", "down"):
            step = -1 if intent.name == "up" else 1
            if intent.device == MOUSE:  # the wheel leafs through the list wherever the focus is
                self.select(self.selected + step)
                return
            if self.group.focused in self.rows:
                self.select(self.selected + step)
                return
        super().handle(intent)
        focused = self.group.focused
        if focused in self.rows:
            self.selected = self.first + self.rows.index(focused)
            self.show_replay_button()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_title(surface, self.title, self.subtitle)
        if not self.entries:
            self.draw_empty(surface)
        else:
            surface.blit(panel(LIST.size, (14, 32, 28), (60, 96, 84), 2, 16), LIST)
            surface.blit(panel(DETAILS.size, (14, 32, 28), (60, 96, 84), 2, 16), DETAILS)
            self.draw_scrollbar(surface)
            self.draw_details(surface, self.entries[self.selected])
        self.group.draw(surface)
        draw_hint(surface, self.bound_hint(self.hint))

    def draw_empty(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(LIST.left, LIST.top, DETAILS.right - LIST.left, BUTTONS_Y - 16 - LIST.top)
        surface.blit(panel(box.size, (14, 32, 28), (60, 96, 84), 2, 16), box)
        y = box.top + 140
        for words, size, colour, face in (("Здесь пока пусто", 30, INK, "heading"),
                                          ("Доиграйте любую игру до конца — с ботами, за одним экраном, по сети или "
                                           "с телефонами, — и она появится здесь: игра, дата, игроки, счёт и правила. "
                                           "Брошенные на середине партии сюда не попадают.", 18, INK_DIM, "text")):
            for piece in wrapped(words, size, box.width - 160, face):
                label = fitted_text(piece, size, colour, face, box.width - 160)
                surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
                y += label.get_height() + 4
            y += 14

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        if len(self.entries) <= self.visible:
            return
        track = pygame.Rect(LIST.right - 16, LIST.top + 12, 6, LIST.height - 24)
        pygame.draw.rect(surface, (40, 64, 56), track, border_radius=3)
        height = max(24, track.height * self.visible // len(self.entries))
        top = track.top + (track.height - height) * self.first // (len(self.entries) - self.visible)
        pygame.draw.rect(surface, PANEL_EDGE, (track.left, top, track.width, height), border_radius=3)

    def draw_details(self, surface: pygame.Surface, entry: StoredGame) -> None:
        record = entry.record
        inner = DETAILS.inflate(-40, 0)
        y = DETAILS.top + 14
        title = fitted_text(record.title, 26, ACCENT, "heading", inner.width)
        surface.blit(title, (inner.left, y))
        y += title.get_height()
        date = assets.text(when(entry.ended_at), 16, INK_DIM)
        surface.blit(date, (inner.left, y))
        y += date.get_height() + 8
        bottom = self.replay_button.rect.top - 8
        line_h = assets.text("Ёу", 15, INK_DIM).get_height()
        size = 17  # ten players and a line of rules fit above the button: «Крупный текст» makes the names smaller
        while size > 12 and len(record.players) * (assets.text("Ёу", size, INK, "bold").get_height() + 2) \
                > bottom - y - 6 - line_h:
            size -= 1
        pitch = assets.text("Ёу", size, INK, "bold").get_height() + 2
        note_h = assets.text("Ёу", 14, INK_DIM).get_height()
        # a few players: each one's best board move or longest UNO run under the name, where the room allows
        notes = size == 17 and len(record.players) * (pitch + note_h) <= bottom - y - 6 - 3 * line_h
        for player in sorted(record.players, key=lambda p: (not p.winner, -p.score, p.seat)):
            colour = GOLD if player.winner else INK
            score = assets.text(str(player.score), size, colour, "bold")
            surface.blit(score, score.get_rect(topright=(inner.right, y)))
            room = inner.width - score.get_width() - 16
            name = fitted_text(player.name, size, colour, "bold", room)
            surface.blit(name, (inner.left, y))
            said = seat_words(player) + (f", {of_player('победил', player.name, False)}" if player.winner else "")
            kind_room = room - name.get_width() - 12
            if kind_room > 60:
                kind = fitted_text(said, size - 3, INK_DIM, "text", kind_room)
                surface.blit(kind, kind.get_rect(midleft=(inner.left + name.get_width() + 12,
                                                          y + name.get_height() // 2 + 1)))
            y += pitch
            note = player_note(player) if notes else ""
            if note:
                label = fitted_text(note, 14, INK_DIM, "text", inner.width - 16)
                surface.blit(label, (inner.left + 16, y - 2))
                y += note_h
        y += 6
        lines = wrapped(rules_words(record), 15, inner.width)
        room_lines = max(0, (bottom - y) // line_h)
        if len(lines) > room_lines:
            lines = lines[:room_lines]
            if lines:
                lines[-1] = lines[-1].rstrip(" ·") + " …"
        for piece in lines:
            label = fitted_text(piece, 15, INK_DIM, "text", inner.width)
            surface.blit(label, (inner.left, y))
            y += line_h


# ============================================================================ statistics
class HistoryStatsScene(MenuScene):
    title = "Статистика"
    subtitle = "По именам игроков, из всех партий «Истории»"
    PANEL = pygame.Rect(140, 192, 1000, 480)
    COLUMNS = ((0, "Игра"), (470, "Партий"), (640, "Побед"), (800, "Средний счёт"))

    def __init__(self, store: HistoryStore, names: list[str]) -> None:
        super().__init__()
        self.store = store
        self.names = names
        self.stats: NameStats | None = None

    def build(self) -> None:
        self.group.widgets.clear()
        self.who = self.group.add(Choice(pygame.Rect(WIDTH // 2 - 320, 124, 640, 56), "Игрок",
                                         options=[(n, n) for n in self.names], on_change=self.show))
        self.show(self.names[0])

    def show(self, name: str) -> None:
        self.stats = self.store.stats(name)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        box = self.PANEL
        surface.blit(panel(box.size, (14, 32, 28), (60, 96, 84), 2, 16), box)
        stats = self.stats
        inner = box.inflate(-56, 0)
        y = box.top + 18
        for piece in wrapped(summary(stats), 22, inner.width, "bold"):
            label = fitted_text(piece, 22, INK, "bold", inner.width)
            surface.blit(label, (inner.left, y))
            y += label.get_height()
        y += 10
        row_h = assets.text("Ёу", 17, INK).get_height() + 2
        for x, words in self.COLUMNS:
            label = assets.text(words, 15, INK_DIM, "bold")
            surface.blit(label, (inner.left + x, y))
        y += assets.text("Ёу", 15, INK_DIM, "bold").get_height() + 4
        pygame.draw.line(surface, PANEL_EDGE, (inner.left, y), (inner.right, y))
        y += 6
        for game in stats.by_game:  # seven games at most: every one has its row
            cells = (game.title, str(game.games), str(game.wins), average(game.average_score))
            for (x, _), words in zip(self.COLUMNS, cells):
                label = fitted_text(words, 17, INK, "text", 150 if x else 440)
                surface.blit(label, (inner.left + x, y))
            y += row_h
        y += 12
        for words, colour in ((best_word_line(stats), GOLD if stats.best_word else INK_DIM),
                              (streak_line(stats), GOLD if stats.uno_streak else INK_DIM)):
            label = fitted_text(words, 18, colour, "bold", inner.width)
            surface.blit(label, (inner.left, y))
            y += label.get_height() + 4
        help_y = box.bottom - 12
        pieces = wrapped(HELP, 14, inner.width)
        for piece in reversed(pieces):
            label = fitted_text(piece, 14, INK_DIM, "text", inner.width)
            help_y -= label.get_height()
            surface.blit(label, (inner.left, help_y))


def average(score: float) -> str:
    """«123,5»: a mean with one decimal, as Russians write it (a whole number without one)."""
    text = f"{score:.1f}".replace(".", ",")
    return text[:-2] if text.endswith(",0") else text


def summary(stats: NameStats) -> str:
    """«Маша сыграла 12 партий, выиграла 5»."""
    name = stats.name
    return (f"{name} {of_player('сыграл', name, False)} {count(stats.games, 'партию')}, "
            f"{of_player('выиграл', name, False)} {stats.wins}")


def best_word_line(stats: NameStats) -> str:
    best = stats.best_word
    if best is None:
        return "Лучшее слово: пока нет — в Эрудите, Скрэббле и Словоделе ещё не было ходов"
    return f"Лучшее слово: {best.word} — {count(best.score, 'очко')} ({best.title}, {when(best.ended_at)[:-7]})"


def streak_line(stats: NameStats) -> str:
    if stats.uno_streak is None:
        return f"Серия в UNO: {of_player('не играл', stats.name, False)} в UNO"
    return f"Самая длинная серия в UNO: {count(stats.uno_streak, 'тур')} подряд"


# ============================================================================ clearing
class ClearHistoryDialog(Scene):
    """«Очистить историю?»: a question over the History screen; «Отмена» is where the focus starts."""

    opaque = False
    LOOK = DialogLook(button_w=220)
    BOX = pygame.Rect(WIDTH // 2 - 330, HEIGHT // 2 - 120, 660, 230)
    ANSWERS = ("Удалить всё", "Отмена")

    def __init__(self, store: HistoryStore, games: int) -> None:
        self.store = store
        self.games = games
        self.focus = 1

    def enter(self) -> None:
        self.buttons = button_rects(self.BOX, len(self.ANSWERS), self.LOOK)

    def handle(self, intent) -> None:
        name = intent.name
        if name == "back":
            self.app.play_sound("menu_move")
            self.app.pop()
        elif name in ("left", "right"):
            self.focus = 0 if name == "left" else 1
            self.app.play_sound("menu_move")
        elif name in ("point", "press", "click"):
            hit = button_at(self.buttons, intent.pos)
            if hit is not None:
                self.focus = hit
                if name == "click":
                    self.answer()
        elif name == "confirm":
            self.answer()

    def answer(self) -> None:
        self.app.play_sound("menu_confirm")
        if self.focus == 0 and self.store.clear():
            self.app.toast("История очищена.")
        self.app.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        lines = [f"Будут удалены все сыгранные партии ({self.games}) и статистика игроков.", "Вернуть их будет нельзя."]
        draw_dialog_frame(surface, self.BOX, "Очистить историю?", lines, self.look())
        draw_buttons(surface, self.buttons, self.ANSWERS, self.focus, self.look())

    @classmethod
    def look(cls) -> DialogLook:
        """Its two lines in larger letters than a table's dialog notes, spaced for «Крупный текст»."""
        scale = assets.text_scale
        return DialogLook(button_w=cls.LOOK.button_w, note_size=17, note_top=round(62 * scale),
                          line_gap=round(24 * scale))


# ============================================================================ screenshots
def demo_store(seed: int) -> HistoryStore:
    """A history filled with games made up from ``seed`` (in a folder of its own, gone when the process ends): the
    screenshot and the layout check look at it."""
    import atexit
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="igroteka-history-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    store = HistoryStore(f"{folder}/history.sqlite3")
    for ended_at, record in demo_records(seed):
        store.add(record, ended_at=ended_at)
    return store


DEMO_NAMES = ("Лёша", "Маша", "Петя", "Оля", "Дима", "Катя", "Серёжа", "Аня", "Витя", "Лена")
DEMO_GAMES = (("erudit", 2), ("uno", 4), ("nowords", 3), ("hardsign", 4), ("slovodel", 2), ("bingo", 6),
              ("uno", 10), ("scrabble", 2), ("erudit", 3), ("uno", 3), ("nowords", 5), ("hardsign", 2))
DEMO_WORDS = ("ФРАГМЕНТ", "КРОВ, ОВЕН", "ЩУКА", "ВЕРТОЛЁТ", "ЭХО, ХОР", "ПОДНОС", "ЯЩЕРИЦА")
DEMO_SCORES = {"uno": (120, 540), "erudit": (150, 460), "scrabble": (150, 460), "slovodel": (90, 400),
               "nowords": (0, 10), "hardsign": (40, 260), "bingo": (8, 14)}


def demo_records(seed: int) -> list[tuple[float, GameRecord]]:
    """Games as «История» would have kept them, made up from ``seed``: every game, every kind of seat, changed
    rules, a table of ten; the newest kept on 12 May 2026 at 18:05 by this machine's clock."""
    import random

    from game import rules as registry
    from game.bots import LEVELS
    from game.net.journal import journal_bytes
    from game.net.record import LAN, PlayerRecord, rules_in_force

    rng = random.Random(seed)
    moment = time.mktime((2026, 5, 12, 18, 5, 0, 0, 0, -1))
    out = []
    for number, (game_id, players) in enumerate(DEMO_GAMES):
        rules = registry.load(game_id)
        switches = [r for r in rules.house_rules if r.default is False and not r.choices]
        options = {r.id: True for r in rng.sample(switches, min(len(switches), rng.randint(0, 2)))}
        low, high = DEMO_SCORES[game_id]
        scores = [rng.randint(low, high) for _ in range(players)]
        winner = scores.index(min(scores) if game_id == "nowords" else max(scores))
        names = [DEMO_NAMES[0]] + rng.sample(DEMO_NAMES[1:], players - 1)
        seats = []
        for seat, name in enumerate(names):
            kind = HERE if seat == 0 else rng.choice((BOT, BOT, LAN, PHONE))
            board = rules_registry.word_board(game_id)
            seats.append(PlayerRecord(seat, name, kind, rng.choice(LEVELS) if kind == BOT else None, scores[seat],
                                      seat == winner, rng.choice(DEMO_WORDS) if board else None,
                                      rng.randint(12, 86) if board else None,
                                      rng.randint(1, 6) if game_id == "uno" else None))
        header = {"game": game_id, "seats": players, "seed": seed + number, "options": options, "start_ms": 0}
        record = GameRecord(f"demo-{seed}-{number}", game_id, rules.title, tuple(seats),
                            rules_in_force(rules.house_rules, options), journal_bytes(header, []))
        out.append((moment, record))
        moment -= rng.randint(1, 30) * 3600 + rng.randint(0, 59) * 60
    return out


def screenshot_scene(seed: int, players: int) -> HistoryScene:
    """The History screen over a seeded demo history."""
    return HistoryScene(demo_store(seed))
