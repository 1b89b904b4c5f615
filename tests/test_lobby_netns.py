"""UNO across network namespaces with a game window: a headless host with a bot in one namespace,
a window in another that finds the room by zeroconf on the «Присоединиться» screen, sets a
one-round match in the lobby and plays its seat with the table's own inputs, and a console bot
client in a third. No packet touches the machine's own interfaces (see test_net_netns.py)."""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading

import pytest

from test_net_netns import ROOT, Process, lan  # noqa: F401 - the namespaces fixture

pytestmark = pytest.mark.netns

WINDOW = r'''
import os, sys
sys.path[:0] = [{root!r}, {tests!r}]
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["IGROTEKA_CONFIG_DIR"] = {config!r}
from game.app import App
from game.scenes import lobby
from game.scenes.lobby import JoinScene, LobbyScene
from game.scenes.uno.table import UnoScene
from lobby_support import UnoHand, Windows, click, press

lobby.TOKEN_FILE = os.path.join({config!r}, "tokens.json")
app = App(headless=True)
app.settings.player_name = "Окно"
windows = Windows(app)
join = JoinScene(interface={address!r})
app.push(join)
windows.until(lambda: any(r.room.room == "Сетевая UNO" for r in join.room_rows), 40, "комната в списке")
print("ROOM", join.room_rows[0].room.endpoint, flush=True)
click(app, next(r for r in join.room_rows if r.room.room == "Сетевая UNO"))
room = app.top
windows.until(lambda: isinstance(room, LobbyScene) and room.lobby is not None, 20, "лобби")
print("LOBBY owner" if room.is_owner else "LOBBY guest", flush=True)
room.open_house_rules()
rules = app.top
match = next(w for w in rules.group.widgets if getattr(w, "rule", None) and w.rule.id == "match")
press(app, "point", device="mouse", pos=match.rect.center)
while match.value != "1":
    press(app, "right")
press(app, "back")
windows.until(lambda: room.lobby["options"]["match"] == "1", 10, "один тур")
windows.until(lambda: len(room.lobby["seats"]) == 3
              and all(s["ready"] for i, s in enumerate(room.lobby["seats"]) if i != room.you), 40, "гость готов")
click(app, room.go)
windows.until(lambda: isinstance(app.top, UnoScene), 20, "стол")
table = app.top
print("TABLE seat", table.seat, flush=True)
hand = UnoHand(app)
windows.players = [hand]
windows.until(lambda: table.over and table.results_open(), 150, "итоги")
print("OVER", table.view["result"]["winners"], "moves", hand.moves, flush=True)
join.exit()
'''


class Script(Process):
    """A Python script (the window) inside a namespace; the fixture kills it with the namespace."""

    def __init__(self, namespace: str, path):
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", namespace, sys.executable, str(path)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        threading.Thread(target=self._read, daemon=True).start()


def test_a_window_finds_the_room_by_zeroconf_and_plays_uno_across_namespaces(lan, tmp_path):  # noqa: F811
    spawn, addresses = lan
    host = spawn(0, "host", "--game", "uno", "--bind", addresses[0], "--port", "0", "--name", "Сетевая UNO",
                 "--bots", "1", "--bot-level", "ace", "--journal", str(tmp_path / "journal.msgpack"))
    host.expect(lambda line: line.startswith("ENDPOINT"), 20)
    script = tmp_path / "window.py"
    script.write_text(WINDOW.format(root=ROOT, tests=os.path.join(ROOT, "tests"), config=str(tmp_path / "cfg"),
                                    address=addresses[1]), "utf-8")
    window = Script(f"igt{os.getpid() % 100000}a", script)  # the lan fixture's second namespace
    try:
        run_uno(spawn, addresses, window, tmp_path)
    finally:
        window.stop()


def run_uno(spawn, addresses, window, tmp_path):
    window.expect(lambda line: line.startswith("ROOM") and addresses[0] in line, 60)
    window.expect(lambda line: line == "LOBBY owner", 30)
    guest = spawn(2, "join", "--room", "Сетевая UNO", "--interface", addresses[2], "--wait", "20", "--name", "Боря",
                  "--bot", "ace", "--speed", "0.3", "--token-file", str(tmp_path / "tokens-b.json"))
    guest.expect(lambda line: line.startswith("За столом"), 40)
    window.expect(lambda line: line.startswith("TABLE"), 60)
    over = window.expect(lambda line: line.startswith("OVER"), 170)
    assert int(over.split("moves")[1]) >= 3
    guest.expect(lambda line: line.startswith("Игра окончена"), 30)
