"""What a board variant is: one house rule's metadata, its slice of the state, its actions, events and phases, and
the hooks of the engine it changes.

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

from typing import Any, Callable

from game.rules.base import HouseRule, Rejected
from game.rules.flow import Phase

from .look import VariantLook

BASE_OPENING = 2  # the base rule: a first word of two letters or more
# the base rule for a move sent to the vote when no word of it was refused
NOTHING_TO_DISPUTE = "Выносить на голосование нечего: слова проверяются после хода."


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
    look = VariantLook()  # what a table shows of it (``look.VariantLook``)

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
