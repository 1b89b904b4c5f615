"""The host's memory comes back after dropped connections and stays bounded with watchers who
never read (a smaller size of what ``python -m game bench`` measures: game/benchmarks/net.py)."""
from __future__ import annotations

from game.benchmarks.net import abandoned_connections_rss, slow_watchers_rss


def test_memory_of_connections_dropped_before_the_handshake_is_given_back():
    figures = abandoned_connections_rss(rounds=3, per_round=500)
    assert figures["abandoned_rss_growth_mb"] < 20, figures


def test_watchers_that_never_read_do_not_pin_lobby_broadcasts():
    figures = slow_watchers_rss(watchers=64, seconds=3.0)
    assert figures["slow_watchers_player_served"], figures
    assert figures["slow_watchers_rss_peak_mb"] - figures["slow_watchers_rss_start_mb"] < 15, figures
