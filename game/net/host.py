"""The LAN host: a lobby, then the authoritative game loop over the same ``Session`` local play uses.

``HostCore`` holds every decision and no I/O: bytes in (``receive``), bytes out (``Peer.send``),
time as an argument. ``LanHost`` runs it behind an asyncio TCP server on its own thread, so the
tests can also drive ``HostCore`` in virtual time through a simulated network. Under a ``LanHost``
the bots think on a worker thread (``HostCore.think_off_loop``), the rules' list of their legal moves included (on a
board it is the full move search): the loop answers every peer meanwhile.
Message shapes and limits: docs/PROTOCOL.md.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import os
import secrets
import threading
from collections import OrderedDict, deque
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable

from game import rules as rules_registry
from game.bots import LEVEL_LABELS, Bot, make_bot
from game.net import protocol as P
from game.net.journal import Journal, JournalError, SeatTaken, room_journal
from game.net.local import monotonic_ms
from game.net.record import BOT, LAN, PHONE, GameRecord, finished_record, room_key
from game.net.session import (
    ReplayRefused,
    SeatInfo,
    Session,
    answer_of,
    ask,
    fallback_action,
    is_plan,
    least_delay_ms,
    replay_session,
)
from game.net.thinking import ThreadThinker
from game.rules.base import FRAME_MS, SPECTATOR, TV, Rejected, resolve_options
from game.rules.words_ru import gender_of

log = logging.getLogger(__name__)

DEFAULT_TAKEOVER_MS = 30_000  # a dropped player's seat goes to a bot after this long
NEWCOMER_WAIT_MS = 60_000  # a seat taken from a bot whose key has not come by then goes back to that bot
SUBSTITUTE_LEVEL = "player"
_SENT_MEMORY = 64  # how many recent state ids each peer remembers the send time of


@dataclass
class AwaitedNewcomer:
    """A seat taken from a bot whose key has not come yet: at ``until_ms`` it goes back to that bot."""

    bot_name: str
    bot_level: str
    until_ms: int


@dataclass
class LobbySeat:
    name: str
    colour: str
    token: str
    bot_level: str | None = None
    ready: bool = False
    peer: "Peer | None" = None
    away_since: int | None = None
    substituted: bool = False  # a bot plays while the person is away
    awaited: AwaitedNewcomer | None = None  # taken from a bot, its key not come yet
    via: str = LAN  # how its person last came in: a window over the LAN or a phone's page (record.KINDS)

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


@dataclass
class Peer:
    """One connection as the host sees it; ``send`` and ``close`` come from the transport."""

    send: Callable[[bytes], None]
    close: Callable[[], None]
    id: int = 0
    role: str | None = None  # None until the handshake
    seat: LobbySeat | None = None
    watch: int | None = None  # SPECTATOR or TV for watchers
    name: str = ""  # as the hello gave it: a spectator who sits down in a bot's seat brings it there
    may_sit: bool = True  # False for a phone's page opened without the room code: it may only watch
    via: str = LAN  # a window's TCP line, or PHONE for a phone's page (game/net/web.py)
    offset: float | None = None  # host clock minus client clock, as the client measured it
    rtt: float | None = None
    sent_at: OrderedDict = field(default_factory=OrderedDict)  # state id -> host ms it was sent
    tokens: float = float(P.RATE_BURST)
    refilled_ms: int | None = None
    closed: bool = False
    reader: P.FrameReader = field(default_factory=lambda: P.FrameReader(P.MAX_CLIENT_MESSAGE))
    backlog: Callable[[], int] = lambda: 0  # bytes written to this connection and not yet sent
    lobby_due: bool = False  # a slow reader skipped lobby changes: the latest goes when it catches up
    snapshot_due: bool = False  # … skipped table updates: a full snapshot goes when it catches up

    def slow(self) -> bool:
        return self.backlog() > P.SLOW_READER_BYTES


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
        self.rules = rules_registry.load(game_id)
        # Knowing whether a game is available imports its rules: done here, before the room serves, because on the
        # first lobby it froze the host's loop for half a second and delayed every pong in flight.
        self._games = [self._game_entry(g) for g in rules_registry.GAMES]
        self.game_id = game_id
        self.room = P.clean_name(room) or "Игротека"
        self.room_id = secrets.token_hex(6)
        self._clock = clock
        self._clock_shift = 0
        self.seed = seed if seed is not None else secrets.randbits(48)
        self.options = resolve_options(self.rules.house_rules, options)
        self.journal_path = journal_path
        self.port: int | None = None  # the TCP port once a LanHost listens for this room
        self.takeover_ms = takeover_ms
        self.newcomer_wait_ms = newcomer_wait_ms
        self.turn_timer_ms = turn_timer_ms
        self.rate_per_second = rate_per_second
        self.rate_burst = rate_burst
        self._max_players_override = max_players
        self.seats: list[LobbySeat] = []
        self.peers: list[Peer] = []
        self.session: Session | None = None
        self.on_change: Callable[[], None] = lambda: None  # lobby changed (discovery updates its TXT)
        self.on_send: Callable[[Peer, bytes], None] | None = None  # tests record the streams
        self._ids = itertools.count(1)
        self._turn_deadline: dict[int, int] = {}
        self._idle_bots: dict[int, Bot] = {}
        self._listening: set[int] = set()  # seats (and SPECTATOR/TV) the session builds updates for
        self._muted = False
        self._result: tuple[int, dict] | None = None  # (state id, the rules' result) once over
        self._failures_logged: set[tuple[str, str]] = set()
        self._wake: Callable[[], None] | None = None  # bots think off the loop (think_off_loop)
        # steps waiting for a bot (_in_turn): (their moment or None, the step, the answer it needs first or None)
        self._held: deque[tuple[int | None, Callable[[], None], Future | None]] = deque()
        self._stepping = False
        self._returned_keys: set[str] = set()  # keys of seats that went back to their bot, told apart from strangers'
        # the finished game, once over: kept by whoever set ``on_finished`` (game.launch: this machine's «История»)
        # and sent to every seated window (``game_record``), so that each keeps the game it played
        self.record: GameRecord | None = None
        self._record_bytes: bytes | None = None
        self.on_finished: Callable[[GameRecord], None] | None = None
        for _ in range(bots):
            self._add_bot(bot_level)

    # ------------------------------------------------------------------ time
    def now(self) -> int:
        return self._clock() + self._clock_shift

    @staticmethod
    def _game_entry(info) -> dict:
        """A game as the lobby lists it: its seat counts are its rules', so only a game that is built has them."""
        available = rules_registry.available(info.id)
        return {"id": info.id, "title": info.title, "available": available, "page": info.table,
                "players": list(rules_registry.player_range(info.id)) if available else None}

    @property
    def max_players(self) -> int:
        if self._max_players_override is not None:
            return self._max_players_override
        return self.rules.max_players

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def started(self) -> bool:
        return self.session is not None

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
            self._drop(peer, exc.code, exc.reason)
            return
        for message in messages:
            if peer.closed:
                return
            now = self.now()
            if not self._take_token(peer, now):
                self._drop(peer, "rate", "Слишком много сообщений: соединение закрыто.")
                return
            try:
                kind = P.check_client_message(message)
            except P.ProtocolError as exc:
                ref = message.get("type") if isinstance(message, dict) else None
                self._send(peer, P.error(exc.code, exc.reason, ref if isinstance(ref, str) else None))
                if peer.role is None:
                    self._drop(peer, "handshake", "Сначала нужно поздороваться (сообщение «hello»).")
                continue
            if peer.role is None and kind != "hello":
                self._drop(peer, "handshake", "Сначала нужно поздороваться (сообщение «hello»).")
                return
            try:
                getattr(self, f"_on_{kind}")(peer, message, now)
            except Exception as exc:  # a bug must cost one message, not the room
                self._log_failure(kind, peer, exc)
                self._send(peer, P.error("internal", "Хост не смог обработать сообщение.", kind))

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
            self._sync_listeners()  # a watcher left: maybe nobody watches that view any more
            return
        seat.peer = None
        if not self.started:
            self.seats.remove(seat)
        else:
            seat.away_since = self.now()
            if self.takeover_ms <= 0:
                self._substitute(seat)
        self._lobby_changed()

    def _drop(self, peer: Peer, code: str, reason: str) -> None:
        if peer.closed:
            return
        self._send(peer, P.bye(code, reason))
        peer.closed = True
        peer.close()
        self.disconnect(peer)

    def _take_token(self, peer: Peer, now: int) -> bool:
        if peer.refilled_ms is not None:
            peer.tokens = min(float(self.rate_burst), peer.tokens + (now - peer.refilled_ms) * self.rate_per_second / 1000)
        peer.refilled_ms = now
        peer.tokens -= 1
        return peer.tokens >= 0

    def _send(self, peer: Peer, message: dict, data: bytes | None = None) -> None:
        if peer.closed:
            return
        data = data if data is not None else P.pack(message)
        if self.on_send is not None:
            self.on_send(peer, data)
        peer.send(data)

    # ------------------------------------------------------------------ handshake
    def _on_hello(self, peer: Peer, msg: dict, now: int) -> None:
        if peer.role is not None:
            self._send(peer, P.error("handshake", "Вы уже подключены.", "hello"))
            return
        if msg["version"] != P.PROTOCOL_VERSION:
            self._drop(peer, "version", f"Версия протокола не совпадает: у хоста {P.PROTOCOL_VERSION}, "
                                        f"у вас {msg['version']}. Обновите игру.")
            return
        wanted_game = msg.get("game")
        if wanted_game is not None and wanted_game != self.game_id:
            self._drop(peer, "game", f"В этой комнате играют в «{self.rules.title}».")
            return
        role = msg.get("role") or "player"
        if role not in P.ROLES:
            self._drop(peer, "malformed", "Неизвестная роль: можно «player», «spectator» или «tv».")
            return
        token = msg.get("token")
        notice = None
        peer.name = P.clean_name(msg["name"])
        if token is not None:
            seat = next((s for s in self.seats if secrets.compare_digest(s.token, token)), None)
            if seat is None and token in self._returned_keys:
                self._drop(peer, "seat_returned", self._returned_reason())
                return
            if seat is None or seat.is_bot:
                self._drop(peer, "token", "Ключ не подходит ни к одному месту в этой комнате.")
                return
            wanted_seat = msg.get("seat")
            if wanted_seat is not None and wanted_seat != self.seats.index(seat):
                self._drop(peer, "token", "Этот ключ от другого места.")
                return
            self._attach(peer, seat, now)
        elif role == "player" and not self.started and len(self.seats) < self.max_players:
            seat = LobbySeat(self._unique_name(msg["name"]), self._free_colour(), secrets.token_urlsafe(18))
            self.seats.append(seat)
            self._attach(peer, seat, now)
        else:
            if role == "player":
                notice = "Игра уже идёт, вы смотрите как зритель." if self.started else "Все места заняты, вы смотрите как зритель."
                role = "spectator"
            if sum(1 for p in self.peers if p.watch is not None) >= P.MAX_SPECTATORS:
                self._drop(peer, "full", "Зрителей слишком много.")
                return
            peer.role = role
            peer.watch = SPECTATOR if role == "spectator" else TV
        welcome = {
            "type": "welcome",
            "version": P.PROTOCOL_VERSION,
            "role": peer.role,
            "seat": self.seats.index(peer.seat) if peer.seat is not None else peer.watch,
            "token": peer.seat.token if peer.seat is not None else None,
            "room": self.room,
            "room_id": self.room_id,
            "game": self.game_id,
            "host_time": now,
        }
        if notice:
            welcome["notice"] = notice
        self._send(peer, welcome)
        self._send(peer, self.lobby_message(peer))
        if self.started:
            self._send_snapshot(peer)
            self._send_record(peer)  # a player back after the end keeps the game as those who stayed do
        self._lobby_changed()

    def _attach(self, peer: Peer, seat: LobbySeat, now: int) -> None:
        if seat.awaited is not None:
            seat.awaited = None  # the seat is the newcomer's for good, and a resumed room knows it
            self.session.journal.note_seat_taken(SeatTaken(self.seats.index(seat), seat.name, seat.token, now,
                                                              arrived=True))
        old = seat.peer
        peer.role, peer.seat = "player", seat
        seat.peer = peer
        seat.via = peer.via
        if old is not None and old is not peer:
            old.seat = None  # its later disconnect must not free the seat
            self._drop(old, "replaced", "Вы подключились к этому месту из другого окна.")
        seat.away_since = None
        if seat.substituted and self.session is not None:
            seat.substituted = False
            index = self.seats.index(seat)
            self._in_turn(lambda: self.session.set_bot(index, None))

    def _unique_name(self, wanted: str) -> str:
        base = P.clean_name(wanted) or f"Игрок {len(self.seats) + 1}"
        taken = {s.name for s in self.seats}
        name, n = base, 2
        while name in taken:
            name = f"{base[:P.MAX_NAME_CHARS - 3]} {n}"
            n += 1
        return name

    def _free_colour(self) -> str:
        taken = {s.colour for s in self.seats}
        return next((c for c in P.COLOUR_IDS if c not in taken), P.COLOUR_IDS[0])

    # ------------------------------------------------------------------ lobby
    def lobby_message(self, peer: Peer | None = None) -> dict:
        owner = self.owner()
        return {
            "type": "lobby",
            "room": self.room,
            "room_id": self.room_id,
            "game": self.game_id,
            "title": self.rules.title,
            "players": [self.min_players, self.max_players],
            "games": [dict(game) for game in self._games],
            "options": dict(self.options),
            "house_rules": [r.to_wire() for r in self.rules.house_rules],
            "turn_s": self.turn_timer_ms // 1000 if self.turn_timer_ms else None,
            "seats": [
                {
                    "seat": i,
                    "name": s.name,
                    "colour": s.colour,
                    "bot": s.bot_level,
                    "ready": s.ready or s.is_bot,
                    "connected": s.is_bot or s.peer is not None,
                    "substituted": s.substituted,
                    "feminine": gender_of(s.name) == "femn",  # for pages that cannot read a name's sex themselves
                }
                for i, s in enumerate(self.seats)
            ],
            "owner": self.seats.index(owner) if owner is not None else None,
            "spectators": sum(1 for p in self.peers if p.watch is not None),
            "started": self.started,
            "over": self.started and self.rules.is_over(self.session.state),
            "you": self.seats.index(peer.seat) if peer is not None and peer.seat is not None else None,
        }

    def owner(self) -> LobbySeat | None:
        """The first person seated who is here: they choose the game and start it."""
        return next((s for s in self.seats if not s.is_bot and s.peer is not None), None)

    def seats_text(self) -> str:
        return f"{len(self.seats)}/{self.max_players}"

    def _lobby_changed(self) -> None:
        self._sync_listeners()
        packed: dict[int | None, bytes] = {}  # one encoding per «you»: every watcher shares one
        base: dict | None = None
        for peer in list(self.peers):
            if peer.role is None:
                continue
            if peer.slow():  # a reader this far behind gets only the latest lobby, once it catches up
                peer.lobby_due = True
                continue
            you = self.seats.index(peer.seat) if peer.seat is not None else None
            if you not in packed:
                base = base or self.lobby_message()
                packed[you] = P.pack({**base, "you": you})
            peer.lobby_due = False
            self._send(peer, base, packed[you])
        self.on_change()

    def caught_up(self, peer: Peer) -> None:
        """A slow reader's backlog drained: what it skipped, as one lobby and one full snapshot."""
        if peer.closed or peer.role is None:
            return
        if peer.lobby_due:
            peer.lobby_due = False
            self._send(peer, self.lobby_message(peer))
        if peer.snapshot_due and self.session is not None:
            peer.snapshot_due = False
            self._send_snapshot(peer)

    def _lobby_op(self, peer: Peer, ref: str, owner_only: bool) -> bool:
        """Common gate of lobby operations: an error is sent when the peer may not do it."""
        if peer.seat is None:
            self._send(peer, P.error("spectator", "Зрители не могут менять комнату.", ref))
            return False
        if self.started:
            self._send(peer, P.error("started", "Игра уже началась.", ref))
            return False
        if owner_only and self.owner() is not peer.seat:
            self._send(peer, P.error("not_owner", "Это может сделать только хозяин комнаты.", ref))
            return False
        return True

    def _seat_at(self, peer: Peer, index: int, ref: str) -> LobbySeat | None:
        if not 0 <= index < len(self.seats):
            self._send(peer, P.error("seat", "Такого места нет.", ref))
            return None
        return self.seats[index]

    def _on_ready(self, peer: Peer, msg: dict, now: int) -> None:
        if self._lobby_op(peer, "ready", False):
            peer.seat.ready = msg["ready"]
            self._lobby_changed()

    def _on_rename(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "rename", False):
            return
        if not P.clean_name(msg["name"]):
            self._send(peer, P.error("name", "Имя не может быть пустым.", "rename"))
            return
        peer.seat.name = ""
        peer.seat.name = self._unique_name(msg["name"])
        self._lobby_changed()

    def _on_colour(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "colour", False):
            return
        colour = msg["colour"]
        if colour not in P.COLOUR_IDS:
            self._send(peer, P.error("colour", "Такого цвета нет.", "colour"))
        elif any(s.colour == colour and s is not peer.seat for s in self.seats):
            self._send(peer, P.error("colour", "Этот цвет уже занят.", "colour"))
        else:
            peer.seat.colour = colour
            self._lobby_changed()

    def _on_set_game(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "set_game", True):
            return
        game_id = msg["game"]
        info = rules_registry.BY_ID.get(game_id)
        if info is None or not rules_registry.available(game_id):
            self._send(peer, P.error("game", "Такой игры пока нет.", "set_game"))
            return
        most = rules_registry.player_range(game_id)[1]
        if len(self.seats) > most:
            self._send(peer, P.error("game", f"В «{info.title}» играют не больше {most}.", "set_game"))
            return
        self.game_id, self.rules = game_id, rules_registry.load(game_id)
        self.options = resolve_options(self.rules.house_rules, None)
        for seat in self.seats:
            seat.ready = False
        self._lobby_changed()

    def _on_set_options(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "set_options", True):
            return
        try:
            self.options = resolve_options(self.rules.house_rules, {**self.options, **msg["options"]})
        except Rejected as rej:
            self._send(peer, P.error(rej.code, rej.reason, "set_options"))
            return
        for seat in self.seats:
            seat.ready = False
        self._lobby_changed()

    def _on_set_timer(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "set_timer", True):
            return
        seconds = msg["turn_s"]
        if seconds is not None and seconds != 0 and not 5 <= seconds <= 600:
            self._send(peer, P.error("timer", "Время на ход — от 5 до 600 секунд.", "set_timer"))
            return
        self.turn_timer_ms = seconds * 1000 if seconds else None
        self._lobby_changed()

    def _on_add_bot(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "add_bot", True):
            return
        if msg["level"] not in LEVEL_LABELS:
            self._send(peer, P.error("level", "Такого уровня ботов нет.", "add_bot"))
        elif len(self.seats) >= self.max_players:
            self._send(peer, P.error("full", "Все места заняты.", "add_bot"))
        else:
            self._add_bot(msg["level"])
            self._lobby_changed()

    def _on_take_bot_seat(self, peer: Peer, msg: dict, now: int) -> None:
        """A newcomer takes over the first seat a bot plays for nobody: a lobby bot's. A person's seat a bot covers
        while they are away has no bot level (``substituted`` instead) and stays theirs. The seat becomes a person's
        with a key of its own, which only the asking connection learns; the newcomer connects with it like a returning
        player and plays on from where the bot stood, and a bot covers the seat if nobody comes. A seated window asks
        for a second person at it (a pad arriving mid-game), and the seat keeps its name; a spectator (a latecomer's
        phone, a laptop that watches) asks for itself, and the seat takes the name it gave."""
        if self.session is None:
            self._send(peer, P.error("seat", "Место бота можно занять только за столом идущей игры.", "take_bot_seat"))
            return
        if peer.watch == TV:
            self._send(peer, P.error("spectator", "Экран стола только показывает игру: садятся за стол с телефона "
                                                  "или компьютера.", "take_bot_seat"))
            return
        if not peer.may_sit:
            self._send(peer, P.error("spectator", "Чтобы сесть за стол, откройте страницу по QR-коду с большого "
                                                  "экрана или введите код комнаты.", "take_bot_seat"))
            return
        if self.rules.is_over(self.session.state):
            self._send(peer, P.error("over", "Игра уже окончена.", "take_bot_seat"))
            return
        index = next((i for i, s in enumerate(self.seats) if s.is_bot), None)
        if index is None:
            self._send(peer, P.error("full", "Свободных мест нет: все места заняты людьми.", "take_bot_seat"))
            return
        seat = self.seats[index]
        seat.awaited = AwaitedNewcomer(seat.name, seat.bot_level, now + self.newcomer_wait_ms)
        if peer.seat is None:
            seat.name = ""  # not a clash with the name it gives up
            seat.name = self._unique_name(peer.name or f"Игрок {index + 1}")
        seat.bot_level, seat.token, seat.away_since = None, secrets.token_urlsafe(18), now
        # on disk before the key leaves the host: a crash while the bot still thinks about a move due earlier (the
        # hand-over waits for it) must not give the seat back to a bot. Not a move, so its place among them is free.
        self.session.journal.note_seat_taken(SeatTaken(index, seat.name, seat.token, now, arrived=False))
        self._in_turn(lambda: self.session.set_bot(index, None))
        self._send(peer, {"type": "seat_key", "seat": index, "token": seat.token})
        self._lobby_changed()

    def _give_back_to_bot(self, index: int, now: int) -> None:
        """The newcomer's key did not come in time: the seat is its bot's again, under its name, and offered again
        (``take_bot_seat``); the key fits no seat any more."""
        seat = self.seats[index]
        awaited, seat.awaited = seat.awaited, None
        seat.name = ""
        seat.name = self._unique_name(awaited.bot_name)
        self._returned_keys.add(seat.token)
        seat.bot_level, seat.token = awaited.bot_level, secrets.token_urlsafe(18)
        seat.away_since, seat.substituted = None, False
        self._turn_deadline.pop(index, None)
        self.session.journal.note_seat_taken(SeatTaken(index, seat.name, seat.token, now, bot=seat.bot_level))
        self._in_turn(lambda: self.session.set_bot(index, awaited.bot_level))
        self._lobby_changed()

    def _returned_reason(self) -> str:
        """Why a late newcomer's key fits no seat, and whether sitting down again can help (docs/PROTOCOL.md §11)."""
        seconds = self.newcomer_wait_ms // 1000
        within = "за минуту" if seconds == 60 else f"за {seconds} с"
        if self.session is not None and not self.rules.is_over(self.session.state) and any(s.is_bot for s in self.seats):
            return f"Место снова занял бот: вы не подключились {within}. Можно сесть снова."
        if self.session is not None and self.rules.is_over(self.session.state):
            return f"Место снова занял бот: вы не подключились {within}. Игра уже окончена."
        return f"Место снова занял бот: вы не подключились {within}. Теперь за ним играет другой человек."

    def _add_bot(self, level: str) -> None:
        n = sum(1 for s in self.seats if s.is_bot) + 1
        self.seats.append(LobbySeat(self._unique_name(f"Бот {n}"), self._free_colour(), secrets.token_urlsafe(18), level))

    def _on_remove_bot(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "remove_bot", True):
            return
        seat = self._seat_at(peer, msg["seat"], "remove_bot")
        if seat is None:
            return
        if not seat.is_bot:
            self._send(peer, P.error("seat", "На этом месте не бот.", "remove_bot"))
            return
        self.seats.remove(seat)
        self._lobby_changed()

    def _on_kick(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "kick", True):
            return
        seat = self._seat_at(peer, msg["seat"], "kick")
        if seat is None:
            return
        if seat is peer.seat or seat.is_bot:
            self._send(peer, P.error("seat", "Исключить можно только другого игрока.", "kick"))
            return
        victim = seat.peer
        self.seats.remove(seat)
        seat.peer = None
        if victim is not None:
            victim.seat = None
            self._drop(victim, "kicked", "Хозяин комнаты исключил вас.")
        self._lobby_changed()

    def _on_start(self, peer: Peer, msg: dict, now: int) -> None:
        if not self._lobby_op(peer, "start", True):
            return
        unready = [s.name for s in self.seats if not s.is_bot and not s.ready and s is not peer.seat]
        if unready:
            self._send(peer, P.error("not_ready", "Ещё не готовы: " + ", ".join(unready) + ".", "start"))
            return
        if not self.min_players <= len(self.seats) <= self.max_players:
            self._send(peer, P.error("players", f"Нужно от {self.min_players} до {self.max_players} игроков.", "start"))
            return
        try:
            self.start(now)
        except Rejected as refusal:  # the rules in force do not fit these seats («Командная игра — для 4, 6…»)
            # everyone at the table waits for this start: each is told why it did not come, as a local setup says
            for seated in [other for other in self.peers if other.seat is not None and not other.closed]:
                self._send(seated, P.error("options", refusal.reason, "start"))

    # ------------------------------------------------------------------ the game
    def start(self, now: int | None = None) -> None:
        now = self.now() if now is None else now
        journal = Journal(self._journal_file())
        self.session = Session(
            self.game_id,
            [SeatInfo(s.name, s.bot_level) for s in self.seats],
            self.seed,
            self.options,
            start_ms=now,
            journal=journal,
            journal_extra=self._journal_extra(now),
            thinker=self._thinker(),
        )
        self.session.on_over = self._game_over
        self._listen()  # every seat, spectator and TV screen gets its first full view now
        self._lobby_changed()
        self._after_change(now)

    def _journal_file(self) -> str | os.PathLike | None:
        """``journal_path`` is a file, or a folder of journals where this room gets its own."""
        path = self.journal_path
        if path is not None and os.path.isdir(path):
            return room_journal(path, self.room_id)
        return path

    def _journal_extra(self, start_ms: int) -> dict:
        return {
            "room": self.room,
            "room_id": self.room_id,
            "port": self.port,  # a resumed room listens there again, where its clients reconnect
            "start_ms": start_ms,
            "turn_timer_ms": self.turn_timer_ms,
            "lobby": [{"name": s.name, "colour": s.colour, "bot": s.bot_level, "token": s.token} for s in self.seats],
        }

    def _game_over(self, session: Session) -> None:
        """The game has ended (its last update is out): the record is made once, kept where ``on_finished`` says,
        and sent to the windows at the table. A phone's page keeps no history (its machine's is the host's), and a
        watcher played no game of its own."""
        kinds = [(BOT, s.bot_level) if s.is_bot else (s.via, None) for s in self.seats]
        self.record = finished_record(session, room_key(self.room_id), kinds)
        message = {"type": "game_record", **self.record.to_wire()}
        data = P.pack(message)
        if len(data) > P.MAX_HOST_MESSAGE // 2:  # a journal that long is not worth a link: the summary goes alone
            data = P.pack({**message, "journal": None})
        self._record_bytes = data
        if self.on_finished is not None:
            self.on_finished(self.record)
        for peer in list(self.peers):
            self._send_record(peer)

    def _send_record(self, peer: Peer) -> None:
        if self._record_bytes is not None and peer.seat is not None and peer.via != PHONE:
            self._send(peer, {"type": "game_record"}, self._record_bytes)

    def _listen(self) -> None:
        """Every seat, spectator and TV screen someone is at gets its first full view now."""
        assert self.session is not None
        self._listening = set()
        self._sync_listeners(initial=True)

    def _sync_listeners(self, initial: bool = False) -> None:
        """Listen to exactly the seats and watcher views someone receives: the session builds a
        view (and legal list) per listened seat on every change, and nobody's is wasted work."""
        if self.session is None:
            return
        wanted = {i for i, s in enumerate(self.seats) if s.peer is not None and not s.peer.closed}
        wanted |= {p.watch for p in self.peers if p.watch is not None and not p.closed}
        for seat in sorted(wanted - self._listening):
            self._listening.add(seat)
            # a later arrival already had its snapshot from the handshake: no second one
            self._muted = not initial
            try:
                self.session.listen(seat, self._fan_out)
            finally:
                self._muted = False
        for seat in self._listening - wanted:
            self._listening.discard(seat)
            self.session.unlisten(seat, self._fan_out)

    def _audience(self, seat: int) -> list[Peer]:
        if seat >= 0:
            peer = self.seats[seat].peer
            return [peer] if peer is not None and not peer.closed else []
        return [p for p in self.peers if p.watch == seat and not p.closed]

    def _fan_out(self, seat: int, message: dict) -> None:
        """A Session listener: one packing per seat, the same bytes written to everyone watching
        from it (all spectators share one encoding, all TV screens another)."""
        if self._muted:
            return
        peers = self._audience(seat)
        if not peers:
            return
        for peer in peers:
            if peer.snapshot_due or peer.slow():  # behind: one snapshot replaces what it skips
                peer.snapshot_due = True
        peers = [p for p in peers if not p.snapshot_due]
        if not peers:
            return
        data = P.pack(self._decorate(message))
        if seat >= 0:  # only players press reflexes: watchers need no send times
            now = self.now()
            for peer in peers:
                self._remember_sent(peer, message["state_id"], now)
        for peer in peers:
            self._send(peer, message, data)

    def _decorate(self, message: dict) -> dict:
        out = {**message, "t": self.now(), "reflex_kinds": self._reflex_kinds()}
        if message.get("over"):
            if self._result is None or self._result[0] != message["state_id"]:
                self._result = (message["state_id"], self.rules.result(self.session.state))
            out["result"] = self._result[1]
        return out

    def _reflex_kinds(self) -> list[str]:
        """The action kinds of this game judged by press time: a ``legal`` entry of such a kind is
        a reflex (a client may send it whatever ``state_id`` it last saw)."""
        return sorted(kind for kind, cls in self.rules.actions.by_kind.items() if getattr(cls, "reflex", False))

    def _remember_sent(self, peer: Peer, state_id: int, now: int) -> None:
        peer.sent_at.setdefault(state_id, now)
        while len(peer.sent_at) > _SENT_MEMORY:
            peer.sent_at.popitem(last=False)

    def _send_snapshot(self, peer: Peer) -> None:
        assert self.session is not None
        seat = self.seats.index(peer.seat) if peer.seat is not None else peer.watch
        message = self.session.snapshot_message(seat)
        self._remember_sent(peer, message["state_id"], self.now())
        self._send(peer, self._decorate(message))

    def _on_action(self, peer: Peer, msg: dict, now: int) -> None:
        if peer.seat is None:
            self._send(peer, P.error("spectator", "Зрители не могут делать ходы.", "action"))
            return
        if self.session is None:
            self._send(peer, P.error("not_started", "Игра ещё не началась.", "action"))
            return
        session = self.session
        seat = self.seats.index(peer.seat)
        try:
            action = session.decode(msg["action"])
        except Rejected as rej:
            self._send(peer, P.error(rej.code, rej.reason, "action"))
            return
        state_id = msg["state_id"]
        # only the moment of a reflex press crosses the network; the session judges everything else
        pressed = self.press_time(peer, msg.get("pressed"), state_id, now) if action.reflex else None

        def judge() -> None:
            outcome = session.receive(seat, action, now, pressed, state_id=state_id)
            if not outcome.accepted:
                assert outcome.error is not None
                self._send(peer, P.error(outcome.error.code, outcome.error.reason, "action", action=msg["action"]))
                return
            self._turn_deadline.pop(seat, None)
            self._after_change(now)

        self._in_turn(judge, at_ms=now)  # its moment is its arrival, even when it waits for a bot's move before it

    @staticmethod
    def press_time(peer: Peer, pressed: float | None, state_id: int, now: int) -> int:
        """Host time of a reflex press stamped on the client's clock.

        The client's offset converts it; the result is clamped to what the measured round
        trip allows (the press travelled at most one round trip) and never precedes the
        moment this peer was sent the state it reacted to."""
        if pressed is None or peer.offset is None:
            return now
        rtt = min(max(peer.rtt or 0.0, 0.0), P.MAX_RTT_MS)
        earliest = now - rtt - FRAME_MS
        sent = peer.sent_at.get(state_id)
        if sent is not None:
            earliest = max(earliest, sent)
        return int(round(min(max(pressed + peer.offset, earliest), now)))

    def _on_ping(self, peer: Peer, msg: dict, now: int) -> None:
        if msg.get("offset") is not None and msg.get("rtt") is not None:
            peer.offset, peer.rtt = float(msg["offset"]), float(msg["rtt"])
        self._send(peer, {"type": "pong", "id": msg["id"], "t": msg["t"], "host": now})

    def _on_bye(self, peer: Peer, msg: dict, now: int) -> None:
        peer.closed = True
        peer.close()
        self.disconnect(peer)

    # ------------------------------------------------------------------ bots thinking off the loop
    def think_off_loop(self, wake: Callable[[], None]) -> None:
        """From now on the bots of this room think on a worker thread (game/net/thinking.py), not on the thread
        that answers the peers. ``wake`` is called on the worker as each answer is ready: it must have the host's
        thread call ``advance``, and what waited for that bot goes on."""
        self._wake = wake
        if self.session is not None and self.session.thinker is None:
            self.session.thinker = self._thinker()

    def _thinker(self) -> ThreadThinker | None:
        return ThreadThinker(on_answer=self._answered) if self._wake is not None else None

    def _answered(self) -> None:
        self._wake()  # the loop serving the room now: a core served again by another loop keeps its thinker

    @property
    def waiting_for_bots(self) -> bool:
        """Something that happened (an action, a timer, a seat changing hands) waits for a bot still thinking
        about a move that comes before it."""
        return bool(self._held)

    def _in_turn(self, step: Callable[[], None], at_ms: int | None = None) -> None:
        """Run ``step`` on the game in its turn: after every step that came before it and, with ``at_ms``, after
        every timer and bot move due by then. When a bot still thinks about such a move, the step waits for its
        answer (in arrival order, keeping ``at_ms``) and the host's thread goes on answering the peers: the game
        changes exactly as if the bot had thought inline."""
        if self._stepping:
            step()  # part of the step running now
            return
        self._run_held()
        if not self._held and self._caught_up(at_ms):
            self._step(step)
        else:
            self._held.append((at_ms, step, None))

    def _caught_up(self, at_ms: int | None) -> bool:
        return at_ms is None or self.session.advance(at_ms, wait=False)

    def _run_held(self) -> None:
        """The steps that waited for the bots, in order, as far as their answers allow."""
        while self._held:
            at_ms, step, answer = self._held[0]
            if (answer is not None and not answer.done()) or not self._caught_up(at_ms):
                return
            self._held.popleft()
            try:
                self._step(step)
            except Exception:  # noqa: BLE001 - a late step's bug must not cost the message that let it run
                log.exception("host: a step that waited for a bot failed")

    def _step(self, step: Callable[[], None]) -> None:
        self._stepping = True
        try:
            step()
        finally:
            self._stepping = False

    # ------------------------------------------------------------------ timers
    def next_wakeup(self) -> int | None:
        if self._held:
            return None  # everything waits for a bot still thinking: its answer wakes the host (think_off_loop)
        times = list(self._turn_deadline.values())
        if self.session is not None:
            due = self.session.next_due()
            if due is not None:
                times.append(due)
            for seat in self.seats:
                if seat.away_since is not None and not seat.substituted:
                    times.append(seat.away_since + self.takeover_ms)
                if seat.awaited is not None:
                    times.append(seat.awaited.until_ms)
        return min(times) if times else None

    def advance(self, now: int | None = None) -> None:
        """Run everything due by ``now``: rules timers, bots, takeovers of absent seats, idle turns."""
        now = self.now() if now is None else now
        if self.session is None:
            return
        before: list[int] = []
        for index, seat in enumerate(self.seats):
            if seat.awaited is not None and now >= seat.awaited.until_ms:
                self._give_back_to_bot(index, now)

        def take_over_absent() -> None:
            for seat in self.seats:
                if seat.away_since is not None and not seat.substituted and now >= seat.away_since + self.takeover_ms:
                    self._substitute(seat)
            before.append(self.session.state_id)

        def after_idle_turns() -> None:
            if self.session.state_id != before[0]:
                self._after_change(now)

        self._in_turn(take_over_absent)
        # after every timer and bot move due by now (``_in_turn``)
        self._in_turn(lambda: self._play_idle_turns(now, after_idle_turns), at_ms=now)

    def _substitute(self, seat: LobbySeat) -> None:
        if self.session is None or seat.substituted:
            return
        seat.substituted = True
        index = self.seats.index(seat)
        self._in_turn(lambda: self.session.set_bot(index, SUBSTITUTE_LEVEL))
        self._lobby_changed()

    def _play_idle_turns(self, now: int, then: Callable[[], None]) -> None:
        """The turn timers run out by ``now``, the earliest first: a bot makes one move for each idle person, then
        ``then``. A bot that thinks off the loop holds the rest of this moment (before anything that came later)
        until it answers; the moves are made at ``now`` all the same."""
        assert self.session is not None
        while True:
            expired = [(index, deadline) for index, deadline in self._turn_deadline.items() if deadline <= now]
            if not expired:
                break
            index = min(expired, key=lambda kv: kv[1])[0]
            self._turn_deadline.pop(index, None)
            bot = self._idle_bots.get(index)
            if bot is None:
                bot = self._idle_bots[index] = make_bot(self.game_id, "novice", index, self.seed ^ (index + 1) * 104729)
            thinker = self.session.thinker
            if thinker is not None and least_delay_ms(bot) > 0:
                # the rules' legal actions on the worker too: on a board they are the full move search
                answer = thinker.consider(bot, self.rules, self.session.state, index, now, _not_reflexes)

                def move_then_go_on(index=index, answer=answer) -> None:
                    legal, choice = answer.result()  # what the rules raised is raised here, as it was inline
                    if legal:
                        self._idle_move(index, legal, choice, now)
                    self._play_idle_turns(now, then)

                self._held.appendleft((None, move_then_go_on, answer))
                return
            legal = _not_reflexes(self.rules.legal_actions(self.session.state, index))
            if legal:
                view = self.rules.view(self.session.state, index)
                self._idle_move(index, legal, answer_of(ask(bot, view, legal, now)), now)
        then()

    def _idle_move(self, index: int, legal: list, choice: Any, now: int) -> None:
        """The idle person's move: the bot's if the rules offer it, else the seat's fallback (the bot would wait,
        chose what is not offered, or failed: its plan raised or answered nonsense, which is logged)."""
        if is_plan(choice) and choice[1] in legal:
            action = choice[1]
        else:
            if choice is not None and not is_plan(choice):
                self.session.note_bot_failure(index, choice)
            action = fallback_action(legal)
        self.session.submit(index, action, now)

    def _after_change(self, now: int) -> None:
        """Refresh the turn timers of people whose turn it now is."""
        if self.session is None or not self.turn_timer_ms:
            self._turn_deadline.clear()
            return
        waited_for = set(self.session.to_act())
        for index, seat in enumerate(self.seats):
            has_turn = not seat.is_bot and not seat.substituted and index in waited_for
            if not has_turn:
                self._turn_deadline.pop(index, None)
            else:
                self._turn_deadline.setdefault(index, now + self.turn_timer_ms)

    def close(self, reason: str = "Хост завершил игру.") -> None:
        self._held.clear()  # what still waited for a bot was never answered: the room ends before it
        for peer in list(self.peers):
            self._drop(peer, "shutdown", reason)
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
            else:
                seat.away_since = core.now()
            if seat.awaited is not None:  # nobody could come while the host was down: the wait begins again
                seat.awaited.until_ms = core.now() + core.newcomer_wait_ms
        session.on_over = core._game_over  # the game played on ends once, in this room: it is recorded once
        core._listen()
        return core

    @classmethod
    def replay_journal(cls, journal_path: str | os.PathLike, clock: Callable[[], int] = monotonic_ms,
                       room_id: str | None = None, salvage: bool = False, **kwargs: Any):
        """(core with its replayed session, header, entries), the file untouched; JournalError if
        the journal is damaged, from another room, or does not replay."""
        header, entries, seats_taken = Journal.read_room(journal_path, salvage=salvage)
        lobby = header.get("lobby")
        if not isinstance(lobby, list):
            raise JournalError("Этот журнал записан не сетевым хостом: продолжить нельзя.")
        if room_id is not None and header.get("room_id") != room_id:
            raise JournalError(f"Это журнал другой комнаты: «{header.get('room', '?')}» ({header.get('room_id', '?')}).")
        try:
            core = cls(header["game"], header.get("room", "Игротека"), clock=clock, seed=header["seed"],
                       options=header["options"], journal_path=None, turn_timer_ms=header.get("turn_timer_ms"),
                       **kwargs)
            core.room_id = header.get("room_id", core.room_id)
            core.port = header.get("port")
            core.seats = [LobbySeat(s["name"], s["colour"], s["token"], s["bot"]) for s in lobby]
            for taken in seats_taken:  # a seat changed hands mid-game: the last record of each is how it stands
                if not 0 <= taken.seat < len(core.seats):
                    raise JournalError(f"Журнал не воспроизводится: в нём занято место {taken.seat + 1}, "
                                       "которого за столом нет.")
                seat = core.seats[taken.seat]
                awaits = taken.bot is None and not taken.arrived and seat.is_bot
                seat.awaited = AwaitedNewcomer(seat.name, seat.bot_level, 0) if awaits else None  # until: resume's
                if taken.bot is not None and seat.bot_level is None:  # a newcomer's key that came too late
                    core._returned_keys.add(seat.token)
                seat.name, seat.bot_level, seat.token = taken.name, taken.bot, taken.token
            journal = Journal(None)
            session = replay_session(header, entries, [SeatInfo(s.name) for s in core.seats], journal,
                                     core._journal_extra(header["start_ms"]))
        except ReplayRefused as refused:
            raise JournalError(f"Журнал не воспроизводится: ход {refused.number} отклонён.") from None
        except JournalError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever a damaged or foreign file does, it is reported, not a traceback
            raise JournalError(f"Журнал не воспроизводится ({type(exc).__name__}).") from None
        journal.header = header
        journal.seats_taken = seats_taken
        core.session = session
        return core, header, entries


