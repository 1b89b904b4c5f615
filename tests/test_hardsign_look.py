"""The «Твёрдый знак» table as a LAN party sees it, read from the layout check's trace of drawn frames: names as long
as a name may be (24 letters) on the plates, in the words of a deal and in the game's results; the word's live
score when the host refuses it; a watcher's corner; the keys the buttons name after the pad was rebound.
The player acts through posted events; the other seats' time runs on the host's virtual clock."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game.app import STEP_MS
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.rules.hardsign import RULES
from game.scenes import game_scene
from game.scenes.demo import VirtualClock
from game.scenes.hardsign.layout import hand_slot
from hardsign_support import arrange
from table_driver import press_key, press_pad, type_text, unplug_pads
from window_support import kept_equals_fresh, screen_app, shown_lines

LONG_NAMES = ["Александра Константинова", "Владимир Александрович", "Екатерина Великолепная",
              "Святослав Игоревич Кар", "Маргарита Николаевна Ш", "Бонифаций Леопольдович"]  # 24 letters: the most
HANDS = ["З*Т", "ЕЛА", "ИНР", "ОСЯ", "АЕМ", "ВПИ"]


class Deal:
    """Seat 0 (a person, the window's) and bots at a deal arranged so that it is the game's last: the deck keeps
    too few cards for another (the rest lie in the banks)."""

    def __init__(self, app, players: int, seat: int = 0, last: bool = True, hand: str = HANDS[0], table: str = "ИОД"):
        self.app = app
        self.clock = VirtualClock()
        app.now_ms = self.clock
        names = LONG_NAMES[:players]
        self.names = names
        seats = [SeatInfo(name, None if i == 0 else "novice") for i, name in enumerate(names)]
        self.host = LocalHost("hardsign", seats, 3, {}, clock=self.clock)
        self.session = self.host.session
        state = arrange(self.session.state, [hand] + HANDS[1:players], table, bonuses=("муж", "животное", "жидкое"))
        if last:
            for i, card in enumerate(state.deck[:-2]):
                state.banks[i % players].append(card)
            del state.deck[:-2]
            assert RULES.check_invariants(state) == []
        self.session._replan(self.clock.ms)
        self.scene = game_scene(self.host.connect(seat), "hardsign", names)
        app.push(self.scene)
        self.step(90)

    def step(self, frames=1, ms=1):
        for _ in range(frames):
            self.app.handle_events()
            self.clock.ms += ms
            self.app.update(STEP_MS)

    def type_and_lay(self, word: str):
        type_text(self.app, word)
        self.step(2)
        press_key(self.app, pygame.K_RETURN)
        self.step(2)

    def until(self, condition):
        for _ in range(4000):
            if condition():
                break
            due = self.session.next_due()
            self.clock.ms = max(self.clock.ms + 1, due if due is not None else self.clock.ms + 500)
            self.session.advance(self.clock.ms)
            self.step(1)
        assert condition()
        self.step(240, ms=17)  # the flights land, the banners and the popups go
        for _ in range(600):  # and the confetti of a game's end has fallen
            if not self.scene.cheer.active:
                break
            self.step(1, ms=17)

    def reads_whole(self):
        """Nothing is wrong with the text of the frame drawn now, every name whole."""
        found = [f.detail for f in layout_check.draw_looked_at(self.app, tuple(self.names))]
        assert found == [], "\n".join(found)


@pytest.mark.parametrize("players, large", [(6, True), (2, False)], ids=["6 players large text", "2 players"])
def test_names_of_24_letters_stand_whole_in_their_places_through_a_deal_and_the_results(tmp_path, monkeypatch,
                                                                                        players, large):
    """Plates along the top, «Самое длинное» naming its holder, the words of the deal, the results: every name
    and every line beside it inside its box and apart from the others."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, players)
        deal.reads_whole()
        deal.type_and_lay("триод")
        assert deal.session.state.laid[0] is not None, deal.scene.last_error
        deal.until(lambda: deal.scene.view["phase"] == "reveal")
        deal.reads_whole()
        deal.until(lambda: deal.scene.over)
        deal.reads_whole()
        assert kept_equals_fresh(app, deal.scene)


def test_a_refused_word_reads_with_its_reason_and_stays_in_the_row(tmp_path, monkeypatch):
    """Large text: «зот» typed and laid, the host says «нет в словаре»; the live score's red note reads 4.5:1 inside
    its panel, the row keeps the three cards, and «Enter · Y» under the lit «Выложить» reads on its green. The word
    laid after it rises as «1-й!» whole on the screen."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 2, last=False)
        deal.type_and_lay("зот")
        assert deal.session.state.laid[0] is None and "нет в словаре" in deal.scene.last_error
        assert deal.scene.row.word() == "зот"
        deal.step(200, ms=17)  # the toast goes
        assert any(line.startswith("не подходит") for line in shown_lines(app))
        deal.reads_whole()
        assert kept_equals_fresh(app, deal.scene)
        press_key(app, pygame.K_DELETE)
        deal.type_and_lay("триод")
        assert deal.session.state.laid[0] is not None
        deal.step(10, ms=17)
        found = [f.detail for f in layout_check.draw_looked_at(app) if "cut by the screen" in f.detail]
        assert found == []


def test_a_watcher_sees_who_leads_and_no_hand_or_buttons(tmp_path, monkeypatch):
    """A window without a seat at six players' last deal, large text: no «Ваши карты», no «Выложить» and its keys,
    no «Ваше слово»; its corner says «Вы смотрите игру» and, after the deal, who leads; at the end the results stand
    with nothing half under them."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 6, seat=-1)
        lines = shown_lines(app)
        for gone in ("Ваши карты", "Выложить", "Пас", "Ваше слово", "Enter · Y"):
            assert gone not in lines, lines
        assert "Вы смотрите игру" in lines, lines
        deal.until(lambda: deal.scene.view["phase"] == "reveal")
        lines = shown_lines(app)
        assert "Впереди:" in lines and "Выложить" not in lines, lines
        deal.until(lambda: deal.scene.over)
        deal.reads_whole()
        assert kept_equals_fresh(app, deal.scene)


def test_ones_own_status_speaks_to_one(tmp_path, monkeypatch):
    """Under «Вы» the status reads «думаете…», then «выложили слово 1-я» (the window's player is Александра); the
    others' plates keep «думает…»."""
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 2, last=False)
        lines = shown_lines(app)
        assert any(line.startswith("думаете") for line in lines), lines
        deal.type_and_lay("триод")
        deal.step(10, ms=17)
        lines = shown_lines(app)
        assert "выложили слово 1-я" in lines and any(line.startswith("думает.") for line in lines), lines


