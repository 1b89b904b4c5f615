"""The «Не говори…» panel: the word a seat names against the last mover, typed on the keyboard or picked letter by
letter from the conversation (the mouse, the D-pad); its keys, the cards it spells and how it is drawn over the
bottom strip. At a couch the panel is its claimer's: the scene hands it every press of their devices."""
from __future__ import annotations

import pygame

from game import assets
from game.input import KEYBOARD, Intent
from game.scenes.base import (ACCENT, DANGER_TEXT, GOOD, INK, INK_DIM, PANEL, PANEL_EDGE, RUSSIAN_LETTERS, fitted_text,
                              pad_names, panel)
from game.scenes.nowords.conversation import Conversation
from game.scenes.nowords.layout import CLAIM_PANEL, RED_INK
from game.scenes.nowords.targets import Target, focused, steer
from game.scenes.table.scene import TableScene

LONGEST = 20  # letters the panel takes
BUTTONS = ("Сказать", "Стереть", "Отмена")


def button_rect(i: int) -> pygame.Rect:
    return pygame.Rect(CLAIM_PANEL.x + 24 + i * 178, CLAIM_PANEL.bottom - 66, 164, 50)


class ClaimPanel:
    def __init__(self, table: TableScene, talk: Conversation):
        self.table = table  # whose seat opens the panel and sends the word
        self.talk = talk
        self.is_open = False
        self.claimer: int | None = None  # the local seat whose word it holds (at a couch, maybe not the one shown)
        self.text = ""
        self.focus = 0  # among conversation cards + panel buttons
        self.picked: dict[int, str] = {}  # letter position in the word -> card picked for it (mouse, pad)

    def begin(self) -> bool:
        """Open the panel for the seat on screen, telling the table a word is coming; refused with a notice when
        that seat may name no word now."""
        table = self.table
        if not table.can("claim"):
            table.app.play_sound("invalid")
            last = (table.view or {}).get("last_mover", -1)
            table.app.toast("Последнюю букву выложили вы: слово называют соперники." if last == table.me and last >= 0
                            else "Сейчас слово назвать нельзя.", 2200)
            return False
        self.is_open = True
        self.claimer = table.seat
        self.text = ""
        self.picked = {}
        self.focus = 0
        table.send({"kind": "claim", "word": ""})
        return True

    def close(self) -> None:
        self.is_open = False
        self.claimer = None
        self.text = ""
        self.picked = {}

    def submit(self) -> None:
        word = self.text.strip()
        if len(word) < 3:
            self.table.app.play_sound("invalid")
            self.table.app.toast("В слове должно быть не меньше трёх букв.", 2000)
            return
        self.table.send({"kind": "claim", "word": word})

    def handle(self, intent: Intent) -> None:
        name, key = intent.name, intent.extra.get("key")
        if intent.device == KEYBOARD:
            if name == "text":
                for ch in intent.text.lower():
                    if ch in RUSSIAN_LETTERS and len(self.text) < LONGEST:
                        self.text += ch
                return
            if key == pygame.K_BACKSPACE:
                if name in ("back", "key"):
                    self.erase()
                return
            if key == pygame.K_ESCAPE:
                if name == "back":
                    self.close()
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if name == "confirm" or (name == "key"):
                    self.submit()
                return
            return  # letters typed in a Russian layout also arrive as WASD navigation: swallow them
        targets = self.targets()
        steered = steer(intent, targets, self.focus)
        if steered is not None:
            self.focus, chosen = steered
            if chosen is not None:
                self.pick(targets[chosen])
        elif name in ("shout", "claim", "play"):
            self.submit()
        elif name == "draw":
            self.erase()
        elif name == "back":
            self.close()  # as the panel says: «Esc или B — отмена», X erases

    def pick(self, target: Target) -> None:
        kind, value, _ = target
        if kind == "button":
            {"Сказать": self.submit, "Стереть": self.erase, "Отмена": self.close}[value]()
            return
        if value in self.spelled_cards():
            return
        letter = next((c["letter"] for c in self.table.view["conversation"] if c["id"] == value), "")
        if letter and len(self.text) < LONGEST:
            self.picked[len(self.text)] = value
            self.text += letter
            self.table.app.play_sound("tile_place")

    def erase(self) -> None:
        if self.text:
            self.text = self.text[:-1]
            self.picked.pop(len(self.text), None)

    def spelled_cards(self) -> list[str]:
        """Conversation cards the word typed so far uses, in its order (picked cards first); '' for a letter the
        conversation lacks."""
        conv = {c["id"]: c["letter"] for c in (self.table.view or {}).get("conversation", [])}
        picked = {i: cid for i, cid in self.picked.items() if cid in conv}
        free = [cid for cid in conv if cid not in picked.values()]
        out: list[str] = []
        for i, ch in enumerate(self.text):
            need = "е" if ch == "ё" else ch
            if i in picked and conv[picked[i]] == need:
                out.append(picked[i])
                continue
            match = next((cid for cid in free if conv[cid] == need), None)
            if match is None:
                out.append("")
                continue
            free.remove(match)
            out.append(match)
        return out

    def targets(self) -> list[Target]:
        out = [("card", c["id"], self.talk.rect(c["id"])) for c in (self.table.view or {}).get("conversation", [])]
        out += [("button", label, button_rect(i)) for i, label in enumerate(BUTTONS)]
        return out

    def focused_card(self) -> str | None:
        """The conversation card the D-pad stands on, if it stands on one."""
        target = focused(self.targets(), self.focus)
        return target[1] if target is not None and target[0] == "card" else None

    @staticmethod
    def notice_zone() -> pygame.Rect:
        """Where the host's word on a claim stands: in the panel beside its buttons, off the word and title."""
        left = button_rect(2).right + 16
        return pygame.Rect(left, CLAIM_PANEL.y + 100, CLAIM_PANEL.right - 16 - left, CLAIM_PANEL.h - 110)

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        pad = pad_names(self.table.app.settings)  # as the settings bind them today
        surface.blit(panel(CLAIM_PANEL.size, (30, 18, 22), RED_INK, 3, 22), CLAIM_PANEL)
        head = assets.text("Не говори…", 26, RED_INK, "heading")
        head_rect = surface.blit(head, (CLAIM_PANEL.x + 24, CLAIM_PANEL.y + 14))
        # the longest word the panel takes, in large text too, stays inside it; the caret is a bar drawn beside the
        # word, not a «|» glyph, which the heading face draws like a Latin «I» at the end of the word
        left = max(CLAIM_PANEL.x + 214, head_rect.right + 24)
        caret_w = 4
        room = CLAIM_PANEL.right - 24 - caret_w - 6 - left
        word_rect = pygame.Rect(left, CLAIM_PANEL.y + 4, 0, assets.text("Ж", 48, INK, "heading").get_height())
        if self.text:
            shown = fitted_text(self.text.upper(), 48, INK, "heading", room)
            word_rect = surface.blit(shown, shown.get_rect(midleft=(left, word_rect.centery)))
        if int(clock / 450) % 2 == 0:
            bar = pygame.Rect(word_rect.right + 6, 0, caret_w, word_rect.height * 3 // 5)
            bar.centery = word_rect.centery
            pygame.draw.rect(surface, INK, bar)
        spelled = self.spelled_cards()
        missing = [self.text[i] for i, cid in enumerate(spelled) if not cid]
        if missing:
            note = f"в разговоре нет: {', '.join(ch.upper() for ch in missing)}"
            color = DANGER_TEXT
        elif len(self.text) < 3:
            note = f"печатайте слово или выбирайте буквы в разговоре (мышь, крестовина + {pad['confirm']})"
            color = INK_DIM
        else:
            note = f"Enter или {pad['shout']} — сказать!"
            color = GOOD
        surface.blit(assets.text(note, 16, color), (CLAIM_PANEL.x + 24, CLAIM_PANEL.y + 76))
        focus = focused(self.targets(), self.focus)
        for i, label in enumerate(BUTTONS):
            rect = button_rect(i)
            on = focus is not None and focus[0] == "button" and focus[1] == label
            fill = (170, 36, 40) if i == 0 else PANEL
            surface.blit(panel(rect.size, fill, ACCENT if on else PANEL_EDGE, 3 if on else 1, 14), rect)
            t = assets.text(label, 20, INK, "bold")
            surface.blit(t, t.get_rect(center=rect.center))
        hint = assets.text(f"Esc или {pad['back']} — отмена · Backspace или {pad['draw']} — стереть",
                           14, INK_DIM)
        surface.blit(hint, (CLAIM_PANEL.x + 24, CLAIM_PANEL.y + 102))
