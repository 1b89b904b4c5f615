"""What a finished game leaves behind: who played it and how (each seat's kind), the final scores and winners, the
rules in force with their Russian labels as they were, each player's best board move and longest run of UNO rounds
won, and the game's journal with the seats' keys blanked out. «История» keeps it (game/history.py); a LAN room
sends it to its players' windows when the game ends (``game_record``, docs/PROTOCOL.md §12), so that each keeps the
games it played. The journal replays the game (``session.replay_session``): a replay viewer rebuilds it from here.

Nothing here reads a clock: when the game ended is the keeping machine's business."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from game import rules as rules_registry
from game.net import protocol as P
from game.net.journal import JournalEntry, SeatTaken, journal_bytes, read_journal_bytes
from game.rules.base import SPECTATOR

# how a seat was played: a person at the screen of the machine that keeps the record («here»), a bot, a person whose
# window joined over the LAN, a person on a phone's page
HERE, BOT, LAN, PHONE = "here", "bot", "lan", "phone"
KINDS = (HERE, BOT, LAN, PHONE)
MAX_PLAYERS = 16
MAX_RULES = 128
MAX_TEXT = 200  # characters of a label, a title, a best move's words


@dataclass(frozen=True)
class PlayerRecord:
    seat: int
    name: str
    kind: str  # one of KINDS
    level: str | None  # the bot's level (game.bots.LEVELS) for a bot's seat
    score: int
    winner: bool
    best_word: str | None = None  # the words of the player's highest-scoring board move («КРОВ, ОВЕН»)
    best_score: int | None = None  # what that move scored
    uno_streak: int | None = None  # UNO: the most rounds won in a row in this game

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT


@dataclass(frozen=True)
class RuleRecord:
    id: str
    label: str  # the rule's Russian name as the game called it then
    value: Any
    value_label: str  # the value as the menus said it («вкл», «до 500», «60 с»)
    default: bool  # the value was the rule's default

    def said(self) -> str:
        """How the History screen lists a rule in force: a switch turned on by its label alone, anything else as
        «label: value»."""
        return self.label if self.value is True else f"{self.label}: {self.value_label}"


@dataclass(frozen=True)
class GameRecord:
    key: str  # the same game has the same key on every machine that keeps it (a LAN room's: ``room_key``)
    game: str
    title: str
    players: tuple[PlayerRecord, ...]
    rules: tuple[RuleRecord, ...]
    journal: bytes | None  # ``journal_bytes`` without keys; None when it was too big to be sent

    @property
    def winners(self) -> list[PlayerRecord]:
        return [p for p in self.players if p.winner]

    def changed_rules(self) -> list[RuleRecord]:
        """The rules whose value was not the default: what made this table differ from the rules as printed."""
        return [r for r in self.rules if not r.default]

    def played_here(self, seats: Iterable[int]) -> "GameRecord":
        """The record as the window that played ``seats`` keeps it: those seats are its own («here»)."""
        mine = set(seats)
        return replace(self, players=tuple(replace(p, kind=HERE) if p.seat in mine and not p.is_bot else p
                                           for p in self.players))

    def journal_parts(self) -> tuple[dict, list[JournalEntry], list[SeatTaken]] | None:
        """Header, entries and the seats taken, as ``Journal.read_room`` gives them; None without a journal.
        JournalError when the bytes are damaged."""
        return read_journal_bytes(self.journal) if self.journal is not None else None

    def to_wire(self) -> dict:
        return {
            "key": self.key,
            "game": self.game,
            "title": self.title,
            "players": [{"seat": p.seat, "name": p.name, "kind": p.kind, "level": p.level, "score": p.score,
                         "winner": p.winner, "best_word": p.best_word, "best_score": p.best_score,
                         "uno_streak": p.uno_streak} for p in self.players],
            "rules": [{"id": r.id, "label": r.label, "value": r.value, "value_label": r.value_label,
                       "default": r.default} for r in self.rules],
            "journal": self.journal,
        }

    @staticmethod
    def from_wire(data: Any) -> "GameRecord | None":
        """A record as ``to_wire`` made it, every field checked (it came from another machine); None otherwise."""
        try:
            return _from_wire(data)
        except (KeyError, TypeError, ValueError):
            return None


def _text(value: Any, optional: bool = False) -> str | None:
    if optional and value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError("not a text")
    return value


def _int(value: Any, optional: bool = False) -> int | None:
    if optional and value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("not a number")
    return value


def _from_wire(data: Any) -> GameRecord:
    players, rules = data["players"], data["rules"]
    if not (isinstance(players, list) and 0 < len(players) <= MAX_PLAYERS and isinstance(rules, list)
            and len(rules) <= MAX_RULES):
        raise ValueError("bad lists")
    journal = data["journal"]
    if journal is not None and not isinstance(journal, bytes):
        raise ValueError("bad journal")
    people = []
    for p in players:
        kind = p["kind"]
        if kind not in KINDS or not isinstance(p["winner"], bool):
            raise ValueError("bad player")
        people.append(PlayerRecord(_int(p["seat"]), _text(p["name"])[:P.MAX_NAME_CHARS], kind,
                                   _text(p["level"], True), _int(p["score"]), p["winner"],
                                   _text(p["best_word"], True), _int(p["best_score"], True),
                                   _int(p["uno_streak"], True)))
    said = []
    for r in rules:
        if not isinstance(r["default"], bool) or not isinstance(r["value"], (bool, int, float, str, type(None))):
            raise ValueError("bad rule")
        said.append(RuleRecord(_text(r["id"]), _text(r["label"]), r["value"], _text(r["value_label"]), r["default"]))
    return GameRecord(_text(data["key"]), _text(data["game"]), _text(data["title"]), tuple(people), tuple(said),
                      journal)


def room_key(room_id: str) -> str:
    """A LAN room's game as every window that played it keeps it (a room plays one game)."""
    return f"room-{room_id}"


