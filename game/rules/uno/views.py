"""What each seat sees. Shape (every key always present; ``None`` when not happening):

``me`` seat (or SPECTATOR/TV), ``seats``, ``round``, ``dealer``, ``phase`` (see state.py and the house rules'
``phases``) and ``phase_label``, ``turn`` (whose turn), ``actor`` (who must choose in the other phases),
``direction`` (+1 clockwise), ``colour`` in force, ``top`` (card dict; a black one has ``named``), ``discard`` (the
last few, oldest first), ``deck_count``, ``discard_count``, ``landed_ms`` (when the top card landed), ``hand`` (own
cards, dicts ``{"id","colour","value"}``; empty for watchers), ``drawn`` (id of the card just drawn that may still be
played), ``emotes`` (the reactions this seat may send now: every one while a round runs, none between rounds or for
watchers), ``players`` (per seat: ``cards`` count, ``uno`` said and holding one card, ``out`` place or 0, ``score``,
``round_wins``, ``locked`` until ms or 0), ``pending`` (the +N waiting: kind, amount, source, target, black,
challengeable), ``uno_watch`` (a silent second-to-last card: seat, opened_ms, grace_until, catchers), ``ready``
(«Готов» pause), ``last_reflex`` (kind, winner, margin_ms, tie, reaction_ms…), ``round_result`` (between rounds:
points, gained, hands as faces, scores), ``continued``, ``round_over_deadline``, ``scoring`` and ``target`` (the
scoring's mode and points to reach, see scoring.py), ``rules`` (house rules on), ``history`` (finished rounds),
``turns`` (turns begun this round) and ``turn_cap`` (the turn that ends it without a winner, see cap.py) and
``result`` (at the end).

Each house rule adds its own keys (``view_defaults`` when it is off, ``view`` when on) and per-seat keys of
``players`` (``player_defaults``/``player_view``): a jump-in race ``jump_race`` and ``jump_ins`` (out-of-turn
jump-ins are played), the ``slap`` race, ``silence``, ``skip_bounce``, ``exchange`` (after a 5; the offered card
only to its owner), ``refills_left``…
"""
from __future__ import annotations

from game.rules.base import SPECTATOR, TV

from . import house
from .actions import EMOTES
from .cap import cap_of
from .phases import PHASE_LABELS
from .state import MATCH_OVER, READY, ROUND_OVER, UnoState

RECENT_DISCARDS = 8


def build_view(rules, state: UnoState, seat: int) -> dict:
    n = state.n
    mine = 0 <= seat < n
    out_place = {s: i + 1 for i, s in enumerate(state.out)}
    way = rules.scoring(state)
    player_hooks = house.having(state.house, "player_view")
    a = state.attack
    w = state.watch
    between = state.phase in (ROUND_OVER, MATCH_OVER)
    _card = rules.card
    players = []
    for s in range(n):
        player = {
            "seat": s,
            "cards": len(state.hands[s]),
            "uno": state.uno_said[s] and len(state.hands[s]) == 1,
            "out": out_place.get(s, 0),
            "score": state.scores[s],
            "round_wins": state.round_wins[s],
            "locked": state.lockout_until[s],
            **house.PLAYER_DEFAULTS,
        }
        for hook in player_hooks:
            player.update(hook.player_view(state, s))
        players.append(player)
    view = {
        "game": "uno",
        "me": seat,
        "seats": n,
        "round": state.round,
        "dealer": state.dealer,
        "phase": state.phase,
        "phase_label": PHASE_LABELS[state.phase],
        "turn": state.turn,
        "actor": state.actor,
        "direction": state.direction,
        "colour": state.colour,
        "top": _card(state, state.discard[-1]) if state.discard else None,
        "discard": [_card(state, c) for c in state.discard[-RECENT_DISCARDS:]],
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "landed_ms": state.last_landed_ms,
        "hand": [_card(state, c) for c in state.hands[seat]] if mine else [],
        "emotes": list(EMOTES) if mine and not between else [],
        "drawn": state.drawn if mine and seat == state.turn else None,
        "players": players,
        "pending": None if a is None else {
            "kind": a.kind, "amount": a.amount, "source": a.source, "target": a.target, "black": a.black,
            "cards": a.cards, "challengeable": a.challenge is not None,
        },
        "uno_watch": None if w is None else {
            "seat": w.seat, "opened_ms": w.opened_ms, "grace_until": w.grace_until,
            "catchers": [p.seat for p in w.race.presses if p.payload == "catch"],
        },
        "ready": {"seat": state.actor, "deadline_ms": state.ready_deadline} if state.phase == READY else None,
        "last_reflex": dict(state.last_reflex) if state.last_reflex else None,
        "round_result": state.last_round if between else None,
        "continued": list(state.continued) if state.phase == ROUND_OVER else [],
        "round_over_deadline": state.round_over_deadline if state.phase == ROUND_OVER else None,
        "scoring": way.mode,
        "target": way.target,
        "match": state.options["match"],
        "rules": list(state.house),
        "history": list(state.history),
        "turns": state.turns,
        "turn_cap": cap_of(house.hooks_for(state.house), state.n),
        "result": state.result_data,
        **house.VIEW_DEFAULTS,
    }
    for hook in house.having(state.house, "view"):
        view.update(hook.view(state, seat))
    return view


def secret_ids(state: UnoState, seat: int) -> set[str]:
    hidden = set(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat or seat in (SPECTATOR, TV):
            hidden.update(hand)
    return hidden
