"""Phones in a real browser: a room with its web page on loopback and headless Chromium at a
phone's viewport (390×844, touch events), driven by Selenium."""
from __future__ import annotations

import json
import os
import re
import tempfile
import shutil
import time
from pathlib import Path

from game.net.host import HostCore, LanHost
from game.net.local import monotonic_ms
from game.net.web import WebServer

# where the phone screens are saved to be looked at; PHONE_SHOTS=docs/screenshots refreshes the README's
SHOTS = Path(os.environ.get("PHONE_SHOTS") or Path(tempfile.gettempdir()) / "igroteka-phone-shots")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def fast_clock(factor: float):
    """Host time running ``factor`` times faster than the wall: bots think and timers run out
    sooner, so a whole game fits in a test; every rule sees the same ordered clock."""
    start = monotonic_ms()
    return lambda: int(start + (monotonic_ms() - start) * factor)


class PhoneRoom:
    def __init__(self, game_id: str, bots: int = 0, options: dict | None = None, speed: float = 6.0, seed: int = 7,
                 takeover_ms: int = 600_000, bot_level: str = "player"):
        self.core = HostCore(game_id, "Телефоны", clock=fast_clock(speed), bots=bots, options=options, seed=seed,
                             takeover_ms=takeover_ms, bot_level=bot_level)
        self.host = LanHost(self.core, "127.0.0.1", 0)
        self.host.start()
        self.web = WebServer(self.host, 0)
        self.web.start()
        self.url = self.web.join_url("127.0.0.1")
        self.leaks: list[str] = []
        self.web_texts = 0
        self.core.on_send = self._check_secrecy

    def _check_secrecy(self, peer, data: bytes) -> None:
        """What a web peer receives (the very JSON it is sent) never names another seat's
        hidden ids, checked against the rules' own list at the moment of sending."""
        from game.net.web import host_frame_to_json

        session = self.core.session
        if session is None or peer.seat is None or not any(link.peer is peer for link in self.web.links):
            return
        seat = self.core.seats.index(peer.seat)
        secret = self.core.rules.secret_ids(session.state, seat)
        for text in host_frame_to_json(data):
            self.web_texts += 1
            for found in re.findall(r'"([a-z]{1,2}\d+)"', text):
                if found in secret:
                    self.leaks.append(f"seat {seat} was sent {found}")

    def call(self, fn):
        return self.host.call(fn)

    def until(self, fn, timeout: float = 10.0) -> bool:
        """Whether ``fn`` (run on the host's thread) came true within ``timeout``."""
        deadline = time.monotonic() + timeout
        while not self.call(fn):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)  # polling a condition, not waiting for a guess of how long it takes
        return True

    def close(self) -> None:
        self.web.stop()
        self.host.stop()


def phone(width: int = 390, height: int = 844):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-extensions", "--no-first-run", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    return driver


def state(driver) -> dict:
    """What the page holds: its welcome, lobby and latest update (as it received them), and its socket's readyState.
    Every key is there, null while the page has none: JSON drops an undefined one, and a wait that read
    ``s["error"]`` before the first refusal arrived failed at once instead of waiting."""
    return json.loads(driver.execute_script(
        "return JSON.stringify({welcome: S.welcome ?? null, lobby: S.lobby ?? null, update: S.update ?? null,"
        " me: S.me ?? null, gone: S.gone ?? null, error: S.lastError ?? null,"
        " socket: S.ws ? S.ws.readyState : null})"))


def wait(driver, predicate, timeout: float = 30.0, what: str = "the page"):
    """The page's state once ``predicate`` holds. A predicate that cannot be read yet (the update, or the part of the
    view it looks at, has not come) is not yet true; the last such error is named if the time runs out."""
    deadline = time.monotonic() + timeout
    unread = None
    while True:
        got = state(driver)
        try:
            if predicate(got):
                return got
            unread = None
        except (KeyError, TypeError, IndexError) as exc:
            unread = exc
        if time.monotonic() > deadline:
            why = f"; the check could not be read: {unread!r}" if unread is not None else ""
            raise AssertionError(f"{what} did not happen in {timeout} s; last error: {got.get('error')}{why}; "
                                 f"update: {json.dumps(got['update'])[:1500]}")
        driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 50)")  # let the page run


def join(driver, url: str, name: str) -> dict:
    from selenium.webdriver.common.by import By

    driver.get(url)
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join-go").click()
    return wait(driver, lambda s: s["lobby"] is not None and s["welcome"] is not None, what="seating")


def type_into(driver, element_id: str, text: str) -> None:
    """Type ``text`` into a field of the page with the real keyboard (what was there is cleared first). The page
    redraws its table on every update, field included, so the field is found again if it went stale under the keys."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(5):
        try:
            field = driver.find_element("id", element_id)
            field.clear()
            field.send_keys(text)
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"the field #{element_id} kept being redrawn under the keys")


def click(driver, css: str) -> bool:
    """Tap the first element matching ``css`` that can be tapped now; whether there was one."""
    return bool(driver.execute_script(
        "const el=[...document.querySelectorAll(arguments[0])].find(e=>!e.disabled);"
        "if(!el) return false; el.click(); return true;", css))


def shot(driver, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"phone_{name}.png"
    driver.save_screenshot(str(path))
    return path


UNO_PREFERENCE = ["#catch", "#slap", "#hand .card.playable", "#colours button", '#actions [data-kind="ready"]',
                  '#actions [data-kind="continue"]', '#actions [data-kind="pass"]', '#actions [data-kind="accept"]',
                  '#actions [data-kind="draw"]', "#actions button"]


def play_step(driver, preference: list[str]) -> bool:
    for css in preference:
        if click(driver, css):
            return True
    return False


def play_until_over(driver, preference: list[str], timeout: float = 150.0, on_step=None) -> dict:
    """Tap what the page offers, best first, until the update says the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        got = wait(driver, lambda s: s["update"] is not None, timeout=max(1.0, deadline - time.monotonic()),
                   what="the table")
        update = got["update"]
        if update["over"]:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not end in {timeout} s; page: {json.dumps(got)[:1500]}")
        if on_step is not None and on_step(got):
            continue
        if update["legal"]:
            play_step(driver, preference)
        try:  # the next state: ours, or a bot's (a refused tap is simply tried again)
            wait(driver, lambda s: s["update"]["state_id"] != update["state_id"] or s["update"]["over"], timeout=3.0)
        except AssertionError:
            pass
