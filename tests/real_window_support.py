"""Playing the real window from outside: an Xvfb display of the test's own, ``python -m game`` on
it with the probe on (see game/probe.py), xdotool for the keys and clicks of a person, and
screenshots of the X screen (imagemagick's ``import``) compared with what the probe says is drawn.

Every wait is on a condition with a deadline (the probe, a screenshot), never a fixed sleep. A
failure names the screenshot it was decided on and keeps the game's output beside it.

The game runs, where the kernel allows it, in a time namespace whose monotonic clock reads about
a year more than the machine's: a table must not care how long the machine has been up (a real
clock far from zero, like any machine that has been on for a while).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
SCREEN = (1280, 720)
CLOCK_OFFSET_S = 31_536_000  # a year of uptime
TOOLS = ("Xvfb", "xdotool", "import", "setxkbmap")
POLL_S = 0.05
MATCH_TOLERANCE = 32  # per channel: a picture that is there matches to a few levels
MATCH_NEEDED = 0.8  # of the checked pixels of one card or tile
OPAQUE = 224  # reference pixels this solid show through as themselves (the card sprites are not quite 255)


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


@lru_cache(maxsize=1)
def time_namespace_prefix() -> tuple[str, ...]:
    """``unshare`` into a time namespace with the clock moved on, when this kernel lets us."""
    command = ("unshare", "--time", "--monotonic", str(CLOCK_OFFSET_S))
    if shutil.which("unshare") is None:
        return ()
    try:
        probe = subprocess.run([*command, sys.executable, "-c", "import time; print(time.monotonic())"],
                               capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return ()
    try:
        return command if probe.returncode == 0 and float(probe.stdout) > CLOCK_OFFSET_S else ()
    except ValueError:
        return ()


class Failure(AssertionError):
    pass


@dataclass
class Probe:
    """One probe file: the frame it was written after and the report."""

    frame: int
    changed_frame: int
    report: dict

    @property
    def scenes(self) -> list[str]:
        return self.report.get("scenes", [])

    @property
    def top(self) -> str:
        return self.scenes[-1] if self.scenes else ""

    @property
    def table(self) -> dict | None:
        return self.report.get("table")

    @property
    def view(self) -> dict:
        return (self.table or {}).get("view") or {}

    @property
    def legal(self) -> list[dict]:
        return (self.table or {}).get("legal") or []

    def kinds(self) -> set[str]:
        return {a.get("kind") for a in self.legal}

    @property
    def busy(self) -> list[str]:
        table = self.table
        return list(table.get("busy", [])) if table is not None else []

    def widget(self, label: str) -> dict:
        for w in self.report.get("widgets", []):
            if w["label"] == label:
                return w
        raise Failure(f"на экране {self.top} нет кнопки «{label}»: {[w['label'] for w in self.report.get('widgets', [])]}")

    def target(self, what: str, key: str | None = None) -> dict:
        for t in (self.table or {}).get("targets", []):
            if t["what"] == what and (key is None or t["key"] == key):
                return t
        raise Failure(f"на столе нет цели {what}/{key}")

    def items(self, *what: str) -> list[dict]:
        return [i for i in (self.table or {}).get("items", []) if not what or i["what"] in what]

    def picture(self) -> str:
        """What a screenshot should show: equal for two probes means nothing drawn moved between them
        (a ticking timer or an eased highlight do not count)."""
        table = self.table or {}
        return json.dumps([self.scenes, self.report.get("toasts"), table.get("state_id"), table.get("items"),
                           table.get("covers")], sort_keys=True)

    def summary(self) -> str:
        table = self.table or {}
        view = self.view
        return (f"кадр {self.frame}, сцены {self.scenes}, всплывающие {self.report.get('toasts')}, "
                f"фаза {view.get('phase')}, ход {view.get('turn')}, занято {self.busy}, "
                f"действия {sorted(k for k in self.kinds() if k)}, ошибка {self.report.get('error') or table.get('error')}")


@dataclass
class RealWindow:
    """An Xvfb display and the game on it; a context manager that leaves no process behind."""

    artefacts: Path
    seed: int = 7
    settings: dict = field(default_factory=dict)  # more of the player's settings (house rules, say) for the game
    processes: list[subprocess.Popen] = field(default_factory=list)
    display: str = ""
    shots: int = 0
    log: list[str] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    # ------------------------------------------------------------------ processes
    def __enter__(self) -> "RealWindow":
        self.artefacts.mkdir(parents=True, exist_ok=True)
        try:
            self._start_display()
            self._start_game()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()
        (self.artefacts / "actions.log").write_text("\n".join(self.log), "utf-8")

    def _start_display(self) -> None:
        read_fd, write_fd = os.pipe()
        width, height = SCREEN
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=open(self.artefacts / "xvfb.log", "wb"),
            start_new_session=True)
        self.processes.append(xvfb)
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 30
        os.set_blocking(read_fd, False)
        try:
            while not number.endswith(b"\n"):
                if time.monotonic() > deadline or xvfb.poll() is not None:
                    raise Failure(f"Xvfb не запустился: {(self.artefacts / 'xvfb.log').read_text(errors='replace')}")
                try:
                    chunk = os.read(read_fd, 16)
                except BlockingIOError:
                    time.sleep(POLL_S)
                    continue
                if not chunk:
                    time.sleep(POLL_S)
                number += chunk
        finally:
            os.close(read_fd)
        self.display = ":" + number.decode().strip()
        # a Russian layout beside the US one: xdotool types Cyrillic by switching the group, as a
        # person does, instead of remapping keys under the running game (which loses letters)
        self.x(["setxkbmap", "-layout", "us,ru"])

    def _start_game(self) -> None:
        config = self.artefacts / "config"
        config.mkdir(exist_ok=True)
        (config / "settings.json").write_text(json.dumps({"window_size": list(SCREEN), "fullscreen": False,
                                                          **self.settings}), "utf-8")
        self.probe_path = self.artefacts / "probe.json"
        env = dict(os.environ)
        for name in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "PYTEST_XDIST_WORKER"):
            env.pop(name, None)
        env.update({"DISPLAY": self.display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
                    "IGROTEKA_CONFIG_DIR": str(config), "IGROTEKA_DATA_DIR": str(self.artefacts / "data"),
                    "IGROTEKA_HISTORY_DIR": str(self.artefacts / "history"), "IGROTEKA_PROBE": str(self.probe_path), "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
        command = [*time_namespace_prefix(), sys.executable, "-m", "game", "play", "--seed", str(self.seed)]
        self.game_log = self.artefacts / "game.log"
        self.game = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                     stdout=open(self.game_log, "wb"), stderr=subprocess.STDOUT, start_new_session=True)
        self.processes.append(self.game)

    def close(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    continue
                try:
                    process.wait(8)
                except subprocess.TimeoutExpired:
                    try:
                        os.killpg(process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    process.wait(8)
        self.processes.clear()

    def x(self, command: list[str]) -> None:
        """An X client command on our display."""
        result = subprocess.run(command, env={**os.environ, "DISPLAY": self.display}, capture_output=True, timeout=60)
        if result.returncode != 0:
            raise Failure(f"{command[0]} не сработал: {result.stderr.decode(errors='replace')}")

    # ------------------------------------------------------------------ looking
    def read_probe(self) -> Probe | None:
        try:
            data = json.loads(self.probe_path.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return Probe(data["frame"], data["changed_frame"], data["report"])

    def alive(self) -> None:
        if self.game.poll() is not None:
            raise Failure(f"игра закрылась (код {self.game.returncode}); её вывод: {self.game_log}\n"
                          f"{self.game_log.read_text(errors='replace')[-3000:]}")

    def wait(self, condition: Callable[[Probe], Any], what: str, timeout: float = 60.0, after: int = -1) -> Probe:
        """The first probe (written after frame ``after``) for which ``condition`` holds."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            self.alive()
            probe = self.read_probe()
            if probe is not None and probe.frame > after:
                last = probe
                if probe.report.get("error"):
                    raise Failure(f"зонд сломался: {probe.report['error']}")
                if condition(probe):
                    return probe
            if time.monotonic() > deadline:
                shot = self.screenshot(f"timeout {what}")
                raise Failure(f"не дождались: {what} (за {timeout:.0f} с). Снимок: {shot}. "
                              f"Последний зонд: {last.summary() if last else 'нет'}. Вывод игры: {self.game_log}")
            time.sleep(POLL_S)

    def screenshot(self, name: str) -> Path:
        self.shots += 1
        slug = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-")
        path = self.artefacts / f"{self.shots:02d}-{slug}.png"
        self.x(["import", "-window", "root", str(path)])
        self.note(f"снимок {path.name}")
        return path

    def settled_shot(self, name: str, condition: Callable[[Probe], Any] = lambda p: True,
                     timeout: float = 60.0) -> tuple[Probe, Path]:
        """A screenshot of the table at rest: the probe before and after it agree and nothing moves."""
        deadline = time.monotonic() + timeout
        while True:
            # toasts too: they cover the bottom of the table (the rack, the hand) while they last
            before = self.wait(lambda p: p.table is not None and not p.busy and not p.report.get("toasts") and condition(p),
                               f"{name}: стол в покое", max(1.0, deadline - time.monotonic()))
            path = self.screenshot(name)
            after = self.wait(lambda p: True, f"{name}: кадр после снимка", 30, after=before.frame)
            if after.picture() == before.picture() and not after.busy:
                return before, path
            if time.monotonic() > deadline:
                raise Failure(f"{name}: стол так и не замер (снимок {path}): {after.summary()}")

    # ------------------------------------------------------------------ acting
    def to_screen(self, probe: Probe, point) -> tuple[int, int]:
        window = probe.report["window"]
        scale, (ox, oy) = window["scale"], window["offset"]
        return round(ox + point[0] * scale), round(oy + point[1] * scale)

    def note(self, text: str) -> None:
        self.log.append(f"{time.monotonic() - self.started:6.1f} с: {text}")

    def click(self, probe: Probe, point) -> None:
        x, y = self.to_screen(probe, point)
        self.note(f"щелчок {x},{y}")
        self.x(["xdotool", "mousemove", str(x), str(y), "sleep", "0.05", "click", "1"])

    def click_rect(self, probe: Probe, rect) -> None:
        x, y, w, h = rect
        self.click(probe, (x + w // 2, y + h // 2))

    def press(self, *keys: str) -> None:
        self.note("клавиши " + " ".join(keys))
        self.x(["xdotool", "key", "--delay", "60", *keys])

    def type(self, text: str) -> None:
        self.note(f"печать «{text}»")
        self.x(["xdotool", "type", "--delay", "70", text])

    def park_pointer(self) -> None:
        """The pointer out of the way: hovering changes the focus of menus and lifts cards."""
        self.x(["xdotool", "mousemove", str(SCREEN[0] - 2), "2"])

    # ------------------------------------------------------------------ from the menu to the table
    def open_table(self, game_title: str, players: int = 2, bots: str | None = None, preset: str | None = None) -> Probe:
        """«Играть с ботами» → the game → players → bots → («Домашние правила» → ``preset``) → «Начать игру», as a
        person does."""
        menu = self.wait(lambda p: p.top == "MainMenu" and p.report.get("widgets"), "главное меню", 90)
        self.click_rect(menu, menu.widget("Играть с ботами")["rect"])
        self.park_pointer()
        setup = self.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
        self.choose(setup, "Игра", game_title)
        self.choose(setup, "Игроков", str(players))
        if bots is not None:
            self.choose(setup, "Боты", bots)
        if preset is not None:
            self.pick_preset(preset)
        setup = self.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
        self.click_rect(setup, setup.widget("Начать игру")["rect"])
        self.park_pointer()
        return self.wait(lambda p: p.table is not None and p.view, f"стол «{game_title}»", 90)

    def pick_preset(self, preset: str) -> Probe:
        """On the setup screen: «Домашние правила» by keys, «Набор» turned to ``preset``, and back; the setup screen
        it returns to."""
        setup = self.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
        labels = [w["label"] for w in setup.report["widgets"]]
        for _ in range(12):
            setup = self.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
            if setup.widget("Домашние правила")["focused"]:
                break
            focused = next(i for i, w in enumerate(setup.report["widgets"]) if w["focused"])
            self.press("Down" if labels.index("Домашние правила") > focused else "Up")
            self.wait(lambda p, f=focused: p.top == "SetupScene" and not p.report["widgets"][f]["focused"],
                      "фокус к «Домашние правила»", 10)
        self.press("Return")
        rules = self.wait(lambda p: p.top == "HouseRulesScene" and p.widget("Набор")["focused"], "домашние правила")
        for _ in range(12):
            shown = rules.widget("Набор")["value"]
            if shown == f"‹ {preset} ›":
                break
            self.press("Right")
            rules = self.wait(lambda p, s=shown: p.top == "HouseRulesScene" and p.widget("Набор")["value"] != s,
                              "«Набор» меняется", 10)
        else:
            raise Failure(f"в «Наборе» нет «{preset}»")
        self.press("Escape")
        return self.wait(lambda p: p.top == "SetupScene", "снова «Играть с ботами»")

    def choose(self, probe: Probe, label: str, value: str) -> None:
        """Arrow keys to the widget, then left/right until it shows ``value``."""
        for _ in range(12):
            probe = self.wait(lambda p: p.top == "SetupScene", "экран «Играть с ботами»")
            if probe.widget(label)["focused"]:
                break
            labels = [w["label"] for w in probe.report["widgets"]]
            focused = next(i for i, w in enumerate(probe.report["widgets"]) if w["focused"])
            self.press("Down" if labels.index(label) > focused else "Up")
            self.wait(lambda p, f=focused: p.top == "SetupScene" and p.report["widgets"][f]["focused"] is False,
                      f"фокус уходит к «{label}»", 10)
        else:
            raise Failure(f"фокус не дошёл до «{label}»")
        for _ in range(12):
            shown = probe.widget(label)["value"]
            if shown == f"‹ {value} ›":
                return
            now = shown.strip("‹› ")
            self.press("Left" if now.isdigit() and value.isdigit() and int(value) < int(now) else "Right")
            probe = self.wait(lambda p, s=shown: p.top == "SetupScene" and p.widget(label)["value"] != s,
                              f"«{label}» меняется", 10)
        raise Failure(f"«{label}»: нет значения «{value}»")


# ---------------------------------------------------------------------------------------------- pixels
def load_screenshot(path: Path):
    import pygame

    return pygame.image.load(str(path))


def _display_for_pictures() -> None:
    """The game's picture functions convert their surfaces: they need a (hidden) display."""
    import pygame

    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))
    if not pygame.font.get_init():
        pygame.font.init()


