"""Sound effects and spoken shouts, with master/effects/voice volumes and a mute switch.

The game must run with no sound card at all: if pygame.mixer cannot start (no device, a broken driver, a missing
codec) Audio stays silent and `play` does nothing; `problem` then holds a Russian sentence saying why.
Every sound is loaded once at start. The files are made by tools/make_sounds.py.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame

SOUND_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"

EFFECTS = (
    "card_play", "card_draw", "shuffle", "deal", "tile_place", "tile_return", "score_tick", "invalid", "turn_start",
    "timer_warning", "catch", "slap", "win", "lose", "menu_move", "menu_confirm", "cough",
)
VOICES = ("uno_shout", "ne_govori")  # spoken shouts: scaled by the voice volume, not the effects volume
SOUND_NAMES = EFFECTS + VOICES
SOUND_SUFFIXES = (".ogg", ".wav")

MIXER_CHANNELS = 24  # dealing 10 hands fires many short sounds at once
VOICE_CHANNEL = 0    # reserved, so a shout is never cut off by a burst of effects; a new shout replaces the old one


def clamp_volume(value: Any) -> float:
    """A volume in 0..1; anything that is not a finite number counts as silence."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(number):
        return 0.0
    return min(1.0, max(0.0, number))


class Audio:
    """The game's sound player. Volumes are 0..1; the loudness of a sound is master × (effects or voice) × `volume`."""

    def __init__(self, sound_dir: Path | str = SOUND_DIR, *, master: float = 0.8, effects: float = 0.9,
                 voice: float = 1.0, muted: bool = False) -> None:
        self.sound_dir = Path(sound_dir)
        self._master = clamp_volume(master)
        self._effects = clamp_volume(effects)
        self._voice = clamp_volume(voice)
        self.muted = bool(muted)
        self.problem: str | None = None
        self._owns_mixer = False
        self._files = self._find_files()
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = self._start_mixer()
        if self.enabled:
            self._load_all()

    @classmethod
    def from_settings(cls, settings: Any, sound_dir: Path | str = SOUND_DIR) -> "Audio":
        audio = cls(sound_dir)
        audio.apply_settings(settings)
        return audio

    # --- volumes ---------------------------------------------------------------------------------------------------

    @property
    def master(self) -> float:
        return self._master

    @master.setter
    def master(self, value: float) -> None:
        self._master = clamp_volume(value)

    @property
    def effects(self) -> float:
        return self._effects

    @effects.setter
    def effects(self, value: float) -> None:
        self._effects = clamp_volume(value)

    @property
    def voice(self) -> float:
        return self._voice

    @voice.setter
    def voice(self, value: float) -> None:
        self._voice = clamp_volume(value)

    def apply_settings(self, settings: Any) -> None:
        """Take master_volume, effects_volume, voice_volume and muted from a game.settings.Settings."""
        self.master = getattr(settings, "master_volume", self._master)
        self.effects = getattr(settings, "effects_volume", self._effects)
        self.voice = getattr(settings, "voice_volume", self._voice)
        self.muted = bool(getattr(settings, "muted", self.muted))

    def toggle_mute(self) -> bool:
        """Flip mute (the mute key); returns the new state. Sounds already playing are stopped when muting."""
        self.muted = not self.muted
        if self.muted:
            self.stop_all()
        return self.muted

    def volume_of(self, name: str, volume: float = 1.0) -> float:
        """The loudness `play(name, volume)` would use now (0 when muted)."""
        self._check_name(name)
        if self.muted:
            return 0.0
        group = self._voice if name in VOICES else self._effects
        return self._master * group * clamp_volume(volume)

    # --- playing ---------------------------------------------------------------------------------------------------

    @property
    def names(self) -> frozenset[str]:
        """Every sound this bank has a file for (known even when the mixer is off)."""
        return frozenset(self._files)

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> bool:
        """Play a sound; `pan` -1 (left) .. 1 (right) places it near a seat. Returns whether anything was started.

        An unknown name raises KeyError (a typo in the game is a bug); a silent mixer or mute just returns False."""
        loudness = self.volume_of(name, volume)
        sound = self._sounds.get(name)
        if sound is None or loudness <= 0.0:
            return False
        try:
            if name in VOICES:
                channel = pygame.mixer.Channel(VOICE_CHANNEL)
                channel.stop()
            else:
                channel = pygame.mixer.find_channel(True)
            if channel is None:
                return False
            pan = max(-1.0, min(1.0, float(pan)))
            channel.set_volume(loudness * min(1.0, 1.0 - pan), loudness * min(1.0, 1.0 + pan))
            channel.play(sound)
        except pygame.error:
            return False
        return True

    def stop_all(self) -> None:
        if self.enabled:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    def close(self) -> None:
        """Stop everything; shut the mixer down if this Audio started it."""
        self.stop_all()
        self._sounds.clear()
        if self._owns_mixer:
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
        self._owns_mixer = False
        self.enabled = False

    # --- start-up --------------------------------------------------------------------------------------------------

    def _check_name(self, name: str) -> None:
        if name not in self._files:
            raise KeyError(f"Нет такого звука: {name!r}")

    def _find_files(self) -> dict[str, Path]:
        files: dict[str, Path] = {}
        if self.sound_dir.is_dir():
            for suffix in reversed(SOUND_SUFFIXES):  # the first suffix wins when both exist
                for path in sorted(self.sound_dir.glob(f"*{suffix}")):
                    files[path.stem] = path
        missing = [name for name in SOUND_NAMES if name not in files]
        if missing:
            self.problem = f"Не найдены звуки: {', '.join(missing)} (папка {self.sound_dir})."
        return files

    def _start_mixer(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                self._owns_mixer = True
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            pygame.mixer.set_reserved(VOICE_CHANNEL + 1)
        except Exception as exc:  # no device, broken driver, monkeypatched in tests: all mean "play silently"
            self.problem = f"Звук выключен: не удалось открыть звуковое устройство ({exc})."
            self._owns_mixer = False
            return False
        return True

    def _load_all(self) -> None:
        broken = []
        for name, path in self._files.items():
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError):
                broken.append(path.name)
        if broken:
            self.problem = f"Не удалось загрузить звуки: {', '.join(broken)}."
