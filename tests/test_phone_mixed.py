"""Two phones, a laptop on the TCP protocol and a bot at one UNO table finish a game together."""
from __future__ import annotations

import threading

import pytest

from tests.phone_support import UNO_PREFERENCE, PhoneRoom, click, join, phone, play_until_over, wait

pytestmark = pytest.mark.timeout(300)


def test_two_phones_a_laptop_and_a_bot_finish_a_game():
    from game.net.client import AutoPlayer, LanConnection

    room = PhoneRoom("uno", options={"match": "1"}, speed=8.0)
    phones = [phone(), phone()]
    laptop = None
    try:
        join(phones[0], room.url, "Аня")
        join(phones[1], room.url, "Боря")
        laptop = LanConnection("127.0.0.1", room.host.port, "Ноутбук")
        player = AutoPlayer(laptop, level="player", speed=0.2).start()
        assert room.until(lambda: len(room.core.seats) == 3 and all(s.ready or s.peer is None for s in room.core.seats[2:]))
        for p in phones[1:]:
            assert click(p, "#ready")
        wait(phones[0], lambda s: all(x["ready"] for x in s["lobby"]["seats"][1:]), what="everyone ready")
        assert click(phones[0], "#start")  # the owner: a bot takes the fourth seat
        ends = [None, None]

        def play(i):
            ends[i] = play_until_over(phones[i], UNO_PREFERENCE, timeout=200)

        other = threading.Thread(target=play, args=(1,))
        other.start()
        play(0)
        other.join(220)
        kinds = room.call(lambda: [("bot" if s.is_bot else "web" if any(l.peer is s.peer for l in room.web.links)
                                    else "tcp") for s in room.core.seats])
        assert sorted(kinds) == ["bot", "tcp", "web", "web"]
        assert ends[0]["update"]["over"] and ends[1]["update"]["over"]
        assert player.over.wait(20)
        assert room.leaks == []
    finally:
        if laptop is not None:
            laptop.close()
        for p in phones:
            p.quit()
        room.close()