def test_the_plates_speak_of_each_player_as_a_man_or_a_woman(tmp_path, monkeypatch):
    """«Екатерина Великолепная выложила слово 2-я», and Александра's «Раньше всех» badge reads «1-я +1»: the plates
    said «выложил … 2-й» and «1-й +1» of everyone. Владимир, still thinking, «думает»."""
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 3, last=False)
        deal.type_and_lay("триод")
        for _ in range(400):  # the bots think; read the plates once Екатерина's word lies in the race
            if 2 in deal.scene.view["laid_order"] or deal.scene.view["phase"] != "race":
                break
            deal.clock.ms += 250
            deal.session.advance(deal.clock.ms)
            deal.step(1)
        assert deal.scene.view["laid_order"] == [0, 2], deal.scene.view["status"]
        deal.step(30, ms=17)
        lines = shown_lines(app)
        assert "выложила слово 2-я" in lines and "выложил слово 2-й" not in lines, lines
        assert "1-я +1" in lines and "1-й +1" not in lines, lines
        assert any(line.startswith("думает.") for line in lines), lines


def test_the_buttons_name_the_pad_buttons_the_player_bound(tmp_path, monkeypatch):
    """«Выложить» moved to RB and «Пас» to Y in the settings: the buttons say «Enter · RB» and «F2 · Y», the empty
    row tells a pad how to build a word with those buttons (it said to type or drag), and RB lays the word."""
    settings = {"pad_buttons": {"shout": "rightshoulder", "slap": "y"}}
    (tmp_path / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        try:
            deal = Deal(app, 2, last=False)
            press_pad(app, "left")  # a pad is plugged in: the empty row says what its buttons do
            deal.step(2)
            lines = shown_lines(app)
            assert "Enter · RB" in lines and "F2 · Y" in lines and "Enter · Y" not in lines, lines
            assert "Крестовина — карта, A — в слово, RB — выложить" in lines, lines
            type_text(app, "триод")
            deal.step(2)
            press_pad(app, "shout")
            deal.step(2)
            assert deal.session.state.laid[0] is not None, deal.scene.last_error
        finally:
            unplug_pads()


def test_the_jokers_in_hand_and_a_joker_without_its_letter_read_whole(tmp_path, monkeypatch):
    """Large text, «пи», «любая согласная» and «ъ в конце слова» in hand: their names under the cards stand apart;
    all three clicked into the row and laid, the refusal that the joker waits for its letter stands whole on the
    screen while it shows."""
    from table_driver import button_event, motion, post

    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 2, last=False, hand="π#ъ")
        deal.reads_whole()
        for i in range(3):
            slot = hand_slot(i, 3).center
            post(app, motion(slot), button_event(pygame.MOUSEBUTTONDOWN, slot), button_event(pygame.MOUSEBUTTONUP, slot))
            deal.step(2)
        assert deal.scene.row.word() == "пи?ъ"
        press_key(app, pygame.K_RETURN)
        deal.step(10, ms=17)
        assert "джокер" in deal.scene.app.toasts[-1].message.lower()
        deal.reads_whole()


