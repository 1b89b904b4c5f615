"""The row of buttons under the rack: which stand, by the phase and what the rules let this seat do (a variant's
phase and its buttons come from its look), what pressing one (or its key) does, and what the table says when the
rules refuse it. Laid out again only when the row changes, its labels at one size."""
from __future__ import annotations

import pygame

from game import assets
from game.rules.board import LOOK
from game.scenes.base import ACCENT, DISABLED, INK, PANEL, PANEL_EDGE, FocusGroup, Widget, mix, panel
from game.scenes.board.dialogs import ExchangeDialog
from game.scenes.board.layout import BUTTON_H, BUTTONS_Y, SIDE_W, SIDE_X

# Double bag: (``vowels`` of the action, button label). -1 is the table's own mix, the rack size
# takes every new tile from the vowel bag, 0 every one from the consonant bag.
DRAW_CHOICES = ((-1, "Добор: любые"), (7, "Добор: гласные"), (0, "Добор: согласн."))
VARIANT_BUTTONS = LOOK.buttons()


class BoardButton(Widget):
    label_size: int = 17  # the row's one size: every label of the row fits its button at it

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(2 * lift))
        base = PANEL if self.enabled else (24, 34, 32)
        edge = mix(PANEL_EDGE, ACCENT, lift) if self.enabled else (60, 70, 66)
        surface.blit(panel(rect.size, base, edge, 2 + round(lift), 10), rect)
        color = INK if self.enabled else DISABLED  # the app's one inactive ink (WCAG asks no contrast of it)
        size = self.label_size
        label = assets.text(self.label, size, color, "bold")
        while label.get_width() > rect.width - 10 and size > 11:  # the text grew since the row was laid out
            size -= 1
            label = assets.text(self.label, size, color, "bold")
        surface.blit(label, label.get_rect(center=rect.center))


