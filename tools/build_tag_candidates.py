"""Candidates for the Твёрдый знак category lists (game/data/lexicon/tags/*.txt), read from a Russian wordnet.

The lists are reviewed by hand; this tool only proposes. Its source is the wiki-ru-wordnet package (a wordnet
derived from the Russian Wiktionary: synsets, definitions and hypernyms, data CC BY-SA), used here at build time
only — the game never reads it. For each noun of the common and known tiers that a list does not already tag, it
walks up the word's hypernyms (the wordnet's own, and the genus of each definition: its first linked noun, as in
«[[драгоценный]] [[камень]] из семейства корундов» → камень) for at most MAX_DEPTH steps, and proposes the tags of
the ANCHORS it meets, with the path as the evidence.

Run:  pip install wiki-ru-wordnet && python tools/build_tag_candidates.py > /tmp/tag_candidates.txt

Each output line is «word: tags  # path»; the reviewed lines go into the tag files under a header that names this
source (strike what is wrong, keep what is right: a word is tagged only when every reader would agree).
"""
from __future__ import annotations

import re
import sqlite3
import sys
from collections import defaultdict, deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MAX_DEPTH = 3


def _plain(word: str) -> str:
    return word.replace("ё", "е")


# A hypernym met on the way up -> the tags it gives (the lexicon adds the implied ones: рыба → природа…).
ANCHORS = {
    "птица": ("птица",), "рыба": ("рыба",),
    **{lemma: ("животное",) for lemma in (
        "животное", "млекопитающее", "зверь", "насекомое", "пресмыкающееся", "рептилия", "земноводное", "амфибия",
        "паукообразное", "моллюск", "ракообразное", "членистоногое", "грызун", "примат", "копытное", "собака",
        "кошка", "змея", "ящерица", "жук", "бабочка", "червь", "обезьяна", "антилопа", "олень")},
    **{lemma: ("растение",) for lemma in (
        "растение", "дерево", "кустарник", "кустарничек", "полукустарник", "трава", "травянистое растение",
        "цветок", "злак", "лиана", "мох", "папоротник")},
    **{lemma: ("съедобное", "рукотворное") for lemma in (
        "еда", "пища", "блюдо", "кушанье", "яство", "выпечка", "изделие из теста", "хлебобулочное изделие",
        "кондитерское изделие", "сладость", "лакомство", "конфета", "печенье", "пирог", "пирожное", "торт",
        "колбаса", "сыр", "каша", "суп", "салат", "соус", "приправа", "закуска", "хлеб", "булка", "десерт")},
    **{lemma: ("съедобное",) for lemma in ("овощ", "фрукт", "ягода", "плод", "орех", "корнеплод", "продукт питания",
                                           "пищевой продукт", "мясо", "продукт")},
    **{lemma: ("жидкое", "рукотворное") for lemma in (
        "напиток", "алкогольный напиток", "спиртной напиток", "вино", "водка", "настойка", "ликёр", "пиво", "сок",
        "коктейль", "спиртное")},
    **{lemma: ("жидкое",) for lemma in ("жидкость",)},
    **{lemma: ("рукотворное",) for lemma in (
        "здание", "сооружение", "строение", "постройка", "помещение", "дом", "изделие", "одежда", "предмет одежды",
        "обувь", "головной убор", "инструмент", "орудие", "устройство", "прибор", "приспособление", "механизм",
        "аппарат", "машина", "транспортное средство", "транспорт", "судно", "корабль", "лодка", "экипаж",
        "повозка", "автомобиль", "оружие", "огнестрельное оружие", "холодное оружие", "посуда", "сосуд", "ёмкость",
        "мебель", "украшение", "ткань", "музыкальный инструмент", "игрушка", "сантехника", "помост", "кузов",
        "лекарство", "лекарственное средство", "упаковка",
        "тара", "сумка", "ящик", "картина", "скульптура", "снаряд", "укрепление", "храм", "жилище", "комната",
        "заведение", "магазин", "дорога", "мост", "станок", "двигатель", "электроприбор", "бытовой прибор")},
    **{lemma: ("твёрдое", "природа") for lemma in ("минерал", "камень", "драгоценный камень", "горная порода",
                                                   "самоцвет", "кристалл")},
    **{lemma: ("твёрдое",) for lemma in ("металл", "сплав", "химический элемент")},
    **{lemma: ("природа",) for lemma in (
        "водоём", "возвышенность", "гриб", "атмосферное явление", "явление природы",
        "природное явление", "осадки", "ветер", "небесное тело", "ландшафт", "местность",
        "рельеф", "форма рельефа")},
}
ANCHORS = {_plain(lemma): tags for lemma, tags in ANCHORS.items()}
# «вид [[рыба|рыб]]», «[[порода]] [[собака|собак]]»: the genus that tells is the next linked noun.
VAGUE_GENERA = frozenset({"вид", "тип", "род", "название", "порода", "разновидность", "сорт", "семейство", "часть",
                          "совокупность", "группа", "марка", "модель", "класс", "отряд", "особь"})
