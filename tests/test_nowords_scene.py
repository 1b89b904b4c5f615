"""The «Нет слов» table driven like a player would: keys, typed Cyrillic, the pad, the mouse — all as
pygame events posted into the app and read by its own event route."""
import pygame

from game.app import STEP_MS
from game.rules.nowords import RULES
from game.rules.nowords import cards as C
from game.scenes.nowords.claim import button_rect as claim_button_rect
from game.scenes.nowords.table import EVENT_SOUNDS, NoWordsScene
from game.scenes.table.pause import PauseOverlay
from table_driver import LocalTable, button_event, pad_device, post

NAMES = ["Вы", "Маша", "Петя", "Оля"]


class Table(LocalTable):
    SETTLE_FRAMES = 40

    def __init__(self, app, players=4, seed=3):
        super().__init__(app, "nowords", NAMES[:players], seed=seed)
        self.step(3)

    def refresh(self):
        """The arranged state goes out to the scene as a fresh view, as after any move."""
        self.session._broadcast([])
        self.step(3)


def test_every_event_kind_has_a_sound_and_an_animation():
    assert set(EVENT_SOUNDS) >= set(RULES.events.by_kind)
    for kind in RULES.events.by_kind:
        assert hasattr(NoWordsScene, "ev_" + kind), kind
    assert EVENT_SOUNDS["claim_made"] == "ne_govori"


def arrange_turn(table, seat=0):
    """Give seat 0 the turn with a quiet conversation (no word in it)."""
    session = table.session
    state = session.state
    session.bots.clear()
    session.plans.clear()
    state.phase, state.turn, state.race = "play", seat, None
    table.refresh()
    return state


def set_word_table(table, word_letters="АОктр", last_mover=1):
    from nowords_tables import arrange

    session = table.session
    state = session.state
    fresh = arrange(len(state.hands), word_letters, last_mover=last_mover, turn=2)
    for name in ("deck", "hands", "conversation", "showcase", "discards", "common_discard"):
        setattr(state, name, getattr(fresh, name))
    state.phase, state.last_mover, state.turn, state.race = "play", last_mover, 2, None
    session.bots.clear()
    session.plans.clear()
    return state


def mover_takes_the_word(table, mover):
    """The race is judged and the word the dictionary accepts waits for the last mover, who takes its letters."""
    table.step(5, ms=250)
    assert table.session.state.phase == "doubt"
    assert table.session.submit(mover, {"kind": "accept_word"}, table.clock.ms).accepted
    table.step(3)


def claim_panel_with(table, letters):
    """Open the «Не говори…!» panel by typing, as a player starts to say a word."""
    table.type(letters)
    assert table.scene.claiming and table.scene.claim.text == letters


def test_backspace_erases_and_esc_cancels_in_the_claim_panel(app):
    table = Table(app)
    set_word_table(table)
    table.refresh()
    claim_panel_with(table, "кот")
    table.key(pygame.K_BACKSPACE)
    assert table.scene.claim.text == "ко" and table.app.top is table.scene
    table.key(pygame.K_BACKSPACE)
    table.key(pygame.K_BACKSPACE)
    assert table.scene.claim.text == "" and table.scene.claiming
    table.type("кит")
    table.key(pygame.K_ESCAPE)
    assert not table.scene.claiming and table.app.top is table.scene
    table.key(pygame.K_ESCAPE)  # outside the panel Esc is the pause menu again
    assert isinstance(table.app.top, PauseOverlay)


def test_pad_x_erases_and_b_cancels_the_claim(app):
    """As the panel's hint says: «Esc или B — отмена · Backspace или X — стереть»."""
    table = Table(app)
    set_word_table(table)
    table.refresh()
    table.pad("shout")
    assert table.scene.claiming
    table.type("кот")
    table.pad("draw")
    assert table.scene.claim.text == "ко" and table.scene.claiming
    table.pad("back")
    assert not table.scene.claiming and table.app.top is table.scene
    table.type("ко")
    post(app, button_event(pygame.MOUSEBUTTONDOWN, (5, 5), button=3))  # the right mouse button cancels too
    assert not table.scene.claiming and table.app.top is table.scene


