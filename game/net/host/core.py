"""``HostCore``: one room, a lobby and then the authoritative game over the same ``Session`` local play uses.

It holds no I/O: bytes in (``receive``), bytes out (``Peer.send``), time from its clock or as an argument, so the
tests drive it in virtual time through a simulated network; ``LanHost`` (lan.py) serves it on the network. It
judges nothing (the session does) and keeps each of its concerns in a part it composes: the message allowance
(``rate``), the seats (``roster``) and the ``lobby`` around them, what every peer is sent (``fan_out``), when a
reflex was pressed (press.py), the bots thinking off the loop and what waits for them (``in_turn``), the
``turn_timers``, seats changing hands between people and bots (``takeover``), and the room's journal (resume.py).
"""
from __future__ import annotations

import itertools
import logging
import os
import secrets
from typing import Any, Callable

from game.net import protocol as P
from game.net.host import press
from game.net.host.fanout import FanOut
from game.net.host.in_turn import InTurn
from game.net.host.lobby import CHANGES, Lobby
from game.net.host.peer import LobbySeat, Peer
from game.net.host.rate import RateLimit
from game.net.host.resume import header_extra, journal_file, replayed_room
from game.net.host.roster import Refused, Roster
from game.net.host.takeover import DEFAULT_TAKEOVER_MS, NEWCOMER_WAIT_MS, Takeover
from game.net.host.turn_timer import TurnTimers
from game.net.journal import Journal
from game.net.local import monotonic_ms
from game.net.record import BOT, GameRecord, finished_record, room_key
from game.net.session import SeatInfo, Session
from game.rules.base import SPECTATOR, TV, Rejected

log = logging.getLogger(__name__)


