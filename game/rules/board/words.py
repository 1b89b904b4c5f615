"""Where the board games get their words, and the letter graph the move generator walks.

``load(game_id, options)`` returns the lexicon of the game (``game.rules.lexicon``). Tests
and tools may install a smaller real dictionary with :func:`use_words` instead; the engine
never reaches the lexicon any other way, so the same code runs on 200 words or on 100 000.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

Verdict = tuple[bool, str]  # (ok, Russian reason when not ok)


@dataclass(frozen=True)
class FixedWords:
    """A small dictionary given as a list: what tests and tools install with :func:`use_words`."""

    words: frozenset
    common: frozenset = frozenset()
    tagged: tuple = ()  # ((word, frozenset of tags), ...)

    @staticmethod
    def of(words: Iterable[str], common: Iterable[str] = (), tags: dict | None = None) -> "FixedWords":
        ws = frozenset(w.strip().lower() for w in words if w.strip())
        return FixedWords(ws, frozenset(common) or ws, tuple(sorted((tags or {}).items())))

    def check(self, word: str):
        return _SimpleVerdict(word, word in self.words, "" if word in self.words else "нет в словаре")

    def tags(self, word: str) -> frozenset:
        return dict(self.tagged).get(word, frozenset())


@dataclass(frozen=True)
class _SimpleVerdict:
    word: str
    ok: bool
    reason: str


_override: Callable[[str, dict], object] | None = None


def use_words(source: Callable[[str, dict], object] | object | None) -> None:
    """Install a word source for every board game (None restores the real lexicon).
    ``source`` is either an object with ``words``/``check``/``common`` or a function
    ``(game_id, options) -> such an object``."""
    global _override
    if source is None or callable(source) and not hasattr(source, "words"):
        _override = source  # type: ignore[assignment]
    else:
        _override = lambda game_id, options: source  # noqa: E731


def installed() -> bool:
    """A word source is installed in this process (``use_words``): another process would judge with the lexicon."""
    return _override is not None


def load(game_id: str, options: dict | None = None, for_bots: bool = False):
    """The word source of a game: ``words`` (frozenset), ``check(word)`` (verdict with a
    Russian ``reason``), ``common`` (frozenset) — the game's one word judge, ``lexicon.judge``.
    ``for_bots``: the words the game itself may say (bots' moves, hints, reviews), without those only people may
    play; an installed source serves both."""
    options = options or {}
    if _override is not None:
        return _override(game_id, options)
    from game.rules import lexicon  # imported late: the lexicon is large and loads on first use

    return lexicon.judge(game_id, options, for_bots=for_bots)


def tags_of(source, word: str) -> frozenset:
    """Semantic tags of a word (for the themed variant); empty when no tags are known."""
    own = getattr(source, "tags", None)
    if callable(own):
        return frozenset(own(word))
    try:
        from game.rules import lexicon
    except ImportError:
        return frozenset()
    fn = getattr(lexicon, "tags", None)
    try:
        return frozenset(fn(word)) if fn else frozenset()
    except Exception:  # tags are a bonus: a lexicon without them must not break a move
        return frozenset()


# --------------------------------------------------------------------------- letter graph
END = ""  # key marking a node where a word ends


def build_graph(words: Iterable[str]) -> dict:
    """A minimal acyclic word graph (DAWG) of nested dicts: ``node[letter] -> node`` and
    ``node[END] is True`` where a word ends. Built incrementally from sorted words
    (Daciuk et al.), so memory stays at the size of the minimal graph even for millions
    of word forms."""
    register: dict[tuple, dict] = {}
    root: dict = {}
    path: list[dict] = [root]
    prev = ""

    def minimize(down_to: int) -> None:
        for i in range(len(path) - 1, down_to, -1):
            node = path[i]
            sig = tuple((k, True if k == END else id(v)) for k, v in node.items())
            same = register.get(sig)
            if same is not None:
                path[i - 1][prev[i - 1]] = same
            else:
                register[sig] = node
        del path[down_to + 1:]

    for word in sorted(set(words)):
        common = 0
        limit = min(len(prev), len(word))
        while common < limit and prev[common] == word[common]:
            common += 1
        minimize(common)
        node = path[common]
        for ch in word[common:]:
            nxt: dict = {}
            node[ch] = nxt
            path.append(nxt)
            node = nxt
        node[END] = True
        prev = word
    minimize(0)
    return root


_graphs: dict[tuple[int, bool], tuple[object, dict]] = {}


def graph_for(words: frozenset, both_ways: bool = False) -> dict:
    """The cached graph of a word set (``both_ways`` adds every word read backwards, which is
    how Словодел's «слово читается с любого конца» becomes an ordinary dictionary)."""
    key = (id(words), both_ways)
    hit = _graphs.get(key)
    if hit is not None and hit[0] is words:
        return hit[1]
    source = set(words)
    if both_ways:
        source |= {w[::-1] for w in words}
    graph = build_graph(source)
    if len(_graphs) > 8:
        _graphs.clear()
    _graphs[key] = (words, graph)
    return graph


class PrefixNode:
    """A graph node over a lexicon too large to copy (Скрэббл's millions of word forms):
    children are found with the lexicon's ``has_prefix`` and word ends with ``is_word``,
    each answer remembered (``kids`` maps a letter, or END, to the child node, or None
    when there is none). Quacks like the dict nodes of :func:`build_graph`."""

    __slots__ = ("lex", "prefix", "kids", "listed")
    LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"

    def __init__(self, lex, prefix: str):
        self.lex = lex
        self.prefix = prefix
        self.kids: dict = {}
        self.listed: list | None = None  # items() once every letter has been asked

    def get(self, ch: str, default=None):
        try:
            kid = self.kids[ch]  # the path of every repeated question
        except KeyError:
            kid = self._ask(ch)
        return default if kid is None else kid

    def _ask(self, ch: str):
        if ch == END:
            kid = True if len(self.prefix) >= 2 and self.lex.is_word(self.prefix) else None
        else:
            p = self.prefix + ch
            kid = PrefixNode(self.lex, p) if self.lex.has_prefix(p) else None
        self.kids[ch] = kid
        return kid

    def __contains__(self, ch) -> bool:
        return self.get(ch) is not None

    def items(self):
        listed = self.listed
        if listed is None:
            get = self.get
            listed = [(ch, kid) for ch in self.LETTERS if (kid := get(ch)) is not None]
            if END in self:
                listed.append((END, True))
            self.listed = listed
        return listed


_lazy: dict[int, tuple[object, PrefixNode]] = {}


def lazy_graph_for(source):
    hit = _lazy.get(id(source))
    if hit is not None and hit[0] is source:
        return hit[1]
    # a lexicon that reads its forms index as a graph itself (Скрэббл: lexicon.letter_graph) answers
    # without a question per letter
    root = source.letter_graph() if hasattr(source, "letter_graph") else PrefixNode(source, "")
    _lazy[id(source)] = (source, root)
    return root
