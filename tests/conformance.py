"""The generic conformance harness every game plugs into.

``check_game(game_id, players, seed, options)`` plays one game to the end with random legal
actions from every seat (reflex windows included) through the real ``Session``, and checks
at each step:
- invariants hold (cards and tiles conserved and the like);
- no view carries an id from that seat's ``secret_ids`` (hands of others, the deck);
- every action offered by ``legal_actions`` is accepted by ``apply`` (on a copy);
- ``to_act`` names exactly the seats offered a turn action (one that is not a reflex);
- random illegal actions are refused with a Russian reason and leave the state unchanged;
- the journal replays to a byte-identical state.

``origin`` is where the host's clock starts; the same seed at any origin must play the same game up to the offset
(``game.net.origin``), which ``check_origins`` checks.
"""
from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from game.net.origin import ORIGINS, differences_from_first
from game.net.session import SeatInfo, Session, replay_journal
from game.rules.base import SPECTATOR, TV, Action, Rejected, Rng, collect_strings, snapshot

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@dataclass
class Report:
    steps: int
    finished: bool
    session: Any = None


def _mutations(action: Action, rng: Rng, view_strings: list[str]) -> list[Action]:
    """Near-miss variants of a legal action: each field nudged to something else."""
    out = []
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        val = getattr(action, f.name)
        if isinstance(val, bool):
            alt = not val
        elif isinstance(val, int):
            alt = val + rng.choice([-3, -1, 1, 7, 1000])
        elif isinstance(val, str) and view_strings:
            alt = rng.choice(view_strings)
        elif val is None:
            alt = rng.below(5)
        else:
            continue
        try:
            out.append(dataclasses.replace(action, **{f.name: alt}))
        except (TypeError, ValueError):
            pass
    return out


def check_game(
    game_id: str,
    players: int,
    seed: int,
    options: dict | None = None,
    max_steps: int = 5000,
    probe_every: int = 1,
    origin: int = 0,
) -> Report:
    session = Session(game_id, [SeatInfo(f"Игрок {i + 1}") for i in range(players)], seed, options, start_ms=origin)
    rules = session.rules
    free_form = set(getattr(rules, "free_form_kinds", ()))
    rng = Rng(seed ^ 0x5EED)
    t = origin
    steps = 0
    seats_to_view = list(range(players)) + [SPECTATOR, TV]
    while not rules.is_over(session.state) and steps < max_steps:
        steps += 1
        assert rules.check_invariants(session.state) == [], rules.check_invariants(session.state)
        for seat in seats_to_view:
            leaked = collect_strings(rules.view(session.state, seat)) & rules.secret_ids(session.state, seat)
            assert not leaked, f"seat {seat} sees hidden {sorted(leaked)[:5]}"
        offers = {seat: rules.legal_actions(session.state, seat) for seat in range(players)}
        waited_for = {seat for seat, acts in offers.items() if any(not a.reflex for a in acts)}
        assert set(rules.to_act(session.state)) == waited_for, (
            f"{game_id}: to_act says {rules.to_act(session.state)}, turn actions are offered to {sorted(waited_for)}")
        if steps % probe_every == 0:
            _probe(session, offers, rng, t, free_form)
        choices = [(seat, a) for seat, acts in offers.items() for a in acts]
        deadline = rules.next_deadline(session.state)
        if deadline is not None and (not choices or rng.chance(0.25)):
            t = max(t, deadline)
            session.advance(t)
            continue
        assert choices, f"{game_id}: nobody can act and no timer is set (step {steps})"
        step_ms = rng.choice([0, 5, 16, 40, 200, 900])
        if deadline is not None:
            step_ms = min(step_ms, max(0, deadline - t - 1))  # act inside the window it was offered in
        t += step_ms
        seat, action = rng.choice(choices)
        outcome = session.submit(seat, action, t, state_id=session.state_id)
        assert outcome.accepted, (
            f"legal action refused: seat {seat} {action}: {outcome.error and outcome.error.reason}"
        )
    assert rules.check_invariants(session.state) == []
    rebuilt = replay_journal(session.journal.header, session.journal.entries)
    assert snapshot(rebuilt) == snapshot(session.state), "replay differs from the played game"
    if rules.is_over(session.state):
        rules.result(session.state)
    return Report(steps, rules.is_over(session.state), session)


def check_origins(game_id: str, players: int, seed: int, options: dict | None = None, **kwargs: Any) -> Report:
    """One seed played at every clock origin: each game conforms, and all are the same game up to the offset."""
    reports = [check_game(game_id, players, seed, options, origin=origin, **kwargs) for origin in ORIGINS]
    differences = differences_from_first(reports[0].session.rules, [r.session for r in reports])
    assert not differences, "\n".join(differences)
    return reports[-1]


def origin_of(index: int) -> int:
    """Spread a parametrised test's cases over the origins, so each origin is played without tripling the cost."""
    return ORIGINS[index % len(ORIGINS)]


def _probe(session: Session, offers: dict[int, list[Action]], rng: Rng, t: int, free_form: set[str]) -> None:
    rules = session.rules
    state = session.state
    before = snapshot(state)
    # every offered action must apply (on a copy, so the game goes on unchanged)
    for seat, acts in offers.items():
        for action in acts[:6]:
            trial = copy.deepcopy(state)
            try:
                rules.apply(trial, seat, action, t)
            except Rejected as rej:  # pragma: no cover - the assertion message is the point
                raise AssertionError(f"offered but refused: seat {seat} {action}: {rej.reason}") from None
    # near misses and actions of the wrong seat must be refused and change nothing
    strings = sorted(collect_strings(rules.view(state, 0)))[:200]
    all_offered = [(s, a) for s, acts in offers.items() for a in acts]
    candidates = []
    for seat, action in rng_sample(all_offered, 4, rng):
        for other in range(len(offers)):
            candidates.append((other, action))
        candidates += [(seat, m) for m in _mutations(action, rng, strings)]
    for seat, action in candidates:
        if action in offers.get(seat, ()):
            continue
        trial = copy.deepcopy(state)
        try:
            rules.apply(trial, seat, action, t)
        except Rejected as rej:
            assert CYRILLIC.search(rej.reason), f"reason is not Russian: {rej.reason!r}"
            assert snapshot(trial) == before, f"refused action changed the state: {action}"
            continue
        assert action.kind in free_form, f"not offered but accepted: seat {seat} {action}"
    assert snapshot(state) == before


def rng_sample(items: list, k: int, rng: Rng) -> list:
    items = list(items)
    rng.shuffle(items)
    return items[:k]