class HostCore:
    """Seats, lobby and the game for one room. Every method runs on one thread."""

    def __init__(
        self,
        game_id: str,
        room: str = "Игротека",
        clock: Callable[[], int] = monotonic_ms,
        bots: int = 0,
        bot_level: str = "player",
        options: dict | None = None,
        seed: int | None = None,
        journal_path: str | os.PathLike | None = None,
        takeover_ms: int = DEFAULT_TAKEOVER_MS,
        newcomer_wait_ms: int = NEWCOMER_WAIT_MS,
        turn_timer_ms: int | None = None,
        rate_per_second: int = P.RATE_PER_SECOND,
        rate_burst: int = P.RATE_BURST,
        max_players: int | None = None,
    ):
        self.session: Session | None = None
        self.roster = Roster()
        self.lobby = Lobby(self.roster, game_id, options, turn_timer_ms, max_players, lambda: self.started)
        self.room = P.clean_name(room) or "Игротека"
        self.room_id = secrets.token_hex(6)
        self._clock = clock
        self._clock_shift = 0
        self.seed = seed if seed is not None else secrets.randbits(48)
        self.journal_path = journal_path
        self.port: int | None = None  # the TCP port once a LanHost listens for this room
        self._rate = RateLimit(rate_per_second, rate_burst)
        self.peers: list[Peer] = []
        self.on_change: Callable[[], None] = lambda: None  # lobby changed (discovery updates its TXT)
        self.on_send: Callable[[Peer, bytes], None] | None = None  # tests record the streams
        self._ids = itertools.count(1)
        self._failures_logged: set[tuple[str, str]] = set()
        session = lambda: self.session  # noqa: E731 - the parts read the game once it has begun
        self.in_turn = InTurn(session)
        self.turn_timers = TurnTimers(self.roster, self.in_turn, session, lambda: self.lobby.turn_timer_ms)
        self.takeover = Takeover(self.roster, self.in_turn, self.turn_timers, session, self._lobby_changed,
                                 takeover_ms, newcomer_wait_ms)
        self.fan_out = FanOut(self.peers, self.roster, session, self.now, self.send, self.lobby_message)
        # the finished game, once over: kept by whoever set ``on_finished`` (game.launch: this machine's «История»)
        # and sent to every seated window (``game_record``), so that each keeps the game it played
        self.record: GameRecord | None = None
        self.on_finished: Callable[[GameRecord], None] | None = None
        for _ in range(bots):
            self.roster.add_bot(bot_level)

    def now(self) -> int:
        return self._clock() + self._clock_shift

    # ------------------------------------------------------------------ the room as the lobby has it
    @property
    def game_id(self) -> str:
        return self.lobby.game_id

    @property
    def rules(self) -> Any:
        return self.lobby.rules

    @property
    def options(self) -> dict:
        return self.lobby.options

    @property
    def turn_timer_ms(self) -> int | None:
        return self.lobby.turn_timer_ms

    @turn_timer_ms.setter
    def turn_timer_ms(self, value: int | None) -> None:
        self.lobby.turn_timer_ms = value

    @property
    def seats(self) -> list[LobbySeat]:
        return self.roster.seats

    @property
    def started(self) -> bool:
        return self.session is not None

    def seats_text(self) -> str:
        return f"{len(self.seats)}/{self.lobby.max_players}"

    # ------------------------------------------------------------------ connections
    def connect(self, peer: Peer) -> Peer:
        peer.id = next(self._ids)
        self.peers.append(peer)
        return peer

    def receive(self, peer: Peer, data: bytes) -> None:
        """Bytes from a connection: every whole message in them is handled in order."""
        if peer.closed:
            return
        try:
            messages = peer.reader.feed(data)
        except P.ProtocolError as exc:
            self.drop(peer, exc.code, exc.reason)
            return
        for message in messages:
            if peer.closed:
                return
            now = self.now()
            if not self.take_allowance(peer, now):
                return
            try:
                kind = P.check_client_message(message)
            except P.ProtocolError as exc:
                ref = message.get("type") if isinstance(message, dict) else None
                self.send(peer, P.error(exc.code, exc.reason, ref if isinstance(ref, str) else None))
                if peer.role is None:
                    self.drop(peer, "handshake", "Сначала нужно поздороваться (сообщение «hello»).")
                continue
            if peer.role is None and kind != "hello":
                self.drop(peer, "handshake", "Сначала нужно поздороваться (сообщение «hello»).")
                return
            try:
                (self._on_lobby if kind in CHANGES else getattr(self, f"_on_{kind}"))(peer, message, now)
            except Refused as refusal:  # nothing changed: the asking peer is told why
                self.send(peer, P.error(refusal.code, refusal.reason, kind))
            except Exception as exc:  # a bug must cost one message, not the room
                self._log_failure(kind, peer, exc)
                self.send(peer, P.error("internal", "Хост не смог обработать сообщение.", kind))

    def take_allowance(self, peer: Peer, now: int) -> bool:
        """A message from ``peer`` arriving at ``now`` takes one of its allowance; with none left the peer is cut
        off (``bye`` ``rate``) and False returned. A phone's preview, answered beside ``receive``, counts too."""
        if self._rate.admits(peer.bucket, now):
            return True
        self.drop(peer, "rate", "Слишком много сообщений: соединение закрыто.")
        return False

    def _log_failure(self, kind: str, peer: Peer, exc: Exception) -> None:
        """The first failure of each kind with its traceback; repeats as one short line, so a
        client that found a bug cannot flood the log with it."""
        signature = (kind, type(exc).__name__)
        if signature not in self._failures_logged:
            self._failures_logged.add(signature)
            log.exception("host: message %r from peer %s failed", kind, peer.id)
        else:
            log.warning("host: message %r from peer %s failed again: %s", kind, peer.id, type(exc).__name__)

    def disconnect(self, peer: Peer) -> None:
        """The transport is gone (closed by either side)."""
        if peer in self.peers:
            self.peers.remove(peer)
        peer.closed = True
        seat = peer.seat
        if seat is None or seat.peer is not peer:
            self.fan_out.sync_listeners()  # a watcher left: maybe nobody watches that view any more
            return
        seat.peer = None
        if not self.started:
            self.seats.remove(seat)
        else:
            self.takeover.went_away(seat, self.now())
        self._lobby_changed()

    def drop(self, peer: Peer, code: str, reason: str) -> None:
        """Say ``bye`` with ``code`` and ``reason``, and close the connection."""
        if peer.closed:
            return
        self.send(peer, P.bye(code, reason))
        peer.closed = True
        peer.close()
        self.disconnect(peer)

    def send(self, peer: Peer, message: dict, data: bytes | None = None) -> None:
        """``message`` to ``peer``, or ``data``, the bytes it packs to, when they are packed already."""
        if peer.closed:
            return
        data = data if data is not None else P.pack(message)
        if self.on_send is not None:
            self.on_send(peer, data)
        peer.send(data)

    def caught_up(self, peer: Peer) -> None:
        """A slow reader's backlog drained (the transport says)."""
        self.fan_out.caught_up(peer)

    # ------------------------------------------------------------------ handshake
    def _on_hello(self, peer: Peer, msg: dict, now: int) -> None:
        if peer.role is not None:
            self.send(peer, P.error("handshake", "Вы уже подключены.", "hello"))
            return
        if msg["version"] != P.PROTOCOL_VERSION:
            self.drop(peer, "version", f"Версия протокола не совпадает: у хоста {P.PROTOCOL_VERSION}, "
                                       f"у вас {msg['version']}. Обновите игру.")
            return
        wanted_game = msg.get("game")
        if wanted_game is not None and wanted_game != self.game_id:
            self.drop(peer, "game", f"В этой комнате играют в «{self.rules.title}».")
            return
        role = msg.get("role") or "player"
        if role not in P.ROLES:
            self.drop(peer, "malformed", "Неизвестная роль: можно «player», «spectator» или «tv».")
            return
        token = msg.get("token")
        notice = None
        peer.name = P.clean_name(msg["name"])
        if token is not None:
            seat = self.roster.holding(token)
            if seat is None and token in self.roster.returned_keys:
                self.drop(peer, "seat_returned", self.takeover.returned_reason())
                return
            if seat is None or seat.is_bot:
                self.drop(peer, "token", "Ключ не подходит ни к одному месту в этой комнате.")
                return
            wanted_seat = msg.get("seat")
            if wanted_seat is not None and wanted_seat != self.roster.index(seat):
                self.drop(peer, "token", "Этот ключ от другого места.")
                return
            self._attach(peer, seat, now)
        elif role == "player" and not self.started and len(self.seats) < self.lobby.max_players:
            self._attach(peer, self.roster.seat_person(msg["name"]), now)
        else:
            if role == "player":
                notice = "Игра уже идёт, вы смотрите как зритель." if self.started else "Все места заняты, вы смотрите как зритель."
                role = "spectator"
            if self._watchers() >= P.MAX_SPECTATORS:
                self.drop(peer, "full", "Зрителей слишком много.")
                return
            peer.role = role
            peer.watch = SPECTATOR if role == "spectator" else TV
        welcome = {
            "type": "welcome",
            "version": P.PROTOCOL_VERSION,
            "role": peer.role,
            "seat": self.roster.index(peer.seat) if peer.seat is not None else peer.watch,
            "token": peer.seat.token if peer.seat is not None else None,
            "room": self.room,
            "room_id": self.room_id,
            "game": self.game_id,
            "host_time": now,
        }
        if notice:
            welcome["notice"] = notice
        self.send(peer, welcome)
        self.send(peer, self.lobby_message(peer))
        if self.started:
            self.fan_out.snapshot(peer)
            self.fan_out.send_record(peer)  # a player back after the end keeps the game as those who stayed do
        self._lobby_changed()

    def _attach(self, peer: Peer, seat: LobbySeat, now: int) -> None:
        old = seat.peer
        peer.role, peer.seat = "player", seat
        seat.peer = peer
        seat.via = peer.via
        if old is not None and old is not peer:
            old.seat = None  # its later disconnect must not free the seat
            self.drop(old, "replaced", "Вы подключились к этому месту из другого окна.")
        self.takeover.came_back(seat, now)

    def _watchers(self) -> int:
        return sum(1 for p in self.peers if p.watch is not None)

    # ------------------------------------------------------------------ lobby
    def lobby_message(self, peer: Peer | None = None) -> dict:
        return self.lobby.message(
            self.room, self.room_id, spectators=self._watchers(),
            over=self.started and self.rules.is_over(self.session.state),
            you=self.roster.index(peer.seat) if peer is not None and peer.seat is not None else None)

    def _lobby_changed(self) -> None:
        self.fan_out.lobby()
        self.on_change()

    def _on_lobby(self, peer: Peer, msg: dict, now: int) -> None:
        sent_away = self.lobby.change(msg["type"], peer.seat, msg)
        if sent_away is not None:
            self.drop(sent_away, "kicked", "Хозяин комнаты исключил вас.")
        self._lobby_changed()

    def _on_take_bot_seat(self, peer: Peer, msg: dict, now: int) -> None:
        index, token = self.takeover.take_bot_seat(peer, now)
        self.send(peer, {"type": "seat_key", "seat": index, "token": token})
        self._lobby_changed()

    def _on_start(self, peer: Peer, msg: dict, now: int) -> None:
        self.lobby.may_start(peer.seat)
        try:
            self.start(now)
        except Rejected as refusal:  # the rules in force do not fit these seats («Командная игра — для 4, 6…»)
            # everyone at the table waits for this start: each is told why it did not come, as a local setup says
            for seated in [other for other in self.peers if other.seat is not None and not other.closed]:
                self.send(seated, P.error("options", refusal.reason, "start"))

    # ------------------------------------------------------------------ the game
    def start(self, now: int | None = None) -> None:
        now = self.now() if now is None else now
        journal = Journal(journal_file(self.journal_path, self.room_id))
        self.session = Session(
            self.game_id,
            [SeatInfo(s.name, s.bot_level) for s in self.seats],
            self.seed,
            self.options,
            start_ms=now,
            journal=journal,
            journal_extra=header_extra(self, now),
            thinker=self.in_turn.thinker(),
        )
        self.session.on_over = self._game_over
        self.fan_out.listen()  # every seat, spectator and TV screen gets its first full view now
        self._lobby_changed()
        self.turn_timers.refresh(now)

    def _game_over(self, session: Session) -> None:
        """The game has ended (its last update is out): the record is made once, kept where ``on_finished`` says,
        and sent to the windows at the table."""
        kinds = [(BOT, s.bot_level) if s.is_bot else (s.via, None) for s in self.seats]
        self.record = finished_record(session, room_key(self.room_id), kinds)
        self.fan_out.keep_record(self.record)
        if self.on_finished is not None:
            self.on_finished(self.record)
        for peer in list(self.peers):
            self.fan_out.send_record(peer)

    def _on_action(self, peer: Peer, msg: dict, now: int) -> None:
        if peer.seat is None:
            self.send(peer, P.error("spectator", "Зрители не могут делать ходы.", "action"))
            return
        if self.session is None:
            self.send(peer, P.error("not_started", "Игра ещё не началась.", "action"))
            return
        session = self.session
        seat = self.roster.index(peer.seat)
        try:
            action = session.decode(msg["action"])
        except Rejected as rej:
            self.send(peer, P.error(rej.code, rej.reason, "action"))
            return
        state_id = msg["state_id"]
        # only the moment of a reflex press crosses the network; the session judges everything else
        pressed = self.press_time(peer, msg.get("pressed"), state_id, now) if action.reflex else None

        def judge() -> None:
            outcome = session.receive(seat, action, now, pressed, state_id=state_id)
            if not outcome.accepted:
                assert outcome.error is not None
                self.send(peer, P.error(outcome.error.code, outcome.error.reason, "action", action=msg["action"]))
                return
            self.turn_timers.forget(seat)
            self.turn_timers.refresh(now)

        self.in_turn.run(judge, at_ms=now)  # its moment is its arrival, even when it waits for a bot's move before it

    press_time = staticmethod(press.press_time)

    def _on_ping(self, peer: Peer, msg: dict, now: int) -> None:
        press.take_clock_sample(peer, msg)
        self.send(peer, {"type": "pong", "id": msg["id"], "t": msg["t"], "host": now})

    def _on_bye(self, peer: Peer, msg: dict, now: int) -> None:
        peer.closed = True
        peer.close()
        self.disconnect(peer)

    # ------------------------------------------------------------------ bots and timers
    def think_off_loop(self, wake: Callable[[], None]) -> None:
        """From now on the bots of this room think on a worker thread (in_turn.py); ``wake``, called on the worker
        as each answer is ready, must have the host's thread call ``advance``."""
        self.in_turn.think_off_loop(wake)

    @property
    def waiting_for_bots(self) -> bool:
        """Whether anything waits for a bot's answer (``InTurn.waiting``)."""
        return self.in_turn.waiting

    def next_wakeup(self) -> int | None:
        if self.in_turn.waiting:
            return None  # everything waits for a bot still thinking: its answer wakes the host (think_off_loop)
        times = self.turn_timers.deadlines()
        if self.session is not None:
            due = self.session.next_due()
            if due is not None:
                times.append(due)
            times += self.takeover.due_times()
        return min(times) if times else None

    def advance(self, now: int | None = None) -> None:
        """Run everything due by ``now``: rules timers, bots, takeovers of absent seats, idle turns."""
        now = self.now() if now is None else now
        if self.session is None:
            return
        self.takeover.give_back_late(now)
        before: list[int] = []

        def take_over_absent() -> None:
            self.takeover.cover_absent(now)
            before.append(self.session.state_id)

        def after_idle_turns() -> None:
            if self.session.state_id != before[0]:
                self.turn_timers.refresh(now)

        self.in_turn.run(take_over_absent)
        # after every timer and bot move due by now (``InTurn.run``)
        self.in_turn.run(lambda: self.turn_timers.play_due(now, after_idle_turns), at_ms=now)

    def close(self, reason: str = "Хост завершил игру.") -> None:
        self.in_turn.clear()  # what still waited for a bot was never answered: the room ends before it
        for peer in list(self.peers):
            self.drop(peer, "shutdown", reason)
        if self.session is not None:
            self.session.journal.close()

    # ------------------------------------------------------------------ crash resume
    @classmethod
    def resume(cls, journal_path: str | os.PathLike, clock: Callable[[], int] = monotonic_ms,
               room_id: str | None = None, salvage: bool = False, **kwargs: Any) -> "HostCore":
        """Rebuild a room from its journal: the same seats and tokens, the game where it stopped.
        ``room_id``: the room the caller means (a journal of another room is refused).
        Raises JournalError with a Russian reason for a journal that cannot be continued."""
        core, header, entries = cls.replay_journal(journal_path, clock, room_id, salvage, **kwargs)
        session = core.session
        session.journal.continue_file(journal_path)
        last_t = max([header["start_ms"]] + [e.t_ms for e in entries])
        core._clock_shift = max(0, last_t + 1 - clock())
        for index, seat in enumerate(core.seats):
            if seat.is_bot:
                session.set_bot(index, seat.bot_level)
            core.takeover.resumed(seat, core.now)
        session.on_over = core._game_over  # the game played on ends once, in this room: it is recorded once
        core.fan_out.listen()
        return core

    replay_journal = classmethod(replayed_room)  # (this class's core, header, entries), the file untouched
