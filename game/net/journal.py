"""The journal: the seed, options and start time, then every accepted action and timer in order, and each seat a
person takes from a bot mid-game (and gives back, or comes to).

On disk it is a stream of msgpack maps, flushed after each entry so a crashed host can
resume with nothing lost (``python -m game host --resume``). In memory it is a list.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

import msgpack

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, two hosts must not resume one room there
    fcntl = None

SUFFIX = ".journal"


class JournalError(ValueError):
    """A journal that cannot be used (corrupt, foreign, busy); the reason is a Russian sentence."""


def room_journal(folder: str | os.PathLike, room_id: str) -> Path:
    """Each room's own journal in a folder of journals: two rooms on one machine never share one."""
    return Path(folder) / f"{room_id}{SUFFIX}"


def _open_private(path: str | os.PathLike, mode: str) -> BinaryIO:
    """The journal holds every seat's token: only its owner may read it. It is locked while a
    host writes it, so a second host cannot resume the same room on this machine."""
    flags = os.O_RDWR | os.O_CREAT | (os.O_TRUNC if mode == "wb" else 0)
    fd = os.open(path, flags, 0o600)
    try:
        if hasattr(os, "fchmod"):  # not on Windows, where the user's folder is private anyway
            os.fchmod(fd, 0o600)  # a journal written before this rule was world-readable
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise JournalError("Эту комнату уже ведёт другой хост на этой машине.") from None
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "r+b")


def busy(path: str | os.PathLike) -> bool:
    """A host on this machine is writing this journal now."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


@dataclass(frozen=True)
class JournalEntry:
    seat: int  # -1 for a timer (rules.tick), otherwise the acting seat
    action: Any  # the action's wire dict, None for a timer
    t_ms: int

    def to_wire(self) -> dict:
        return {"seat": self.seat, "action": self.action, "t": self.t_ms}


@dataclass(frozen=True)
class SeatTaken:
    """A seat changing hands mid-game: a person sat down in a bot's seat (``take_bot_seat``), from then on theirs under
    ``name``, ``token`` its key as the header's lobby keeps every person's; ``arrived`` once that key has come. The
    same record with ``bot`` a level: the key never came in time and the seat went back to that bot, under its name.
    Not a move: a replay of the game skips it, a resumed room seats it."""
    seat: int
    name: str
    token: str
    t_ms: int
    bot: str | None = None
    arrived: bool = True  # a record without the word (journals before the rule) is a person's for good

    def to_wire(self) -> dict:
        record = {"seat": self.seat, "name": self.name, "bot": self.bot, "token": self.token}
        if self.bot is None:
            record["arrived"] = self.arrived
        return {"seat_taken": record, "t": self.t_ms}

    @staticmethod
    def from_wire(record: dict) -> "SeatTaken | None":
        taken = record.get("seat_taken")
        if not isinstance(taken, dict) or not isinstance(record.get("t"), int):
            return None
        seat, name, token = taken.get("seat"), taken.get("name"), taken.get("token")
        bot, arrived = taken.get("bot"), taken.get("arrived", True)
        if not (isinstance(seat, int) and isinstance(name, str) and isinstance(token, str)
                and (bot is None or isinstance(bot, str)) and isinstance(arrived, bool)):
            return None
        return SeatTaken(seat, name, token, record["t"], bot, arrived)


class Journal:
    def __init__(self, path: str | os.PathLike | None):
        self.path = path
        self.header: dict | None = None
        self.entries: list[JournalEntry] = []
        self.seats_taken: list[SeatTaken] = []  # in the file among the entries, as each was decided
        self._file: BinaryIO | None = None

    def begin(self, game_id: str, seats: int, seed: int, options: dict, extra: dict | None = None, *,
              start_ms: int) -> None:
        # the start time makes the journal self-sufficient: replaying it needs no other knowledge of the host
        self.header = {"game": game_id, "seats": seats, "seed": seed, "options": options, **(extra or {}),
                       "start_ms": start_ms}
        if self.path is not None and self._file is None:
            self._file = _open_private(self.path, "wb")
            self._write({"header": self.header})

    def append(self, entry: JournalEntry) -> None:
        self.entries.append(entry)
        if self._file is not None:
            self._write(entry.to_wire())

    def note_seat_taken(self, taken: SeatTaken) -> None:
        self.seats_taken.append(taken)
        if self._file is not None:
            self._write(taken.to_wire())

    def _write(self, record: dict) -> None:
        assert self._file is not None
        self._file.write(msgpack.packb(record, use_bin_type=True))
        self._file.flush()
        os.fsync(self._file.fileno())

    def continue_file(self, path: str | os.PathLike) -> None:
        """After a resume: keep appending to ``path`` after the header and the entries replayed
        (``self.entries`` and ``self.seats_taken``), cutting what follows them: a torn record, or damage salvaged
        past."""
        keep = 1 + len(self.entries) + len(self.seats_taken)
        with open(path, "rb") as fh:
            unpacker = msgpack.Unpacker(fh, raw=False, strict_map_key=False)
            good = 0
            try:
                for count, _ in enumerate(unpacker, 1):
                    good = unpacker.tell()
                    if count == keep:
                        break
            except (msgpack.UnpackException, ValueError):
                pass
        self.path = path
        self._file = _open_private(path, "r+b")
        self._file.truncate(good)
        self._file.seek(good)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    @staticmethod
    def read(path: str | os.PathLike, salvage: bool = False) -> tuple[dict, list[JournalEntry]]:
        """Header and entries (``read_room``, without the seats taken)."""
        header, entries, _ = Journal.read_room(path, salvage)
        return header, entries

    @staticmethod
    def read_room(path: str | os.PathLike, salvage: bool = False
                  ) -> tuple[dict, list[JournalEntry], list[SeatTaken]]:
        """Header, entries and the seats people took from bots. A torn last record (the crash moment: a prefix of a
        record) is dropped. Damage anywhere else raises JournalError naming the last whole move, unless
        ``salvage``: then the journal ends there."""
        try:
            with open(path, "rb") as fh:
                return _read_records(fh, salvage)
        except OSError as exc:
            raise JournalError(f"Журнал не читается: {exc.strerror or exc}.") from None

    def __iter__(self) -> Iterator[JournalEntry]:
        return iter(self.entries)


def journal_bytes(header: dict, entries: Iterable[JournalEntry], seats_taken: Iterable[SeatTaken] = ()) -> bytes:
    """A journal as the file holds it (the header, then the entries and the seats taken in time order), in memory:
    a finished game's record carries it (game/net/record.py)."""
    records = [(e.t_ms, 0, i, e.to_wire()) for i, e in enumerate(entries)]
    records += [(t.t_ms, 1, i, t.to_wire()) for i, t in enumerate(seats_taken)]
    packed = [msgpack.packb({"header": header}, use_bin_type=True)]
    packed += [msgpack.packb(record, use_bin_type=True) for *_, record in sorted(records, key=lambda r: r[:3])]
    return b"".join(packed)


