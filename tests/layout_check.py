"""The layout check: which lines of text a frame shows, where, and whether each one reads.

While the check is on, every line that ``assets.text`` renders comes back as a picture that remembers its words and
colour, and every surface a scene makes is one that follows those lines through its blits: a name drawn into a cached
plate, the plate drawn onto the canvas, so each line ends up known at its place on the final 1280×720 canvas, with a
note when a blit cut it (by the picture it was drawn into, or by the screen). A large shade drawn over the canvas puts
what lies under it behind a dialog, out of the check. The frame's own pixels then say the rest: a line whose letters
were painted over by something drawn later is covered, two lines whose letters share pixels overlap, a line that
starts in a panel (a picture with rounded, transparent corners drawn before it) and runs out of it leaves it, and the
contrast of a line is taken between the colour its letters show and the pixels right around them (WCAG's 4.5:1); a
line fading in or out (drawn with a surface alpha) is in passage: its overlaps count, its contrast is judged when it
stands. A card, a tile or a face from ``game.art`` has its letters inside its picture, so no line may lie on part
of one (``art.art_registry`` marks them; a line standing wholly in one, or in a panel drawn over it, is in its place).
Panels painted into an opaque cached backdrop stay known as panels. Lines in base.DISABLED, an inactive control's ink, are not held to a contrast (WCAG asks none of them).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game import art, assets

MIN_CONTRAST = 4.5  # WCAG AA for body text
INACTIVE = {(90, 100, 96)}  # base.DISABLED: WCAG asks no contrast of an inactive control's label
CORE_ALPHA = 200  # a letter's solid middle, where the frame must show the letter's colour
INK_ALPHA = 64  # where a letter is ink at all (for overlaps)
RING = 2  # the pixels this far around the letters are what the letters stand on
SHADE_SHARE = 0.85
COVERED_SHARE = 0.03  # more of a line's solid letters than this in another colour: something lies over them
HIDDEN_SHARE = 0.95
PANEL_LEAST = (16, 12)  # a picture with rounded (transparent) corners at least this big is a panel text may stand in  # a line this much under a later picture is behind it (a dialog's panel), not cut by it  # a translucent layer over this much of a picture is a dialog's shade


@dataclass
class Line:
    words: str
    colour: tuple
    picture: pygame.Surface  # the rendered line, its alpha says where the letters are
    origin: tuple[int, int]  # where the picture's top-left corner stands in the surface it was drawn into
    clipped: str = ""  # "" or what cut it: «поле» (the picture it was drawn into) or «экран»
    faded: bool = False  # drawn with a surface alpha: its letters show a blend, not its colour
    hidden: bool = False  # behind a dialog's shade
    under: int = 0  # solid letter pixels a later picture was drawn over (whatever its colour)
    seq: float = 0  # when it was drawn, against the panels drawn into the same surface
    letters: pygame.Rect = None  # where the letters are inside ``picture``

    @property
    def ink(self) -> pygame.Rect:
        return self.letters.move(self.origin)


_solid: dict[int, tuple[pygame.Surface, pygame.mask.Mask]] = {}
_clock = [0]


def _tick() -> int:
    _clock[0] += 1
    return _clock[0]


def solid_letters(line: Line) -> pygame.mask.Mask:
    known = _solid.get(id(line.picture))
    if known is None or known[0] is not line.picture:
        known = _solid[id(line.picture)] = (line.picture, pygame.mask.from_surface(line.picture, CORE_ALPHA - 1))
    return known[1]


def _lines_of(surface) -> list[Line]:
    return getattr(surface, "lines", None) or []


class Traced(pygame.Surface):
    """A surface that knows the lines of text drawn into it, where they stand and whether they were cut."""

    screen = False  # True for the app's canvas: a line cut there is cut by the screen
    looking = False  # True while the frame that is checked is drawn: only then are pictures over letters counted

    def _carry(self, out):
        out.lines = list(_lines_of(self))
        out.boxes = list(getattr(self, "boxes", ()))
        out.art = getattr(self, "art", False)
        return out

    def convert_alpha(self, *args):
        return self._carry(super().convert_alpha(*args))

    def convert(self, *args):
        return self._carry(super().convert(*args))

    def copy(self):
        return self._carry(super().copy())

    def fill(self, color, rect=None, special_flags=0):
        done = super().fill(color, rect, special_flags)
        if not _lines_of(self):
            return done
        if special_flags == 0:
            self.lines = [line for line in self.lines if not done.contains(line.ink)]
            self.boxes = [entry for entry in getattr(self, "boxes", ()) if not done.contains(entry[0])]
        elif done.w * done.h >= SHADE_SHARE * self.get_width() * self.get_height():  # darkened whole: a shade
            self._shaded()
        return done

    def _shaded(self) -> None:
        """A shade over everything drawn so far: it is behind the dialog drawn next, whose lines must stand on
        panels of their own (on the bare shade what lies under still reads through around them)."""
        for line in self.lines:
            line.hidden = True
        self.boxes = []
        self.shade_seq = _tick()

    def blits(self, blit_sequence, doreturn=1):
        done = [self.blit(*item) for item in blit_sequence]
        return done if doreturn else None

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        done = super().blit(source, dest, area, special_flags)
        mine, theirs = _lines_of(self), _lines_of(source)
        x, y = round(dest[0]), round(dest[1])
        if area is not None:
            area = pygame.Rect(area)
            x, y = x - area.x, y - area.y
        self._box(source, (x, y), done, theirs)
        if not mine and not theirs:
            return done
        if mine:
            self._covered_by(source, done, area is not None)
            if Traced.looking and not any(line.picture is source for line in theirs):  # a line over a line is an overlap, told apart
                self._lies_over(source, (x, y), done)
        faded = source.get_alpha() not in (None, 255)
        lines = _lines_of(self)
        for line in theirs:
            moved = replace(line, origin=(line.origin[0] + x, line.origin[1] + y), faded=line.faded or faded,
                            seq=_tick())
            if not line.clipped and done.clip(moved.ink) != moved.ink:
                moved.clipped = "экран" if self.screen else "поле"
            lines.append(moved)
        self.lines = lines
        return done

    def _box(self, source, at: tuple[int, int], done: pygame.Rect, theirs: list[Line]) -> None:
        """Each picture drawn here (a panel, a plate, a card) is a box a line of text may stand in."""
        if any(line.picture is source for line in theirs) or done.w == 0 or done.h == 0:
            return
        boxes = getattr(self, "boxes", None)
        if boxes is None:
            boxes = self.boxes = []
        seq = _tick()
        if not (source.get_flags() & pygame.SRCALPHA):
            boxes[:] = [entry for entry in boxes if not done.contains(entry[0])]  # painted over by a backdrop
        else:
            w, h = source.get_size()
            art = getattr(source, "art", False)
            if art or (w >= PANEL_LEAST[0] and h >= PANEL_LEAST[1] and source.get_at((0, 0)).a == 0
                       and source.get_at((w // 2, h // 2)).a > 200):  # a rounded panel, a plate, a button, a card
                boxes.append((done, seq, art, 0 if art else _border(source)))
        # the panels inside a picture lie under its own lines, and an opaque backdrop keeps the panels painted into it
        for box, _, art, border in getattr(source, "boxes", ()):
            moved = box.move(at).clip(done)
            if moved.w and moved.h:
                boxes.append((moved, seq, art, border))

    def _lies_over(self, source, at: tuple[int, int], done: pygame.Rect) -> None:
        """A picture drawn over letters already here hides them, even in their own colour (a white bubble on white)."""
        alpha = source.get_alpha()
        if alpha is not None and alpha < 100:
            return
        mask = None
        for line in self.lines:
            ink = line.ink
            if line.hidden or not done.colliderect(ink):
                continue
            if mask is None:
                mask = pygame.mask.from_surface(source, 127)
            line.under += solid_letters(line).overlap_area(mask, (at[0] - line.origin[0], at[1] - line.origin[1]))

    def _covered_by(self, source, done: pygame.Rect, piece: bool = False) -> None:
        """Something drawn over lines already here: an opaque picture paints them out (so does a piece of an opaque
        backdrop laid back in its place to repaint a region, its own lines and all), a shade hides them."""
        opaque = not (source.get_flags() & pygame.SRCALPHA) and source.get_alpha() in (None, 255)
        if opaque and (piece or not _lines_of(source)):
            self.lines = [line for line in self.lines if not done.contains(line.ink)]
            return
        w, h = self.get_size()
        if done.w * done.h < SHADE_SHARE * w * h or _lines_of(source):
            return
        alpha = source.get_alpha()
        if source.get_flags() & pygame.SRCALPHA:
            alpha = pygame.transform.average_color(source)[3] * (alpha if alpha is not None else 255) / 255
        if alpha is not None and alpha >= 40:
            self._shaded()


def _border(picture: pygame.Surface) -> int:
    """How thick a panel's border is, down from its top edge at its middle until its fill begins: a line standing in
    the panel keeps its letters inside that."""
    w, h = picture.get_size()
    fill = picture.get_at((w // 2, h // 2))
    for y in range(min(8, h // 2)):
        if picture.get_at((w // 2, y)) == fill:
            return y
    return 0


class Registry:
    """Installed into ``assets.text_registry``: each rendered line once becomes a traced picture of itself."""

    def __init__(self) -> None:
        self.pictures: dict[int, tuple[pygame.Surface, Traced]] = {}

    def __call__(self, surface: pygame.Surface, words: str, colour: tuple) -> pygame.Surface:
        known = self.pictures.get(id(surface))
        if known is not None and known[0] is surface:
            return known[1]
        picture = Traced(surface.get_size(), pygame.SRCALPHA)
        pygame.surface.Surface.blit(picture, surface, (0, 0), None, pygame.BLEND_RGBA_MAX)
        picture.lines = [Line(words, colour, picture, (0, 0), letters=picture.get_bounding_rect(1))]
        self.pictures[id(surface)] = (surface, picture)
        return picture


def art_picture(surface: pygame.Surface) -> pygame.Surface:
    """Installed into ``art.art_registry``: a finished card, tile or face becomes a traced picture that says it is
    art, whose own letters no line of text may lie on."""
    picture = Traced(surface.get_size(), pygame.SRCALPHA)
    pygame.surface.Surface.blit(picture, surface, (0, 0), None, pygame.BLEND_RGBA_MAX)
    picture.art = True
    return picture


def _keeping_art(transform):
    def transformed(source, *args, **kwargs):
        out = transform(source, *args, **kwargs)
        return art_picture(out) if getattr(source, "art", False) and out is not None else out

    return transformed


def draw_looked_at(app, names: tuple[str, ...] = ()) -> list["Finding"]:
    """Draw one frame of ``app`` from a clean canvas and say what is wrong with its text (``names``: the players',
    which must never be cut short with «…»)."""
    app.canvas.lines, app.canvas.boxes, app.canvas.shade_seq = [], [], None
    Traced.looking = True
    try:
        app.draw(1.0)
    finally:
        Traced.looking = False
    return problems(app.canvas, names)


def install(monkeypatch) -> Registry:
    """Turn the check on for one test: every later surface is traced, every line of text remembered."""
    registry = Registry()
    monkeypatch.setattr(pygame, "Surface", Traced)
    monkeypatch.setattr(assets, "text_registry", registry)
    monkeypatch.setattr(art, "art_registry", art_picture)
    for name in ("rotate", "rotozoom", "scale", "smoothscale", "flip"):  # a card turned or scaled is still a card
        monkeypatch.setattr(pygame.transform, name, _keeping_art(getattr(pygame.transform, name)))
    assets.reset()  # pictures kept from before hold untraced text
    return registry


# ---------------------------------------------------------------------------------------------- the frame
def _linear(c: int) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


_RED, _GREEN, _BLUE = ([k * _linear(c) for c in range(256)] for k in (0.2126, 0.7152, 0.0722))
_SQUARE = pygame.mask.Mask((2 * RING + 1, 2 * RING + 1), fill=True)


@dataclass
class Seen:
    """A line as the final frame shows it: where its letters are and the frame's pixels over the same rectangle."""

    line: Line
    box: pygame.Rect  # on the canvas, inside the screen
    alpha: bytes  # the line's alpha over ``box``, a byte a pixel
    pixels: bytes  # the frame over ``box``, RGB
    ink: pygame.mask.Mask  # the letters over ``box``

    def luminances(self, where) -> list[float]:
        p = self.pixels
        return [_RED[r] + _GREEN[g] + _BLUE[b] for keep, r, g, b in zip(where, p[0::3], p[1::3], p[2::3]) if keep]


