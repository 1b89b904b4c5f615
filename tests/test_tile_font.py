"""The letters drawn on tiles and letter cards are Cyrillic: Л has its flat top bar and is not a Greek Λ, Д stands on
its feet with a flat roof (Comfortaa drew both as triangles, so «ЛАДЬЯ» on a tile read as «ΛΑΔЬЯ»)."""
import pygame
import pygame.freetype

from game import art


def ink_spans(mask: pygame.Surface) -> list[int]:
    """Per inked row of a white-on-transparent text mask: from its leftmost to its rightmost inked pixel."""
    w, h = mask.get_size()
    spans = []
    for y in range(h):
        xs = [x for x in range(w) if mask.get_at((x, y)).a > 127]
        if xs:
            spans.append(xs[-1] - xs[0] + 1)
    return spans


def top_share(letter: str, font_path) -> float:
    """How wide the glyph's top rows reach against its widest row: a roof is wide, a peak is narrow."""
    pygame.freetype.init()
    spans = ink_spans(art._text_mask(letter, font_path, 120))
    return max(spans[: max(1, len(spans) // 12)]) / max(spans)


def test_el_and_de_have_a_flat_top_not_a_peak():
    for letter in "ЛД":
        assert top_share(letter, art.LETTER_FONT) > 0.5, letter


def test_a_peak_is_what_the_check_catches():
    # the same measure on a real peak (Greek Λ), so the check above can fail
    assert top_share("Λ", art.LETTER_FONT) < 0.5
