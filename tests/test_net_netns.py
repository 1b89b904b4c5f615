"""A real multi-host game: three network namespaces on a bridge (itself in a fourth namespace),
the host in one and clients in two, found by zeroconf. No packet touches the machine's own
interfaces. One client is killed mid-game and, restarted, gets its seat back.

Needs root and iproute2 (`ip`); in CI it runs as root and must not be skipped.
"""
from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
import time

import pytest

pytestmark = pytest.mark.netns

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the CLI with the toy game registered (it lives in tests/, so the plain CLI does not know it)
LAUNCH = (
    "import sys; sys.path[:0] = [{root!r}, {tests!r}]; import toy_game; toy_game.register(); "
    "from game.__main__ import main; sys.exit(main(sys.argv[1:]))"
).format(root=ROOT, tests=os.path.join(ROOT, "tests"))


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


class Process:
    """A command inside a namespace whose output lines arrive on a queue."""

    def __init__(self, namespace: str, *args: str):
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", namespace, sys.executable, "-c", LAUNCH, *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, predicate, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"не дождались строки; вывод: {self.seen[-15:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"процесс завершился; вывод: {self.seen[-15:]}")
            self.seen.append(line)
            if predicate(line):
                return line

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def lan():
    if shutil.which("ip") is None:
        pytest.fail("Нет команды «ip» (пакет iproute2): установите iproute2 в .ci/run, без неё сетевой тест не работает.")
    if os.geteuid() != 0:
        pytest.fail("Тест сетевых пространств нужно запускать от root (ip netns).")
    tag = f"igt{os.getpid() % 100000}"
    switch, nodes = f"{tag}s", [f"{tag}h", f"{tag}a", f"{tag}b"]
    made: list[str] = []
    processes: list[Process] = []
    try:
        _ip("netns", "add", switch)
        made.append(switch)
        _ip("-n", switch, "link", "add", "br0", "type", "bridge")
        _ip("-n", switch, "link", "set", "br0", "up")
        addresses = []
        for i, ns in enumerate(nodes):
            _ip("netns", "add", ns)
            made.append(ns)
            _ip("link", "add", "v0", "netns", ns, "type", "veth", "peer", "name", f"p{i}", "netns", switch)
            _ip("-n", switch, "link", "set", f"p{i}", "master", "br0", "up")
            address = f"10.77.0.{i + 1}"
            _ip("-n", ns, "addr", "add", f"{address}/24", "dev", "v0")
            _ip("-n", ns, "link", "set", "v0", "up")
            _ip("-n", ns, "link", "set", "lo", "up")
            _ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", "v0")  # mDNS stays on the bridge
            addresses.append(address)

        def spawn(node: int, *args: str) -> Process:
            process = Process(nodes[node], *args)
            processes.append(process)
            return process

        yield spawn, addresses
    finally:
        for process in processes:
            process.stop()
        for ns in reversed(made):
            pids = subprocess.run(["ip", "netns", "pids", ns], capture_output=True, text=True).stdout.split()
            for pid in pids:  # our namespaces hold only what this test started
                try:
                    os.kill(int(pid), 9)
                except ProcessLookupError:
                    pass
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        left = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
        assert not any(ns in left for ns in made), f"namespaces left behind: {left}"


def test_three_hosts_play_a_game_and_a_killed_client_returns(lan, tmp_path):
    spawn, addresses = lan
    host = spawn(0, "host", "--game", "toy", "--bind", addresses[0], "--port", "0", "--name", "Сетевая",
                 "--bots", "1", "--takeover", "120", "--journal", str(tmp_path / "journal.msgpack"))
    host.expect(lambda line: line.startswith("ENDPOINT"), 20)

    def client(node: int, name: str) -> Process:
        return spawn(node, "join", "--room", "Сетевая", "--interface", addresses[node], "--wait", "20",
                     "--name", name, "--bot", "player", "--speed", "0.6", "--start-when", "3",
                     "--token-file", str(tmp_path / f"tokens-{node}.json"))

    anna, boris = client(1, "Аня"), client(2, "Боря")
    for who in (anna, boris):
        who.expect(lambda line: "Сетевая" in line and "10.77.0.1" in line, 30)  # listed by zeroconf
        who.expect(lambda line: line.startswith("За столом"), 20)
    anna.expect(lambda line: line.startswith("Обновлений стола") and int(line.split()[2].rstrip(",")) >= 3, 30)
    assert not any(line.startswith("Игра окончена") for line in anna.seen)
    anna.proc.kill()  # the client crashes mid-game
    anna.proc.wait(10)
    again = client(1, "Аня")
    seat_line = again.expect(lambda line: line.startswith("Снова за столом"), 40)
    first_seat = next(line for line in anna.seen if line.startswith("За столом"))
    assert seat_line.split("место")[1] == first_seat.split("место")[1]
    again.expect(lambda line: line.startswith("Игра окончена"), 90)
    boris.expect(lambda line: line.startswith("Игра окончена"), 30)
    assert again.proc.wait(10) == 0 and boris.proc.wait(10) == 0
