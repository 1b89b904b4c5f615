"""The lobby: the room before its game starts, and how the lobby message shows it.

It holds the game chosen, its house rules and the turn timer, and the seats (the roster). Until the start, anyone
seated may say they are ready, change their name or colour; the room's owner (the first person seated who is here)
chooses the game, its rules and the timer, adds and removes bots, sends a person away, and starts. Each change
either happens or raises ``Refused`` with what the asking peer is told; a watcher changes nothing.
"""
from __future__ import annotations

from typing import Callable

from game import rules as rules_registry
from game.bots import LEVEL_LABELS
from game.net import protocol as P
from game.net.host.peer import LobbySeat, Peer
from game.net.host.roster import Refused, Roster
from game.rules.base import Rejected, resolve_options
from game.rules.words_ru import gender_of

CHANGES = ("ready", "rename", "colour", "set_game", "set_options", "set_timer", "add_bot", "remove_bot", "kick")
OWNER_ONLY = {"set_game", "set_options", "set_timer", "add_bot", "remove_bot", "kick", "start"}


def _game_entry(info) -> dict:
    """A game as the lobby lists it: its seat counts are its rules', so only a game that is built has them; a board
    game carries its variants' look as data, for a table that cannot import the rules (the phones' page)."""
    available = rules_registry.available(info.id)
    entry = {"id": info.id, "title": info.title, "available": available, "page": info.table,
             "players": list(rules_registry.player_range(info.id)) if available else None}
    if available and info.word_board:
        from game.rules.board import LOOK  # imported with the game's rules a line above

        entry["look"] = LOOK.for_page()
    return entry


class Lobby:
    def __init__(self, roster: Roster, game_id: str, options: dict | None, turn_timer_ms: int | None,
                 max_players: int | None, started: Callable[[], bool]):
        self.roster = roster
        self.rules = rules_registry.load(game_id)
        # Knowing whether a game is available imports its rules: done here, before the room serves, because on the
        # first lobby it froze the host's loop for half a second and delayed every pong in flight.
        self.games = [_game_entry(g) for g in rules_registry.GAMES]
        self.game_id = game_id
        self.options = resolve_options(self.rules.house_rules, options)
        self.turn_timer_ms = turn_timer_ms
        self._max_players_override = max_players
        self._started = started

    @property
    def max_players(self) -> int:
        if self._max_players_override is not None:
            return self._max_players_override
        return self.rules.max_players

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    def message(self, room: str, room_id: str, spectators: int, over: bool, you: int | None) -> dict:
        seats = self.roster.seats
        owner = self.roster.owner()
        return {
            "type": "lobby",
            "room": room,
            "room_id": room_id,
            "game": self.game_id,
            "title": self.rules.title,
            "players": [self.min_players, self.max_players],
            "games": [dict(game) for game in self.games],
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
                for i, s in enumerate(seats)
            ],
            "owner": seats.index(owner) if owner is not None else None,
            "spectators": spectators,
            "started": self._started(),
            "over": over,
            "you": you,
        }

    # ------------------------------------------------------------------ changes
    def change(self, kind: str, seat: LobbySeat | None, msg: dict) -> Peer | None:
        """The change ``kind`` (one of ``CHANGES``) asked by whoever sits at ``seat`` (None: a watcher). Returns the
        peer a kick sends away (the caller cuts it off), else None."""
        self._may_change(seat, kind)
        return getattr(self, f"_{kind}")(seat, msg)

    def may_start(self, seat: LobbySeat | None) -> None:
        """Raises ``Refused`` unless the one at ``seat`` may start the game now."""
        self._may_change(seat, "start")
        unready = [s.name for s in self.roster.seats if not s.is_bot and not s.ready and s is not seat]
        if unready:
            raise Refused("not_ready", "Ещё не готовы: " + ", ".join(unready) + ".")
        if not self.min_players <= len(self.roster.seats) <= self.max_players:
            raise Refused("players", f"Нужно от {self.min_players} до {self.max_players} игроков.")

    def _may_change(self, seat: LobbySeat | None, kind: str) -> None:
        if seat is None:
            raise Refused("spectator", "Зрители не могут менять комнату.")
        if self._started():
            raise Refused("started", "Игра уже началась.")
        if kind in OWNER_ONLY and self.roster.owner() is not seat:
            raise Refused("not_owner", "Это может сделать только хозяин комнаты.")

    def _seat_at(self, index: int) -> LobbySeat:
        if not 0 <= index < len(self.roster.seats):
            raise Refused("seat", "Такого места нет.")
        return self.roster.seats[index]

    def _ready(self, seat: LobbySeat, msg: dict) -> None:
        seat.ready = msg["ready"]

    def _rename(self, seat: LobbySeat, msg: dict) -> None:
        if not P.clean_name(msg["name"]):
            raise Refused("name", "Имя не может быть пустым.")
        self.roster.rename(seat, msg["name"])

    def _colour(self, seat: LobbySeat, msg: dict) -> None:
        colour = msg["colour"]
        if colour not in P.COLOUR_IDS:
            raise Refused("colour", "Такого цвета нет.")
        if any(s.colour == colour and s is not seat for s in self.roster.seats):
            raise Refused("colour", "Этот цвет уже занят.")
        seat.colour = colour

    def _set_game(self, seat: LobbySeat, msg: dict) -> None:
        game_id = msg["game"]
        info = rules_registry.BY_ID.get(game_id)
        if info is None or not rules_registry.available(game_id):
            raise Refused("game", "Такой игры пока нет.")
        most = rules_registry.player_range(game_id)[1]
        if len(self.roster.seats) > most:
            raise Refused("game", f"В «{info.title}» играют не больше {most}.")
        self.game_id, self.rules = game_id, rules_registry.load(game_id)
        self.options = resolve_options(self.rules.house_rules, None)
        self.roster.unready()

    def _set_options(self, seat: LobbySeat, msg: dict) -> None:
        try:
            self.options = resolve_options(self.rules.house_rules, {**self.options, **msg["options"]})
        except Rejected as rej:
            raise Refused(rej.code, rej.reason) from None
        self.roster.unready()

    def _set_timer(self, seat: LobbySeat, msg: dict) -> None:
        seconds = msg["turn_s"]
        if seconds is not None and seconds != 0 and not 5 <= seconds <= 600:
            raise Refused("timer", "Время на ход — от 5 до 600 секунд.")
        self.turn_timer_ms = seconds * 1000 if seconds else None

    def _add_bot(self, seat: LobbySeat, msg: dict) -> None:
        if msg["level"] not in LEVEL_LABELS:
            raise Refused("level", "Такого уровня ботов нет.")
        if len(self.roster.seats) >= self.max_players:
            raise Refused("full", "Все места заняты.")
        self.roster.add_bot(msg["level"])

    def _remove_bot(self, seat: LobbySeat, msg: dict) -> None:
        other = self._seat_at(msg["seat"])
        if not other.is_bot:
            raise Refused("seat", "На этом месте не бот.")
        self.roster.seats.remove(other)

    def _kick(self, seat: LobbySeat, msg: dict) -> Peer | None:
        other = self._seat_at(msg["seat"])
        if other is seat or other.is_bot:
            raise Refused("seat", "Исключить можно только другого игрока.")
        victim = other.peer
        self.roster.seats.remove(other)
        other.peer = None
        if victim is not None:
            victim.seat = None
        return victim