def test_after_the_panel_closes_typing_opens_it_again(app):
    table = Table(app)
    set_word_table(table)
    table.refresh()
    claim_panel_with(table, "ко")
    table.key(pygame.K_ESCAPE)
    claim_panel_with(table, "кот")  # text input stays on at the table: the letters arrive


def test_letter_keys_in_the_panel_are_letters_not_hotkeys(app):
    """«мышь» is typed on V (catch), S (down), I and M (mute)."""
    table = Table(app)
    set_word_table(table, "АОмышь")
    table.refresh()
    muted = app.settings.muted
    claim_panel_with(table, "мышь")
    assert app.settings.muted == muted and table.scene.claim.focus == 0


def test_every_russian_letter_is_typed_in_the_panel_and_none_is_a_hotkey(app):
    table = Table(app)
    set_word_table(table)
    table.refresh()
    muted = app.settings.muted
    for chunk in ("йцукенгшщзхъфывапро", "лджэячсмитьбюё"):  # the panel holds 20 letters
        table.type(chunk)
        assert table.scene.claim.text == chunk and table.app.top is table.scene
        table.key(pygame.K_ESCAPE)
        assert not table.scene.claiming
    assert app.settings.muted == muted


def test_u_opens_the_panel_as_the_button_says_in_a_latin_layout_too(app):
    """«U / Y · или начните печатать слово»: U with an English layout types no Russian letter."""
    table = Table(app)
    set_word_table(table)
    table.refresh()
    table.type("u")
    assert table.scene.claiming and table.scene.claim.text == ""


def test_laying_a_card_with_the_keyboard_reaches_the_host(app):
    table = Table(app)
    state = arrange_turn(table)
    card = state.hands[0][0]
    table.key(pygame.K_RETURN)  # the focus starts on the first hand card
    table.step(3)
    assert card in state.conversation and state.last_mover == 0
    assert any(f.card_id == card for f in table.scene.flights) or card in table.scene.talk.slots


def test_clicking_a_hand_card_lays_it(app):
    table = Table(app)
    state = arrange_turn(table)
    kind, card, rect = table.scene.table_targets()[1]
    table.click(rect.center)
    table.step(3)
    assert card in state.conversation


def test_typing_a_word_claims_it_and_the_mover_takes_the_letters(app):
    table = Table(app)
    state = set_word_table(table)
    table.refresh()
    scene = table.scene
    assert scene.can("claim")
    table.type("к")  # typing opens the panel
    assert scene.claiming and scene.claim.text == "к"
    table.type("от")
    assert [C.LETTER[c] for c in scene.claim.spelled_cards()] == ["к", "о", "т"]
    table.key(pygame.K_RETURN)
    assert not scene.claiming
    mover_takes_the_word(table, 1)
    assert len(state.discards[1]) == 2 and state.phase == "choose"
    assert scene.word_show is not None and scene.word_show.word == "кот"
    assert scene.race_info and "КОТ" in scene.race_info[0]


def test_picking_letters_with_the_pad_spells_the_word(app):
    table = Table(app)
    state = set_word_table(table, "АОрот")
    table.refresh()
    scene = table.scene
    table.pad("shout")
    assert scene.claiming
    ids = [c["id"] for c in scene.view["conversation"]]
    for cid in (ids[2], ids[1], ids[4]):  # р, О, т
        for _ in range(12):
            targets = scene.claim.targets()
            here = targets[min(scene.claim.focus, len(targets) - 1)]
            if here[1] == cid:
                break
            there = next(t for t in targets if t[1] == cid)[2]
            dx, dy = there.centerx - here[2].centerx, there.centery - here[2].centery
            table.pad(("right" if dx > 0 else "left") if abs(dx) > abs(dy) else ("down" if dy > 0 else "up"))
        table.pad("confirm")
    assert scene.claim.text == "рот" and scene.claim.spelled_cards() == [ids[2], ids[1], ids[4]]
    table.pad("draw")  # X erases
    assert scene.claim.text == "ро"
    table.type("т")
    table.pad("shout")  # Y says it
    mover_takes_the_word(table, 1)
    assert len(state.discards[1]) == 2


