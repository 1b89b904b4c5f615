"""How a game begins — the one place that builds hosts: a local table (against bots, or several people at one screen),
a room opened on the LAN by this window or by ``python -m game host``, and a way into someone else's room.

Screens and the command line call these functions; scenes get connections (``send``/``poll``/``pump``), never a host.
Nothing here draws or imports a scene, so every screen can use it without an import cycle.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.net.session import SeatInfo

DEFAULT_PORT = 47_700
BOT_NAMES = ["Маша", "Петя", "Оля", "Дима", "Катя", "Серёжа", "Аня", "Витя", "Лена", "Гоша"]


class GameNotStarted(Exception):
    """The game could not begin; ``str(error)`` is a Russian sentence for the player."""


# ---------------------------------------------------------------------------------------------- a local table
def table_seats(count: int, people: dict[int, str], bot_level: str) -> list[SeatInfo]:
    """``count`` seats: the people's at their places, bots with names of their own at the others."""
    names = iter(BOT_NAMES * (count // len(BOT_NAMES) + 1))
    return [SeatInfo(people[seat]) if seat in people else SeatInfo(next(names), bot_level) for seat in range(count)]


def start_local(game_id: str, seats: list[SeatInfo], seed: int, options: dict | None = None,
                clock: Callable[[], int] | None = None, keep: bool = True) -> dict[int, Any]:
    """A game on this machine through the in-process host: one connection for each person's seat, by seat.
    ``keep``: once over, the game goes into this machine's «История» (a local or couch table: its people are «here»)."""
    from game.net.local import LocalHost

    try:
        host = LocalHost(game_id, seats, seed, options, **({"clock": clock} if clock is not None else {}))
    except Exception as exc:  # noqa: BLE001 - a bad saved option must not crash the menu
        raise GameNotStarted(f"Не удалось начать игру: {getattr(exc, 'reason', exc)}") from exc
    if keep:
        keep_when_over(host.session, host.game_key)
    return {seat: host.connect(seat) for seat, info in enumerate(seats) if not info.is_bot}


# ---------------------------------------------------------------------------------------------- «История»
# One place per way of playing learns that a game is over, and keeps it here: a local table (its session), a room this
# machine hosts (its host core, phones' games among them) and a room this window joined (its connection, told by the
# host). A game left before its end is not kept. A resumed room's game ends once and is kept once.
def keep_when_over(session, key: str) -> None:
    """``session``'s game goes into «История» when it ends."""
    def keep(over) -> None:
        from game import history
        from game.net.record import finished_record

        history.store().add(finished_record(over, key))

    session.on_over = keep


def keep_room_games(core) -> None:
    """A room this machine hosts keeps its game in «История» when it ends (seats as the room knew them: bots,
    windows over the LAN, phones)."""
    def keep(record) -> None:
        from game import history

        history.store().add(record)

    core.on_finished = keep


def keep_joined_game(record, seat: int | None) -> None:
    """A room this window joined told the finished game: kept with this window's seat as played «here»."""
    from game import history

    history.store().add(record, here=[seat] if seat is not None and seat >= 0 else [])


# A board game's first position needs its word graph (about a second to build): tables are dealt on one background
# thread so the window keeps drawing, and one thread only, so a warm-up under way is waited for, not built twice.
_dealer: ThreadPoolExecutor | None = None


def _dealing_thread() -> ThreadPoolExecutor:
    global _dealer
    if _dealer is None:
        _dealer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="igroteka-deal")
    return _dealer


def start_local_soon(game_id: str, seats: list[SeatInfo], seed: int, options: dict | None = None,
                     clock: Callable[[], int] | None = None) -> Future:
    """``start_local`` on the dealing thread: the future's result is its connections, or GameNotStarted."""
    return _dealing_thread().submit(start_local, game_id, seats, seed, options, clock)


def warm_up(game_id: str, options: dict | None = None) -> Future:
    """Deal a throwaway table of ``game_id`` in the background, so that what every table of it builds once (the
    lexicon, a board game's word graph) is ready before a player presses «Начать игру»."""
    def deal() -> None:
        from game import rules
        from game.bots import LEVELS

        try:
            start_local(game_id, table_seats(rules.load(game_id).min_players, {}, LEVELS[0]), 0, options, keep=False)
        except GameNotStarted:
            pass  # the real start says why, to the player

    return _dealing_thread().submit(deal)


# Trial rounds (bots trying a combination of house rules, for the rules screen) run on a thread of their own: a deal
# never waits behind them.
_trials: ThreadPoolExecutor | None = None


def trial_rounds(game_id: str, options: dict, rounds: int, players: int, level: str, seed: int,
                 stop: threading.Event, settled: Callable[[list], bool] = lambda history: False) -> Future:
    """Bots play ``game_id`` with ``options`` in the background until ``rounds`` rounds are over, the history so far
    ``settled`` the question, the match ends or ``stop`` is set; the future's result is the finished rounds' history
    (a list of dicts with their ``reason``)."""
    global _trials
    if _trials is None:
        _trials = ThreadPoolExecutor(max_workers=1, thread_name_prefix="igroteka-trial")

    def play() -> list[dict]:
        from game.net.session import Session

        seats = [SeatInfo(f"Бот {k + 1}", level) for k in range(players)]
        session = Session(game_id, seats, seed, options, start_ms=0)
        history = session.state.history
        while (not stop.is_set() and len(history) < rounds and not settled(history)
               and not session.rules.is_over(session.state)):
            due = session.next_due()
            if due is None:
                break
            session.advance(due)
        return list(session.state.history)

    return _trials.submit(play)


# «Повтор партии»: a finished game's journal is walked on a thread of its own (the window keeps drawing), and a board
# game's analysis on another (the master thinks about every turn: it takes a while, and the replay is shown meanwhile)
_replaying: ThreadPoolExecutor | None = None
_analysing: ThreadPoolExecutor | None = None


def replay_soon(header: dict, entries: list, seat: int) -> Future:
    """The replay of a finished game (``game.net.replay.ReplayTape``), its last step made ready for ``seat`` (a board
    game's word graph is built there once); the future raises ReplayUnavailable with a Russian reason."""
    global _replaying
    if _replaying is None:
        _replaying = ThreadPoolExecutor(max_workers=1, thread_name_prefix="igroteka-replay")

    def prepare():
        from game.net.replay import ReplayTape

        tape = ReplayTape(header, entries)
        tape.message(tape.last, seat)
        return tape

    return _replaying.submit(prepare)


def analyse_soon(header: dict, entries: list, progress, stop: threading.Event) -> Future:
    """The board game's analysis (``game.net.analysis.analyse``) with the machine's cores, one process a seat at most;
    ``progress`` is told as it goes, ``stop`` ends it early (the future's result is then None)."""
    import os

    from game.net.analysis import analyse

    global _analysing
    if _analysing is None:
        _analysing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="igroteka-analysis")
    processes = max(1, min(int(header["seats"]), os.cpu_count() or 1))
    return _analysing.submit(analyse, header, entries, progress, stop, processes)


