"""«Часы» (tournament practice; the printed rules have no clock): the host's clock for every player, one of two ways.

- On the game (10, 15 or 25 minutes each): a player's clock runs on their turn only. Past zero it counts on; the
  player goes on playing, and when the game is scored loses 10 points for every minute begun over their time.
- On the move (1, 2 or 3 minutes): each turn has that long; when it runs out the move passes, as a pass that counts
  towards «everyone passed twice».

A clock runs only in the play phase on its player's turn: a challenge or vote window has its own time and nobody's
clock runs in it; after the main game is scored (Скрэббл наоборот) the clocks are put away. Time enters as the
``t_ms`` of every change (``after_change``): the clock of the seat on turn is reckoned up to it, so the state always
says each seat's time left as of its last change (``clock_since``) and whose clock runs from then.

A pause stops the whole table (``pause``, a reflex any seated player may send until the game is scored, at once and
whoever's turn it is): nobody's clock runs, no window closes and nothing but ``resume`` from that same seat is taken;
a window that was open starts again in full."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected
from game.rules.flow import Phase, raise_if

from ..phases import P
from .base import HOLD, BoardVariant, LoggedMove, PhaseLook, VariantLook

RULE_ID = "clock"
MINUTE_MS = 60_000
PENALTY_POINTS = 10  # taken off the score for every minute begun over the game's time
GAME, MOVE = "game", "move"  # the two ways a clock counts: the whole game's time, or each move's
CHOICES = (
    ("", "нет"),
    ("game10", "10 минут на партию"), ("game15", "15 минут на партию"), ("game25", "25 минут на партию"),
    ("move1", "1 минута на ход"), ("move2", "2 минуты на ход"), ("move3", "3 минуты на ход"),
)
HELD = "Игра на паузе: часы стоят, пока поставивший паузу её не снимет."


class ClockPhase(Phase):
    PAUSED = "paused"  # every clock and window stands still until the seat that paused goes on


@dataclass(frozen=True)
class Pause(Action):
    """Stop every clock and the table with them (whoever's turn it is: a reflex, never refused as stale)."""

    kind: ClassVar[str] = "pause"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class Resume(Action):
    kind: ClassVar[str] = "resume"


@dataclass(frozen=True)
class ClockPaused(Event):
    kind: ClassVar[str] = "clock_paused"
    seat: int


@dataclass(frozen=True)
class ClockResumed(Event):
    kind: ClassVar[str] = "clock_resumed"
    seat: int


@dataclass(frozen=True)
class MoveTimedOut(Event):
    """The time for the move ran out: the move passes (a ``passed`` follows)."""

    kind: ClassVar[str] = "move_timed_out"
    seat: int


def clock_text(left_ms: int) -> str:
    """«9:41» of the time left (a second begun counts whole), «-0:12» over it."""
    if left_ms > 0:
        seconds = -(-left_ms // 1000)
        return f"{seconds // 60}:{seconds % 60:02d}"
    seconds = -left_ms // 1000
    return f"-{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True)
class TimeOver(LoggedMove):
    """The moves list's line for the points a game's clock took off: «штраф за время: 1:05 сверх»."""

    def said(self, entry: dict) -> str:
        return f"{self.name}: {clock_text(entry.get('over_ms', 0))} сверх"


TIME_LOGGED = "time"  # the history entry of a time penalty


@dataclass(frozen=True)
class TimePenalty(Event):
    """The game is scored: ``points`` off ``seat``'s score for the ``over_ms`` it played over its time."""

    kind: ClassVar[str] = "time_penalty"
    seat: int
    points: int
    over_ms: int


def setting(options: dict) -> tuple[str, int]:
    """(GAME or MOVE, its time in ms) of the option's value («game10», «move2»…)."""
    value = str(options.get(RULE_ID) or "")
    mode = GAME if value.startswith(GAME) else MOVE
    return mode, int(value[len(mode):]) * MINUTE_MS


def penalty_for(over_ms: int) -> int:
    """10 points for every minute begun over the time (none at exactly zero)."""
    return PENALTY_POINTS * -(-max(0, over_ms) // MINUTE_MS)


class Clock(BoardVariant):
    rule = HouseRule(RULE_ID, "Часы", "На партию: сверх своего времени игрок ходит дальше, но теряет 10 очков за "
                     "каждую начатую минуту. На ход: время вышло — ход пропущен.", "", CHOICES, "setup")
    actions = (Pause, Resume)
    events = (ClockPaused, ClockResumed, MoveTimedOut, TimePenalty)
    phases = (ClockPhase.PAUSED,)
    state_fields = (
        ("clock_left", list),  # per seat, ms left (of the game, or of the move) as of clock_since; below 0: over
        ("clock_runs", lambda: -1),  # the seat whose clock runs from clock_since, -1 none
        ("clock_since", int),  # host ms of the last change, up to which the clocks are reckoned
        ("clock_turn", lambda: -1),  # len(history) when the move on the clock began: a new entry is a new move
        ("clock_paused_by", lambda: -1),
        ("clock_resume_phase", str),  # the phase a pause stopped
        ("clock_stopped", bool),  # the main game is scored: the clocks are put away
        ("clock_penalties", list),  # per seat, points taken off for time (on the game)
    )
    look = VariantLook(
        phases={ClockPhase.PAUSED: PhaseLook(HOLD, "Пауза: часы стоят", "Пауза", goes_on="снимет")},
        sounds={ClockPaused.kind: "menu_confirm", ClockResumed.kind: "menu_confirm", MoveTimedOut.kind: "timer_warning",
                TimePenalty.kind: "invalid"},
        pause=(Pause.kind, Resume.kind),
        logged={TIME_LOGGED: TimeOver("штраф за время", loss=True)},
    )

    def on(self, options):
        return bool(options.get(self.rule.id))

    # ---- refusals
    def pause_refusal(self, state) -> Rejected | None:
        if not self.on(state.options):
            return Rejected("Часов в этой партии нет.", "clock_off")
        if state.phase == ClockPhase.PAUSED:
            return Rejected("Часы уже стоят: игра на паузе.", "paused")
        if state.clock_stopped:
            return Rejected("Часы уже не идут: партия сыграна.", "phase")
        return None

    @staticmethod
    def resume_refusal(state, seat: int) -> Rejected | None:
        if state.phase != ClockPhase.PAUSED:
            return Rejected("Игра не на паузе.", "phase")
        if seat != state.clock_paused_by:
            return Rejected("Снять паузу может только тот, кто её поставил.", "paused_by_other")
        return None

    def refusal_in_phase(self, state, seat, action):
        return None if isinstance(action, Resume) else Rejected(HELD, "paused")

    # ---- handlers
    def anyone_handlers(self):
        return {Pause: self._pause, Resume: self._resume}

    def _pause(self, rules, state, seat, action, t_ms):
        raise_if(self.pause_refusal(state))
        self._reckon(state, t_ms)
        state.clock_runs = -1
        state.clock_paused_by = seat
        state.clock_resume_phase = state.phase
        state.phase = ClockPhase.PAUSED
        return [ClockPaused(seat)]

    def _resume(self, rules, state, seat, action, t_ms):
        raise_if(self.resume_refusal(state, seat))
        state.phase = state.clock_resume_phase
        state.clock_paused_by, state.clock_resume_phase = -1, ""
        state.clock_since = max(state.clock_since, t_ms)  # the pause was nobody's time
        rules.restart_window(state, t_ms)
        return [ClockResumed(seat)]

    def anytime_legal(self, rules, state, seat):
        return [] if self.pause_refusal(state) else [Pause()]

    # ---- its phase: the pause
    def legal_in_phase(self, rules, state, seat):
        return [] if self.resume_refusal(state, seat) else [Resume()]

    def to_act_in_phase(self, rules, state):
        return (state.clock_paused_by,)

    # ---- the clock's reckoning
    @staticmethod
    def _reckon(state, t_ms: int) -> None:
        """The running clock counts down to ``t_ms`` (a reflex stamped before the last change counts from it)."""
        t_ms = max(t_ms, state.clock_since)
        if state.clock_runs >= 0:
            state.clock_left[state.clock_runs] -= t_ms - state.clock_since
        state.clock_since = t_ms

    def start(self, rules, state):
        if self.on(state.options):
            state.clock_left = [setting(state.options)[1]] * state.players
        state.clock_penalties = [0] * state.players

    def after_change(self, rules, state, t_ms):
        if state.clock_stopped:
            return
        self._reckon(state, t_ms)
        runner = state.turn if state.phase == P.PLAY else -1
        mode, limit = setting(state.options)
        if mode == MOVE and runner >= 0 and state.clock_turn != len(state.history):  # a move begins: all its time
            state.clock_left = [limit] * state.players
        state.clock_turn = len(state.history)
        state.clock_runs = runner

    def deadline_in_play(self, state):
        if setting(state.options)[0] != MOVE or state.clock_runs < 0 or state.clock_stopped:
            return None
        return state.clock_since + state.clock_left[state.clock_runs]

    def tick_in_play(self, rules, state, t_ms):
        due = self.deadline_in_play(state)
        if due is None or t_ms < due:
            return []
        seat = state.clock_runs
        self._reckon(state, due)
        return [MoveTimedOut(seat)] + rules.pass_turn(state, seat, t_ms, timed_out=True)

    def final_scoring(self, rules, state, t_ms):
        self._reckon(state, t_ms)
        state.clock_runs, state.clock_stopped = -1, True
        if setting(state.options)[0] != GAME:
            return []
        events: list = []
        for seat, left in enumerate(state.clock_left):
            points = penalty_for(-left)
            if not points:
                continue
            state.clock_penalties[seat] = points
            state.scores[seat] -= points
            rules.log(state, {"seat": seat, "kind": TIME_LOGGED, "score": -points, "total": state.scores[seat],
                              "over_ms": -left})
            events.append(TimePenalty(seat, points, -left))
        return events

    # ---- what the seats see
    def view(self, rules, state, seat):
        """With the clock on, each seat's time left (ms, below 0 when over) as of ``at`` (host ms of the last
        change) and the seat whose clock has run since (``runs``): a client counts that one down from when it saw
        the view. Else None."""
        if not self.on(state.options):
            return {"clock": None}
        mode, limit = setting(state.options)
        return {"clock": {
            "mode": mode, "limit_ms": limit, "left_ms": list(state.clock_left), "at": state.clock_since,
            "runs": state.clock_runs if state.clock_runs >= 0 else None,
            "paused_by": state.clock_paused_by if state.clock_paused_by >= 0 else None,
        }}

    def result(self, rules, state):
        if not self.on(state.options) or setting(state.options)[0] != GAME:
            return {}
        return {"time_penalties": list(state.clock_penalties),
                "time_over_ms": [max(0, -left) for left in state.clock_left]}


VARIANT = Clock()
