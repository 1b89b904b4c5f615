"""Files a person can hold in their head: no scene module over 800 lines (a table's scene coordinates, its pieces
stand beside it), and the LAN host's parts under 500 each (HostCore composes them)."""
from __future__ import annotations

from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"


def lines_of(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(GAME.parent)): len(p.read_text(encoding="utf-8").splitlines())
            for p in sorted(folder.rglob("*.py"))}


def test_no_scene_file_is_over_800_lines():
    assert {name: n for name, n in lines_of(GAME / "scenes").items() if n > 800} == {}


def test_the_hosts_parts_are_under_500_lines_each():
    parts = lines_of(GAME / "net" / "host")
    assert len(parts) > 5, "HostCore composes parts, each in a module of its own"
    assert {name: n for name, n in parts.items() if n > 500} == {}