def start_played(game_id: str, seats: list[SeatInfo], seed: int, moves: int, clock, options: dict | None = None) -> Any:
    """A local table the bots played from the deal for ``moves`` moves (every seat a bot's), then seat 0 handed to a
    person: screenshots, the bench and tests start from such a position. ``clock`` is one the caller moves
    (``clock.ms``, as game.scenes.demo.VirtualClock): it is left at the moment play stopped."""
    from game.net.local import LocalHost

    host = LocalHost(game_id, seats, seed, options, clock=clock)
    play_on(host.session, clock, moves)
    host.session.set_bot(0, None)
    return host.connect(0)


def play_on(session, clock, moves: int) -> None:
    """Let the bots of ``session`` play until its ``moves``-th move (or the end), moving ``clock`` to each due time."""
    while session.state_id < moves and not session.rules.is_over(session.state):
        due = session.next_due()
        if due is None:
            break
        clock.ms = due
        session.advance(due)


# ---------------------------------------------------------------------------------------------- rooms on the LAN
def journal_folder() -> Path:
    """The folder of room journals: each room writes its own, named by the room's id."""
    import platformdirs

    folder = Path(platformdirs.user_state_dir("igroteka")) / "journals"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)  # journals hold the seats' tokens
    return folder


def new_room(game_id: str, name: str, *, options: dict | None = None, journal: Any = None, **settings: Any):
    """The host core of a new room (``settings``: bots, bot_level, takeover_ms, turn_timer_ms, seed, clock)."""
    from game.net.host import HostCore

    core = HostCore(game_id, name, options=options, journal_path=journal, **settings)
    keep_room_games(core)
    return core


