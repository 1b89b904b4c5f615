"""docs/PROTOCOL.md can carry a client: every key of every message the host sends, and of every
view, event, legal action and result of every game (collected from whole games played through the
host by players, a spectator and a TV screen), is named in the document — a game's own keys in
that game's section."""
from __future__ import annotations

import os
import re

import pytest

from game import rules as rules_registry
from net_support import Wire, play_virtual, seated_room

DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "PROTOCOL.md")
IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]*$")  # data keys (letters, seat numbers) are not names
GAME_PARTS = ("view", "events", "legal", "result")


def _code_words(text: str) -> set[str]:
    """The names in code: fenced blocks and inline spans (which may run over a line break)."""
    fences = re.findall(r"```.*?```", text, flags=re.S)
    spans = fences + re.findall(r"`[^`]+`", re.sub(r"```.*?```", "", text, flags=re.S))
    return {word for span in spans for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", span)}


def _section(text: str, game_id: str) -> str:
    """The game's own section, with the part before the first game that all games share."""
    lines = text.splitlines()
    games = next(i for i, line in enumerate(lines) if line.startswith("## 10."))
    first = next(i for i in range(games, len(lines)) if lines[i].startswith("### "))
    start = next(i for i, line in enumerate(lines) if line.startswith("### ") and f"`{game_id}`" in line)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(("### ", "## "))), len(lines))
    return "\n".join(lines[games:first] + lines[start:end])


def _keys(value, out: set[str], skip_children_of: tuple[str, ...] = ()) -> None:
    if isinstance(value, dict):
        for key, child in value.items():
            if isinstance(key, str) and IDENTIFIER.match(key):
                out.add(key)
                if key in skip_children_of:
                    continue
            _keys(child, out, skip_children_of)
    elif isinstance(value, list):
        for child in value:
            _keys(child, out, skip_children_of)


# every game as it comes, and with the house rules that add parts to the table
TABLES = [(g.id, None) for g in rules_registry.GAMES if g.table and rules_registry.available(g.id)] + [
    ("uno", {"match": "1", "jump_in": True, "seven_zero": True, "stacking": True, "silent_twos": True,
             "five_swap": True, "uno_center": True, "reverse_bounce": True, "penalties": True}),
    ("erudit", {"vote": True, "hints": True, "double_bag": True, "blank_reuse": True}),
    ("scrabble", {"reverse": True}),
    ("slovodel", {"clock": "move1"}),
]


def _played(game_id: str, options: dict | None) -> list[dict]:
    """Everything the host sent to two players, a spectator and a TV screen over a whole game,
    plus a pong, an error and the closing bye."""
    core, wires, clock = seated_room(2, game=game_id, options=options)
    watchers = [Wire(core), Wire(core)]
    watchers[0].hello("Зритель", role="spectator")
    watchers[1].hello("Телевизор", role="tv")
    assert play_virtual(core, wires, max_steps=5_000), f"{game_id}: партия не доиграна"
    wires[0].send({"type": "ping", "id": 1, "t": 5})
    wires[0].send({"type": "rename", "name": 5})
    wires[1].act({"kind": "no_such_move"})
    core.close()
    return [m for wire in wires + watchers for m in wire.messages]


@pytest.fixture(scope="module")
def document() -> str:
    with open(DOC, encoding="utf-8") as fh:
        return fh.read()


@pytest.mark.parametrize("game_id, options", TABLES)
def test_every_key_the_host_sends_is_in_the_document(game_id, options, document):
    messages = _played(game_id, options)
    assert {m["type"] for m in messages} >= {"welcome", "lobby", "update", "pong", "error", "bye"}
    envelope, game = set(), set()
    for message in messages:
        outer = {k: v for k, v in message.items() if k not in GAME_PARTS}
        # a lobby's options are keyed by house-rule ids, which the lobby's own house_rules list names
        _keys(outer, envelope, skip_children_of=("options",))
        envelope |= {k for k in message if k in GAME_PARTS}
        _keys({k: v for k, v in message.items() if k in GAME_PARTS}, game)
    game -= set(GAME_PARTS) - {"result"}
    missing_anywhere = sorted(envelope - _code_words(document))
    assert not missing_anywhere, f"в docs/PROTOCOL.md не описаны поля сообщений: {missing_anywhere}"
    missing_in_section = sorted(game - _code_words(_section(document, game_id)))
    assert not missing_in_section, f"в разделе игры {game_id} не описаны: {missing_in_section}"
