"""What a board variant is: one house rule's metadata, its slice of the state, its actions, events and phases, the
hooks of the engine it changes, and its look (what a table shows of it).

The engine asks the variants at named hook points; each hook's default here is the base rule, so a variant
overrides only what it changes and the engine never names one. Two kinds of hooks:

- rule hooks are asked of the variants switched on (``on(options)``);
- slice hooks (``start``, ``tile_places``, ``forget_pending``, ``pending_view``, ``view``, ``result``) and the
  handlers are asked of every variant, whether on or not: every game's state, view and result have the same shape,
  and an action of a variant that is off is refused by its own handler with its own reason.

``rules`` in a hook is the game's ``BoardRules``; a variant calls back only its public steps (``stand``,
``withdraw``, ``pass_turn``, ``close``, ``log``, ``turn_refusal``, ``restart_window``, ``letters_of``, ``source``,
``verdict``...)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.rules.base import Action, HouseRule, Rejected
from game.rules.flow import Phase
from game.rules.words_ru import count

BASE_OPENING = 2  # the base rule: a first word of two letters or more
# the base rule for a move sent to the vote when no word of it was refused
NOTHING_TO_DISPUTE = "Выносить на голосование нечего: слова проверяются после хода."


# ---------------------------------------------------------------------------------------------- its look
# What a table shows of a variant: what its phases are called and what the table does in them, the buttons it adds,
# the question it asks, the pause it makes of the pause menu, what the moves list says of the moves it logs, its
# count on the players' plates and its events' sounds. Words, action kinds, view keys and sound names only: the board
# table (game.scenes.board) reads the looks of every variant (``variants.LOOK``) and names none, so a variant with a
# phase, a button and a sound changes no scene.

# what a variant's phase is at the table
WINDOW = "window"  # a move lies on the board waiting for the others' verdict: its mover is marked, its time counts down
TURN = "turn"  # the seats take turns as in play: the one on turn is lit and moves
HOLD = "hold"  # the table stands still until one seat goes on


@dataclass(frozen=True)
class Button:
    """A button under the rack for one of the variant's actions; ``key`` presses it wherever the table is."""

    action: str  # the kind of the action it sends
    label: str
    key: str = ""  # a keyboard key, as pygame names it («F6»)
    refused: str = "Сейчас так нельзя."  # what the table says when the rules do not take it now
    shown_by: str = ""  # a button of one's turn stands while this view key is not None (the variant is on)
    off: str = ""  # what the table says when it is pressed and the variant is off in this game


@dataclass(frozen=True)
class Answer:
    label: str
    action: Action  # what answering so sends
    typed: tuple[str, ...] = ()  # what typed alone answers so («д», «y»)


@dataclass(frozen=True)
class Question:
    """A dialog over the board asking the seats who may act in the phase about the move waiting in it (its words and
    their points stand in it): «{mover} {verb} {rest}»."""

    title: str
    verb: str  # what the mover does, agreeing with the mover's name («предлагает»)
    rest: str
    answers: tuple[Answer, ...]

    @property
    def action(self) -> str:
        """The kind of the action its answers send: the rules offer it to whoever may answer."""
        return self.answers[0].action.kind


@dataclass(frozen=True)
class Pick:
    """A turn made by picking tiles off the board, up to ``most`` of them, sent as the action's ``cells``."""

    action: str
    verb: str  # its button, and the line over the rack counting what is picked («Снять 2 фишки»)
    most: int
    invitation: str  # that line before anything is picked
    nothing: str  # what the table says when it is sent with nothing picked


@dataclass(frozen=True)
class Opening:
    """A banner when the phase begins, for a seat that acts in it."""

    title: str
    keys: str  # what it says at a keyboard and mouse
    pad: str = ""  # with a gamepad, where it says something else


@dataclass(frozen=True)
class PhaseLook:
    kind: str  # WINDOW, TURN or HOLD
    status: str  # the table's status line in it
    title: str = ""  # what a couch calls a player up for in it («Проверка слова»)
    buttons: tuple[Button, ...] = ()  # under the rack of a seat that may take one of them; with a question, they
    # bring the question back
    question: Question | None = None
    pick: Pick | None = None
    opening: Opening | None = None
    goes_on: str = ""  # HOLD: what the seat the rules wait for (``to_act``) does, in the status line («снимет»)


@dataclass(frozen=True)
class LoggedMove:
    """What a table's moves list says of a move the variant logs under its kind: «снято: 2 фишки»."""

    name: str  # «снято»: also alone, where moves are named in a word
    counted: str = ""  # the entry's list whose length it counts
    noun: str = ""  # what it counts
    loss: bool = False  # points taken off, not won: the list tells it in red

    def said(self, entry: dict) -> str:
        return f"{self.name}: {count(len(entry.get(self.counted, [])), self.noun)}"


@dataclass(frozen=True)
class Tally:
    """A count per seat the plates show in the variant's phases and after the game: «снято: 12»."""

    label: str
    view_key: str  # the view's list of it, one a seat
    phases: tuple[str, ...]


