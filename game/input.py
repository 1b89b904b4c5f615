"""pygame events → intents, per input device.

An intent is what a player means (``up``, ``confirm``, ``shout``…), tagged with the device
it came from (``keyboard``, ``mouse``, ``pad:<instance_id>``) so that a seat can be bound to
one device on a shared screen. Gamepads use SDL's GameController API and are tracked by
``instance_id``, which survives re-plugging in a different USB port.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

try:
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - pygame-ce always has it
    sdl_controller = None

KEYBOARD = "keyboard"
MOUSE = "mouse"

PAD_BUTTON_NAMES = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
DPAD_INTENTS = {"dpup": "up", "dpdown": "down", "dpleft": "left", "dpright": "right"}
HOLD_INTENTS = ("peek",)  # intents that last while held: releasing sends ``<name>_end``
# keys that are another copy of a bound key: the keypad's Enter is Enter wherever Enter is bound
SAME_KEYS = {pygame.K_KP_ENTER: pygame.K_RETURN}
STICK_DEADZONE = 16000
STICK_REPEAT_MS = 180


@dataclass
class Intent:
    name: str
    device: str
    t_ms: int
    pos: tuple[int, int] | None = None  # mouse intents, in window coordinates
    text: str = ""  # ``text`` intents
    extra: dict[str, Any] = field(default_factory=dict)


def pad_device(instance_id: int) -> str:
    return f"pad:{instance_id}"


class InputMapper:
    def __init__(self, keys: dict[str, list[str]], pad_buttons: dict[str, str]):
        self.set_bindings(keys, pad_buttons)
        self.pads: dict[int, Any] = {}  # instance_id -> Controller
        # instance_id -> «Геймпад N»'s N, the one numbering of every screen: given when the pad comes, the smallest no
        # connected pad holds, and kept while it stays (another pad unplugged does not renumber it)
        self.pad_numbers: dict[int, int] = {}
        self._stick_dir: dict[int, str | None] = {}
        self._stick_next: dict[int, int] = {}
        if sdl_controller is not None:
            try:
                # a fresh start: after pygame.quit() SDL may keep a half-closed controller
                # subsystem that reports joysticks but no longer sends controller events
                if sdl_controller.get_init():
                    sdl_controller.quit()
                sdl_controller.init()
            except pygame.error:
                pass

    def set_bindings(self, keys: dict[str, list[str]], pad_buttons: dict[str, str]) -> None:
        self.key_to_intents: dict[int, list[str]] = {}
        for intent, names in keys.items():
            for name in names:
                try:
                    code = pygame.key.key_code(name)
                except (ValueError, pygame.error):
                    continue
                self.key_to_intents.setdefault(code, []).append(intent)
        self.button_to_intents: dict[str, list[str]] = {}
        for intent, button in pad_buttons.items():
            self.button_to_intents.setdefault(button, []).append(intent)
        self.keys = {intent: list(names) for intent, names in keys.items()}
        self.pad_buttons = dict(pad_buttons)

    # ------------------------------------------------------------------ devices
    def open_pad(self, device_index: int) -> int | None:
        if sdl_controller is None:
            return None
        try:
            if not sdl_controller.is_controller(device_index):
                return None
            pad = sdl_controller.Controller(device_index)
        except pygame.error:
            return None
        instance_id = pad.as_joystick().get_instance_id()
        self.pads[instance_id] = pad
        if instance_id not in self.pad_numbers:
            held = set(self.pad_numbers.values())
            self.pad_numbers[instance_id] = next(n for n in range(1, len(held) + 2) if n not in held)
        return instance_id

    def rumble(self, device: str, strength: float = 0.5, ms: int = 120) -> None:
        if not device.startswith("pad:"):
            return
        pad = self.pads.get(int(device[4:]))
        if pad is not None:
            try:
                pad.rumble(strength, strength, ms)
            except pygame.error:
                pass  # pads without motors

    # ------------------------------------------------------------------ events
    def translate(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        t = event.type
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            key = SAME_KEYS.get(event.key, event.key)
            if t == pygame.KEYUP:
                held = [n for n in self.key_to_intents.get(key, []) if n in HOLD_INTENTS]
                return [Intent(f"{name}_end", KEYBOARD, now_ms, extra={"key": key}) for name in held]
            bound = self.key_to_intents.get(key, [])  # one press, several intents: each says them all (``bound``)
            return [Intent(name, KEYBOARD, now_ms, extra={"key": key, "bound": bound}) for name in bound] or [
                Intent("key", KEYBOARD, now_ms, extra={"key": key})
            ]
        if t == pygame.TEXTINPUT:
            return [Intent("text", KEYBOARD, now_ms, text=event.text)]
        if t == pygame.MOUSEMOTION:
            return [Intent("point", MOUSE, now_ms, pos=event.pos)]
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return [Intent("press", MOUSE, now_ms, pos=event.pos)]
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            return [Intent("click", MOUSE, now_ms, pos=event.pos)]
        if t == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return [Intent("back", MOUSE, now_ms, pos=event.pos)]
        if t == pygame.MOUSEWHEEL:
            return [Intent("up" if event.y > 0 else "down", MOUSE, now_ms)]
        if t == pygame.CONTROLLERDEVICEADDED:
            instance_id = self.open_pad(event.device_index)
            return [] if instance_id is None else [Intent("pad_added", pad_device(instance_id), now_ms)]
        if t == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(event.instance_id, None)
            self.pad_numbers.pop(event.instance_id, None)
            return [Intent("pad_removed", pad_device(event.instance_id), now_ms)]
        if t == pygame.CONTROLLERBUTTONDOWN:
            button = PAD_BUTTON_NAMES.get(event.button)
            device = pad_device(event.instance_id)
            extra = {"button": button}
            if button in DPAD_INTENTS:
                return [Intent(DPAD_INTENTS[button], device, now_ms, extra=extra)]
            # an unbound button still says which it was: the remapping screen listens for it
            return [Intent(name, device, now_ms, extra=extra) for name in self.button_to_intents.get(button or "", [])] or (
                [Intent("button", device, now_ms, extra=extra)] if button else []
            )
        if t == pygame.CONTROLLERBUTTONUP:
            button = PAD_BUTTON_NAMES.get(event.button)
            held = [n for n in self.button_to_intents.get(button or "", []) if n in HOLD_INTENTS]
            return [Intent(f"{name}_end", pad_device(event.instance_id), now_ms, extra={"button": button}) for name in held]
        if t == pygame.CONTROLLERAXISMOTION and event.axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return self._stick(event, now_ms)
        return []

    def _stick(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        pad = self.pads.get(event.instance_id)
        if pad is None:
            return []
        x = pad.get_axis(pygame.CONTROLLER_AXIS_LEFTX)
        y = pad.get_axis(pygame.CONTROLLER_AXIS_LEFTY)
        direction = None
        if max(abs(x), abs(y)) > STICK_DEADZONE:
            direction = ("right" if x > 0 else "left") if abs(x) > abs(y) else ("down" if y > 0 else "up")
        previous = self._stick_dir.get(event.instance_id)
        self._stick_dir[event.instance_id] = direction
        if direction is None:
            return []
        # a held stick repeats like a held key, not once per axis event
        if direction != previous or now_ms >= self._stick_next.get(event.instance_id, 0):
            self._stick_next[event.instance_id] = now_ms + STICK_REPEAT_MS
            return [Intent(direction, pad_device(event.instance_id), now_ms)]
        return []
