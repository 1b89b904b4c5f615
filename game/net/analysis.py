"""The analysis of a finished Эрудит, Скрэббл or Словодел game: at every turn what was played and what it scored,
the move the master finds in that position with that rack, the equity between the two, and for each player the points
left on the table, the bingos, the best and the worst move.

The master is asked exactly as a table asks its bots (``Session._replan``): after every new state, every seat that
has something to do, in seat order, on its own view and legal actions; one master per seat, seeded as a table seeds
the bot of that seat (``session.bot_seed``), so its random draws (the racks its look-ahead imagines) come in the
order they came at the table. A game the master played is so analysed move for move as it was played; any other
position gets the answer the master would have given there. What it decides is its own code's (game/bots/erudit.py),
whatever that becomes; moves are weighed by its own equity (game/rules/board/equity.py) and scored by the rules'
``preview``. The game itself is walked by the judge's path (``Session.replay``): nothing is judged anew.

A turn's equity is its score plus the worth of the tiles it keeps (``equity``): a move keeps the rack less the tiles
laid, an exchange the rack less the tiles given, a pass the whole rack. «Points left on the table» add up, over a
player's turns, what the master's move would have scored more than the move played."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game import rules as rules_registry
from game.bots import make_bot
from game.net.journal import JournalEntry
from game.net.session import bot_seed, replay_session
from game.rules.board import words as wordsrc
from game.rules.board.equity import equity
from game.rules.board.layout import BLANK, SIZE

TURN_KINDS = ("place", "exchange", "pass")  # a seat's turn, as its action says
LOGGED_TURNS = ("place", "exchange", "pass", "withdrawn")  # what the moves list logs of a turn
MASTER = "master"


def analysable(game_id: str) -> bool:
    return rules_registry.word_board(game_id)


@dataclass(frozen=True)
class Turn:
    """One way of spending a turn, as equity weighs it: its score and the tiles that leave the rack."""

    kind: str  # place, exchange, pass, withdrawn
    score: int
    words: tuple[str, ...] = ()
    tiles: tuple = ()  # ((cell, letter, is_blank), ...): what leaves the rack (laid or given)
    bingo: bool = False


@dataclass(frozen=True)
class TurnReview:
    step: int  # the replay's step the turn made (its journal entry, counted from 1)
    index: int  # where the moves list (the view's ``history``) has it
    seat: int
    rack: str  # the rack before the turn, «?» a blank
    bag: int  # the tiles left in the bag as the mover saw it
    played: Turn
    played_equity: float
    best: Turn | None  # the master's choice (None: it had none to offer)
    best_equity: float
    best_action: dict | None  # the master's action, as a journal would hold it
    played_action: dict  # the action of the turn, as the journal holds it

    @property
    def same(self) -> bool:
        """The master would have done just this."""
        return self.best_action == self.played_action

    @property
    def loss(self) -> float:
        """How much equity the turn gave away against the master's choice (0 or less: none)."""
        return round(self.best_equity - self.played_equity, 1) if self.best is not None else 0.0

    @property
    def left_on_table(self) -> int:
        return max(0, self.best.score - self.played.score) if self.best is not None else 0


@dataclass(frozen=True)
class PlayerSummary:
    seat: int
    turns: int
    score: int  # what the turns scored (before the end-of-game tiles)
    left_on_table: int
    bingos: int
    best: TurnReview | None  # the highest-scoring move
    worst: TurnReview | None  # the turn that gave away most equity (None: none gave any away)


@dataclass
class Analysis:
    game_id: str
    turns: list[TurnReview] = field(default_factory=list)
    players: list[PlayerSummary] = field(default_factory=list)

    def at(self, step: int) -> TurnReview | None:
        """The turn made at replay step ``step``, if a turn was made there."""
        return next((t for t in self.turns if t.step == step), None)

    def of_logged(self, index: int) -> TurnReview | None:
        """The review of the moves list's entry ``index`` (the view's ``history``), if it is a turn reviewed."""
        return next((t for t in self.turns if t.index == index), None)