def _seen(line: Line, canvas: pygame.Surface) -> Seen | None:
    full = pygame.Rect(line.origin, line.picture.get_size())
    box = full.clip(canvas.get_rect())
    if box.w == 0 or box.h == 0:
        return None
    part = line.picture.subsurface(box.move(-full.x, -full.y))
    alpha = pygame.image.tobytes(part, "RGBA")[3::4]
    pixels = pygame.image.tobytes(canvas.subsurface(box), "RGB")
    return Seen(line, box, alpha, pixels, pygame.mask.from_surface(part, INK_ALPHA - 1))


def _core(seen: Seen) -> bytes:
    top = max(seen.alpha) if seen.alpha else 0
    least = CORE_ALPHA if top >= CORE_ALPHA else max(1, top * 3 // 4)
    return bytes(a >= least for a in seen.alpha)


def contrast(seen: Seen) -> float:
    """Between what the letters show and what stands right around them; the fifth of the surroundings that reads
    worst decides, so a busy background cannot hide behind its average."""
    letters = pygame.mask.from_surface(seen.line.picture.subsurface(
        seen.box.move(-seen.line.origin[0], -seen.line.origin[1])), 0)
    grown = letters.convolve(_SQUARE)
    ring = pygame.mask.Mask(seen.box.size)
    ring.draw(grown, (-RING, -RING))
    ring.erase(letters, (0, 0))
    around = pygame.image.tobytes(ring.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0)),
                                  "RGBA")[3::4]
    bg_all = seen.luminances(around)
    fg_all = seen.luminances(_core(seen))
    if not fg_all or not bg_all:
        return 21.0
    fg = sorted(fg_all)[len(fg_all) // 2]
    ratios = sorted((max(fg, bg) + 0.05) / (min(fg, bg) + 0.05) for bg in bg_all)
    return ratios[len(ratios) // 5]


def covered_share(seen: Seen) -> float:
    """How much of the letters' solid middle the frame shows in another colour: something drawn over them."""
    core = bytes(a >= CORE_ALPHA for a in seen.alpha)
    p = seen.pixels
    cr, cg, cb = seen.line.colour[:3]
    looked = wrong = 0
    for keep, r, g, b in zip(core, p[0::3], p[1::3], p[2::3]):
        if keep:
            looked += 1
            wrong += max(abs(r - cr), abs(g - cg), abs(b - cb)) > 60
    return wrong / looked if looked else 0.0


def _overlap(a: Seen, b: Seen) -> int:
    return a.ink.overlap_area(b.ink, (b.box.x - a.box.x, b.box.y - a.box.y))


def _shadow_pair(a: Line, b: Line) -> bool:
    """A line drawn twice a few pixels apart in two colours is a line with its shadow."""
    return a.words == b.words and abs(a.origin[0] - b.origin[0]) <= 4 and abs(a.origin[1] - b.origin[1]) <= 4


def _where(line: Line) -> str:
    r = line.ink
    return f"«{line.words}» at ({r.x}, {r.y}, {r.w}×{r.h})"


@dataclass(frozen=True)
class Finding:
    """One thing wrong: ``key`` names it without pixels (what a list of known ones holds), ``detail`` says where."""

    key: str
    detail: str

    def __str__(self) -> str:
        return self.detail


def lying_under(canvas: pygame.Surface, words: str) -> list[Finding]:
    """What lies under the panel the line ``words`` stands on (a passing notice over a table): every line and card
    drawn before that panel and sharing pixels with it, half hidden or wholly."""
    boxes = getattr(canvas, "boxes", ())
    found = []
    for notice in (line for line in _lines_of(canvas) if line.words == words and not line.hidden):
        plates = [(n, box) for box, n, *_ in boxes if n < notice.seq and box.collidepoint(notice.ink.center)]
        if not plates:
            continue
        seq, plate = max(plates, key=lambda item: item[0])
        for line in _lines_of(canvas):
            if line.seq < seq and not line.hidden and line.words.strip() and plate.colliderect(line.ink):
                found.append(Finding(f"«{line.words}» under «{words}»", f"{_where(line)} lies under {tuple(plate)}"))
        cards = [box for box, n, art, _ in boxes if art and n < seq and plate.clip(box).w > 2 and plate.clip(box).h > 2]
        if cards:
            found.append(Finding(f"cards under «{words}»", f"{len(cards)} cards lie under {tuple(plate)}, "
                                                            f"the first at {tuple(cards[0])}"))
    return found


def problems(canvas: pygame.Surface, names: tuple[str, ...] = ()) -> list[Finding]:
    """What is wrong with the text of the frame just drawn on ``canvas``."""
    shown = []
    found = []
    for line in _lines_of(canvas):
        if line.hidden or not line.words.strip():
            continue
        cut = line.words.rstrip("…")
        if line.words.endswith("…") and any(name.startswith(cut) and name != cut for name in names if cut):
            found.append(Finding(f"«{line.words}» a name cut short", f"{_where(line)} is a player's name cut short"))
        if line.clipped:
            by = "screen" if line.clipped == "экран" else "picture it is in"
            found.append(Finding(f"«{line.words}» cut by the {by}", f"{_where(line)} is cut by the {by}"))
        seen = _seen(line, canvas)
        if seen is not None:
            shown.append(seen)
    shadows = {id(a.line) for a in shown for b in shown if a is not b and _shadow_pair(a.line, b.line)
               and shown.index(a) < shown.index(b)}
    behind = set()
    for seen in shown:
        line = seen.line
        if id(line) in shadows:
            continue
        if not line.faded:
            share = max(covered_share(seen), min(1.0, line.under / max(1, solid_letters(line).count())))
            if share >= HIDDEN_SHARE:  # wholly under a later picture: a dialog's panel over the table
                behind.add(id(line))
                continue
            if share > COVERED_SHARE:
                found.append(Finding(f"«{line.words}» covered",
                                     f"{_where(line)} is covered by a later drawing ({share:.0%} of its letters)"))
                continue
        if line.colour in INACTIVE or line.faded:  # a fading line is in passage: its overlaps count, not its blend
            continue
        ratio = contrast(seen)
        if ratio < MIN_CONTRAST:
            found.append(Finding(f"«{line.words}» low contrast",
                                 f"{_where(line)} has contrast {ratio:.2f}:1 with what lies under it"))
    shown = [seen for seen in shown if id(seen.line) not in behind]
    boxes = [entry for entry in getattr(canvas, "boxes", ()) if entry[0] != canvas.get_rect()]
    shade = getattr(canvas, "shade_seq", None)
    for seen in shown:
        ink = seen.line.ink
        before = [(n, box, art, border) for box, n, art, border in boxes if n < seen.line.seq]
        around = [item for item in before if item[1].collidepoint(ink.center)]
        stands = max(around, key=lambda item: item[0]) if around else None  # the panel drawn last under the line
        if shade is not None and seen.line.seq > shade and not seen.line.faded and stands is None:
            found.append(Finding(f"«{seen.line.words}» on a bare shade",
                                 f"{_where(seen.line)} stands on the shade itself, what lies under it showing through"))
        if stands is not None and not stands[1].contains(ink):
            found.append(Finding(f"«{seen.line.words}» leaves its panel",
                                 f"{_where(seen.line)} leaves the panel it stands in, {tuple(stands[1])}"))
        elif stands is not None and not stands[2] and not stands[1].inflate(-2 * stands[3], -2 * stands[3]).contains(ink):
            found.append(Finding(f"«{seen.line.words}» on its panel's edge",
                                 f"{_where(seen.line)} touches the border of the panel it stands in, {tuple(stands[1])}"))
        # a card's letters are part of its picture: a line over a card it does not stand in (on a panel drawn later)
        # hides them, whatever the pixels say
        for n, box, art, _ in before:
            over = box.clip(ink)
            if art and over.w > 2 and over.h > 2 and not box.contains(ink) \
                    and not (stands is not None and stands[0] > n and stands[1].contains(ink)):
                found.append(Finding(f"«{seen.line.words}» covers a card",
                                     f"{_where(seen.line)} covers the card at {tuple(box)}"))
                break
    for card, seq, *_ in (entry for entry in boxes if entry[2]):
        # the panels under a card's middle, its own plate among them (drawn into one picture, they share its moment)
        around = [(n, box) for box, n, art, _ in boxes if not art and n <= seq and box.collidepoint(card.center)]
        if around and not any(box.contains(card) for _, box in around):
            panel = max(around, key=lambda item: item[0])[1]
            found.append(Finding(f"a card at {tuple(card)} leaves its panel",
                                 f"the card at {tuple(card)} leaves the panel it lies in, {tuple(panel)}"))
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if _shadow_pair(a.line, b.line) or not a.box.colliderect(b.box):
                continue
            if _overlap(a, b):
                found.append(Finding(f"«{a.line.words}» overlaps «{b.line.words}»",
                                     f"{_where(a.line)} and {_where(b.line)} overlap"))
    return found
