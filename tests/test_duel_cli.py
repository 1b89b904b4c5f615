"""``python -m game duel``: the figures of a match between two bot levels, on the whole word list or on a share of
it (how the board games' averages follow the dictionary's size)."""
from __future__ import annotations

import json
import subprocess
import sys

from game.rules.board import words as wordsrc


def duel(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "duel", *args], capture_output=True, text=True, timeout=300)


def test_a_duel_on_half_the_word_list_reports_its_figures_and_the_words_it_had():
    whole = len(wordsrc.load("erudit", {}).words)
    done = duel("--game", "erudit", "--a", "player", "--b", "novice", "--games", "2", "--lexicon-share", "0.5",
                "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["words"] == round(whole * 0.5)
    assert report["games"] == 2 and report["a_wins"] + report["draws"] <= 2
    assert report["a_mean_score"] > 0 and report["b_mean_score"] > 0


def test_a_share_outside_zero_to_one_is_refused_in_russian():
    for share in ("0", "1.5", "-1"):
        done = duel("--games", "1", "--lexicon-share", share)
        assert done.returncode == 2
        assert "Доля словаря" in done.stdout