def test_a_wrong_word_gets_a_russian_message(app):
    table = Table(app)
    set_word_table(table)
    table.refresh()
    table.type("кит")
    table.key(pygame.K_RETURN)
    table.step(3)
    assert "не хватает" in table.scene.last_error and table.scene.claiming


def test_the_buttons_of_the_panel_answer_the_mouse(app):
    table = Table(app)
    set_word_table(table)
    table.refresh()
    scene = table.scene
    table.type("кото")
    table.click(claim_button_rect(1).center)  # «Стереть»
    assert scene.claim.text == "кот"
    table.click(claim_button_rect(2).center)  # «Отмена»
    assert not scene.claiming and table.app.top is scene


def test_the_penalised_player_chooses_in_a_dialog(app):
    table = Table(app)
    state = set_word_table(table, last_mover=0)
    table.session.submit(1, {"kind": "claim", "word": "кот"}, table.clock.ms)
    table.step(5, ms=250)
    table.pad("confirm")  # «Беру буквы»
    table.step(3)
    assert state.phase == "choose" and table.scene.dialog is not None
    table.pad("right")
    table.pad("confirm")
    table.step(3)
    assert state.phase == "play" and state.turn in (0, 1)


def test_the_choice_dialog_takes_enter_once(app):
    """Enter is «confirm» and «play»: one press answers the dialog once."""
    table = Table(app)
    state = set_word_table(table, last_mover=0)
    table.session.submit(1, {"kind": "claim", "word": "кот"}, table.clock.ms)
    table.step(5, ms=250)
    table.key(pygame.K_RETURN)  # «Беру буквы» has the focus
    table.step(3)
    assert table.scene.dialog is not None and table.scene.dialog.focus == 1  # «Ходит Маша»
    table.key(pygame.K_RETURN)
    table.step(3)
    assert state.phase == "play" and state.turn == 1


def test_vote_dialog_sends_the_vote(app):
    table = Table(app)
    state = set_word_table(table, last_mover=1)
    table.session.submit(2, {"kind": "claim", "word": "ркота"}, table.clock.ms)
    table.step(5, ms=250)
    table.session.submit(2, {"kind": "call_vote"}, table.clock.ms)
    table.step(3)
    scene = table.scene
    assert scene.dialog is not None and "РКОТА" in scene.dialog.title
    table.click(scene.dialog.rects[1].center)
    table.step(3)
    assert state.votes.get(0) is False


def test_vote_dialog_with_the_keyboard(app):
    table = Table(app)
    state = set_word_table(table, last_mover=1)
    table.session.submit(2, {"kind": "claim", "word": "ркота"}, table.clock.ms)
    table.step(5, ms=250)
    table.session.submit(2, {"kind": "call_vote"}, table.clock.ms)
    table.step(3)
    assert table.scene.dialog is not None
    app.toasts.clear()
    table.type("д")  # letters neither move the focus nor try to say a word
    assert not app.toasts and table.scene.dialog is not None
    table.key(pygame.K_RETURN)
    table.step(3)
    assert state.votes.get(0) is True


def word_named_against_me(table):
    """Маша says «кот» after seat 0 laid the last letter: the dictionary knows the word."""
    state = set_word_table(table, last_mover=0)
    table.refresh()
    table.session.submit(1, {"kind": "claim", "word": "кот"}, table.clock.ms)
    table.step(5, ms=250)
    assert state.phase == "doubt"
    return state


