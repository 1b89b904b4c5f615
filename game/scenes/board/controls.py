"""The input mapping of the board table: letters typed at the board cursor (arrows move it, Space turns it across or
down, Backspace takes the last tile back), the mouse dragging tiles between the rack and the board, and a gamepad
(D-pad cursor, shoulders pick a rack tile, A lays it, Y sends the move, X turns the cursor); off the board's right
edge the arrows walk the buttons under the rack, whose keys (F2…F7, Del) press them anywhere. In a phase whose turn
is picking tiles off the board, Space, A and a click pick the tile at the cursor instead of laying one."""
from __future__ import annotations

import pygame

from game.input import KEYBOARD, MOUSE, Intent
from game.rules.board import LOOK
from game.scenes.board.layout import (ALPHABET, BLANK, RACK_TILE, SIZE, TRAY, Cell, cell_at, cell_center,
                                      rack_index_at, rack_slot)
from game.scenes.board.rack import Drag

DRAG_SLOP = 8  # pixels the pointer must travel before a press becomes a drag
KEY_ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
INTENT_ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CONFIRM_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
# the buttons' keys: the base game's, and those the variants' looks give their buttons
SHORTCUTS = {pygame.K_F2: "pass", pygame.K_F3: "exchange", pygame.K_F4: "shuffle", pygame.K_DELETE: "recall",
             **{getattr(pygame, f"K_{b.key}"): action for action, b in LOOK.buttons().items() if b.key}}


def confirms(intent: Intent) -> bool:
    """Enter, Space or the pad's confirm."""
    return intent.name == "confirm" and (intent.device != KEYBOARD or intent.extra.get("key") in CONFIRM_KEYS)


def steers(intent: Intent) -> bool:
    """An arrow: the keyboard's own arrow keys (letters typed in a Russian layout arrive as WASD too) or the pad's."""
    return intent.name in INTENT_ARROWS and (intent.device != KEYBOARD or intent.extra.get("key") in KEY_ARROWS)


