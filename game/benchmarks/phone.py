"""Phone figures: ``phone_page_kb`` (all the page loads), ``phone_first_screen_ms`` (headless
Chromium at a phone viewport on loopback, navigation to the name form ready), ``phone_tap_to_host_ms_p99``
(a WebSocket message from one of 10 connected phones until ``HostCore.receive`` has it) and
``phone_reflex_correct_pct`` (a mixed race on a live room: phones on the WebSocket and laptops on TCP,
each behind its own 0–80 ms delay line and on its own clock, press at known true moments; how often the
truly first of two presses ≥ 20 ms apart wins, with the host's own stamping and ranking)."""
from __future__ import annotations

import asyncio
import json
import random
import shutil
import subprocess
import sys
import time
from collections import defaultdict

TAPS_PER_PHONE = 60
PHONES = 10
RACE_PHONES = 4
RACE_LAPTOPS = 4
RACES = 800
RACE_SPACING_MS = 25  # a new race this often: they overlap, each peer presses a few times a second
MAX_ONE_WAY_MS = 80
JITTER_MS = 3  # each message's own extra delay on top of its line's (order kept, as TCP keeps it)
# a press the rules refuse without touching the table: stamping happens before the rules are asked,
# and a thousand races do not flood ten screens with updates
RACE_PRESS = {"kind": "emote", "emote": "замер"}


def _room():
    from game.net.host import HostCore, LanHost
    from game.net.web import WebServer

    core = HostCore("uno", "Замер", bots=1)
    host = LanHost(core, "127.0.0.1", 0)
    host.start()
    web = WebServer(host, 0)
    web.start()
    return core, host, web


def tap_to_host_p99(core, host, web) -> float:
    """The phones run in another process (as real phones do not share the host's interpreter);
    both stamp with the system's monotonic clock, which processes share."""
    import msgpack

    arrivals: list[float] = []
    receive = core.receive

    def timed(peer, data):
        message = msgpack.unpackb(data, raw=False)
        if message.get("type") == "ping" and message.get("id", 0) >= 1000:
            arrivals.append(time.monotonic() * 1000 - message["t"])
        receive(peer, data)

    core.receive = timed  # the bench watches arrival; the host does what it always does
    subprocess.run([sys.executable, "-m", "game.benchmarks.phone", str(web.port), web.code], check=True, timeout=120)
    host.call(lambda: None)
    arrivals.sort()
    return round(arrivals[int(len(arrivals) * 0.99) - 1], 2) if arrivals else float("nan")


def _phones(port: int, code: str) -> None:
    import aiohttp

    async def phone(session, n):
        async with session.ws_connect(f"http://127.0.0.1:{port}/ws?code={code}") as ws:
            await ws.send_str(json.dumps({"type": "hello", "version": 1, "name": f"Телефон {n}"}))
            await asyncio.sleep(0.5)  # everyone seated before the taps begin
            for i in range(TAPS_PER_PHONE):
                await ws.send_str(json.dumps({"type": "ping", "id": 1000 + i, "t": time.monotonic() * 1000}))
                await asyncio.sleep(0.1)  # ten taps a second per phone: a frantic table

    async def run():
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(phone(session, n) for n in range(PHONES)))

    asyncio.run(run())


def first_screen_ms(url: str) -> float | None:
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.binary_location = shutil.which("chromium")
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": True}})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        driver.get("about:blank")
        best = None
        for _ in range(3):
            driver.execute_script("localStorage.clear()") if driver.current_url.startswith("http") else None
            driver.get(url)
            ms = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd || n.domInteractive;")
            best = ms if best is None else max(best, ms)
        return round(best, 1)
    finally:
        driver.quit()


# --------------------------------------------------------------------------- the mixed race
class DelayLine:
    """A TCP relay that holds every chunk ``delay_ms`` (plus a little jitter) in each direction:
    a slow Wi-Fi link of its own for one peer, whatever protocol crosses it."""

    def __init__(self, target_port: int, delay_ms: float, rng: random.Random):
        self.target_port = target_port
        self.delay_ms = delay_ms
        self.rng = rng
        self.port = 0

    async def start(self) -> int:
        server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        return self.port

    async def _relay(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        try:
            await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer), return_exceptions=True)
        except asyncio.CancelledError:
            pass  # the bench is over: the lines close with its loop

    async def _pump(self, reader, writer) -> None:
        loop = asyncio.get_running_loop()
        held: asyncio.Queue = asyncio.Queue()
        due_last = 0.0

        async def deliver():
            while True:
                due, data = await held.get()
                await asyncio.sleep(max(0.0, due - loop.time()))
                if not data:
                    writer.close()
                    return
                writer.write(data)

        sender = loop.create_task(deliver())
        try:
            while True:
                data = await reader.read(65536)
                due_last = max(due_last, loop.time() + (self.delay_ms + self.rng.uniform(0, JITTER_MS)) / 1000)
                held.put_nowait((due_last, data))
                if not data:
                    break
            await sender
        except (ConnectionError, OSError):
            sender.cancel()


