"""The questions the «Нет слов» table asks over itself: who moves next (the one who took the letters), a word named
against you (take its letters or doubt it), your refused word (call a vote or let it go), a vote. Each is a
:class:`Dialog` with its buttons, the one focused, its keys and its drawing; ``wanted_dialog`` says which one the
view asks for now."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.input import Intent
from game.rules.lexicon import REASON_UNKNOWN
from game.rules.words_ru import acts, of_player
from game.scenes.base import INK, PANEL, WIDTH, wrapped
from game.scenes.table.dialog import DialogLook, button_at, button_rects, draw_buttons, draw_dialog_frame
from game.scenes.table.scene import TableScene

DIALOG_LOOK = DialogLook(fill=PANEL, radius=22, title_top=20, note_size=16, note_color=INK, note_top=66, button_w=240,
                         button_h=58, button_gap=20, button_bottom=21, button_fill_focused=(40, 70, 60), button_radius=14,
                         label_size=22)


def verdict_note(ok: bool, reason: str) -> str:
    """The dictionary's verdict on a word the table argues about, said beside it."""
    return "словарь: такое слово есть" if ok else f"словарь: {reason or REASON_UNKNOWN}"


def refusal_title(word: str, reason: str) -> str:
    """What the dictionary said of ``word``: «не знает» only when it does not know the word; a proper name,
    slang or a plural is a word it knows and refuses, so the title names the reason."""
    if not reason or reason == REASON_UNKNOWN:
        return f"Словарь не знает «{word.upper()}»"
    return f"«{word.upper()}» — {reason}"


@dataclass
class Dialog:
    title: str
    sub: str
    buttons: list[tuple[str, Callable[[], None]]]  # label, what answering so does
    focus: int = 0
    key: tuple = ()  # the question it answers: a dialog with the same key stays open, its focus kept
    rects: list[pygame.Rect] = field(default_factory=list)  # where its buttons were last drawn

    def handle(self, intent: Intent, play_sound: Callable[[str], None]) -> tuple[bool, Callable[[], None] | None]:
        """Whether the dialog takes ``intent``, and the answer it chose with it, if any."""
        name = intent.name
        if name in ("left", "right", "up", "down"):
            self.focus = (self.focus + (1 if name in ("right", "down") else -1)) % len(self.buttons)
            play_sound("menu_move")
            return True, None
        if name in ("point", "click") and intent.pos is not None:
            hit = button_at(self.rects, intent.pos)
            if hit is None:
                return False, None
            self.focus = hit
            return True, (self.buttons[hit][1] if name == "click" else None)
        if name == "confirm":
            return True, self.buttons[self.focus][1]
        return name in ("play", "draw", "text", "key"), None  # a letter typed at a dialog says no word

    def draw(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(0, 0, 600, 210)
        box.center = (WIDTH // 2, 330)
        # the note wrapped to the panel: the dictionary's verdict and the question ran out of it in «Крупный текст»
        lines = wrapped(self.sub, DIALOG_LOOK.note_size, box.w - 48)[:3]
        draw_dialog_frame(surface, box, self.title, lines, DIALOG_LOOK)
        self.rects = button_rects(box, len(self.buttons), DIALOG_LOOK)
        draw_buttons(surface, self.rects, [label for label, _ in self.buttons], self.focus, DIALOG_LOOK)


def wanted_dialog(table: TableScene) -> Dialog | None:
    """The question the seat on screen must answer now, if any."""
    v = table.view
    if not v or table.over:
        return None
    if table.can("choose_next"):
        left = (table.me + 1) % v["players"]
        return Dialog("Кто ходит следующим?", "Вы забрали буквы и решаете, кто выложит следующую",
                      [(f"Хожу {of_player('сам', table.seat_name(table.me), False)}",
                        lambda: table.send({"kind": "choose_next", "seat": table.me})),
                       (f"Ходит {table.name(left)}", lambda: table.send({"kind": "choose_next", "seat": left}))],
                      focus=1, key=("choose", v["last_mover"], len(v["discards"][table.me])))
    if table.can("accept_word") and v.get("dispute"):
        d = v["dispute"]  # a word named against me, which the dictionary accepts: «Если игрок… сомневается»
        return Dialog(f"{table.name(d['seat'])}: «Не говори {d['word'].upper()}!»",
                      f"{verdict_note(True, '').capitalize()}. Сомневаетесь — пусть решит голосование",
                      [("Беру буквы", lambda: table.send({"kind": "accept_word"})),
                       ("Оспорить", lambda: table.send({"kind": "call_vote"}))],
                      key=("doubt", d["seat"], d["word"]))
    if table.can("drop_claim") and v.get("dispute"):
        d = v["dispute"]
        return Dialog(refusal_title(d['word'], d['reason']), f"Словарь: {d['reason']}. Позвать всех голосовать?",
                      [("Голосовать", lambda: table.send({"kind": "call_vote"})),
                       ("Не спорить", lambda: table.send({"kind": "drop_claim"}))],
                      key=("dispute", d["word"]))
    if table.can("vote") and v.get("dispute"):
        d = v["dispute"]
        # a refused word its claimer insists on, or an accepted one the last mover doubts
        arguer = v["last_mover"] if d.get("ok") else d["seat"]
        who = acts(table.name(arguer), "сомневается" if d.get("ok") else "настаивает", arguer == table.me)
        return Dialog(f"Есть такое слово — «{d['word'].upper()}»?",
                      f"{who}, {verdict_note(d.get('ok', False), d['reason'])}. Голосуйте честно",
                      [("Да, есть", lambda: table.send({"kind": "vote", "accept": True})),
                       ("Нет", lambda: table.send({"kind": "vote", "accept": False}))],
                      key=("vote", d["word"]))
    return None
