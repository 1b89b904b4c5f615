"""The UNO rules engine: the basic game of uno.txt, with every house rule asked through its hooks.

A move is validated completely before anything changes (a refused action leaves the state as
it was); then it runs inside a ``Ctx`` (state, host time, events being produced).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.base import FRAME_MS, Event, Press, ReflexRace, Rejected, Rng, resolve_options

from . import house
from .actions import (
    ACTIONS,
    EMOTES,
    Accept,
    Bounce,
    Catch,
    Challenge,
    ChooseColour,
    Continue,
    Draw,
    Emote,
    GiveCard,
    JumpIn,
    KeepCards,
    OfferCard,
    Pass,
    Play,
    Ready,
    Shout,
    Slap,
    SwapWith,
)
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
    identical,
    is_black,
    is_number,
    matches,
)
from .events import (
    EVENTS,
    AttackBounced,
    AttackPending,
    CardPlayed,
    CardsDrawn,
    CardsExchanged,
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
    HandsSwapped,
    JumpInWon,
    JumpPressed,
    LockoutOver,
    MatchOver,
    Mistake,
    NewHand,
    Passed,
    PlayerOut,
    ReadySaid,
    ReadyWait,
    RoundOver,
    RoundStarted,
    SlapOpened,
    Slapped,
    SlapResult,
    StarterReturned,
    TurnSkipped,
    TurnStarted,
    UnoCaught,
    UnoMissed,
    UnoShouted,
    UnoWindowClosed,
)
from .house.silence import QUIET_EMOTES
from .state import (
    ATTACK,
    CHOOSE_COLOUR,
    FIVE_OFFER,
    FIVE_REPLY,
    MATCH_OVER,
    PLAY,
    READY,
    ROUND_OVER,
    SEVEN_SWAP,
    Attack,
    Exchange,
    JumpRace,
    SkipBounce,
    SlapRace,
    UnoState,
    UnoWatch,
    encode_faces,
)
from .state import Challenge as ChallengeInfo

HAND_SIZE = 7
GRACE_MS = 500  # after a silent second-to-last card, catches count only from here
CATCH_COLLECT_MS = 120  # presses this close after the first catch still compete
LOCKOUT_MS = 2000  # a false catch or slap locks the reflex buttons this long
SLAP_MS = 2000  # «UNO в центр»: time to get a hand on the pile
JUMP_COLLECT_MS = FRAME_MS  # jump-ins within one frame are a tie
READY_MS = 8000  # the «Готов» pause ends by itself after this
ROUND_OVER_MS = 20000  # the results screen moves on by itself after this
ROUND_TURN_LIMIT = 300  # a round that drags on this long ends (twice that with «UNO в 7 раундов»)
MAX_ROUNDS = 40  # …and so does a match
LAZY_TARGET_ROUNDS = 3
WINNER_TARGET = 500
OWN_TARGET = 200


@dataclass
class Ctx:
    state: UnoState
    t: int
    ev: list[Event] = field(default_factory=list)


def _hooks(state: UnoState):
    return house.hooks_for(state.house)


def _any(state: UnoState, name: str) -> bool:
    return any(getattr(h, name)() for h in _hooks(state))


def own_losers(scores: list[int], counting_to_target: bool) -> list[int]:
    """«Каждому свои — до 200»: everyone who reached 200 loses, the others win (highest score first). A match of a
    set number of rounds (or one stopped by the round cap) short of 200: the highest score loses, ties together; all
    level is a draw with no loser."""
    reached = [s for s in range(len(scores)) if scores[s] >= OWN_TARGET] if counting_to_target else []
    if not reached and len(set(scores)) > 1:
        reached = [s for s in range(len(scores)) if scores[s] == max(scores)]
    return sorted(reached, key=lambda s: (-scores[s], s))


def _raise(refusal: Rejected | None) -> None:
    """``apply`` raises what the shared ``_*_refusal`` answer says (``legal_actions`` asks the same)."""
    if refusal is not None:
        raise refusal


class UnoRules:
    game_id = "uno"
    title = "UNO"
    min_players = 2
    max_players = 10
    house_rules = house.SETUP + tuple(h.rule for h in house.ALL)
    presets = house.PRESETS
    actions = ACTIONS
    events = EVENTS
    # judged by apply at any moment: a false one has a price instead of being refused
    free_form_kinds = ("shout", "catch", "slap", "emote")

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
        state.dealer = rng.below(seats)
        self._start_round(Ctx(state, start_ms), state.dealer, self.next_seat(state, state.dealer))
        return state

    def _start_round(self, ctx: Ctx, dealer: int, first: int) -> None:
        state = ctx.state
        n = state.n
        state.round += 1
        state.dealer = dealer
        state.deck = list(state.faces)
        state.rng.shuffle(state.deck)
        state.hands = [[] for _ in range(n)]
        state.discard, state.named = [], {}
        state.direction = 1
        state.attack = state.watch = state.slap = state.jump = state.silence = None
        state.skip_bounce = state.exchange = state.drawn = state.pending_card = None
        state.pending_challenge = None
        state.resume_seat = state.ready_deadline = state.round_over_deadline = None
        state.uno_said = [False] * n
        state.lockout_until = [0] * n
        state.out = []
        state.refill_next = [HAND_SIZE - 1 if state.options.get("seven_rounds") else 0] * n
        state.first_card_fresh = True
        state.last_player = None
        state.turns = 0
        state.round_points = None
        state.round_bonus = 0
        state.round_winner = None
        state.continued = [False] * n
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

    # ================================================================== helpers the hooks use
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
        if state.turns > ROUND_TURN_LIMIT * (2 if state.options.get("seven_rounds") else 1):
            self._end_round(ctx, None, "limit")

    def set_colour(self, ctx: Ctx, seat: int, colour: str, by_black: bool, auto: bool = False) -> None:
        state = ctx.state
        state.colour = colour
        if by_black:
            state.named[state.discard[-1]] = colour
            ctx.ev.append(ColourChosen(seat, colour, auto))
        for hook in _hooks(state):
            hook.on_colour(self, ctx, seat, by_black)

    def open_slap(self, ctx: Ctx, shouter: int) -> None:
        state = ctx.state
        if state.slap is not None:
            self._resolve_slap(ctx)
        expected = [s for s in self.active_seats(state) if s != shouter]
        if expected:
            state.slap = SlapRace(shouter, ctx.t, ctx.t + SLAP_MS, expected)
            ctx.ev.append(SlapOpened(shouter, ctx.t + SLAP_MS))

    # ================================================================== what each seat may do
    def legal_actions(self, state: UnoState, seat: int) -> list:
        """Every candidate is asked of the same ``_*_refusal`` functions ``apply`` raises: what is listed here is
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
        if state.slap is not None and seat in state.slap.expected and self._slap_refusal(state, seat, 0) is None:
            out.append(Slap())
        if state.silence is not None:
            out.append(Emote("ой"))
        hand = state.hands[seat]
        if self._jump_refusal(state, seat) is None:
            for c in hand:
                if self._identical_refusal(state, c) is None:
                    out += self._offers(JumpIn, c, lambda u, c=c: self._jump_card_refusal(state, seat, c, u))
        if state.skip_bounce is not None:
            out += [Bounce(c) for c in hand if self._bounce_refusal(state, seat, c) is None]
        phase = state.phase
        if phase == PLAY:
            if self._turn_refusal(state, seat) is None:
                for c in hand:
                    if self._fit_refusal(state, c) is None:
                        out += self._offers(Play, c, lambda u, c=c: self._play_refusal(state, seat, c, u))
                if self._draw_refusal(state, seat) is None:
                    out.append(Draw())
                if self._pass_refusal(state, seat) is None:
                    out.append(Pass())
        elif self._actor_refusal(state, seat, phase) is None:
            if phase == CHOOSE_COLOUR:
                out += [ChooseColour(c) for c in COLOURS]
            elif phase == ATTACK:
                out.append(Accept())
                if self._challenge_refusal(state, seat) is None:
                    out.append(Challenge())
                for c in hand:
                    out += self._offers(Play, c, lambda u, c=c: self._answer_refusal(state, seat, c, u))
            elif phase == READY:
                out.append(Ready())
            elif phase == SEVEN_SWAP:
                out += [SwapWith(s) for s in range(state.n) if self._swap_refusal(state, seat, s) is None]
            elif phase == FIVE_OFFER:
                out.append(KeepCards())
                for s in range(state.n):
                    if self._offer_refusal(state, seat, s, None) is None:
                        out += [OfferCard(s, c) for c in hand]
            elif phase == FIVE_REPLY:
                out += [GiveCard(c) for c in hand]
        return out

    @staticmethod
    def _offers(cls, card: str, refusal) -> list:
        """The card with and without «УНО!», each as far as ``refusal(uno)`` allows."""
        return [cls(card, uno) if uno else cls(card) for uno in (False, True) if refusal(uno) is None]

    def _fits(self, state: UnoState, card: str) -> bool:
        return matches(state.faces[card], state.faces[state.discard[-1]], state.colour)

    def _challengeable(self, state: UnoState, seat: int) -> bool:
        a = state.attack
        return a is not None and a.challenge is not None and a.target == seat and state.discard[-1] == a.challenge.card

    def _answer_kind(self, state: UnoState, seat: int, card: str) -> str | None:
        """How ``card`` may answer the pending attack: "dodge" (the basic rule), "stack", "bounce"."""
        a = state.attack
        face = state.faces[card]
        if a is None:
            return None
        if face[1] in COLOURED_ATTACKS and (not a.black or face[0] == state.colour):
            return "dodge"
        for hook in _hooks(state):
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

    def _table_moves(self, ctx: Ctx, seat: int) -> None:
        """Someone plays or draws: the silent player's catch window and a skip's bounce close."""
        state = ctx.state
        if state.watch is not None and state.watch.seat != seat:
            self._close_watch(ctx)
        if state.skip_bounce is not None and state.skip_bounce.victim != seat:
            state.skip_bounce = None

    # ------------------------------------------------------------------ your turn
    # ------------------------------------------------------------------ why not: one answer for legal_actions and apply
    def _turn_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        if state.phase != PLAY:
            who = state.actor if state.actor is not None else state.turn
            return Rejected(f"Сейчас ждём игрока {who + 1}: {self._phase_wait(state)}", "phase")
        if seat != state.turn:
            return Rejected("Сейчас не ваш ход.", "turn")
        if state.jump is not None:
            return Rejected("Идёт перехват хода — подождите мгновение.", "jump")
        return None

    @staticmethod
    def _phase_wait(state: UnoState) -> str:
        return {
            CHOOSE_COLOUR: "он выбирает цвет.",
            ATTACK: "на нём штраф.",
            READY: "он разбирает карты.",
            SEVEN_SWAP: "он выбирает, с кем меняться руками.",
            FIVE_OFFER: "он решает, меняться ли картой.",
            FIVE_REPLY: "он выбирает карту для обмена.",
        }.get(state.phase, "его ход.")

    @staticmethod
    def _card_refusal(state: UnoState, seat: int, card: str) -> Rejected | None:
        return None if card in state.hands[seat] else Rejected("Такой карты у вас нет.", "card")

    @staticmethod
    def _uno_flag_refusal(state: UnoState, seat: int, uno: bool) -> Rejected | None:
        if uno and len(state.hands[seat]) != 2:
            return Rejected("«УНО!» кричат, выкладывая предпоследнюю карту.", "uno")
        return None

    def _play_refusal(self, state: UnoState, seat: int, card: str, uno: bool) -> Rejected | None:
        """Everything but the fit: a card that does not fit may still be played, at a price («Штрафы»)."""
        refusal = self._turn_refusal(state, seat) or self._card_refusal(state, seat, card)
        if refusal is None and state.drawn is not None and card != state.drawn:
            refusal = Rejected("После взятия карты можно сыграть только её — или сказать «Пас».", "drawn")
        return refusal or self._uno_flag_refusal(state, seat, uno)

    def _fit_refusal(self, state: UnoState, card: str) -> Rejected | None:
        if self._fits(state, card):
            return None
        return Rejected("Эта карта не подходит: нужен тот же цвет, то же значение или чёрная карта.", "match")

    def _draw_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        refusal = self._turn_refusal(state, seat)
        if refusal is None and state.drawn is not None:
            refusal = Rejected("Вы уже взяли карту: сыграйте её или скажите «Пас».", "drawn")
        if refusal is None and any(self._fits(state, c) for c in state.hands[seat]):
            refusal = Rejected("Вам есть чем ходить: брать из колоды можно, только когда подходящей карты нет.",
                               "draw")
        return refusal

    def _pass_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        refusal = self._turn_refusal(state, seat)
        if refusal is None and state.drawn is None:
            refusal = Rejected("«Пас» говорят после того, как взяли карту из колоды.", "pass")
        return refusal

    def _wrong_card(self, ctx: Ctx, seat: int, refusal: Rejected, mistake: str) -> None:
        """A card that may not go there: refused, or with «Штрафы» taken back for 2 cards. Decided here alone."""
        if not _any(ctx.state, "mistakes_cost"):
            raise refusal
        ctx.ev.append(Mistake(seat, mistake))
        self.take(ctx, seat, 2, "mistake")

    def _do_play(self, ctx: Ctx, seat: int, action: Play) -> None:
        state = ctx.state
        if state.phase == ATTACK:
            return self._do_answer(ctx, seat, action)
        _raise(self._play_refusal(state, seat, action.card, action.uno))
        misfit = self._fit_refusal(state, action.card)
        if misfit is not None:
            return self._wrong_card(ctx, seat, misfit, "Карта не подходит ни по цвету, ни по значению.")
        self._table_moves(ctx, seat)
        self._lay(ctx, seat, action.card, uno=action.uno)

    def _do_draw(self, ctx: Ctx, seat: int, action: Draw) -> None:
        state = ctx.state
        _raise(self._draw_refusal(state, seat))
        self._table_moves(ctx, seat)
        got = self.take(ctx, seat, 1, "draw")
        if got and self._fits(state, got[0]):
            state.drawn = got[0]
            return
        ctx.ev.append(Passed(seat, True))
        self.start_turn(ctx, self.next_seat(state, seat))

    def _do_pass(self, ctx: Ctx, seat: int, action: Pass) -> None:
        state = ctx.state
        _raise(self._pass_refusal(state, seat))
        ctx.ev.append(Passed(seat))
        self.start_turn(ctx, self.next_seat(state, seat))

    # ------------------------------------------------------------------ laying a card
    def _lay(self, ctx: Ctx, seat: int, card: str, uno: bool = False, jump: bool = False,
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
        state.last_player, state.last_landed_ms = seat, ctx.t
        state.drawn = None
        ctx.ev.append(CardPlayed(seat, self.card(state, card), jump, uno, answer is not None, len(hand)))
        if len(hand) == 1:
            if uno:
                state.uno_said[seat] = True
                ctx.ev.append(UnoShouted(seat, True))
                for hook in _hooks(state):
                    hook.on_shout(self, ctx, seat)
            else:
                self._open_watch(ctx, seat)
        if not is_black(face):
            self.set_colour(ctx, seat, face[0], False)
        if not hand and not any(h.on_hand_empty(self, ctx, seat) for h in _hooks(state)):
            if self._go_out(ctx, seat, card, answer):
                return
        if answer == "bounce":
            return self._bounce(ctx, seat)
        if is_black(face):
            auto = next((c for c in (h.auto_colour(state) for h in _hooks(state)) if c), None)
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
            if _any(state, "skip_bounces") and seat not in state.out:
                state.skip_bounce = SkipBounce(victim, seat, face[0])
            return self.start_turn(ctx, self.next_seat(state, seat, 2))
        if value == REVERSE:
            state.direction = -state.direction
            ctx.ev.append(DirectionChanged(state.direction))
            if len(self.active_seats(state)) == 2:  # two at the table: a Reverse works as a Skip
                ctx.ev.append(TurnSkipped(self.next_seat(state, seat)))
                return self.start_turn(ctx, self.next_seat(state, seat, 2))
            return self.start_turn(ctx, self.next_seat(state, seat))
        if is_number(face):
            for hook in _hooks(state):
                if hook.after_number(self, ctx, seat, card):
                    return
        self.start_turn(ctx, self.next_seat(state, seat))

    def _start_attack(self, ctx: Ctx, seat: int, card: str) -> None:
        state = ctx.state
        face = state.faces[card]
        amount = DRAW_AMOUNT[face[1]]
        prev = state.attack
        cards = 1
        if prev is not None and _any(state, "sums_attacks"):
            amount += prev.amount
            cards += prev.cards
        challenge = state.pending_challenge if face[1] == WILD4 and state.hands[seat] else None
        state.pending_challenge = None
        target = self.next_seat(state, seat)
        state.attack = Attack(face[1], amount, seat, target, is_black(face), cards, challenge)
        state.phase, state.turn, state.actor = ATTACK, target, target
        ctx.ev.append(AttackPending(seat, target, amount, challenge is not None))

    def _bounce(self, ctx: Ctx, seat: int) -> None:
        state = ctx.state
        a = state.attack
        state.direction = -state.direction
        ctx.ev.append(DirectionChanged(state.direction))
        a.source, a.target, a.challenge = seat, a.source, None
        state.phase, state.turn, state.actor = ATTACK, a.target, a.target
        ctx.ev.append(AttackBounced(seat, a.target, a.amount))

    def _go_out(self, ctx: Ctx, seat: int, card: str, answer: str | None) -> bool:
        """The hand is empty for good. True when that ended the round."""
        state = ctx.state
        face = state.faces[card]
        if state.round_points is None:
            state.round_points = self._hand_points(state)
            state.round_winner = seat
            state.round_bonus = sum(h.going_out_bonus(face) for h in _hooks(state))
        if _any(state, "continues_after_out"):
            state.out.append(seat)
            ctx.ev.append(PlayerOut(seat, len(state.out)))
            if state.watch is not None and state.watch.seat == seat:
                self._close_watch(ctx)
            if len(self.active_seats(state)) > 1:
                return False
            self._end_round(ctx, state.round_winner, "out")
            return True
        ctx.ev.append(PlayerOut(seat, 1))
        # the last card still bites: the next player takes what it deals (and that counts)
        if face[1] in DRAW_AMOUNT or answer == "bounce":
            prev = state.attack
            if answer == "bounce":
                target, amount = prev.source, prev.amount
            else:
                target = self.next_seat(state, seat)
                amount = DRAW_AMOUNT[face[1]] + (prev.amount if prev and _any(state, "sums_attacks") else 0)
            state.attack = None
            self.take(ctx, target, amount, "last_card")
            state.round_points = self._hand_points(state)
        self._end_round(ctx, seat, "out")
        return True

    # ------------------------------------------------------------------ choices
    def _actor_refusal(self, state: UnoState, seat: int, phase: str) -> Rejected | None:
        if state.phase != phase:
            return Rejected(
                {
                    CHOOSE_COLOUR: "Сейчас не нужно выбирать цвет.",
                    ATTACK: "Сейчас на вас нет штрафа.",
                    READY: "Сейчас не нужно говорить «Готов».",
                    SEVEN_SWAP: "Сейчас не нужно выбирать, с кем меняться.",
                    FIVE_OFFER: "Сейчас нельзя предлагать обмен.",
                    FIVE_REPLY: "Сейчас не нужно отдавать карту.",
                }.get(phase, "Сейчас так ходить нельзя."),
                "phase",
            )
        if seat != state.actor:
            return Rejected(f"Это решает игрок {state.actor + 1}.", "turn")
        return None

    def _swap_refusal(self, state: UnoState, seat: int, other: int) -> Rejected | None:
        refusal = self._actor_refusal(state, seat, SEVEN_SWAP)
        if refusal is None and (other == seat or other not in self.active_seats(state)):
            refusal = Rejected("Поменяться руками можно только с другим игроком за столом.", "seat")
        return refusal

    def _offer_refusal(self, state: UnoState, seat: int, other: int, card: str | None) -> Rejected | None:
        """``card`` None: may ``seat`` offer ``other`` any card at all."""
        refusal = self._actor_refusal(state, seat, FIVE_OFFER)
        if refusal is None and (other == seat or other not in self.active_seats(state) or not state.hands[other]):
            refusal = Rejected("Меняться картой можно только с другим игроком, у которого есть карты.", "seat")
        if refusal is None and card is not None:
            refusal = self._card_refusal(state, seat, card)
        return refusal

    def _answer_refusal(self, state: UnoState, seat: int, card: str, uno: bool) -> Rejected | None:
        refusal = (self._actor_refusal(state, seat, ATTACK) or self._card_refusal(state, seat, card)
                   or self._uno_flag_refusal(state, seat, uno))
        if refusal is None and self._answer_kind(state, seat, card) is None:
            a = state.attack
            refusal = Rejected(
                f"На вас «+{a.amount}»: спастись можно только картой «Возьми две»"
                + (" заказанного цвета" if a.black else "")
                + " — или возьмите карты.",
                "answer",
            )
        return refusal

    def _challenge_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        refusal = self._actor_refusal(state, seat, ATTACK)
        if refusal is None and not self._challengeable(state, seat):
            refusal = Rejected("Проверить на честность можно только того, кто только что положил на вас «+4».",
                               "challenge")
        return refusal

    def _do_choose_colour(self, ctx: Ctx, seat: int, action: ChooseColour) -> None:
        state = ctx.state
        _raise(self._actor_refusal(state, seat, CHOOSE_COLOUR))
        if action.colour not in COLOURS:
            raise Rejected("Такого цвета нет: красный, жёлтый, зелёный или синий.", "colour")
        self.set_colour(ctx, seat, action.colour, True)
        self._effect(ctx, seat, state.pending_card)

    def _do_swap(self, ctx: Ctx, seat: int, action: SwapWith) -> None:
        state = ctx.state
        other = action.seat
        _raise(self._swap_refusal(state, seat, other))
        state.hands[seat], state.hands[other] = state.hands[other], state.hands[seat]
        ctx.ev.append(HandsSwapped(seat, other))
        for s in (seat, other):
            ctx.ev.append(NewHand(s, self.card_dicts(state, state.hands[s])))
        self.start_turn(ctx, self.next_seat(state, seat))

    def _do_offer(self, ctx: Ctx, seat: int, action: OfferCard) -> None:
        state = ctx.state
        other = action.seat
        _raise(self._offer_refusal(state, seat, other, action.card))
        state.exchange = Exchange(seat, other, action.card)
        state.phase, state.actor = FIVE_REPLY, other
        ctx.ev.append(ChoiceWait(other, "reply"))

    def _do_keep(self, ctx: Ctx, seat: int, action: KeepCards) -> None:
        state = ctx.state
        _raise(self._actor_refusal(state, seat, FIVE_OFFER))
        ctx.ev.append(CardsExchanged(seat, seat, True))
        self.start_turn(ctx, self.next_seat(state, seat))

    def _do_give(self, ctx: Ctx, seat: int, action: GiveCard) -> None:
        state = ctx.state
        _raise(self._actor_refusal(state, seat, FIVE_REPLY) or self._card_refusal(state, seat, action.card))
        ex = state.exchange
        a_hand, b_hand = state.hands[ex.offerer], state.hands[seat]
        a_hand[a_hand.index(ex.card)] = action.card
        b_hand[b_hand.index(action.card)] = ex.card
        state.exchange = None
        ctx.ev.append(CardsExchanged(ex.offerer, seat))
        ctx.ev.append(CardsReceived(ex.offerer, (self.card(state, action.card),), "exchange"))
        ctx.ev.append(CardsReceived(seat, (self.card(state, ex.card),), "exchange"))
        self.start_turn(ctx, self.next_seat(state, ex.offerer))

    # ------------------------------------------------------------------ attacks
    def _do_answer(self, ctx: Ctx, seat: int, action: Play) -> None:
        state = ctx.state
        _raise(self._answer_refusal(state, seat, action.card, action.uno))
        self._table_moves(ctx, seat)
        self._lay(ctx, seat, action.card, uno=action.uno, answer=self._answer_kind(state, seat, action.card))

    def _do_accept(self, ctx: Ctx, seat: int, action: Accept) -> None:
        state = ctx.state
        _raise(self._actor_refusal(state, seat, ATTACK))
        self._table_moves(ctx, seat)
        a = state.attack
        state.attack = None
        self.take(ctx, seat, a.amount, "penalty")
        ctx.ev.append(TurnSkipped(seat))
        self._pause_then(ctx, seat, a.amount, self.next_seat(state, seat))

    def _do_challenge(self, ctx: Ctx, seat: int, action: Challenge) -> None:
        state = ctx.state
        _raise(self._challenge_refusal(state, seat))
        self._table_moves(ctx, seat)
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
        if count >= 4:
            state.phase, state.actor, state.resume_seat = READY, drawer, next_seat
            state.ready_deadline = ctx.t + READY_MS
            ctx.ev.append(ReadyWait(drawer, state.ready_deadline))
        else:
            self.start_turn(ctx, next_seat)

    def _do_ready(self, ctx: Ctx, seat: int, action: Ready, auto: bool = False) -> None:
        state = ctx.state
        if not auto:
            _raise(self._actor_refusal(state, seat, READY))
        ctx.ev.append(ReadySaid(state.actor, auto))
        state.ready_deadline = None
        self.start_turn(ctx, state.resume_seat)

    # ------------------------------------------------------------------ out of turn
    def _jump_refusal(self, state: UnoState, seat: int) -> Rejected | None:
        """May ``seat`` jump in at all now (whatever the card)."""
        if not any(h.may_jump_in(state, seat) for h in _hooks(state)):
            if state.options.get("jump_in") or state.options.get("double_play"):
                return Rejected("Перехватывать свою же карту можно только по правилу «Две одинаковые карты».",
                                "jump")
            return Rejected("Сейчас не ваш ход (перехват хода в этой игре выключен).", "turn")
        if state.phase != PLAY or state.attack is not None:
            return Rejected("Перехват хода возможен, только пока никто ничего не выбирает и не тянет штраф.",
                            "jump")
        if state.first_card_fresh:
            return Rejected("На первую карту тура перехватывать нельзя: ходит игрок после раздающего.", "jump")
        if seat == state.turn:
            return Rejected("Сейчас ваш ход — просто положите карту.", "jump")
        if seat in state.out:
            return Rejected("Вы уже вышли из тура.", "jump")
        if state.jump is not None and any(p.seat == seat for p in state.jump.race.presses):
            return Rejected("Вы уже перехватываете.", "jump")
        return None

    def _jump_card_refusal(self, state: UnoState, seat: int, card: str, uno: bool) -> Rejected | None:
        """Everything but the likeness: an unlike card may still be tried, at a price («Штрафы»)."""
        return (self._jump_refusal(state, seat) or self._card_refusal(state, seat, card)
                or self._uno_flag_refusal(state, seat, uno))

    def _identical_refusal(self, state: UnoState, card: str) -> Rejected | None:
        if identical(state.faces[card], state.faces[state.discard[-1]]):
            return None
        if state.faces[card][1] == WILD4:
            return Rejected("«Закажи цвет и возьми четыре» кладут только в свой ход.", "jump")
        return Rejected("Перехватить ход можно только точно такой же картой: тот же цвет и то же значение.", "jump")

    def _do_jump(self, ctx: Ctx, seat: int, action: JumpIn) -> None:
        state = ctx.state
        _raise(self._jump_card_refusal(state, seat, action.card, action.uno))
        unlike = self._identical_refusal(state, action.card)
        if unlike is not None:
            return self._wrong_card(ctx, seat, unlike, "Для перехвата нужна точно такая же карта.")
        if state.jump is None:
            state.jump = JumpRace(state.discard[-1], state.last_landed_ms, ReflexRace(ctx.t, JUMP_COLLECT_MS))
        state.jump.race.press(seat, ctx.t, [action.card, action.uno])
        ctx.ev.append(JumpPressed(seat))

    def _resolve_jump(self, ctx: Ctx) -> None:
        state = ctx.state
        jr = state.jump
        state.jump = None
        ranked = jr.race.ranked(state.rng)
        winner, margin, tie = ranked[0]
        card, uno = winner.payload
        ctx.ev.append(JumpInWon(winner.seat, margin, winner.t_ms - jr.landed_ms,
                                tuple(p.seat for p, _, _ in ranked[1:]), tie))
        state.last_reflex = {"kind": "jump_in", "winner": winner.seat, "margin_ms": margin, "tie": tie,
                             "reaction_ms": winner.t_ms - jr.landed_ms, "at_ms": ctx.t}
        self._table_moves(ctx, winner.seat)
        state.turn = winner.seat
        self._lay(ctx, winner.seat, card, uno=uno and len(state.hands[winner.seat]) == 2, jump=True)

    def _bounce_refusal(self, state: UnoState, seat: int, card: str) -> Rejected | None:
        sb = state.skip_bounce
        if sb is None or sb.victim != seat or state.phase != PLAY or state.jump is not None:
            return Rejected("Вернуть «Пропусти ход» можно только сразу, пока стол не сдвинулся.", "bounce")
        refusal = self._card_refusal(state, seat, card)
        if refusal is None and state.faces[card] != (sb.colour, REVERSE):
            refusal = Rejected("Вернуть «Пропусти ход» можно только картой «Наоборот» того же цвета.", "bounce")
        return refusal

    def _do_bounce(self, ctx: Ctx, seat: int, action: Bounce) -> None:
        state = ctx.state
        sb = state.skip_bounce
        _raise(self._bounce_refusal(state, seat, action.card))
        state.skip_bounce = None
        self._table_moves(ctx, seat)
        hand = state.hands[seat]
        hand.remove(action.card)
        state.discard.append(action.card)
        state.last_player, state.last_landed_ms = seat, ctx.t
        ctx.ev.append(CardPlayed(seat, self.card(state, action.card), False, False, True, len(hand)))
        if len(hand) == 1:
            self._open_watch(ctx, seat)
        if not hand and not any(h.on_hand_empty(self, ctx, seat) for h in _hooks(state)):
            if self._go_out(ctx, seat, action.card, None):
                return
        state.direction = -state.direction
        ctx.ev.append(DirectionChanged(state.direction))
        ctx.ev.append(TurnSkipped(sb.source))
        self.start_turn(ctx, self.next_seat(state, sb.source))

    # ------------------------------------------------------------------ «УНО!», catching, slapping
    def _open_watch(self, ctx: Ctx, seat: int) -> None:
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
        for hook in _hooks(state):
            hook.on_shout(self, ctx, seat)

    @staticmethod
    def _lockout_refusal(state: UnoState, seat: int, t: int) -> Rejected | None:
        if state.lockout_until[seat] > t:
            secs = (state.lockout_until[seat] - t + 999) // 1000
            return Rejected(f"Вы поторопились: ловить и хлопать можно снова через {secs} с.", "locked")
        return None

    def _catch_refusal(self, state: UnoState, seat: int, t: int) -> Rejected | None:
        """Refused outright (a false catch is not refused: it has its price, see ``_false_reflex``)."""
        refusal = self._lockout_refusal(state, seat, t)
        w = state.watch
        if refusal is None and w is not None and any(p.seat == seat for p in w.race.presses):
            refusal = Rejected("Вы уже поймали — ждём решения.", "catch")
        return refusal

    def _slap_refusal(self, state: UnoState, seat: int, t: int) -> Rejected | None:
        refusal = self._lockout_refusal(state, seat, t)
        sr = state.slap
        if refusal is None and sr is not None and any(p.seat == seat for p in sr.presses):
            refusal = Rejected("Ваша рука уже на колоде.", "slap")
        return refusal

    @staticmethod
    def _shout_refusal(state: UnoState, seat: int) -> Rejected | None:
        w = state.watch
        if w is not None and w.seat == seat and any(p.seat == seat for p in w.race.presses):
            return Rejected("Вы уже крикнули.", "shout")
        return None

    def _false_reflex(self, ctx: Ctx, seat: int, what: str) -> None:
        """What a press with nothing to press for costs, decided here alone (docs/RULES.md, UNO): a false catch or
        slap locks the reflex buttons for LOCKOUT_MS, and with «Штрафы» costs 2 cards; a false «УНО!» is noise
        during a silence, costs 2 cards with «Штрафы», and is refused otherwise."""
        state = ctx.state
        penalty = 2 if _any(state, "mistakes_cost") else 0
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
        _raise(self._catch_refusal(state, seat, ctx.t))
        w = state.watch
        if w is None or w.seat == seat:
            return self._false_reflex(ctx, seat, "catch")
        w.race.press(seat, max(ctx.t, w.grace_until), "catch")
        w.actual_ms[seat] = ctx.t
        ctx.ev.append(CatchPressed(seat, w.seat))

    def _do_shout(self, ctx: Ctx, seat: int, action: Shout) -> None:
        state = ctx.state
        _raise(self._shout_refusal(state, seat))
        w = state.watch
        if w is None or w.seat != seat:
            return self._false_reflex(ctx, seat, "shout")
        catches = [p.t_ms for p in w.race.presses]
        if ctx.t < w.grace_until or not catches:
            state.watch = None
            self._saved(ctx, seat, (min(catches) - ctx.t) if catches else 0)
        else:
            w.race.press(seat, ctx.t, "shout")

    def _noise(self, ctx: Ctx, seat: int) -> bool:
        return any(h.on_noise(self, ctx, seat) for h in _hooks(ctx.state))

    def _do_emote(self, ctx: Ctx, seat: int, action: Emote) -> None:
        if action.emote not in EMOTES:  # any other time an emote is just shown: the only refusal
            raise Rejected("Такой эмоции нет.", "emote")
        ctx.ev.append(Emoted(seat, action.emote))
        if action.emote not in QUIET_EMOTES:
            self._noise(ctx, seat)

    def _do_slap(self, ctx: Ctx, seat: int, action: Slap) -> None:
        state = ctx.state
        _raise(self._slap_refusal(state, seat, ctx.t))
        sr = state.slap
        if sr is None or seat not in sr.expected:
            return self._false_reflex(ctx, seat, "slap")
        sr.presses.append(Press(seat, ctx.t))
        ctx.ev.append(Slapped(seat, ctx.t - sr.opened_ms))
        if len(sr.presses) == len(sr.expected):
            self._resolve_slap(ctx)

    def _resolve_slap(self, ctx: Ctx) -> None:
        state = ctx.state
        sr = state.slap
        state.slap = None
        pressed = {p.seat for p in sr.presses}
        missing = [s for s in sr.expected if s not in pressed]
        tie = False
        if missing:
            losers, last, margin = missing, -1, 0
        else:
            order = sorted(sr.presses, key=lambda p: (p.t_ms, p.seat))
            latest = order[-1].t_ms
            tied = [p for p in order if latest - p.t_ms < FRAME_MS]
            tie = len(tied) > 1
            loser = tied[state.rng.below(len(tied))] if tie else order[-1]
            rest = [p.t_ms for p in order if p is not loser]
            margin = 0 if tie or not rest else latest - max(rest)
            losers, last = [loser.seat], loser.seat
        ctx.ev.append(SlapResult(tuple(losers), last, margin, tie))
        state.last_reflex = {"kind": "slap", "winner": -1, "losers": list(losers), "last": last, "margin_ms": margin,
                             "tie": tie, "reaction_ms": 0, "at_ms": ctx.t}
        for s in losers:
            self.take(ctx, s, 2, "slap")

    # ------------------------------------------------------------------ rounds
    def _hand_points(self, state: UnoState) -> list[int]:
        out = []
        for hand in state.hands:
            faces = [state.faces[c] for c in hand]
            pts = hand_points(faces)
            for hook in _hooks(state):
                pts = hook.hand_points(faces, pts)
            out.append(pts)
        return out

    def _end_round(self, ctx: Ctx, winner: int | None, reason: str) -> None:
        state = ctx.state
        n = state.n
        state.attack = state.watch = state.slap = state.jump = state.skip_bounce = state.exchange = None
        state.silence = state.pending_card = state.drawn = None
        points = state.round_points or self._hand_points(state)
        bonus = state.round_bonus
        if winner is None:  # the round ran too long: the lightest hand takes it
            order = [(state.dealer + 1 + i) % n for i in range(n)]
            winner = min(order, key=lambda s: (points[s], len(state.hands[s])))
            bonus = 0
        active = self.active_seats(state)
        if state.options.get("last_standing") and len(active) == 1 and state.out:
            loser = active[0]
        else:
            order = [(winner + i) % n for i in range(1, n)]
            loser = max(order, key=lambda s: points[s]) if order else winner
        lazy = _any(state, "lazy_scoring")
        gained = [0] * n
        if lazy:
            state.round_wins[winner] += 1
            state.round_losses[loser] += 1
        elif state.options["scoring"] == "own":
            gained = [points[s] if s != winner else -bonus for s in range(n)]
        else:
            gained[winner] = sum(points[s] for s in range(n) if s != winner) + bonus
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
        n = state.n
        match = state.options["match"]
        lazy = _any(state, "lazy_scoring")
        own = state.options["scoring"] == "own" and not lazy
        rounds_needed = (LAZY_TARGET_ROUNDS if lazy else None) if match == "target" else int(match)
        if rounds_needed is not None:
            done = state.round >= rounds_needed
        else:
            target = OWN_TARGET if own else WINNER_TARGET
            done = max(state.scores) >= target
        if not done and state.round < MAX_ROUNDS:
            return None
        if lazy:
            key = lambda s: (-state.round_wins[s], state.round_losses[s], s)  # noqa: E731
            ranking = sorted(range(n), key=key)
            winners = [ranking[0]]
            loser = max(range(n), key=lambda s: (state.round_losses[s], -state.round_wins[s], -s))
        elif own:
            ranking = sorted(range(n), key=lambda s: (state.scores[s], s))
            losers = own_losers(state.scores, counting_to_target=rounds_needed is None)
            winners = [s for s in ranking if s not in losers]
            loser = losers[0] if losers else ranking[-1]
        else:
            ranking = sorted(range(n), key=lambda s: (-state.scores[s], s))
            winners = [ranking[0]]
            loser = ranking[-1]
        if not own:
            losers = [loser] if n > 1 else []
        mode = "lazy" if lazy else ("own" if own else "winner")
        return {
            "winners": winners,
            "loser": loser,
            "losers": losers,
            "ranking": ranking,
            "scores": list(state.scores),
            "round_wins": list(state.round_wins),
            "round_losses": list(state.round_losses),
            "rounds": state.round,
            "mode": mode,
            "mode_label": {"lazy": "«Ленивый» счёт: победы в турах", "own": "Свои очки: проигрывает набравший 200",
                           "winner": "Очки победителю: до 500"}[mode],
            "history": list(state.history),
        }

    @staticmethod
    def _continue_refusal(state: UnoState, seat: int) -> Rejected | None:
        if state.phase != ROUND_OVER:
            return Rejected("Тур ещё идёт.", "phase")
        if state.continued[seat]:
            return Rejected("Вы уже готовы к следующему туру.", "phase")
        return None

    def _do_continue(self, ctx: Ctx, seat: int, action: Continue) -> None:
        state = ctx.state
        _raise(self._continue_refusal(state, seat))
        state.continued[seat] = True
        ctx.ev.append(ContinuePressed(seat))
        if all(state.continued):
            self._next_round(ctx)

    def _next_round(self, ctx: Ctx) -> None:
        state = ctx.state
        if _any(state, "lazy_scoring"):
            # «ленивый»: the winner starts, the loser deals
            dealer, first = state.round_loser, state.round_start_winner
        else:
            dealer = (state.dealer + 1) % state.n
            first = (dealer + 1) % state.n
        self._start_round(ctx, dealer, first)

    # ================================================================== time
    def _deadlines(self, state: UnoState) -> list[tuple[int, int, str]]:
        out = []
        if state.jump is not None:
            out.append((state.jump.race.deadline(), 0, "jump"))
        if state.watch is not None and state.watch.race.presses:
            out.append((state.watch.race.deadline(), 1, "watch"))
        if state.slap is not None:
            out.append((state.slap.deadline_ms, 2, "slap"))
        if state.phase == READY and state.ready_deadline is not None:
            out.append((state.ready_deadline, 3, "ready"))
        if state.phase == ROUND_OVER and state.round_over_deadline is not None:
            out.append((state.round_over_deadline, 4, "round"))
        for seat, until in enumerate(state.lockout_until):
            if until > 0:
                out.append((until, 5, f"lock{seat}"))
        return out

    def next_deadline(self, state: UnoState) -> int | None:
        if state.phase == MATCH_OVER:
            return None
        times = self._deadlines(state)
        return min(times)[0] if times else None

    def tick(self, state: UnoState, t_ms: int) -> list[Event]:
        ctx = Ctx(state, t_ms)
        while state.phase != MATCH_OVER:
            due = [d for d in self._deadlines(state) if d[0] <= t_ms]
            if not due:
                break
            at, _, what = min(due)
            ctx.t = max(at, 0)
            if what == "jump":
                self._resolve_jump(ctx)
            elif what == "watch":
                self._judge_watch(ctx)
            elif what == "slap":
                self._resolve_slap(ctx)
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
        if len(seen) != len(state.faces):
            problems.append(f"карт на столе {len(seen)}, а в колоде должно быть {len(state.faces)}")
        if len(set(seen)) != len(seen):
            problems.append("одна и та же карта лежит в двух местах")
        if set(seen) != set(state.faces):
            problems.append("на столе есть карты не из этой колоды")
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
    JumpIn: UnoRules._do_jump,
    Bounce: UnoRules._do_bounce,
    Shout: UnoRules._do_shout,
    Catch: UnoRules._do_catch,
    Slap: UnoRules._do_slap,
    Emote: UnoRules._do_emote,
    SwapWith: UnoRules._do_swap,
    OfferCard: UnoRules._do_offer,
    KeepCards: UnoRules._do_keep,
    GiveCard: UnoRules._do_give,
    Continue: UnoRules._do_continue,
}
