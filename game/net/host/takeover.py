"""Seats changing hands mid-game between people and bots (docs/DESIGN.md, «The host»; PROTOCOL §7, §11).

A person who drops keeps their seat: after ``takeover_ms`` a bot covers it (``substituted``) and hands it back when
they reconnect with its key. A newcomer may take a lobby bot's seat (``take_bot_seat``): it becomes a person's with
a key of its own, and goes back to that bot if the key has not come within ``newcomer_wait_ms``. Each such change is
noted in the room's journal (``SeatTaken``), so a resumed room knows whose the seat is.
"""
from __future__ import annotations

from typing import Callable

from game.net.host.in_turn import InTurn
from game.net.host.peer import AwaitedNewcomer, LobbySeat, Peer
from game.net.host.roster import Refused, Roster, new_key
from game.net.host.turn_timer import TurnTimers
from game.net.journal import SeatTaken
from game.net.session import Session
from game.rules.base import TV

DEFAULT_TAKEOVER_MS = 30_000  # a dropped player's seat goes to a bot after this long
NEWCOMER_WAIT_MS = 60_000  # a seat taken from a bot whose key has not come by then goes back to that bot
SUBSTITUTE_LEVEL = "player"


class Takeover:
    def __init__(self, roster: Roster, in_turn: InTurn, turn_timers: TurnTimers,
                 session: Callable[[], Session | None], lobby_changed: Callable[[], None],
                 takeover_ms: int = DEFAULT_TAKEOVER_MS, newcomer_wait_ms: int = NEWCOMER_WAIT_MS):
        self._roster = roster
        self._in_turn = in_turn
        self._turn_timers = turn_timers
        self._session = session
        self._lobby_changed = lobby_changed
        self.takeover_ms = takeover_ms
        self.newcomer_wait_ms = newcomer_wait_ms

    def due_times(self) -> list[int]:
        """When a bot is due to cover an absent person, or a seat to go back to its bot."""
        times = []
        for seat in self._roster.seats:
            if seat.away_since is not None and not seat.substituted:
                times.append(seat.away_since + self.takeover_ms)
            if seat.awaited is not None:
                times.append(seat.awaited.until_ms)
        return times

    # ------------------------------------------------------------------ a person away and back
    def went_away(self, seat: LobbySeat, now: int) -> None:
        """The person at ``seat`` lost their connection mid-game."""
        seat.away_since = now
        if self.takeover_ms <= 0:
            self._substitute(seat)

    def cover_absent(self, now: int) -> None:
        """A bot covers each person away for ``takeover_ms`` by ``now``."""
        for seat in self._roster.seats:
            if seat.away_since is not None and not seat.substituted and now >= seat.away_since + self.takeover_ms:
                self._substitute(seat)

    def _substitute(self, seat: LobbySeat) -> None:
        session = self._session()
        if session is None or seat.substituted:
            return
        seat.substituted = True
        index = self._roster.index(seat)
        self._in_turn.run(lambda: session.set_bot(index, SUBSTITUTE_LEVEL))
        self._lobby_changed()

    def came_back(self, seat: LobbySeat, now: int) -> None:
        """A person is at ``seat`` again (or for the first time): a bot covering it hands it back, and a seat taken
        from a bot is the newcomer's for good, which a resumed room learns from the journal."""
        session = self._session()
        if seat.awaited is not None:
            seat.awaited = None
            session.journal.note_seat_taken(SeatTaken(self._roster.index(seat), seat.name, seat.token, now,
                                                      arrived=True))
        seat.away_since = None
        if seat.substituted and session is not None:
            seat.substituted = False
            index = self._roster.index(seat)
            self._in_turn.run(lambda: session.set_bot(index, None))

    def resumed(self, seat: LobbySeat, clock: Callable[[], int]) -> None:
        """The room came back from its journal: a person is away until they reconnect, and a newcomer's wait begins
        again (nobody could come while the host was down). Each is read off the room's ``clock`` when it is set."""
        if not seat.is_bot:
            seat.away_since = clock()
        if seat.awaited is not None:
            seat.awaited.until_ms = clock() + self.newcomer_wait_ms

    # ------------------------------------------------------------------ a newcomer in a bot's seat
    def take_bot_seat(self, peer: Peer, now: int) -> tuple[int, str]:
        """A newcomer takes over the first seat a bot plays for nobody: a lobby bot's. A person's seat a bot covers
        while they are away has no bot level (``substituted`` instead) and stays theirs. The seat becomes a person's
        with a key of its own, (seat, key) returned for the asking connection alone; the newcomer connects with it
        like a returning player and plays on from where the bot stood, and a bot covers the seat if nobody comes. A
        seated window asks for a second person at it (a pad arriving mid-game), and the seat keeps its name; a
        spectator (a latecomer's phone, a laptop that watches) asks for itself, and the seat takes the name it gave.
        Raises ``Refused`` when there is no such seat or the peer may not sit."""
        session = self._session()
        if session is None:
            raise Refused("seat", "Место бота можно занять только за столом идущей игры.")
        if peer.watch == TV:
            raise Refused("spectator", "Экран стола только показывает игру: садятся за стол с телефона или "
                                       "компьютера.")
        if not peer.may_sit:
            raise Refused("spectator", "Чтобы сесть за стол, откройте страницу по QR-коду с большого экрана или "
                                       "введите код комнаты.")
        if session.rules.is_over(session.state):
            raise Refused("over", "Игра уже окончена.")
        index = self._roster.first_bot()
        if index is None:
            raise Refused("full", "Свободных мест нет: все места заняты людьми.")
        seat = self._roster.seats[index]
        seat.awaited = AwaitedNewcomer(seat.name, seat.bot_level, now + self.newcomer_wait_ms)
        if peer.seat is None:
            self._roster.rename(seat, peer.name or f"Игрок {index + 1}")
        seat.bot_level, seat.token, seat.away_since = None, new_key(), now
        # on disk before the key leaves the host: a crash while the bot still thinks about a move due earlier (the
        # hand-over waits for it) must not give the seat back to a bot. Not a move, so its place among them is free.
        session.journal.note_seat_taken(SeatTaken(index, seat.name, seat.token, now, arrived=False))
        self._in_turn.run(lambda: session.set_bot(index, None))
        return index, seat.token

    def give_back_late(self, now: int) -> None:
        """Each seat whose newcomer's key has not come by ``now`` is its bot's again, under its name, and offered
        again (``take_bot_seat``); the key fits no seat any more."""
        session = self._session()
        for index, seat in enumerate(self._roster.seats):
            if seat.awaited is None or now < seat.awaited.until_ms:
                continue
            awaited, seat.awaited = seat.awaited, None
            self._roster.rename(seat, awaited.bot_name)
            self._roster.returned_keys.add(seat.token)
            seat.bot_level, seat.token = awaited.bot_level, new_key()
            seat.away_since, seat.substituted = None, False
            self._turn_timers.forget(index)
            session.journal.note_seat_taken(SeatTaken(index, seat.name, seat.token, now, bot=seat.bot_level))
            self._in_turn.run(lambda index=index, level=awaited.bot_level: session.set_bot(index, level))
            self._lobby_changed()

    def returned_reason(self) -> str:
        """Why a late newcomer's key fits no seat, and whether sitting down again can help (docs/PROTOCOL.md §11)."""
        seconds = self.newcomer_wait_ms // 1000
        within = "за минуту" if seconds == 60 else f"за {seconds} с"
        session = self._session()
        over = session is not None and session.rules.is_over(session.state)
        if session is not None and not over and any(s.is_bot for s in self._roster.seats):
            return f"Место снова занял бот: вы не подключились {within}. Можно сесть снова."
        if over:
            return f"Место снова занял бот: вы не подключились {within}. Игра уже окончена."
        return f"Место снова занял бот: вы не подключились {within}. Теперь за ним играет другой человек."
