"""What each seat sees. Shape (every key always present; ``None`` when not happening):

``me`` seat (or SPECTATOR/TV), ``seats``, ``round``, ``dealer``, ``phase`` (see state.py) and ``phase_label``,
``turn`` (whose turn), ``actor`` (who must choose in the other phases), ``direction`` (+1 clockwise),
``colour`` in force, ``top`` (card dict; a black one has ``named``), ``discard`` (the last few, oldest first),
``deck_count``, ``discard_count``, ``landed_ms`` (when the top card landed), ``hand`` (own cards, dicts ``{"id","colour","value"}``; empty for watchers),
``drawn`` (id of the card just drawn that may still be played), ``players`` (per seat: ``cards`` count,
``uno`` said and holding one card, ``out`` place or 0, ``score``, ``round_wins``, ``locked`` until ms or 0,
``refills_left``), ``pending`` (the +N waiting: kind, amount, source, target, black, challengeable),
``uno_watch`` (a silent second-to-last card: seat, opened_ms, grace_until, catchers), ``slap`` («UNO в центр»
race), ``jump_race`` (a jump-in being judged), ``silence``, ``ready`` («Готов» pause), ``skip_bounce``,
``exchange`` (after a 5; the offered card only to its owner), ``last_reflex`` (kind, winner, margin_ms, tie,
reaction_ms…), ``round_result`` (between rounds: points, gained, hands as faces, scores), ``continued``,
``round_over_deadline``, ``scoring`` ("winner"/"own"/"lazy"), ``target``, ``rules`` (house rules on),
``history`` (finished rounds) and ``result`` (at the end).
"""
from __future__ import annotations

from game.rules.base import SPECTATOR, TV

from .cards import card_dict
from .state import MATCH_OVER, PHASE_LABELS, ROUND_OVER, UnoState

RECENT_DISCARDS = 8


def _card(state: UnoState, cid: str) -> dict:
    face = state.faces[cid]
    if face[0] == "black":
        return card_dict(cid, face, state.named.get(cid))
    return {"id": cid, "colour": face[0], "value": face[1]}


def build_view(rules, state: UnoState, seat: int) -> dict:
    n = state.n
    mine = 0 <= seat < n
    out_place = {s: i + 1 for i, s in enumerate(state.out)}
    lazy = bool(state.options.get("lazy"))
    mode = "lazy" if lazy else state.options["scoring"]
    a = state.attack
    w = state.watch
    sr = state.slap
    jr = state.jump
    ex = state.exchange
    between = state.phase in (ROUND_OVER, MATCH_OVER)
    return {
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
        "drawn": state.drawn if mine and seat == state.turn else None,
        "players": [
            {
                "seat": s,
                "cards": len(state.hands[s]),
                "uno": state.uno_said[s] and len(state.hands[s]) == 1,
                "out": out_place.get(s, 0),
                "score": state.scores[s],
                "round_wins": state.round_wins[s],
                "locked": state.lockout_until[s],
                "refills_left": state.refill_next[s],
            }
            for s in range(n)
        ],
        "pending": None if a is None else {
            "kind": a.kind, "amount": a.amount, "source": a.source, "target": a.target, "black": a.black,
            "cards": a.cards, "challengeable": a.challenge is not None,
        },
        "uno_watch": None if w is None else {
            "seat": w.seat, "opened_ms": w.opened_ms, "grace_until": w.grace_until,
            "catchers": [p.seat for p in w.race.presses if p.payload == "catch"],
        },
        "slap": None if sr is None else {
            "shouter": sr.shouter, "opened_ms": sr.opened_ms, "deadline_ms": sr.deadline_ms,
            "expected": list(sr.expected), "slapped": [p.seat for p in sr.presses],
        },
        "jump_race": None if jr is None else {
            "opened_ms": jr.race.opened_ms, "deadline_ms": jr.race.deadline(),
            "seats": [p.seat for p in jr.race.presses],
        },
        "silence": None if state.silence is None else {
            "kind": state.silence.kind, "by": state.silence.by, "colour": state.silence.colour,
        },
        "ready": {"seat": state.actor, "deadline_ms": state.ready_deadline} if state.phase == "ready" else None,
        "skip_bounce": None if state.skip_bounce is None else {
            "victim": state.skip_bounce.victim, "source": state.skip_bounce.source,
            "colour": state.skip_bounce.colour,
        },
        "exchange": None if ex is None else {
            "offerer": ex.offerer, "target": ex.target,
            "card": _card(state, ex.card) if seat == ex.offerer else None,
        },
        "last_reflex": dict(state.last_reflex) if state.last_reflex else None,
        "round_result": state.last_round if between else None,
        "continued": list(state.continued) if state.phase == ROUND_OVER else [],
        "round_over_deadline": state.round_over_deadline if state.phase == ROUND_OVER else None,
        "scoring": mode,
        "target": {"winner": 500, "own": 200, "lazy": 0}[mode],
        "match": state.options["match"],
        "rules": list(state.house),
        "history": list(state.history),
        "result": state.result_data,
    }


def secret_ids(state: UnoState, seat: int) -> set[str]:
    hidden = set(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat or seat in (SPECTATOR, TV):
            hidden.update(hand)
    return hidden
