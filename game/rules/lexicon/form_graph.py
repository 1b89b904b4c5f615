"""Скрэббл's word forms as the letter graph the board move generator walks (game/rules/board/movegen.py).

Millions of forms are too many to copy into nested dicts, and asking the forms index ``has_prefix`` for each of the
33 letters of a node costs a question per letter. The index is itself a minimal DAWG (dawgdic: a double-array
dictionary and a guide that lists each state's children), so the graph takes its states as they are: node ``i`` is
DAWG state ``i``, shared by every prefix that reaches it, so the graph never grows past the index's own size (about
300,000 states, of which a game reads a fraction). ``nodes[i]`` is None until ``read(i)`` lists the state's children
once: a dict of letter -> child state, with ``END`` where a form of an accepted class ends (the lexicon's toggles).
The nodes hold only letters and numbers, so the garbage collector never walks them: a search that records tens of
thousands of moves sets off many full collections, and each would otherwise walk every node read so far.

What depends on the whole word and not on the state — the blocklist, the shortest length — the generator asks of
every word it would record through ``refuses`` (the lexicon's own ``is_word``, remembered in ``verdicts``, which the
generator reads first: one dict lookup per recorded move instead of a method call), so the moves are exactly those the
lexicon's questions found.
"""
from __future__ import annotations

import struct
from array import array
from typing import Callable

END = ""  # the word-end key of the generator's graphs (game.rules.board.words.END)
LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"  # the order children are listed in, as the question graph did
# a letter is two bytes of UTF-8 in the DAWG: (lead << 8 | trail) -> letter
_BY_BYTES = {int.from_bytes(ch.encode("utf-8"), "big"): ch for ch in LETTERS}
REMEMBERED_WORDS = 200_000  # verdicts kept by ``refuses`` before it starts over
LETTER_BITS = {letter: 1 << i for i, letter in enumerate(LETTERS)}


class FormGraph:
    """The forms DAWG read from its serialized bytes (``dawg`` ``tobytes()``) as the generator's node table."""

    root = 0
    lists_cheaply = True  # listing a node's children reads two arrays, no question to the lexicon
    # a budgeted search weighs each step on this graph as it did when every step could be a question to the
    # lexicon (game.rules.board.movegen.PREFIX_STEP_COST), so a budget finds the same moves as before
    walks_lexicon_index = True
    # ``masks[i]``: the letters node i goes on with as bits (``letter_bits``; the graph has no other letters, so
    # ``other_bit`` is never set): the generator tells at once whether a tile could be followed at all
    letter_bits = LETTER_BITS
    other_bit = 1 << len(LETTERS)

    def __init__(self, raw: bytes, classes: int, is_word: Callable[[str], bool]):
        units = array("I")
        if units.itemsize != 4:
            units = array("L")
        size = struct.unpack_from("=I", raw, 0)[0]
        units.frombytes(raw[4:4 + 4 * size])
        guide_size = struct.unpack_from("=I", raw, 4 + 4 * size)[0]
        guide = array("B")
        guide.frombytes(raw[8 + 4 * size:8 + 4 * size + 2 * guide_size])
        self._units, self._guide, self._classes, self._is_word = units, guide, classes, is_word
        self.nodes: list[dict | None] = [None] * size
        self.masks = [0] * size  # set before the node is published in ``nodes``: a reader of one finds the other
        # word -> whether it is refused; never replaced, only cleared, so a reader may keep a reference to it
        self.verdicts: dict[str, bool] = {}

    def _children(self, index: int) -> list[tuple[int, int]]:
        """(byte label, state) of every transition out of a state, as dawgdic's guide lists them."""
        guide = self._guide
        label = guide[index * 2]
        if not label:
            return []
        base = self._units[index]
        offset = (base >> 10) << ((base & 512) >> 6)
        out = []
        while label:
            child = (index ^ offset ^ label) & 0xFFFFFFFF
            out.append((label, child))
            label = guide[child * 2 + 1]
        return out

    def _ends_word(self, index: int) -> bool:
        """Whether a form of an accepted class ends at a state (dawgdic: a leaf child holds the key's value)."""
        base = self._units[index]
        if not base & 256:
            return False
        offset = (base >> 10) << ((base & 512) >> 6)
        return bool(self._units[(index ^ offset) & 0xFFFFFFFF] & 0x7FFFFFFF & self._classes)

    def read(self, state: int) -> dict:
        """The node of a state, listed now if it was not yet."""
        node = self.nodes[state]
        if node is not None:
            return node
        found = {}
        for lead, middle in self._children(state):
            for trail, child in self._children(middle):
                letter = _BY_BYTES.get(lead << 8 | trail)
                if letter is not None:
                    found[letter] = child
        node = {letter: found[letter] for letter in LETTERS if letter in found}
        mask = 0
        for letter in node:
            mask |= LETTER_BITS[letter]
        if self._ends_word(state):
            node[END] = True
        self.masks[state] = mask
        self.nodes[state] = node
        return node

    def refuses(self, word: str) -> bool:
        """Whether the lexicon refuses a word that the graph spells to an END (blocked, or one letter long)."""
        verdicts = self.verdicts
        verdict = verdicts.get(word)
        if verdict is None:
            if len(verdicts) >= REMEMBERED_WORDS:
                verdicts.clear()
            verdict = verdicts[word] = not self._is_word(word)
        return verdict