class PagePeer:
    """A phone's page as app.js is: it stamps with ``performance.now()`` (its own origin: when the page
    was opened), pings four times 120 ms apart on open and then every 2 s, keeps the lowest-round-trip
    of its last eight samples (the same arithmetic as ``ClockSync``) and sends it with every ping."""

    def __init__(self, name: str, port: int, code: str, opened_ms_ago: float):
        from game.net.client import ClockSync

        self.name = name
        self.url = f"http://127.0.0.1:{port}/ws?code={code}"
        self.origin = time.monotonic() * 1000 - opened_ms_ago
        self.sync = ClockSync()
        self.state_id = 0
        self.started = asyncio.Event()
        self.ws = None

    def clock(self) -> float:
        return round(time.monotonic() * 1000 - self.origin, 1)  # performance.now(), coarsened as browsers do

    async def run(self, session, done: asyncio.Event) -> None:
        async with session.ws_connect(self.url) as ws:
            self.ws = ws
            await ws.send_str(json.dumps({"type": "hello", "version": 1, "name": self.name}))
            pinger = asyncio.get_running_loop().create_task(self._pings())
            reader = asyncio.get_running_loop().create_task(self._read(ws))
            await done.wait()
            pinger.cancel()
            reader.cancel()

    async def _pings(self) -> None:
        for pause in (0, 0.12, 0.12, 0.12):
            await asyncio.sleep(pause)
            await self.ws.send_str(json.dumps(self.sync.make_ping(self.clock())))
        while True:
            await asyncio.sleep(2.0)
            await self.ws.send_str(json.dumps(self.sync.make_ping(self.clock())))

    async def _read(self, ws) -> None:
        async for msg in ws:
            message = json.loads(msg.data)
            if message["type"] == "pong":
                self.sync.on_pong(message, self.clock())
            elif message["type"] == "update":
                self.state_id = message["state_id"]
                self.started.set()

    def press(self) -> float:
        stamp = self.clock()
        asyncio.get_running_loop().create_task(self.ws.send_str(json.dumps(
            {"type": "action", "action": RACE_PRESS, "state_id": self.state_id, "pressed": stamp})))
        return stamp


class LaptopPeer:
    """A laptop: the TCP client itself (its own ClockSync and ping schedule), on a clock of its own."""

    def __init__(self, name: str, port: int, skew_ms: int):
        from game.net.client import LanConnection
        from game.net.local import monotonic_ms

        self.name = name
        self.conn = LanConnection("127.0.0.1", port, name, clock=lambda: monotonic_ms() + skew_ms)

    def press(self) -> float:
        stamp = self.conn.clock()
        self.conn.send(RACE_PRESS, pressed_ms=stamp)
        return stamp


def _race_peers(port: int, web_port: int, code: str, races: int, seed: int) -> dict:
    """The peers' side, in a process of its own (as phones and laptops are other machines): seat
    everyone through their delay lines, wait for the deal, then run the races. What each peer
    pressed, when (true moment on the system clock the host also reads) — in press order."""
    import aiohttp

    rng = random.Random(seed)

    async def run():
        loop = asyncio.get_running_loop()
        delays, peers = {}, []
        count = RACE_PHONES + RACE_LAPTOPS
        # spread over the whole range (both ends present), then dealt out at random to phones and laptops
        spread = [MAX_ONE_WAY_MS * k / (count - 1) for k in range(count)]
        rng.shuffle(spread)
        for i in range(count):
            phone = i % 2 == 0
            name = f"Телефон {i // 2 + 1}" if phone else f"Ноутбук {i // 2 + 1}"
            delays[name] = spread[i]
            line = DelayLine(web_port if phone else port, delays[name], random.Random(rng.random()))
            line_port = await line.start()
            peers.append(PagePeer(name, line_port, code, rng.uniform(1_000, 600_000)) if phone
                         else LaptopPeer(name, line_port, rng.randrange(-10**7, 10**7)))
        done = asyncio.Event()
        async with aiohttp.ClientSession() as session:
            pages = [loop.create_task(p.run(session, done)) for p in peers if isinstance(p, PagePeer)]
            await asyncio.wait_for(asyncio.gather(*(p.started.wait() for p in peers if isinstance(p, PagePeer))), 30)
            for p in peers:
                if isinstance(p, LaptopPeer):
                    await loop.run_in_executor(None, lambda: p.conn.wait_for(lambda m: m.get("type") == "update", 30))
            # a table that has been open a few seconds: two regular pings each since the seating, whose
            # opening bursts met the host's stall on its first lobby (it imports every game's rules then)
            await asyncio.sleep(4.5)
            presses, plan = [], []
            start = loop.time() + 0.1
            for r in range(races):
                a, b = rng.sample(peers, 2)
                first_at = start + r * RACE_SPACING_MS / 1000
                plan.append((r, a, first_at))
                plan.append((r, b, first_at + rng.uniform(20, 120) / 1000))
            plan.sort(key=lambda item: item[2])
            for race, peer, at in plan:
                await asyncio.sleep(max(0.0, at - loop.time()))
                true_ms = time.monotonic() * 1000
                presses.append({"race": race, "peer": peer.name, "true": true_ms, "stamp": peer.press()})
            await asyncio.sleep(1.0)  # the last presses cross their lines
            done.set()
            await asyncio.gather(*pages, return_exceptions=True)
        for p in peers:
            if isinstance(p, LaptopPeer):
                p.conn.close()
        kinds = {p.name: "web" if isinstance(p, PagePeer) else "tcp" for p in peers}
        return {"presses": presses, "delays": delays, "kinds": kinds}

    return asyncio.run(run())