@dataclass
class SavedRoom:
    """A journal in the journals folder, as ``host --resume`` lists it."""

    path: str
    room_id: str
    room: str
    game: str
    moves: int
    over: bool = False
    busy: bool = False  # a host on this machine is running it now
    problem: str | None = None  # why it cannot be continued (damaged, not a room's journal)

    @property
    def resumable(self) -> bool:
        return self.problem is None and not self.over and not self.busy


def saved_rooms(folder: str | os.PathLike) -> list[SavedRoom]:
    """Every room journal in ``folder``, newest first, each replayed to tell where it stands."""
    from pathlib import Path

    from game.net.journal import SUFFIX, busy

    files = sorted(Path(folder).glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True) \
        if Path(folder).is_dir() else []
    out = []
    for path in files:
        room_id = path.name[:-len(SUFFIX)]
        if busy(path):
            out.append(SavedRoom(str(path), room_id, "?", "?", 0, busy=True))
            continue
        try:
            core, header, entries = HostCore.replay_journal(path, room_id=room_id)
        except JournalError as exc:
            out.append(SavedRoom(str(path), room_id, "?", "?", 0, problem=str(exc)))
            continue
        out.append(SavedRoom(str(path), room_id, core.room, core.game_id, core.session.state_id,
                             over=core.rules.is_over(core.session.state)))
    return out


