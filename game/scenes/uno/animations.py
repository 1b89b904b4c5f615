"""Every event of the UNO rules turned into something that moves on the table: cards flying from the deck to the
hands and from the hands to the pile, popups and bubbles over the seats, banners across the felt. ``UnoAnimations``
holds the table's ``ev_<kind>`` handlers (the one dispatch, game.scenes.table.scene.TableScene.on_event) and the
flights they start; the table scene is made of it and keeps what it moves in its pieces (the hand's fan, the seats'
plates, the piles, the effects over the seats)."""
from __future__ import annotations

from typing import Callable

from game.rules.uno import COLOUR_LABELS, ROUND_OVER_MS, card_name, draw_reason
from game.rules.words_ru import acts, count as count_of, of_player, opens, verb_for
from game.scenes.base import ACCENT, DANGER, DANGER_TEXT, INK, INK_DIM
from game.scenes.table.popups import popup_box
from game.scenes.table.tween import Popup, Tween, ease_in_out_cubic
from game.scenes.uno.dialogs import ShownHand
from game.scenes.uno.effects import Flight
from game.scenes.uno.layout import COLOUR_RGB, DECK_POS, DISCARD_POS, HAND_CARD, TABLE_CARD, TABLE_CENTER, pile_pose
from game.scenes.uno.results import RESULTS_WAIT_MS
from game.scenes.uno.seats import plate_badges
from game.scenes.uno.status import doing, status_box, status_label


