"""The main loop: fixed 60 Hz simulation steps, interpolated drawing, and a scene stack.

Everything is drawn on a 1280×720 canvas, then scaled into the window keeping the aspect
(letterboxed), so scenes never think about window sizes.
"""
from __future__ import annotations

import functools
import re
import time
from collections import deque

import pygame

from game import assets
from game import history as history_mod
from game import settings as settings_mod
from game.input import KEYBOARD, Intent, InputMapper

WIDTH, HEIGHT = 1280, 720
STEP_MS = 1000.0 / 60.0
MAX_FRAME_MS = 250.0  # after a stall, drop simulation time instead of spiralling
SPIN_MS = 1.5  # the last stretch before a frame is waited actively, for precise cadence
KEY_REPEAT_DELAY_MS, KEY_REPEAT_EVERY_MS = 350.0, 60.0  # a held key, on simulation time
# keys that carry a letter in the Russian layout (ЙЦУКЕН over QWERTY: х ъ ж э б ю ё sit on punctuation)
LETTER_KEYS = frozenset(range(pygame.K_a, pygame.K_z + 1)) | {
    pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_SEMICOLON, pygame.K_QUOTE, pygame.K_COMMA, pygame.K_PERIOD,
    pygame.K_BACKQUOTE}


class Scene:
    """A screen: what the loop asks of it, each doing nothing until a screen says otherwise. Every screen builds on
    this one class (game.scenes.base hands it on with the widgets); the app sits below the scenes and never imports
    them."""

    app: "App"
    opaque = True  # hides the scenes below it (an overlay is not)
    takes_text = False  # True where letter keys type words (then M is «ь», not mute)
    captures_keys = False  # True while every key press is wanted as it is (choosing a key to bind)

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, intent: Intent) -> None: ...

    def update(self, dt_ms: float) -> None: ...

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...

    def notice_zone(self) -> pygame.Rect:
        """Where passing notices may stand without covering anything: a strip the screen keeps free. Notices stand
        at its bottom, centred, the newest lowest, wrapped to its width."""
        return NOTICE_ZONE


NOTICE_ZONE = pygame.Rect(40, 0, WIDTH - 80, HEIGHT - 13)  # the bottom centre of any screen that keeps no strip
NOTICE_SIZE = 20
NOTICE_LEAST = 14
NOTICE_PAD = (28, 14)
NOTICE_INK = (255, 255, 255)


def notice_pieces(message: str, zone: pygame.Rect) -> tuple[list[str], int]:
    """The lines ``message`` is drawn in within ``zone`` and their size: wrapped at words to its width, as large as
    lets the plate fit its height (down to a size still read at a glance: at that size a low strip may be outgrown)."""
    pieces, size = _wrapped_notice(message, tuple(zone), assets.text_scale)
    return list(pieces), size


def path_steps(word: str) -> list[str]:
    """A word too wide for a line cut after each slash, where a path may wrap (one without slashes stays whole):
    a saved file's long path shrank to a line of 9 px letters."""
    return re.findall(r"[/\\]*[^/\\]+[/\\]*", word) or [word]


@functools.lru_cache(maxsize=32)  # measured once a notice, not every frame it stands
def _wrapped_notice(message: str, zone: tuple[int, int, int, int], text_scale: float) -> tuple[tuple[str, ...], int]:
    width, height_limit = zone[2] - NOTICE_PAD[0], zone[3]
    for size in range(NOTICE_SIZE, NOTICE_LEAST - 1, -1):
        pieces: list[str] = []
        for word in message.split():
            for k, part in enumerate(path_steps(word) if assets.text(word, size, NOTICE_INK, "bold").get_width() > width
                                     else (word,)):
                joined = f"{pieces[-1]}{' ' if k == 0 else ''}{part}" if pieces else part
                if pieces and assets.text(joined, size, NOTICE_INK, "bold").get_width() <= width:
                    pieces[-1] = joined
                else:
                    pieces.append(part)
        height = sum(assets.text(p, size, NOTICE_INK, "bold").get_height() for p in pieces)
        if height + NOTICE_PAD[1] <= height_limit:
            return tuple(pieces), size
    # a strip too low for the message at the least size: its lines stand taller than the strip, over what lies
    # above it for the notice's few seconds, rather than one line of letters too small to read or off the screen
    return tuple(pieces), NOTICE_LEAST


