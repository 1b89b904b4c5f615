"""Player settings, stored as JSON in the user config directory.

A broken or unreadable file never stops the game: it is reported (in Russian), moved aside
as ``settings.json.broken`` and replaced by defaults.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "igroteka"

DEFAULT_KEYS = {
    "up": ["up", "w"],
    "down": ["down", "s"],
    "left": ["left", "a"],
    "right": ["right", "d"],
    "confirm": ["return", "space"],
    "back": ["escape", "backspace"],
    "play": ["return"],
    "draw": ["x"],
    "shout": ["u"],
    "slap": ["c"],
    "catch": ["v"],
    "mute": ["m", "f9"],  # F9 also works where letters are typed (М is «ь»)
    "peek": ["tab"],
}
DEFAULT_PAD = {
    "confirm": "a",
    "back": "b",
    "draw": "x",
    "shout": "y",
    "slap": "rightshoulder",
    "catch": "leftshoulder",
    "menu": "start",
    "peek": "back",
}


@dataclass
class Settings:
    player_name: str = "Игрок"
    avatar_color: str = "#e0a030"
    master_volume: float = 0.8
    effects_volume: float = 0.9
    voice_volume: float = 1.0
    muted: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    language: str = "ru"
    colorblind: bool = False
    large_text: bool = False
    keys: dict[str, list[str]] = field(default_factory=lambda: {k: list(v) for k, v in DEFAULT_KEYS.items()})
    pad_buttons: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_PAD))
    house_rules: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> option values
    bot_level: str = "player"

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: Any) -> tuple["Settings", list[str]]:
        """Settings from parsed JSON; values of the wrong type fall back to defaults, and
        each such fall-back is listed as a Russian warning."""
        settings = cls()
        warnings: list[str] = []
        if not isinstance(data, dict):
            return settings, ["Файл настроек повреждён: восстановлены настройки по умолчанию."]
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(settings, f.name)
            if f.name == "window_size":
                ok = isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and 320 <= v <= 7680 for v in value)
                value = tuple(value) if ok else default
            elif isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
                value = min(1.0, max(0.0, float(value))) if ok else default
            elif isinstance(default, dict):
                ok = isinstance(value, dict)
                if ok:
                    value = {**default, **value}
            else:
                ok = isinstance(value, type(default))
            if ok:
                setattr(settings, f.name, value)
            else:
                warnings.append(f"Настройка «{f.name}» испорчена и сброшена.")
        return settings, warnings


def config_dir() -> Path:
    override = os.environ.get("IGROTEKA_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def games_dir() -> Path:
    """Where finished games are kept (GCG records of Эрудит and Скрэббл)."""
    override = os.environ.get("IGROTEKA_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME)) / "games"


def history_dir() -> Path:
    """Where «История» keeps its database of finished games (game/history.py)."""
    override = os.environ.get("IGROTEKA_HISTORY_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Settings and a list of Russian messages about anything that had to be repaired."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as exc:
        _set_aside(path)
        return Settings(), [f"Не удалось прочитать файл настроек ({exc.__class__.__name__}): взяты настройки по умолчанию."]
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        _set_aside(path)
        return Settings(), ["Файл настроек повреждён: восстановлены настройки по умолчанию."]
    return Settings.from_json(data)


def _set_aside(path: Path) -> None:
    try:
        os.replace(path, path.with_name(path.name + ".broken"))
    except OSError:
        pass


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write atomically; returns a Russian error message instead of raising."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(settings.to_json(), ensure_ascii=False, indent=2), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        return f"Не удалось сохранить настройки: {exc.strerror or exc}."
    return None
