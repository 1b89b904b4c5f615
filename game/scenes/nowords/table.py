"""The «Нет слов» table: the conversation scattered on the felt, the red showcase, your hand,
everyone's penalty piles, and the «Не говори!» claim panel.

The scene coordinates: it turns the host's events into flights, popups and banners, routes the input (to an open
dialog, the claim panel, or the table's own targets: your hand, the showcase, the big button) and draws the table
from its pieces beside it — where things stand (``layout``), the cards (``cards``, ``effects``), the
conversation's spots (``conversation``), the seats' plates (``plates``), your corner (``corner``), the right-hand
column (``side``), the claim panel (``claim``), the dialogs (``dialogs``) and the results (``results``).
"""
from __future__ import annotations

import pygame

from game import assets
from game.input import Intent
from game.rules.words_ru import acts, of_player, opens, verb_for
from game.scenes.base import (ACCENT, DANGER, GOOD, HEIGHT, INK, INK_DIM, MOVES, PANEL_EDGE, RUSSIAN_LETTERS,
                              fitted_text, pad_names, panel)
from game.scenes.nowords.cards import card_image
from game.scenes.nowords.claim import ClaimPanel
from game.scenes.nowords.conversation import Conversation
from game.scenes.nowords.corner import ShoutButton, draw_my_pile, draw_watching
from game.scenes.nowords.dialogs import Dialog, refusal_title, verdict_note, wanted_dialog
from game.scenes.nowords.effects import CardFlight, WordShow
from game.scenes.nowords.layout import (BOTTOM_Y, COMMON_POS, DECK_POS, HAND_CARD, HAND_TOP, HAND_XS, HAND_Y, MY_PILE,
                                        PILE_CARD, PLATE_FILL, RED_INK, RIGHT, SHOUT, SHOW_CARD, SHOWCASE, TABLE_CARD,
                                        TALK, card_rect, showcase_point)
from game.scenes.nowords.plates import SeatPlates
from game.scenes.nowords.results import draw_results
from game.scenes.nowords.side import draw_side, race_lines
from game.scenes.nowords.targets import Target, focused, steer
from game.scenes.table.banner import BannerLook
from game.scenes.table.plates import felt_cloth
from game.scenes.table.scene import TableScene
from game.scenes.table.tween import Tween, ease_in_out_cubic

EVENT_SOUNDS = {
    "laid": "card_play",
    "drew": "card_draw",
    "claim_announced": "catch",
    "claim_made": "ne_govori",
    "claim_judged": "score_tick",
    "letters_taken": "tile_return",
    "conversation_reset": "shuffle",
    "next_chosen": "turn_start",
    "vote_called": "timer_warning",
    "voted": "menu_move",
    "vote_result": "score_tick",
    "claim_dropped": "invalid",
    "game_ended": "win",
    "dealt": "deal",
    "hand_dealt": "card_draw",
}