def test_a_word_named_against_me_is_taken_or_doubted_beside_the_dictionarys_verdict(app):
    """«Если игрок, завершивший ход, сомневается…»: the one who laid the last letter is asked, the dictionary's
    verdict beside the word, and «Оспорить» (the pad's right, then A) sends it to everyone's vote."""
    table = Table(app)
    state = word_named_against_me(table)
    scene = table.scene
    assert scene.dialog is not None and "КОТ" in scene.dialog.title
    assert "Словарь: такое слово есть" in scene.dialog.sub
    assert [label for label, _ in scene.dialog.buttons] == ["Беру буквы", "Оспорить"]
    assert "Забрать буквы «КОТ» или оспорить" in scene.status_line()
    table.pad("right")
    table.pad("confirm")
    table.step(3)
    assert state.phase == "vote" and scene.dialog is not None
    assert "словарь: такое слово есть" in scene.dialog.sub and [b for b, _ in scene.dialog.buttons] == ["Да, есть", "Нет"]
    table.click(scene.dialog.rects[1].center)  # «Нет»
    table.step(3)
    for seat, accept in [(1, True), (2, False), (3, True)]:  # 2 to 2: the word does not count
        assert table.session.submit(seat, {"kind": "vote", "accept": accept}, table.clock.ms).accepted
    table.step(3)
    assert state.phase == "play" and state.discards[0] == [] and state.voted_down == ["кот"]


def test_only_the_last_mover_is_asked_whether_to_doubt(app):
    table = Table(app)
    state = set_word_table(table, last_mover=1)
    table.refresh()
    table.session.submit(2, {"kind": "claim", "word": "кот"}, table.clock.ms)
    table.step(5, ms=250)
    assert state.phase == "doubt" and table.scene.dialog is None
    assert not table.scene.can("call_vote") and "Маша решает, оспорить ли «КОТ»" in table.scene.status_line()


def refused_claim_of_mine(table):
    """Seat 0 says «ркота», a word the dictionary does not know: the dispute dialog opens."""
    state = set_word_table(table, last_mover=1)
    table.refresh()
    table.type("ркота")
    table.key(pygame.K_RETURN)
    table.step(5, ms=250)
    assert table.scene.dialog is not None and "Словарь не знает" in table.scene.dialog.title
    return state


def test_the_dispute_dialog_calls_the_vote_with_enter(app):
    table = Table(app)
    state = refused_claim_of_mine(table)
    table.key(pygame.K_RETURN)  # «Голосовать» has the focus
    table.step(3)
    assert state.phase == "vote"


def test_the_dispute_dialog_agrees_with_the_pad(app):
    table = Table(app)
    state = refused_claim_of_mine(table)
    table.pad("right")
    table.pad("confirm")  # «Согласен»
    table.step(3)
    assert state.phase == "play" and state.dispute is None


def test_at_a_couch_the_keyboard_player_claims_while_another_is_on_screen(app):
    """A claim is a race for everyone at the screen: the keyboard's player types a word and Enter while the
    pad's player is the one shown (it is their turn to lay a card)."""
    table = Table(app)
    state = set_word_table(table, last_mover=2)
    state.turn = 1
    scene = table.scene
    scene.bind_device("keyboard", 0)
    scene.add_local_seat(table.host.connect(1), [pad_device(app)])
    table.refresh()
    assert scene.seat == 1 or scene.curtain_for == 1
    table.type("кот")
    assert scene.claiming and scene.claim.text == "кот"
    table.pad("back")  # the other player's B does not cancel someone else's word
    assert scene.claiming and scene.claim.text == "кот"
    table.key(pygame.K_BACKSPACE)
    table.type("т")
    table.key(pygame.K_RETURN)
    mover_takes_the_word(table, 2)
    assert not scene.claiming and len(state.discards[2]) == 2


def test_last_mover_cannot_open_the_claim(app):
    table = Table(app)
    set_word_table(table, last_mover=0)
    table.refresh()
    table.key(pygame.K_u)  # «shout»
    table.type("кот")
    assert not table.scene.claiming


def test_a_whole_game_of_bots_animates_without_errors(app):
    table = Table(app, seed=5, players=3)
    table.session.set_bot(0, "ace")
    for _ in range(9000):  # drawn only at the end: the animations run, the suite stays quick
        if table.scene.over:
            break
        table.step(1, ms=STEP_MS, draw_every=0)
    app.draw(1.0)
    assert table.scene.over