def test_the_special_cards_on_the_table_say_what_they_stand_for(tmp_path, monkeypatch):
    """«æ», «π» and «*» on the table: under each, as under a card in hand, what it stands for (the Latin «æ» said
    nothing), in large text too."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 2, last=False, hand="КОТ", table="æπ*")
        shown = shown_lines(app)
        assert {"любая гласная", "«пи»", "любая буква"} <= set(shown), shown
        deal.reads_whole()


@pytest.mark.parametrize("laid", [True, False], ids=["a deal won", "a void deal"])
def test_the_deals_end_is_told_by_its_panel_with_nothing_over_its_words(tmp_path, monkeypatch, laid):
    """A second after the deal's words turn over, nothing stands on them: the panel itself says who took the deal
    (the star) or that it was void and the cards shuffled (a banner saying the same lay over the words' cards, or
    over the void line, for two and a half seconds)."""
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 3, last=False)
        if laid:
            deal.type_and_lay("триод")
        else:
            deal.session.set_bot(1, None)
            deal.session.set_bot(2, None)
        while deal.scene.view["phase"] != "reveal":
            deal.clock.ms = deal.session.next_due()
            deal.session.advance(deal.clock.ms)
            deal.step(1)
        deal.step(60, ms=17)
        layout_check.draw_looked_at(app, tuple(deal.names))
        banner = "Раздачу взяли Вы" if laid else "Раздача аннулирована"
        under = [f.detail for f in layout_check.lying_under(app.canvas, banner)]
        assert under == [], "\n".join(under)
        lines = shown_lines(app)
        assert ("Итоги раздачи 1" in lines) if laid else ("карты перемешаны, скоро новая раздача" in lines), lines


def test_the_early_cards_popup_rises_on_the_screen(tmp_path, monkeypatch):
    """Another seat lays the first word: «Раньше всех +1» rises over its plate whole, not off the screen's top."""
    from game.rules.hardsign.actions import Submit
    from hardsign_support import ids

    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 2, last=False)
        deal.session.set_bot(1, None)
        assert deal.session.submit(1, Submit(ids(deal.session.state, 1, "ИДЕАЛ"), "идеал"), deal.clock.ms).accepted
        for _ in range(12):  # the popup's rise, every fifth frame
            deal.step(5, ms=17)
            cut = [f.detail for f in layout_check.draw_looked_at(app) if "Раньше всех" in f.detail and "cut" in f.detail]
            assert cut == [], cut


def test_letters_typed_in_a_latin_layout_are_named_so(tmp_path, monkeypatch):
    """«rjn» is «кот» typed with the English layout on: the table says to switch the layout (it dropped the letters
    without a word), once however many are typed, and the word typed before stays."""
    with screen_app(tmp_path, monkeypatch) as app:
        deal = Deal(app, 2, last=False)
        type_text(app, "три")
        type_text(app, "jl")
        deal.step(3)
        messages = [toast.message for toast in app.toasts]
        assert messages == ["Латинские буквы не подойдут: переключите раскладку на русскую."], messages
        assert deal.scene.row.typed == "три"
