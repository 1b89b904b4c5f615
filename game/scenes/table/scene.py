"""What every game table scene shares: the line to the host, messages, sounds for events,
refusals shown with a shake, pop-ups, and the pause menu.

A game scene subclasses :class:`TableScene`, declares ``EVENT_SOUNDS`` (every event kind of
its game → a sound name from assets/sounds, a test checks the coverage), and implements
``on_event`` (start animations) and ``draw_table``. It sees only the view, the legal actions
and the events of its seat, as plain data: never the rules' state.

The scene is the coordinator of the table's parts, each in its own module beside it: couch play
(``couch``: several people at one screen, the curtain between them, hold-to-peek — a part of the
class), the seat plates, the felt and the absence pill (``plates``), the pictures kept between
frames (``kept``), the popups (``popups``), the banners (``banner``), the flights (``flight``),
the cheer (``cheer``), a watcher's seat offer (``seat_offer``) and the pause menu (``pause``).

A picture kept between frames (a layer too costly to paint every frame) lives in ``self.kept``
under a key made of the values it paints; ``forget_drawn()`` drops them all, and the cache tests
compare the next frame, painted from scratch, with the kept one after every kind of event.
"""
from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from typing import Iterator

import pygame

from game import assets
from game.input import Intent
from game.net.connection import Connection, SeatRefused
from game.rules.base import SPECTATOR
from game.scenes.base import ACCENT, HEIGHT, INK, PANEL_EDGE, WIDTH, Scene, bound_hint, draw_background, panel
from game.scenes.table.banner import BannerLook, BannerStrip
from game.scenes.table.cheer import Cheer, ends_the_game, winners_of
from game.scenes.table.couch import CURTAIN_TAPS, CouchPlay, LocalSeat
from game.scenes.table.flight import FlightLayer
from game.scenes.table.kept import KeptPictures
from game.scenes.table.pause import PauseOverlay
from game.scenes.table.plates import absence_note, paint_absence, plate_name, room_colour
from game.scenes.table.popups import PopupLayer
from game.scenes.table.seat_offer import bot_seat_to_take, paint_offer
from game.scenes.table.tween import Popup, Shake


class TableScene(CouchPlay, Scene):
    EVENT_SOUNDS: dict[str, str | None] = {}
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
        self.game_id = game_id
        self.names = names
        self.local: dict[int, LocalSeat] = {connection.seat: LocalSeat(connection.seat, connection)}
        # the seat this scene shows and speaks for: its line to the host, the view it was last sent and what it may do
        self.line = self.local[connection.seat]
        self.over = False
        self.shake = Shake()
        self.popups = PopupLayer()  # texts rising over the table
        self.banners = BannerStrip(self.BANNER_LOOK, self.BANNERS_QUEUED, self.BANNER_MS)
        self.flights = FlightLayer()  # cards and tiles in the air; the table draws them where they belong
        self.last_error = ""
        self.log: deque[str] = deque(maxlen=6)
        self.focus = self.seat  # the local seat that acts now (shown unless someone peeks)
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

    # ------------------------------------------------------------------ seats
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

    # what the scene reads of the seat it shows and speaks for is that seat's line (``self.line``)
    @property
    def seat(self) -> int:
        return self.line.seat

    @property
    def conn(self) -> Connection:
        return self.line.conn

    @property
    def view(self) -> dict | None:
        return self.line.view

    @view.setter
    def view(self, view: dict | None) -> None:
        self.line.view = view

    @property
    def legal(self) -> list[dict]:
        return self.line.legal

    @legal.setter
    def legal(self, legal: list[dict]) -> None:
        self.line.legal = legal

    @property
    def state_id(self) -> int:
        return self.line.state_id

    @state_id.setter
    def state_id(self, state_id: int) -> None:
        self.line.state_id = state_id

    def legal_for(self, seat: int) -> list[dict]:
        return self.local[seat].legal

    def must_act(self, seat: int) -> bool:
        return seat in self.to_act

    @contextmanager
    def acting_as(self, seat: int) -> Iterator[None]:
        """For the duration, the scene speaks through ``seat``'s line: its connection, view and legal actions (a
        reflex pressed on another couch seat's pad is that seat's)."""
        shown = self.line
        self.line = self.local.get(seat, shown)
        try:
            yield
        finally:
            self.line = shown

    def show_seat(self, seat: int) -> None:
        """Put ``seat``'s view on screen (after a turn passed, or for a peek)."""
        if seat == self.seat or seat not in self.local:
            return
        previous = self.seat
        self.line = self.local[seat]
        self.on_seat_change(previous)

    def on_seat_change(self, previous_seat: int) -> None:
        """The seat on screen changed (couch play): drop state derived from the old view."""

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

    # ------------------------------------------------------------------ events, refusals, messages
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
        """A text rising from (x, y), clear of the popups still rising (``PopupLayer.add``)."""
        self.popups.add(Popup(text, x, y, color, size, rise))

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

    def handle_table(self, intent: Intent) -> None: ...

    def control_names(self, intent: str) -> list[str]:
        """What presses ``intent`` under today's bindings: its first key and its pad button."""
        from game.scenes.remap import key_label, pad_label

        keys = self.app.settings.keys.get(intent) or []
        button = self.app.settings.pad_buttons.get(intent)
        return ([key_label(keys[0])] if keys else []) + ([pad_label(button)] if button else [])

    # ------------------------------------------------------------------ a watcher sits down
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
        self.local = {seat: LocalSeat(seat, connection, view=self.view, state_id=self.state_id)}
        self.line, self.focus = self.local[seat], seat
        watcher.close()
        self.on_seat_change(previous)
        self.app.toast(f"Вы садитесь за стол вместо «{self.seat_name(seat)}»")
        self.app.play_sound("menu_confirm")
        return True

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

    # ------------------------------------------------------------------ frames
    def update(self, dt_ms: float) -> None:
        self.pump()
        self.shake.step(dt_ms)
        self.banners.step(dt_ms)
        self.flights.step(dt_ms)
        self.popups.step(dt_ms)
        for sound, pan in self.cheer.step(dt_ms):
            self.app.play_sound(sound, pan)
        self.update_table(dt_ms)

    def update_table(self, dt_ms: float) -> None: ...

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None: ...

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
        self.popups.draw(surface, alpha)
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

    # ------------------------------------------------------------------ the backdrop and the seat plates
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
        """The colour the seat's player chose in the room (``room_colour``); None at a local table."""
        return room_colour(self.lobby, seat)

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
        self.plate_rect_of = rect_of
        for seat in self.others():
            rect = rect_of(seat)
            felt.blit(panel(rect.size, fill, PANEL_EDGE, 1, 16), rect)
            felt.blit(self.face(seat, avatar), (rect.x + 8, rect.y + 8))
            felt.blit(plate_name(self.name(seat), rect.w - name_at[0] - 10), (rect.x + name_at[0], rect.y + name_at[1]))

    def forget_drawn(self) -> None:
        """Paint the next frame from scratch: every picture this table keeps is dropped."""
        self.kept.forget()

    def exit(self) -> None:
        for ls in self.local.values():
            ls.conn.close()

