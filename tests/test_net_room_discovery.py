"""A closed room leaves the room list: within 2 s when its host stops (SIGINT, SIGTERM), and
within the records' lifetime when it is killed with no chance to say goodbye; a live room stays
listed past that lifetime. Hosts and the browsing client run in network namespaces (see
test_net_netns.py): no packet touches the machine's own interfaces."""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time

import pytest

from game.net.discovery import EXPIRY_CHECK_S, ROOM_TTL_S
from test_net_netns import ROOT, Process, lan  # noqa: F401 - the namespaces fixture

pytestmark = pytest.mark.netns

BROWSER = r'''
import sys, time
sys.path[:0] = [{root!r}]
from game.net.discovery import RoomBrowser
def show(rooms):
    print("ROOMS", time.monotonic(), "|".join(sorted(r.room for r in rooms)), flush=True)
browser = RoomBrowser({address!r}, on_change=show).start()
print("BROWSING", flush=True)
sys.stdin.read()
browser.stop()
'''


class Browser(Process):
    """A room list inside a namespace; each change is a line «ROOMS <monotonic> a|b|…»."""

    def __init__(self, namespace: str, address: str):
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", namespace, sys.executable, "-c", BROWSER.format(root=ROOT, address=address)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        threading.Thread(target=self._read, daemon=True).start()

    def until(self, predicate, timeout: float) -> tuple[float, set[str]]:
        """The moment (monotonic, as the browser saw it) and list of the first change that fits."""
        line = self.expect(lambda text: text.startswith("ROOMS ") and predicate(_rooms(text)), timeout)
        return float(line.split()[1]), _rooms(line)

    def all_lists(self) -> list[set[str]]:
        return [_rooms(text) for text in self.seen if text.startswith("ROOMS ")]


def _rooms(line: str) -> set[str]:
    parts = line.split(" ", 2)
    return set(filter(None, parts[2].split("|"))) if len(parts) > 2 else set()


def test_a_stopped_room_leaves_the_list_at_once_and_a_killed_one_when_its_records_run_out(lan, tmp_path):  # noqa: F811
    spawn, addresses = lan
    browser = Browser(f"igt{os.getpid() % 100000}a", addresses[1])  # the fixture's second namespace
    try:
        browser.expect(lambda line: line == "BROWSING", 20)
        names = ("Прерванная", "Завершённая", "Убитая", "Живая")
        hosts = {}
        for name in names:
            hosts[name] = spawn(0 if name != "Живая" else 2, "host", "--game", "toy", "--port", "0",
                                "--bind", addresses[0] if name != "Живая" else addresses[2], "--name", name,
                                "--journal", str(tmp_path / f"{name}.msgpack"))
        for host in hosts.values():
            host.expect(lambda line: line.startswith("ENDPOINT"), 20)
        browser.until(lambda rooms: rooms >= set(names), 30)
        listed_at = time.monotonic()

        for name, how in (("Прерванная", signal.SIGINT), ("Завершённая", signal.SIGTERM)):
            sent = time.monotonic()
            hosts[name].proc.send_signal(how)
            gone, rooms = browser.until(lambda rooms, name=name: name not in rooms, 10)
            print(f"{name} ({how.name}): ушла из списка через {gone - sent:.2f} с")
            assert gone - sent < 2.0, f"{name}: ушла из списка через {gone - sent:.1f} с"
            assert hosts[name].proc.wait(10) == 0

        killed = time.monotonic()
        hosts["Убитая"].proc.kill()
        gone, rooms = browser.until(lambda rooms: "Убитая" not in rooms, ROOM_TTL_S + 10)
        print(f"Убитая (SIGKILL): ушла из списка через {gone - killed:.2f} с (TTL {ROOM_TTL_S} с)")
        assert gone - killed <= ROOM_TTL_S + EXPIRY_CHECK_S + 1.0, f"убитая комната ушла через {gone - killed:.1f} с"
        assert rooms == {"Живая"}
        # the live room outlives its first records' lifetime without ever leaving the list
        remaining = listed_at + ROOM_TTL_S + EXPIRY_CHECK_S + 1.0 - time.monotonic()
        if remaining > 0:
            with pytest.raises(AssertionError, match="не дождались"):
                browser.until(lambda rooms: "Живая" not in rooms, remaining)
        lists = browser.all_lists()
        first = next(i for i, listed in enumerate(lists) if "Живая" in listed)
        assert all("Живая" in listed for listed in lists[first:])
    finally:
        browser.proc.stdin.close()
        browser.stop()
