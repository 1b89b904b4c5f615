"""An opt-in window probe for tests that play the real window from outside the process.

With ``IGROTEKA_PROBE=/path/probe.json`` set, the app writes after drawn frames (at most every
``LOOK_EVERY`` frames, at once when something changed, and at least every ``HEARTBEAT`` frames)
one JSON object: the frame number, how the canvas sits in the window, the scene stack, the toasts,
the focusable widgets with their rectangles, and — at a game table — the seat's view and every card
and tile the scene drew, with the rectangle and the picture it drew it with. A test clicks and types
by these rectangles and compares screenshots against them.

What is reported is read from the scene's own state right after it drew the frame (its view, its
card positions, its tentative tiles, its caches' idea of what is in flight), never worked out again
from the rules: the point is to catch the scene believing it shows something the screen does not.
``busy`` names whatever is still moving (flights, easing hands, banners): a screenshot taken while
``busy`` is empty shows the resting table. Without the variable the app never imports this module.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Callable

ENV = "IGROTEKA_PROBE"
LOOK_EVERY = 3  # frames between two looks at the scene (20 a second at 60 Hz)
HEARTBEAT = 15  # a file at least this often, so a reader sees the app is alive and drawing


def from_environment() -> "Probe | None":
    path = os.environ.get(ENV)
    return Probe(Path(path)) if path else None


class Probe:
    def __init__(self, path: Path):
        self.path = path
        self.frame = 0
        self.written_frame = -HEARTBEAT
        self.changed_frame = 0
        self.last_text = ""

    def after_draw(self, app) -> None:
        """Called by the app after each presented frame."""
        self.frame += 1
        if self.frame % LOOK_EVERY:
            return
        try:
            report = describe(app)
        except Exception as exc:  # noqa: BLE001 - a probe must never take the game down
            report = {"error": f"{type(exc).__name__}: {exc}"}
        text = json.dumps(report, ensure_ascii=False, sort_keys=True, default=_plain)
        if text == self.last_text and self.frame - self.written_frame < HEARTBEAT:
            return
        if text != self.last_text:
            self.changed_frame = self.frame
        self.last_text = text
        self.written_frame = self.frame
        envelope = (f'{{"frame": {self.frame}, "changed_frame": {self.changed_frame}, '
                    f'"pid": {os.getpid()}, "monotonic_ms": {int(time.monotonic() * 1000)}, "report": {text}}}')
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            temporary.write_text(envelope, encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            pass


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def _rect(rect) -> list[int]:
    return [int(rect.x), int(rect.y), int(rect.w), int(rect.h)]


# ---------------------------------------------------------------------------------------------- the app
def describe(app) -> dict:
    from game.app import HEIGHT, WIDTH

    ww, wh = app.window.get_size()
    scale = min(ww / WIDTH, wh / HEIGHT)
    report: dict[str, Any] = {
        "window": {"size": [ww, wh], "scale": scale,
                   "offset": [(ww - WIDTH * scale) / 2, (wh - HEIGHT * scale) / 2]},
        "scenes": [type(s).__name__ for s in app.scenes],
        "toasts": [t.message for t in app.toasts],
        "text_input": _text_input_on(),
    }
    top = app.top
    group = getattr(top, "group", None)
    if group is not None and hasattr(group, "widgets"):
        report["widgets"] = [_widget(w, i == group.focus) for i, w in enumerate(group.widgets)]
    # a screen may show a table it holds (the replay viewer, ``shown_table``): that table is reported
    shown = [getattr(s, "shown_table", None) or s for s in app.scenes]
    table = next((s for s in reversed(shown) if hasattr(s, "legal") and hasattr(s, "view")), None)
    if table is not None:
        report["table"] = describe_table(table)
    replay = getattr(top, "replay_report", None)
    if replay is not None:
        report["replay"] = replay()
    return report


def _text_input_on() -> bool:
    import pygame

    try:
        return bool(pygame.key.get_text_input())
    except (AttributeError, pygame.error):
        return False


def _widget(widget, focused: bool) -> dict:
    return {"label": widget.label, "value": widget.value_text(), "enabled": widget.enabled, "focused": focused,
            "note": widget.note, "key": getattr(widget, "key", None), "rect": _rect(widget.rect)}


def describe_table(scene) -> dict:
    out: dict[str, Any] = {
        "scene": type(scene).__name__,
        "game": scene.game_id,
        "seat": scene.seat,
        "names": list(getattr(scene, "names", [])),  # as the table names the seats (results lines name them)
        "over": scene.over,
        "state_id": scene.state_id,
        "view": scene.view,
        "legal": scene.legal,
        "busy": [],
        "items": [],
        "targets": [],
        "covers": [],  # rectangles drawn over the table (dialogs, wheels): what lies under them is hidden
    }
    if scene.view is None:
        out["busy"].append("no view")
        return out
    if getattr(scene, "curtain_for", None) is not None:
        out["busy"].append("curtain")
    if scene.popups:
        out["busy"].append("popups")
    if scene.shake.offset(1.0):
        out["busy"].append("shake")
    describer = DESCRIBERS.get(type(scene).__name__)
    if describer is not None:
        describer(scene, out)
    return out


def _item(out: dict, what: str, ident: str, picture: dict, *, center=None, topleft=None, angle: float = 0.0) -> None:
    """One picture the scene drew this frame: where (its centre, or its top-left corner) and which."""
    entry = {"what": what, "id": ident, "picture": picture, "angle": angle}
    if center is not None:
        entry["center"] = [round(center[0]), round(center[1])]
    if topleft is not None:
        entry["topleft"] = [round(topleft[0]), round(topleft[1])]
    out["items"].append(entry)


def _target(out: dict, what: str, key: str, rect, **extra) -> None:
    out["targets"].append({"what": what, "key": key, "rect": _rect(rect), **extra})


# ---------------------------------------------------------------------------------------------- UNO
def _uno(scene, out: dict) -> None:
    from game.scenes.uno import layout as L

    view = scene.view
    if scene.flights:
        out["busy"].append("flights")
    if scene.hand_incoming or scene.discard_incoming:
        out["busy"].append("incoming")
    if scene.banners:
        out["busy"].append("banners")
    if scene.shown_hand is not None:
        out["busy"].append("shown hand")
    out["results_open"] = scene.results_open()
    out["wheel_open"] = scene.colour_wheel_open()
    out["uno_armed"] = scene.uno_armed
    out["selected"] = scene.selected
    if out["results_open"]:
        return
    dims = scene.hand_dims()
    for c in scene.hand():
        cid = c["id"]
        if cid in scene.hand_incoming or cid not in scene.hand_pos:
            continue
        cur = scene.hand_pos[cid]
        prev = scene.hand_prev.get(cid, cur)
        if max(abs(p - q) for p, q in zip(prev, cur)) > 0.2:
            if "hand moving" not in out["busy"]:
                out["busy"].append("hand moving")
        angle = round(cur[2] / 2) * 2
        _item(out, "hand", cid, _uno_picture(scene, c, L.HAND_CARD, angle, cid in dims),
              center=(cur[0], cur[1]), angle=_uno_drawn_angle(scene, c, L.HAND_CARD, angle, cid in dims))
    pile = [c for c in view.get("discard", []) if c.get("id") not in scene.discard_incoming]
    if pile:
        top = pile[-1]
        dx, dy, angle = L.pile_pose(top["id"])
        _item(out, "discard", top["id"], _uno_picture(scene, top, L.TABLE_CARD, angle, False),
              center=(L.DISCARD_POS[0] + dx, L.DISCARD_POS[1] + dy), angle=angle)
    deck = L.DECK_POS
    _target(out, "deck", "deck", _centred(deck, L.TABLE_CARD), count=view.get("deck_count", 0))
    for key, button in scene.reflex.items():
        if button.visible and button.rect is not None:
            _target(out, "reflex", key, button.rect, enabled=button.enabled, shown=button.shown)
    if scene.can("challenge") or scene.can("ready"):
        out["covers"].append(_rect(scene.dialog_rect().inflate(20, 20)))
    if out["wheel_open"]:
        cx, cy = L.TABLE_CENTER
        out["covers"].append(_rect(_centred(L.TABLE_CENTER, (500, 500))))  # the wheel and its shade
        for colour, (dx, dy) in zip(L.WHEEL_ORDER, ((0, -1), (1, 0), (0, 1), (-1, 0))):
            point = (cx + dx * 106, cy + dy * 104)
            _target(out, "colour", colour, _centred(point, (20, 20)))


def _uno_picture(scene, c: dict, size, angle: float, dim: bool) -> dict:
    return {"art": "uno_card", "colour": c.get("colour", "black"), "value": c.get("value", "0"), "size": list(size),
            "dim": dim, "colorblind": scene.colorblind}


def _uno_drawn_angle(scene, c: dict, size, angle: float, dim: bool) -> float:
    """The tilt the card was drawn with: a rotation not yet in the cache was drawn upright this frame."""
    if round(angle) == 0:
        return 0
    key = (c.get("colour", "black"), c.get("value", "0"), tuple(size), scene.colorblind, dim)
    return angle if (key, round(angle), 1.0) in scene.rotations.cache else 0


def _centred(point, size):
    import pygame

    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(point[0]), round(point[1]))
    return rect


# ---------------------------------------------------------------------------------------------- board games
def _board(scene, out: dict) -> None:
    from game.scenes.board import layout as L

    view = scene.view
    if scene.flights:
        out["busy"].append("flights")
    if scene.board.in_air:
        out["busy"].append("tiles in the air")
    if scene.banners:
        out["busy"].append("banners")
    if scene.rack.drag is not None:
        out["busy"].append("drag")
    out["cursor"] = list(scene.board.cursor)
    out["zone"] = scene.zone
    out["across"] = scene.board.across
    out["dialog"] = scene.dialog.title if scene.dialog is not None else None
    out["results"] = scene.showing_results()
    out["placed"] = [[r, c, tid, letter] for (r, c), (tid, letter) in sorted(scene.rack.placed.items())]
    if scene.dialog is not None:
        out["covers"].append(_rect(scene.dialog.rect.inflate(20, 20)))
    if out["results"]:
        return
    for r, row in enumerate(view["board"]):
        for c, tile in enumerate(row):
            if tile and (r, c) not in scene.board.in_air:
                # the still layer is believed to hold every standing tile at its square
                rect = L.cell_rect(r, c).move(1, 1)
                _item(out, "board", tile.get("id", f"{r},{c}"), _tile_picture(tile, L.BOARD_TILE),
                      topleft=rect.topleft)
    faces = scene.rack.faces()
    for cell, (tid, letter) in sorted(scene.rack.placed.items()):
        if cell in scene.board.in_air:
            continue
        face = faces.get(tid, {})
        blank = face.get("letter") == "?"
        rect = L.cell_rect(*cell).move(1, -1)
        _item(out, "tentative", tid, {"art": "tile", "letter": letter, "points": None if blank else face.get("points", 0),
                                      "size": L.BOARD_TILE, "blank": blank}, topleft=rect.topleft)
    dragging = scene.rack.drag.tid if scene.rack.drag and scene.rack.drag.moving else None
    for i, tid in enumerate(scene.rack.visible()):
        if tid in scene.rack.in_air or tid == dragging:
            continue
        pos = scene.rack.pos.get(tid)
        x, y = (pos[0], pos[1]) if pos else L.rack_slot(i)
        if pos and (abs(pos[0] - pos[2]) > 0.2 or abs(pos[1] - pos[3]) > 0.2):
            if "rack moving" not in out["busy"]:
                out["busy"].append("rack moving")
        face = faces.get(tid, {})
        blank = face.get("letter") in (None, "?")
        _item(out, "rack", tid, {"art": "tile", "letter": "" if blank else face["letter"],
                                 "points": None if blank else face.get("points", 0), "size": L.RACK_TILE, "blank": False},
              center=(x, y))
    out["grid"] = {"origin": [L.GRID_X, L.GRID_Y], "cell": L.CELL, "size": L.SIZE}


def _tile_picture(tile: dict, size: int) -> dict:
    blank = bool(tile.get("blank"))
    return {"art": "tile", "letter": tile.get("letter", ""), "points": None if blank else tile.get("points", 0),
            "size": size, "blank": blank}


# ---------------------------------------------------------------------------------------------- Нет слов
def _nowords(scene, out: dict) -> None:
    from game.scenes.nowords import layout as N

    view = scene.view
    flying = scene.flying_ids()
    if scene.flights:
        out["busy"].append("flights")
    if scene.banners:
        out["busy"].append("banners")
    if scene.word_show is not None:
        out["busy"].append("word show")
    out["claiming"] = scene.claiming
    out["claim_text"] = scene.claim.text
    out["dialog"] = None
    if scene.dialog is not None:
        out["dialog"] = {"title": scene.dialog.title, "buttons": [label for label, _ in scene.dialog.buttons]}
        out["covers"].append(_rect(_centred((640, 330), (616, 226))))  # Dialog.draw's box with its shadow
        for (label, _), rect in zip(scene.dialog.buttons, scene.dialog.rects):
            _target(out, "dialog", label, rect)
    if view["phase"] in ("over", "between"):
        out["results"] = True
        return
    for c in view["conversation"]:
        if c["id"] in flying or c["id"] not in scene.talk.slots:
            continue
        x, y, tilt = scene.talk.slots[c["id"]]
        _item(out, "conversation", c["id"], {"art": "nowords_card", "letter": c["letter"], "red": c["red"],
                                             "size": list(N.TABLE_CARD)}, center=(x, y), angle=round(tilt))
    for i, c in enumerate(view["showcase"]):
        if c["id"] in flying:
            continue
        x, y = N.showcase_point(i)
        _item(out, "showcase", c["id"], {"art": "nowords_card", "letter": c["letter"], "red": True,
                                         "size": list(N.SHOW_CARD), "dim": not view["showcase_open"]}, center=(x, y))
    if scene.claiming:
        for kind, key, rect in scene.claim.targets():
            if kind == "button":
                _target(out, "claim_button", key, rect)
        return
    targets = scene.table_targets() if scene.dialog is None else []
    focused = scene.focused_card()
    my_turn = scene.can("lay")
    for i, c in enumerate(view["hand"]):
        if c["id"] in flying:
            continue
        x, y = scene.plates.hand_point(scene.me, i)
        lift = 14 if (c["id"] == focused and my_turn) else 0
        _item(out, "hand", c["id"], {"art": "nowords_card", "letter": c["letter"], "red": False,
                                     "size": list(N.HAND_CARD)}, center=(x, y - lift))
    for kind, key, rect in targets:
        _target(out, kind, key, rect)


# ---------------------------------------------------------------------------------------------- Твёрдый знак
def _hardsign(scene, out: dict) -> None:
    from game.scenes.hardsign import layout as H

    view = scene.view
    if scene.flights:
        out["busy"].append("flights")
    if scene.banners:
        out["busy"].append("banners")
    out["row"] = [[cid, reading] for cid, reading in scene.row.cards]
    out["typed"] = scene.row.typed
    out["word"] = scene.row.word()
    out["time_left_ms"] = scene.timer.left(view)
    for button, rect in H.button_rects().items():
        label, enabled, _ = scene.buttons.state(button)
        _target(out, "button", button, rect, label=label, enabled=enabled)
    if view["phase"] == "over":
        out["results"] = True
        return
    focused = scene.focus_on("hand")
    in_row = {cid for cid, _ in scene.row.cards}
    if view["phase"] == "race":
        for i, card in enumerate(view["table"]):
            slot = H.table_slot(i)
            if scene.flying_to(slot.center):
                continue
            _item(out, "table", card["id"], {"art": "hardsign_card", "face": card["face"], "size": list(H.TABLE_CARD),
                                             "dim": card["id"] in in_row}, topleft=slot.move(-6, -6).topleft)
        mine = view.get("my_word")
        if view["status"][scene.me] == "laid" and mine and not scene.row.cards:
            cards = {c["id"]: c for c in view["hand"] + view["table"]}
            ids = mine["cards"]
            for i, cid in enumerate(ids):
                if cid in cards:
                    slot = H.row_slot(i, len(ids))
                    _item(out, "laid", cid, {"art": "hardsign_card", "face": cards[cid]["face"],
                                             "size": list(H.ROW_CARD)}, topleft=slot.move(-6, -6).topleft)
        else:
            cards = scene.row.usable()
            for i, (cid, _) in enumerate(scene.row.cards):
                face = cards.get(cid, {}).get("face", "")
                if face:
                    slot = H.row_slot(i, len(scene.row.cards))
                    _item(out, "row", cid, {"art": "hardsign_card", "face": face, "size": list(H.ROW_CARD)},
                          topleft=slot.move(-6, -6).topleft)
    hand = view.get("hand", [])
    used = set(in_row) | set((view.get("my_word") or {}).get("cards", []))
    for i, card in enumerate(hand):
        slot = H.hand_slot(i, len(hand))
        if scene.flying_to(slot.center):
            continue
        lift = 10 if focused == card["id"] else 0
        _item(out, "hand", card["id"], {"art": "hardsign_card", "face": card["face"], "size": list(H.HAND_CARD),
                                        "dim": card["id"] in used}, topleft=slot.move(-6, -6 - lift).topleft)


# ---------------------------------------------------------------------------------------------- Скрэббл Бинго
def _bingo(scene, out: dict) -> None:
    from game.scenes.bingo import table as B

    view = scene.view
    out["typed"] = scene.typed
    out["focus_cell"] = scene.focus_cell
    if view["phase"] == "words" and scene.can("choose_words"):
        _target(out, "button", "suggest", B.SUGGEST_BUTTON)
        _target(out, "button", "write", B.WRITE_BUTTON)
        letters = [scene.typed[:B.WORD_LETTERS], scene.typed[B.WORD_LETTERS:]]
        for cell in range(B.SHEET):
            row, col = divmod(cell, B.WORD_LETTERS)
            if col < len(letters[row]):
                ch = letters[row][col]
                _item(out, "typed", str(cell), _letter_tile(ch, B.POINTS.get(ch), B.SHEET_TILE),
                      topleft=B.sheet_cell_rect(cell).topleft)
        return
    if view["phase"] != "calling":
        return
    _target(out, "button", "bingo", B.BINGO_BUTTON)
    for cell, ch in enumerate(scene.letters()):
        rect = B.sheet_cell_rect(cell)
        _target(out, "cell", str(cell), rect, letter=ch)
        if not view["crossed"][cell]:  # a crossed tile is drawn see-through under its cross
            _item(out, "sheet", str(cell), _letter_tile(ch, B.POINTS.get(ch), B.SHEET_TILE), topleft=rect.topleft)


def _letter_tile(letter: str, points: int | None, size: int) -> dict:
    """A tile drawn at its own size by art.letter_tile (not scaled down from the rack's, as the board's are)."""
    return {"art": "letter_tile", "letter": letter, "points": points, "size": size}


DESCRIBERS: dict[str, Callable[[Any, dict], None]] = {
    "UnoScene": _uno,
    "BoardScene": _board,
    "NoWordsScene": _nowords,
    "HardSignScene": _hardsign,
    "BingoScene": _bingo,
}