class UnoAnimations:
    """The table's handlers of the rules' events, ``ev_<kind>(e, before)``, and the moves they share."""

    deal_stagger = 40.0  # ms between two cards of the deal (a round's start sets it for its seats)
    deal_dealer = 0

    def seat_popup(self, seat: int, text: str, colour, size: int, up: int = 0) -> None:
        """A popup rising over a seat (``up`` px above its anchor): the seat's speech bubble gives way to it («Перехват!»
        and «УНО!» lay on each other), and it stops short of what stands above it: the status line over your hand (a
        large «УНО!» rose into it), a top seat's plate and the marks under it («напарник»)."""
        self.effects.hush(seat)
        x, y = self.seat_anchor(seat)
        start = popup_box(Popup(text, x, y - up, colour, size), 0.0)
        if seat == self.me:
            above = status_box(status_label("Ваш ход"))
        else:
            above = self.plate_of(seat).unionall([badge.rect for badge in plate_badges(self, seat)])
        rise = 70.0 if above.bottom > start.top else min(70.0, start.top - above.bottom - 4)  # a plate beside: no cap
        self.popup(text, x, y - up, colour, size, rise=rise)

    def fly(self, face: dict | None, start, end, delay: float = 0.0, ms: float = 380.0, flip: bool = False,
            arc: float = 36.0, on_land: Callable[[], None] | None = None) -> Flight:
        flight = Flight(face, tuple(start), tuple(end), Tween((0.0,), (1.0,), ms, ease_in_out_cubic, delay_ms=delay),
                        flip=flip, arc=arc, on_land=on_land)
        self.flights.add(flight)
        return flight

    def to_seat(self, seat: int, delay: float, face: dict | None = None, source=None, ms: float = 420.0) -> None:
        """A card from the deck (or ``source``) to someone's hand; yours turn face up on the way."""
        start = source or (DECK_POS[0], DECK_POS[1], 0.0, 1.0)
        if seat == self.me and face is not None:
            cid = face["id"]
            self.fan.send_in(cid)
            x, y, a = self.fan.slot_pose(self.hand(), cid)
            self.fly(face, start, (x, y, a, HAND_CARD[0] / TABLE_CARD[0]), delay, ms, flip=start[3] >= 0.99,
                     on_land=lambda: self.fan.land(cid, (x, y, a)))
            return
        if seat == self.me:
            return
        self.plates.card_sent(seat)
        fx, fy = self.fan_anchor(seat)
        self.fly(None, start, (fx, fy, 0.0, 0.34), delay, ms, on_land=lambda: self.plates.card_landed(seat))

    def from_seat(self, seat: int, card_id: str | None) -> tuple[float, float, float, float]:
        pose = self.fan.lift_off(card_id) if seat == self.me else None
        if pose is not None:
            return (*pose, HAND_CARD[0] / TABLE_CARD[0])
        fx, fy = self.fan_anchor(seat)
        return fx, fy, 0.0, 0.34

    # --- dealing
    def ev_round_started(self, e: dict, before: dict) -> None:
        n = self.n
        self.fan.clear()
        self.piles.incoming.clear()
        self.plates.incoming.clear()
        self.flights.clear()
        self.shown_hand = None
        self.results.wait = 0.0
        self.reflex.armed = False
        self.chooser.card = None
        sizes = e.get("hand_sizes", [])
        dealer = e.get("dealer", 0)
        self.deal_stagger = min(60.0, 2400.0 / max(1, 7 * n))
        self.deal_dealer = dealer
        for seat in range(n):
            if seat == self.me:
                continue
            order = (seat - dealer - 1) % n
            for i in range(sizes[seat] if seat < len(sizes) else 0):
                self.to_seat(seat, (i * n + order) * self.deal_stagger, ms=360)
        deal_ms = 7 * n * self.deal_stagger
        top = e.get("top")
        if top:
            tid = top["id"]
            self.piles.incoming.add(tid)
            dx, dy, angle = pile_pose(tid)
            self.fly(top, (DECK_POS[0], DECK_POS[1], 0.0, 1.0), (DISCARD_POS[0] + dx, DISCARD_POS[1] + dy, angle, 1.0),
                     deal_ms + 200, 420, flip=True, on_land=lambda: self.piles.incoming.discard(tid))
        first = e.get("first", 0)
        starts = opens(self.seat_name(first), first == self.me)
        self.banner(f"Тур {e.get('round', 1)}", f"{acts(self.name(dealer), 'сдаёт', dealer == self.me)} · {starts}", ACCENT)

    def deal_fresh_game(self) -> None:
        """A game joined at its very start has no «round_started» to show: deal from the view."""
        view = self.view
        if self.state_id != 0 or view.get("phase") != "play" or view.get("discard_count") != 1:
            return
        self.ev_round_started({"round": view.get("round", 1), "dealer": view.get("dealer", 0),
                               "first": view.get("turn", 0), "top": view.get("top"),
                               "hand_sizes": [p.get("cards", 0) for p in view.get("players", [])]}, {})
        if self.me >= 0:
            self.ev_dealt({"to": self.me, "cards": list(view.get("hand", []))}, {})
        self.app.play_sound("shuffle")

    def ev_dealt(self, e: dict, before: dict) -> None:
        n = self.n
        order = (self.me - self.deal_dealer - 1) % n
        stagger = self.deal_stagger
        for i, face in enumerate(e.get("cards", [])):
            self.to_seat(self.me, (i * n + order) * stagger, face=face, ms=420)

    def ev_starter_returned(self, e: dict, before: dict) -> None:
        face = dict(e.get("face") or {})
        if not face.get("value"):
            return
        face.setdefault("id", "starter")
        back_to_deck = (DECK_POS[0], DECK_POS[1], 0.0, 1.0)
        over_pile = (DISCARD_POS[0], DISCARD_POS[1] - 20, 0.0, 1.0)

        def return_it():
            self.fly(None, over_pile, back_to_deck, 250, 360)

        self.fly(face, back_to_deck, over_pile, 2600, 360, flip=True, on_land=return_it)
        self.banner("Первая карта не годится", f"{card_name(face)} уходит обратно в колоду", INK_DIM, 2200)

    # --- cards moving
    def ev_card_played(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        face = e.get("card") or {}
        cid = face.get("id")
        start = self.from_seat(seat, cid)
        dx, dy, angle = pile_pose(str(cid))
        if cid:
            self.piles.incoming.add(cid)
        self.fly(face, start, (DISCARD_POS[0] + dx, DISCARD_POS[1] + dy, angle, 1.0), 0, 340,
                 flip=seat != self.me, arc=30, on_land=lambda: self.piles.incoming.discard(cid))
        if seat == self.me:
            self.reflex.armed = False
        if e.get("answer") and not e.get("jump_in"):  # a jump-in is told by its bubble and the banner already
            self.seat_popup(seat, f"{of_player('Отбился', self.seat_name(seat), seat == self.me)}!", ACCENT, 28)

    def ev_colour_chosen(self, e: dict, before: dict) -> None:
        colour = e.get("colour", "")
        rgb = COLOUR_RGB.get(colour, INK)
        self.effects.flash(rgb, DISCARD_POS, 240)
        prefix = "Цвет по кругу" if e.get("auto") else "Цвет"
        # rising 35 px, clear of the top seats' cards and speech bubbles (at 70 it reached their «Пас»)
        self.popup(f"{prefix}: {COLOUR_LABELS.get(colour, colour)}", DISCARD_POS[0], DISCARD_POS[1] - 90, rgb, 30, rise=35)

    def ev_cards_drawn(self, e: dict, before: dict) -> None:
        seat, count = e.get("seat", -1), e.get("count", 0)
        reason = e.get("reason", "draw")
        if seat != self.me:
            for i in range(min(count, 12)):
                self.to_seat(seat, i * 90)
        if count:  # the «+N» chip said a penalty waits there: taken, it goes, and the popup saying so rises clear
            self.effects.unmark(seat, "plus")
        if count and (reason != "draw" or count > 1):
            told = draw_reason(reason)
            label = f"+{count}" + (f" · {told.words}" if told.words else "")
            self.seat_popup(seat, label, DANGER if told.costly else ACCENT, 26, up=10)
        if e.get("short"):
            self.banner("Карты кончились", f"{acts(self.name(seat), 'не добирает', seat == self.me)} {count_of(e['short'], 'карту')}: обе колоды пусты", INK_DIM)

    def ev_cards_received(self, e: dict, before: dict) -> None:
        if e.get("to") != self.me and e.get("to") is not None:
            return
        # cards from another hand come across the middle of the table, the rest from the deck
        source = None if draw_reason(e.get("reason")).from_deck else (TABLE_CENTER[0], TABLE_CENTER[1], 0.0, 0.5)
        for i, face in enumerate(e.get("cards", [])):
            self.to_seat(self.me, i * 90, face=face, source=source)

    def ev_card_taken_back(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        face = e.get("card") or {}
        dx, dy, angle = pile_pose(str(face.get("id")))
        start = (DISCARD_POS[0] + dx, DISCARD_POS[1] + dy, angle, 1.0)
        if seat == self.me:
            self.to_seat(seat, 0, face=face, source=start)
        else:
            self.to_seat(seat, 0, source=start)
        self.seat_popup(seat, "«+4» обратно!", DANGER, 26)

    def ev_deck_recycled(self, e: dict, before: dict) -> None:
        for i in range(5):
            self.fly(None, (DISCARD_POS[0], DISCARD_POS[1], 0.0, 1.0), (DECK_POS[0], DECK_POS[1], 0.0, 1.0), i * 70, 360)
        self.banner("Сброс перемешан", f"{count_of(e.get('count', 0), 'карта')} снова в колоде", INK_DIM, 1800)

    def ev_hands_rotated(self, e: dict, before: dict) -> None:
        direction = e.get("direction", 1)
        n = self.n
        for seat in range(n):
            target = (seat + direction) % n
            if seat == target:
                continue
            fx, fy = self.fan_anchor(seat)
            tx, ty = self.fan_anchor(target)
            self.fly(None, (fx, fy, 0.0, 0.5), (tx, ty, 0.0, 0.5), seat * 40, 520, arc=20)
        if self.me >= 0:
            self.fan.reset_from(TABLE_CENTER, self.hand())
        self.banner("Ноль: руки по кругу!", "Все передают карты соседу по ходу игры", ACCENT)

    def ev_hands_swapped(self, e: dict, before: dict) -> None:
        a, b = e.get("seat", -1), e.get("other", -1)
        for s, t in ((a, b), (b, a)):
            fx, fy = self.fan_anchor(s)
            tx, ty = self.fan_anchor(t)
            self.fly(None, (fx, fy, 0.0, 0.5), (tx, ty, 0.0, 0.5), 0, 560, arc=50)
        if self.me in (a, b):
            other = b if self.me == a else a
            self.fan.reset_from(self.fan_anchor(other), self.hand())
        self.banner("Семь: обмен руками", f"{self.name(a)} и {self.name(b)} меняются картами" if self.me not in (a, b) else f"Вы и {self.name(b if a == self.me else a)} меняетесь картами", ACCENT)

    def ev_new_hand(self, e: dict, before: dict) -> None:
        pass  # the rotation or swap that caused it already moved the hand

    def ev_cards_exchanged(self, e: dict, before: dict) -> None:
        a, b = e.get("seat", -1), e.get("other", -1)
        if e.get("declined") or a == b:
            self.effects.bubble(a, "Не меняюсь")
            return
        for s, t in ((a, b), (b, a)):
            if s != self.me:
                fx, fy = self.fan_anchor(s)
                tx, ty = self.fan_anchor(t)
                self.fly(None, (fx, fy, 0.0, 0.4), (tx, ty, 0.0, 0.4), 0, 480, arc=40)
        self.banner("Пять: обмен картами", f"{self.name(a)} и {self.name(b)}", ACCENT, 2000)

    def ev_hand_shown(self, e: dict, before: dict) -> None:
        self.shown_hand = ShownHand(f"Карты: {self.name(e.get('seat', -1))}", list(e.get("faces", [])))

    # --- turns and effects
    def ev_turn_started(self, e: dict, before: dict) -> None:
        if e.get("seat") == self.me:  # no bubble: the status line says «Ваш ход: …» where the bubble stood on it
            if not self.couch:  # at the couch the table rumbles the right pad itself
                self.app.input.rumble(self.last_device, 0.4, 120)

    def ev_passed(self, e: dict, before: dict) -> None:
        self.effects.bubble(e.get("seat", -1), "Пас")

    def ev_turn_skipped(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.effects.mark(seat, "skip")
        self.seat_popup(seat, "Пропуск!", DANGER, 28)

    def ev_direction_changed(self, e: dict, before: dict) -> None:
        self.arrows.turned()
        label = "по часовой" if e.get("direction", 1) > 0 else "против часовой"
        # on the banner strip: a popup above the piles rose under the top seats' cards and crossed the popups of the
        # seats beside it («Пропуск!»)
        self.banner("Наоборот!", f"теперь {label}", ACCENT, 1600)

    def ev_attack_pending(self, e: dict, before: dict) -> None:
        target, amount = e.get("target", -1), e.get("amount", 0)
        self.effects.mark(target, "plus", f"+{amount}")
        x, y = self.seat_anchor(target)
        self.effects.flash((230, 60, 50), (x, y + 30), 120)
        if target == self.me:
            sub = "Можно проверить на честность" if e.get("challengeable") else "Отбейтесь или возьмите карты"
            self.banner(f"На вас +{amount}", sub, DANGER_TEXT)

    def ev_attack_bounced(self, e: dict, before: dict) -> None:
        self.banner("Отбито «Наоборотом»!", f"+{e.get('amount', 0)} летит к: {self.name(e.get('back_to', -1))}", ACCENT)

    def ev_challenged(self, e: dict, before: dict) -> None:
        accused = self.name(e.get("accused", -1))
        payer = self.name(e.get("penalty_seat", -1))
        if e.get("guilty"):
            self.banner("Жульничество раскрыто!", f"{accused}: «+4» обратно в руку и ещё {count_of(e.get('penalty', 0), 'карта')}", DANGER_TEXT)
        else:
            self.banner("Всё честно!", f"{acts(payer, 'берёт', e.get('penalty_seat', -1) == self.me)} {count_of(e.get('penalty', 0), 'карту')} за недоверие", ACCENT)

    def ev_ready_wait(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.countdowns["ready"] = (8000.0, 8000.0)
        if seat != self.me:
            self.effects.bubble(seat, f"{doing('ready')}…")

    def ev_ready_said(self, e: dict, before: dict) -> None:
        self.countdowns.pop("ready", None)
        self.effects.bubble(e.get("seat", -1), "Готов!")

    def ev_choice_wait(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        if seat != self.me:  # the view is already in the phase the choice belongs to
            self.effects.bubble(seat, f"{doing(self.view.get('phase'))}…")
        elif e.get("what") == "colour":
            self.wheel.aim()

    # --- «УНО!» and the reflex moments
    def ev_uno_shouted(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.seat_popup(seat, "УНО!", (240, 60, 50), 46, up=10)
        if not e.get("on_time") and e.get("margin_ms"):
            self.banner(f"{of_player('Успел', self.seat_name(seat), seat == self.me)} крикнуть!",
                        f"{self.name(seat)}: на {e['margin_ms']} мс раньше ловцов", ACCENT, 2200)

    def ev_uno_missed(self, e: dict, before: dict) -> None:
        self.effects.bubble(e.get("seat", -1), "…")

    def ev_catch_pressed(self, e: dict, before: dict) -> None:
        self.effects.bubble(e.get("seat", -1), "Ловлю!")

    def ev_uno_caught(self, e: dict, before: dict) -> None:
        target, by = e.get("seat", -1), e.get("by", -1)
        self.effects.mark(target, "plus", "+2")
        margin = "ничья — решила монетка" if e.get("tie") else f"на {e.get('margin_ms', 0)} мс раньше"
        self.banner(f"Поймали! {acts(self.name(target), 'берёт', target == self.me)} 2",
                    f"Быстрее всех — {self.name(by)}: {margin} · реакция {e.get('reaction_ms', 0)} мс", ACCENT, 3200)
        self.seat_popup(target, "Без «УНО!»", DANGER, 26)

    def ev_uno_window_closed(self, e: dict, before: dict) -> None:
        self.effects.bubble(e.get("seat", -1), "проскочило!")

    def ev_false_reflex(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        what = {"catch": "ловля", "slap": "хлопок", "shout": "крик"}.get(e.get("what"), "нажатие")
        self.effects.bubble(seat, "Фальстарт!")
        if seat == self.me:
            self.shake.start()
            extra = f" и {count_of(e['penalty'], 'карта')}" if e.get("penalty") else ""
            self.app.toast(f"Ложный {what}: кнопки заблокированы на 2 с{extra}.", 2500)

    def ev_lockout_over(self, e: dict, before: dict) -> None:
        if e.get("seat") == self.me:
            self.popup("Можно снова ловить", 640, 500, INK_DIM, 20)

    def ev_slap_opened(self, e: dict, before: dict) -> None:
        total = float(max(300, e.get("deadline_ms", 0) - (self.view.get("slap") or {}).get("opened_ms", 0) or 2000))
        self.countdowns["slap"] = (total, total)
        if e.get("shouter") == self.me:
            self.banner("УНО в центр!", "Ваша рука на колоде — ждём остальных", ACCENT, 1800)
        else:
            self.banner("УНО в центр! Хлопайте!", "Последняя рука берёт 2 карты", DANGER_TEXT, 1800)

    def ev_slapped(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.effects.bubble(seat, f"Хлоп! {e.get('reaction_ms', 0)} мс")

    def ev_slap_result(self, e: dict, before: dict) -> None:
        self.countdowns.pop("slap", None)
        losers = e.get("losers", [])
        last = e.get("last", -1)
        if last >= 0:
            late = of_player("отстал", self.seat_name(last), last == self.me)
            sub = "ничья — решила монетка" if e.get("tie") else f"{late} на {e.get('margin_ms', 0)} мс"
            self.banner(f"Последняя рука — {self.name(last)}: +2", sub, DANGER_TEXT, 3000)
        elif losers:
            self.banner("Не успели хлопнуть", ", ".join(self.name(s) for s in losers) + " — по 2 карты", DANGER_TEXT, 3000)

    def ev_jump_pressed(self, e: dict, before: dict) -> None:
        self.effects.bubble(e.get("seat", -1), "Перехват!")

    def ev_jump_in_won(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        if e.get("rivals"):
            margin = "ничья — решила монетка" if e.get("tie") else f"на {e.get('margin_ms', 0)} мс раньше"
            sub = f"{margin} · реакция {e.get('reaction_ms', 0)} мс"
        else:
            sub = f"реакция {e.get('reaction_ms', 0)} мс"
        self.banner(f"Перехват хода: {self.name(seat)}", sub, ACCENT, 2400)

    # --- house-rule moments
    def ev_silence_started(self, e: dict, before: dict) -> None:
        why = "пока ход не вернётся к положившему двойку" if e.get("reason") == "two" else "пока не сменится цвет"
        self.banner("Тсс! Тишина", f"Ни слова и ни эмоции, {why}", (170, 200, 255), 3000)

    def ev_silence_ended(self, e: dict, before: dict) -> None:
        broken = e.get("broken_by", -1)
        if broken >= 0:
            self.banner("Тишина нарушена", f"{acts(self.name(broken), 'берёт', broken == self.me)} {count_of(2, 'карту')}", DANGER_TEXT)
        else:
            self.popup("Можно говорить", TABLE_CENTER[0], TABLE_CENTER[1] + 120, INK_DIM, 22)

    def ev_emoted(self, e: dict, before: dict) -> None:
        self.effects.bubble(e.get("seat", -1), e.get("emote", ""))

    def ev_mistake(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.effects.bubble(seat, "Ошибка! +2")
        if seat == self.me:
            self.shake.start()
            self.app.toast(str(e.get("reason", "Ошибка.")) + " Штраф — 2 карты.", 3000)

    def ev_hand_refilled(self, e: dict, before: dict) -> None:
        self.banner(f"{self.name(e.get('seat', -1))}: рука пуста", f"{verb_for('Добирает', e.get('seat', -1) == self.me)} {count_of(e.get('count', 0), 'новая карта')}", ACCENT)

    def ev_player_out(self, e: dict, before: dict) -> None:
        seat = e.get("seat", -1)
        self.effects.mark(seat, "star", f"{e.get('place', 1)}-е место")  # it says so: a «Без карт!» lay on it

    # --- rounds
    def ev_round_over(self, e: dict, before: dict) -> None:
        self.results.count_up()
        self.countdowns["round"] = (float(ROUND_OVER_MS), float(ROUND_OVER_MS))  # the host's own wait, from now
        winner = (e.get("result") or {}).get("winner", -1)
        self.banner("Тур окончен", f"Победа в туре: {self.name(winner)}", ACCENT, 1600)

    def ev_continue_pressed(self, e: dict, before: dict) -> None:
        pass  # the results screen ticks that row off

    def ev_match_over(self, e: dict, before: dict) -> None:
        self.results.wait = max(self.results.wait, RESULTS_WAIT_MS)