def resume_room(journal: Path, room_id: str | None, salvage: bool, **settings: Any):
    """The host core of a room continued from its journal; JournalError with a Russian reason when it cannot be."""
    from game.net.host import HostCore

    core = HostCore.resume(journal, room_id=room_id, salvage=salvage, **settings)
    keep_room_games(core)
    return core


def serve(core, bind: str, port: int, discovery: bool, advertise_address: str | None = None):
    """The room listening on ``bind:port`` (announced on the LAN with ``discovery``), started."""
    from game.net.host import LanHost

    host = LanHost(core, bind, port, discovery=discovery, advertise_address=advertise_address)
    host.start()
    return host


@dataclass
class Hosting:
    """A room this window hosts, as its screen sees it: where it listens and how to close it, nothing more."""

    port: int
    _host: Any
    phones: Any = None  # the phones' page (game.net.web.PhoneDoor: address, code, join_url), if it opened
    stopper: threading.Thread | None = field(default=None, init=False)

    def finished_journal(self) -> tuple[dict, list] | None:
        """The journal (header, entries) of the game this room played, once it is over: the host's window replays
        it («Повтор партии»), phones' seats and all. None before the end."""
        session = getattr(self._host.core, "session", None)
        if session is None or not session.rules.is_over(session.state):
            return None
        return session.journal.header, list(session.journal.entries)

    @property
    def stopped(self) -> bool:
        """Closed, and the port given back."""
        return self.stopper is not None and not self.stopper.is_alive()

    def close(self) -> None:
        # zeroconf says goodbye on the way out; a non-daemon thread lets it finish even
        # when the window closes at once, without freezing the menu meanwhile
        if self.stopper is None:
            self.stopper = threading.Thread(target=self._stop, name="igroteka-host-stop")
            self.stopper.start()

    def _stop(self) -> None:
        if self.phones is not None:
            self.phones.close()
        self._host.stop()


def open_room(game_id: str, name: str, options: dict | None, *, bind: str, port: int, discovery: bool,
              advertise_address: str | None = None, journal: Any = "default", seed: int | None = None,
              phones: int | None = None) -> Hosting:
    """A new room hosted by this window; the usual port taken (another room here), any free one.
    ``journal``: "default" (the journals folder), None (none) or a path. ``phones``: the port of the
    page phones join by (game.net.web; None — its usual one, any free one if taken, −1 — none)."""
    if journal == "default":
        journal = journal_folder()
    extra = {"seed": seed} if seed is not None else {}
    try:
        core = new_room(game_id, name, options=options, journal=journal, **extra)
    except Exception:  # noqa: BLE001 - saved house rules the game no longer takes: start clean
        core = new_room(game_id, name, journal=journal, **extra)
    try:
        host = serve(core, bind, port, discovery, advertise_address)
    except OSError:
        if port == 0:
            raise
        host = serve(core, bind, 0, discovery, advertise_address)
    door = None
    if phones != -1:
        from game.net.web import open_door

        door = open_door(host, bind, phones)  # None if it cannot listen: the room works without phones
    return Hosting(host.port, host, door)


def join_room(address: str, port: int, name: str, keep: bool = True, **how: Any):
    """A connection to a room on the LAN (``how``: role, token, game, on_token). ``keep``: the game this seat plays
    goes into this window's «История» when the host tells it is over."""
    from game.net.client import LanConnection

    return LanConnection(address, port, name, on_game_record=keep_joined_game if keep else None, **how)
