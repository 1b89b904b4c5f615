"""The authoritative game session: one place where actions are judged and applied.

Both the in-process host (local play, simulations) and the LAN host drive a ``Session``.
It never reads a clock: every call carries the host time in milliseconds, so simulations
run in virtual time and tests are exact.
"""
from __future__ import annotations

import copy
import dataclasses
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game import rules as rules_registry
from game.bots import Bot, make_bot
from game.rules.base import (
    SPECTATOR,
    Action,
    Event,
    Rejected,
    resolve_options,
)
from game.net.journal import Journal, JournalEntry

log = logging.getLogger(__name__)

Listener = Callable[[int, dict], None]  # (seat, message) — message shapes in docs/PROTOCOL.md


@dataclass
class SeatInfo:
    name: str
    bot_level: str | None = None  # None: a person plays this seat

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


@dataclass
class Outcome:
    accepted: bool
    events: list[Event] = field(default_factory=list)
    error: Rejected | None = None


@dataclass
class _Plan:
    at_ms: int
    action: Action | None  # None: the bot failed (its plan raised or answered nonsense); its seat falls back
    state_id: int


@dataclass
class _Thought:
    """A bot's ``plan`` still being worked out off the frame loop (``Session(thinker=...)``), or its answer."""

    answer: Any  # a Future of plan(...) or of ``ThreadThinker.consider``, or for an answer known at once ``(choice,)``
    now_ms: int
    state_id: int
    earliest_ms: int  # the bot acts no sooner than this, whatever it decides
    considered: bool = False  # the answer is ``consider``'s (legal actions, choice)

    def choice(self) -> Any:
        """What the bot answered (waited for): its plan, None, or the exception its plan (or the rules) raised."""
        answer = answer_of(self.answer)
        return answer[1] if self.considered and not isinstance(answer, Exception) else answer

    def ready(self) -> bool:
        return isinstance(self.answer, tuple) or self.answer.done()


def ask(bot: Bot, view: dict, legal: list[Action], now_ms: int) -> tuple:
    """The bot's ``plan`` inline, as an answer known at once: ``(what it returned,)``, or ``(the exception it
    raised,)``: a bot's bug must cost its seat a move, never the frame or the host's loop that asked."""
    try:
        return (bot.plan(view, legal, now_ms),)
    except Exception as exc:  # noqa: BLE001 - whatever the bug, the table goes on (``fallback_action``)
        return (exc,)


def answer_of(answer: Any) -> Any:
    """What a bot answered (``ask``'s tuple, or a Future of ``plan``, waited for): its plan, None, or the exception
    its plan raised, returned and not raised."""
    if isinstance(answer, tuple):
        return answer[0]
    try:
        return answer.result()
    except Exception as exc:  # noqa: BLE001 - as in ``ask``
        return exc


def is_plan(choice: Any) -> bool:
    """A well-formed plan: ``(host time, action)``."""
    return (isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[0], (int, float))
            and not isinstance(choice[0], bool) and isinstance(choice[1], Action))


def fallback_action(legal: list[Action]) -> Action | None:
    """What a seat does in place of its bot when that bot fails (its plan raised or answered nonsense, or the rules
    refused its action) and the game waits for that seat, and what the bot that moves for an idle person does when
    it has no move to offer: the first action the rules offer that is not a reflex. It is always legal and keeps the
    game going (a card, a draw, a word, a pass, «Дальше»); None when only reflexes are offered: nobody is ever made
    to press one."""
    return next((a for a in legal if not a.reflex), None)


def least_delay_ms(bot: Bot) -> int:
    """How long after a change the bot takes at least to act on it (its ``least_delay_ms``, else 0)."""
    return int(getattr(bot, "least_delay_ms", 0))


