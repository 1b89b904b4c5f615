"""Нет слов on a phone: a word named against the phone's player, who laid the last letter, shows the dictionary's
verdict beside «Беру буквы» and «Оспорить», which the page offers from the rules' legal actions; a doubted word
goes to everyone's vote («Если игрок, завершивший ход, сомневается… можете начать голосование»)."""
from __future__ import annotations

import pytest

from game.rules.nowords.wire import Claim, Vote
from tests.nowords_tables import arrange
from tests.phone_support import PhoneRoom, click, join, shot, wait

pytestmark = pytest.mark.timeout(120)


def kinds(s) -> set:
    return {a["kind"] for a in s["update"]["legal"]}


def word_named_against_the_phone(driver) -> tuple[PhoneRoom, int, int]:
    """The phone seated against a bot; on the host's thread the phone's seat has laid the last letter of «АОИкт»
    and the bot's seat names КОТ (the bot itself is set aside, so that no other word is named); (room, the phone's
    seat, the claimer's)."""
    room = PhoneRoom("nowords", bots=1, speed=2.0)
    if driver.current_url.startswith("http"):
        driver.execute_script("localStorage.clear()")
    join(driver, room.url, "Петя")

    def go() -> tuple[int, int]:
        core = room.core
        core.start()
        me = next(i for i, s in enumerate(core.seats) if not s.is_bot)
        other = 1 - me
        session = core.session
        session.set_bot(other, None)
        fresh = arrange(2, "АОИкт", last_mover=me, turn=other)
        for name in ("deck", "hands", "conversation", "showcase", "last_mover", "turn"):
            setattr(session.state, name, getattr(fresh, name))
        session._broadcast([])
        assert session.submit(other, Claim("кот"), core.now()).accepted
        room.host._reschedule()  # the race's verdict is due on the host's clock
        return me, other

    me, other = room.call(go)
    return room, me, other


def test_the_phone_doubts_a_word_named_against_it_and_the_table_votes(driver):
    room, me, other = word_named_against_the_phone(driver)
    try:
        got = wait(driver, lambda s: "accept_word" in kinds(s), what="the word named against the phone")
        assert kinds(got) == {"accept_word", "call_vote"}
        verdict = driver.execute_script("return document.getElementById('dispute').textContent")
        assert "«Не говори КОТ!»" in verdict and "словарь: такое слово есть" in verdict
        buttons = driver.execute_script("return [...document.querySelectorAll('#doubt button')].map(b => b.textContent)")
        assert buttons == ["Беру буквы", "Оспорить"]
        shot(driver, "nowords_doubt")
        assert click(driver, "#doubt-word")
        wait(driver, lambda s: "vote" in kinds(s), what="the vote")
        assert "словарь: такое слово есть" in driver.execute_script(
            "return document.getElementById('dispute').textContent")  # beside the vote too
        # the claimer votes «за», as its bot would by the dictionary, on the host's thread: no bot plays on after the
        # result, so the page's last state is the result's (a bot claimed the next word before the page looked)
        room.call(lambda: room.core.session.submit(other, Vote(True), room.core.now()))
        assert click(driver, '#actions button[data-kind="vote"]:last-child')  # «Против»: 1 to 1
        done = wait(driver, lambda s: s["update"]["view"]["phase"] == "play", what="the vote's result")
        view = done["update"]["view"]
        assert view["voted_down"] == ["кот"] and view["discards"][me] == [] and view["dispute"] is None
    finally:
        room.close()


def test_the_phone_takes_the_letters_of_a_word_it_does_not_doubt(driver):
    room, me, _ = word_named_against_the_phone(driver)
    try:
        wait(driver, lambda s: "accept_word" in kinds(s), what="the word named against the phone")
        assert click(driver, "#accept-word")
        got = wait(driver, lambda s: "choose_next" in kinds(s), what="the choice of who moves next")
        assert len(got["update"]["view"]["discards"][me]) == 2
        assert not driver.execute_script("return !!document.getElementById('doubt')")
    finally:
        room.close()
