"""A virtual gamepad through SDL's own virtual-joystick API (ctypes on pygame's SDL).

It produces real SDL controller events (added, button, axis, removed) without hardware, so
tests drive menus and games exactly as a pad would.
"""
from __future__ import annotations

import ctypes

import pygame

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
BUTTONS = {"a": 0, "b": 1, "x": 2, "y": 3, "back": 4, "guide": 5, "start": 6, "leftstick": 7, "rightstick": 8,
           "leftshoulder": 9, "rightshoulder": 10, "dpup": 11, "dpdown": 12, "dpleft": 13, "dpright": 14}
AXES = {"leftx": 0, "lefty": 1, "rightx": 2, "righty": 3, "lefttrigger": 4, "righttrigger": 5}


def _sdl() -> ctypes.CDLL:
    import pygame  # noqa: F401 - loads SDL into the process first

    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "libSDL2-2" in path or path.endswith("libSDL2-2.0.so.0"):
                lib = ctypes.CDLL(path)
                break
        else:
            raise RuntimeError("SDL2 library of pygame not found in this process")
    lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.SDL_JoystickAttachVirtual.restype = ctypes.c_int
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickInstanceID.restype = ctypes.c_int
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    lib.SDL_JoystickUpdate.argtypes = []
    lib.SDL_NumJoysticks.restype = ctypes.c_int
    lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int
    return lib


class VirtualPad:
    def __init__(self):
        self.lib = _sdl()
        self.index = self.lib.SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, len(AXES), len(BUTTONS), 0)
        if self.index < 0:
            raise RuntimeError("SDL refused to attach a virtual joystick")
        self.handle = self.lib.SDL_JoystickOpen(self.index)
        self.instance_id = self.lib.SDL_JoystickInstanceID(self.handle)

    def _sync(self) -> None:
        self.lib.SDL_JoystickUpdate()

    def press(self, button: str) -> None:
        self.lib.SDL_JoystickSetVirtualButton(self.handle, BUTTONS[button], 1)
        self._sync()
        pygame.event.pump()
        self.lib.SDL_JoystickSetVirtualButton(self.handle, BUTTONS[button], 0)
        self._sync()

    def axis(self, name: str, value: int) -> None:
        self.lib.SDL_JoystickSetVirtualAxis(self.handle, AXES[name], value)
        self._sync()

    def unplug(self) -> None:
        if self.handle:
            self.lib.SDL_JoystickClose(self.handle)
            self.handle = None
        # the device index may have shifted if other pads went away; find ours by instance id
        for i in range(self.lib.SDL_NumJoysticks()):
            if self.lib.SDL_JoystickGetDeviceInstanceID(i) == self.instance_id:
                self.lib.SDL_JoystickDetachVirtual(i)
                return