class Session:
    """A running game: rules + state + journal + bots + the seats' listeners."""

    def __init__(
        self,
        game_id: str,
        seats: list[SeatInfo],
        seed: int,
        options: dict | None = None,
        start_ms: int = 0,
        journal: Journal | None = None,
        check_invariants: bool = False,
        journal_extra: dict | None = None,
        thinker: Any = None,
    ):
        self.game_id = game_id
        self.rules = rules_registry.load(game_id)
        self.seats = seats
        self.seed = seed
        self.options = resolve_options(self.rules.house_rules, options)
        self.start_ms = start_ms  # the first t_ms the game sees: its deadlines count from here
        self.state = self.rules.new_game(self.options, len(seats), seed, start_ms=start_ms)
        self.state_id = 0
        self.now_ms = start_ms
        self._arrival_ms = start_ms  # host time of the call being handled: when new states are first shown
        self.shown_ms = [start_ms]  # state id -> when the seats were first shown that state
        self.journal = journal or Journal(None)
        self.journal.begin(game_id, len(seats), seed, self.options, journal_extra, start_ms=start_ms)
        self.check = check_invariants
        self.violations: list[str] = []  # filled when ``check_invariants`` (simulations, tests)
        self.listeners: dict[int, list[Listener]] = {}
        self.bots: dict[int, Bot] = {}
        self.plans: dict[int, _Plan] = {}
        # with a thinker (local play, LAN rooms), a bot that takes a while to act thinks on its worker: its answers
        # wait here, oldest first, and are read in that order when that bot could act (``_settle``); None thinks inline
        self.thinker = thinker
        self.thoughts: dict[int, list[_Thought]] = {}
        self._failures_logged: set[tuple[int, str]] = set()
        # called once, with this session, right after the move that ends the game has been shown to every seat: what
        # keeps finished games (game.launch for «История», the LAN host for its players' windows) sets it
        self.on_over: Callable[["Session"], None] | None = None
        # told of every new state as it is recorded, with the entry that made it and its events (all of them, each
        # seat's private ones too): a replay viewer keeps the events of each step so (game/net/replay.py)
        self.on_record: Callable[[JournalEntry, list[Event]], None] | None = None
        for i, s in enumerate(seats):
            if s.is_bot:
                self.bots[i] = make_bot(game_id, s.bot_level, i, bot_seed(seed, i))
        self._replan(start_ms)

    # ------------------------------------------------------------------ listeners
    def listen(self, seat: int, listener: Listener) -> None:
        self.listeners.setdefault(seat, []).append(listener)
        listener(seat, self.snapshot_message(seat))

    def unlisten(self, seat: int, listener: Listener) -> None:
        if listener in self.listeners.get(seat, []):
            self.listeners[seat].remove(listener)

    def snapshot_message(self, seat: int) -> dict:
        return {
            "type": "update",
            "state_id": self.state_id,
            "events": [],
            "view": self.rules.view(self.state, seat),
            "legal": self._legal_wire(seat),
            "to_act": self.to_act(),
            "over": self.rules.is_over(self.state),
        }

    def to_act(self) -> list[int]:
        """The seats the game waits for now, as the rules say (scenes and the host's turn timers follow it)."""
        return list(self.rules.to_act(self.state))

    def _legal_wire(self, seat: int) -> list[dict]:
        if seat < 0:
            return []
        return [a.to_wire() for a in self.rules.legal_actions(self.state, seat)]

    def _broadcast(self, events: list[Event]) -> None:
        wired = [(e, e.to_wire()) for e in events]  # encoded once, then filtered for each seat
        waiting = self.to_act()
        for seat, listeners in list(self.listeners.items()):
            if not listeners:
                continue
            msg = {
                "type": "update",
                "state_id": self.state_id,
                "events": [wire for e, wire in wired if e.visible_to(seat)],
                "view": self.rules.view(self.state, seat),
                "legal": self._legal_wire(seat),
                "to_act": waiting,
                "over": self.rules.is_over(self.state),
            }
            for listener in list(listeners):
                listener(seat, msg)

    # ------------------------------------------------------------------ actions
    def decode(self, wire: Any) -> Action:
        return self.rules.actions.decode(wire)  # raises Rejected for strangers

    def receive(self, seat: int, action: Action | dict, now_ms: int, pressed_ms: int | None = None,
                state_id: int | None = None) -> Outcome:
        """A seat's action as it reaches the host at ``now_ms``: the one way in for local play and the LAN host.

        Timers and bots due by then act first (they came first); a reflex keeps the moment it was pressed
        (``pressed_ms`` on the host's clock, never later than arrival), any other action happens on arrival.
        ``submit`` judges it: nothing is refused or allowed before the rules are asked."""
        try:
            action = self._sender_checked(seat, action)
        except Rejected as rej:
            return Outcome(False, error=rej)
        self.advance(now_ms)
        t_ms = min(pressed_ms, now_ms) if action.reflex and pressed_ms is not None else now_ms
        return self.submit(seat, action, t_ms, state_id=state_id)

    def _sender_checked(self, seat: int, action: Action | dict) -> Action:
        """The action decoded, from a seat at the table (raises Rejected otherwise)."""
        if isinstance(action, dict):
            action = self.decode(action)
        if seat == SPECTATOR or not (0 <= seat < len(self.seats)):
            raise Rejected("Зрители не могут делать ходы.", "spectator")
        return action

    def submit(self, seat: int, action: Action | dict, t_ms: int, state_id: int | None = None) -> Outcome:
        """Judge and apply one action at ``t_ms``; the state is untouched when it is refused."""
        try:
            action = self._sender_checked(seat, action)
            if self.rules.is_over(self.state):
                raise Rejected("Игра уже закончилась.", "over")
            if state_id is not None and state_id != self.state_id and not action.reflex:
                raise Rejected("Ход опоздал: на столе уже всё изменилось.", "stale")
        except Rejected as rej:
            return Outcome(False, error=rej)
        # a reflex press stamped in the past (network delay) keeps its time, but never precedes
        # the state it reacted to; anything else happens now at the earliest
        floor = self.state_time(state_id) if action.reflex and state_id is not None else self.now_ms
        t_ms = max(t_ms, floor)
        self._tick_to(t_ms)
        try:
            events = self.rules.apply(self.state, seat, action, t_ms)
        except Rejected as rej:
            return Outcome(False, error=rej.named(lambda other: self.seats[other].name))
        self._record(JournalEntry(seat, action.to_wire(), t_ms), events)
        return Outcome(True, events)

    def state_time(self, state_id: int) -> int:
        """When the seats were first shown the state numbered ``state_id`` (now, for an unknown number).
        A state made by a reflex stamped in the past, or by a timer run late, is shown only on arrival:
        nobody could react to it earlier, at a local table or over the LAN."""
        if 0 <= state_id < len(self.shown_ms):
            return self.shown_ms[state_id]
        return self.now_ms

    def _record(self, entry: JournalEntry, events: list[Event]) -> None:
        self.state_id += 1
        self.shown_ms.append(max(entry.t_ms, self._arrival_ms))
        self.journal.append(entry)
        if self.on_record is not None:
            self.on_record(entry, events)
        if self.check:
            self.violations += self.rules.check_invariants(self.state)
        self._broadcast(events)
        self._replan(entry.t_ms)
        if self.on_over is not None and self.rules.is_over(self.state):
            over, self.on_over = self.on_over, None
            try:
                over(self)
            except Exception:  # noqa: BLE001 - keeping the game is a courtesy: the table must end as it is
                log.exception("%s: what the end of the game was told to failed", self.game_id)

    def _tick_to(self, t_ms: int) -> None:
        self.now_ms = max(self.now_ms, t_ms)
        while True:
            deadline = self.rules.next_deadline(self.state)
            if deadline is None or deadline > t_ms:
                return
            events = self.rules.tick(self.state, deadline)
            if not events:
                # a deadline that changes nothing would loop forever: the rules must move it
                raise RuntimeError(f"{self.game_id}: tick at {deadline} changed nothing")
            self._record(JournalEntry(-1, None, deadline), events)

    # ------------------------------------------------------------------ time and bots
    def next_due(self) -> int | None:
        """When something happens without anyone pressing anything (a timer or a bot)."""
        times = [p.at_ms for p in self.plans.values()]
        times += [t.earliest_ms for thoughts in self.thoughts.values() for t in thoughts]
        deadline = self.rules.next_deadline(self.state)
        if deadline is not None:
            times.append(deadline)
        return min(times) if times else None

    def advance(self, now_ms: int, wait: bool = True) -> bool:
        """Run every timer and bot move due by ``now_ms``, in time order. ``wait=False`` (the window's frame, the LAN
        host's loop): a bot still thinking about a move that could be due by then stops the run just before that
        moment, and a later call goes on from there; its move keeps its own time all the same. False when the run
        stopped so: what happens at ``now_ms`` must wait for that bot."""
        self._arrival_ms = max(self._arrival_ms, now_ms)
        reached = now_ms
        while not self.rules.is_over(self.state):
            late = self._settle(now_ms, wait=wait)
            reached = now_ms if late is None else min(now_ms, late - 1)
            due = self.next_due()
            if due is None or due > reached:
                break
            deadline = self.rules.next_deadline(self.state)
            if deadline is not None and deadline <= due:
                self._tick_to(deadline)
                continue
            seat, plan = min(self.plans.items(), key=lambda kv: (kv[1].at_ms, kv[0]))
            del self.plans[seat]
            if plan.action is not None:
                outcome = self.submit(seat, plan.action, plan.at_ms)
                if outcome.accepted:
                    continue
                # every change asks every bot again, so the table did not change under it: a bug of the bot's,
                # which asked again would answer the same, again and again (a player would see the table freeze)
                log.warning("%s: the rules refuse the action of the bot at seat %d (%s): %s; its seat falls back",
                            self.game_id, seat, plan.action.to_wire(), outcome.error.reason if outcome.error else "?")
            self._fall_back(seat, plan.at_ms)
        self.now_ms = max(self.now_ms, reached)
        return reached >= now_ms

    def _fall_back(self, seat: int, t_ms: int) -> None:
        """The seat of a bot that failed acts in its place (``fallback_action``) if the game waits for it; else it
        does nothing until the table changes, when its bot is asked again."""
        if seat not in self.rules.to_act(self.state):
            return
        action = fallback_action(self.rules.legal_actions(self.state, seat))
        if action is None:
            return
        outcome = self.submit(seat, action, t_ms)
        if not outcome.accepted:
            log.error("%s: the rules refuse the action they offer to seat %d (%s): %s", self.game_id, seat,
                      action.to_wire(), outcome.error.reason if outcome.error else "?")

    def note_bot_failure(self, seat: int, failure: Any) -> None:
        """Log a bot's plan that failed: the exception it raised (with its traceback the first time), or an answer
        that is no plan. A bot failing every turn logs one line a turn."""
        if isinstance(failure, Exception):
            first = (seat, type(failure).__name__) not in self._failures_logged
            self._failures_logged.add((seat, type(failure).__name__))
            log.error("%s: the plan of the bot at seat %d raised %r; its seat falls back", self.game_id, seat,
                      failure, exc_info=failure if first else None)
        else:
            log.error("%s: the bot at seat %d answered %r, which is no plan; its seat falls back", self.game_id,
                      seat, failure)

    def _replan(self, now_ms: int, only: int | None = None) -> None:
        seats: Iterable[int] = [only] if only is not None else list(self.bots)
        waited_for = self.rules.to_act(self.state)
        for seat in seats:
            bot = self.bots.get(seat)
            if bot is None:
                continue
            answer: Any = (None,)
            off_loop = self.thinker is not None and least_delay_ms(bot) > 0
            considered = False
            if self.rules.is_over(self.state):
                pass
            elif off_loop and seat in waited_for:
                # the rules' legal actions too: for the seat the game waits for they may be a whole search (a board's
                # moves); what another seat may do is known at once, mostly nothing
                answer, considered = self.thinker.consider(bot, self.rules, self.state, seat, now_ms), True
            else:
                legal = self.rules.legal_actions(self.state, seat)
                if legal:
                    view = self.rules.view(self.state, seat)
                    answer = self.thinker.think(bot, view, legal, now_ms) if off_loop else ask(bot, view, legal, now_ms)
            thought = _Thought(answer, now_ms, self.state_id, now_ms + least_delay_ms(bot), considered)
            if seat in self.thoughts or not isinstance(answer, tuple):
                self.thoughts.setdefault(seat, []).append(thought)  # after the answers still coming, in order
            else:
                self._take(seat, thought)

    def _take(self, seat: int, thought: _Thought) -> None:
        """A bot's answer becomes its plan (or its plan is dropped), exactly as if it had thought inline. A bot that
        failed plans to fall back at the earliest moment it could have acted."""
        choice = thought.choice()
        if choice is None:
            self.plans.pop(seat, None)
            return
        if is_plan(choice):
            at_ms, action = max(choice[0], thought.earliest_ms), choice[1]
        else:
            self.note_bot_failure(seat, choice)
            at_ms, action = thought.earliest_ms, None
        old = self.plans.get(seat)
        if old is not None and old.action == action:
            return  # still the same intention: keep the earlier reaction time
        self.plans[seat] = _Plan(at_ms, action, thought.state_id)

    def _settle(self, now_ms: int, only: int | None = None, wait: bool = True) -> int | None:
        """Read (waiting if need be) the answers of every bot that could act by ``now_ms``: its current plan or
        any answer still coming could be due. The others keep thinking; nothing they decide can come sooner.
        Without ``wait``, a bot whose answers are not all there is left thinking: the earliest moment such a bot
        could act comes back (None when there is none)."""
        late = None
        for seat in [only] if only is not None else sorted(self.thoughts):
            thoughts = self.thoughts.get(seat)
            if not thoughts:
                continue
            plan = self.plans.get(seat)
            earliest = min([t.earliest_ms for t in thoughts] + ([plan.at_ms] if plan else []))
            if only is None and earliest > now_ms:
                continue
            if not wait and not all(t.ready() for t in thoughts):
                late = earliest if late is None else min(late, earliest)
                continue
            del self.thoughts[seat]
            for thought in thoughts:
                self._take(seat, thought)
        return late

    def set_bot(self, seat: int, level: str | None) -> None:
        """Hand a seat to a bot (a dropped or idle player) or back to its person."""
        if level is None:
            self.thoughts.pop(seat, None)  # its plan goes anyway: no need to wait for what the bot still thinks
        else:
            self._settle(self.now_ms, only=seat)
        self.seats[seat] = dataclasses.replace(self.seats[seat], bot_level=level)
        if level is None:
            self.bots.pop(seat, None)
            self.plans.pop(seat, None)
        else:
            self.bots[seat] = make_bot(self.game_id, level, seat, bot_seed(self.seed, seat))
            self._replan(self.now_ms, only=seat)

    # ------------------------------------------------------------------ replaying a journal
    def replay(self, number: int, entry: JournalEntry) -> None:
        """Entry ``number`` (counted from 1) of a journal, by the path every action takes: ``submit`` judges an
        action, ``advance`` runs the timers. Raises ReplayRefused when an entry the journal accepted is refused now."""
        if entry.seat < 0:
            self.advance(entry.t_ms)
            return
        action = self.decode(entry.action)
        outcome = self.submit(entry.seat, action, entry.t_ms, state_id=0 if action.reflex else self.state_id)
        if not outcome.accepted:
            raise ReplayRefused(number)

    def mark(self, entries: int) -> "Mark":
        """Where this replayed session stands after ``entries`` entries of its journal, kept to come back to."""
        return Mark(entries, copy.deepcopy(self.state), self.state_id, self.now_ms, self._arrival_ms,
                    len(self.shown_ms), len(self.journal.entries))

    def rewind(self, mark: "Mark") -> None:
        """Back (or on) to ``mark`` of this session: a replay viewer steps back to the nearest mark and replays
        forward from it. Only a replay's session (people at every seat, a journal in memory) is ever rewound."""
        assert not self.bots and self.journal.path is None, "only a replay's session goes back"
        self.state = copy.deepcopy(mark.state)
        self.state_id, self.now_ms, self._arrival_ms = mark.state_id, mark.now_ms, mark.arrival_ms
        del self.shown_ms[mark.shown:]
        del self.journal.entries[mark.journal:]

    def run_bots_to_end(self, max_steps: int = 200_000) -> bool:
        """For simulations: jump virtual time from one due moment to the next until the end."""
        steps = 0
        while not self.rules.is_over(self.state) and steps < max_steps:
            due = self.next_due()
            if due is None:
                return False  # nobody can move: a stuck game is reported, not hidden
            self.advance(due)
            steps += 1
        return self.rules.is_over(self.state)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` of a game dealt from ``seed``: every bot a session makes for that seat draws
    from it, and so does whoever asks that bot again what it would do (the board games' analysis,
    game/net/analysis.py)."""
    return seed * 1009 + seat * 7919 + 1


@dataclass(frozen=True)
class Mark:
    """A replayed session after ``entries`` entries of its journal (``Session.mark``, ``Session.rewind``)."""

    entries: int
    state: Any  # a copy: the session goes on changing its own
    state_id: int
    now_ms: int
    arrival_ms: int
    shown: int  # how many states had been shown (``shown_ms``)
    journal: int  # how many entries its journal held


class ReplayRefused(Exception):
    """An entry the journal accepted is refused now: the game is no longer the one that was recorded."""

    def __init__(self, number: int):
        super().__init__(f"entry {number} of the journal is refused now")
        self.number = number  # counted from 1


def replay_session(header: dict, entries: Iterable[JournalEntry], seats: list[SeatInfo] | None = None,
                   journal: Journal | None = None, journal_extra: dict | None = None) -> Session:
    """The session a journal leads to, rebuilt from its header (everything the game began with) by the path every
    action takes: ``submit`` judges each entry, ``advance`` runs the timers. People sit at every seat (``seats``
    names them), so no bot moves during the replay: the bots' moves are in the journal. Raises ReplayRefused when an
    entry the journal accepted is refused now."""
    seats = seats or [SeatInfo(f"Место {i + 1}") for i in range(header["seats"])]
    session = Session(header["game"], seats, header["seed"], header["options"], start_ms=header["start_ms"],
                      journal=journal, journal_extra=journal_extra)
    for number, entry in enumerate(entries, 1):
        session.replay(number, entry)
    return session


def replay_journal(header: dict, entries: Iterable[JournalEntry]) -> Any:
    """The state a journal leads to (``replay_session``)."""
    return replay_session(header, entries).state
