"""Couch play: several people at one screen, each with their own seat, their own connection and their own pad; for
every game once (:class:`CouchPlay`, a part of every ``TableScene``).

* ``add_local_seat(connection, devices)`` gives the scene more local seats, each with its own
  connection; ``bind_device(device, seat)`` binds a pad (``pad:<instance_id>``) or the keyboard
  and mouse (``keyboard``) to a seat. Without any of that the scene is the plain single-seat table.
* Each local seat is a line (``LocalSeat``: its connection, the view it was last sent, its legal
  actions). ``self.seat``, ``self.conn``, ``self.view``, ``self.legal`` read ONE of them,
  ``self.line``: the seat on screen (the local seat that must act now — the «focus» — or the one
  peeking). When the focus moves the scene points at another line; then
  ``on_seat_change(previous_seat)`` is called so a scene can drop what it derived from the old
  view (cursor positions, layouts). Events animate only for the seat on screen.
* An intent from a device bound to the seat on screen reaches ``handle_table`` as usual. A
  reflex intent (``REFLEX_INTENTS``: shout, slap, catch, claim) from a device bound to another
  seat also reaches ``handle_table`` — inside ``acting_as(seat)``, which points the scene at that
  seat's line for the call, so ``self.send(self.legal_of(...)[0])`` acts for the right player.
  Other intents of off-screen players are dropped: they cannot see their hand. The unbound
  keyboard and mouse help whoever is on screen; a spare pad does nothing but take a seat whose
  pad was unplugged.
* Hidden hands: between turns of two different local players a curtain covers the table until
  the next player presses A (Enter, click). While no local player is to act, or in games where
  everyone acts at once (``HOLD_TO_PEEK = True``), ``HAND_AREA`` is covered; holding «peek»
  (Tab, Select) or clicking the cover shows your own hand. A scene whose hand lies elsewhere
  sets ``HAND_AREA``; one that draws face-down cards itself when ``hand_hidden`` sets it to None.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game import assets
from game.input import KEYBOARD, MOUSE, Intent
from game.net.connection import Connection
from game.scenes.base import (
    ACCENT,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    bound_hint,
    key_label,
    pad_names,
    panel,
    wrapped,
)

CURTAIN_TAPS = ("confirm", "click")  # not «play»: Enter sends both, one press must not do two things
TURN_RUMBLE = (0.45, 160)  # strength, ms


def binding_of(device: str) -> str:
    """Keyboard and mouse are one player's pair of hands."""
    return KEYBOARD if device in (KEYBOARD, MOUSE) else device


def is_pad(device: str) -> bool:
    return device.startswith("pad:")


def device_label(device: str, pad_numbers: dict[int, int]) -> str:
    """«Геймпад 2» (its number among the pads, ``InputMapper.pad_numbers``: the seat screen and the table say the
    same, and an unplugged pad renumbers no other) or «Клавиатура и мышь»; «Геймпад» for one gone."""
    if not is_pad(device):
        return "Клавиатура и мышь"
    number = pad_numbers.get(int(device[4:]))
    return f"Геймпад {number}" if number else "Геймпад"


@dataclass(eq=False)
class LocalSeat:
    """A seat played at this screen, with its own line to the host."""

    seat: int
    conn: Any
    view: dict | None = None
    legal: list = field(default_factory=list)
    state_id: int = 0
    devices: set[str] = field(default_factory=set)
    waiting: bool = False  # its pad went away: the next spare pad pressing A takes the seat
    acting: bool = False  # had a move to make at the last look (a change rumbles its pad)


