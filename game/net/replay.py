"""«Повтор партии»: a finished game walked step by step from its journal, for the game's own table scene.

A step is one entry of the journal (a seat's action or a timer): step k is the game after its first k entries, step 0
the deal. The journal replays through the judge's own path (``Session.replay``, the path of ``replay_session``):
nothing is judged anew, the rules say again what they said, and every event comes again as it came — who shouted
first and by how many milliseconds included. ``ReplayTape`` walks the whole journal once, keeping each step's events
and a mark of the session every ``MARK_EVERY`` steps; to show a step it goes back to the nearest mark at or before
it and replays forward from there (fewer than ``MARK_EVERY`` entries), and a step forward is one entry.

What a replay may see: a finished game hides nothing any more, so the replay shows any seat's view, as the rules give
it to that seat (``rules.view``), its legal actions of that moment and the events that seat saw; the viewer switches
between seats to show every hand. A journal whose game is not over is refused: its hands are still secret.

``ReplayConnection`` is the line a table scene reads (``send``/``poll``/``pump``): the viewer tells it which step to
show; nothing the table sends goes anywhere."""
from __future__ import annotations

from collections import deque
from typing import Any, Iterable

from game.net.journal import JournalEntry
from game.net.connection import SeatRefused
from game.net.session import Mark, ReplayRefused, replay_session
from game.rules.base import Event

MARK_EVERY = 16  # steps between two marks: a step back replays at most this many entries less one


class ReplayUnavailable(Exception):
    """The journal cannot be replayed; ``str(error)`` is a Russian sentence for the player."""


class ReplayTape:
    """Every step of a finished game's journal, to be shown in any order (see the module's text)."""

    def __init__(self, header: dict, entries: Iterable[JournalEntry]):
        self.header = header
        self.entries: list[JournalEntry] = list(entries)
        self.game_id: str = header["game"]
        try:
            self.session = replay_session(header, [])
        except Exception as exc:  # noqa: BLE001 - a journal of another version or game: said, never a crash
            raise ReplayUnavailable(f"Эту партию не повторить: {getattr(exc, 'reason', exc)}") from exc
        self.rules = self.session.rules
        self.players: int = int(header["seats"])
        self.step_events: list[list[Event]] = []  # step k's events: those entry k brought (index k - 1)
        self.marks: list[Mark] = [self.session.mark(0)]
        heard: list[Event] = []
        self.session.on_record = lambda entry, events: heard.extend(events)
        for number, entry in enumerate(self.entries, 1):
            try:
                self.session.replay(number, entry)
            except ReplayRefused as refused:
                raise ReplayUnavailable(f"Эту партию не повторить: ход {refused.number} теперь не принимается "
                                        "(журнал другой версии игры).") from None
            self.step_events.append(list(heard))
            heard.clear()
            if number % MARK_EVERY == 0:
                self.marks.append(self.session.mark(number))
        self.session.on_record = None
        if not self.rules.is_over(self.session.state):
            raise ReplayUnavailable("Партия не окончена: повтор откроется, когда она закончится.")
        self.position = len(self.entries)  # the step the session stands at

    # ------------------------------------------------------------------ steps
    @property
    def last(self) -> int:
        """The last step: the game over."""
        return len(self.entries)

    def go_to(self, step: int) -> None:
        """Put the session at ``step``: forward from where it stands when that is near, else from the nearest mark."""
        step = max(0, min(step, self.last))
        if not self.position <= step < self.position + MARK_EVERY:
            mark = self.marks[step // MARK_EVERY]
            self.session.rewind(mark)
            self.position = mark.entries
        while self.position < step:
            self.position += 1
            self.session.replay(self.position, self.entries[self.position - 1])

    def state_at(self, step: int) -> Any:
        self.go_to(step)
        return self.session.state

    def actor(self, step: int) -> int | None:
        """Who made step ``step`` (its entry's seat), None for a timer and for the deal."""
        if step <= 0:
            return None
        seat = self.entries[step - 1].seat
        return seat if seat >= 0 else None

    def action(self, step: int) -> dict | None:
        """The action (its wire form) that made step ``step``; None for a timer and the deal."""
        return self.entries[step - 1].action if step > 0 else None

    def time_ms(self, step: int) -> int:
        """When step ``step`` happened, on the host's clock of the game."""
        return self.entries[step - 1].t_ms if step > 0 else int(self.header["start_ms"])

    def events(self, step: int, seat: int) -> list[dict]:
        """What step ``step`` brought that ``seat`` saw, as the table was told it (wire form)."""
        if step <= 0:
            return []
        return [event.to_wire() for event in self.step_events[step - 1] if event.visible_to(seat)]

    def message(self, step: int, seat: int, with_events: bool = False) -> dict:
        """The update a table of ``seat`` got at ``step``: that seat's view and legal actions then, the seats the game
        waited for, whether it was over, and (``with_events``, for a step forward) the events it brought; ``t``, the
        host's time of that step (a clock on the table shows the time left then)."""
        self.go_to(step)
        message = self.session.snapshot_message(seat)
        message["t"] = self.time_ms(step)
        if with_events:
            message["events"] = self.events(step, seat)
        return message


class ReplayConnection:
    """A table scene's line to a replay: the update of the step the viewer shows, for one seat. Nothing the table
    sends reaches anyone (the viewer takes every press before the table sees it)."""

    replaying = True  # the table keeps clear the corner where the viewer's controls stand, and saves nothing
    lobby = None
    goes_on_elsewhere = False

    def __init__(self, tape: ReplayTape, seat: int, step: int):
        self.tape = tape
        self.seat = seat
        self.state_id = 0
        self.inbox: deque[dict] = deque()
        self.show(step)

    def show(self, step: int, forward: bool = False) -> None:
        """The table is to show ``step``; ``forward``: it comes from the step before, with its events."""
        message = self.tape.message(step, self.seat, with_events=forward)
        self.state_id = message["state_id"]
        self.inbox.append(message)

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        """A replay takes no moves."""

    def poll(self) -> list[dict]:
        out = list(self.inbox)
        self.inbox.clear()
        return out

    def pump(self) -> None:
        """The steps come when the viewer says."""

    def take_bot_seat(self):
        raise SeatRefused("В повторе партии за стол не садятся.")

    def finished_journal(self) -> None:
        """A replay keeps nothing of its own: the journal is the viewer's."""
        return None

    def close(self) -> None:
        """Nothing to let go of: the tape belongs to the viewer."""