def read_journal_bytes(data: bytes) -> tuple[dict, list[JournalEntry], list[SeatTaken]]:
    """What ``journal_bytes`` made: header, entries and seats taken; JournalError (a Russian reason) if damaged."""
    return _read_records(io.BytesIO(data), salvage=False)


def _read_records(fh: BinaryIO, salvage: bool) -> tuple[dict, list[JournalEntry], list[SeatTaken]]:
    header: dict | None = None
    entries: list[JournalEntry] = []
    seats_taken: list[SeatTaken] = []
    unpacker = msgpack.Unpacker(fh, raw=False, strict_map_key=False)
    try:
        for record in unpacker:
            if header is None:
                if not isinstance(record, dict) or not isinstance(record.get("header"), dict):
                    raise JournalError("Это не журнал игры: в начале нет заголовка.")
                header = record["header"]
            elif isinstance(record, dict) and isinstance(record.get("seat"), int) \
                    and isinstance(record.get("t"), int):
                entries.append(JournalEntry(record["seat"], record.get("action"), record["t"]))
            elif isinstance(record, dict) and (taken := SeatTaken.from_wire(record)) is not None:
                seats_taken.append(taken)
            else:
                raise msgpack.FormatError("not an entry")
    except JournalError:
        raise
    except (msgpack.UnpackException, ValueError):
        if header is None:
            raise JournalError("Это не журнал игры: файл повреждён с самого начала.") from None
        if not salvage:
            raise JournalError(f"Журнал повреждён после хода {len(entries)}.") from None
    if header is None:
        raise JournalError("Это не журнал игры: в нём нет заголовка.")
    return header, entries, seats_taken