# =========================================================================== asyncio server
def _malloc_trim() -> Callable[[int], int] | None:
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim  # glibc only; musl and others simply go without
    except (OSError, AttributeError):
        return None


_MALLOC_TRIM = _malloc_trim()
_TRIM_DELAY_S = 1.0


class LanHost:
    """Runs a ``HostCore`` behind a TCP server on a background thread with its own event loop."""

    def __init__(self, core: HostCore, bind: str = "0.0.0.0", port: int = 0, discovery: bool = False,
                 advertise_address: str | None = None):
        self.core = core
        self.bind = bind
        self.port = port
        self.discovery = discovery
        self.advertise_address = advertise_address
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped = threading.Event()
        self._startup_error: BaseException | None = None
        self._server: asyncio.AbstractServer | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._advertiser: Any = None
        self._trim: asyncio.TimerHandle | None = None
        self.transports: set[asyncio.Transport] = set()
        self.extra_txt: dict[str, str] = {}  # TXT properties a companion server adds (the web port)

    # ---------------------------------------------------------------- lifecycle
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        self._thread = threading.Thread(target=self._run, name="igroteka-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("Хост не запустился вовремя.")
        if self._startup_error is not None:
            raise self._startup_error
        return self.bind, self.port

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        except BaseException as exc:  # reported to the starter thread
            self._startup_error = exc
            self._ready.set()
        finally:
            self.loop.close()
            self._stopped.set()

    async def _serve(self) -> None:
        self._stop_future = self.loop.create_future()
        self._server = await self.loop.create_server(lambda: _HostProtocol(self), self.bind, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self.core.port = self.port
        self.core.on_change = self._on_lobby_change
        if self.discovery:
            from game.net.discovery import Advertiser

            self._advertiser = Advertiser(self.advertise_address or self.bind, self.port)
            await self._advertiser.start(self._txt())
        self.core.think_off_loop(self._bot_answered)
        self._reschedule()
        self._ready.set()
        try:
            await self._stop_future
        finally:
            if self._timer is not None:
                self._timer.cancel()
            self.core.close()
            if self._advertiser is not None:
                await self._advertiser.stop()
            self._server.close()
            for transport in list(self.transports):
                transport.close()
            await asyncio.sleep(0)  # let the transports flush their goodbyes

    def stop(self, timeout: float = 10.0) -> None:
        if self.loop is not None and not self._stopped.is_set():
            self.loop.call_soon_threadsafe(lambda: self._stop_future.done() or self._stop_future.set_result(None))
        self._stopped.wait(timeout)
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``fn`` on the host's thread (the only one that may touch the core) and return its result."""
        assert self.loop is not None

        async def run():
            result = fn()
            self._reschedule()
            return result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def connection_freed(self) -> None:
        """Hand the memory of dropped connections back to the system soon (once a second at most)."""
        if self._trim is None and _MALLOC_TRIM is not None:
            self._trim = self.loop.call_later(_TRIM_DELAY_S, self._return_memory)

    def _return_memory(self) -> None:
        # glibc keeps freed small blocks in its heap; a thousand dropped connections would stay
        # in the process's RSS for good without this
        self._trim = None
        _MALLOC_TRIM(0)

    # ---------------------------------------------------------------- timers and discovery
    def _reschedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        due = self.core.next_wakeup()
        if due is not None:
            delay = max(0.0, (due - self.core.now()) / 1000)
            self._timer = self.loop.call_later(delay, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._go_on()

    def _bot_answered(self) -> None:
        """A bot's answer is ready (called on its worker thread): the loop goes on with what waited for it."""
        try:
            self.loop.call_soon_threadsafe(self._go_on)
        except RuntimeError:  # the room closed meanwhile
            pass

    def _go_on(self) -> None:
        self.core.advance()
        self._reschedule()

    def _txt(self) -> dict:
        return {"game": self.core.game_id, "room": self.core.room, "seats": self.core.seats_text(),
                "version": str(P.PROTOCOL_VERSION), "started": "1" if self.core.started else "0",
                **self.extra_txt}

    def _on_lobby_change(self) -> None:
        if self._advertiser is not None:
            self.loop.create_task(self._advertiser.update(self._txt()))


def _not_reflexes(legal: list) -> list:
    """What the bot that moves for an idle person may choose from: never a reflex (nobody is made to press one)."""
    return [a for a in legal if not a.reflex]


def _ignore(*_: Any) -> None:
    pass


def _nothing_unsent() -> int:
    return 0


class _HostProtocol(asyncio.Protocol):
    def __init__(self, host: LanHost):
        self.host = host
        self.peer: Peer | None = None
        self.transport: asyncio.Transport | None = None
        self._hello_timer: asyncio.TimerHandle | None = None
        self._message_timer: asyncio.TimerHandle | None = None
        self._linger_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        # above this backlog the transport pauses us: lobby changes and updates are coalesced
        self.transport.set_write_buffer_limits(high=P.SLOW_READER_BYTES, low=P.SLOW_READER_BYTES // 4)
        self.host.transports.add(self.transport)
        self.peer = self.host.core.connect(Peer(send=self._write, close=self._hang_up,
                                                backlog=self.transport.get_write_buffer_size))
        self._hello_timer = self.host.loop.call_later(P.HELLO_TIMEOUT_S, self._hello_overdue)

    def _write(self, data: bytes) -> None:
        if self.transport.is_closing():
            return
        self.transport.write(data)
        if self.transport.get_write_buffer_size() > P.MAX_UNSENT:
            self.transport.abort()

    def _hang_up(self) -> None:
        """Close after a ``bye`` so that the client reads it: send what is queued, then FIN, and
        keep reading (and ignoring) what the client still sends for a moment. Closing at once
        with unread bytes in our socket would answer with a reset, which can destroy the bye."""
        if self.transport is None or self.transport.is_closing():
            return
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        try:
            self.transport.write_eof()
        except OSError:  # the client is already gone: nothing to say goodbye to
            self.transport.close()
            return
        self._linger_timer = self.host.loop.call_later(P.LINGER_S, self.transport.close)

    def _hello_overdue(self) -> None:
        if self.peer is not None and self.peer.role is None:
            self.host.core._drop(self.peer, "handshake", "Не дождались приветствия: соединение закрыто.")

    def _message_overdue(self) -> None:
        self._message_timer = None
        if self.peer is not None and not self.peer.closed:
            self.host.core._drop(self.peer, "slow", "Сообщение шло слишком долго: соединение закрыто.")

    def data_received(self, data: bytes) -> None:
        peer = self.peer
        if peer is None or peer.closed:
            return  # after our bye: read and forget until the client closes
        completed = peer.reader.messages
        try:
            self.host.core.receive(peer, data)
        finally:
            self._watch_partial(peer, completed)
            self.host._reschedule()

    def _watch_partial(self, peer: Peer, completed_before: int) -> None:
        """A message begun must be finished within MESSAGE_DEADLINE_S (a byte a second forever
        would hold the connection and its buffer)."""
        if peer.closed or not peer.reader.partial:
            if self._message_timer is not None:
                self._message_timer.cancel()
                self._message_timer = None
            return
        if self._message_timer is None or peer.reader.messages != completed_before:
            if self._message_timer is not None:
                self._message_timer.cancel()
            self._message_timer = self.host.loop.call_later(P.MESSAGE_DEADLINE_S, self._message_overdue)

    def resume_writing(self) -> None:
        if self.peer is not None:
            self.host.core.caught_up(self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.transports.discard(self.transport)
        for timer in (self._hello_timer, self._message_timer, self._linger_timer):
            if timer is not None:
                timer.cancel()
        self._hello_timer = self._message_timer = self._linger_timer = None
        peer = self.peer
        if peer is not None:
            self.host.core.disconnect(peer)
            # peer ↔ protocol ↔ transport form cycles: cut them so a dropped connection is freed
            # at once, not at the next full collection
            peer.send, peer.close, peer.backlog = _ignore, _ignore, _nothing_unsent
        self.peer = None
        self.transport = None
        self.host._reschedule()
        self.host.connection_freed()
