"""A LAN client's bot whose action the host refuses (``join --bot``: ``AutoPlayer``) behaves as the host's own bots
do (docs/PROTOCOL.md §6): it does not send that action again on the same update, which it once did once per round
trip until the host's rate limit closed the line; when the game waits for its seat, the seat takes the first
non-reflex action offered; the refusal is logged once. Over loopback TCP with the real host and clients."""
from __future__ import annotations

import logging
import threading
from collections import Counter

from game.net.client import AutoPlayer, LanConnection
from game.net.host import HostCore, LanHost
from game.rules.uno.actions import Play
from test_bot_misbehaviour import RefusedUnoBot, _break, _broken_uno

BROKEN = 0  # the first to join: the room's owner, whose client bot lays cards it does not hold
REFUSED = Play("нет такой карты").to_wire()
WAIT_S = 60  # a bounded wait: a round at these speeds takes a few seconds


class RecordingConnection(LanConnection):
    """A real connection that remembers each action it sends with the update it was sent on."""

    def __init__(self, *args, **kwargs):
        self.sent: list[tuple[int, dict]] = []
        super().__init__(*args, **kwargs)

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        self.sent.append((self.state_id, action))
        super().send(action, pressed_ms=pressed_ms)


def test_a_client_bot_refused_sends_its_action_once_per_update_and_the_game_goes_on(monkeypatch, caplog):
    _break(monkeypatch, "uno", _broken_uno(RefusedUnoBot), seats=(BROKEN,))
    core = HostCore("uno", "Тест", seed=11, options={"match": "1"})
    host = LanHost(core, "127.0.0.1", 0)
    host.start()
    settled = threading.Event()  # the round is over for the broken client, or the host sent it away

    def note(message: dict) -> None:
        if message.get("type") == "bye" or (message.get("type") == "update" and message.get("over")):
            settled.set()

    broken = RecordingConnection("127.0.0.1", host.port, "Сломанный", on_message=note, keep_history=True)
    other = None
    players: list[AutoPlayer] = []
    try:
        assert broken.welcomed.wait(10) and broken.seat == BROKEN
        other = LanConnection("127.0.0.1", host.port, "Маша")
        assert other.welcomed.wait(10)
        with caplog.at_level(logging.WARNING, logger="game.net.client"):
            players = [AutoPlayer(broken, speed=0.02, seed=1, start_when=2).start(),
                       AutoPlayer(other, speed=0.02, seed=2).start()]
            assert settled.wait(WAIT_S), "the round neither ended nor did the host send the broken client away"
            assert broken.last_bye is None, f"the host sent the broken client away: {broken.last_bye}"
            assert players[1].over.wait(WAIT_S), "the other player never saw the round end"
        # the connection hears the round's end before the bot's own loop polls it: waited for, not raced
        assert players[0].over.wait(WAIT_S) and players[0].gone is None

        refused_on = Counter(state_id for state_id, action in broken.sent if action == REFUSED)
        assert len(refused_on) >= 3, "the broken bot should have tried to lay a card it does not hold several times"
        assert max(refused_on.values()) == 1, f"a refused action sent again on the same update: {refused_on}"
        refusals = [m for m in broken.history if m.get("type") == "error" and m.get("ref") == "action"]
        assert len(refusals) >= len(refused_on)
        stale = sum(1 for m in refusals if m.get("code") == "stale")  # races, not the bot's failures
        logged = [r for r in caplog.records if r.name == "game.net.client" and r.levelno == logging.WARNING]
        assert len(logged) == len(refusals) - stale, "each refusal of the bot's own should be logged once"
        # in its turn (it lays cards only then) the seat takes what the host's own failing bots take; a card that
        # reached the host after the table had changed (the other seat's reflex) is refused as stale instead, and
        # the newer update is played as usual
        updates = {m["state_id"]: m for m in broken.history if m.get("type") == "update"}
        fell_back = 0
        for state_id in refused_on:
            offered = [core.rules.actions.decode(a) for a in updates[state_id]["legal"]]
            first = next(a for a in offered if not a.reflex).to_wire()
            then = [action for sent_on, action in broken.sent if sent_on == state_id and action != REFUSED]
            assert then in ([], [first]), f"on update {state_id} the seat sent {then}, not the first move {first}"
            fell_back += then == [first]
        assert fell_back >= len(refused_on) - stale, "the seat should have moved in place of each card refused"
    finally:
        for player in players:
            player.stop()
        broken.close()
        if other is not None:
            other.close()
        host.stop()