def reference_picture(picture: dict, angle: float):
    """The picture the probe says was drawn, made by the game's own picture functions."""
    import pygame

    _display_for_pictures()
    art = picture["art"]
    size = tuple(picture["size"]) if isinstance(picture["size"], list) else picture["size"]
    if art == "tile":
        from game.scenes.board.layout import tile_picture

        surface = tile_picture(picture["letter"], picture["points"], size, picture.get("blank", False))
    elif art == "letter_tile":
        from game import art as pictures

        surface = pictures.letter_tile(picture["letter"], picture["points"], size)
    elif art == "uno_card":
        from game.scenes.uno import layout as uno_layout

        make = uno_layout.dimmed if picture.get("dim") else uno_layout.card
        surface = make(picture["colour"], picture["value"], size, picture.get("colorblind", False))
        if round(angle):
            surface = pygame.transform.rotozoom(surface, round(angle), 1.0)
    elif art == "nowords_card":
        from game.scenes.nowords.cards import card_image

        surface = card_image(picture["letter"], picture["red"], size, angle)
    elif art == "hardsign_card":
        from game.scenes.hardsign.cards import card_surface

        surface = card_surface(picture["face"], size)
    else:
        raise Failure(f"неизвестная картинка {art}")
    return surface


def item_rect(item: dict, surface):
    if "center" in item:
        return surface.get_rect(center=tuple(item["center"]))
    return surface.get_rect(topleft=tuple(item["topleft"]))


