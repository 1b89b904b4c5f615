"""The «Счёт слова» panel on the right of the «Твёрдый знак» table: what the word in the row would score if laid now
(its letters' stars, the bonuses it meets, «Раньше всех», «Из всех карт»), with a note from the table's own judge —
worked out again only when the row or what it is scored against changes."""
from __future__ import annotations

from typing import NamedTuple

import pygame

from game import assets
from game.rules import hardsign as hs
from game.scenes.base import ACCENT, DANGER_TEXT, GOLD, GOOD, INK, INK_DIM, PANEL_EDGE, fitted_text
from game.scenes.hardsign.layout import RIGHT
from game.scenes.hardsign.word import WordRow
from game.scenes.table.scene import TableScene


class Note(NamedTuple):
    """The line under the live score: ``fits`` (the word may go: green) comes with the text, never read from it."""

    text: str
    fits: bool


NO_NOTE = Note("", False)


class LiveScore:
    def __init__(self, table: TableScene, row: WordRow):
        self.table = table  # whose view and seat the word is scored for
        self.row = row
        self.key: tuple = ()  # what the kept score was worked out from
        self.score: dict | None = None
        self.note = NO_NOTE

    def read(self) -> tuple[dict | None, Note]:
        """The score of the row (or of your word on the table while the row is empty) and its note."""
        v = self.table.view
        if v is None:
            return None, NO_NOTE
        mine = v.get("my_word")
        row = self.row.cards
        if mine and not row:
            return mine["score"], Note("Ваше слово на столе", True)
        # everything the score and the note are worked out from (the hand decides «from the hand»
        # and «Из всех карт» of the same row)
        key = (tuple(row), self.table.me, tuple(c["id"] for c in v["hand"]), tuple(c["id"] for c in v["table"]),
               tuple(b["tag"] for b in v["bonuses"]), v.get("early"), tuple(v.get("laid_order", ())),
               repr(v.get("words_options")))
        if key == self.key:
            return self.score, self.note
        self.key = key
        self.score, self.note = self.compute(v)
        return self.score, self.note

    def compute(self, v: dict) -> tuple[dict | None, Note]:
        row = self.row.cards
        if not row:
            return None, NO_NOTE
        me = self.table.me
        cards = self.row.usable()
        word = self.row.word()
        faces = [cards[cid]["face"] for cid, _ in row if cid in cards]
        hand_ids = {c["id"] for c in v["hand"]}
        if "?" in word:
            note = Note("Выберите букву для джокера", False)
        elif not any(cid in hand_ids for cid, _ in row):
            note = Note("Нужна хотя бы одна карта с руки", False)
        elif hs.read_row(faces, word) is None:
            note = Note("Эти карты так не читаются", False)
        else:
            note = NO_NOTE
        tags: frozenset = frozenset()
        try:
            source = hs.source(v.get("words_options"))
            if not note.text:
                verdict = source.check(word)  # the table's own judge, so the note never promises what it refuses
                note = Note("есть в словаре", True) if verdict.ok else Note(
                    "не подходит: " + (verdict.reason or "нет в словаре"), False)
            tags = source.tags(source.base_word(word)) if "?" not in word else frozenset()
        except Exception:  # noqa: BLE001 - a client without the dictionary still shows the stars
            pass
        all_ids = hand_ids | {c["id"] for c in v["table"]}
        early = hs.early_goes_to_next_word(v.get("early", -1)) or v.get("early") == me
        score = hs.score_breakdown(seat=me, word=word, faces=faces,
                                   from_table=[cid not in hand_ids for cid, _ in row],
                                   bonuses=[b["tag"] for b in v["bonuses"]], tags=tags, early=early,
                                   all_cards={cid for cid, _ in row} >= all_ids)
        return score, note

    def draw(self, surface: pygame.Surface) -> None:
        score, note = self.read()
        x, y = RIGHT.x + 14, RIGHT.y + 40
        if score is None:
            lines = ["Соберите слово —", "здесь появится", "его счёт:", "звёзды букв,", "бонусы,",
                     "«Раньше всех»,", "«Из всех карт»."]
            if self.table.me < 0:
                lines = ["Счёт каждого слова", "покажут после", "раздачи."]
            for i, line in enumerate(lines):
                surface.blit(assets.text(line, 16, INK_DIM), (x, y + i * 22))
            return
        word = assets.text(score["word"].upper() or "…", 24, INK, "heading")
        surface.blit(word, (x, y))
        y += 34
        if note.text:
            # the host's reason in the readable red (DANGER read 4.2:1 here), inside the panel in large text too
            surface.blit(fitted_text(note.text, 14, GOOD if note.fits else DANGER_TEXT, "bold", RIGHT.right - 14 - x),
                         (x, y))
            y += 24
        rows = [("Звёзды букв", score["letters"], INK)]
        rows += [(b["title"], b["points"], ACCENT) for b in score["bonuses"]]
        if score["early"]:
            rows.append(("Раньше всех", score["early"], (120, 170, 240)))
        if score["all_cards"]:
            rows.append(("Из всех карт", score["all_cards"], GOOD))
        for title, points, color in rows:
            surface.blit(assets.text(title, 17, color), (x, y))
            pts = assets.text(f"+{points}", 17, color, "bold")
            surface.blit(pts, pts.get_rect(topright=(RIGHT.right - 14, y)))
            y += 25
        pygame.draw.line(surface, PANEL_EDGE, (x, y + 4), (RIGHT.right - 14, y + 4), 1)
        total = assets.text(f"Итого {score['total']}", 24, GOLD, "heading")
        surface.blit(total, (x, y + 10))
        if score.get("instant"):
            surface.blit(assets.text("Ъ внутри — мгновенная победа!", 14, GOLD, "bold"), (x, y + 44))