# ---------------------------------------------------------------------------------------------- from a game
def finished_record(session, key: str, kinds: list[tuple[str, str | None]] | None = None) -> GameRecord:
    """The record of ``session``'s game, which is over. ``kinds``: each seat's (kind, bot level) as the host knew
    them; by default a bot's seat is a bot's and a person's seat is played at this screen."""
    rules = session.rules
    state = session.state
    result = rules.result(state) or {}
    count = len(session.seats)
    if kinds is None:
        kinds = [(BOT, s.bot_level) if s.is_bot else (HERE, None) for s in session.seats]
    scores = [int(x) for x in result.get("scores", [0] * count)]
    winners = set(result.get("winners", ()))
    best = best_moves(rules.view(state, SPECTATOR), count) if rules_registry.word_board(session.game_id) else {}
    streaks = uno_streaks(result.get("history", ()), count) if session.game_id == "uno" else None
    players = tuple(
        PlayerRecord(seat, info.name, kinds[seat][0], kinds[seat][1] if kinds[seat][0] == BOT else None,
                     scores[seat] if seat < len(scores) else 0, seat in winners,
                     *(best.get(seat) or (None, None)), streaks[seat] if streaks is not None else None)
        for seat, info in enumerate(session.seats))
    return GameRecord(key, session.game_id, rules.title, players, rules_in_force(rules.house_rules, session.options),
                      public_journal(session.journal))


def rules_in_force(house_rules, options: dict) -> tuple[RuleRecord, ...]:
    """Every option of the table with its Russian label and its value as the menus say it."""
    out = []
    for rule in house_rules:
        value = options.get(rule.id, rule.default)
        if rule.choices:
            value_label = next((label for choice, label in rule.choices if choice == value), str(value))
        elif isinstance(value, bool):
            value_label = "вкл" if value else "выкл"
        else:
            value_label = str(value)
        out.append(RuleRecord(rule.id, rule.label, value, value_label, value == rule.default))
    return tuple(out)


def best_moves(view: dict, count: int) -> dict[int, tuple[str, int]]:
    """Each seat's highest-scoring move on the board (the first such, on a tie): the words it made and its score,
    as the score sheet writes them. A move taken back after a challenge scored nothing and is not one."""
    best: dict[int, tuple[str, int]] = {}
    for move in view.get("history", ()):
        seat, score = move.get("seat"), move.get("score", 0)
        if move.get("kind") != "place" or not isinstance(seat, int) or not 0 <= seat < count:
            continue
        if seat not in best or score > best[seat][1]:
            best[seat] = (", ".join(move.get("words") or ())[:MAX_TEXT], int(score))
    return best


def uno_streaks(rounds: Iterable[dict], count: int) -> list[int]:
    """For each seat, the most UNO rounds it won one after another in this game (the round's winner as the score
    sheet names it)."""
    longest, running = [0] * count, [0] * count
    for entry in rounds:
        winner = entry.get("winner")
        for seat in range(count):
            running[seat] = running[seat] + 1 if seat == winner else 0
            longest[seat] = max(longest[seat], running[seat])
    return longest


def public_journal(journal) -> bytes:
    """The journal of a finished game for anyone who played it: the seats' keys blanked out, the rest as written
    (the seed and every hand may be seen now that the game is over)."""
    header = dict(journal.header)
    if isinstance(header.get("lobby"), list):
        header["lobby"] = [{**seat, "token": ""} for seat in header["lobby"]]
    taken = [replace(t, token="") for t in journal.seats_taken]
    return journal_bytes(header, journal.entries, taken)