class ButtonRow:
    def __init__(self, scene):
        self.scene = scene
        self.group = FocusGroup()
        self._key: tuple | None = None
        self.draw_from = DRAW_CHOICES[0][0]  # double bag: the Place/Exchange ``vowels`` field

    def shown(self, button) -> bool:
        """A variant's button of one's turn stands while the view says its variant is on."""
        return not button.shown_by or (self.scene.view or {}).get(button.shown_by) is not None

    def specs(self) -> list[tuple[str, str, bool]]:
        """(key, label, enabled) of the buttons under the rack, by phase."""
        scene = self.scene
        if scene.watching():
            return []  # nothing here is a watcher's to press
        if scene.finished():
            return scene.ending.buttons()
        look = scene.phase_look()
        if look is not None and look.pick is not None:
            mine = scene.my_turn()
            return [(look.pick.action, look.pick.verb, mine and bool(scene.board.picked)), ("pass", "Пас", mine)]
        if look is not None and any(scene.can(b.action) for b in look.buttons):
            return [(b.action, b.label, True) for b in look.buttons] + [("shuffle", "Перемешать", True)]
        rack = scene.rack
        mine = scene.my_turn()
        specs = [("play", "Сыграть", mine and bool(rack.placed)), ("recall", "Вернуть", bool(rack.placed)),
                 ("shuffle", "Перемешать", len(rack.visible()) > 1), ("exchange", "Обмен", scene.can("exchange")),
                 ("pass", "Пас", scene.can("pass"))]
        if self.double_bag():
            specs.append(("draw_from", self.draw_label(), True))
        if rack.can_dispute():
            specs.insert(1, ("dispute", "На голосование", True))
        else:
            specs += [(b.action, b.label, scene.can(b.action)) for b in LOOK.turn_buttons if self.shown(b)]
        return specs

    def rebuild(self) -> None:
        specs = self.specs()
        key = tuple(specs)
        if key == self._key:
            return
        focused = self.group.focused.note if self.group.focused else None
        self._key = key
        self.group = FocusGroup()
        widths = [max(84, assets.text(label, 17, INK, "bold").get_width() + 26) for _, label, _ in specs]
        gap = 8
        total = sum(widths) + gap * (len(widths) - 1)
        scale = min(1.0, (SIDE_W - gap * (len(widths) - 1)) / max(1, sum(widths)))
        if scale < 1.0:
            widths = [int(w * scale) for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = SIDE_X + (SIDE_W - total) // 2
        size = 17  # many buttons in a row: all labels smaller, as the widest needs, not each its own
        while size > 11 and any(assets.text(label, size, INK, "bold").get_width() > w - 10
                                for (_, label, _), w in zip(specs, widths)):
            size -= 1
        for (what, label, enabled), w in zip(specs, widths):
            button = BoardButton(pygame.Rect(x, BUTTONS_Y, w, BUTTON_H), label, enabled, note=what,
                                 on_confirm=lambda what=what: self.press(what))
            button.label_size = size
            self.group.add(button)
            x += w + gap
        for i, w in enumerate(self.group.widgets):
            if w.note == focused:
                self.group.focus = i
                break
        else:
            self.group.first_enabled()

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if scene.replaying:
            return  # the replay's controls stand there
        for i, w in enumerate(self.group.widgets):
            if scene.zone != "buttons" and not scene.finished():  # after the game the focused button is Enter's
                w.hover = min(w.hover, 0.0)
            w.draw(surface, scene.zone == "buttons" and i == self.group.focus)

    # ---- pressing
    def press(self, what: str) -> None:
        """A button or its shortcut."""
        scene, rack, ending = self.scene, self.scene.rack, self.scene.ending
        if what == "play":
            scene.submit()
        elif what == "recall":
            rack.recall()
        elif what == "shuffle":
            rack.shuffle()
        elif what == "exchange":
            if scene.can("exchange"):
                scene.open_dialog(ExchangeDialog(scene))
            else:
                self.refuse("exchange")
        elif what == "pass":
            if scene.can("pass"):
                if scene.pick() is None:
                    rack.recall()
                scene.send({"kind": "pass"})
            else:
                self.refuse("pass")
        elif what == "dispute":
            if rack.can_dispute():
                scene.send_place(dispute=True)
        elif what == "draw_from":
            values = [value for value, _ in DRAW_CHOICES]
            self.draw_from = values[(values.index(self.draw_from) + 1) % len(values)]
            scene.app.play_sound("menu_move")
        elif what == "results":
            ending.results_hidden = not ending.results_hidden
        elif what == "review":
            ending.toggle_review()
        elif what == "review_next":
            ending.next_review_page()
        elif what == "replay":
            scene.open_replay()
        elif what == "leave":
            scene.app.pop()
        else:
            self.press_variants(what)

    def press_variants(self, what: str) -> None:
        """A variant's button: its phase's pick is sent, its phase's question comes back, any other action is sent
        when the rules take it now."""
        scene = self.scene
        look = scene.phase_look()
        if look is not None and look.pick is not None and what == look.pick.action:
            scene.send_pick()
        elif look is not None and look.question is not None and any(b.action == what for b in look.buttons):
            scene.offer_question()
        elif scene.can(what):
            scene.send({"kind": what})
        else:
            self.refuse(what)

    def refuse(self, what: str) -> None:
        mine = self.scene.my_turn()
        reasons = {
            "exchange": "Сейчас меняться нельзя." if mine else "Меняться можно только в свой ход.",
            "pass": "Пасовать можно только в свой ход.",
            **{action: b.refused if self.shown(b) else b.off for action, b in VARIANT_BUTTONS.items()},
        }
        self.scene.app.toast(reasons.get(what, "Сейчас так нельзя."), 2000)
        self.scene.app.play_sound("invalid")

    # ---- the double bag's choice
    def double_bag(self) -> bool:
        """The rules keep a vowel bag (its count in the view): a move says where its new tiles come from."""
        return (self.scene.view or {}).get("bag_vowels") is not None

    def vowels(self) -> int:
        return self.draw_from if self.double_bag() else -1

    def draw_label(self) -> str:
        return next(label for value, label in DRAW_CHOICES if value == self.draw_from)
