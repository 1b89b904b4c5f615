"""Two rooms on one machine keep two journals: each named by its room's id in the user's
journals folder, readable by the owner only. Both hosts are killed mid-game; ``host --resume``
lists both, each resumes its own game on its old port and its players come back to finish it.
A damaged or foreign journal is explained in Russian with a choice, never a traceback."""
from __future__ import annotations

import os
import queue
import shutil
import stat
import subprocess
import sys
import threading

import toy_game
from game.net.client import AutoPlayer, LanConnection
from game.net.journal import Journal
from test_net_netns import LAUNCH, ROOT

ROOMS = ("Кухня", "Веранда")


class Cli:
    """``python -m game …`` (with the toy game) in its own process; its lines arrive on a queue."""

    def __init__(self, env: dict, *args: str):
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self.proc = subprocess.Popen([sys.executable, "-c", LAUNCH, *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=env)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, prefix: str, timeout: float = 30) -> str:
        while True:
            line = self.lines.get(timeout=timeout)
            if line is None:
                raise AssertionError(f"процесс завершился; вывод: {self.seen[-15:]}")
            self.seen.append(line)
            if line.startswith(prefix):
                return line

    def output(self, timeout: float = 60) -> str:
        """Everything it printed, once it has exited."""
        self.proc.wait(timeout)
        while (line := self.lines.get(timeout=10)) is not None:
            self.seen.append(line)
        return "\n".join(self.seen)


class Seat:
    """A person at a room, played by a bot through the reference client; ``reached(n)`` waits
    until the table they saw has state id ``n`` (the bot consumes the inbox itself)."""

    def __init__(self, port: int, name: str, start_when: int, seed: int = 0):
        self.moved = threading.Condition()
        self.state_id = -1
        self.connection = LanConnection("127.0.0.1", port, name, on_message=self._seen)
        self.player = AutoPlayer(self.connection, speed=0.05, seed=seed, start_when=start_when).start()

    def _seen(self, message: dict) -> None:
        if message.get("type") == "update":
            with self.moved:
                self.state_id = message["state_id"]
                self.moved.notify_all()

    def reached(self, state_id: int, timeout: float = 30) -> bool:
        with self.moved:
            return self.moved.wait_for(lambda: self.state_id >= state_id, timeout)

    def leave(self) -> None:
        self.player.stop()
        self.connection.close()


def _host(env: dict, *args: str) -> tuple[Cli, int]:
    host = Cli(env, "host", "--game", "toy", "--bind", "127.0.0.1", "--no-discovery", "--takeover", "120", *args)
    return host, int(host.expect("ENDPOINT").rsplit(":", 1)[1])


def test_two_rooms_on_one_machine_are_killed_and_each_resumes_its_own_game(tmp_path):
    toy_game.register()
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONUNBUFFERED": "1"}
    folder = tmp_path / "state" / "igroteka" / "journals"
    hosts, ports, room_ids, players, processes = {}, {}, {}, {}, []
    try:
        for name in ROOMS:
            hosts[name], ports[name] = _host(env, "--port", "0", "--bots", "1", "--name", name)
            processes.append(hosts[name])
            room_ids[name] = hosts[name].expect("Код комнаты").split()[2].rstrip(".")
            players[name] = Seat(ports[name], f"Игрок {name}", start_when=2, seed=len(players))
        for name in ROOMS:
            assert players[name].reached(4)
        for name in ROOMS:  # both hosts crash mid-game
            hosts[name].proc.kill()
            hosts[name].proc.wait(10)
            assert not players[name].player.over.is_set()

        journals = {name: folder / f"{room_ids[name]}.journal" for name in ROOMS}
        for name, path in journals.items():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
            header, entries = Journal.read(path)
            assert header["room"] == name and header["room_id"] == room_ids[name] and len(entries) >= 4

        listing = Cli(env, "host", "--resume").output()
        for name in ROOMS:
            assert f"{room_ids[name]} — «{name}»" in listing, listing

        for name in ROOMS:
            moves = len(Journal.read(journals[name])[1])
            resumed = Cli(env, "host", "--resume", room_ids[name], "--bind", "127.0.0.1", "--no-discovery")
            processes.append(resumed)
            assert f"«{name}»" in resumed.expect("Комната")
            assert int(resumed.expect("ENDPOINT").rsplit(":", 1)[1]) == ports[name]  # where its players reconnect
            assert f"ход {moves}." in resumed.expect("Игра продолжена")
        for name in ROOMS:
            assert players[name].player.over.wait(60), f"{name}: игра не закончилась после возвращения"
            assert players[name].connection.connects >= 2
    finally:
        for player in players.values():
            player.leave()
        for process in processes:
            if process.proc.poll() is None:
                process.proc.kill()
            process.proc.wait(10)


def test_a_damaged_or_foreign_journal_is_explained_in_russian_with_a_choice(tmp_path):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONUNBUFFERED": "1"}
    folder = tmp_path / "state" / "igroteka" / "journals"
    host, port = _host(env, "--port", "0", "--bots", "2", "--name", "Сад")
    room_id = host.expect("Код комнаты").split()[2].rstrip(".")
    toy_game.register()
    player = Seat(port, "Игрок", start_when=1)
    try:
        assert player.reached(3)
    finally:
        player.leave()
        host.proc.kill()
        host.proc.wait(10)
    journal = folder / f"{room_id}.journal"
    good = journal.read_bytes()

    (folder / "0123456789ab.journal").write_bytes(good)  # a copy under another room's name
    foreign = Cli(env, "host", "--resume", "0123456789ab", "--no-discovery").output()
    assert "другой комнаты" in foreign and "Что можно сделать" in foreign and "Traceback" not in foreign, foreign

    journal.write_bytes(good[:40] + b"\xc1\xc1\xc1" + good[40:])  # damaged in the middle, not just torn
    damaged = Cli(env, "host", "--resume", room_id, "--no-discovery").output()
    assert "повреждён" in damaged and "--cut-damaged" in damaged and "Traceback" not in damaged, damaged
    listing = Cli(env, "host", "--resume").output()
    assert f"{room_id} — продолжить нельзя" in listing and "Traceback" not in listing, listing

    (folder / "fedcba987654.journal").write_bytes(b"not a journal at all")
    shutil.copy(folder / "fedcba987654.journal", folder / "fedcba987655.journal")
    garbage = Cli(env, "host", "--resume", "fedcba987654", "--no-discovery").output()
    assert "не журнал" in garbage and "Traceback" not in garbage, garbage