class Progress:
    """How far an analysis running elsewhere has come: written by its thread, read by the window's frames."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    @property
    def share(self) -> float:
        return self.done / self.total if self.total else 0.0


class _Master:
    """The master of each of ``seats``, asked as a table asks its bots after each new state."""

    def __init__(self, session, seats: list[int]):
        self.session = session
        self.rules = session.rules
        seed, game_id = session.seed, session.game_id
        self.bots = {seat: make_bot(game_id, MASTER, seat, bot_seed(seed, seat)) for seat in seats}
        self.asked: dict[int, tuple[dict, Any]] = {}  # seat -> (its view, what the master planned there)

    def ask(self, now_ms: int) -> None:
        state = self.session.state
        over = self.rules.is_over(state)
        for seat, bot in self.bots.items():
            legal = [] if over else self.rules.legal_actions(state, seat)
            if not legal:
                self.asked.pop(seat, None)
                continue
            view = self.rules.view(state, seat)
            self.asked[seat] = (view, bot.plan(view, legal, now_ms))


def analyse(header: dict, entries: Iterable[JournalEntry], progress: Callable[[int, int], None] | None = None,
            stop: Any = None, processes: int = 1) -> Analysis | None:
    """The analysis of the board game a journal records (see the module's text). ``progress(done, total)`` is told
    as it goes; None when ``stop`` (anything with ``is_set``) was set before the end. With ``processes`` above 1 the
    seats are shared among that many processes: each seat's master draws only from its own generator, so seats are
    analysed apart as well as together, and a machine's cores work at once."""
    entries = list(entries)
    seats = list(range(int(header["seats"])))
    if wordsrc.installed():
        processes = 1  # the words installed here (a test's, a duel's share of the lexicon) are not another process's
    groups = [seats[k::processes] for k in range(max(1, min(processes, len(seats))))]
    if len(groups) == 1:
        turns = analyse_seats(header, entries, seats, progress, stop)
    else:
        turns = _in_processes(header, entries, groups, progress, stop)
    if turns is None:
        return None
    turns.sort(key=lambda t: t.step)
    return Analysis(header["game"], turns, [_summary(seat, [t for t in turns if t.seat == seat]) for seat in seats])


def analyse_seats(header: dict, entries: list[JournalEntry], seats: list[int],
                  progress: Callable[[int, int], None] | None = None, stop: Any = None) -> list[TurnReview] | None:
    """The reviews of the turns of ``seats`` (their masters alone are asked)."""
    session = replay_session(header, [])
    rules = session.rules
    master = _Master(session, seats)
    session.on_record = lambda entry, events: master.ask(entry.t_ms)
    master.ask(session.start_ms)
    reviews: list[TurnReview] = []
    waiting: dict[int, tuple[int, dict, Any, dict]] = {}  # seat -> (step, view, plan, action) of a turn not yet logged
    logged = 0
    for number, entry in enumerate(entries, 1):
        if stop is not None and stop.is_set():
            return None
        action = entry.action or {}
        if entry.seat in master.asked and action.get("kind") in TURN_KINDS:
            view, plan = master.asked[entry.seat]
            waiting[entry.seat] = (number, view, plan, action)
        session.replay(number, entry)
        history = rules.view(session.state, -1)["history"]
        for index in range(logged, len(history)):  # a move waiting for its verdict is logged when it stands or not
            item = history[index]
            turn = waiting.pop(item.get("seat", -1), None) if item.get("kind") in LOGGED_TURNS else None
            if turn is not None:
                reviews.append(_review(rules, session.game_id, index, item, *turn))
        logged = len(history)
        if progress is not None:
            progress(number, len(entries))
    session.on_record = None
    return reviews


# ---------------------------------------------------------------------------------------------- several processes
_worker: dict[str, Any] = {}


def _worker_ready(queue, halt) -> None:
    from game import lexicon_store

    lexicon_store.install()  # a spawned process starts with nothing installed
    _worker.update(queue=queue, halt=halt)


def _worker_turns(index: int, header: dict, entries: list[JournalEntry], seats: list[int]):
    queue = _worker["queue"]
    return analyse_seats(header, entries, seats, lambda done, total: queue.put((index, done)), _worker["halt"])


def _in_processes(header: dict, entries: list[JournalEntry], groups: list[list[int]],
                  progress: Callable[[int, int], None] | None, stop: Any) -> list[TurnReview] | None:
    """``analyse_seats`` of each group in a process of its own (spawned: the window's threads stay out of it)."""
    import multiprocessing
    import queue as queues
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    told, halt = context.Queue(), context.Event()
    done = [0] * len(groups)
    with ProcessPoolExecutor(len(groups), mp_context=context, initializer=_worker_ready,
                             initargs=(told, halt)) as pool:
        futures = [pool.submit(_worker_turns, k, header, entries, group) for k, group in enumerate(groups)]
        while not all(f.done() for f in futures):
            if stop is not None and stop.is_set():
                halt.set()
            try:
                index, count = told.get(timeout=0.1)
            except queues.Empty:
                continue
            done[index] = count
            if progress is not None:
                progress(sum(done), len(entries) * len(groups))
        parts = [f.result() for f in futures]
    if any(part is None for part in parts):
        return None
    return [turn for part in parts for turn in part]


def rack_letters(view: dict) -> str:
    """The rack a view shows, as equity reads it: lower-case letters, «?» for a blank."""
    return "".join(BLANK if t["letter"] == BLANK else t["letter"].lower() for t in view["rack"])


def _review(rules, game_id: str, index: int, logged: dict, step: int, view: dict, plan: Any,
            action: dict) -> TurnReview:
    rack, bag = rack_letters(view), view["bag"]
    played = _played_turn(logged, action, view)
    chosen = plan[1] if isinstance(plan, tuple) and len(plan) == 2 else None
    best = _turn_of(rules, view, chosen.to_wire()) if chosen is not None else None
    return TurnReview(step, index, logged["seat"], rack.upper(), bag, played, _equity(game_id, rack, played, bag),
                      best, _equity(game_id, rack, best, bag) if best is not None else 0.0,
                      chosen.to_wire() if best is not None else None, action)


def _equity(game_id: str, rack: str, turn: Turn, bag: int) -> float:
    try:
        return round(equity(game_id, rack, turn, bag), 1)
    except ValueError:  # tiles that were not on the rack (a blank taken from the board): the score alone
        return float(turn.score)


def _given(view: dict, action: dict) -> tuple:
    letters = {t["id"]: t["letter"] for t in view["rack"]}
    faces = [letters.get(tid, "") for tid in action.get("tiles", [])]
    return tuple((0, BLANK if face == BLANK else face.lower(), face == BLANK) for face in faces if face)


def _played_turn(logged: dict, action: dict, view: dict) -> Turn:
    kind = logged["kind"]
    if kind == "place":
        tiles = tuple((r * SIZE + c, letter.lower(), bool(blank)) for r, c, letter, blank in logged.get("tiles", []))
        return Turn(kind, int(logged.get("score", 0)), tuple(logged.get("words", [])), tiles, bool(logged.get("bingo")))
    if kind == "exchange":
        return Turn(kind, 0, tiles=_given(view, action))
    return Turn(kind, 0)


def _turn_of(rules, view: dict, action: dict) -> Turn | None:
    """The turn an action of the mover's would be, scored by the rules' own preview; None for what is no turn."""
    kind = action.get("kind")
    if kind == "place":
        blanks = {t["id"] for t in view["rack"] if t["letter"] == BLANK}
        placed = {(r, c): (letter.upper(), tid in blanks) for r, c, tid, letter in action["tiles"]}
        preview = rules.preview(view, placed)
        tiles = tuple((r * SIZE + c, letter.lower(), blank) for (r, c), (letter, blank) in placed.items())
        return Turn(kind, preview.score, tuple(preview.words), tiles, len(tiles) == view.get("rack_size", 7))
    if kind == "exchange":
        return Turn(kind, 0, tiles=_given(view, action))
    if kind == "pass":
        return Turn(kind, 0)
    return None


def _summary(seat: int, turns: list[TurnReview]) -> PlayerSummary:
    placed = [t for t in turns if t.played.kind == "place"]
    losing = [t for t in turns if t.loss > 0]
    return PlayerSummary(
        seat, len(turns), sum(t.played.score for t in turns), sum(t.left_on_table for t in turns),
        sum(1 for t in turns if t.played.bingo),
        max(placed, key=lambda t: (t.played.score, -t.step)) if placed else None,
        max(losing, key=lambda t: (t.loss, -t.step)) if losing else None)
