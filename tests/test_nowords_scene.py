"""The «Нет слов» table driven like a player would: keys, typed Cyrillic, the pad, the mouse."""
import pygame
import pytest

from game.app import STEP_MS
from game.input import Intent
from game.rules.nowords import RULES
from game.rules.nowords import cards as C
from game.scenes.demo import demo_connection
from game.scenes.nowords import EVENT_SOUNDS, NoWordsScene, create



def table(app, seed=3, players=4, actions=40):
    connection, clock, names = demo_connection("nowords", seed, players, actions)
    scene = create(connection, "nowords", names)
    app.now_ms = lambda: clock.ms  # presses are stamped on the host's (virtual) clock, as in local play
    app.push(scene)
    frames(app, 3)
    return scene, connection.host.session, clock


def frames(app, n=3):
    for _ in range(n):
        app.update(STEP_MS)
    app.draw(1.0)


def test_every_event_kind_has_a_sound_and_an_animation():
    assert set(EVENT_SOUNDS) >= set(RULES.events.by_kind)
    for kind in RULES.events.by_kind:
        assert hasattr(NoWordsScene, "ev_" + kind), kind
    assert EVENT_SOUNDS["claim_made"] == "ne_govori"


def arrange_turn(session, seat=0):
    """Give seat 0 the turn with a quiet conversation (no word in it)."""
    state = session.state
    session.bots.clear()
    session.plans.clear()
    state.phase, state.turn, state.race = "play", seat, None
    return state


def test_laying_a_card_with_the_keyboard_reaches_the_host(app):
    scene, session, clock = table(app)
    state = arrange_turn(session)
    scene.view = RULES.view(state, 0)
    scene.legal = [a.to_wire() for a in RULES.legal_actions(state, 0)]
    scene.focus_index = 0
    card = state.hands[0][0]
    scene.handle_table(Intent("confirm", "keyboard", 0))
    frames(app)
    assert card in state.conversation and state.last_mover == 0
    assert any(f.card_id == card for f in scene.flyers) or card in scene.slots


def test_clicking_a_hand_card_lays_it(app):
    scene, session, clock = table(app)
    state = arrange_turn(session)
    frames(app)
    scene.view = RULES.view(state, 0)
    scene.legal = [a.to_wire() for a in RULES.legal_actions(state, 0)]
    kind, card, rect = scene.table_targets()[1]
    scene.handle_table(Intent("click", "mouse", 0, pos=rect.center))
    frames(app)
    assert card in state.conversation


def set_word_table(session, word_letters="АОктр", last_mover=1):
    from nowords_tables import arrange

    state = session.state
    fresh = arrange(len(state.hands), word_letters, last_mover=last_mover, turn=2)
    for name in ("deck", "hands", "conversation", "showcase", "discards", "common_discard"):
        setattr(state, name, getattr(fresh, name))
    state.phase, state.last_mover, state.turn, state.race = "play", last_mover, 2, None
    session.bots.clear()
    session.plans.clear()
    return state


def test_typing_a_word_claims_it_and_the_mover_takes_the_letters(app):
    scene, session, clock = table(app)
    state = set_word_table(session)
    session.submit(2, {"kind": "claim", "word": ""}, clock.ms)  # any change: the scene gets a fresh view
    frames(app)
    assert scene.can("claim")
    scene.handle_table(Intent("text", "keyboard", 0, text="к"))  # typing opens the panel
    assert scene.claiming and scene.claim_text == "к"
    scene.handle_table(Intent("text", "keyboard", 0, text="от"))
    frames(app)
    assert [C.LETTER[c] for c in scene.spelled_cards()] == ["к", "о", "т"]
    scene.handle_table(Intent("confirm", "keyboard", 0, extra={"key": pygame.K_RETURN}))
    frames(app)
    assert not scene.claiming
    clock.ms += 1000
    frames(app, 5)
    assert len(state.discards[1]) == 2 and state.phase == "choose"
    assert scene.word_show is not None and scene.word_show[0] == "кот"
    assert scene.race_info and "КОТ" in scene.race_info[0]


def test_picking_letters_with_the_pad_spells_the_word(app):
    scene, session, clock = table(app)
    state = set_word_table(session, "АОрот")
    session.submit(2, {"kind": "claim", "word": ""}, clock.ms)
    frames(app)
    scene.handle_table(Intent("shout", "pad:1", 0))
    assert scene.claiming
    ids = [c["id"] for c in scene.view["conversation"]]
    targets = scene.claim_targets()
    for cid in (ids[2], ids[1], ids[4]):  # р, О, т
        scene.claim_focus = next(i for i, t in enumerate(targets) if t[1] == cid)
        scene.handle_table(Intent("confirm", "pad:1", 0))
    assert scene.claim_text == "рот" and scene.spelled_cards() == [ids[2], ids[1], ids[4]]
    scene.handle_table(Intent("draw", "pad:1", 0))  # X erases
    assert scene.claim_text == "ро"
    scene.handle_table(Intent("text", "keyboard", 0, text="т"))
    scene.handle_table(Intent("shout", "pad:1", 0))  # Y says it
    clock.ms += 1000
    frames(app, 5)
    assert len(state.discards[1]) == 2


def test_a_wrong_word_gets_a_russian_message(app):
    scene, session, clock = table(app)
    set_word_table(session)
    session.submit(2, {"kind": "claim", "word": ""}, clock.ms)
    frames(app)
    scene.open_claim()
    scene.claim_text = "кит"
    scene.submit_claim()
    frames(app)
    assert "не хватает" in scene.last_error and scene.claiming


def test_the_penalised_player_chooses_in_a_dialog(app):
    scene, session, clock = table(app)
    state = set_word_table(session, last_mover=0)
    session.submit(1, {"kind": "claim", "word": "кот"}, clock.ms)
    clock.ms += 1000
    frames(app, 4)
    assert state.phase == "choose" and scene.dialog is not None
    scene.handle_table(Intent("right", "pad:1", 0))
    scene.handle_table(Intent("confirm", "pad:1", 0))
    frames(app)
    assert state.phase == "play" and state.turn in (0, 1)


def test_vote_dialog_sends_the_vote(app):
    scene, session, clock = table(app)
    state = set_word_table(session, last_mover=1)
    session.submit(2, {"kind": "claim", "word": "ркота"}, clock.ms)
    clock.ms += 1000
    frames(app)
    session.submit(2, {"kind": "call_vote"}, clock.ms)
    frames(app, 3)
    assert scene.dialog is not None and "РКОТА" in scene.dialog.title
    scene.handle_table(Intent("click", "mouse", 0, pos=scene.dialog.rects[1].center))
    frames(app)
    assert state.votes.get(0) is False


def test_last_mover_cannot_open_the_claim(app):
    scene, session, clock = table(app)
    set_word_table(session, last_mover=0)
    session.submit(2, {"kind": "claim", "word": ""}, clock.ms)
    frames(app)
    scene.handle_table(Intent("shout", "keyboard", 0))
    assert not scene.claiming


def test_a_whole_game_of_bots_animates_without_errors(app):
    scene, session, clock = table(app, seed=5, players=3, actions=10)
    session.set_bot(0, "ace")
    for _ in range(6000):
        clock.ms += STEP_MS
        app.update(STEP_MS)
        if scene.over:
            break
    app.draw(1.0)
    assert scene.over
