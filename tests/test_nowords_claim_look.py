"""The «Не говори…» panel reads whole while a player says a word: the longest word the panel takes stays inside it,
the word reads as typed (no caret glyph that passes for a letter), and the host's refusal, shown as a notice, lies
on none of the panel's lines nor half over the pile beside it; a refused word and its reason read in full and
clear under «Последний спор». Driven by typed letters and Enter posted into the app;
the lines and their ink come from the layout check's trace of the drawn frame."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game import assets
from game.scenes.base import INK_DIM
from game.scenes.nowords.layout import BOTTOM_Y, RIGHT
from test_nowords_scene import Table, refused_claim_of_mine, set_word_table, word_named_against_me
from window_support import screen_app

LONGEST = "достопримечательност"  # the panel holds 20 letters


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_the_longest_word_and_its_refusal_read_whole_in_the_claim_panel(tmp_path, monkeypatch, large):
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = Table(app)
        set_word_table(table)
        table.refresh()
        table.type(LONGEST)
        assert table.scene.claim.text == LONGEST
        for _ in range(2):  # both beats of the caret's blink
            layout_check.draw_looked_at(app)
            shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
            assert LONGEST.upper() in shown, shown
            table.step(30)
        table.key(pygame.K_RETURN)
        table.step(3)
        assert "не хватает" in table.scene.last_error and table.scene.claiming
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert any("не хватает" in line.words for line in lines), "the refusal is shown"
        below_the_talk = {line.words for line in lines if line.ink.top >= BOTTOM_Y}
        wrong = [f.detail for f in found if any(f"«{words}»" in f.key for words in below_the_talk)]
        assert wrong == []


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_a_refused_word_reads_whole_and_clear_under_the_last_dispute(tmp_path, monkeypatch, large):
    """«Последний спор» after a refused word: its line, word and reason, reads in full (wrapped, not cut with «…»
    nor shrunk below the panel's other lines) at a readable contrast."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = Table(app)
        refused_claim_of_mine(table)
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and line.ink.left > RIGHT.left
                 and line.ink.top > RIGHT.top + 200]
        told = " ".join(line.words for line in lines)
        assert "× Вы: РКОТА" in told and "нет в словаре" in told and "…" not in told, told
        full = assets.text("ж", 14, INK_DIM).get_height()  # the panel's small lines, unshrunk
        assert all(line.picture.get_height() == full for line in lines if "Последний спор" not in line.words), told
        wrong = [f.detail for f in found if any(f"«{line.words}»" in f.key for line in lines)]
        assert wrong == []


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_the_doubt_and_its_vote_read_whole_with_the_dictionarys_verdict(tmp_path, monkeypatch, large):
    """A word named against you: its dialog, the dictionary's verdict under the title, its two buttons, then the vote
    it calls: every line inside the dialog, none over another, at a readable contrast."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = Table(app)
        word_named_against_me(table)
        table.step(240)  # the banner of the claim has gone
        for answer in (pygame.K_RIGHT, pygame.K_RETURN, None):  # the doubt; «Оспорить»; the vote it opened
            found = layout_check.draw_looked_at(app)
            told = " ".join(line.words for line in layout_check._lines_of(app.canvas) if not line.hidden)
            assert "такое слово есть" in told, told
            assert [f.detail for f in found] == []
            if answer is not None:
                table.key(answer)
                table.step(3)
        assert table.session.state.phase == "vote"


def test_the_hints_name_the_keys_and_buttons_the_player_bound(tmp_path, monkeypatch):
    """«Не говори!» bound to F8 and to RB in the settings (RB's «хлопнуть» moved to Y): the shout button and the
    claim panel name those, and F8 opens the panel as the button says."""
    settings = {"keys": {"shout": ["f8"]}, "pad_buttons": {"shout": "rightshoulder", "slap": "y"}}
    (tmp_path / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = Table(app)
        set_word_table(table)
        table.refresh()
        layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert "F8 / RB · или начните печатать слово" in shown, shown
        table.key(pygame.K_F8)
        assert table.scene.claiming
        table.type("кот")
        layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert "Enter или RB — сказать!" in shown, shown


def test_after_a_reconnection_the_last_dispute_follows_the_host(tmp_path, monkeypatch):
    """The link drops just after one's word was refused; meanwhile the dispute is dropped and Маша takes «кот».
    Back, the window gets the host's snapshot (an update without the events it missed): «Последний спор» tells
    Маша's word, as the host's view holds it, not the refused «РКОТА» from before the drop."""
    from game.rules.nowords.engine import CLAIM_WINDOW_MS, DOUBT_MS
    from test_nowords_scene import set_word_table

    with screen_app(tmp_path, monkeypatch) as app:
        table = Table(app)
        refused_claim_of_mine(table)
        scene, session = table.scene, table.session
        assert any("РКОТА" in line for line in scene.race_info)
        now = table.clock.ms
        assert session.receive(0, {"kind": "drop_claim"}, now).accepted  # the link is down from here
        set_word_table(table, last_mover=2)
        assert session.receive(1, {"kind": "claim", "word": "кот"}, now).accepted
        session.advance(now + CLAIM_WINDOW_MS + DOUBT_MS)  # seat 2 does not doubt «кот»: the window lapses
        assert (session.state.last_claim or {}).get("word") == "кот", session.state.last_claim
        scene.conn.inbox.clear()  # what was sent while the link was down never arrived
        scene.conn.inbox.append(session.snapshot_message(0))  # the reconnection's snapshot
        table.settle(5)
        layout_check.draw_looked_at(app)
        told = " ".join(line.words for line in layout_check._lines_of(app.canvas)
                        if not line.hidden and line.ink.left > RIGHT.left and line.ink.top > RIGHT.top + 200)
        assert "Маша: КОТ" in told and "РКОТА" not in told, told
