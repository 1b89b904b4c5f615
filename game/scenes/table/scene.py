"""What every game table scene shares: the line to the host, messages, sounds for events,
refusals shown with a shake, pop-ups, and the pause menu.

A game scene subclasses :class:`TableScene`, declares ``EVENT_SOUNDS`` (every event kind of
its game → a sound name from assets/sounds, a test checks the coverage), and implements
``on_event`` (start animations) and ``draw_table``. It sees only the view, the legal actions
and the events of its seat, as plain data: never the rules' state.

Couch play (several people at one screen) is handled here once for every game:

* ``add_local_seat(connection, devices)`` gives the scene more local seats, each with its own
  connection; ``bind_device(device, seat)`` binds a pad (``pad:<instance_id>``) or the keyboard
  and mouse (``keyboard``) to a seat. Without any of that the scene is the plain single-seat table.
* ``self.seat``, ``self.conn``, ``self.view``, ``self.legal`` always describe ONE seat: the
  seat on screen (the local seat that must act now — the «focus» — or the one peeking). Views
  of the other local seats are kept aside and swapped in when the focus moves; then
  ``on_seat_change(previous_seat)`` is called so a scene can drop what it derived from the old
  view (cursor positions, layouts). Events animate only for the seat on screen.
* An intent from a device bound to the seat on screen reaches ``handle_table`` as usual. A
  reflex intent (``REFLEX_INTENTS``: shout, slap, catch, claim) from a device bound to another
  seat also reaches ``handle_table`` — inside ``acting_as(seat)``, which swaps that seat's
  connection, view and legal actions in for the call, so ``self.send(self.legal_of(...)[0])``
  acts for the right player. Other intents of off-screen players are dropped: they cannot see
  their hand. The unbound keyboard and mouse help whoever is on screen; a spare pad does nothing
  but take a seat whose pad was unplugged.
* Hidden hands: between turns of two different local players a curtain covers the table until
  the next player presses A (Enter, click). While no local player is to act, or in games where
  everyone acts at once (``HOLD_TO_PEEK = True``), ``HAND_AREA`` is covered; holding «peek»
  (Tab, Select) or clicking the cover shows your own hand. A scene whose hand lies elsewhere
  sets ``HAND_AREA``; one that draws face-down cards itself when ``hand_hidden`` sets it to None.

A picture kept between frames (a layer too costly to paint every frame) lives in ``self.kept``
under a key made of the values it paints; ``forget_drawn()`` drops them all, and the cache tests
compare the next frame, painted from scratch, with the kept one after every kind of event.
"""
from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

import pygame

from game import assets
from game.input import KEYBOARD, MOUSE, Intent
from game.scenes.base import (
    ACCENT,
    DANGER,
    DANGER_TEXT,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    FocusGroup,
    Scene,
    Widget,
    bound_hint,
    draw_background,
    key_label,
    mix,
    pad_names,
    panel,
    wrapped,
)
from game.net.connection import Connection, SeatRefused
from game.net.protocol import PALETTE
from game.rules.base import SPECTATOR
from game.scenes.table.banner import BannerLook, BannerStrip
from game.scenes.table.cheer import Cheer, ends_the_game, winners_of
from game.scenes.table.flight import FlightLayer
from game.scenes.table.seat_offer import bot_seat_to_take, paint_offer
from game.scenes.table.tween import Popup, Shake

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