class CouchPlay:
    """The couch's part of a table scene: the local seats' devices, the turn followed across them (pads rumble, the
    curtain rises between players), peeking and the cover over a hand that must stay hidden. A part of the class, not
    an object the scene holds: it decides whose view the scene itself shows. The scene gives the seats (``local``,
    ``seat``, ``focus``, ``must_act``, ``over``), ``show_seat``, ``acting_as``, ``handle_table``, ``seat_name``,
    ``face`` and ``ask_for_bot_seat``; a table gives ``HAND_AREA``, ``HAND_WORD``, ``HOLD_TO_PEEK``,
    ``REFLEX_INTENTS``, and may say what the curtain calls a player for (``called_for``) and where the «На экране»
    badge stands (``screen_badge_corner``)."""

    REFLEX_INTENTS: frozenset[str] = frozenset({"shout", "slap", "catch", "claim"})
    HOLD_TO_PEEK = False  # everyone acts at once: hands stay covered unless peeking, no curtain
    HAND_AREA: pygame.Rect | None = pygame.Rect(0, 470, WIDTH, HEIGHT - 470)
    HAND_WORD = "карты"  # what the hand is called on its cover and curtain (plural): «фишки» on a board
    peeking: int | None = None  # the local seat whose hand is shown out of its turn
    peek_sticky = False  # a mouse click on the cover keeps the hand shown until clicked again
    curtain_for: int | None = None  # the local seat the curtain waits for
    revealed_to: int | None = None  # the last local seat whose hand was shown uncovered

    def add_local_seat(self, connection: Connection, devices=()) -> None:
        """Another seat played at this screen (its own connection to the same host)."""
        self.local[connection.seat] = LocalSeat(connection.seat, connection)
        for device in devices:
            self.bind_device(device, connection.seat)

    def bind_device(self, device: str, seat: int) -> None:
        device = binding_of(device)
        if is_pad(device):  # a pad is one player's; the keyboard may be passed around (hot seat)
            self.unbind_device(device)
        ls = self.local[seat]
        ls.devices.add(device)
        ls.waiting = False

    def unbind_device(self, device: str) -> None:
        for ls in self.local.values():
            ls.devices.discard(binding_of(device))

    @property
    def couch(self) -> bool:
        """More than one local seat, or devices bound to seats: couch rules apply."""
        return len(self.local) > 1 or any(ls.devices for ls in self.local.values())

    def seats_of(self, device: str) -> list[int]:
        device = binding_of(device)
        return [s for s, ls in sorted(self.local.items()) if device in ls.devices]

    @property
    def hand_hidden(self) -> bool:
        """True when the hand on screen must not be seen by everyone at the couch."""
        if len(self.local) < 2 or self.over or self.peeking is not None:
            return False
        if self.curtain_for is not None or self.HOLD_TO_PEEK:
            return True
        acting = [s for s in self.local if self.must_act(s)]
        return acting != [self.seat]

    def _refocus(self) -> None:
        """Follow the turn across local seats: rumble pads, raise the curtain between players."""
        acting = [seat for seat in sorted(self.local) if self.must_act(seat)]
        for seat, ls in self.local.items():
            now = seat in acting
            if now and not ls.acting:
                for device in ls.devices:
                    self.app.input.rumble(device, *TURN_RUMBLE)
            ls.acting = now
        if self.over:
            self.curtain_for = None
            return
        if len(self.local) < 2:
            return
        if acting and self.focus not in acting:
            later = [s for s in acting if s > self.focus]
            self.focus = (later or acting)[0]
            self.end_peek()
            self.show_seat(self.focus)
        # a hand is uncovered only after its player said «ready» behind the curtain
        if not self.HOLD_TO_PEEK and acting == [self.focus] and self.revealed_to != self.focus and self.peeking is None:
            self.curtain_for = self.focus
            self.app.play_sound("turn_start")

    def end_peek(self) -> None:
        if self.peeking is not None:
            self.peeking = None
            self.peek_sticky = False
            self.show_seat(self.focus)

    def handle_couch(self, intent: Intent) -> None:
        """Route one intent to the seat of the device it came from."""
        name, device = intent.name, binding_of(intent.device)
        if name == "pad_removed":
            self._pad_gone(device)
            return
        if name == "pad_added":
            self._pad_arrived(device)
            return
        seats = self.seats_of(device)
        if not seats:
            waiting = self._seat_waiting_for_a_pad()
            if waiting is not None and name in CURTAIN_TAPS:
                self.bind_device(device, waiting.seat)
                self.app.toast(f"{self.seat_name(waiting.seat)} снова за столом: {device_label(device, self.app.input.pad_numbers)}")
                self.app.play_sound("menu_confirm")
                return
            if is_pad(device):
                if name == "confirm":
                    self.join_for_a_bot(device)
                return  # otherwise a spare pad plays for nobody
            seats = [self.seat]  # the laptop's own keyboard and mouse help whoever is on screen
        if name in self.REFLEX_INTENTS:
            # reflexes (shout, slap, catch) are for everyone at once, even behind the curtain
            with self.acting_as(self.seat if self.seat in seats else seats[0]):
                self.handle_table(intent)
            return
        if self.curtain_for is not None:
            if self.curtain_for in seats and name in CURTAIN_TAPS:
                self.revealed_to, self.curtain_for = self.curtain_for, None
                self.app.play_sound("menu_confirm")
            return  # nothing reaches the table behind the curtain
        if self._handle_peek(intent, seats):
            return
        if self.seat in seats:
            self.handle_table(intent)
        # anything else from a player whose hand is not on screen is dropped: they cannot see it

    def _handle_peek(self, intent: Intent, seats: list[int]) -> bool:
        name = intent.name
        if name == "peek":
            seat = self.focus if self.focus in seats else seats[0]
            if self.peeking is None and len(self.local) > 1:
                self.peeking = self.revealed_to = seat
                self.show_seat(seat)
            return True
        if name == "peek_end":
            if not self.peek_sticky and self.peeking in seats:
                self.end_peek()
            return True
        area = self.HAND_AREA
        if name == "click" and intent.pos is not None and area is not None and len(self.local) > 1:
            if self.peeking is None and self.hand_hidden and area.collidepoint(intent.pos):
                self.peeking = self.revealed_to = self.focus if self.focus in seats else seats[0]
                self.peek_sticky = True
                self.show_seat(self.peeking)
                return True
            if self.peek_sticky and self.peeking in seats and self._hide_button().collidepoint(intent.pos):
                self.end_peek()
                return True
        return False

    def _hide_button(self) -> pygame.Rect:
        area = self.HAND_AREA or pygame.Rect(0, 0, WIDTH, HEIGHT)
        return pygame.Rect(area.right - 150, area.top + 8, 136, 36)

    def join_for_a_bot(self, device: str) -> bool:
        """A pad that arrives mid-game takes over the first bot's seat: the connection asks its host for it."""
        connection = self.ask_for_bot_seat()
        if connection is None:
            return False
        seat = connection.seat
        self.add_local_seat(connection, [device])
        self.app.toast(f"{device_label(device, self.app.input.pad_numbers)} играет вместо бота {self.seat_name(seat)}")
        self.app.play_sound("menu_confirm")
        return True

    def _seat_waiting_for_a_pad(self) -> LocalSeat | None:
        """The first local seat whose pad went away: a spare device tapping A, or a pad plugged in, takes it."""
        return next((ls for _, ls in sorted(self.local.items()) if ls.waiting), None)

    def _pad_gone(self, device: str) -> None:
        for seat in self.seats_of(device):
            ls = self.local[seat]
            ls.devices.discard(device)
            if not ls.devices:
                ls.waiting = True
                self.app.toast(f"{self.seat_name(seat)}: геймпад отключён. Нажмите A на любом геймпаде, чтобы вернуться.")
            if self.peeking == seat:
                self.end_peek()

    def _pad_arrived(self, device: str) -> None:
        if self.seats_of(device):
            return
        waiting = self._seat_waiting_for_a_pad()
        if waiting is not None:
            self.bind_device(device, waiting.seat)
            self.app.toast(f"Геймпад вернулся к игроку {self.seat_name(waiting.seat)}")

    def how_to_tap(self, seat: int) -> str:
        """How ``seat``'s player lifts the curtain, in the confirm button or key the settings bind today."""
        ls = self.local[seat]
        if ls.waiting:
            words = "Геймпад отключён — нажмите {pad_confirm} на любом свободном геймпаде"
        elif any(is_pad(d) for d in ls.devices):
            words = "Передайте геймпад и нажмите {pad_confirm}"
        else:
            words = "Нажмите {key_confirm} или щёлкните мышью"
        return bound_hint(self.app.settings, words)

    def called_for(self, seat: int) -> str:
        """What the curtain calls ``seat``'s player up for when it is not their turn (a table's window where others
        answer a move: «Проверка слова»); "" for their turn."""
        return ""

    def curtain_title(self, seat: int) -> str:
        why = self.called_for(seat)
        return f"{why}: {self.seat_name(seat)}" if why else f"Ход игрока {self.seat_name(seat)}"

    def draw_curtain(self, surface: pygame.Surface, seat: int) -> None:
        shade = panel((WIDTH - 160, HEIGHT - 160), PANEL, PANEL_EDGE, 3, 28)
        surface.blit(shade, (80, 80))
        face = self.face(seat, 150)
        surface.blit(face, face.get_rect(center=(WIDTH // 2, 250)))
        room = WIDTH - 220
        title = assets.fitted_text(self.curtain_title(seat), 52, ACCENT, "heading", room)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, 385)))
        tip = assets.fitted_text(self.how_to_tap(seat), 28, INK, "bold", room)
        surface.blit(tip, tip.get_rect(center=(WIDTH // 2, 450)))
        note = assets.fitted_text(f"Остальные не подглядывают: {self.HAND_WORD} покажутся, когда игрок будет готов",
                                  18, INK_DIM, "text", room)
        surface.blit(note, note.get_rect(center=(WIDTH // 2, 500)))

    def couch_hands(self) -> tuple[bool, bool]:
        """(a keyboard and mouse play a seat here, a pad plays one): which controls a couch hint may name."""
        devices = [d for ls in self.local.values() for d in ls.devices]
        return any(not is_pad(d) for d in devices), any(is_pad(d) for d in devices)

    def peek_words(self) -> str:
        """How to see one's hidden hand, in the controls the couch holds: the key and the mouse only while a keyboard
        plays a seat, the pad's button (as bound) only while a pad does."""
        keyboard, pad = self.couch_hands()
        keys = self.app.settings.keys.get("peek") or []
        names = ([key_label(keys[0])] if keyboard and keys else []) + ([pad_names(self.app.settings)["peek"]] if pad else [])
        hold = " или ".join(names) or "«подглядеть»"
        return f"Держите {hold}, чтобы увидеть свои {self.HAND_WORD}" + (" · или щёлкните здесь" if keyboard else "")

    def draw_couch(self, surface: pygame.Surface) -> None:
        """Whose view is on screen, and the cover over a hand that must stay hidden."""
        area = self.HAND_AREA
        if self.hand_hidden and area is not None:
            surface.blit(panel(area.size, (14, 30, 28), PANEL_EDGE, 2, 18), area)
            paint_cover_words(surface, area, f"{self.HAND_WORD.capitalize()} скрыты", self.peek_words())
        elif self.peek_sticky and area is not None:
            button = self._hide_button()
            surface.blit(panel(button.size, PANEL, ACCENT, 2, 12), button)
            label = assets.fitted_text(f"Скрыть {self.HAND_WORD}", 16, INK, "bold", button.w - 12)
            surface.blit(label, label.get_rect(center=button.center))
        who = f"На экране: {self.seat_name(self.seat)}" + (" (подглядывает)" if self.peeking is not None else "")
        badge = assets.text(who, 16, ACCENT, "bold")
        box = badge.get_rect(topright=self.screen_badge_corner()).inflate(18, 8)
        surface.blit(panel(box.size, PANEL, PANEL_EDGE, 1, 10), box)
        surface.blit(badge, badge.get_rect(center=box.center))

    def screen_badge_corner(self) -> tuple[int, int]:
        """Where the couch's «На экране: …» badge has its top-right corner: the screen's, unless the table keeps
        something of its own there."""
        return WIDTH - 14, 10


def paint_cover_words(surface: pygame.Surface, area: pygame.Rect, title: str, tip: str) -> None:
    """A cover's title and its tip, wrapped, in the middle of ``area``: the largest of a few sizes whose lines all
    stand inside it (a board's rack is 86 px high, and «Крупный текст» makes every line taller)."""
    room = area.w - 32
    for title_size, tip_size in ((30, 18), (24, 16), (20, 14), (16, 12)):
        head = assets.fitted_text(title, title_size, INK, "heading", room)
        tips = [assets.fitted_text(line, tip_size, INK_DIM, "text", room) for line in wrapped(tip, tip_size, room)]
        height = head.get_height() + sum(t.get_height() for t in tips)
        if height <= area.h - 6:
            break
    y = area.centery - height // 2
    for picture in [head, *tips]:
        surface.blit(picture, picture.get_rect(midtop=(area.centerx, y)))
        y += picture.get_height()

