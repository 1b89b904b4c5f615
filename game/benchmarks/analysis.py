"""How long the board games' analysis takes (``python -m game bench --only analysis``): a seeded Эрудит game of 200
turns analysed as «Повтор партии» analyses it (game.net.analysis: the master asked at every turn, the seats shared among
the machine's cores, one process a seat at most), in wall seconds and in CPU seconds of the processes that did it.

The game: four seats played by a script (a person's moves, as a journal holds them) so that it lasts 200 turns with a
full board late in it — the first seat lays the shortest word it is offered, the others change one tile while the bag
allows it (then lay the shortest word or pass); the 192nd turn lays a word and everyone passes after it, which ends
the game (two rounds without a word) at its 200th turn. Every position is a real one, racks full; the master thinks at each as at a table."""
from __future__ import annotations

import os
import resource
import time

TURNS = 200
SEATS = 4
SEED = 11


def long_game(turns: int = TURNS, seed: int = SEED, game_id: str = "erudit"):
    """The journal (header, entries) of the scripted game of ``turns`` turns."""
    from game.net.session import SeatInfo, Session

    session = Session(game_id, [SeatInfo(f"Игрок {k + 1}") for k in range(SEATS)], seed, {}, start_ms=0)
    rules = session.rules
    now = 0
    made = 0
    while not rules.is_over(session.state):
        now += 1000
        seat = rules.to_act(session.state)[0]
        legal = rules.legal_actions(session.state, seat)
        places = sorted((a for a in legal if a.kind == "place"), key=lambda a: (len(a.tiles), a.tiles))
        exchanges = sorted((a for a in legal if a.kind == "exchange"), key=lambda a: len(a.tiles))
        passes = [a for a in legal if a.kind == "pass"]
        last_word = turns - 2 * SEATS  # after it, as many turns without a word as end the game
        if made >= last_word:
            action = passes[0]
        elif made == last_word - 1:
            action = (places or exchanges or passes)[0]
        elif seat == 0:
            action = (places or exchanges or passes)[0]
        else:
            action = (exchanges or places or passes)[0]
        outcome = session.receive(seat, action, now)
        assert outcome.accepted, outcome.error
        made += 1
    return session.journal.header, list(session.journal.entries)


def _cpu_s() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure() -> dict:
    from game.net.analysis import analyse

    header, entries = long_game()
    processes = max(1, min(SEATS, os.cpu_count() or 1))
    wall, cpu = time.perf_counter(), _cpu_s()
    analysis = analyse(header, entries, processes=processes)
    wall, cpu = time.perf_counter() - wall, _cpu_s() - cpu
    return {
        "analysis_s_200_moves": round(wall, 1),
        "analysis_cpu_s_200_moves": round(cpu, 1),
        "analysis_moves": len(analysis.turns),
        "analysis_processes": processes,
    }