class Toast:
    def __init__(self, message: str, until_ms: float):
        self.message = message
        self.until_ms = until_ms


class App:
    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False):
        self.settings, warnings = settings_mod.load()
        assets.text_scale = 1.2 if self.settings.large_text else 1.0
        pygame.display.init()
        pygame.font.init()
        self.headless = headless
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and not headless:
            flags |= pygame.FULLSCREEN
        window = size or tuple(self.settings.window_size)
        self.window = pygame.display.set_mode(window, flags)
        pygame.display.set_caption("Игротека")
        self.canvas = pygame.Surface((WIDTH, HEIGHT)).convert()
        self.input = InputMapper(self.settings.keys, self.settings.pad_buttons)
        self.audio = _make_audio(self.settings)
        self.scenes: list[Scene] = []
        self.running = True
        self.toasts: deque[Toast] = deque(maxlen=4)
        self.sim_ms = 0.0  # simulation time: advances in fixed steps
        self.frame_times: list[float] = []
        self.unknown_sounds: set[str] = set()
        # «История»: this machine's finished games; a damaged file is told at start, and whatever it has to say later
        # (a game that could not be written, from whichever thread kept it) comes up as a toast too
        self.history = history_mod.store()
        self.history.check()
        for w in warnings + self.history.take_notices():
            self.toast(w)
        # pygame's own repeat counts a key held until the pump sees its release, so a slow frame after a
        # press made one Return several; the app repeats keys itself (``_repeat_held_keys``)
        pygame.key.set_repeat()
        self.held_keys: dict[int, tuple[pygame.event.Event, float]] = {}  # key → its press, next repeat (sim ms)
        self.probe = None  # the real-window tests' probe, set by the command line that opens the window
        self.deal_seed: int | None = None  # ``play --seed``: every game started in this window deals alike
        self.text_input: bool | None = None  # SDL starts with text input on: the first sync decides
        self.sync_text_input()

    # ------------------------------------------------------------------ clock
    @staticmethod
    def now_ms() -> int:
        return int(time.monotonic() * 1000)

    # ------------------------------------------------------------------ scenes
    def push(self, scene: "Scene") -> None:
        if self.scenes:
            self.scenes[-1].pause()
        scene.app = self
        self.scenes.append(scene)
        scene.enter()
        self.sync_text_input()

    def pop(self) -> "Scene | None":
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        self.sync_text_input()
        return scene

    def replace(self, scene: "Scene") -> None:
        if self.scenes:
            self.scenes.pop().exit()
        scene.app = self
        self.scenes.append(scene)
        scene.enter()
        self.sync_text_input()

    @property
    def top(self) -> "Scene | None":
        return self.scenes[-1] if self.scenes else None

    def toast(self, message: str, ms: int = 4000) -> None:
        self.toasts.append(Toast(message, self.sim_ms + ms))

    def play_sound(self, name: str, pan: float = 0.0) -> None:
        if self.audio is None:
            return
        try:
            self.audio.play(name, pan=pan)
        except KeyError:
            self.unknown_sounds.add(name)  # a typo must not stop a game; tests look at this set

    def save_settings(self) -> None:
        error = settings_mod.save(self.settings)
        if error:
            self.toast(error)

    # ------------------------------------------------------------------ input
    def window_to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        ww, wh = self.window.get_size()
        scale = min(ww / WIDTH, wh / HEIGHT)
        ox, oy = (ww - WIDTH * scale) / 2, (wh - HEIGHT * scale) / 2
        return int((pos[0] - ox) / scale), int((pos[1] - oy) / scale)

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
            return
        intents = self.input.translate(event, self.now_ms())
        if event.type == pygame.KEYDOWN and self._typing_letter(event.key):
            # the letter comes as TEXTINPUT; its key is no hotkey (in the Russian layout «ы» is S,
            # «down», and «ь» is M, «mute»), only a plain key press a scene may ignore — or, where
            # no word is being typed yet, take for what it is bound to (``bound``)
            bound = [i.name for i in intents if i.name != "key"]
            intents = [Intent("key", KEYBOARD, self.now_ms(), extra={"key": event.key, "bound": bound})]
        scene = self.top
        for intent in intents:
            if self.top is not scene:
                break  # one press, one screen: Enter is «confirm» and «play», and a screen opened by the first is not for the second
            if intent.pos is not None:
                intent.pos = self.window_to_canvas(intent.pos)
            if intent.name == "mute" and self.audio is not None and not getattr(self.top, "captures_keys", False):
                self.settings.muted = self.audio.toggle_mute()
                self.toast("Звук выключен" if self.settings.muted else "Звук включён", 1500)
                continue
            self.handle(intent)
        self.sync_text_input()

    def handle_events(self) -> None:
        """Every event waiting in SDL's queue, in order: the one way input enters the app
        (the main loop calls it each frame; tests post events and call it too)."""
        for event in pygame.event.get():
            if event.type == pygame.KEYDOWN:
                if event.key in self.held_keys:
                    continue  # a key that went down and not up again is repeating: only our clock repeats it
                self.held_keys[event.key] = (event, self.sim_ms + KEY_REPEAT_DELAY_MS)
            elif event.type == pygame.KEYUP:
                self.held_keys.pop(event.key, None)
            elif event.type == pygame.WINDOWFOCUSLOST:
                self.held_keys.clear()  # its release goes to another window
            self.dispatch(event)
        self._forget_released_keys()

    def _forget_released_keys(self) -> None:
        """SDL's keyboard state is true as of the last pump even when a release event is late or lost."""
        if not self.held_keys:
            return
        pressed = pygame.key.get_pressed()
        for key in [k for k in self.held_keys if not _is_pressed(pressed, k)]:
            del self.held_keys[key]

    def _repeat_held_keys(self) -> None:
        """A key still held repeats its press, on the fixed-step clock: a stalled frame cannot invent presses."""
        for key, (press, due) in list(self.held_keys.items()):
            if due <= self.sim_ms and key in self.held_keys:
                self.held_keys[key] = (press, due + KEY_REPEAT_EVERY_MS)
                self.dispatch(press)

    def _typing_letter(self, key: int) -> bool:
        """A letter key while the scene on top takes typed text."""
        return key in LETTER_KEYS and bool(getattr(self.top, "takes_text", False))

    def sync_text_input(self) -> None:
        """SDL sends typed text (TEXTINPUT, any layout) only while text input is on: on exactly
        while the scene on top takes text. One place decides, after every change of scene or
        of what a scene is doing, so no panel can open without its letters or keep them after."""
        wanted = bool(self.top is not None and getattr(self.top, "takes_text", False))
        if wanted == self.text_input:
            return
        self.text_input = wanted
        try:
            if wanted:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        except pygame.error:
            pass  # some drivers refuse; the keys still arrive

    def handle(self, intent: Intent) -> None:
        if self.top is not None:
            self.top.handle(intent)

    # ------------------------------------------------------------------ frame
    def update(self, dt_ms: float) -> None:
        self.sim_ms += dt_ms
        self._repeat_held_keys()
        for notice in self.history.take_notices():
            self.toast(notice, 6000)
        while self.toasts and self.toasts[0].until_ms < self.sim_ms:
            self.toasts.popleft()
        if self.top is not None:
            self.top.update(dt_ms)
        self.sync_text_input()  # a scene may start or stop taking text on its own (a field closed by the host)

    def draw(self, alpha: float) -> None:
        # draw from the topmost opaque scene up, so overlays show what lies beneath
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(self.canvas, alpha)
        self._draw_toasts()
        self.present()

    def _draw_toasts(self) -> None:
        from game.assets import fitted_text, panel

        zone = self.top.notice_zone() if self.top is not None else NOTICE_ZONE
        y = zone.bottom
        for toast in reversed(self.toasts):
            pieces, size = notice_pieces(toast.message, zone)
            lines = [fitted_text(piece, size, NOTICE_INK, "bold", zone.width - NOTICE_PAD[0]) for piece in pieces]
            box = pygame.Rect(0, 0, max(line.get_width() for line in lines) + NOTICE_PAD[0],
                              sum(line.get_height() for line in lines) + NOTICE_PAD[1])
            box.midbottom = (zone.centerx, y)
            if box.top < zone.top and y < zone.bottom:
                break  # older notices wait out their time unseen rather than leave the strip
            # a kept panel, not two rounded rectangles a frame; and a plate the layout check knows the notice stands on
            self.canvas.blit(panel(box.size, (30, 30, 40), (230, 180, 60), 2, 10), box)
            line_y = box.top + NOTICE_PAD[1] // 2
            for line in lines:
                self.canvas.blit(line, line.get_rect(midtop=(box.centerx, line_y)))
                line_y += line.get_height()
            y = box.top - 8

    def present(self) -> None:
        ww, wh = self.window.get_size()
        if (ww, wh) == (WIDTH, HEIGHT):
            self.window.blit(self.canvas, (0, 0))
        else:
            scale = min(ww / WIDTH, wh / HEIGHT)
            size = (max(1, int(WIDTH * scale)), max(1, int(HEIGHT * scale)))
            if size != (ww, wh):  # letterboxed: black bars beside or above the picture
                self.window.fill((0, 0, 0))
            # scaled straight into its place in the window: a screen-sized copy made and blitted every frame cost
            # a third of the scaling's time at 1920×1080
            place = pygame.Rect(((ww - size[0]) // 2, (wh - size[1]) // 2), size)
            pygame.transform.smoothscale(self.canvas, size, self.window.subsurface(place))
        if not self.headless:
            pygame.display.flip()

    def frame(self, elapsed_ms: float, accumulator: float) -> float:
        """One pass of the loop: events, whole simulation steps, one interpolated draw.
        Returns the time left in the accumulator."""
        self.handle_events()
        accumulator += min(elapsed_ms, MAX_FRAME_MS)
        while accumulator >= STEP_MS:
            self.update(STEP_MS)
            accumulator -= STEP_MS
        if self.running and self.scenes:
            self.draw(accumulator / STEP_MS)
            if self.probe is not None:
                self.probe.after_draw(self)
        return accumulator

    def run(self) -> None:
        accumulator = 0.0
        last = time.perf_counter()
        next_frame = last
        while self.running and self.scenes:
            now = time.perf_counter()
            elapsed = (now - last) * 1000.0
            last = now
            accumulator = self.frame(elapsed, accumulator)
            self.frame_times.append((time.perf_counter() - now) * 1000.0)
            if len(self.frame_times) > 600:
                del self.frame_times[:300]
            next_frame += STEP_MS / 1000.0
            if next_frame < time.perf_counter() - 0.1:
                next_frame = time.perf_counter()  # fell far behind: do not try to catch up
            wait_until(next_frame)
        self.shutdown()

    def shutdown(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        assets.reset()
        if self.audio is not None:
            # pygame-ce 2.5's mixer quit takes SDL's audio lock while holding the GIL, and a sound ending in that
            # moment waits in the audio thread for the GIL: a deadlock. Halting every channel first (the GIL let go)
            # leaves no sound to end during the quit.
            self.audio.close()
        pygame.quit()


def wait_until(deadline: float) -> None:
    """Sleep most of the way (the network thread needs the core), spin the last bit."""
    remaining = deadline - time.perf_counter()
    if remaining * 1000.0 > SPIN_MS:
        time.sleep(remaining - SPIN_MS / 1000.0)
    while time.perf_counter() < deadline:
        pass


def _is_pressed(pressed, key: int) -> bool:
    try:
        return bool(pressed[key])
    except IndexError:  # a key without a scancode (posted by hand) is never held
        return False


def _make_audio(settings):
    try:
        from game.audio import Audio
    except ImportError:
        return None
    try:
        return Audio.from_settings(settings)
    except Exception:  # sound is a luxury: the game runs silently rather than not at all
        return None
