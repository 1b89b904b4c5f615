"""The UNO rules engine: the basic game of uno.txt, with every house rule asked through its hooks.

A move is validated completely before anything changes (a refused action leaves the state as
it was); then it runs inside a ``Ctx`` (state, host time, events being produced).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.base import NAME_SLOT, Event, ReflexRace, Rejected, Rng, resolve_options
from game.rules.words_ru import to_you

from . import house
from .cap import ROUND_TURN_LIMIT, cap_of  # noqa: F401 - tests read the limit here
from .actions import EMOTES, Accept, Catch, Challenge, ChooseColour, Continue, Draw, Emote, Pass, Play, Ready, Shout
from .cards import (
    COLOURED_ATTACKS,
    COLOURS,
    DRAW_AMOUNT,
    REVERSE,
    SKIP,
    WILD4,
    base_faces,
    card_dict,
    hand_points,
    is_black,
    is_number,
    matches,
)
from .events import (
    AttackPending,
    CardPlayed,
    CardsDrawn,
    CardsReceived,
    CardTakenBack,
    CatchPressed,
    Challenged,
    ChoiceWait,
    ColourChosen,
    ContinuePressed,
    Dealt,
    DeckRecycled,
    DirectionChanged,
    Emoted,
    FalseReflex,
    HandShown,
    LockoutOver,
    MatchOver,
    Passed,
    PlayerOut,
    ReadySaid,
    ReadyWait,
    RoundOver,
    RoundStarted,
    StarterReturned,
    TurnSkipped,
    TurnStarted,
    UnoCaught,
    UnoMissed,
    UnoShouted,
    UnoWindowClosed,
)
from .house.base import spectator_refusal
from .house.silence import QUIET_EMOTES
from .phases import PHASES
from .scoring import BY_SETUP, Scoring
from .state import (
    ATTACK,
    CHOOSE_COLOUR,
    MATCH_OVER,
    PLAY,
    READY,
    ROUND_OVER,
    Attack,
    UnoState,
    UnoWatch,
    encode_faces,
)
from .state import Challenge as ChallengeInfo

HAND_SIZE = 7
GRACE_MS = 500  # after a silent second-to-last card, catches count only from here
CATCH_COLLECT_MS = 120  # presses this close after the first catch still compete
LOCKOUT_MS = 2000  # a false catch or slap locks the reflex buttons this long
READY_MS = 8000  # the «Готов» pause ends by itself after this
ROUND_OVER_MS = 20000  # the results screen moves on by itself after this
MAX_ROUNDS = 40  # …and so does a match



@dataclass
class Ctx:
    state: UnoState
    t: int
    ev: list[Event] = field(default_factory=list)


def _hooks(state: UnoState):
    return house.hooks_for(state.house)


def _having(state: UnoState, hook_point: str):
    """The enabled rules that change ``hook_point`` (the others keep the default: nothing to ask them)."""
    return house.having(state.house, hook_point)


def _first(state: UnoState, hook_point: str, *args):
    """The first answer (not None, not False) of the rules at ``hook_point``; None when they keep the default."""
    for hook in house.having(state.house, hook_point):
        answer = getattr(hook, hook_point)(*args)
        if answer is not None and answer is not False:
            return answer
    return None


def raise_refusal(refusal: Rejected | None) -> None:
    """``apply`` raises what the shared ``*_refusal`` answer says (``legal_actions`` asks the same)."""
    if refusal is not None:
        raise refusal


class UnoRules:
    game_id = "uno"
    title = "UNO"
    min_players, max_players = 2, 10
    house_rules = house.SETUP + tuple(h.rule for h in house.ALL)
    presets = house.PRESETS
    actions = house.ACTIONS
    events = house.EVENTS
    # judged by apply at any moment: a false one has a price instead of being refused
    free_form_kinds = ("shout", "catch", *house.FREE_FORM, "emote")
    raise_refusal = staticmethod(raise_refusal)

    @staticmethod
    def all_house_options(seats: int) -> dict:
        """Every house rule a table of ``seats`` can play, switched on."""
        return house.all_on(seats)

    def seat_teams(self, options: dict, seats: int) -> list[int] | None:
        """The team of each seat when these options play in teams (the lobby shows them), else None."""
        try:
            hooks = house.enabled(resolve_options(self.house_rules, options))
        except Rejected:
            return None
        for hook in hooks:
            if hook.seat_team(0, seats) is not None:
                return [hook.seat_team(s, seats) for s in range(seats)]
        return None

    # ================================================================== setup
    def new_game(self, options: dict, seats: int, seed: int, start_ms: int = 0) -> UnoState:
        opts = resolve_options(self.house_rules, options)
        if not self.min_players <= seats <= self.max_players:
            raise Rejected(f"В UNO играют от {self.min_players} до {self.max_players} человек.", "options")
        rng = Rng(seed)
        faces = base_faces()
        for hook in house.enabled(opts):
            faces += hook.extra_faces()
        rng.shuffle(faces)  # ids carry no hint of their face
        state = UnoState(
            rng=rng,
            options=opts,
            n=seats,
            face_code=encode_faces(faces),
            house=house.key_of(opts),
            hands=[[] for _ in range(seats)],
            scores=[0] * seats,
            round_wins=[0] * seats,
            round_losses=[0] * seats,
            lockout_until=[0] * seats,
        )
        refusal = _first(state, "refuse_setup", state)
        raise_refusal(refusal)
        state.dealer = rng.below(seats)
        self._start_round(Ctx(state, start_ms), state.dealer, self.next_seat(state, state.dealer))
        return state

    def _start_round(self, ctx: Ctx, dealer: int, first: int) -> None:
        state = ctx.state
        n = state.n
        state.round += 1
        state.dealer = dealer
        state.deck = state.cards()
        state.rng.shuffle(state.deck)
        state.hands = [[] for _ in range(n)]
        state.discard, state.named = [], {}
        state.direction = 1
        self._clear_round(state)
        state.pending_challenge = None
        state.resume_seat = state.ready_deadline = state.round_over_deadline = None
        state.uno_said = [False] * n
        state.lockout_until = [0] * n
        state.out = []
        state.first_card_fresh = True
        state.last_player = None
        state.turns = state.empty_draws = 0
        state.round_points = None
        state.round_bonus = 0
        state.round_winner = None
        state.continued = [False] * n
        for hook in _hooks(state):
            if hook.slot is not None:
                hook.put(state, hook.fresh(state))
            hook.on_round_start(self, ctx)
        for _ in range(HAND_SIZE):
            for i in range(n):
                state.hands[(dealer + 1 + i) % n].append(state.deck.pop())
        while True:  # the starting card must be a number; others go back under the deck
            card = state.deck.pop()
            if is_number(state.faces[card]):
                break
            state.deck.insert(0, card)
            ctx.ev.append(StarterReturned({"colour": state.faces[card][0], "value": state.faces[card][1]}))
        state.discard.append(card)
        state.colour = state.faces[card][0]
        state.last_landed_ms = ctx.t
        ctx.ev.append(
            RoundStarted(state.round, dealer, first, self.card(state, card), tuple(len(h) for h in state.hands),
                         len(state.deck))
        )
        for seat in range(n):
            ctx.ev.append(Dealt(seat, self.card_dicts(state, state.hands[seat])))
        state.turns = -1  # the first turn is number 0
        self.start_turn(ctx, first)

    def _clear_round(self, state: UnoState) -> None:
        """Nothing of a round's moment outlives it: no pending attack, window, race or choice."""
        state.attack = state.watch = state.pending_card = state.drawn = None
        for hook in _hooks(state):
            if hook.slot is not None and not hook.keeps_between_rounds:
                hook.put(state, hook.fresh(state))

    # ================================================================== helpers the hooks use
    hooks = staticmethod(_hooks)

    def card(self, state: UnoState, card_id: str) -> dict:
        return card_dict(card_id, state.faces[card_id], state.named.get(card_id))

    def card_dicts(self, state: UnoState, ids) -> tuple:
        return tuple(self.card(state, c) for c in ids)

    def active_seats(self, state: UnoState) -> list[int]:
        return [s for s in range(state.n) if s not in state.out]

    def next_seat(self, state: UnoState, seat: int, steps: int = 1) -> int:
        for _ in range(steps):
            for _ in range(state.n):
                seat = (seat + state.direction) % state.n
                if seat not in state.out:
                    break
        return seat

    def give_new_ids(self, state: UnoState, cards: list[str]) -> list[str]:
        """The same cards under ids never used before, in the same order; the old ids are retired, and no card bears
        them again. Which card gets which new id is drawn by the seeded coin, so whoever knew the old ids (and the
        order they were held in) knows nothing of the new ones."""
        faces = state.faces
        dealt = list(cards)
        state.rng.shuffle(dealt)
        first = len(faces)
        new_id = {c: f"u{first + i}" for i, c in enumerate(dealt)}
        state.face_code += "".join(f" {faces[c][0]}:{faces[c][1]}" for c in dealt)  # as ``encode_faces`` writes them
        state.retired.extend(cards)
        return [new_id[c] for c in cards]

    def take(self, ctx: Ctx, seat: int, count: int, reason: str) -> list[str]:
        state = ctx.state
        got: list[str] = []
        for _ in range(count):
            if not state.deck:
                self._recycle(ctx)
            if not state.deck:
                break
            got.append(state.deck.pop())
        state.hands[seat].extend(got)
        ctx.ev.append(CardsDrawn(seat, len(got), reason, count - len(got)))
        if got:
            ctx.ev.append(CardsReceived(seat, self.card_dicts(state, got), reason))
        for hook in _having(state, "after_take"):
            hook.after_take(self, ctx, seat)
        return got

    def _recycle(self, ctx: Ctx) -> None:
        state = ctx.state
        # the card under the top stays too: a cheating +4 taken back uncovers it
        if len(state.discard) < 3:
            return
        pile = state.discard[:-2]
        state.discard = state.discard[-2:]
        for c in pile:
            state.named.pop(c, None)
        state.rng.shuffle(pile)
        state.deck = pile + state.deck
        state.recycles += 1
        ctx.ev.append(DeckRecycled(len(pile)))

    def start_turn(self, ctx: Ctx, seat: int) -> None:
        state = ctx.state
        state.phase, state.turn, state.actor = PLAY, seat, None
        state.drawn = state.pending_card = None
        state.turns += 1
        ctx.ev.append(TurnStarted(seat))
        for hook in _hooks(state):
            hook.on_turn_start(self, ctx, seat)
        if state.turns > cap_of(_hooks(state), state.n) and state.phase not in (ROUND_OVER, MATCH_OVER):
            self.end_round(ctx, None, "limit")

    def set_colour(self, ctx: Ctx, seat: int, colour: str, by_black: bool, auto: bool = False) -> None:
        state = ctx.state
        state.colour = colour
        if by_black:
            state.named[state.discard[-1]] = colour
            ctx.ev.append(ColourChosen(seat, colour, auto))
        for hook in _having(state, "on_colour"):
            hook.on_colour(self, ctx, seat, by_black)

    def leave_round(self, ctx: Ctx, seat: int) -> None:
        """``seat`` leaves the turn order for the rest of the round."""
        state = ctx.state
        state.out.append(seat)
        ctx.ev.append(PlayerOut(seat, len(state.out)))
        if state.watch is not None and state.watch.seat == seat:
            self._close_watch(ctx)

    # ================================================================== what each seat may do
    def to_act(self, state: UnoState) -> tuple[int, ...]:
        """The turn player (unless a race holds the turn), the one a choice or an attack waits for, or at the
        end of a round those not yet ready for the next. Reflexes and jump-ins make nobody one to act."""
        if state.phase == MATCH_OVER:
            return ()
        if state.phase == ROUND_OVER:
            return tuple(s for s in range(state.n) if not state.continued[s])
        if state.phase == PLAY:
            return () if self.turn_held(state) is not None else (state.turn,)
        return (state.actor,)

    def legal_actions(self, state: UnoState, seat: int) -> list:
        """Every candidate is asked of the same ``*_refusal`` functions ``apply`` raises: what is listed here is
        exactly what ``apply`` accepts (reflexes and emotes are free-form: a false one has its price there)."""
        if not 0 <= seat < state.n or state.phase == MATCH_OVER:
            return []
        if state.phase == ROUND_OVER:
            return [] if self._continue_refusal(state, seat) else [Continue()]
        out: list = []
        watch = state.watch
        if watch is not None and watch.seat == seat and self._shout_refusal(state, seat) is None:
            out.append(Shout())
        if watch is not None and watch.seat != seat and self._catch_refusal(state, seat, 0) is None:
            out.append(Catch())
        for hook in _having(state, "offers"):
            out += hook.offers(self, state, seat)
        hand = state.hands[seat]
        phase = state.phase
        if phase == PLAY:
            if self.turn_refusal(state, seat) is None:
                for c in hand:
                    if self._fit_refusal(state, c) is None:
                        out += self.offers(Play, c, lambda u, c=c: self._play_refusal(state, seat, c, u))
                if self._draw_refusal(state, seat) is None:
                    out.append(Draw())
                if self._pass_refusal(state, seat) is None:
                    out.append(Pass())
        elif self.actor_refusal(state, seat, phase) is None:
            if phase == CHOOSE_COLOUR:
                out += [ChooseColour(c) for c in COLOURS]
            elif phase == ATTACK:
                if self._accept_refusal(state, seat) is None:
                    out.append(Accept())
                if self._challenge_refusal(state, seat) is None:
                    out.append(Challenge())
                for c in hand:
                    out += self.offers(Play, c, lambda u, c=c: self._answer_refusal(state, seat, c, u))
            elif phase == READY:
                out.append(Ready())
            else:
                out += house.PHASE_OWNER[phase].phase_offers(self, state, seat, phase)
        return [a for a in out if self.reflex_refusal(state, seat, a) is None]

    @staticmethod
    def reflex_refusal(state: UnoState, seat: int, action) -> Rejected | None:
        """A reflex (catch, slap, jump-in, «УНО!», a bounce) from one who has left the round is refused: they watch
        it. An emote is still shown — it is only never noise (the silences do not bind a spectator)."""
        if action.reflex and not isinstance(action, Emote):
            return spectator_refusal(state, seat)
        return None

    @staticmethod
    def offers(cls, card: str, refusal) -> list:
        """The card with and without «УНО!», each as far as ``refusal(uno)`` allows."""
        return [cls(card, uno) if uno else cls(card) for uno in (False, True) if refusal(uno) is None]

    def fits(self, state: UnoState, card: str) -> bool:
        return matches(state.faces[card], state.faces[state.discard[-1]], state.colour)

    def _challengeable(self, state: UnoState, seat: int) -> bool:
        a = state.attack
        return a is not None and a.challenge is not None and a.target == seat and state.discard[-1] == a.challenge.card

    def answer_kind(self, state: UnoState, seat: int, card: str) -> str | None:
        """How ``card`` may answer the pending attack: "dodge" (the basic rule), or a house rule's kind."""
        a = state.attack
        face = state.faces[card]
        if a is None:
            return None
        if face[1] in COLOURED_ATTACKS and (not a.black or face[0] == state.colour):
            return "dodge"
        for hook in _having(state, "answer"):
            kind = hook.answer(state, seat, face)
            if kind:
                return kind
        return None

    # ================================================================== apply
    def apply(self, state: UnoState, seat: int, action, t_ms: int) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < state.n:
            raise Rejected("Такого места за столом нет.", "seat")
        handler = self._HANDLERS.get(type(action))
        if handler is None:
            raise Rejected("Такого действия в UNO нет.", "malformed")
        if state.phase == MATCH_OVER:
            raise Rejected("Партия уже закончилась.", "over")
        if state.phase == ROUND_OVER and not isinstance(action, Continue):
            raise Rejected("Тур окончен: посмотрите результаты и нажмите «Дальше».", "phase")
        raise_refusal(self.reflex_refusal(state, seat, action))
        ctx = Ctx(state, t_ms)
        handler(self, ctx, seat, action)
        self._settle(ctx)
        return ctx.ev

    def _settle(self, ctx: Ctx) -> None:
        state = ctx.state
        w = state.watch
        if w is not None and len(state.hands[w.seat]) != 1:
            self._close_watch(ctx)
        for s in range(state.n):
            if len(state.hands[s]) != 1:
                state.uno_said[s] = False
        for hook in _having(state, "after_move"):
            hook.after_move(self, ctx)

    def table_moves(self, ctx: Ctx, seat: int) -> None:
        """Someone plays or draws: the silent player's catch window (and house rules' windows) close."""
        state = ctx.state
        if state.watch is not None and state.watch.seat != seat:
            self._close_watch(ctx)
        for hook in _having(state, "on_table_moves"):
            hook.on_table_moves(self, ctx, seat)

    # ------------------------------------------------------------------ why not: one answer for legal_actions and apply
    def house_refusal(self, state: UnoState, seat: int, action) -> Rejected | None:
        """What the house rules forbid of an action the basic game allows."""
        if _having(state, "target_refusal"):
            target = self.aimed_at(state, seat, action)
            refusal = None if target is None else self.target_refusal(state, seat, target)
            if refusal is not None:
                return refusal
        return _first(state, "refuse", self, state, seat, action)

    def aimed_at(self, state: UnoState, seat: int, action) -> int | None:
        """The seat a +N sent by ``action`` would land on: the next player still in for a +N card (laid in one's
        turn, in answer or out of turn), the attack's source for a «Реверс» that bounces it back; else None."""
        card = getattr(action, "card", None)
        if not getattr(action, "lays_card", False) or card not in state.hands[seat]:
            return None
        if state.faces[card][1] in DRAW_AMOUNT:
            return self.next_seat(state, seat)
        if isinstance(action, Play) and state.attack is not None and self.answer_kind(state, seat, card) == "bounce":
            return state.attack.source
        return None

    def target_refusal(self, state: UnoState, source: int, target: int) -> Rejected | None:
        """Why a +N of ``source`` may not land on ``target`` (the rules' ``target_refusal``, in hook order): the one
        answer for a card aiming one and for an attack passed on."""
        return None if target == source else _first(state, "target_refusal", state, source, target)

    def pass_attack_on(self, ctx: Ctx) -> None:
        """The pending attack's target has left the round while it waited: it passes to the next player still in,
        who is told as of a new attack (the honesty check was the old target's) — unless a rule keeps it from
        landing there (``target_refusal``): then it falls, nobody takes it, and that player simply plays, as they
        would have after the old target took it (docs/RULES.md, UNO, «Лимит карт»)."""
        state = ctx.state
        a = state.attack
        seat = self.next_seat(state, a.target)
        if seat == a.source or self.target_refusal(state, a.source, seat) is not None:
            state.attack = None
            return self.start_turn(ctx, seat)
        a.target = state.turn = state.actor = seat
        a.challenge = None
        ctx.ev.append(AttackPending(a.source, seat, a.amount, False))

    def turn_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        if state.phase != PLAY:
            who = state.actor if state.actor is not None else state.turn
            if who == seat:  # the one waited for hears it of themselves, not «Сейчас Маша …»
                return Rejected(f"Сейчас {to_you(f'он {PHASES[state.phase].waiting}.')}", "phase")
            return Rejected(f"Сейчас {NAME_SLOT} {PHASES[state.phase].waiting}.", "phase", about=who)
        if seat != state.turn:
            return Rejected("Сейчас не ваш ход.", "turn")
        return self.turn_held(state)

    def turn_held(self, state: UnoState) -> Rejected | None:
        """Why the turn player waits a moment (a race being judged), if they do."""
        return _first(state, "turn_hold", state)

    @staticmethod
    def card_refusal(state: UnoState, seat: int, card: str) -> Rejected | None:
        return None if card in state.hands[seat] else Rejected("Такой карты у вас нет.", "card")

    @staticmethod
    def uno_flag_refusal(state: UnoState, seat: int, uno: bool) -> Rejected | None:
        if uno and len(state.hands[seat]) != 2:
            return Rejected("«УНО!» кричат, выкладывая предпоследнюю карту.", "uno")
        return None

    def _play_refusal(self, state: UnoState, seat: int, card: str, uno: bool) -> Rejected | None:
        """Everything but the fit: a card that does not fit may still be played, at a price («Штрафы»)."""
        refusal = self.turn_refusal(state, seat) or self.card_refusal(state, seat, card)
        if refusal is None and state.drawn is not None and card != state.drawn:
            refusal = Rejected("После взятия карты можно сыграть только её — или сказать «Пас».", "drawn")
        return (refusal or self.uno_flag_refusal(state, seat, uno)
                or self.house_refusal(state, seat, Play(card, uno)))

    def playable(self, state: UnoState, seat: int, card: str) -> bool:
        """``card`` may be played now (it fits, and no rule forbids it, with or without «УНО!»)."""
        return self.fits(state, card) and any(
            self._play_refusal(state, seat, card, uno) is None for uno in (False, True))

    def answerable(self, state: UnoState, seat: int, card: str) -> bool:
        """``card`` may answer the pending attack now (with or without «УНО!»)."""
        return any(self._answer_refusal(state, seat, card, uno) is None for uno in (False, True))

    def _fit_refusal(self, state: UnoState, card: str) -> Rejected | None:
        if self.fits(state, card):
            return None
        return Rejected("Эта карта не подходит: нужен тот же цвет, то же значение или чёрная карта.", "match")

    def _draw_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        refusal = self.turn_refusal(state, seat)
        if refusal is None and state.drawn is not None:
            refusal = Rejected("Вы уже взяли карту: сыграйте её или скажите «Пас».", "drawn")
        if refusal is None and any(self.playable(state, seat, c) for c in state.hands[seat]):
            refusal = Rejected("Вам есть чем ходить: брать из колоды можно, только когда подходящей карты нет.",
                               "draw")
        return refusal or self.house_refusal(state, seat, Draw())

    def _pass_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        refusal = self.turn_refusal(state, seat)
        if refusal is None and state.drawn is None:
            refusal = Rejected("«Пас» говорят после того, как взяли карту из колоды.", "pass")
        return refusal or self.house_refusal(state, seat, Pass())

    def wrong_card(self, ctx: Ctx, seat: int, refusal: Rejected, mistake: str) -> None:
        """A card that may not go there: refused, unless a house rule takes it back at a price. Decided here alone."""
        if not _first(ctx.state, "on_mistake", self, ctx, seat, mistake):
            raise refusal

    def _do_play(self, ctx: Ctx, seat: int, action: Play) -> None:
        state = ctx.state
        if state.phase == ATTACK:
            return self._do_answer(ctx, seat, action)
        raise_refusal(self._play_refusal(state, seat, action.card, action.uno))
        misfit = self._fit_refusal(state, action.card)
        if misfit is not None:
            return self.wrong_card(ctx, seat, misfit, "Карта не подходит ни по цвету, ни по значению.")
        self.table_moves(ctx, seat)
        self.lay(ctx, seat, action.card, uno=action.uno)

    def _do_draw(self, ctx: Ctx, seat: int, action: Draw) -> None:
        state = ctx.state
        raise_refusal(self._draw_refusal(state, seat))
        self.table_moves(ctx, seat)
        got = self.take(ctx, seat, 1, "draw")
        while got and not self.fits(state, got[0]) and seat not in state.out and _first(state, "draws_on", state, seat):
            got = self.take(ctx, seat, 1, "draw")
        if seat in state.out:  # the draw sent the player out of the round (a house rule)
            return self.start_turn(ctx, self.next_seat(state, seat))
        state.empty_draws = 0 if got else state.empty_draws + 1
        if state.empty_draws >= len(self.active_seats(state)):  # nobody can play and nothing is left to draw
            return self.end_round(ctx, None, "blocked")
        if got and self.fits(state, got[0]):
            state.drawn = got[0]
            return
        ctx.ev.append(Passed(seat, True))
        self.start_turn(ctx, self.next_seat(state, seat))

    def _do_pass(self, ctx: Ctx, seat: int, action: Pass) -> None:
        state = ctx.state
        raise_refusal(self._pass_refusal(state, seat))
        ctx.ev.append(Passed(seat))
        self.start_turn(ctx, self.next_seat(state, seat))

    # ------------------------------------------------------------------ laying a card
    def lay(self, ctx: Ctx, seat: int, card: str, uno: bool = False, jump: bool = False,
            answer: str | None = None) -> None:
        """The card leaves the hand and lands; then the hand, the colour and the effect."""
        state = ctx.state
        face = state.faces[card]
        hand = state.hands[seat]
        if face[1] == WILD4:
            guilty = any(state.faces[c][0] == state.colour for c in hand if c != card)
            state.pending_challenge = ChallengeInfo(seat, guilty, state.colour, card)
        hand.remove(card)
        state.discard.append(card)
        state.first_card_fresh = False
        state.empty_draws = 0
        state.last_player, state.last_landed_ms = seat, ctx.t
        state.drawn = None
        ctx.ev.append(CardPlayed(seat, self.card(state, card), jump, uno, answer is not None, len(hand)))
        if len(hand) == 1:
            if uno:
                state.uno_said[seat] = True
                ctx.ev.append(UnoShouted(seat, True))
                for hook in _having(state, "on_shout"):
                    hook.on_shout(self, ctx, seat)
            else:
                self.open_watch(ctx, seat)
        if not is_black(face):
            self.set_colour(ctx, seat, face[0], False)
        if not hand and self.goes_out(ctx, seat, card, answer):
            return
        if answer is not None and _first(state, "on_answer", self, ctx, seat, answer):
            return
        if is_black(face):
            auto = _first(state, "auto_colour", state)
            if auto is None:
                state.phase, state.actor, state.pending_card = CHOOSE_COLOUR, seat, card
                ctx.ev.append(ChoiceWait(seat, "colour"))
                return
            self.set_colour(ctx, seat, auto, True, auto=True)
        self._effect(ctx, seat, card)

    def _effect(self, ctx: Ctx, seat: int, card: str) -> None:
        state = ctx.state
        face = state.faces[card]
        value = face[1]
        state.pending_card = None
        if value in DRAW_AMOUNT:
            return self._start_attack(ctx, seat, card)
        if value == SKIP:
            victim = self.next_seat(state, seat)
            ctx.ev.append(TurnSkipped(victim))
            for hook in _having(state, "after_skip"):
                hook.after_skip(self, ctx, seat, victim, face[0])
            return self.start_turn(ctx, self.next_seat(state, seat, 2))
        if value == REVERSE:
            state.direction = -state.direction
            ctx.ev.append(DirectionChanged(state.direction))
            if len(self.active_seats(state)) == 2:  # two at the table: a Reverse works as a Skip
                ctx.ev.append(TurnSkipped(self.next_seat(state, seat)))
                return self.start_turn(ctx, self.next_seat(state, seat, 2))
            return self.start_turn(ctx, self.next_seat(state, seat))
        if is_number(face):
            for hook in _having(state, "after_number"):
                if hook.after_number(self, ctx, seat, card):
                    return
        self.start_turn(ctx, self.next_seat(state, seat))

    def _chain(self, state: UnoState, face) -> tuple[int, int]:
        """A +N ``face`` laid: (amount the target takes, cards in the chain) — on a pending one, as the house rules
        say."""
        prev = state.attack
        amount, cards = DRAW_AMOUNT[face[1]], 1
        if prev is not None:
            for hook in _having(state, "chain"):
                amount, cards = hook.chain(prev, face, amount, cards)
        return amount, cards

    def _start_attack(self, ctx: Ctx, seat: int, card: str) -> None:
        state = ctx.state
        face = state.faces[card]
        amount, cards = self._chain(state, face)
        challenge = state.pending_challenge if face[1] == WILD4 and state.hands[seat] else None
        state.pending_challenge = None
        target = self.next_seat(state, seat)
        state.attack = Attack(face[1], amount, seat, target, is_black(face), cards, challenge)
        state.phase, state.turn, state.actor = ATTACK, target, target
        ctx.ev.append(AttackPending(seat, target, amount, challenge is not None))

    def goes_out(self, ctx: Ctx, seat: int, card: str, answer: str | None) -> bool:
        """The hand is empty: a house rule may refill it, else the player goes out. True when the round ended."""
        if _first(ctx.state, "on_hand_empty", self, ctx, seat):
            return False
        return self._go_out(ctx, seat, card, answer)

    def _go_out(self, ctx: Ctx, seat: int, card: str, answer: str | None) -> bool:
        state = ctx.state
        face = state.faces[card]
        if state.round_points is None:
            state.round_points = self.hand_values(state)
            state.round_winner = seat
            state.round_bonus = sum(h.going_out_bonus(face) for h in _having(state, "going_out_bonus"))
        if _first(state, "on_out", self, ctx, seat, face, answer):
            return state.phase in (ROUND_OVER, MATCH_OVER)
        self.win_round(ctx, seat, face, answer)
        return True

    def win_round(self, ctx: Ctx, seat: int, face, answer: str | None) -> None:
        """``seat`` went out with ``face``: the round is over (the basic game)."""
        state = ctx.state
        ctx.ev.append(PlayerOut(seat, 1))
        # the last card still bites: the next player takes what it deals (and that counts)
        bite = _first(state, "last_bite", self, state, seat, face, answer)
        if bite is None and face[1] in DRAW_AMOUNT:
            bite = (self.next_seat(state, seat), self._chain(state, face)[0])
        if bite is not None:
            state.attack = None
            self.take(ctx, bite[0], bite[1], "last_card")
            state.round_points = self.hand_values(state)
        self.end_round(ctx, seat, "out")

    # ------------------------------------------------------------------ choices
    def actor_refusal(self, state: UnoState, seat: int, phase: str) -> Rejected | None:
        if state.phase != phase:
            return Rejected(PHASES[phase].not_now if phase in PHASES else "Сейчас так ходить нельзя.", "phase")
        if seat != state.actor:
            return Rejected(f"Это решает {NAME_SLOT}.", "turn", about=state.actor)
        return None

    def _answer_refusal(self, state: UnoState, seat: int, card: str, uno: bool) -> Rejected | None:
        refusal = (self.actor_refusal(state, seat, ATTACK) or self.card_refusal(state, seat, card)
                   or self.uno_flag_refusal(state, seat, uno))
        if refusal is None and self.answer_kind(state, seat, card) is None:
            a = state.attack
            refusal = Rejected(
                f"На вас «+{a.amount}»: спастись можно только картой «Возьми две»"
                + (" заказанного цвета" if a.black else "")
                + " — или возьмите карты.",
                "answer",
            )
        return refusal or self.house_refusal(state, seat, Play(card, uno))

    def _accept_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        return self.actor_refusal(state, seat, ATTACK) or self.house_refusal(state, seat, Accept())

    def _challenge_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        refusal = self.actor_refusal(state, seat, ATTACK)
        if refusal is None and not self._challengeable(state, seat):
            refusal = Rejected("Проверить на честность можно только того, кто только что положил на вас «+4».",
                               "challenge")
        elif refusal is None and state.attack.challenge.accused in state.out:
            # one who has left the round (out of cards, or over «Лимит карт», the hand gone under the deck) has no
            # hand to show and takes no card back
            accused = state.attack.challenge.accused
            refusal = Rejected(f"{NAME_SLOT} уже не в туре: проверять некого.", "challenge", about=accused)
        return refusal or self.house_refusal(state, seat, Challenge())

    def _do_choose_colour(self, ctx: Ctx, seat: int, action: ChooseColour) -> None:
        state = ctx.state
        raise_refusal(self.actor_refusal(state, seat, CHOOSE_COLOUR))
        if action.colour not in COLOURS:
            raise Rejected("Такого цвета нет: красный, жёлтый, зелёный или синий.", "colour")
        self.set_colour(ctx, seat, action.colour, True)
        self._effect(ctx, seat, state.pending_card)

    # ------------------------------------------------------------------ attacks
    def _do_answer(self, ctx: Ctx, seat: int, action: Play) -> None:
        state = ctx.state
        raise_refusal(self._answer_refusal(state, seat, action.card, action.uno))
        self.table_moves(ctx, seat)
        self.lay(ctx, seat, action.card, uno=action.uno, answer=self.answer_kind(state, seat, action.card))

    def _do_accept(self, ctx: Ctx, seat: int, action: Accept) -> None:
        state = ctx.state
        raise_refusal(self._accept_refusal(state, seat))
        self.table_moves(ctx, seat)
        a = state.attack
        state.attack = None
        self.take(ctx, seat, a.amount, "penalty")
        ctx.ev.append(TurnSkipped(seat))
        self._pause_then(ctx, seat, a.amount, self.next_seat(state, seat))

    def _do_challenge(self, ctx: Ctx, seat: int, action: Challenge) -> None:
        state = ctx.state
        raise_refusal(self._challenge_refusal(state, seat))
        self.table_moves(ctx, seat)
        a = state.attack
        ch = a.challenge
        accused = ch.accused
        ctx.ev.append(HandShown(seat, accused, tuple({"colour": state.faces[c][0], "value": state.faces[c][1]}
                                                     for c in state.hands[accused])))
        state.attack = None
        if ch.guilty:
            card = state.discard.pop()
            state.named.pop(card, None)
            state.hands[accused].append(card)
            ctx.ev.append(Challenged(seat, accused, True, accused, a.amount))
            ctx.ev.append(CardTakenBack(accused, self.card(state, card), self.card(state, state.discard[-1]),
                                        ch.colour_before))
            self.set_colour(ctx, accused, ch.colour_before, False)
            self.take(ctx, accused, a.amount, "challenge")
            self._pause_then(ctx, accused, a.amount, seat)
        else:
            penalty = a.amount + 2
            ctx.ev.append(Challenged(seat, accused, False, seat, penalty))
            self.take(ctx, seat, penalty, "challenge")
            ctx.ev.append(TurnSkipped(seat))
            self._pause_then(ctx, seat, penalty, self.next_seat(state, seat))

    def _pause_then(self, ctx: Ctx, drawer: int, count: int, next_seat: int) -> None:
        """«Правило вежливости»: after taking four or more, play waits for «Готов»."""
        state = ctx.state
        if count >= 4 and drawer not in state.out:  # one sent out of the round by the take sorts nothing
            state.phase, state.actor, state.resume_seat = READY, drawer, next_seat
            state.ready_deadline = ctx.t + READY_MS
            ctx.ev.append(ReadyWait(drawer, state.ready_deadline))
        else:
            self.start_turn(ctx, next_seat)

    def _do_ready(self, ctx: Ctx, seat: int, action: Ready, auto: bool = False) -> None:
        state = ctx.state
        if not auto:
            raise_refusal(self.actor_refusal(state, seat, READY))
        ctx.ev.append(ReadySaid(state.actor, auto))
        state.ready_deadline = None
        self.start_turn(ctx, state.resume_seat)

    # ------------------------------------------------------------------ «УНО!» and catching
    def open_watch(self, ctx: Ctx, seat: int) -> None:
        state = ctx.state
        if state.watch is not None:
            self._close_watch(ctx)
        state.watch = UnoWatch(seat, ctx.t, ctx.t + GRACE_MS, ReflexRace(ctx.t, CATCH_COLLECT_MS))
        ctx.ev.append(UnoMissed(seat, ctx.t + GRACE_MS))

    def _close_watch(self, ctx: Ctx) -> None:
        state = ctx.state
        w = state.watch
        if w.race.presses:
            return self._judge_watch(ctx)
        state.watch = None
        ctx.ev.append(UnoWindowClosed(w.seat))

    def _judge_watch(self, ctx: Ctx) -> None:
        state = ctx.state
        w = state.watch
        state.watch = None
        ranked = w.race.ranked(state.rng)
        first, margin, tie = ranked[0]
        if first.payload == "shout":
            self._saved(ctx, w.seat, margin)
            return
        reaction = w.actual_ms[first.seat] - w.opened_ms
        ctx.ev.append(UnoCaught(w.seat, first.seat, margin, reaction, tie))
        state.last_reflex = {"kind": "catch", "winner": first.seat, "target": w.seat, "margin_ms": margin,
                             "tie": tie, "reaction_ms": reaction, "at_ms": ctx.t}
        self.take(ctx, w.seat, 2, "uno")

    def _saved(self, ctx: Ctx, seat: int, margin: int) -> None:
        state = ctx.state
        state.uno_said[seat] = True
        ctx.ev.append(UnoShouted(seat, False, margin))
        state.last_reflex = {"kind": "shout", "winner": seat, "target": seat, "margin_ms": margin, "tie": False,
                             "reaction_ms": 0, "at_ms": ctx.t}
        for hook in _having(state, "on_shout"):
            hook.on_shout(self, ctx, seat)

    @staticmethod
    def lockout_refusal(state: UnoState, seat: int, t: int) -> Rejected | None:
        if state.lockout_until[seat] > t:
            secs = (state.lockout_until[seat] - t + 999) // 1000
            return Rejected(f"Вы поторопились: ловить и хлопать можно снова через {secs} с.", "locked")
        return None

    def _catch_refusal(self, state: UnoState, seat: int, t: int) -> Rejected | None:
        """Refused outright (a false catch is not refused: it has its price, see ``false_reflex``)."""
        refusal = self.lockout_refusal(state, seat, t)
        w = state.watch
        if refusal is None and w is not None and any(p.seat == seat for p in w.race.presses):
            refusal = Rejected("Вы уже поймали — ждём решения.", "catch")
        return refusal

    def _shout_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        w = state.watch
        if w is not None and w.seat == seat and any(p.seat == seat for p in w.race.presses):
            return Rejected("Вы уже крикнули.", "shout")
        return self.house_refusal(state, seat, Shout())

    def false_reflex(self, ctx: Ctx, seat: int, what: str) -> None:
        """What a press with nothing to press for costs, decided here alone (docs/RULES.md, UNO): a false catch or
        slap locks the reflex buttons for LOCKOUT_MS, and costs what a house rule sets for mistakes; a false «УНО!»
        is noise during a silence, costs that price, and is refused otherwise."""
        state = ctx.state
        penalty = max((h.mistake_cost() for h in _having(state, "mistake_cost")), default=0)
        if what == "shout":
            if self._noise(ctx, seat):
                return
            if not penalty:
                raise Rejected("Сейчас кричать «УНО!» незачем: кричат, выкладывая предпоследнюю карту.", "shout")
            ctx.ev.append(FalseReflex(seat, "shout", ctx.t, penalty))
        else:
            state.lockout_until[seat] = ctx.t + LOCKOUT_MS
            ctx.ev.append(FalseReflex(seat, what, ctx.t + LOCKOUT_MS, penalty))
        if penalty:
            self.take(ctx, seat, penalty, "false_" + what)

    def _do_catch(self, ctx: Ctx, seat: int, action: Catch) -> None:
        state = ctx.state
        raise_refusal(self._catch_refusal(state, seat, ctx.t))
        w = state.watch
        if w is None or w.seat == seat:
            return self.false_reflex(ctx, seat, "catch")
        w.race.press(seat, max(ctx.t, w.grace_until), "catch")
        w.actual_ms[seat] = ctx.t
        ctx.ev.append(CatchPressed(seat, w.seat))

    def _do_shout(self, ctx: Ctx, seat: int, action: Shout) -> None:
        state = ctx.state
        w = state.watch
        if w is None or w.seat != seat:
            return self.false_reflex(ctx, seat, "shout")
        raise_refusal(self._shout_refusal(state, seat))
        catches = [p.t_ms for p in w.race.presses]
        if ctx.t < w.grace_until or not catches:
            state.watch = None
            self._saved(ctx, seat, (min(catches) - ctx.t) if catches else 0)
        else:
            w.race.press(seat, ctx.t, "shout")

    def _noise(self, ctx: Ctx, seat: int) -> bool:
        return bool(_first(ctx.state, "on_noise", self, ctx, seat))

    def _do_emote(self, ctx: Ctx, seat: int, action: Emote) -> None:
        if action.emote not in EMOTES:  # any other time an emote is just shown: the only refusal
            raise Rejected("Такой эмоции нет.", "emote")
        ctx.ev.append(Emoted(seat, action.emote))
        if action.emote not in QUIET_EMOTES:
            self._noise(ctx, seat)

    # ------------------------------------------------------------------ rounds
    def hand_values(self, state: UnoState) -> list[int]:
        """Each seat's hand in points, as the round would score it now."""
        out = []
        for seat, hand in enumerate(state.hands):
            kept = _first(state, "kept_points", state, seat)
            if kept is not None:
                out.append(kept)
                continue
            faces = [state.faces[c] for c in hand]
            pts = hand_points(faces)
            for hook in _having(state, "hand_points"):
                pts = hook.hand_points(faces, pts)
            out.append(pts)
        return out

    def scoring(self, state: UnoState) -> Scoring:
        """How this match scores: the setup's way, as the house rules change it."""
        way = _first(state, "scoring_way", state) or BY_SETUP[state.options["scoring"]]
        for hook in _having(state, "scoring"):
            way = hook.scoring(state, way)
        return way

    def end_round(self, ctx: Ctx, winner: int | None, reason: str) -> None:
        state = ctx.state
        n = state.n
        self._clear_round(state)
        points = state.round_points or self.hand_values(state)
        bonus = state.round_bonus
        if winner is None:
            winner = state.round_winner  # «До последнего»: the first out has won, whatever ends the hunt for the last
        if winner is None:  # the round ran too long or the table is blocked: the lightest hand still in takes it
            order = [s for s in ((state.dealer + 1 + i) % n for i in range(n)) if s not in state.out]
            winner = min(order, key=lambda s: (points[s], len(state.hands[s])))
            bonus = 0
        loser = _first(state, "round_loser", state, points, winner)
        if loser is None:
            order = [(winner + i) % n for i in range(1, n)]
            loser = max(order, key=lambda s: points[s]) if order else winner
        way = self.scoring(state)
        gained = way.gains(state, winner, points, bonus)
        for hook in _having(state, "round_gains"):
            gained = hook.round_gains(state, way, winner, points, bonus, gained)
        way.record(state, winner, loser)
        for s in range(n):
            state.scores[s] += gained[s]
        result = {
            "round": state.round,
            "reason": reason,
            "winner": winner,
            "loser": loser,
            "points": list(points),
            "gained": gained,
            "bonus": bonus,
            "scores": list(state.scores),
            "round_wins": list(state.round_wins),
            "out_order": list(state.out),
            "hands": [[{"colour": state.faces[c][0], "value": state.faces[c][1]} for c in h] for h in state.hands],
        }
        for hook in _having(state, "round_result"):
            result.update(hook.round_result(state, result))
        state.history.append({k: result[k] for k in ("round", "reason", "winner", "loser", "gained")})
        state.last_round = result
        state.round_start_winner = winner
        state.round_loser = loser
        ctx.ev.append(RoundOver(result))
        final = self._match_result(state)
        if final is not None:
            state.result_data = final
            state.phase, state.actor = MATCH_OVER, None
            ctx.ev.append(MatchOver(final))
        else:
            state.phase, state.actor = ROUND_OVER, None
            state.round_over_deadline = ctx.t + ROUND_OVER_MS

    def _match_result(self, state: UnoState) -> dict | None:
        way = self.scoring(state)
        rounds_needed = way.rounds_needed(state.options["match"])
        done = state.round >= rounds_needed if rounds_needed is not None else way.reached(state)
        if not done and state.round < MAX_ROUNDS:
            return None
        ranking, winners, losers = way.standings(state, rounds_needed is None)
        result = {
            "winners": winners,
            "loser": losers[0] if losers else ranking[-1],
            "losers": losers,
            "ranking": ranking,
            "scores": list(state.scores),
            "round_wins": list(state.round_wins),
            "round_losses": list(state.round_losses),
            "rounds": state.round,
            "mode": way.mode,
            "mode_label": way.label,
            "history": list(state.history),
        }
        for hook in _having(state, "match_result"):
            result.update(hook.match_result(state, result))
        return result

    @staticmethod
    def _continue_refusal(state: UnoState, seat: int) -> Rejected | None:
        if state.phase != ROUND_OVER:
            return Rejected("Тур ещё идёт.", "phase")
        if state.continued[seat]:
            return Rejected("Вы уже готовы к следующему туру.", "phase")
        return None

    def _do_continue(self, ctx: Ctx, seat: int, action: Continue) -> None:
        state = ctx.state
        raise_refusal(self._continue_refusal(state, seat))
        state.continued[seat] = True
        ctx.ev.append(ContinuePressed(seat))
        if all(state.continued):
            self._next_round(ctx)

    def _next_round(self, ctx: Ctx) -> None:
        self._start_round(ctx, *self.scoring(ctx.state).next_round(ctx.state))

    # ================================================================== time
    def _deadlines(self, state: UnoState) -> list[tuple[int, int, str, object]]:
        """(time, priority, key, the house rule whose timer it is or None) of every timer running."""
        out: list[tuple[int, int, str, object]] = []
        for hook in _having(state, "deadlines"):
            out += [(t, prio, key, hook) for t, prio, key in hook.deadlines(state)]
        if state.watch is not None and state.watch.race.presses:
            out.append((state.watch.race.deadline(), 1, "watch", None))
        if state.phase == READY and state.ready_deadline is not None:
            out.append((state.ready_deadline, 3, "ready", None))
        if state.phase == ROUND_OVER and state.round_over_deadline is not None:
            out.append((state.round_over_deadline, 4, "round", None))
        for seat, until in enumerate(state.lockout_until):
            if until > 0:
                out.append((until, 5, f"lock{seat}", None))
        return out

    def next_deadline(self, state: UnoState) -> int | None:
        if state.phase == MATCH_OVER:
            return None
        times = self._deadlines(state)
        return min(d[:3] for d in times)[0] if times else None

    def tick(self, state: UnoState, t_ms: int) -> list[Event]:
        ctx = Ctx(state, t_ms)
        while state.phase != MATCH_OVER:
            due = [d for d in self._deadlines(state) if d[0] <= t_ms]
            if not due:
                break
            at, _, what, owner = min(due, key=lambda d: d[:3])
            ctx.t = max(at, 0)
            if owner is not None:
                owner.on_deadline(self, ctx, what)
            elif what == "watch":
                self._judge_watch(ctx)
            elif what == "ready":
                self._do_ready(ctx, state.actor, Ready(), auto=True)
            elif what == "round":
                state.continued = [True] * state.n
                self._next_round(ctx)
            else:
                seat = int(what[4:])
                state.lockout_until[seat] = 0
                ctx.ev.append(LockoutOver(seat))
            self._settle(ctx)
        return ctx.ev

    # ================================================================== the rest of the contract
    def is_over(self, state: UnoState) -> bool:
        return state.phase == MATCH_OVER

    def result(self, state: UnoState) -> dict:
        return state.result_data or {}

    def view(self, state: UnoState, seat: int) -> dict:
        from .views import build_view

        return build_view(self, state, seat)

    def secret_ids(self, state: UnoState, seat: int) -> set[str]:
        from .views import secret_ids

        return secret_ids(state, seat)

    def check_invariants(self, state: UnoState) -> list[str]:
        problems = []
        seen = list(state.deck) + list(state.discard) + [c for h in state.hands for c in h]
        cards = state.cards()
        if len(seen) != len(cards):
            problems.append(f"карт на столе {len(seen)}, а в колоде должно быть {len(cards)}")
        if len(set(seen)) != len(seen):
            problems.append("одна и та же карта лежит в двух местах")
        if set(seen) != set(cards):
            problems.append("на столе есть карты не из этой колоды")
        if len(set(state.retired)) != len(state.retired) or not set(state.retired) <= set(state.faces):
            problems.append("список снятых номеров карт испорчен")
        if state.phase not in (ROUND_OVER, MATCH_OVER):
            if not state.discard:
                problems.append("сброс пуст во время тура")
            if state.colour not in COLOURS:
                problems.append(f"текущий цвет не задан: {state.colour!r}")
            if state.phase == ATTACK and state.attack is None:
                problems.append("фаза штрафа без штрафа")
            if state.phase != PLAY and state.phase != ATTACK and state.actor is None:
                problems.append(f"в фазе {state.phase} никто не должен действовать")
            if state.phase in (PLAY, ATTACK) and state.turn in state.out:
                problems.append("ход у игрока, который уже вышел")  # one who went out may still name a colour
        for c in state.named:
            if c not in state.discard:
                problems.append("заказанный цвет висит на карте не из сброса")
        return problems


UnoRules._HANDLERS = {
    Play: UnoRules._do_play,
    Draw: UnoRules._do_draw,
    Pass: UnoRules._do_pass,
    ChooseColour: UnoRules._do_choose_colour,
    Accept: UnoRules._do_accept,
    Challenge: UnoRules._do_challenge,
    Ready: UnoRules._do_ready,
    Shout: UnoRules._do_shout,
    Catch: UnoRules._do_catch,
    Emote: UnoRules._do_emote,
    Continue: UnoRules._do_continue,
    **house.HANDLERS,  # each house rule handles its own actions: ``fn(eng, ctx, seat, action)``
}