def mixed_race(races: int = RACES, seed: int = 18) -> dict:
    """Phones and laptops in one race through a live room (``HostCore`` with its web page), each
    behind a 0–80 ms delay line: every press is stamped by the host exactly as in play
    (``HostCore.press_time`` from the peer's own clock sync), then each race is ranked by the
    rules' ``ReflexRace``. The truth is the moment each press was made on the system clock."""
    from game.net.host import HostCore, LanHost
    from game.net.web import WebServer
    from game.rules.base import ReflexRace, Rng

    core = HostCore("uno", "Замер", seed=seed)
    host = LanHost(core, "127.0.0.1", 0)
    host.start()
    web = WebServer(host, 0)
    web.start()
    stamped: dict[str, list[tuple[int, int]]] = defaultdict(list)  # (host stamp, arrival) per peer
    press_time = core.press_time

    def recorded(peer, pressed, state_id, now):
        t = press_time(peer, pressed, state_id, now)
        stamped[peer.seat.name].append((t, now))
        return t

    core.press_time = recorded  # watched, not changed: _on_action calls it for every reflex press
    seated = RACE_PHONES + RACE_LAPTOPS

    def start_when_seated():
        if len(core.seats) >= seated and core.session is None:
            core.start()

    try:
        proc = subprocess.Popen([sys.executable, "-m", "game.benchmarks.phone", "race", str(host.port), str(web.port),
                                 web.code, str(races), str(seed)], stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while host.call(lambda: core.session is None) and time.monotonic() < deadline and proc.poll() is None:
            host.call(start_when_seated)
            time.sleep(0.05)  # polling the lobby until everyone is seated
        out, _ = proc.communicate(timeout=races * RACE_SPACING_MS / 1000 + 90)
        host.call(lambda: None)
    finally:
        web.stop()
        host.stop()
    peers = json.loads(out.strip().splitlines()[-1])
    presses = peers["presses"]
    taken: dict[str, int] = defaultdict(int)
    for press in presses:  # a peer's presses reach the host in the order it made them (one stream each)
        mine = stamped[press["peer"]]
        press["host"], press["arrived"] = mine[taken[press["peer"]]] if taken[press["peer"]] < len(mine) else (None, None)
        taken[press["peer"]] += 1
    by_race: dict[int, list[dict]] = defaultdict(list)
    for press in presses:
        by_race[press["race"]].append(press)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for race_id, pair in by_race.items():
        if len(pair) != 2 or any(p["host"] is None for p in pair) or abs(pair[0]["true"] - pair[1]["true"]) < 20:
            continue
        first = min(range(2), key=lambda i: pair[i]["true"])
        race = ReflexRace(opened_ms=0)
        for i, p in enumerate(pair):
            race.press(i, p["host"])
        won = race.ranked(Rng(race_id))[0][0].seat == first
        kind = "-".join(sorted(peers["kinds"][p["peer"]] for p in pair))
        for key in (kind, "all"):
            tally[key][0] += won
            tally[key][1] += 1
        tally["by arrival"][0] += min(range(2), key=lambda i: pair[i]["arrived"]) == first
        tally["by arrival"][1] += 1
    errors = sorted(abs(p["host"] - p["true"]) for p in presses if p["host"] is not None)
    won, total = tally.pop("all")
    arrival_won, _ = tally.pop("by arrival")
    return {"phone_reflex_correct_pct": round(100.0 * won / total, 2) if total else None,
            "phone_reflex_races": total,
            "phone_reflex_correct_pct_by_pair": {k: round(100.0 * w / n, 2) for k, (w, n) in sorted(tally.items())},
            # the same races judged by arrival alone: what the clock mapping is worth
            "phone_reflex_arrival_order_pct": round(100.0 * arrival_won / total, 2) if total else None,
            "phone_reflex_stamp_error_ms_p99": round(errors[int(len(errors) * 0.99) - 1], 1) if errors else None,
            "phone_reflex_presses_lost": sum(p["host"] is None for p in presses)}


def measure() -> dict:
    from game.net.web import page_weight

    core, host, web = _room()
    try:
        figures = {"phone_page_kb": round(page_weight() / 1024, 1)}
        figures["phone_first_screen_ms"] = first_screen_ms(web.join_url("127.0.0.1"))
        figures["phone_tap_to_host_ms_p99"] = tap_to_host_p99(core, host, web)
    finally:
        web.stop()
        host.stop()
    figures.update(mixed_race())
    return figures


if __name__ == "__main__":
    if sys.argv[1] == "race":
        print(json.dumps(_race_peers(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))))
    else:
        _phones(int(sys.argv[1]), sys.argv[2])
