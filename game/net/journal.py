"""The journal: the seed, options and start time, then every accepted action and timer in order.

On disk it is a stream of msgpack maps, flushed after each entry so a crashed host can
resume with nothing lost (``python -m game host --resume``). In memory it is a list.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, BinaryIO, Iterator

import msgpack


@dataclass(frozen=True)
class JournalEntry:
    seat: int  # -1 for a timer (rules.tick), otherwise the acting seat
    action: Any  # the action's wire dict, None for a timer
    t_ms: int

    def to_wire(self) -> dict:
        return {"seat": self.seat, "action": self.action, "t": self.t_ms}


class Journal:
    def __init__(self, path: str | os.PathLike | None):
        self.path = path
        self.header: dict | None = None
        self.entries: list[JournalEntry] = []
        self._file: BinaryIO | None = None

    def begin(self, game_id: str, seats: int, seed: int, options: dict, extra: dict | None = None, *,
              start_ms: int) -> None:
        # the start time makes the journal self-sufficient: replaying it needs no other knowledge of the host
        self.header = {"game": game_id, "seats": seats, "seed": seed, "options": options, **(extra or {}),
                       "start_ms": start_ms}
        if self.path is not None and self._file is None:
            self._file = open(self.path, "wb")
            self._write({"header": self.header})

    def append(self, entry: JournalEntry) -> None:
        self.entries.append(entry)
        if self._file is not None:
            self._write(entry.to_wire())

    def _write(self, record: dict) -> None:
        assert self._file is not None
        self._file.write(msgpack.packb(record, use_bin_type=True))
        self._file.flush()
        os.fsync(self._file.fileno())

    def continue_file(self, path: str | os.PathLike) -> None:
        """After a resume: keep appending to ``path``, cutting a torn last record first."""
        with open(path, "rb") as fh:
            unpacker = msgpack.Unpacker(fh, raw=False, strict_map_key=False)
            good = 0
            try:
                for _ in unpacker:
                    good = unpacker.tell()
            except (msgpack.UnpackException, ValueError):
                pass
        self.path = path
        self._file = open(path, "r+b")
        self._file.truncate(good)
        self._file.seek(good)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    @staticmethod
    def read(path: str | os.PathLike) -> tuple[dict, list[JournalEntry]]:
        """Header and entries; a torn last record (the crash moment) is dropped."""
        header: dict | None = None
        entries: list[JournalEntry] = []
        with open(path, "rb") as fh:
            unpacker = msgpack.Unpacker(fh, raw=False, strict_map_key=False)
            try:
                for record in unpacker:
                    if "header" in record:
                        header = record["header"]
                    else:
                        entries.append(JournalEntry(record["seat"], record["action"], record["t"]))
            except (msgpack.UnpackException, ValueError):
                pass
        if header is None:
            raise ValueError("В журнале нет заголовка игры.")
        return header, entries

    def __iter__(self) -> Iterator[JournalEntry]:
        return iter(self.entries)
