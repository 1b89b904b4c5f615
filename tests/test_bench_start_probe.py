"""The bench's start-to-table probe is a process of its own: it must put itself together as every command does
(the lexicon's store installed), or an Эрудит table it starts dies looking for the dictionary. The bench printed
``app_error`` instead of the start figures whenever its clock-chosen deal had the person move first; the probe now
deals ``START_SEED``, such a deal, every time."""
from __future__ import annotations

from game.benchmarks.app import start_to_table


def test_the_start_probe_reaches_an_erudit_table():
    figures = start_to_table("erudit")
    assert set(figures) == {"start_erudit_ms_at_once", "start_erudit_frame_ms_max_at_once",
                            "start_erudit_ms_after_2s", "start_erudit_frame_ms_max_after_2s"}
    assert all(value > 0 for value in figures.values())