class KeptPictures:
    """Pictures a table keeps between frames because painting them anew every frame costs too
    much. Each is kept under a key made of the values it paints (never the identity of an object
    that comes back changed) and painted again when they differ; ``forget`` drops them all, so
    the next frame is painted from scratch — the cache tests compare that frame with the kept one."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, Any]] = {}

    def get(self, name: str, key: Any, paint, repaint=None):
        """The picture ``name`` for ``key``: ``paint()`` makes one from nothing; ``repaint(picture,
        old_key)``, if given, brings the kept one up to date in place (only the parts that changed)."""
        kept = self._kept.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        picture = repaint(kept[1], kept[0]) if kept is not None and repaint is not None else paint()
        self._kept[name] = (key, picture)
        return picture

    def forget(self) -> None:
        self._kept.clear()



ROOM_COLOURS = {cid: hex_ for cid, _, hex_ in PALETTE}  # a room seat's colour id → its colour (docs/PROTOCOL.md)
POPUP_GAP = 4  # between popups stacked over one spot


def popup_box(p: Popup, k: float) -> pygame.Rect:
    """Where popup ``p`` stands at ``k`` of its life (0 new, 1 gone): its words on their backing."""
    label = assets.text(p.text, p.size, INK, "heading")  # the size of the words, whatever their colour
    return label.get_rect(center=(p.x, p.y - p.rise * k)).inflate(20, 2)


class TableScene(Scene):
    EVENT_SOUNDS: dict[str, str | None] = {}
    REFLEX_INTENTS: frozenset[str] = frozenset({"shout", "slap", "catch", "claim"})
    HOLD_TO_PEEK = False  # everyone acts at once: hands stay covered unless peeking, no curtain
    HAND_AREA: pygame.Rect | None = pygame.Rect(0, 470, WIDTH, HEIGHT - 470)
    HAND_WORD = "карты"  # what the hand is called on its cover and curtain (plural): «фишки» on a board
    BANNER_LOOK = BannerLook()
    BANNERS_QUEUED = False  # True: banners show one after another instead of the newest at once
    BANNER_MS = 2600.0
    GAME_OVER_EVENT: str | None = None  # the event kind that ends this table's game: the cheer starts with it
    # where the TV view (seat −2: no hand, no controls of its own) has nothing a watcher needs: the phones' table
    # shows its way in there (``join_card``) while the game runs
    JOIN_CORNER: pygame.Rect | None = None
    # where «Повтор партии» puts its controls over this table: where the table's own buttons for making moves stand,
    # which a replay does not draw (nobody makes a move there)
    REPLAY_CORNER = pygame.Rect(WIDTH - 300, HEIGHT - 250, 290, 242)
    REPLAY_INTENT = "peek"  # Tab / Select at a finished game's results: «Повтор партии»

    def __init__(self, connection: Connection, game_id: str, names: list[str]):
        self.conn = connection
        self.game_id = game_id
        self.names = names
        self.seat: int = connection.seat
        self.view: dict | None = None
        self.legal: list[dict] = []
        self.state_id = 0
        self.over = False
        self.shake = Shake()
        self.popups: list[Popup] = []
        self.banners = BannerStrip(self.BANNER_LOOK, self.BANNERS_QUEUED, self.BANNER_MS)
        self.flights = FlightLayer()  # cards and tiles in the air; the table draws them where they belong
        self.last_error = ""
        self.log: deque[str] = deque(maxlen=6)
        self.local: dict[int, LocalSeat] = {self.seat: LocalSeat(self.seat, connection)}
        self.focus = self.seat  # the local seat that acts now (shown unless someone peeks)
        self.peeking: int | None = None
        self.peek_sticky = False  # a mouse click on the cover keeps the hand shown until clicked again
        self.curtain_for: int | None = None
        self.revealed_to: int | None = None  # the last local seat whose hand was shown uncovered
        self.to_act: tuple[int, ...] = ()  # the seats the game waits for, as the rules said in the last update
        self.kept = KeptPictures()
        self.cheer = Cheer()
        self.join_card: pygame.Surface | None = None  # JOIN_CORNER's picture, given by the phones' table
        self.lobby: dict | None = connection.lobby  # the room as the host last told it
        self.plate_rect_of = None  # where paint_seat_plates put each seat's plate, for its absence mark
        # how far the host's clock is ahead of this window's: a local table's host keeps the window's own time; a
        # LAN host stamps each update with its time when sent (``t``), a few ms before it arrives
        self.host_lead_ms = 0
        self.shown_at_ms: int | None = None  # the host's time the last update carried (``t``)
        # «Повтор партии» shows this table: it draws no controls in REPLAY_CORNER, keeps nothing and takes no input
        self.replaying = connection.replaying

    # ------------------------------------------------------------------ couch seats
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

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Игрок {seat + 1}"

    @property
    def me(self) -> int:
        """The seat the view on screen belongs to (a watcher's view says SPECTATOR); this connection's before any view."""
        return self.view.get("me", SPECTATOR) if self.view else self.seat

    @property
    def players(self) -> int:
        return int(self.view.get("players", len(self.names))) if self.view else len(self.names)

    def name(self, seat: int) -> str:
        return "Вы" if seat == self.me else self.seat_name(seat)

    def others(self) -> list[int]:
        """The other seats in turn order from the one on screen (every seat, for a watcher)."""
        n = self.players
        return list(range(n)) if self.me < 0 else [(self.me + k) % n for k in range(1, n)]

    def legal_for(self, seat: int) -> list[dict]:
        return self.legal if seat == self.seat else self.local[seat].legal

    def must_act(self, seat: int) -> bool:
        return seat in self.to_act

    def _save_context(self) -> None:
        ls = self.local[self.seat]
        ls.view, ls.legal, ls.state_id = self.view, self.legal, self.state_id

    def _load_context(self, seat: int) -> None:
        ls = self.local[seat]
        self.seat, self.conn, self.view, self.legal, self.state_id = seat, ls.conn, ls.view, ls.legal, ls.state_id

    @contextmanager
    def acting_as(self, seat: int) -> Iterator[None]:
        """For the duration, the scene speaks for ``seat``: its connection, view and legal actions."""
        home = self.seat
        if seat == home or seat not in self.local:
            yield
            return
        self._save_context()
        self._load_context(seat)
        try:
            yield
        finally:
            self._save_context()
            self._load_context(home)

    def show_seat(self, seat: int) -> None:
        """Put ``seat``'s view on screen (after a turn passed, or for a peek)."""
        if seat == self.seat or seat not in self.local:
            return
        previous = self.seat
        self._save_context()
        self._load_context(seat)
        self.on_seat_change(previous)

    def on_seat_change(self, previous_seat: int) -> None:
        """The seat on screen changed (couch play): drop state derived from the old view."""

    @property
    def hand_hidden(self) -> bool:
        """True when the hand on screen must not be seen by everyone at the couch."""
        if len(self.local) < 2 or self.over or self.peeking is not None:
            return False
        if self.curtain_for is not None or self.HOLD_TO_PEEK:
            return True
        acting = [s for s in self.local if self.must_act(s)]
        return acting != [self.seat]

    # ------------------------------------------------------------------ host line
    def send(self, action: dict) -> None:
        self.conn.send(action, pressed_ms=self.app.now_ms())

    def legal_of(self, kind: str) -> list[dict]:
        return [a for a in self.legal if a.get("kind") == kind]

    def can(self, kind: str) -> bool:
        return any(a.get("kind") == kind for a in self.legal)

    def pump(self) -> None:
        if len(self.local) == 1:
            self.conn.pump()
            for message in self.conn.poll():
                self._take_message(message)
        else:
            for ls in list(self.local.values()):
                ls.conn.pump()
            # the seat on screen first (sounds and animations), the others are only kept up to date
            batches = {seat: ls.conn.poll() for seat, ls in self.local.items()}
            for message in batches.pop(self.seat):
                self._take_message(message)
            for seat, messages in batches.items():
                for message in messages:
                    self._keep_message(self.local[seat], message)
        if self.couch:
            self._refocus()

    def host_now_ms(self) -> int:
        """The host's time now, as near as this window can tell (a moment in a view is on the host's clock); in a
        replay, the moment of the step shown, which stands still with it."""
        if self.replaying and self.shown_at_ms is not None:
            return self.shown_at_ms
        return self.app.now_ms() + self.host_lead_ms

    def _take_message(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "update":
            if isinstance(message.get("t"), int):
                self.host_lead_ms = message["t"] - self.app.now_ms()
                self.shown_at_ms = message["t"]
            skipped = message.get("state_id", self.state_id) > self.state_id + 1
            self.state_id = message.get("state_id", self.state_id)
            previous = self.view
            self.view = message["view"]
            self.legal = message.get("legal", [])
            self.to_act = tuple(message.get("to_act", ()))
            if skipped and previous is not None:
                self.on_updates_skipped()
            for event in message.get("events", []):
                sound = self.event_sound(event)
                if sound:
                    self.app.play_sound(sound)
                self.on_event(event, previous)
            if message.get("over") and not self.over:
                self.over = True
                self.on_over()
        elif kind == "error":
            self.on_error(message.get("reason", "Так нельзя."), message.get("code", "illegal"))
        elif kind == "lobby":
            self.lobby = message
            self.follow_seat_names(message)

    def on_updates_skipped(self) -> None:
        """The view just taken skips updates this window never got (the host's snapshot after a reconnection, or
        for a link too slow to keep up): their events are lost, so what a table learnt only from events may be
        out of date. Each table drops such things here and shows what the view holds."""

    def follow_seat_names(self, lobby: dict) -> None:
        """The seats' names as the host says them now: a newcomer who sat down in a bot's seat mid-game
        (``take_bot_seat``) brings their name there, and this screen's plates, turn line and results say it from
        then on. Every kept picture that paints a name has the names in its key."""
        names = [seat.get("name", "") for seat in lobby.get("seats", [])]
        if not names or names == self.names:
            return
        for seat, (before, now) in enumerate(zip(self.names, names)):
            if before != now and seat != self.me and seat not in self.local:  # this window's own seat is no news here
                self.app.toast(f"{now} садится за стол вместо «{before}»")
        self.names = names

    def _keep_message(self, ls: LocalSeat, message: dict) -> None:
        kind = message.get("type")
        if kind == "update":
            ls.state_id = message.get("state_id", ls.state_id)
            ls.view = message["view"]
            ls.legal = message.get("legal", [])
            self.to_act = tuple(message.get("to_act", ()))
            if message.get("over") and not self.over:
                self.over = True
                self.on_over()
        elif kind == "error":
            self.on_error(f"{self.seat_name(ls.seat)}: {message.get('reason', 'Так нельзя.')}",
                          message.get("code", "illegal"))
        elif kind == "lobby":
            self.follow_seat_names(message)

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

    def event_sound(self, event: dict) -> str | None:
        """The sound of one event; subclasses may pick by who it concerns (your turn, your win)."""
        return self.EVENT_SOUNDS.get(event.get("kind"))

    def on_event(self, event: dict, previous_view: dict | None) -> None:
        """The one dispatch of every table: an event of kind K starts ``ev_K(event, before)``, ``before`` being
        the view this update replaced ({} for the first); a kind without a handler animates nothing. A table that
        does something around every event overrides this and calls it."""
        if event.get("kind") == self.GAME_OVER_EVENT and ends_the_game(event):
            self.cheer.start(won=bool(set(winners_of(event)) & set(self.local)))
        handler = getattr(self, "ev_" + str(event.get("kind")), None)
        if handler is not None:
            handler(event, previous_view or {})

    LATIN_LAYOUT = "Латинские буквы не подойдут: переключите раскладку на русскую."

    def refused_latin(self, text: str) -> bool:
        """Letters typed in a Latin layout spell nothing at a Russian word table: say so (once while it shows)
        instead of dropping them without a word; True when ``text`` held no Russian letter but a Latin one."""
        lowered = text.lower()
        if any("а" <= ch <= "я" or ch == "ё" for ch in lowered) or not any("a" <= ch <= "z" for ch in lowered):
            return False
        if not any(toast.message == self.LATIN_LAYOUT for toast in self.app.toasts):
            self.on_error(self.LATIN_LAYOUT, "layout")
        return True

    def on_error(self, reason: str, code: str = "illegal") -> None:
        """A refusal: ``reason`` is shown as it is, ``code`` (docs/PROTOCOL.md, the rules' ``Rejected.code``) is
        what a scene decides by — never the Russian text."""
        self.last_error = reason
        self.shake.start()
        self.app.play_sound("invalid")
        self.app.toast(reason, 3000)

    def on_over(self) -> None:
        """The game ended (subclasses show results)."""

    def notice_up(self) -> bool:
        """A passing notice stands in this table's notice zone now: what the table keeps there steps aside."""
        return bool(self.app.toasts) and self.app.top is self

    def popup(self, text: str, x: float, y: float, color=ACCENT, size: int = 36, rise: float = 70.0) -> None:
        """A text rising from (x, y). One that would start on a popup still rising («+2» and «Пропуск!» over one
        seat) starts right under where that one started: both rise alike, the older ahead, so they never meet."""
        made = Popup(text, x, y, color, size, rise)
        box = popup_box(made, 0.0)
        crossed = True
        while crossed:
            crossed = False
            for other in (popup_box(p, 0.0) for p in self.popups):
                if box.colliderect(other):
                    made.y += other.bottom + POPUP_GAP - box.top
                    box = popup_box(made, 0.0)
                    crossed = True
        self.popups.append(made)

    def banner(self, text: str, sub: str = "", color=INK, ms: float | None = None) -> None:
        """A message across the table (the table draws ``self.banners`` where its strip stands)."""
        self.banners.show(text, sub, color, ms)

    # ------------------------------------------------------------------ scene
    def handle(self, intent: Intent) -> None:
        if intent.name == "menu" or (intent.name == "back" and not (self.view is not None and self.uses_back(intent))):
            self.app.push(PauseOverlay(online=self.local[self.seat].conn.goes_on_elsewhere,
                                       stops_the_table=self.pause_stops_the_table()))
            return
        if intent.name == self.REPLAY_INTENT and self.over and self.finished_journal() is not None:
            self.open_replay()
            return
        if self.takes_seat(intent):
            return
        if not self.couch:
            self.handle_table(intent)
            return
        self.handle_couch(intent)

    def pause_stops_the_table(self) -> bool:
        """Whether opening the pause menu stops the game for every player (a table whose rules let this screen's
        seat stop the clock does so in its ``pause``); else the pause is this screen's alone."""
        return False

    def uses_back(self, intent: Intent) -> bool:
        """True when this «back» (Esc, Backspace, B, the right mouse button) means something at the
        table right now — erase a letter, close a panel, drop a dragged card — and so goes to
        ``handle_table`` instead of opening the pause menu. Backspace is an editing key: a table
        that takes typed text never pauses on it."""
        return self.takes_text and intent.extra.get("key") == pygame.K_BACKSPACE

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
            waiting = next((ls for _, ls in sorted(self.local.items()) if ls.waiting), None)
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

    def ask_for_bot_seat(self):
        """The host gives the first seat a lobby bot plays (``take_bot_seat``): that seat's own connection, or None
        after a toast of the host's reason."""
        if self.over:
            return None
        try:
            return self.conn.take_bot_seat()
        except SeatRefused as refusal:
            self.app.toast(str(refusal), 3000)
            return None

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

    # ------------------------------------------------------------------ a watcher sits down
    def seat_offer(self) -> dict | None:
        """The lobby's seat a bot plays that this window may take (``bot_seat_to_take``): offered while it watches
        alone at the window, a laptop's spectator (never a TV screen: it only shows the table)."""
        if self.seat != SPECTATOR or self.me != SPECTATOR or self.over or self.JOIN_CORNER is None \
                or len(self.local) > 1:
            return None
        return bot_seat_to_take(self.lobby)

    def seat_offer_card(self, bot: dict) -> tuple[pygame.Surface, pygame.Rect]:
        """The offer's card for JOIN_CORNER and where its button stands on the canvas."""
        keys = ", ".join(self.control_names("confirm"))
        card, button = self.kept.get("seat_offer", (bot.get("name", ""), self.JOIN_CORNER.size, keys),
                                     lambda: paint_offer(self.JOIN_CORNER.size, bot.get("name", ""), keys))
        return card, button.move(self.JOIN_CORNER.topleft)

    def seat_offer_button(self) -> pygame.Rect | None:
        bot = self.seat_offer()
        return None if bot is None else self.seat_offer_card(bot)[1]

    def takes_seat(self, intent: Intent) -> bool:
        """«confirm» (Enter, a pad's A) or a click on the offer's button sits a watcher down (True: the intent was
        taken)."""
        button = self.seat_offer_button()
        if button is None:
            return False
        if intent.name == "confirm" or (intent.name == "click" and intent.pos is not None
                                        and button.collidepoint(intent.pos)):
            self.sit_down()
            return True
        return False

    def sit_down(self) -> bool:
        """The window watched and now plays the bot's seat the host gave it, in place: the seat's own connection
        takes the watcher's, and its first update brings the seat's view, the bot's hand as it stood."""
        connection = self.ask_for_bot_seat()
        if connection is None:
            return False
        watcher, previous, seat = self.conn, self.seat, connection.seat
        self.local = {seat: LocalSeat(seat, connection)}
        self.seat = self.focus = seat
        self.conn, self.legal = connection, []
        watcher.close()
        self.on_seat_change(previous)
        self.app.toast(f"Вы садитесь за стол вместо «{self.seat_name(seat)}»")
        self.app.play_sound("menu_confirm")
        return True

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
        waiting = next((ls for _, ls in sorted(self.local.items()) if ls.waiting), None)
        if waiting is not None:
            self.bind_device(device, waiting.seat)
            self.app.toast(f"Геймпад вернулся к игроку {self.seat_name(waiting.seat)}")

    def handle_table(self, intent: Intent) -> None: ...

    # ------------------------------------------------------------------ «Повтор партии»
    def finished_journal(self) -> tuple[dict, list] | None:
        """The finished game's journal as this window's connection has it (a local table's session, the room this
        window hosts); None before the end, in a replay, or where the journal never came (a LAN guest's window)."""
        if self.replaying or not self.over:
            return None
        for ls in self.local.values():
            journal = ls.conn.finished_journal()
            if journal is not None:
                return journal
        return None

    def replay_key(self) -> str:
        """The control that opens «Повтор партии» at the results, as bound today (Tab; a pad's Select)."""
        return bound_hint(self.app.settings, "{pad_peek}" if self.app.input.pads else "{key_peek}")

    def replay_hint(self) -> str:
        """What the results say of «Повтор партии» («Tab — повтор партии»); "" where there is none to open."""
        return f"{self.replay_key()} — повтор партии" if self.finished_journal() is not None else ""

    def open_replay(self) -> None:
        """«Повтор партии» of this game from its results: this table's own scene shows it, at this window's seat."""
        journal = self.finished_journal()
        if journal is None:
            return
        from game.scenes.table.replay import open_table_replay

        header, entries = journal
        self.app.play_sound("menu_confirm")
        open_table_replay(self.app, header, entries, list(self.names), self.me if self.me >= 0 else 0,
                          lambda connection: type(self)(connection, self.game_id, list(self.names)))

    def analysis_panel(self, surface: pygame.Surface, replay) -> None:
        """What a replay shows of this game beyond its table (the board games' analysis); ``replay``: the viewer."""

    def replay_exports(self, replay) -> list[tuple[str, str]]:
        """(key, label) of what a replay of this game can save (the board games: the final board as a picture)."""
        return []

    def export(self, key: str, replay) -> None:
        """Save ``key`` of ``replay_exports`` (told by the viewer ``replay``)."""

    def leaves_when_over(self, intent: Intent) -> bool:
        """For a table whose results panel has no buttons: once the game is over, Enter or a click leaves to the
        menu and nothing else reaches the table (True: the intent was taken)."""
        if not self.over:
            return False
        if intent.name in CURTAIN_TAPS:
            self.app.pop()
        return True

    def update(self, dt_ms: float) -> None:
        self.pump()
        self.shake.step(dt_ms)
        self.banners.step(dt_ms)
        self.flights.step(dt_ms)
        for p in self.popups:
            p.tween.step(dt_ms)
        self.popups = [p for p in self.popups if not p.tween.done]
        for sound, pan in self.cheer.step(dt_ms):
            self.app.play_sound(sound, pan)
        self.update_table(dt_ms)

    def update_table(self, dt_ms: float) -> None: ...

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_backdrop(surface)
        if self.view is None:
            label = assets.text("Раздаём…", 32, INK, "heading")
            surface.blit(label, label.get_rect(center=(WIDTH // 2, HEIGHT // 2)))
            return
        if self.curtain_for is not None:
            self.draw_curtain(surface, self.curtain_for)
            return
        self.draw_table(surface, alpha)
        self.draw_absences(surface)
        if self.join_card is not None and self.JOIN_CORNER is not None and not self.over:
            surface.blit(self.join_card, self.JOIN_CORNER)  # nobody comes in to a finished game: its results stand there
        offer = self.seat_offer()
        if offer is not None:
            surface.blit(self.seat_offer_card(offer)[0], self.JOIN_CORNER)
        if self.couch and len(self.local) > 1:
            self.draw_couch(surface)
        self.cheer.draw(surface)
        for p in self.popups:
            k = p.tween.progress(alpha)
            opacity = int(255 * (1 - k) ** 0.7)
            # on a dark plate: bare, a popup in a card's or the felt's colour vanished into it; a deep colour
            # (the danger red) is lifted toward white to read on that plate
            colour = mix(p.color, INK, 0.4) if sum(p.color[:3]) < 420 else p.color
            label = assets.text(p.text, p.size, colour, "heading")
            box = popup_box(p, k)
            backing = panel(box.size, (10, 22, 20), (10, 22, 20), 0, 12)
            backing.set_alpha(round(opacity * 0.92))
            surface.blit(backing, box)
            backing.set_alpha(None)
            label.set_alpha(opacity)
            surface.blit(label, label.get_rect(center=box.center))
        self.draw_over_popups(surface)

    def draw_absences(self, surface: pygame.Surface) -> None:
        """The absence marks of plates painted on the backdrop (``paint_seat_plates``), over what the table drew
        around them: hung under a plate they reach the panels below it. Not over a finished game's results."""
        if self.plate_rect_of is None or self.over:
            return
        for seat in self.others():
            paint_absence(surface, self.plate_rect_of(seat), self.absence(seat))

    def draw_over_popups(self, surface: pygame.Surface) -> None:
        """What stands over the passing popups: a table's dialog, which a score rising from its move must not cross."""

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
        from game import art

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

    def control_names(self, intent: str) -> list[str]:
        """What presses ``intent`` under today's bindings: its first key and its pad button."""
        from game.scenes.remap import key_label, pad_label

        keys = self.app.settings.keys.get(intent) or []
        button = self.app.settings.pad_buttons.get(intent)
        return ([key_label(keys[0])] if keys else []) + ([pad_label(button)] if button else [])

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

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The whole-canvas background; a scene whose table covers everything draws it here
        instead (a full-canvas blit costs ~1–2 ms: doing it twice a frame is too much). A table that
        paints its still parts once (``build_backdrop``) has them kept and blitted here."""
        backdrop = self.backdrop() if self.view is not None else None
        if backdrop is None:
            draw_background(surface)
        else:
            surface.blit(backdrop, (0, 0))

    def seats_key(self) -> tuple:
        """What the seat plates show: whose table it is and the other seats' names and faces in turn order (their
        absence marks are drawn every frame over what the table draws, ``draw_absences``)."""
        return self.me, tuple((seat, self.name(seat), self.seat_colour(seat)) for seat in self.others())

    def seat_colour(self, seat: int) -> tuple | None:
        """The colour the seat's player chose in the room (the lobby's ``colour``), which its face is drawn on at the
        table as in the room; None where no room says one (a local table: each seat keeps its own)."""
        entry = next((s for s in (self.lobby or {}).get("seats", []) if s.get("seat") == seat), None)
        colour = ROOM_COLOURS.get(entry.get("colour")) if entry else None
        return tuple(pygame.Color(colour))[:3] if colour else None

    def face(self, seat: int, size: int) -> pygame.Surface:
        """The seat's avatar, on its room colour when it has one."""
        from game import art

        return art.avatar_for_seat(seat, size, self.seat_colour(seat))

    def absence(self, seat: int) -> str:
        """The mark on a person's seat this screen does not play (``absence_note``); one's own lost link is the
        connection's own notice, never a mark on a plate."""
        return "" if seat == self.me or seat in self.local else absence_note(self.lobby, seat)

    def backdrop(self) -> pygame.Surface | None:
        return self.kept.get("backdrop", self.seats_key(), self.build_backdrop)

    def build_backdrop(self) -> pygame.Surface | None:
        """The table's still parts on one canvas-sized picture (felt, panels, seat plates); None: the plain background."""
        return None

    def paint_seat_plates(self, felt: pygame.Surface, rect_of, fill: tuple, avatar: int, name_at: tuple[int, int]
                          ) -> None:
        """Every other seat's plate on the backdrop: a panel at ``rect_of(seat)``, the face and the name."""
        from game import art

        self.plate_rect_of = rect_of
        for seat in self.others():
            rect = rect_of(seat)
            felt.blit(panel(rect.size, fill, PANEL_EDGE, 1, 16), rect)
            felt.blit(self.face(seat, avatar), (rect.x + 8, rect.y + 8))
            felt.blit(plate_name(self.name(seat), rect.w - name_at[0] - 10), (rect.x + name_at[0], rect.y + name_at[1]))

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None: ...

    def forget_drawn(self) -> None:
        """Paint the next frame from scratch: every picture this table keeps is dropped."""
        self.kept.forget()

    def exit(self) -> None:
        for ls in self.local.values():
            ls.conn.close()


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


def plate_name(name: str, room: int, size: int = 18) -> pygame.Surface:
    """A seat's name on its plate, no wider than ``room``: a name of 24 letters (the most a name may have) shrinks, and
    where it would shrink below a readable size (six plates, large text) the words after the first become initials,
    «Александра К.», rather than run out of the plate; the results name everyone in full."""
    whole = assets.text(name, size, INK, "bold")
    words = name.split()
    if whole.get_width() * 12 > room * size and len(words) > 1:
        name = " ".join([words[0]] + [word[0] + "." for word in words[1:]])
    return assets.fitted_text(name, size, INK, "bold", room)


ABSENT, COVERED = "нет связи", "играет бот"
ABSENCE_FILL = (16, 12, 12)  # DANGER_TEXT reads 6:1 on it, over any face or felt under the pill


def absence_note(lobby: dict | None, seat: int) -> str:
    """What the host's ``lobby`` says of a person's seat: «играет бот» while a bot covers it (``substituted``, after
    the takeover delay), «нет связи» while their link is gone before that, "" when they are at the table (a lobby
    bot's seat is never absent)."""
    entry = next((s for s in (lobby or {}).get("seats", []) if s.get("seat") == seat), None)
    if entry is None:
        return ""
    if entry.get("substituted"):
        return COVERED
    return ABSENT if entry.get("bot") is None and entry.get("connected") is False else ""


def paint_absence(surface: pygame.Surface, plate: pygame.Rect, note: str,
                  midbottom: tuple[int, int] | None = None) -> None:
    """An absent seat's mark, the same on every table: a dark pill, its words in DANGER_TEXT, hung from the middle
    of the plate's bottom edge (or with its bottom's middle at ``midbottom``, a clear spot of a plate with no room
    under it), no wider than the plate: inside the plate it would cover the lines a table writes there, and the name
    keeps its place and size."""
    if not note:
        return
    label = assets.fitted_text(note, 13, DANGER_TEXT, "bold", plate.w - 20)
    box = label.get_rect().inflate(10, -2)
    box.midbottom = midbottom or (plate.centerx, plate.bottom + box.h - 4)
    surface.blit(panel(box.size, ABSENCE_FILL, DANGER_TEXT, 1, box.h // 2), box)
    surface.blit(label, label.get_rect(center=box.center))


def felt_cloth(color: tuple[int, int, int], seed: int, rings: int = 22) -> pygame.Surface:
    """A canvas-sized felt table darkening toward the edges: the base of a scene's backdrop."""
    from game import art

    cloth = pygame.Surface((WIDTH, HEIGHT))
    tile = art.felt((256, 256), color, seed=seed)
    for x in range(0, WIDTH, 256):
        for y in range(0, HEIGHT, 256):
            cloth.blit(tile, (x, y))
    vignette = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
    for i in range(rings):
        pygame.draw.rect(vignette, (0, 0, 0, 6), pygame.Rect(i * 6, i * 4, WIDTH - i * 12, HEIGHT - i * 8), 8,
                         border_radius=60)
    cloth.blit(vignette, (0, 0))
    return cloth


class PauseOverlay(Scene):
    """Esc during a game: continue or leave to the menu."""

    opaque = False

    def __init__(self, online: bool = True, stops_the_table: bool = False):
        self.online = online  # only a network game goes on on other screens while this one is paused
        self.stops_the_table = stops_the_table  # the table's clock stops for everyone until «Продолжить»

    def enter(self) -> None:
        self.group = FocusGroup()
        self.group.add(Widget(pygame.Rect(WIDTH // 2 - 180, 300, 360, 64), "Продолжить", on_confirm=self.app.pop))
        self.group.add(Widget(pygame.Rect(WIDTH // 2 - 180, 380, 360, 64), "Выйти в меню", on_confirm=self.leave))

    def leave(self) -> None:
        self.app.pop()  # this overlay
        self.app.pop()  # the table

    def handle(self, intent: Intent) -> None:
        if intent.name in ("back", "menu"):
            self.app.pop()
            return
        self.group.handle(intent)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 190))  # at 150 a bright table (Нет слов' cards, the board) left «Пауза» at 3.4:1
        surface.blit(shade, (0, 0))
        title = assets.text("Пауза", 48, ACCENT, "heading")
        words = [(title, title.get_rect(center=(WIDTH // 2, 220)))]
        if self.stops_the_table:
            note = assets.text("Часы и игра стоят у всех, пока вы не продолжите", 18, ACCENT)
            words.append((note, note.get_rect(center=(WIDTH // 2, 262))))
        elif self.online:
            note = assets.text("Игра по сети не ждёт: пауза только у вас", 18, DANGER)
            words.append((note, note.get_rect(center=(WIDTH // 2, 262))))
        # its own panel: through the bare shade a table's results (their title, their rows) read around the words
        box = words[0][1].unionall([rect for _, rect in words] + [w.rect for w in self.group.widgets]).inflate(64, 48)
        surface.blit(panel(box.size, PANEL, PANEL_EDGE, 2, 18), box)
        for label, rect in words:
            surface.blit(label, rect)
        self.group.draw(surface)
