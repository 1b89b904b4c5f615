"""The UNO table: up to ten seats around an oval, your hand fanned at the bottom, the piles in
the middle, and every event of the rules turned into something that moves.

The scene sees only its seat's view (game/rules/uno/views.py), the legal actions and the events.
Cards in the air are tracked here: a card flying toward a hand or the pile is left out of where it
is going until it lands, so counts, piles and the hand never jump ahead of the animation.

``UnoScene`` is the coordinator: it answers what the view and the legal actions say (whose turn, which cards may
go), maps intents to its pieces and draws them in order. The pieces live beside it: the hand's fan (``hand``),
the seats' plates (``seats``), the felt and the piles (``felt``), the record of moves (``ticker``), the reflex
buttons (``reflex``), the table's buttons (``buttons``), the dialogs (``dialogs``), the status line (``status``),
the results (``results``), and the events' animations (``animations``).
"""
from __future__ import annotations

import math

import pygame

from game.input import Intent
from game.rules.uno import EMOTE_SOUNDS, EVENT_SOUNDS
from game.scenes.base import HEIGHT, FocusGroup
from game.scenes.table.banner import BannerLook
from game.scenes.table.scene import TableScene
from game.scenes.uno.animations import UnoAnimations
from game.scenes.uno.buttons import table_buttons
from game.scenes.uno.dialogs import ColourWheel, SeatChooser, ShownHand, dialog_rect, draw_answer_dialog
from game.scenes.uno.effects import SeatEffects
from game.scenes.uno.felt import DirectionArrows, Piles, draw_info
from game.scenes.uno.hand import HandFan, sort_key
from game.scenes.uno.layout import (DECK_POS, HAND_CARD, ME_PLATE, PLATE_SIZE, TABLE_CARD, TABLE_CENTER, WHEEL_ORDER,
                                    Rotations, card, dimmed, hand_layout, pile_pose, plate_rect, seat_centres,
                                    selection_halo, table_surface)
from game.scenes.uno.reflex import ReflexButtons
from game.scenes.uno.results import ResultsScreen
from game.scenes.uno.seats import SeatPlates, draw_seats
from game.scenes.uno.status import banner_room, draw_status, status_text
from game.scenes.uno.ticker import Ticker

CARD_KINDS = ("play", "jump_in", "bounce", "give_card")  # the actions that lay (or give) a card of the hand