def face_box(item: dict, rect):
    """The middle of the face (a card's or a tile's): away from rims, glows, shadows and highlights."""
    import pygame

    size = item["picture"]["size"]
    w, h = (size, size) if isinstance(size, int) else size
    box = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.56))
    box.center = rect.center
    return box


def match_fraction(shot, reference, rect, box, step: int = 2) -> float:
    """Share of opaque reference pixels inside ``box`` that the screenshot shows (nearly) alike."""
    checked = alike = 0
    sw, sh = shot.get_size()
    for y in range(box.top, box.bottom, step):
        for x in range(box.left, box.right, step):
            rx, ry = x - rect.left, y - rect.top
            if not (0 <= rx < rect.width and 0 <= ry < rect.height and 0 <= x < sw and 0 <= y < sh):
                continue
            want = reference.get_at((rx, ry))
            if want.a < OPAQUE:
                continue
            got = shot.get_at((x, y))
            checked += 1
            if abs(got.r - want.r) <= MATCH_TOLERANCE and abs(got.g - want.g) <= MATCH_TOLERANCE \
                    and abs(got.b - want.b) <= MATCH_TOLERANCE:
                alike += 1
    return alike / checked if checked else 0.0


def describe_item(item: dict) -> str:
    pic = item["picture"]
    face = pic.get("letter") or pic.get("face") or f"{pic.get('colour')} {pic.get('value')}"
    where = item.get("center") or item.get("topleft")
    return f"{item['what']} «{face}» ({item['id']}) в {where}"


