"""The six buttons of the «Твёрдый знак» table under your seat — «Выложить», «Очистить», «Пас», «Ещё букву» (or a
letter for a bribe), «Дать взятку», «Забрать слово»: what each says, whether it may be pressed now and the keys that
press it (as the settings bind the pad); and, for a press the rules do not allow, why not."""
from __future__ import annotations

import pygame

from game import assets
from game.scenes.base import ACCENT, DISABLED, INK, INK_DIM, PANEL_EDGE, pad_names, panel
from game.scenes.hardsign.layout import PALE, button_rects
from game.scenes.hardsign.word import WordRow
from game.scenes.table.scene import TableScene


# the keys and pad buttons that press them (the hints below name them); on a pad «catch» takes your word back, or
# clears the row when there is none on the table
KEY_BUTTONS = {pygame.K_F2: "pass", pygame.K_F3: "letter", pygame.K_F4: "bribe", pygame.K_F5: "withdraw",
               pygame.K_DELETE: "clear"}
PAD_BUTTONS = {"shout": "submit", "play": "submit", "draw": "letter", "slap": "pass"}


def why_not(v: dict, me: int, kind: str) -> str:
    """Why the seat ``me`` may not do ``kind`` («submit», «pass», «letter») now, as the refusal's notice says it."""
    status = v.get("status", [""])[me] if me >= 0 else ""
    if v.get("phase") != "race":
        return "Раздача закончилась: ждём новых карт."
    if status == "laid":
        return "Ваше слово уже на столе. Его можно забрать и выложить другое."
    if status == "passed":
        return "Вы спасовали в этой раздаче."
    if kind == "letter":
        if v.get("laid_order"):
            need = v.get("bribe_need", 2)
            if len(v["laid_order"]) < need:
                return f"Слово уже выложено: букву теперь дают только за взятку, когда слов хотя бы {need}."
            return "Для взятки нужна карта в банке для каждого, кто выложил слово."
        if len(v.get("table", [])) >= v.get("table_max", 5):
            return "На столе уже пять букв."
        if status == "asked":
            return "Вы уже попросили букву."
    return "Сейчас так нельзя."


class Buttons:
    def __init__(self, table: TableScene, row: WordRow):
        self.table = table  # whose legal actions light the buttons
        self.row = row

    def state(self, button: str) -> tuple[str, bool, str]:
        """The button's label, whether it may be pressed now, and the keys that press it."""
        table = self.table
        v = table.view or {}
        laid = bool(v.get("laid_order"))
        # the buttons the player bound (they said Y, RB, X, LB whatever the settings)
        pad = pad_names(table.app.settings)
        if button == "submit":
            return "Выложить", table.can("submit") and bool(self.row.cards), f"Enter · {pad['shout']}"
        if button == "clear":
            return "Очистить", bool(self.row.cards or self.row.typed), "Delete"
        if button == "pass":
            return "Пас", table.can("pass"), f"F2 · {pad['slap']}"
        if button == "letter":
            label = "Ещё букву" if not laid else "Букву за взятку"
            return label, table.can("ask_letter") or table.can("bribe"), f"F3 · {pad['draw']}"
        if button == "bribe":
            need = v.get("bribe_need", 2)
            return "Дать взятку", table.can("bribe"), "F4 · после двух слов" if need > 1 else "F4 · после первого слова"
        return "Забрать слово", table.can("withdraw"), f"F5 · {pad['catch']}"

    def draw(self, surface: pygame.Surface, focused: str | None) -> None:
        """``focused``: the button the keys stand on, if any."""
        if self.table.me < 0 or self.table.replaying:  # nobody plays in a replay: its own controls stand there
            return
        for button, rect in button_rects().items():
            label, enabled, hint = self.state(button)
            is_focused = focused == button
            edge = ACCENT if is_focused else (PANEL_EDGE if enabled else (50, 60, 64))
            fill = (36, 70, 60) if button == "submit" and enabled else ((20, 44, 52) if enabled else (18, 26, 30))
            surface.blit(panel(rect.size, fill, edge, 3 if is_focused else 1, 14), rect)
            color = INK if enabled else DISABLED  # the app's one inactive ink (WCAG asks no contrast of it)
            text = assets.text(label, 22 if button == "submit" else 19, color, "bold")
            surface.blit(text, text.get_rect(center=(rect.centerx, rect.centery - 8)))
            # INK_DIM read 3.5:1 on the green
            tip = assets.text(hint, 12, (PALE if button == "submit" else INK_DIM) if enabled else DISABLED)
            surface.blit(tip, tip.get_rect(center=(rect.centerx, rect.bottom - 12)))
