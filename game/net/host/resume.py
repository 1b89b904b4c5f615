"""A room's journal (``<room id>.journal``): what its header keeps of the room besides the game (its name and id, its
port, the turn timer, every seat with its key), written when the game starts, and the room rebuilt from it after
a crash (``host --resume``): the same seats and keys, each seat as its last ``SeatTaken`` left it, the game
replayed to where it stopped. The rebuilt core's own settings come from its class (``make_core``)."""
from __future__ import annotations

import os
from typing import Any, Callable

from game.net.host.peer import AwaitedNewcomer, LobbySeat
from game.net.journal import Journal, JournalError, SeatTaken, room_journal
from game.net.local import monotonic_ms
from game.net.session import ReplayRefused, SeatInfo, replay_session


def journal_file(path: str | os.PathLike | None, room_id: str) -> str | os.PathLike | None:
    """``path`` is a file, or a folder of journals where this room gets its own."""
    if path is not None and os.path.isdir(path):
        return room_journal(path, room_id)
    return path


def header_extra(core: Any, start_ms: int) -> dict:
    """What the journal's header keeps of the room ``core`` serves, besides what every game's header holds."""
    return {
        "room": core.room,
        "room_id": core.room_id,
        "port": core.port,  # a resumed room listens there again, where its clients reconnect
        "start_ms": start_ms,
        "turn_timer_ms": core.turn_timer_ms,
        "lobby": [{"name": s.name, "colour": s.colour, "bot": s.bot_level, "token": s.token} for s in core.seats],
    }


def replayed_room(make_core: Callable[..., Any], journal_path: str | os.PathLike,
                  clock: Callable[[], int] = monotonic_ms, room_id: str | None = None, salvage: bool = False,
                  **kwargs: Any) -> tuple[Any, dict, list]:
    """(core with its replayed session, header, entries), the file untouched; JournalError if
    the journal is damaged, from another room, or does not replay."""
    header, entries, seats_taken = Journal.read_room(journal_path, salvage=salvage)
    lobby = header.get("lobby")
    if not isinstance(lobby, list):
        raise JournalError("Этот журнал записан не сетевым хостом: продолжить нельзя.")
    if room_id is not None and header.get("room_id") != room_id:
        raise JournalError(f"Это журнал другой комнаты: «{header.get('room', '?')}» ({header.get('room_id', '?')}).")
    try:
        core = make_core(header["game"], header.get("room", "Игротека"), clock=clock, seed=header["seed"],
                         options=header["options"], journal_path=None, turn_timer_ms=header.get("turn_timer_ms"),
                         **kwargs)
        core.room_id = header.get("room_id", core.room_id)
        core.port = header.get("port")
        core.roster.seats = [LobbySeat(s["name"], s["colour"], s["token"], s["bot"]) for s in lobby]
        _hand_over(core.roster.seats, seats_taken, core.roster.returned_keys)
        journal = Journal(None)
        session = replay_session(header, entries, [SeatInfo(s.name) for s in core.seats], journal,
                                 header_extra(core, header["start_ms"]))
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


def _hand_over(seats: list[LobbySeat], seats_taken: list[SeatTaken], returned_keys: set[str]) -> None:
    """A seat changed hands mid-game: the last record of each is how it stands."""
    for taken in seats_taken:
        if not 0 <= taken.seat < len(seats):
            raise JournalError(f"Журнал не воспроизводится: в нём занято место {taken.seat + 1}, "
                               "которого за столом нет.")
        seat = seats[taken.seat]
        awaits = taken.bot is None and not taken.arrived and seat.is_bot
        seat.awaited = AwaitedNewcomer(seat.name, seat.bot_level, 0) if awaits else None  # until: resume's
        if taken.bot is not None and seat.bot_level is None:  # a newcomer's key that came too late
            returned_keys.add(seat.token)
        seat.name, seat.bot_level, seat.token = taken.name, taken.bot, taken.token
