"""Helpers for the «Твёрдый знак» tests: a small real dictionary with tags, and arranged deals."""
from __future__ import annotations

from game.rules.hardsign import RULES
from game.rules.hardsign import words as W

TAGS = {
    "кот": {"муж", "кто", "животное", "природа"},
    "ток": {"муж", "что"},
    "рог": {"муж", "что", "твёрдое", "предмет"},
    "бог": {"муж", "кто"},
    "пирог": {"муж", "что", "съедобное", "рукотворное", "предмет"},
    "триод": {"муж", "что", "рукотворное", "предмет"},
    "мясо": {"ср", "что", "съедобное", "предмет"},
    "слово": {"ср", "что"},
    "съезд": {"муж", "что"},
    "объект": {"муж", "что"},
    "стол": {"муж", "что", "рукотворное", "предмет", "в_комнате"},
    "слон": {"муж", "кто", "животное", "природа"},
    "сон": {"муж", "что"},
    "нос": {"муж", "что"},
    "сок": {"муж", "что", "жидкое", "съедобное"},
    "кит": {"муж", "кто", "животное", "природа"},
    "кета": {"жен", "кто", "рыба", "природа"},
    "сова": {"жен", "кто", "птица", "природа"},
    "лес": {"муж", "что", "природа"},
    "ром": {"муж", "что", "жидкое"},
    "мост": {"муж", "что", "рукотворное"},
    "рот": {"муж", "что"},
    "торс": {"муж", "что"},
    "мор": {"муж", "что"},
    "ком": {"муж", "что"},
    "сом": {"муж", "кто", "рыба", "природа"},
    "ор": {"муж", "что"},
}
SMALL = W.FixedWords(TAGS, TAGS, common=["кот", "ток", "рог", "сон", "нос", "сок", "кит", "лес", "ром", "рот"])


def arrange(state, hands: list[str], table: str, bonuses: tuple = (), deck_top: str = "", banks: list[str] = ()):
    """Put the given faces (one character a card) into the hands, on the table and on top of the deck; bonus tags
    on the table; faces into the banks. Everything else is shuffled into the deck in a fixed order."""
    pool = sorted(state.card_ids(), key=lambda c: int(c[1:]))
    taken: set[str] = set()

    def take(face: str) -> str:
        for card in pool:
            if card not in taken and state.face(card) == face:
                taken.add(card)
                return card
        raise AssertionError(f"no card {face!r} left")

    state.hands = [[take(f) for f in hand] for hand in hands]
    state.table = [take(f) for f in table]
    state.banks = [[take(f) for f in bank] for bank in banks] + [[] for _ in range(state.players - len(banks))]
    top = [take(f) for f in deck_top]
    state.deck = [c for c in pool if c not in taken] + list(reversed(top))
    if bonuses:
        by_tag = {state.bonus_tag(b): b for b in state.bonus_ids()}
        state.bonus_table = [by_tag[t] for t in bonuses]
        state.bonus_stack = sorted(set(by_tag.values()) - set(state.bonus_table), key=lambda b: int(b[1:]))
        state.bonus_seen = list(state.bonus_table)
    assert RULES.check_invariants(state) == [], RULES.check_invariants(state)
    return state


def ids(state, seat: int, faces: str, table_faces: str = "") -> tuple:
    """Card ids for a row: each face from the seat's hand if there, else from the table (in order)."""
    out = []
    for face in faces:
        for card in state.hands[seat] + state.table:
            if state.face(card) == face and card not in out:
                out.append(card)
                break
        else:
            raise AssertionError(f"no {face!r} for seat {seat}")
    return tuple(out)