class UnoScene(UnoAnimations, TableScene):
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "match_over"  # the shared cheer (game.scenes.table.cheer) starts with it
    HAND_AREA = pygame.Rect(196, 540, 888, HEIGHT - 540)
    JOIN_CORNER = pygame.Rect(1062, 448, 204, 260)  # bare felt: below the rim, right of the results panel at ten seats
    REPLAY_CORNER = JOIN_CORNER  # the same felt, where the buttons and the «УНО!» a replay does not draw would stand
    # red titles are DANGER_TEXT: the strip lets the felt through, and plain DANGER read 4.2:1 on it
    BANNER_LOOK = BannerLook(title_size=26, sub_size=17, fill=(12, 22, 20), edge=(240, 190, 80))
    BANNERS_QUEUED = True  # a round's start, a swap and a caught «УНО!» come together: each is read in turn

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.rotations = Rotations()
        self.fan = HandFan()
        self.plates = SeatPlates()
        self.piles = Piles()
        self.arrows = DirectionArrows()
        self.effects = SeatEffects()
        self.ticker = Ticker()
        self.reflex = ReflexButtons()
        self.wheel = ColourWheel(self)
        self.chooser = SeatChooser(self)
        self.results = ResultsScreen(self)
        self.shown_hand: ShownHand | None = None
        self.zone = "hand"  # or "buttons"
        self.group = FocusGroup()
        self.buttons_signature: tuple = ()
        self.clock_ms = 0.0
        self.countdowns: dict[str, tuple[float, float]] = {}  # name -> (left ms, total ms)
        self.last_device = ""  # the device of the last intent: your turn rumbles it
        self.dealt_once = False

    def on_seat_change(self, previous_seat: int) -> None:
        """Couch play put another local seat on screen: its hand, its cursor, its table."""
        self.fan.forget()
        self.plates.incoming.clear()
        self.piles.incoming.clear()
        self.flights.clear()
        self.zone = "hand"
        self.chooser.card = None
        self.reflex.armed = False
        self.buttons_signature = ()

    # ================================================================== what the probe and the tests read
    @property
    def selected(self) -> str | None:
        return self.fan.selected

    @selected.setter
    def selected(self, card_id: str | None) -> None:
        self.fan.selected = card_id

    @property
    def hand_pos(self) -> dict[str, list[float]]:
        return self.fan.pos

    @property
    def hand_prev(self) -> dict[str, list[float]]:
        return self.fan.prev

    @property
    def hand_incoming(self) -> set[str]:
        return self.fan.incoming

    @property
    def discard_incoming(self) -> set[str]:
        return self.piles.incoming

    @property
    def uno_armed(self) -> bool:
        return self.reflex.armed

    # ================================================================== view helpers
    @property
    def n(self) -> int:
        return self.view.get("seats", len(self.names)) if self.view else len(self.names)

    def centres(self) -> tuple[tuple[int, int], ...]:
        return seat_centres(self.n, max(0, self.me))

    def plate_of(self, seat: int) -> pygame.Rect:
        return ME_PLATE if seat == self.me else plate_rect(self.centres()[seat])

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where things about a seat appear: over its plate, or over your hand."""
        if seat == self.me:  # over the hand, below the status line (a popup rises 70 px and must stop short of it)
            return 640.0, 600.0
        if 0 <= seat < self.n:  # a third of the way in from the seat's cards: what rises stays off its plate
            x, y = self.fan_anchor(seat)
            return x + (TABLE_CENTER[0] - x) / 3, y - 8 + (TABLE_CENTER[1] - y) / 3
        return float(TABLE_CENTER[0]), float(TABLE_CENTER[1])

    def fan_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards lie on the table (flights start and end there)."""
        if seat == self.me:
            return 640.0, 640.0
        cx, cy = self.plate_of(seat).center  # where the plate stands, moved in from the screen's edges
        dx, dy = TABLE_CENTER[0] - cx, TABLE_CENTER[1] - cy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        half_w, half_h = PLATE_SIZE[0] / 2, PLATE_SIZE[1] / 2
        to_edge = min(half_w / abs(ux) if ux else 1e9, half_h / abs(uy) if uy else 1e9)
        return cx + ux * (to_edge + 36), cy + uy * (to_edge + 36)

    def hand(self) -> list[dict]:
        return sorted(self.view.get("hand", []) if self.view else [], key=sort_key)

    def visible_hand(self) -> list[dict]:
        return self.fan.visible(self.hand())

    def playable_drawn(self) -> str | None:
        """The card this seat has just drawn, when it may be played."""
        drawn = self.view.get("drawn") if self.view else None
        return drawn if drawn is not None and self.legal_for_card(drawn) else None

    def answer_due(self) -> str | None:
        """The button Enter must press because nothing else can be done: «Готов», or «Беру +N» when no card
        answers the attack (the hint names it; the emote chips are no alternative)."""
        if self.can("ready"):
            return "ready"
        if self.can("accept") and not self.can("challenge") and not any(
                a.get("kind") in CARD_KINDS for a in self.legal):
            return "accept"
        return None

    def legal_for_card(self, card_id: str) -> list[dict]:
        return [a for a in self.legal if a.get("kind") in CARD_KINDS and a.get("card") == card_id]

    def legal_card_ids(self) -> set[str]:
        ids = {a["card"] for a in self.legal if a.get("kind") in CARD_KINDS}
        if self.can("offer_card") and self.chooser.card is None:
            ids |= {a["card"] for a in self.legal_of("offer_card")}
        return ids

    def uno_variants(self) -> bool:
        return any(a.get("uno") for a in self.legal if a.get("kind") in ("play", "jump_in"))

    def attack(self) -> dict | None:
        return self.view.get("pending") if self.view else None

    def between_rounds(self) -> bool:
        return bool(self.view) and self.view.get("phase") in ("round_over", "match_over")

    def active_seat(self) -> int | None:
        """The seat the table waits for (none between rounds)."""
        if self.between_rounds():
            return None
        view = self.view
        return view.get("actor") if view.get("actor") is not None else view.get("turn")

    def results_open(self) -> bool:
        return self.results.open()

    def colour_wheel_open(self) -> bool:
        return self.wheel.open()

    def picker_open(self) -> bool:
        return self.chooser.open()

    def hand_has_cursor(self) -> bool:
        """Whether the arrows move along the hand now: not between rounds, nor while they pick a seat («Семь-ноль»,
        whom to give a card), where a cursor over a card read as if Enter would lay it; never in a replay."""
        return self.zone == "hand" and not self.between_rounds() and not self.picker_open() and not self.replaying

    def card_lift(self, card_id: str) -> float:
        lift = 0.0
        if card_id in self.legal_card_ids() or card_id == self.chooser.card:
            lift += 26.0
        if card_id == self.selected and self.hand_has_cursor():
            lift += 14.0
        return lift

    def hand_dims(self) -> set[str]:
        """Cards drawn darker: in your turn, those that cannot go."""
        legal_cards = self.legal_card_ids()
        if not legal_cards or self.can("jump_in") or self.can("bounce"):
            return set()
        return {c["id"] for c in self.view.get("hand", []) if c["id"] not in legal_cards and c["id"] != self.chooser.card}

    def status_text(self) -> str:
        return status_text(self)

    def dialog_rect(self) -> pygame.Rect:
        return dialog_rect()

    def replay_button_rect(self) -> pygame.Rect:
        return self.results.replay_button_rect()

    def banner_rect(self) -> pygame.Rect | None:
        """The banner's panel as it stands once risen in, or None when none shows."""
        placed = self.banners.layout(room=banner_room()) if self.banners and not self.colour_wheel_open() else None
        return placed[0] if placed else None

    def key_name(self, intent: str) -> str:
        """What presses ``intent`` today, as the status line and the buttons name it: the pad's button while a pad is
        plugged in, else the first key (both as the settings bind them); «—» for one left unbound."""
        names = self.control_names(intent)
        button = self.app.settings.pad_buttons.get(intent)
        if self.app.input.pads and button:
            return names[-1]
        keys = self.app.settings.keys.get(intent)
        return names[0] if keys else "—"

    # ================================================================== sounds and events
    def event_sound(self, event: dict) -> str | None:
        kind = event.get("kind")
        if kind == "turn_started":
            return "turn_start" if event.get("seat") == self.me else None
        if kind == "cards_received":
            return None  # the public «cards_drawn» of the same move already sounded
        if kind == "match_over":
            winners = (event.get("result") or {}).get("winners", [])
            return "win" if self.me in winners else ("lose" if self.me >= 0 else "score_tick")
        if kind == "choice_wait" and event.get("seat") == self.me:
            return "turn_start"
        if kind == "emoted":
            return EMOTE_SOUNDS.get(event.get("emote"), self.EVENT_SOUNDS["emoted"])
        return self.EVENT_SOUNDS.get(kind)

    def on_event(self, event: dict, previous_view: dict | None) -> None:
        super().on_event(event, previous_view)
        self.ticker.record(event, self.name, self.me)

    # ================================================================== input
    def handle_table(self, intent: Intent) -> None:
        if self.view is None:
            return
        name = intent.name
        if intent.device:
            self.last_device = intent.device
        if name == "play":
            key = intent.extra.get("key")
            if "confirm" in self.app.input.key_to_intents.get(key, []):
                return  # Enter is both «confirm» and «play»: act once
            name = "confirm"
        if name in ("shout", "catch", "slap"):
            return self.reflex_press(name)
        for dialog in (self.results, self.wheel, self.chooser):  # what is open over the table takes every intent
            if dialog.open():
                return dialog.handle(intent, name)
        if name == "draw":
            return self.take_cards()
        if name in ("point", "click") and intent.pos is not None:
            return self.handle_mouse(intent, name)
        if name == "key":
            return
        if self.zone == "buttons" and self.group.widgets:
            return self.handle_buttons(name)
        self.handle_hand(name)

    def handle_hand(self, name: str) -> None:
        visible = self.visible_hand()
        ids = [c["id"] for c in visible]
        if name in ("left", "right") and ids:
            i = ids.index(self.selected) if self.selected in ids else 0
            i = max(0, min(len(ids) - 1, i + (-1 if name == "left" else 1)))
            if ids[i] != self.selected:
                self.selected = ids[i]
                self.app.play_sound("menu_move")
        elif name == "up" and self.group.widgets:
            self.zone = "buttons"
            self.app.play_sound("menu_move")
        elif name == "confirm":
            # the hint says «Enter — сыграть» of a card just drawn: only that card may go now
            card_id = self.playable_drawn() or (self.selected if self.selected in ids else None)
            if card_id is not None:
                self.use_card(card_id)

    def handle_buttons(self, name: str) -> None:
        if name == "down" and not self.group.move(0, 1):
            self.zone = "hand"
            self.app.play_sound("menu_move")
            return
        if name == "up":
            self.group.move(0, -1)
            return
        if name in ("left", "right"):
            self.group.move(-1 if name == "left" else 1, 0)
            return
        if name == "confirm" and self.group.focused is not None:
            self.app.play_sound("menu_confirm")
            self.group.focused.activate()

    def handle_mouse(self, intent: Intent, name: str) -> None:
        pos = intent.pos
        for button in self.reflex.values():
            if button.visible and button.rect is not None and button.rect.collidepoint(pos):
                if name == "click":
                    self.reflex_press(button.intent)
                return
        for i, w in enumerate(self.group.widgets):
            if w.rect.collidepoint(pos):
                self.group.focus = i
                self.zone = "buttons"
                if name == "click":
                    self.app.play_sound("menu_confirm")
                    w.activate()
                return
        card_id = self.fan.card_at(self.visible_hand(), pos, self.card_lift)
        if card_id is not None:
            self.zone = "hand"
            self.selected = card_id
            if name == "click":
                self.use_card(card_id)
            return
        if name == "click":
            deck = pygame.Rect(0, 0, *TABLE_CARD)
            deck.center = DECK_POS
            if deck.inflate(16, 16).collidepoint(pos):
                self.take_cards()

    def use_card(self, card_id: str) -> None:
        """Enter / A / a click on a card: whatever that card may do now."""
        if self.chooser.offer(card_id):
            return
        actions = self.legal_for_card(card_id)
        if actions:
            kinds = [a["kind"] for a in actions]
            kind = next(k for k in CARD_KINDS if k in kinds)
            options = [a for a in actions if a["kind"] == kind]
            chosen = next((a for a in options if bool(a.get("uno")) == self.reflex.armed), options[0])
            return self.send(dict(chosen))
        # not on the list: let the host judge and explain (with «Штрафы» a wrong card costs two)
        view = self.view
        kind = "play"
        if view.get("turn") != self.me and view.get("phase") == "play" and view.get("jump_ins"):
            kind = "jump_in"
        uno = self.reflex.armed and len(view.get("hand", [])) == 2
        self.send({"kind": kind, "card": card_id, "uno": uno})

    def take_cards(self) -> None:
        for kind in ("draw", "pass", "accept"):
            if self.can(kind):
                return self.send({"kind": kind})
        if self.view.get("phase") == "play":
            self.send({"kind": "draw"})  # the host says why not, in Russian
        else:
            self.on_error("Сейчас брать карту нельзя.")

    def reflex_press(self, what: str) -> None:
        if what == "shout":
            if self.can("shout"):
                return self.send({"kind": "shout"})
            if self.uno_variants():
                self.reflex.armed = not self.reflex.armed
                if self.reflex.armed:
                    self.app.play_sound("uno_shout")
                    self.popup("УНО! — с этой картой", 640, 500, (240, 60, 50), 26)
                return
            return self.send({"kind": "shout"})  # a false shout: the host decides its price
        self.send({"kind": what})

    def rebuild_buttons(self) -> None:
        signature = (self.state_id, self.chooser.card, tuple(sorted(a["kind"] for a in self.legal)),
                     self.between_rounds(), bool(self.app.input.pads))  # a pad plugged in: the hints name its buttons
        if signature == self.buttons_signature:
            return
        self.buttons_signature = signature
        previous = self.group.focused.key if self.group.focused is not None else None
        widgets = table_buttons(self)
        old_hover = {w.key: w.hover for w in self.group.widgets}
        for w in widgets:
            w.hover = old_hover.get(w.key, 0.0)
        self.group.widgets = widgets
        keys = [w.key for w in widgets]
        urgent = next((k for k in ("challenge", "ready", self.answer_due()) if k in keys), None)
        # a dialog that just opened takes the focus (its hint says «Enter»), whatever had it before:
        # the emote chips stay in every row, so «the old focus is gone» is no test of that
        if urgent is not None and urgent not in old_hover:
            self.group.focus = keys.index(urgent)
            self.zone = "buttons"
        elif previous in keys:
            self.group.focus = keys.index(previous)
        else:
            non_chip = [i for i, w in enumerate(widgets) if w.style != "chip"]
            self.group.focus = non_chip[0] if non_chip else 0
            if not non_chip and self.zone == "buttons":
                self.zone = "hand"
        if self.playable_drawn() is not None and previous not in keys:
            # «Взять карту» is gone (it may have been under the mouse, now «Пас» is): Enter plays the drawn
            # card, as the hint says, until the player moves to «Пас» on purpose
            self.zone, self.selected = "hand", self.playable_drawn()

    # ================================================================== update
    def update_table(self, dt_ms: float) -> None:
        if self.view is None:
            return
        if not self.dealt_once:
            self.dealt_once = True
            self.deal_fresh_game()
        self.clock_ms += dt_ms
        self.effects.step(dt_ms)
        if self.shown_hand is not None and not self.shown_hand.step(dt_ms):
            self.shown_hand = None
        for key in list(self.countdowns):
            left, total = self.countdowns[key]
            self.countdowns[key] = (max(0.0, left - dt_ms), total)
        self.results.step(dt_ms)
        self.arrows.step(self.view.get("direction", 1), dt_ms)
        self.fan.follow(self.hand(), frozenset(self.legal_card_ids()), self.card_lift, self.shake.offset(1.0), dt_ms)
        self.plates.step(self.active_seat(), self.n, dt_ms)
        self.rebuild_buttons()
        if self.zone == "buttons":
            self.group.update(dt_ms)
        else:
            for w in self.group.widgets:
                w.hover *= math.exp(-dt_ms / 60.0)
        if self.zone == "buttons" and not self.group.widgets:
            self.zone = "hand"
        self.reflex.update(self, dt_ms)
        self.warm_cache()

    def rotated_card(self, c: dict, size: tuple[int, int], angle: float, dim: bool = False) -> pygame.Surface:
        """A card tilted by ``angle``, from the cache. Always the true tilt: a frame that showed an
        untilted stand-in while the tilt was not ready flickered, and a tilt costs ~0.1 ms."""
        colour, value = c.get("colour", "black"), c.get("value", "0")
        source = (dimmed if dim else card)(colour, value, size, self.colorblind)
        return self.rotations.get((colour, value, size, self.colorblind, dim), source, angle)

    def warm_cache(self) -> None:
        """Tilt, ahead of time, the pictures the next frames will ask for (kept fresh in the cache)."""
        for c in self.view.get("discard", [])[::-1]:
            self.rotated_card(c, TABLE_CARD, pile_pose(c["id"])[2])
        dim_others = self.hand_dims()
        for c, (_, _, a) in zip(self.hand(), hand_layout(len(self.view.get("hand", [])))):
            self.rotated_card(c, HAND_CARD, round(a / 2) * 2, c["id"] in dim_others)

    # ================================================================== drawing
    @property
    def colorblind(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind", False))

    def backdrop(self) -> pygame.Surface:
        colour = self.view.get("colour") if self.view else None
        return table_surface(colour if colour in WHEEL_ORDER else None)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.view is not None and self.results_open():
            return  # the results picture covers the canvas
        surface.blit(self.backdrop(), (0, 0))

    def notice_zone(self) -> pygame.Rect:
        # the felt between the top seats' fans and the piles (a tilted discard reaches up to y 218): the hand, the
        # hints and the status line below the piles stay clear
        return pygame.Rect(365, 138, 550, 76)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        if self.results_open():
            self.results.draw(surface, alpha)
        else:
            self.draw_table_parts(surface, alpha)

    def draw_table_parts(self, surface: pygame.Surface, alpha: float, at_rest: bool = False) -> None:
        """``at_rest``: only what the view says, nothing that moves (the table under the results)."""
        draw_info(self, surface)
        if not at_rest:
            self.arrows.draw(surface, self.view.get("direction", 1))
        self.piles.draw(surface, self)
        draw_seats(self, surface)
        if at_rest:
            draw_status(self, surface)
            self.draw_hand(surface, alpha)
            return
        self.effects.draw_flashes(surface, alpha)
        draw_status(self, surface)
        self.ticker.draw(surface, self.name, self.me, self.names)
        self.draw_hand(surface, alpha)
        self.flights.draw(surface, alpha, self.rotations, self.colorblind)
        self.effects.draw_bubbles(surface, alpha, self.seat_anchor)
        if self.banners and not self.colour_wheel_open():
            self.banners.draw(surface, alpha, room=banner_room())
        if self.results_open():
            return
        draw_answer_dialog(self, surface)
        if not self.replaying:  # nobody presses anything in a replay: its controls stand in REPLAY_CORNER
            self.group.draw(surface)
            self.reflex.draw(surface, self)
        if self.colour_wheel_open():
            self.wheel.draw(surface)
        if self.shown_hand is not None:
            self.shown_hand.draw(surface, self.colorblind)

    def draw_hand(self, surface: pygame.Surface, alpha: float) -> None:
        if self.me < 0:
            return
        dims = self.hand_dims()
        jumps = {a["card"] for a in self.legal_of("jump_in")}
        tags = {a["card"]: "Перехват!" if a["card"] in jumps else "Вернуть!"  # a card that may go out of turn
                for a in self.legal if a.get("kind") in ("jump_in", "bounce")}
        self.fan.draw(surface, alpha, self.hand(),
                      lambda c, angle: self.rotated_card(c, HAND_CARD, angle, c["id"] in dims),
                      lambda angle: self.rotations.get(("halo",), selection_halo(), angle),
                      self.hand_has_cursor() and not self.colour_wheel_open(), tags)
        self.reflex.draw_armed(surface)


def create(connection, game_id: str, names: list[str]) -> UnoScene:
    return UnoScene(connection, game_id, names)
