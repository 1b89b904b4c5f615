"""«Нет слов» with two gamepads on one laptop: a couch player says «Не говори …!» with the pad alone, picking the
word's letters from the conversation, even when the curtain before their own turn is up."""
import pygame

from game.scenes.nowords.layout import TABLE_CARD
from window_support import finished_demo_table
from test_couch_play import app, frames, pads, press, run_until, start_from_seats, two_pads_seated  # noqa: F401


def claim_behind_the_curtain(app, pads, players: int):
    """Two pads at a Нет слов couch: the first lays its first card, the second says «Не говори!» before lifting the
    curtain raised for its turn; (the table, the second pad)."""
    first, second, _ = two_pads_seated(app, pads, players=players, game_id="nowords", options={}, seed=3)
    table = start_from_seats(app, first)
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")
    press(app, first, "a")  # seat 0 lays its first card; the curtain comes up for seat 1
    run_until(app, lambda: table.curtain_for == 1 and any(a["kind"] == "claim" for a in table.legal_for(1)))
    press(app, second, "y")
    return table, second


def test_a_pad_claims_behind_its_own_curtain_seeing_the_conversation(app, pads):
    table, second = claim_behind_the_curtain(app, pads, players=3)
    assert table.claiming and table.claim.claimer == 1 and table.curtain_for == 1
    press(app, second, "a")  # the focused conversation card spells the first letter
    conversation = {c["id"]: c["letter"] for c in table.local[1].view["conversation"]}
    assert table.claim.text and table.claim.text in conversation.values()
    run_until(app, lambda: not table.flying_ids())  # the card seat 0 laid has landed
    app.draw(1.0)
    for cid in conversation:
        x, y, _ = table.talk.slot(cid)
        card = pygame.Rect(0, 0, *TABLE_CARD).inflate(-24, -24)
        card.center = (round(x), round(y))
        face = pygame.transform.average_color(app.canvas, card)
        assert sum(face[:3]) > 450, f"the conversation card {conversation[cid]} is hidden while its letters are picked"
    press(app, second, "b")  # cancels the word; the curtain is still there for seat 1's turn
    assert not table.claiming and table.curtain_for == 1


def test_the_finished_game_names_the_pads_button_and_it_leaves(app, pads, monkeypatch):
    from game import assets

    pad = pads()
    frames(app)
    table = finished_demo_table(app, "nowords", 2)
    drawn = []
    text = assets.text
    monkeypatch.setattr(assets, "text", lambda words, *a, **k: (drawn.append(str(words)), text(words, *a, **k))[1])
    app.draw(1.0)
    assert any("A — в меню" in line for line in drawn) and not any("Enter" in line for line in drawn), drawn
    pad.press("a")
    app.handle_events()
    assert app.top is not table, "A at the results leaves the table"


def draw_texts(app, table, monkeypatch) -> list[str]:
    """Every line of text one fresh frame of the table draws."""
    from game import assets

    drawn: list[str] = []
    text = assets.text
    monkeypatch.setattr(assets, "text", lambda words, *a, **k: (drawn.append(str(words)), text(words, *a, **k))[1])
    table.forget_drawn()
    app.draw(1.0)
    monkeypatch.setattr(assets, "text", text)
    return drawn


def test_the_curtain_for_a_refused_claim_calls_its_players_up_for_the_dispute_and_the_vote(app, pads, monkeypatch):
    table, second = claim_behind_the_curtain(app, pads, players=2)
    # the three conversation cards in their order: a word no dictionary has
    for step in ("a", "dpleft", "a", "dpleft", "a"):
        press(app, second, step)
    spelled = table.claim.text
    assert len(spelled) == 3
    press(app, second, "y")
    run_until(app, lambda: any(a["kind"] == "call_vote" for a in table.legal_for(1)))
    assert table.curtain_for == 1
    seen = draw_texts(app, table, monkeypatch)
    claimant = table.seat_name(1)
    assert f"Спорное слово: {claimant}" in seen and f"Ход игрока {claimant}" not in seen, seen
    press(app, second, "a")  # lifts the curtain over the refused claim's dialog
    press(app, second, "a")  # «Голосовать»
    run_until(app, lambda: table.dialog is not None and any(a["kind"] == "vote" for a in table.legal_for(1)))
    press(app, second, "a")  # the claimant votes too; then the curtain comes up for the other voter
    run_until(app, lambda: table.curtain_for == 0 and any(a["kind"] == "vote" for a in table.legal_for(0)))
    drawn = draw_texts(app, table, monkeypatch)
    voter = table.seat_name(0)
    assert f"Голосование: {voter}" in drawn, (spelled, drawn)
    assert f"Ход игрока {voter}" not in drawn, drawn


def test_the_curtain_calls_the_last_mover_up_to_take_or_doubt_the_word_named_against_them(app, pads, monkeypatch):
    """The second pad's player names КОТ after the first laid the last letter: the curtain calls the first up for it
    (not for a turn), and their pad doubts the word, which goes to both players' vote."""
    from nowords_tables import arrange

    first, second, _ = two_pads_seated(app, pads, players=2, game_id="nowords", options={}, seed=3)
    table = start_from_seats(app, first)
    session = table.conn.host.session
    fresh = arrange(2, "АОИкт", last_mover=0, turn=1)
    for name in ("deck", "hands", "conversation", "showcase", "last_mover", "turn"):
        setattr(session.state, name, getattr(fresh, name))
    assert session.submit(1, {"kind": "claim", "word": "кот"}, session.now_ms).accepted
    run_until(app, lambda: table.curtain_for == 0 and any(a["kind"] == "accept_word" for a in table.legal_for(0)))
    seen = draw_texts(app, table, monkeypatch)
    mover = table.seat_name(0)
    assert f"Принять или оспорить: {mover}" in seen and f"Ход игрока {mover}" not in seen, seen
    press(app, first, "a")  # lifts the curtain over «Маша: «Не говори КОТ!»»
    run_until(app, lambda: table.dialog is not None and table.dialog.key[0] == "doubt")
    assert "Словарь: такое слово есть" in table.dialog.sub
    press(app, first, "dpright")
    press(app, first, "a")  # «Оспорить»
    run_until(app, lambda: session.state.phase == "vote")
    assert session.state.dispute["word"] == "кот" and session.state.discards[0] == []
