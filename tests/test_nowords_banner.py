"""Нет слов: the «Ваш ход» banner stands where the status line does and leaves the hand's cards clear,
with large text on as well."""
import pygame

from game import assets
from game.scenes.base import WIDTH
from game.scenes.nowords.table import HAND_TOP, NoWordsScene


def test_the_turn_banner_leaves_a_lifted_hand_card_clear(app):
    for scale in (1.0, 1.2):
        assets.set_text_scale(scale)
        title = assets.text("Ваш ход", 22, (255, 255, 255), "heading")
        sub = assets.text("выложите одну букву так, чтобы не сложилось слово", 16, (255, 255, 255))
        box = NoWordsScene.banner_box(title, sub)
        assert box.bottom <= HAND_TOP and 0 <= box.left and box.right <= WIDTH, (scale, box)
    assets.set_text_scale(1.0)


def test_six_showcase_cards_stay_inside_their_panel():
    from game.scenes.nowords.table import SHOW_CARD, SHOWCASE

    for index in range(6):
        x, y = NoWordsScene.showcase_point(None, index)
        card = pygame.Rect(0, 0, *SHOW_CARD)
        card.center = (round(x), round(y))
        assert SHOWCASE.contains(card), (index, card)
