"""Phone figures: ``phone_page_kb`` (all the page loads), ``phone_first_screen_ms`` (headless
Chromium at a phone viewport on loopback, navigation to the name form ready), ``phone_tap_to_host_ms_p99``
(a WebSocket message from one of 10 connected phones until ``HostCore.receive`` has it) and
``phone_reflex_correct_pct`` (phones and laptops with 0–80 ms one-way delays: the same host stamping
and the same NTP-style estimate, which the page computes exactly as ``ClockSync`` does)."""
from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import time

TAPS_PER_PHONE = 60
PHONES = 10


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


def measure() -> dict:
    from game.benchmarks.net import reflex_correct_pct
    from game.net.web import page_weight

    core, host, web = _room()
    try:
        figures = {"phone_page_kb": round(page_weight() / 1024, 1)}
        figures["phone_first_screen_ms"] = first_screen_ms(web.join_url("127.0.0.1"))
        figures["phone_tap_to_host_ms_p99"] = tap_to_host_p99(core, host, web)
    finally:
        web.stop()
        host.stop()
    figures["phone_reflex_correct_pct"] = reflex_correct_pct(seed=18)
    return figures


if __name__ == "__main__":
    _phones(int(sys.argv[1]), sys.argv[2])
