"""The pictures a table keeps between frames (``TableScene.kept``)."""
from __future__ import annotations

from typing import Any


class KeptPictures:
    """Pictures a table keeps between frames because painting them anew every frame costs too
    much. Each is kept under a key made of the values it paints (never the identity of an object
    that comes back changed) and painted again when they differ; ``forget`` drops them all, so
    the next frame is painted from scratch — the cache tests compare that frame with the kept one."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, Any]] = {}

    def get(self, name: str, key: Any, paint, repaint=None):
        """The picture ``name`` for ``key``: ``paint()`` makes one from nothing; ``repaint(picture,
        old_key)``, if given, brings the kept one up to date in place (only the parts that changed)."""
        kept = self._kept.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        picture = repaint(kept[1], kept[0]) if kept is not None and repaint is not None else paint()
        self._kept[name] = (key, picture)
        return picture

    def forget(self) -> None:
        self._kept.clear()