LINK = re.compile(r"\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]")


def wordnet_path() -> Path:
    try:
        import wiki_ru_wordnet
    except ImportError:
        sys.exit("Нужен пакет wiki-ru-wordnet: pip install wiki-ru-wordnet")
    return Path(wiki_ru_wordnet.__file__).parent / "database" / "wikiwordnet.db"


def read_graph(path: Path, is_noun) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Two maps lemma -> genus lemmas (е spelling): over all the lemma's senses (the wordnet's hypernyms and each
    definition's first linked noun), and over its first sense only. Walking further up than the word itself follows
    first senses only: a homonym's sense (баба, the cake) must not turn «мама» into food."""
    connection = sqlite3.connect(path)
    lemmas_of: dict[int, set[str]] = defaultdict(set)
    genus_of: dict[int, set[str]] = defaultdict(set)
    for synset, lemma, definition in connection.execute("SELECT synset_id, lemma, definition FROM synsets"):
        lemmas_of[synset].add(_plain(lemma.lower()))
        fields = definition.split("~")
        text = re.sub(r"\{\{[^}]*\}\}", " ", fields[4] if len(fields) > 4 else "")  # labels and examples
        for link in LINK.findall(text):
            genus = _plain(link.strip().lower())
            if is_noun(genus):
                genus_of[synset].add(genus)
                if genus not in VAGUE_GENERA:
                    break
    every: dict[str, set[str]] = defaultdict(set)
    first: dict[str, set[str]] = {}
    for synset in sorted(lemmas_of):  # Wiktionary's sense order
        for lemma in lemmas_of[synset]:
            parents = genus_of[synset] - {lemma}
            every[lemma] |= parents
            if lemma not in first and parents:
                first[lemma] = parents
    return every, first


def anchor_paths(word: str, graph: tuple[dict[str, set[str]], dict[str, set[str]]]) -> dict[str, list[str]]:
    """tag -> the shortest path from word up to an anchor that gives it."""
    every, first = graph
    found: dict[str, list[str]] = {}
    seen = {word}
    queue = deque([[word]])
    while queue:
        path = queue.popleft()
        for tag in ANCHORS.get(path[-1], ()) if len(path) > 1 else ():
            found.setdefault(tag, path)
        if len(path) > 1 and path[-1] in ("птица", "рыба"):
            continue  # a bird or a fish is no «животное» (the card), whatever the wordnet says above it
        if len(path) > MAX_DEPTH:
            continue
        for parent in sorted((every if len(path) == 1 else first).get(path[-1], ())):
            if parent not in seen:
                seen.add(parent)
                queue.append(path + [parent])
    return found


def main() -> None:
    import pymorphy3

    from game import lexicon_store
    lexicon_store.install()  # the rules find the dictionary's index through the store
    from game.rules import lexicon
    from game.rules.lexicon.data import read_list

    morph = pymorphy3.MorphAnalyzer()

    def is_noun(word: str) -> bool:
        return any(parse.tag.POS == "NOUN" and parse.is_known for parse in morph.parse(word.split()[-1]))

    graph = read_graph(wordnet_path(), is_noun)
    hardsign = lexicon.get("hardsign")
    words = [word for word in dict.fromkeys(read_list("common.txt") + read_list("known.txt")) if hardsign.check(word).ok]
    for word in words:
        have = lexicon.tags(word)
        proposed = {tag: path for tag, path in anchor_paths(_plain(word), graph).items() if tag not in have}
        if proposed:
            evidence = "; ".join(f"{tag}: {' > '.join(path)}" for tag, path in sorted(proposed.items()))
            print(f"{word}: {' '.join(sorted(proposed))}  # {evidence}")


if __name__ == "__main__":
    main()
