"""One journal replay (``replay_session``) for every reader of a journal — ``replay_journal`` checks of simulations and
tests, and ``HostCore.resume`` — and it goes through the judged path: the replay records the very journal it read,
and an entry that would be refused now is named by its number."""
from __future__ import annotations

import dataclasses

from hypothesis import given, settings, strategies as st

from game.net.host import HostCore
from game.net.journal import Journal, JournalError
from game.net.session import ReplayRefused, SeatInfo, Session, replay_journal, replay_session
from game.rules.base import snapshot


def _played(seed: int) -> Session:
    session = Session("uno", [SeatInfo("A", "novice"), SeatInfo("B", "novice")], seed, {})
    assert session.run_bots_to_end()
    return session


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_a_replay_records_the_journal_it_read_and_reaches_the_same_state(seed):
    played = _played(seed)
    header, entries = played.journal.header, played.journal.entries
    replayed = replay_session(header, entries)
    assert replayed.journal.entries == entries
    assert snapshot(replayed.state) == snapshot(played.state) == snapshot(replay_journal(header, entries))


def _forged(entries: list) -> tuple[int, list]:
    """The first action entry moved to a seat whose turn it is not, and its number."""
    number, entry = next((n, e) for n, e in enumerate(entries, 1) if e.seat >= 0)
    return number, entries[:number - 1] + [dataclasses.replace(entry, seat=(entry.seat + 1) % 2)] + entries[number:]


def test_a_forged_entry_is_named_by_every_reader(tmp_path):
    played = _played(7)
    number, forged = _forged(played.journal.entries)
    try:
        replay_journal(played.journal.header, forged)
    except ReplayRefused as refused:
        assert refused.number == number
    else:
        raise AssertionError("a forged journal replayed")

    core = HostCore("uno", "Комната", bots=2, seed=7, journal_path=tmp_path / "room.journal")
    core.start(0)
    core.advance(60_000)
    header, entries = core.session.journal.header, core.session.journal.entries
    core.session.journal.close()
    number, forged = _forged(entries)
    path = tmp_path / "forged.journal"
    journal = Journal(path)
    fields = {k: v for k, v in header.items() if k not in ("game", "seats", "seed", "options", "start_ms")}
    journal.begin(header["game"], header["seats"], header["seed"], header["options"], fields,
                  start_ms=header["start_ms"])
    for entry in forged:
        journal.append(entry)
    journal.close()
    try:
        HostCore.resume(path)
    except JournalError as error:
        assert f"ход {number} отклонён" in str(error)
    else:
        raise AssertionError("a forged journal was resumed")
