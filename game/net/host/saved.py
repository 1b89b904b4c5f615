"""The rooms a journals folder holds, as ``host --resume`` lists them."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.net.host.core import HostCore
from game.net.journal import SUFFIX, JournalError, busy


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
