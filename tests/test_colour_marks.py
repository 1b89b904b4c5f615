"""The colour-blind marks on UNO cards are shapes one can tell apart at table size, not dots."""
import pygame

from game import art

TABLE_CARD = (74, 103)


def test_the_marks_cover_a_visible_part_of_a_table_card():
    pygame.display.init()
    for colour in ("red", "yellow", "green", "blue"):
        plain = art.uno_card(colour, "7", TABLE_CARD, colorblind=False)
        marked = art.uno_card(colour, "7", TABLE_CARD, colorblind=True)
        w, h = TABLE_CARD
        changed = sum(1 for x in range(w) for y in range(h) if plain.get_at((x, y)) != marked.get_at((x, y)))
        assert changed >= 0.03 * w * h, (colour, changed)
