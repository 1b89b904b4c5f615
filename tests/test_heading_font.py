"""The heading face draws Russian: every letter and sign the titles use has its own glyph, and Cyrillic т and д
are not Latin m and g (Comfortaa drew «Нет слов» as «Неm слов»)."""
import pygame
import pygame.freetype

from game import assets

RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
SIGNS = "0123456789 «»—–-+−×·…!?.,:;№%()/"


def shape(font, ch):
    surface, _ = font.render(ch, (255, 255, 255), (0, 0, 0))
    w, h = surface.get_size()
    return w, h, bytes(surface.get_at((x, y))[0] > 127 for y in range(h) for x in range(w))


def test_the_heading_face_has_every_russian_letter_and_sign():
    pygame.freetype.init()
    font = pygame.freetype.Font(str(assets.FACES["heading"]), 32)
    missing = [c for c in RUSSIAN + RUSSIAN.upper() + SIGNS if font.get_metrics(c)[0] is None]
    assert not missing


def test_cyrillic_te_and_de_are_not_drawn_as_latin_m_and_g():
    pygame.freetype.init()
    font = pygame.freetype.Font(str(assets.FACES["heading"]), 48)
    for cyrillic, latin in (("т", "m"), ("д", "g"), ("п", "n"), ("и", "u")):
        assert shape(font, cyrillic) != shape(font, latin), (cyrillic, latin)


def test_every_face_is_shipped_with_its_licence():
    readme = (assets.FONTS / "README.md").read_text(encoding="utf-8")
    for path in assets.FACES.values():
        assert path.exists() and path.name in readme