@dataclass(frozen=True)
class VariantLook:
    phases: Mapping[str, PhaseLook] = field(default_factory=dict)
    turn_buttons: tuple[Button, ...] = ()  # under the rack in the play phase, after the base game's
    sounds: Mapping[str, str] = field(default_factory=dict)  # event kind -> sound
    pause: tuple[str, ...] = ()  # (action, action): what the pause menu sends when it opens, and when it closes
    logged: Mapping[str, LoggedMove] = field(default_factory=dict)  # history kind -> how the moves list says it
    tallies: tuple[Tally, ...] = ()

    def buttons(self) -> dict[str, Button]:
        """Every button it adds, in play or in its phases, by the action it sends."""
        return {b.action: b for b in (*self.turn_buttons, *(b for p in self.phases.values() for b in p.buttons))}

    def for_page(self) -> dict:
        """The look as plain data, for a table that cannot import it (the phone's page): each phase's kind, words,
        buttons, question and pick, the buttons of a turn, the pause's two actions and the tallies. What only a
        keyboard, a sound or the moves list says stays out (keys, typed answers, openings, sounds, logged moves)."""
        def button(b: Button) -> dict:
            return {"action": b.action, "label": b.label, "shown_by": b.shown_by}

        def phase(name: str, p: PhaseLook) -> dict:
            q, pick = p.question, p.pick
            return {"phase": str(name), "kind": p.kind, "status": p.status, "title": p.title, "goes_on": p.goes_on,
                    "buttons": [button(b) for b in p.buttons],
                    "question": q and {"title": q.title, "verb": q.verb, "rest": q.rest,
                                       "answers": [{"label": a.label, "action": a.action.to_wire()} for a in q.answers]},
                    "pick": pick and {"action": pick.action, "verb": pick.verb, "most": pick.most,
                                      "invitation": pick.invitation}}

        return {"phases": [phase(name, p) for name, p in self.phases.items()],
                "turn_buttons": [button(b) for b in self.turn_buttons], "pausing": list(self.pause),
                "tallies": [{"label": t.label, "view_key": t.view_key, "phases": [str(p) for p in t.phases]}
                            for t in self.tallies]}


def gathered(looks) -> VariantLook:
    """The looks of several variants as one (each names only its own phases, buttons, events and moves)."""
    looks = list(looks)
    return VariantLook(
        phases={phase: look for v in looks for phase, look in v.phases.items()},
        turn_buttons=tuple(b for v in looks for b in v.turn_buttons),
        sounds={kind: sound for v in looks for kind, sound in v.sounds.items()},
        pause=next((v.pause for v in looks if v.pause), ()),
        logged={kind: move for v in looks for kind, move in v.logged.items()},
        tallies=tuple(t for v in looks for t in v.tallies),
    )


