"""The seat's rack and the tiles laid from it but not yet sent (the host never sees them): the player's order of the
rack, where each tile stands as it slides, the one chosen for the pad, the tiles laid on the board and the blanks
taken back for real tiles («Повторные пустышки»), the tile dragged by the mouse, and the live score of what is laid
(the rules' own ``preview``: the scoring ``apply`` uses). A refused move keeps every tile where it was, with the
refusal."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import assets
from game.rules import load as load_rules
from game.rules.board import WORD_DISPUTABLE
from game.scenes.base import ACCENT, DANGER, INK_DIM
from game.scenes.board.board import InAir
from game.scenes.board.layout import (BLANK, BOARD_TILE, GOLD, GOOD, RACK_TILE, TRAY, Cell, cell_at, cell_center,
                                      cell_rect, rack_slot, tile_picture)
from game.scenes.table.flight import shadow_of


@dataclass
class Drag:
    tid: str
    source: str  # "rack" or "board"
    cell: Cell | None
    start: tuple[int, int]
    pos: tuple[int, int]
    moving: bool = False


class Rack:
    def __init__(self, scene):
        self.scene = scene
        self.order: list[str] = []  # the player's order of the rack's tiles, those laid on the board among them
        self.placed: dict[Cell, tuple[str, str]] = {}  # cell -> (tile id, letter it shows)
        self.place_order: list[Cell] = []
        self.swaps: dict[Cell, str] = {}  # blank reuse: board blank's square -> the rack tile given for it
        self.pos: dict[str, list[float]] = {}  # tid -> [x, y, previous x, previous y]
        self.in_air: InAir = InAir()  # tiles still flying to the rack: not drawn in it until they land
        self.sel = 0  # the tile the pad lays
        self.drag: Drag | None = None
        self.slots_before: dict[str, tuple[float, float]] = {}  # rack slots before the event being animated
        self.matched_view: dict | None = None  # the view the rack was last matched to
        self.awaiting = False  # the laid tiles went to the host, whose answer has not come
        self.refused = ""
        self.refused_code = ""  # the rules' code of that refusal: what decides whether a vote may be asked
        self._preview_key: tuple | None = None
        self._preview = None

    # ---- what it holds
    def faces(self) -> dict[str, dict]:
        faces = {t["id"]: t for t in (self.scene.view or {}).get("rack", [])}
        for cell in self.swaps:
            blank = self.scene.board.tile(cell)
            if blank:
                faces[blank["id"]] = {"id": blank["id"], "letter": BLANK, "points": 0}
        return faces

    def visible(self) -> list[str]:
        """Rack tile ids in the player's order, without those laid on the board."""
        used = {tid for tid, _ in self.placed.values()} | set(self.swaps.values())
        return [t for t in self.order if t not in used]

    def letter_of(self, tid: str) -> str:
        return self.faces().get(tid, {}).get("letter", "")

    def has_blank(self) -> bool:
        return any(self.letter_of(t) == BLANK for t in self.visible())

    def sync(self) -> None:
        """Match the rack and the laid tiles to the view: tiles gone from the rack or squares taken are let go."""
        scene = self.scene
        if not scene.view:
            return
        board = scene.board
        ids = [t["id"] for t in scene.view.get("rack", [])]
        for cell, tid in list(self.swaps.items()):
            blank = board.tile(cell)
            if tid not in ids or not blank or not blank.get("blank") or not scene.my_turn():
                del self.swaps[cell]
        ids += [board.tile(cell)["id"] for cell in self.swaps]
        keep = [t for t in self.order if t in ids]
        self.order = keep + [t for t in ids if t not in keep]
        for cell, (tid, _) in list(self.placed.items()):
            if tid not in ids or board.tile(cell):
                self.let_go(cell)
        for tid in list(self.pos):
            if tid not in ids:
                del self.pos[tid]
        self.sel = max(0, min(self.sel, len(self.visible()) - 1))

    def forget(self) -> None:
        """Another seat's rack comes on screen: nothing laid or moving of this one is kept."""
        self.order, self.placed, self.place_order = [], {}, []
        self.drag = None
        self.pos.clear()

    # ---- laying and taking back
    def can_swap(self, tid: str, cell: Cell) -> bool:
        """Blank reuse: ``tid`` may be given for the blank standing on ``cell`` for the same letter (the rules
        list the blanks the seat may take now)."""
        blank = self.scene.board.tile(cell)
        return bool(blank and list(cell) in (self.scene.view or {}).get("blank_swaps", []) and cell not in self.swaps
                    and tid in self.visible() and self.letter_of(tid) == blank["letter"])

    def mark_swap(self, tid: str, cell: Cell) -> None:
        """Give ``tid`` for the board blank on ``cell``: the blank comes to the rack for this turn."""
        self.swaps[cell] = tid
        self.sync()
        blank = self.scene.board.tile(cell)["id"]
        start = cell_center(*cell)
        self.pos[blank] = [start[0], start[1], start[0], start[1]]
        self.scene.app.toast("Пустышка у вас на подставке — её нужно сыграть в этот ход.", 2200)
        self.scene.app.play_sound("tile_place")

    def lay(self, tid: str, cell: Cell, letter: str | None = None, quiet: bool = False) -> bool:
        """Put a rack tile on an empty square tentatively; a blank without a letter opens the chooser."""
        scene = self.scene
        if scene.over or not scene.board.free(cell):
            return False
        face = self.letter_of(tid)
        if not face:
            return False
        if face == BLANK and not letter:
            scene.choose_blank_for(cell, tid)
            return True
        self.placed[cell] = (tid, (letter or face).upper())
        self.place_order.append(cell)
        self.refused = ""
        if not quiet:
            scene.app.play_sound("tile_place")
        return True

    def take_back(self, cell: Cell, to_index: int | None = None, quiet: bool = False) -> str | None:
        if cell not in self.placed:
            return None
        tid = self.let_go(cell)
        start = cell_center(*cell)
        self.pos[tid] = [start[0], start[1], start[0], start[1]]
        if to_index is not None:
            self.move_in(tid, to_index)
        self.refused = ""
        if not quiet:
            self.scene.app.play_sound("tile_return")
        return tid

    def let_go(self, cell: Cell) -> str | None:
        """``cell`` holds no laid tile any more (its tile is back in the rack, or played): that tile's id."""
        tid, _ = self.placed.pop(cell, (None, ""))
        if cell in self.place_order:
            self.place_order.remove(cell)
        return tid

    def played(self, cells: list[Cell]) -> None:
        """The host took this seat's move: its tiles stand on the board, nothing of it is laid or awaited."""
        self.awaiting = False
        self.refused = ""
        for cell in cells:
            self.let_go(cell)
        self.sync()

    def move_in(self, tid: str, index: int) -> None:
        """Put ``tid`` at visible slot ``index`` (the rack order also holds laid tiles)."""
        visible = [t for t in self.visible() if t != tid]
        index = max(0, min(index, len(visible)))
        visible.insert(index, tid)
        laid = [t for t in self.order if t not in visible]
        self.order = visible + laid

    def recall(self) -> None:
        had = bool(self.placed)
        for cell in list(self.place_order):
            self.take_back(cell, quiet=True)
        self.placed.clear()
        self.place_order.clear()
        if self.swaps:
            self.swaps.clear()
            self.sync()
            had = True
        if had:
            self.scene.app.play_sound("tile_return")

    def shuffle(self) -> None:
        order = self.visible()
        if len(order) < 2:
            return
        # a shuffle that only the eye needs: deterministic per press so tests can repeat it
        seed = int(self.scene.age) * 7919 + len(order)
        for i in range(len(order) - 1, 0, -1):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            j = seed % (i + 1)
            order[i], order[j] = order[j], order[i]
        if order == self.visible():
            order = order[1:] + order[:1]
        laid = [t for t in self.order if t not in order]
        self.order = order + laid
        for tid in order:
            pos = self.pos.get(tid)
            if pos:
                pos[1] -= 24  # they jump up and settle back into their new places
        self.scene.app.play_sound("shuffle")

    def preview(self):
        """The rules' score of the laid tiles (or why they make no move), worked out once per view and layout."""
        view = self.scene.view
        if not view:
            return None
        # the view itself, not its id(): a freed view's id comes back on a later one
        laid = (tuple(sorted(self.placed.items())), tuple(sorted(self.swaps.items())))
        key = self._preview_key
        if key is None or key[0] is not view or key[1] != laid:
            faces = self.faces()
            placed = {cell: (letter, faces.get(tid, {}).get("letter") == BLANK) for cell, (tid, letter) in self.placed.items()}
            given_for_blanks = {cell: faces.get(tid, {}).get("letter", "") for cell, tid in self.swaps.items()}
            self._preview = load_rules(self.scene.game_id).preview(view, placed, given_for_blanks)
            self._preview_key = (view, laid)
        return self._preview

    def can_dispute(self) -> bool:
        """The rules refused these tiles' word with the code saying the same move may go to the table's vote."""
        return bool(self.refused and self.refused_code == WORD_DISPUTABLE and self.placed and self.scene.my_turn())

    # ---- where its tiles stand
    def target(self, tid: str) -> tuple[int, int]:
        rack = self.visible()
        return rack_slot(rack.index(tid)) if tid in rack else rack_slot(len(rack))

    def xy(self, tid: str) -> tuple[float, float]:
        pos = self.pos.get(tid)
        return (pos[0], pos[1]) if pos else self.target(tid)

    def remember_slots(self) -> None:
        """Where each tile stands before an event changes the rack: where a tile leaving it flies from."""
        self.slots_before = {tid: self.xy(tid) for tid in self.order}

    def step(self, dt_ms: float) -> None:
        """Each tile slides towards its slot."""
        k = 1.0 - math.exp(-dt_ms / 55.0)
        for i, tid in enumerate(self.visible()):
            tx, ty = rack_slot(i)
            pos = self.pos.get(tid)
            if pos is None:
                self.pos[tid] = [tx, ty, tx, ty]
                continue
            pos[2], pos[3] = pos[0], pos[1]
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
            if abs(tx - pos[0]) < 0.3 and abs(ty - pos[1]) < 0.3:
                pos[0], pos[1] = tx, ty

    # ---- drawing
    def picture(self, tid: str) -> pygame.Surface:
        face = self.faces().get(tid)
        if face is None or face["letter"] == BLANK:
            return tile_picture("", None, RACK_TILE)
        return tile_picture(face["letter"], face["points"], RACK_TILE)

    def laid_picture(self, cell: Cell) -> pygame.Surface:
        tid, letter = self.placed[cell]
        face = self.faces().get(tid, {})
        if face.get("letter") == BLANK:
            return tile_picture(letter, None, BOARD_TILE, True)
        return tile_picture(letter, face.get("points", 0), BOARD_TILE)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        scene = self.scene
        rack = self.visible()
        dragging = self.drag.tid if self.drag and self.drag.moving else None
        for i, tid in enumerate(rack):
            if tid in self.in_air or tid == dragging:
                continue
            pos = self.pos.get(tid)
            if pos:
                x = pos[2] + (pos[0] - pos[2]) * alpha
                y = pos[3] + (pos[1] - pos[3]) * alpha
            else:
                x, y = rack_slot(i)
            picture = self.picture(tid)
            rect = picture.get_rect(center=(round(x), round(y)))
            surface.blit(picture, rect)
            if i == self.sel and not scene.over and not scene.replaying:
                pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), 3, border_radius=10)
        if not rack and not scene.flights:
            empty = assets.text("Подставка пуста", 16, INK_DIM)
            surface.blit(empty, empty.get_rect(center=TRAY.center))

    def draw_laid(self, surface: pygame.Surface, shake: int) -> None:
        """The tiles laid but not sent, and the real tiles given for board blanks."""
        faces = self.faces()
        for cell, tid in self.swaps.items():  # the real tile now stands where the blank was
            rect = cell_rect(*cell).move(shake, 0)
            pygame.draw.rect(surface, GOLD, rect.inflate(2, 2), border_radius=8)
            face = faces.get(tid, {})
            surface.blit(tile_picture(face.get("letter", ""), face.get("points", 0), BOARD_TILE), rect.move(1, -1))
        if not self.placed:
            return
        p = self.preview()
        edge = DANGER if (self.refused or (p is not None and p.error)) else GOOD
        in_air = self.scene.board.in_air
        for cell in self.placed:
            if cell in in_air or (self.drag and self.drag.moving and self.drag.cell == cell):
                continue
            rect = cell_rect(*cell).move(shake, 0)
            # not yet played: lifted a little off the board, on a coloured rim
            pygame.draw.rect(surface, edge, rect.inflate(2, 2), border_radius=8)
            surface.blit(self.laid_picture(cell), rect.move(1, -1))

    def draw_drag(self, surface: pygame.Surface) -> None:
        d = self.drag
        if d is None or not d.moving:
            return
        picture = self.picture(d.tid)
        cell = cell_at(d.pos)
        if cell is not None and self.scene.board.free(cell):
            pygame.draw.rect(surface, ACCENT, cell_rect(*cell).inflate(2, 2), 3, border_radius=7)
        r = picture.get_rect(center=d.pos)
        surface.blit(shadow_of(r.width), r.move(6, 9))
        surface.blit(picture, r.move(0, -4))