class NoWordsScene(TableScene):
    takes_text = True  # letters typed on the table spell words
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "game_ended"  # the shared cheer (game.scenes.table.cheer) starts with it
    # typing a word is how the keyboard claims, and a claim is a race for everyone at the screen
    REFLEX_INTENTS = TableScene.REFLEX_INTENTS | {"text"}
    HAND_AREA = pygame.Rect(380, BOTTOM_Y, 530, HEIGHT - BOTTOM_Y)
    JOIN_CORNER = MY_PILE  # a watcher has no pile: the felt is bare there
    REPLAY_CORNER = pygame.Rect(928, 478, 330, 234)  # the «Не говори!» button and the felt above it
    BANNER_LOOK = BannerLook(title_size=22, sub_size=16, fill=(10, 24, 22), opacity=255, one_line=True, rise=8)
    BANNER_MS = 3200.0

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.plates = SeatPlates(self)
        self.talk = Conversation()
        self.claim = ClaimPanel(self, self.talk)
        self.shout = ShoutButton()
        self.focus_index = 0  # among the table targets (hand, showcase, the button)
        self.dialog: Dialog | None = None
        self.word_show: WordShow | None = None  # the last word taken
        self.race_info: list[str] = []  # the last race's presses as the events told them, for the right column
        self.clock = 0.0

    @property
    def claiming(self) -> bool:
        """The claim panel is open (at a couch, maybe for a seat not on screen)."""
        return self.claim.is_open

    def flying_ids(self) -> set[str]:
        return {f.card_id for f in self.flights if f.card_id}

    def fly(self, letter: str, red: bool, start, end, size=TABLE_CARD, ms: float = 420.0, delay: float = 0.0,
            end_size=None, glow=None, number: int = 0, card_id: str = "") -> None:
        self.flights.add(CardFlight(letter, red, tuple(start), tuple(end), size,
                                    Tween((0.0,), (1.0,), ms, ease_in_out_cubic, delay_ms=delay), end_size, glow, number,
                                    card_id))

    def event_sound(self, event: dict) -> str | None:
        kind = event.get("kind")
        if kind == "game_ended":
            if self.me < 0:
                return "score_tick"
            return "win" if self.me in event.get("winners", ()) else "lose"
        if kind == "next_chosen" and event.get("next_turn") != self.me:
            return "menu_move"
        return self.EVENT_SOUNDS.get(kind)

    # ================================================================== events
    def ev_laid(self, e: dict, before: dict) -> None:
        seat, card = e["seat"], e["card"]
        if e["red"]:  # a red card comes off the showcase, whoever lays it
            ids = [c["id"] for c in before.get("showcase", [])]
            start = (*showcase_point(ids.index(card) if card in ids else 0), 0.0)
            size = SHOW_CARD
        elif seat == self.me:
            hand_ids = [c["id"] for c in before.get("hand", [])]
            start = (*self.plates.hand_point(seat, hand_ids.index(card) if card in hand_ids else 1), 0.0)
            size = HAND_CARD
        else:
            start = (*self.plates.hand_point(seat), 0.0)
            size = (40, 56)
        x, y, tilt = self.talk.slot(card)
        self.fly(e["letter"], e["red"], start, (x, y, tilt), size=size, end_size=TABLE_CARD, ms=460, card_id=card)
        self.popup(e["letter"].upper(), x, y - 50, RED_INK if e["red"] else INK, 30)
        if e["next_turn"] == self.me:
            self.banner("Ваш ход", "выложите одну букву так, чтобы не сложилось слово", ACCENT, 2200)

    def ev_drew(self, e: dict, before: dict) -> None:
        hand = [c["id"] for c in (self.view or {}).get("hand", [])]
        index = hand.index(e["card"]) if e["card"] in hand else 2
        self.fly(e["letter"], False, (*DECK_POS, 0.0), (*self.plates.hand_point(self.me, index), 0.0), size=TABLE_CARD,
                 end_size=HAND_CARD, ms=420, delay=200, card_id=e["card"])

    def ev_claim_announced(self, e: dict, before: dict) -> None:
        if e["seat"] != self.me:
            x, y = self.plates.center(e["seat"])
            self.popup("Не говори…", x, y + 40, RED_INK, 24)

    def ev_claim_made(self, e: dict, before: dict) -> None:
        x, y = self.plates.center(e["seat"])
        self.popup("Не говори!", x, y + 44, RED_INK, 30)
        if e["seat"] == self.claim.claimer:
            self.claim.close()

    def on_updates_skipped(self) -> None:
        self.race_info = []  # races may have been judged meanwhile: «Последний спор» tells the view's last claim

    def ev_claim_judged(self, e: dict, before: dict) -> None:
        presses = e["presses"]
        self.race_info = race_lines(presses, self.name)
        if e["winner"] >= 0:
            margin = e["margin_ms"]
            if len(presses) > 1:
                first = of_player("первым", self.seat_name(e["winner"]), e["winner"] == self.me)
                extra = "ничья в пределах кадра — решил жребий" if e["tied"] else f"{first} на {margin} мс"
            else:
                extra = "без соперников"
            # the letters wait for the last mover, who may doubt the word («letters_taken» when they go)
            self.banner(f"{self.name(e['winner'])}: «Не говори {e['word'].upper()}!»",
                        f"{extra} · {verdict_note(True, '')}", RED_INK, 4200)
        else:
            self.banner(refusal_title(e['word'], e.get("reason", "")), e.get("reason", ""), DANGER, 3600)

    def ev_letters_taken(self, e: dict, before: dict) -> None:
        cards = e["cards"]
        self.word_show = WordShow(e["word"], [bool(c[2]) for c in cards])
        showcase_n = len((self.view or {}).get("showcase", []))
        reds_back = sum(1 for c in cards if c[2])
        red_i = 0
        for i, (cid, letter, red) in enumerate(cards):
            x, y, tilt = self.talk.leave(cid)
            if red:
                end = (*showcase_point(max(0, showcase_n - reds_back + red_i)), 0.0)
                red_i += 1
                size = SHOW_CARD
            else:
                end = (*self.plates.pile_point(e["seat"]), 0.0)
                size = PILE_CARD if e["seat"] != self.me else (34, 48)
            self.fly(letter, red, (x, y, tilt), end, size=TABLE_CARD, end_size=size, ms=520, delay=260 * i + 400,
                     glow=ACCENT, number=i + 1, card_id=cid)
        px, py = self.plates.pile_point(e["seat"])
        if e["points"]:
            self.popup(f"+{e['points']}", px, py - 10, DANGER, 34)

    def ev_conversation_reset(self, e: dict, before: dict) -> None:
        delay = 400 + 260 * 5
        for i, (cid, letter) in enumerate(e["discarded"]):
            x, y, tilt = self.talk.leave(cid)
            self.fly(letter, False, (x, y, tilt), (*COMMON_POS, 8.0), size=TABLE_CARD, ms=480, delay=delay + 60 * i,
                     card_id=cid)
        self.talk.clear()
        for i, (cid, letter) in enumerate(e["conversation"]):
            x, y, tilt = self.talk.slot(cid)
            self.fly(letter, True, (*showcase_point(i), 0.0), (x, y, tilt), size=SHOW_CARD,
                     end_size=TABLE_CARD, ms=520, delay=delay + 500 + 120 * i, card_id=cid)
        self.banner("Новый разговор", "в разговоре осталось меньше двух красных букв", ACCENT, 3000)

    def ev_next_chosen(self, e: dict, before: dict) -> None:
        seat, mine = e["seat"], e["seat"] == self.me
        nxt = e["next_turn"]
        if seat == nxt:
            chose = f"{acts(self.name(seat), 'ходит', mine)} {of_player('сам', self.seat_name(seat), mine)}"
        else:  # the one who moves in the nominative: «передаёт ход: Вы» wanted a dative no name can be trusted to take
            chose = f"{acts(self.name(seat), 'выбрал', mine)}: {verb_for('ходит', nxt == self.me)} " \
                    f"{'вы' if nxt == self.me else self.name(nxt)}"
        self.banner(chose, "", INK, 2200)
        x, y = self.plates.center(e["next_turn"])
        self.popup("Ход!", x, y + 40, ACCENT, 28)

    def ev_vote_called(self, e: dict, before: dict) -> None:
        why = acts(self.name(e["seat"]), "сомневается" if e.get("ok") else "настаивает", e["seat"] == self.me)
        self.banner(f"Голосование: «{e['word'].upper()}»", f"{why}, {verdict_note(e.get('ok', False), e['reason'])}",
                    ACCENT, 4000)

    def ev_voted(self, e: dict, before: dict) -> None:
        x, y = self.plates.center(e["seat"])
        self.popup("за" if e["accept"] else "против", x, y + 40, GOOD if e["accept"] else DANGER, 26)

    def ev_vote_result(self, e: dict, before: dict) -> None:
        verdict = "слово засчитано" if e["accepted"] else "слово не засчитано"
        fine = " · штраф 1 очко" if e["fined"] else ""
        self.banner(f"«{e['word'].upper()}»: {verdict}", f"за {e['yes']}, против {e['no']}{fine}",
                    GOOD if e["accepted"] else DANGER, 3600)

    def ev_claim_dropped(self, e: dict, before: dict) -> None:
        fine = " — штраф 1 очко" if e["fined"] else ""
        self.banner(f"{self.name(e['seat'])}: «{e['word'].upper()}» не считается{fine}", "", INK_DIM, 2600)

    def ev_game_ended(self, e: dict, before: dict) -> None:
        reason = "десять чёрных букв в отбое" if e["reason"] == "ten" else "взята последняя чёрная буква"
        winners = ", ".join(self.name(s) for s in e["winners"])
        title = "Серия окончена" if e["final"] and e["game_no"] > 1 else ("Игра окончена" if e["final"]
                                                                          else f"Партия {e['game_no']} окончена")
        self.banner(title, f"{reason} · меньше всего очков: {winners}", ACCENT, 6000)

    def ev_dealt(self, e: dict, before: dict) -> None:
        self.talk.clear()
        self.word_show = None
        self.race_info = []
        for i, (cid, letter) in enumerate(e["conversation"]):
            x, y, tilt = self.talk.slot(cid)
            self.fly(letter, True, (*showcase_point(i), 0.0), (x, y, tilt), size=SHOW_CARD, end_size=TABLE_CARD,
                     ms=520, delay=150 * i, card_id=cid)
        self.banner(f"Партия {e['game_no']}", opens(self.seat_name(e["first"]), e["first"] == self.me), ACCENT, 2600)

    def ev_hand_dealt(self, e: dict, before: dict) -> None:
        for i, (cid, letter) in enumerate(e["cards"]):
            self.fly(letter, False, (*DECK_POS, 0.0), (*self.plates.hand_point(self.me, i), 0.0), size=TABLE_CARD,
                     end_size=HAND_CARD, ms=420, delay=300 + 120 * i, card_id=cid)

    def on_over(self) -> None:
        self.claim.close()
        self.dialog = None

    # ================================================================== targets and input
    def table_targets(self) -> list[Target]:
        """(kind, card id or '', rect) the D-pad walks through outside the claim panel (none in a replay: nobody's)."""
        out = []
        if not self.view or self.replaying:
            return out
        lay_ids = {a["card"] for a in self.legal_of("lay")}
        for i, c in enumerate(self.view["hand"]):
            out.append(("hand", c["id"], card_rect(HAND_CARD, *self.plates.hand_point(self.me, i))))
        for i, c in enumerate(self.view["showcase"]):
            if c["id"] in lay_ids:
                out.append(("show", c["id"], card_rect(SHOW_CARD, *showcase_point(i))))
        out.append(("shout", "", SHOUT))
        return out

    def focused_card(self) -> str | None:
        """The card (or '' for the big button) the table's focus stands on, when the table takes the input."""
        target = focused(self.table_targets() if not self.claiming and self.dialog is None else [], self.focus_index)
        return None if target is None else target[1]

    def handle_couch(self, intent: Intent) -> None:
        # the open panel is its claimer's: every press of their devices goes to it, shown or not
        claimer = self.claim.claimer
        plugging = intent.name in ("pad_added", "pad_removed")
        if self.claiming and claimer in self.seats_of(intent.device) and not plugging:
            with self.acting_as(claimer):
                self.handle_table(intent)
            return
        super().handle_couch(intent)

    def uses_back(self, intent: Intent) -> bool:
        return self.claiming or super().uses_back(intent)  # the panel: «Esc или B — отмена · Backspace или X — стереть»

    def handle_table(self, intent: Intent) -> None:
        if self.view is None or self.leaves_when_over(intent):
            return
        if self.dialog is not None:
            taken, answer = self.dialog.handle(intent, self.app.play_sound)
            if answer is not None:
                self.app.play_sound("menu_confirm")
                self.dialog = None
                answer()
            if taken:
                return
        if self.claiming:
            if self.claim.claimer == self.seat:  # one panel: another player's presses do not say this word
                self.claim.handle(intent)
            return
        name = intent.name
        if name == "back":
            return  # Backspace with no word begun: nothing to erase
        if name == "text":
            letters = "".join(ch for ch in intent.text.lower() if ch in RUSSIAN_LETTERS)
            if letters and self.claim.begin():
                self.claim.text = letters
            return
        if name in ("shout", "claim") or (name == "key" and {"shout", "claim"} & set(intent.extra.get("bound", ()))):
            self.claim.begin()  # «U / Y · или начните печатать слово» (as bound): U opens it in any keyboard layout
            return
        targets = self.table_targets()
        steered = steer(intent, targets, self.focus_index)
        if steered is not None:
            self.focus_index, chosen = steered
            if name in MOVES:
                self.app.play_sound("menu_move")
            if chosen is not None:
                self.activate(targets[chosen])

    def activate(self, target: Target) -> None:
        kind, card, _ = target
        if kind == "shout":
            self.claim.begin()
            return
        if not self.can("lay"):
            self.app.play_sound("invalid")
            self.app.toast(self.status_line(), 2200)
            return
        self.send({"kind": "lay", "card": card})

    # ================================================================== update
    def update_table(self, dt_ms: float) -> None:
        self.clock += dt_ms
        if self.word_show is not None and not self.word_show.step(dt_ms):
            self.word_show = None
        wanted = wanted_dialog(self)
        if wanted is None:
            self.dialog = None
        elif self.dialog is None or self.dialog.key != wanted.key:
            self.dialog = wanted
        if self.claiming and not self.can("claim"):
            self.claim.close()
        self.talk.keep_only({c["id"] for c in (self.view or {}).get("conversation", [])} | self.flying_ids())
        self.shout.step(dt_ms, self.can("claim"))

    # ================================================================== drawing
    def notice_zone(self) -> pygame.Rect:
        if self.claiming:
            return self.claim.notice_zone()
        # the status line's row between the talk and the hand, from your pile to the shout button: the talk fills its
        # whole zone and the hand its own, so a notice takes the status line's place while it stands
        return pygame.Rect(MY_PILE.right + 8, TALK.bottom + 2, SHOUT.left - MY_PILE.right - 16, HAND_TOP - TALK.bottom - 2)

    def called_for(self, seat: int) -> str:
        # a word named against the last mover waits for them to take its letters or doubt it, a refused claim for its
        # claimant, then the voters, and the letters' taker chooses who moves next: none of these is a turn
        phase = (self.view or {}).get("phase")
        return {"doubt": "Принять или оспорить", "dispute": "Спорное слово", "vote": "Голосование",
                "choose": "Кто ходит следующим"}.get(phase, "")

    def status_line(self) -> str:
        v = self.view
        if not v:
            return ""
        phase = v["phase"]
        if phase == "over":
            return "Игра окончена"
        if phase == "between":
            return "Скоро следующая партия серии"
        if v.get("race"):
            return "Кто-то назвал слово… ждём остальных"
        if phase == "choose":
            return ("Выберите, кто ходит следующим" if v["chooser"] == self.me
                    else f"{self.name(v['chooser'])} выбирает, кто ходит следующим")
        if phase == "doubt":
            word = v["dispute"]["word"].upper()
            return (f"Забрать буквы «{word}» или оспорить слово?" if v["last_mover"] == self.me
                    else f"{self.name(v['last_mover'])} решает, оспорить ли «{word}»")
        if phase == "dispute":
            return f"{self.name(v['dispute']['seat'])} решает, звать ли голосование"
        if phase == "vote":
            return "Идёт голосование"
        if v["turn"] == self.me:
            tip = "красную с витрины или чёрную с руки" if v["showcase_open"] else "чёрную букву с руки (витрина закрыта)"
            return f"Ваш ход: выложите {tip}"
        return f"Ходит {self.name(v['turn'])}"

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        v = self.view
        assert v is not None
        shake = round(self.shake.offset(alpha))
        flying = self.flying_ids()
        self.draw_public(surface, v, flying, shake)
        self.draw_bottom(surface, v, flying, shake)
        self.flights.draw(surface, alpha)
        if self.word_show is not None:
            self.word_show.draw(surface)
        self.banners.draw(surface, alpha, midtop=(HAND_XS[1], BOTTOM_Y))
        if self.claiming:
            self.claim.draw(surface, self.clock)
        if self.dialog is not None:
            self.dialog.draw(surface)
        if v["phase"] in ("over", "between"):
            draw_results(surface, v, self.me, self.name, self.leave_hint() if self.over else "")

    def draw_public(self, surface: pygame.Surface, v: dict, flying: set[str], shake: int) -> None:
        """What everyone at the table sees: the others' plates, the showcase, the conversation, the right column."""
        self.plates.draw(surface, v)
        self.draw_showcase(surface, v, flying)
        spelled = self.claim.spelled_cards() if self.claiming else []
        self.talk.draw(surface, v, flying, shake, spelled, self.claim.focused_card() if self.claiming else None)
        draw_side(surface, v, self.race_info, self.name)

    def draw_curtain(self, surface: pygame.Surface, seat: int) -> None:
        if not self.claiming:
            super().draw_curtain(surface, seat)
            return
        # someone at the couch is saying a word: the cards they spell it from stay in sight (a pad picks them one by
        # one), everything public as at the open table; the panel covers the hand, which the curtain keeps
        self.draw_public(surface, self.view, self.flying_ids(), 0)
        self.claim.draw(surface, self.clock)

    def build_backdrop(self) -> pygame.Surface:
        """Everything that does not move, in one full-canvas blit: felt, panels, names, avatars."""
        felt = felt_cloth((24, 86, 62), seed=5, rings=24)
        zone = pygame.Surface(TALK.inflate(24, 24).size, pygame.SRCALPHA)
        pygame.draw.ellipse(zone, (255, 255, 255, 14), zone.get_rect())
        pygame.draw.ellipse(zone, (255, 255, 255, 34), zone.get_rect(), 2)
        felt.blit(zone, TALK.inflate(24, 24))
        self.plates.paint(felt)
        felt.blit(panel(SHOWCASE.size, (14, 40, 34), PANEL_EDGE, 1, 18), SHOWCASE)
        felt.blit(assets.text("Витрина", 22, (245, 120, 120), "heading"), (SHOWCASE.x + 14, SHOWCASE.y + 8))  # RED_INK: 3.9:1
        felt.blit(panel(RIGHT.size, (14, 40, 34), PANEL_EDGE, 1, 18), RIGHT)
        if self.me >= 0:
            felt.blit(panel(MY_PILE.size, PLATE_FILL, PANEL_EDGE, 1, 16), MY_PILE)
            felt.blit(self.face(self.me, 56), (MY_PILE.x + 12, MY_PILE.y + 12))
            felt.blit(assets.text("Вы", 22, INK, "heading"), (MY_PILE.x + 80, MY_PILE.y + 14))
        return felt.convert() if pygame.display.get_surface() is not None else felt

    def draw_showcase(self, surface: pygame.Surface, v: dict, flying: set[str]) -> None:
        is_open = v["showcase_open"]
        state = assets.text("можно брать" if is_open else "меньше пяти — закрыта", 13, GOOD if is_open else INK_DIM)
        surface.blit(state, (SHOWCASE.x + 14, SHOWCASE.y + 36))
        focus = self.focused_card()
        for i, c in enumerate(v["showcase"]):
            if c["id"] in flying:
                continue
            x, y = showcase_point(i)
            glow = ACCENT if (c["id"] == focus and self.can("lay")) else None
            img = card_image(c["letter"], True, SHOW_CARD, 0, glow, dim=not is_open)
            surface.blit(img, img.get_rect(center=(x, y)))

    def draw_bottom(self, surface: pygame.Surface, v: dict, flying: set[str], shake: int) -> None:
        me = self.me
        if me >= 0:
            draw_my_pile(surface, v, me)
        elif v["phase"] not in ("over", "between"):
            draw_watching(surface, v, self.name)
        status = fitted_text(self.status_line(), 20, ACCENT if v["turn"] == me and v["phase"] == "play" else INK, "bold",
                             SHOUT.left - MY_PILE.right - 48)  # between your pile and the shout button, large text too
        # on a dark strip, as UNO's: gold on the bare felt read 4.5:1; none under the results, which say it all
        if not self.banners and not self.notice_up() and v["phase"] not in ("over", "between"):
            place = status.get_rect(midtop=(HAND_XS[1], BOTTOM_Y + 6))
            surface.blit(panel(place.inflate(24, 4).size, (12, 30, 26), (12, 30, 26), 0, 12), place.inflate(24, 4))
            surface.blit(status, place)
        if self.claiming:
            return
        focus = self.focused_card()
        my_turn = self.can("lay")
        for i, c in enumerate(v["hand"]):
            if c["id"] in flying:
                continue
            x, y = self.plates.hand_point(me, i)
            lift = HAND_Y - HAND_CARD[1] // 2 - HAND_TOP if (c["id"] == focus and my_turn) else 0
            glow = ACCENT if (c["id"] == focus and my_turn) else None
            img = card_image(c["letter"], False, HAND_CARD, 0, glow)
            surface.blit(img, img.get_rect(center=(x + shake, y - lift)))
        if me >= 0 and not self.replaying:  # a watcher never says a word, nor does anyone in a replay
            able = self.can("claim")
            tip = f"{' / '.join(self.control_names('shout'))} · или начните печатать слово" if able else (
                "вы выложили последнюю букву" if (self.view or {}).get("last_mover") == self.me else "сейчас нельзя")
            self.shout.draw(surface, focus == "", able, self.clock, tip)

    def leave_hint(self) -> str:
        """How the finished game is left: the pad's button (as bound) while a pad is plugged in, else Enter or a click;
        and how it is seen again («Повтор партии»). Nothing in a replay: its controls stand beside."""
        if self.replaying:
            return ""
        pads = self.app.input.pads
        leave = f"{pad_names(self.app.settings)['confirm']} — в меню" if pads else "Enter или щелчок — в меню"
        return " · ".join(hint for hint in (leave, self.replay_hint()) if hint)


def create(connection, game_id: str, names: list[str]) -> NoWordsScene:
    return NoWordsScene(connection, game_id, names)