def check_items_shown(probe: Probe, shot_path: Path, what: tuple[str, ...], clip: Callable | None = None) -> list[str]:
    """Every card or tile of these kinds that the probe says is drawn shows on the screenshot.
    Returns the descriptions of those checked; raises naming the screenshot for those missing."""
    shot = load_screenshot(shot_path)
    offset = probe.report["window"]["offset"]
    scale = probe.report["window"]["scale"]
    if scale != 1.0 or offset != [0.0, 0.0]:
        raise Failure(f"окно не 1:1 с холстом ({probe.report['window']}), снимок {shot_path}")
    import pygame

    # a dimmed card is see-through (except UNO's, which are darker but solid): its pixels are the table's too
    items = [i for i in probe.items(*what) if not i["picture"].get("dim") or i["picture"]["art"] == "uno_card"]
    covers = [pygame.Rect(r) for r in probe.table.get("covers", [])]
    missing, checked = [], []
    for index, item in enumerate(items):
        reference = reference_picture(item["picture"], item.get("angle", 0))
        rect = item_rect(item, reference)
        box = face_box(item, rect)
        if box.collidelist(covers) >= 0:
            continue  # under a dialog: not to be seen
        if clip is not None:
            box = clip(item, box, items[index + 1:])
        fraction = match_fraction(shot, reference, rect, box)
        line = f"{describe_item(item)}: совпало {fraction:.0%}"
        (checked if fraction >= MATCH_NEEDED else missing).append(line)
    if missing:
        raise Failure(f"на снимке {shot_path} нет того, что стол считает нарисованным:\n  " + "\n  ".join(missing)
                      + f"\n(совпали: {len(checked)})")
    return checked


def fan_clip(item: dict, box, later: list[dict]):
    """In a fanned hand a card shows only left of the next one: check just that strip."""
    same = [i for i in later if i["what"] == item["what"]]
    if not same:
        return box
    next_left = same[0]["center"][0] - (item["picture"]["size"][0] // 2)
    box = box.copy()
    box.width = max(0, min(box.right, next_left - 8) - box.left)
    if box.width < 6:  # cards packed tight: the strip left of the face's middle box
        box.left = item["center"][0] - item["picture"]["size"][0] // 2 + 10
        box.width = max(0, next_left - 6 - box.left)
    return box


def text_shown(shot_path: Path, text: str, size: int, colour, midtop) -> float:
    """Share of the solid pixels of ``text``, drawn as the game draws a line (assets.text) with its top middle at
    ``midtop``, that the screenshot shows alike."""
    _display_for_pictures()
    from game import assets

    reference = assets.text(text, size, colour)
    rect = reference.get_rect(midtop=tuple(midtop))
    return match_fraction(load_screenshot(shot_path), reference, rect, rect, step=1)
