"""«вкл» and «выкл» read apart by colour as well as by word, each legible on its panel (WCAG 4.5:1)."""
import pygame

from game.scenes.base import PANEL, Toggle


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_on_and_off_have_their_own_legible_colours():
    on = Toggle(pygame.Rect(0, 0, 300, 60), "Крупный текст", value=True).value_colour()
    off = Toggle(pygame.Rect(0, 0, 300, 60), "Крупный текст", value=False).value_colour()
    assert on != off
    assert contrast(on, off) >= 1.3 or abs(on[1] - on[0]) > 60  # apart in brightness or in hue
    for colour in (on, off):
        assert contrast(colour, PANEL) >= 4.5
