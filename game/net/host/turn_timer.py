"""The turn timer: a person the game waits for longer than the lobby's ``turn_s`` has one move made for them by a
novice bot (never a reflex: nobody is made to press one), or the seat's fallback when that bot offers none."""
from __future__ import annotations

from typing import Any, Callable

from game.bots import Bot, make_bot
from game.net.host.in_turn import InTurn
from game.net.host.roster import Roster
from game.net.session import Session, answer_of, ask, fallback_action, is_plan, least_delay_ms


def _not_reflexes(legal: list) -> list:
    """What the bot that moves for an idle person may choose from: never a reflex (nobody is made to press one)."""
    return [a for a in legal if not a.reflex]


class TurnTimers:
    def __init__(self, roster: Roster, in_turn: InTurn, session: Callable[[], Session | None],
                 turn_timer_ms: Callable[[], int | None]):
        self._roster = roster
        self._in_turn = in_turn
        self._session = session
        self._turn_timer_ms = turn_timer_ms
        self._deadlines: dict[int, int] = {}
        self._idle_bots: dict[int, Bot] = {}

    def deadlines(self) -> list[int]:
        return list(self._deadlines.values())

    def forget(self, index: int) -> None:
        """The seat's person acted, or the seat is no longer a person's: its timer stops."""
        self._deadlines.pop(index, None)

    def refresh(self, now: int) -> None:
        """After a change: a timer starts for each person whose turn it now is, and stops for each whose it is not."""
        session = self._session()
        turn_timer_ms = self._turn_timer_ms()
        if session is None or not turn_timer_ms:
            self._deadlines.clear()
            return
        waited_for = set(session.to_act())
        for index, seat in enumerate(self._roster.seats):
            has_turn = not seat.is_bot and not seat.substituted and index in waited_for
            if not has_turn:
                self._deadlines.pop(index, None)
            else:
                self._deadlines.setdefault(index, now + turn_timer_ms)

    def play_due(self, now: int, then: Callable[[], None]) -> None:
        """The turn timers run out by ``now``, the earliest first: a bot makes one move for each idle person, then
        ``then``. A bot that thinks off the loop holds the rest of this moment (before anything that came later)
        until it answers; the moves are made at ``now`` all the same."""
        session = self._session()
        assert session is not None
        rules = session.rules
        while True:
            expired = [(index, deadline) for index, deadline in self._deadlines.items() if deadline <= now]
            if not expired:
                break
            index = min(expired, key=lambda kv: kv[1])[0]
            self._deadlines.pop(index, None)
            bot = self._idle_bots.get(index)
            if bot is None:
                bot = self._idle_bots[index] = make_bot(session.game_id, "novice", index,
                                                        session.seed ^ (index + 1) * 104729)
            thinker = session.thinker
            if thinker is not None and least_delay_ms(bot) > 0:
                # the rules' legal actions on the worker too: on a board they are the full move search
                answer = thinker.consider(bot, rules, session.state, index, now, _not_reflexes)

                def move_then_go_on(index=index, answer=answer) -> None:
                    legal, choice = answer.result()  # what the rules raised is raised here, as it was inline
                    if legal:
                        self._idle_move(session, index, legal, choice, now)
                    self.play_due(now, then)

                self._in_turn.after_answer(answer, move_then_go_on)
                return
            legal = _not_reflexes(rules.legal_actions(session.state, index))
            if legal:
                view = rules.view(session.state, index)
                self._idle_move(session, index, legal, answer_of(ask(bot, view, legal, now)), now)
        then()

    @staticmethod
    def _idle_move(session: Session, index: int, legal: list, choice: Any, now: int) -> None:
        """The idle person's move: the bot's if the rules offer it, else the seat's fallback (the bot would wait,
        chose what is not offered, or failed: its plan raised or answered nonsense, which is logged)."""
        if is_plan(choice) and choice[1] in legal:
            action = choice[1]
        else:
            if choice is not None and not is_plan(choice):
                session.note_bot_failure(index, choice)
            action = fallback_action(legal)
        session.submit(index, action, now)
