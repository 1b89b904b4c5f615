"""Arranged «Нет слов» tables for the tests: a real state with chosen cards where a test needs them."""
from __future__ import annotations

from game.rules.base import resolve_options
from game.rules.nowords import RULES
from game.rules.nowords import cards as C


def arrange(players: int = 3, conversation: str = "АО", hands: list[str] | None = None, deck: str = "",
            seed: int = 1, options: dict | None = None, last_mover: int = -1, turn: int = 0):
    """A state whose conversation is ``conversation`` (upper case: red cards, lower case: black), whose
    hands start with the given black letters (filled up to three with letters that make few words), and
    whose deck draws ``deck`` first. Every other card keeps its place in the 84."""
    state = RULES.new_game(resolve_options(RULES.house_rules, options), players, seed)
    blacks = list(C.BLACK_IDS)
    reds = list(C.RED_IDS)

    def take(letter: str) -> str:
        pool = reds if letter.isupper() else blacks
        for card in pool:
            if C.LETTER[card] == letter.lower():
                pool.remove(card)
                return card
        raise ValueError(f"no card {letter!r} left")

    state.conversation = [take(ch) for ch in conversation]
    hands = list(hands or []) + [""] * (players - len(hands or []))
    state.hands = [[take(ch) for ch in h] for h in hands]
    top = [take(ch) for ch in deck]
    fillers = [c for c in blacks if C.LETTER[c] in "щэфцюжшхйъь"]
    for hand in state.hands:
        while len(hand) < 3:
            card = fillers.pop() if fillers else blacks[-1]
            blacks.remove(card)
            hand.append(card)
    state.deck = blacks + list(reversed(top))  # the deck is drawn from its end
    state.showcase = reds
    state.last_mover = last_mover
    state.turn = turn
    assert RULES.check_invariants(state) == [], RULES.check_invariants(state)
    return state


def card_of(state, letter: str, where: list[str]) -> str:
    return next(c for c in where if C.LETTER[c] == letter)


def letters(cards: list[str]) -> str:
    return "".join(C.LETTER[c] for c in cards)