class Controls:
    def __init__(self, scene):
        self.scene = scene

    def handle(self, intent: Intent) -> None:
        scene = self.scene
        if scene.view is None:
            return
        name = intent.name
        if name == "back":
            self.back(intent)
            return
        if scene.dialog is not None:
            scene.dialog.handle(intent)
            return
        if scene.showing_results() or scene.finished():
            self.results(intent)  # over the board looked at after the game too: only its buttons do anything
            return
        scene.buttons.rebuild()
        if name == "text":
            for ch in intent.text:
                self.type_letter(ch)
            return
        if intent.device == KEYBOARD:
            self.keys(intent)
            return
        if name in ("point", "press", "click") and intent.pos is not None:
            self.mouse(name, intent.pos)
            return
        if intent.device == MOUSE:
            return  # the wheel: nothing to scroll here
        self.pad(name)

    def back(self, intent: Intent) -> None:
        """«back» that ``uses_back`` kept from the pause menu (routed like any intent, so at a
        couch only the device of the player on screen reaches here)."""
        scene = self.scene
        if scene.dialog is not None:
            scene.close_dialog()
        elif scene.rack.drag is not None:
            scene.rack.drag = None
        elif intent.device == KEYBOARD or scene.rack.place_order:
            self.backspace()
        else:
            scene.zone = "board"

    def press_focused(self) -> None:
        focused = self.scene.buttons.group.focused
        if focused is not None:
            focused.activate()

    def results(self, intent: Intent) -> None:
        """After the game only the buttons under the rack take anything."""
        name = intent.name
        self.scene.buttons.rebuild()
        group = self.scene.buttons.group
        if name in ("point", "press", "click") and intent.pos is not None:
            group.handle(intent)
            return
        if name in INTENT_ARROWS:
            group.move(*INTENT_ARROWS[name][::-1])
        elif name == "confirm" and group.focused is not None:
            group.focused.activate()

    # ---- the keyboard
    def keys(self, intent: Intent) -> None:
        scene = self.scene
        name, key = intent.name, intent.extra.get("key")
        # letters typed in a Russian layout also arrive as WASD and other shortcuts: only raw
        # navigation keys count here, the letters come as «text»
        if key in KEY_ARROWS:
            if name in INTENT_ARROWS:
                self.navigate(*KEY_ARROWS[key])
            return
        if key in SHORTCUTS and name == "key":
            scene.buttons.press(SHORTCUTS[key])
            return
        if key in ENTER_KEYS:
            if name == "confirm":
                if scene.zone == "buttons" and scene.buttons.group.focused is not None:
                    self.press_focused()
                else:
                    scene.submit()
            return
        if key == pygame.K_SPACE and name == "confirm":
            if scene.zone == "buttons" and scene.buttons.group.focused is not None:
                self.press_focused()
            elif scene.pick() is not None:
                scene.board.toggle_pick(scene.board.cursor)
            else:
                scene.board.turn()

    def type_letter(self, ch: str) -> None:
        scene, rack, board = self.scene, self.scene.rack, self.scene.board
        ch = ch.upper()
        if ch == "Ё" and not any(rack.letter_of(t) == "Ё" for t in rack.visible()):
            ch = "Е" if not rack.has_blank() else ch
        if ch not in ALPHABET and ch not in (BLANK, "*"):
            return
        if scene.over or scene.dialog or scene.pick() is not None:
            return
        cell = board.cursor
        if not board.free(cell):
            board.advance()
            cell = board.cursor
            if not board.free(cell):
                scene.app.play_sound("invalid")
                return
        tiles = rack.visible()
        tid = next((t for t in tiles if rack.letter_of(t) == ch), None)
        letter = ch
        if tid is None and ch in (BLANK, "*"):
            tid, letter = next((t for t in tiles if rack.letter_of(t) == BLANK), None), None
        if tid is None:
            tid = next((t for t in tiles if rack.letter_of(t) == BLANK), None)
        if tid is None:
            scene.app.toast(f"На подставке нет буквы «{ch}».", 1800)
            scene.app.play_sound("invalid")
            return
        self.lay_flying(tid, cell, letter, ms=220)

    def lay_flying(self, tid: str, cell: Cell, letter: str | None = None, ms: int = 260) -> None:
        """A rack tile laid on ``cell``, flying there from the rack, the cursor on past it (a blank without a letter
        opens the chooser instead, which lays it so once its letter is chosen)."""
        scene, rack = self.scene, self.scene.rack
        start = rack.xy(tid)
        if rack.lay(tid, cell, letter) and cell in rack.placed:
            scene.fly(rack.laid_picture(cell), start, cell_center(*cell), ms=ms, arc=24, cell=cell)
            if scene.board.cursor == cell:
                scene.board.advance()

    def backspace(self) -> None:
        rack, board = self.scene.rack, self.scene.board
        if rack.place_order:
            cell = rack.place_order[-1]
            rack.take_back(cell)
            board.cursor = cell
        else:
            board.step_back()

    # ---- the gamepad
    def pad(self, name: str) -> None:
        scene = self.scene
        if name in INTENT_ARROWS:
            self.navigate(*INTENT_ARROWS[name])
        elif name == "confirm":
            if scene.zone == "buttons":
                self.press_focused()
            else:
                self.lay_at_cursor()
        elif name in ("slap", "catch"):  # shoulder buttons choose the rack tile
            tiles = scene.rack.visible()
            if tiles:
                scene.rack.sel = (scene.rack.sel + (1 if name == "slap" else -1)) % len(tiles)
                scene.app.play_sound("menu_move")
        elif name in ("shout", "play"):
            scene.submit()
        elif name == "draw":
            scene.board.turn()

    def lay_at_cursor(self) -> None:
        """The chosen rack tile to the cursor's square (a laid one there comes back; a picking turn picks)."""
        scene, rack, board = self.scene, self.scene.rack, self.scene.board
        cell = board.cursor
        if scene.pick() is not None:
            board.toggle_pick(cell)
            return
        if cell in rack.placed:
            rack.take_back(cell)
            return
        tiles = rack.visible()
        chosen = tiles[min(rack.sel, len(tiles) - 1)] if tiles else None
        if chosen is not None and rack.can_swap(chosen, cell):
            rack.mark_swap(chosen, cell)
            return
        if chosen is None or board.tile(cell):
            scene.app.play_sound("invalid")
            return
        self.lay_flying(chosen, cell)

    def navigate(self, dr: int, dc: int) -> None:
        scene, group = self.scene, self.scene.buttons.group
        if scene.zone == "buttons":
            moved = group.move(dc, dr)
            if not moved and (dc < 0 or dr < 0):
                scene.zone = "board"
            scene.app.play_sound("menu_move")
            return
        r, c = scene.board.cursor
        if dc > 0 and c == SIZE - 1 or dr > 0 and r == SIZE - 1 and c >= SIZE - 4:
            scene.zone = "buttons"  # off the right edge: the buttons under the rack
            group.first_enabled()
            scene.app.play_sound("menu_move")
            return
        scene.board.cursor = (max(0, min(SIZE - 1, r + dr)), max(0, min(SIZE - 1, c + dc)))

    # ---- the mouse
    def rack_hit(self, pos) -> str | None:
        for i, tid in enumerate(self.scene.rack.visible()):
            x, y = rack_slot(i)
            if abs(pos[0] - x) <= RACK_TILE // 2 and abs(pos[1] - y) <= RACK_TILE // 2:
                return tid
        return None

    def mouse(self, name: str, pos) -> None:
        scene, rack, board = self.scene, self.scene.rack, self.scene.board
        if scene.buttons.group.handle(Intent(name, MOUSE, 0, pos=pos)):
            scene.zone = "buttons" if name != "point" else scene.zone
            if name == "click":
                scene.zone = "board"
            return
        cell = cell_at(pos)
        if name == "point":
            if rack.drag is not None:
                rack.drag.pos = pos
                if abs(pos[0] - rack.drag.start[0]) + abs(pos[1] - rack.drag.start[1]) > DRAG_SLOP:
                    rack.drag.moving = True
            return
        if name == "press":
            tid = self.rack_hit(pos)
            if tid is not None:
                rack.drag = Drag(tid, "rack", None, pos, pos)
            elif cell is not None and cell in rack.placed:
                rack.drag = Drag(rack.placed[cell][0], "board", cell, pos, pos)
            return
        # click: the button went up
        drag, rack.drag = rack.drag, None
        if drag is not None:
            moved = drag.moving or abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_SLOP
            if moved:
                self.drop(drag, pos)
                return
            if drag.source == "rack":
                visible = rack.visible()
                if drag.tid in visible:
                    rack.sel = visible.index(drag.tid)
                    scene.app.play_sound("menu_move")
                return
            if drag.cell is not None:
                rack.take_back(drag.cell)
                return
        if cell is not None:
            scene.zone = "board"
            if scene.pick() is not None:
                board.toggle_pick(cell)
                return
            if board.cursor == cell and board.free(cell):
                self.lay_at_cursor()  # a second click on the cursor square lays the chosen rack tile
                return
            if board.cursor == cell:
                board.across = not board.across
            board.cursor = cell

    def drop(self, drag: Drag, pos) -> None:
        scene, rack, board = self.scene, self.scene.rack, self.scene.board
        cell: Cell | None = cell_at(pos)
        if TRAY.inflate(0, 30).collidepoint(pos):
            index = rack_index_at(pos, len(rack.visible()))
            if drag.source == "board" and drag.cell is not None:
                tid = rack.take_back(drag.cell, quiet=True)
                if tid:
                    rack.pos[tid] = [pos[0], pos[1], pos[0], pos[1]]
                    rack.move_in(tid, index)
            else:
                rack.move_in(drag.tid, index)
                rack.pos[drag.tid] = [pos[0], pos[1], pos[0], pos[1]]
            scene.app.play_sound("tile_return")
            return
        if cell is not None and board.free(cell):
            letter = None
            if drag.source == "board" and drag.cell is not None:
                letter = rack.placed[drag.cell][1] if rack.letter_of(drag.tid) == BLANK else None
                rack.take_back(drag.cell, quiet=True)
            if rack.lay(drag.tid, cell, letter):
                board.cursor = cell
            return
        if cell is not None and drag.source == "rack" and rack.can_swap(drag.tid, cell):
            rack.mark_swap(drag.tid, cell)
            return
        # dropped somewhere else: it goes back where it came from
        if drag.source == "rack":
            rack.pos[drag.tid] = [pos[0], pos[1], pos[0], pos[1]]
        else:
            scene.app.play_sound("invalid")