# ---------------------------------------------------------------------------------------------- the variant
class BoardVariant:
    rule: HouseRule
    classic_only = False  # Эрудит and Скрэббл only (not Словодел)
    presets: dict[str, Any] = {}  # preset id -> its value in that preset (``PRESET_NAMES`` names the presets)
    # (name, default factory) of each field it adds to the state (``BoardState`` is built with them)
    state_fields: tuple[tuple[str, Callable[[], Any]], ...] = ()
    actions: tuple[type, ...] = ()
    free_form: tuple[type, ...] = ()  # its actions a client may send beyond the legal list (a move it made up)
    events: tuple[type, ...] = ()
    phases: tuple[Phase, ...] = ()  # the phases it owns: the ``*_in_phase`` hooks and ``phase_handlers`` serve them
    unknown_in_phase = "Сейчас так ходить нельзя."  # the refusal of an action its phases have no handler for
    look = VariantLook()  # what a table shows of it

    def on(self, options: dict) -> bool:
        return bool(options.get(self.rule.id))

    # ---- handlers (of every variant)
    def anyone_handlers(self) -> dict[type, Callable]:
        """Actions any seat may send in any phase (each refuses itself when it does not apply):
        ``fn(rules, state, seat, action, t_ms)``."""
        return {}

    def turn_handlers(self) -> dict[type, Callable]:
        """Actions added to the mover's turn in the play phase."""
        return {}

    def phase_handlers(self) -> dict[type, Callable]:
        """The mover's actions in the phases it owns."""
        return {}

    # ---- its phases (asked of the owner of the phase the state is in)
    def legal_in_phase(self, rules, state, seat: int) -> list:
        return []

    def to_act_in_phase(self, rules, state) -> tuple[int, ...]:
        return (state.turn,)

    def deadline_in_phase(self, state) -> int | None:
        return None

    def tick_in_phase(self, rules, state, t_ms: int) -> list:
        return []

    def window_ms(self, phase: str) -> int | None:
        """How long the phase holding a pending move lasts in all (what the view tells the clients)."""
        return None

    def refusal_in_phase(self, state, seat: int, action) -> Rejected | None:
        """Why ``action`` is refused in its phase before anything else is asked (a pause holds back every action
        but the one ending it); None: it goes on to its handler."""
        return None

    # ---- slice hooks (every variant)
    def start(self, rules, state) -> None:
        """Set the state's slice up for a new game (before anything is drawn)."""

    def tile_places(self, state) -> list[tuple[str, bytearray, bool]]:
        """(Russian name, tile numbers, in the bag) of each place of tiles it keeps: counted in the invariants,
        and, when in the bag, hidden and counted as the bag."""
        return []

    def forget_pending(self, state) -> None:
        """The pending move stood or was withdrawn: clear what was kept about it."""

    def pending_view(self, state) -> dict:
        """Its keys in the view's ``pending`` (the move waiting for its verdict)."""
        return {}

    def view(self, rules, state, seat: int) -> dict:
        return {}

    def result(self, rules, state) -> dict:
        return {}

    # ---- rule hooks (the variants switched on; defaults: the base rule)
    def opening_min(self, options: dict, base: int) -> int:
        """The shortest first word of the game."""
        return base


    def move_bonus(self, options: dict, source: Any, readings: list[str], tags_of) -> int:
        """Points a move earns beyond its words' letters and premiums (``readings``: each word as read)."""
        return 0

    def take_blanks(self, rules, state, action, rack: list) -> list | None:
        """The blanks on the board ``action.swaps`` gives real tiles for, as (cell, blank, tile), once checked
        (``rack``, the tiles the move may lay, gets the blanks instead); None: not this variant's (the base rule
        refuses every swap)."""
        return None

    def swap_blanks(self, rules, state, seat: int, swaps: list) -> list:
        """The move is made: the swaps taken happen first (their events)."""
        return []

    def unswap_blanks(self, state, seat: int, swaps: list) -> None:
        """The move is withdrawn: put the blanks back."""

    def exchange_refusal(self, options: dict, bag: int) -> Rejected | None:
        """Why an exchange may not be made with ``bag`` tiles left, if it may not."""
        return None

    def split_bag(self, rules, state) -> None:
        """Once the turn order is drawn, before the racks are dealt (the base rule: one bag)."""

    def draw(self, rules, state, seat: int, n: int, vowels: int) -> list | None:
        """The tiles ``seat`` draws (``n`` of them, the bag holds enough); None: from the end of the one bag."""
        return None

    def bag_of(self, state, tile: int) -> bytearray | None:
        """Where a tile given back goes; None: the one bag."""
        return None

    def after_return(self, state) -> None:
        """Tiles went back and the bag was mixed."""

    def vowels_allowed(self, vowels: int) -> bool:
        """Whether a move may ask for this many vowels (the base rule: only -1, the table's default)."""
        return False

    def allowed_words(self, state) -> list:
        """Words that count whatever the dictionary says."""
        return []

    def holds_move(self, options: dict, refused: bool, dispute: bool) -> bool:
        """Whether a placed move waits in this variant's phase instead of standing at once (``refused``: the
        dictionary refused a word of it; ``dispute``: the mover sent it to the vote). May raise Rejected."""
        return False

    def hold(self, rules, state, t_ms: int) -> list:
        """The pending move enters this variant's phase."""
        return []

    def appeal(self, rules, state, t_ms: int) -> list | None:
        """A pending move found invalid may go to the table instead of being withdrawn; None: withdrawn."""
        return None

    def scoreless_turn(self, rules, state) -> list | None:
        """A turn passed or exchanged: its events instead of the base rule's (a step towards «everyone passed
        twice», the end); None: the base rule."""
        return None

    def after_game(self, rules, state) -> list | None:
        """The main game is scored: a phase may follow (its events); None: the game is over."""
        return None

    def on_close(self, rules, state) -> None:
        """The game is over for good."""

    def turn_legal(self, rules, state, seat: int) -> list:
        """Actions it adds to the mover's legal actions in the play phase."""
        return []

    def anytime_legal(self, rules, state, seat: int) -> list:
        """Actions it adds to every seat's legal actions whatever the phase (until the game is over): reflexes,
        which ``to_act`` does not count, such as stopping the clock."""
        return []

    def after_change(self, rules, state, t_ms: int) -> None:
        """The game has just changed at ``t_ms`` (it began, an action was taken, a timer ran out): what is
        reckoned by the time of every change (a clock) catches up. Never called for a refused action."""

    def deadline_in_play(self, state) -> int | None:
        """When something of its own falls due in the play phase, which no variant owns (a move's time)."""
        return None

    def tick_in_play(self, rules, state, t_ms: int) -> list:
        """Its ``deadline_in_play`` came (``t_ms``): its events (they must change the state)."""
        return []

    def final_scoring(self, rules, state, t_ms: int) -> list:
        """The main game is being scored at ``t_ms``, the tiles left counted: what it takes off or adds to the
        scores (its events), before the winners are named."""
        return []
