"""Make game/data/lexicon/supplement_lebedev.txt: nouns of A. I. Lebedev's Russian spelling dictionary (Debian's
package hunspell-ru) that the OpenCorpora dictionary lacks, with the forms Скрэббл needs.

The game accepts these words from people and never says them itself (no bot lays or claims them, no hint offers
them): a second dictionary fills the gaps players meet (ризеншнауцер, кикбоксёр-like words), but its words were
read only on a sample.

What is kept: a lower-case entry of letters only whose affix flags make it a noun (K N I H F O), which no spelling of
OpenCorpora knows in any part of speech, with its forms as the flags make them (a flag that makes no form of the
entry marks a stray form, «раджой», which is dropped, and so is an oblique form filed beside its word: «травницей»).
Dropped too: possessive adjectives that share a noun flag (начальничий), the blocklist's words, every word of the
slang, просторечие, names and noise lists and of the hand-reviewed supplement.txt (шаурма, which anyone may say),
and the «-нье» spelling of a «-ние» noun. A plural entry (остеоциты,
шортики) gives Скрэббл its forms and no noun game a headword. Gender comes from the ending and the flag. Animacy
(кто/что, for Твёрдый знак's bonus cards) comes from what a known word tells — a diminutive's base, a woman's
masculine word (ирокезка ← ирокез), a compound's head (брюкодержатель ← держатель) — then from endings reviewed on
the list's words; where nothing tells (ротвейлер, нертера) it is «?», and the word earns neither bonus card rather
than a wrong one. pymorphy3's own guess misjudged about one word in eight of a reviewed sample, so it is not used.
A word that is a diminutive of a known noun (шкафик, экранчик, бирочка) is marked «уменьш»: Словодел refuses it as
it refuses the dictionary's diminutives.

Run:  apt-get install hunspell-ru && python tools/build_lebedev_supplement.py
      (the package is needed only to build this list; the game never reads it)
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.lexicon.data import DATA_DIR, blocklist, read_list  # noqa: E402

AFF = Path("/usr/share/hunspell/ru_RU.aff")
DIC = Path("/usr/share/hunspell/ru_RU.dic")
OUT = DATA_DIR / "supplement_lebedev.txt"
NOUN_FLAGS = frozenset("KNIHFO")
WORD = re.compile("[а-яё]+")
VOWELS = "аеёиоуыэюя"
# endings no nominative singular has (or hardly): an entry ending so that is another entry's form is a stray form
OBLIQUE_ENDINGS = ("ей", "ой", "ою", "ею", "ью", "ами", "ями", "ах", "ях", "ам", "ям")
# Endings of things whatever pymorphy3 guesses: abstract nouns, sciences, methods, instruments.
THING_ENDINGS = ("ость", "ство", "ние", "тие", "ция", "ия", "ика", "метр", "скоп", "ома", "аза", "ол", "ен", "ид",
                 "ат", "ит", "он", "ировка", "овка", "ёвка", "евка", "грамма", "графия", "метрия")
# Endings of persons and young animals, whatever pymorphy3 guesses (a feminine person is found from her masculine
# word instead).
PERSON_ENDINGS = ("ист", "ёнок", "онок", "анин", "янин", "олог", "щик", "щица", "чица", "овед", "ёвед", "шник",
                  "инец", "енец", "анец", "ынец", "овец", "евец", "ёвец")
# Feminine endings of a woman's word (пляжница, кулачиха) when no masculine word tells: «?». Any other feminine or
# neuter word a dictionary lacks is a thing (плинфа, размахайка, берёстка, пригорье).
WOMAN_ENDINGS = ("ница", "щица", "чица", "иха", "ша", "иня", "ёха", "уха")
# What may stand before a compound's head: a joining vowel (радиопрогноз, брюкодержатель) or one of these.
COMPOUND_STARTS = ("супер", "контр", "сверх", "анти", "лже", "архи", "вице", "экс", "спец", "проф", "сан", "мед",
                   "вет", "тех", "гос", "пол", "полу", "мини", "макси", "мега", "гипер", "ультра", "транс", "пост",
                   "меж", "псевдо", "нео", "квази", "прото", "пра", "недо", "пере", "теле", "кино", "фото")
# A feminine person made from a masculine one: (her ending, his endings): ирокезка ← ирокез, ремонтница ← ремонтник
FEMININE_OF = (("ница", ("ник",)), ("тельница", ("тель",)), ("истка", ("ист",)), ("чанка", ("чанин",)),
               ("янка", ("янин", "янец")), ("анка", ("анин", "анец", "ан")), ("инка", ("инец", "ин")),
               ("ейка", ("еец",)), ("ка", ("", "ец", "ок")), ("ша", ("",)), ("иня", ("",)), ("ица", ("ец", "")))
# diminutive suffixes and the endings of the nouns they are made from: шкафик ← шкаф, бирочка ← бирка
DIMINUTIVES = (("ичек", ("ик",)), ("очек", ("ок", "к")), ("ечек", ("ек", "ок", "")), ("ушек", ("", "ух")),
               ("ёчек", ("ёк",)), ("ьчик", ("ь", "")), ("чик", ("",)), ("ик", ("", "ь")), ("чок", ("к",)),
               ("ок", ("",)), ("ёк", ("ь", "")),
               ("очка", ("ка", "а")), ("ечка", ("ка", "а", "я")), ("ушка", ("а",)), ("юшка", ("я",)),
               ("онька", ("а",)), ("енька", ("я", "а")), ("ышко", ("о",)), ("ечко", ("ко", "о", "е")),
               ("ёшко", ("но", "о")), ("ишко", ("о",)), ("инка", ("ина", "а")), ("онок", ("",)),
               ("ушка", ("ь", "")), ("юшка", ("ь",)), ("онька", ("ь",)))


def affix_rules(path: Path) -> dict[str, list[tuple[str, str, re.Pattern | None]]]:
    rules: dict[str, list] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[0] == "SFX":
            strip = "" if fields[2] == "0" else fields[2]
            add = "" if fields[3] == "0" else fields[3]
            condition = None if fields[4] == "." else re.compile(f"(?:{fields[4]})$")
            rules[fields[1]].append((strip, add, condition))
    return rules


def expand(word: str, flags: str, rules) -> set[str]:
    """The forms the flags make of the entry (hunspell's suffix rules: strip, add, when the ending matches)."""
    forms = set()
    for flag in flags:
        for strip, add, condition in rules.get(flag, ()):
            if (condition is None or condition.search(word)) and word.endswith(strip):
                forms.add(word[:len(word) - len(strip)] + add)
    return forms


def entries(path: Path):
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        word, _, flags = line.partition("/")
        yield word, flags


class Nouns:
    """What the two dictionaries know of a noun: OpenCorpora's gender and animacy of its headword, and which words
    Lebedev's dictionary has as noun entries."""

    def __init__(self, morph, lebedev: set[str]):
        self.morph, self.lebedev = morph, lebedev

    def reading(self, word: str):
        """OpenCorpora's plain nominative singular reading of word as a headword, or None."""
        for parse in self.morph.parse(word):
            tag = parse.tag
            if (parse.is_known and tag.POS == "NOUN" and tag.case == "nomn" and tag.number == "sing"
                    and parse.normal_form.replace("ё", "е") == word.replace("ё", "е")
                    and not {"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr"} & set(tag.grammemes)):
                return tag
        return None

    def known(self, word: str) -> bool:
        return self.reading(word) is not None or word.replace("ё", "е") in self.lebedev

    def head(self, word: str):
        """The reading of the longest known noun the word ends with (радиопрогноз → прогноз, брюкодержатель →
        держатель, ризеншнауцер → шнауцер): a compound takes its head's gender and animacy."""
        for start in range(2, len(word) - 4):
            first = word[:start]
            if first[-1] not in "ое" and first not in COMPOUND_STARTS and len(word) - start < 7:
                continue  # a short ending is a head only after a joining vowel: реализатор is no «затор»
            tag = self.reading(word[start:])
            if tag is not None:
                return tag
        return None


def diminutive_base(word: str, nouns: Nouns) -> str | None:
    plain = word.replace("ё", "е")
    if plain.endswith(("тчик", "дчик")):
        return None  # a doer, not a small thing: анекдотчик, лафетчик
    for suffix, endings in DIMINUTIVES:
        suffix = suffix.replace("ё", "е")
        if plain.endswith(suffix) and len(plain) > len(suffix) + 2:
            stem = plain[:-len(suffix)]
            for ending in endings:
                base = stem + ending.replace("ё", "е")
                if base != plain and len(base) > 2 and nouns.known(base):
                    return base
    return None


def gender_of(word: str, flags: str, head) -> str:
    if word[-1] in "ыи":
        return "мн"
    if word[-1] in "оеё":
        return "ср"
    if word[-1] == "ь":
        return "муж" if "K" in flags else "жен"
    if word[-1] in "ая":
        if head is not None and "ms-f" in head:
            return "общ"
        if head is not None and head.gender == "masc" and head.animacy == "anim":
            return "муж"  # the head is a man: …судья
        return "жен"
    return "муж"


def animacy_of(word: str, gender: str, base: str | None, head, nouns: Nouns) -> str:
    """кто or что: a diminutive's from its base, a feminine person's from her masculine word, a compound's from its
    head, then the endings; «?» where none of them tells (an animal or a plant by its name: ротвейлер, нертера) — the
    word then earns no кто/что bonus card rather than a wrong one."""
    if gender == "мн":
        return "?"
    if word.endswith(PERSON_ENDINGS):
        return "кто"
    if base is not None:
        tag = nouns.reading(base)
        return "кто" if tag is not None and tag.animacy == "anim" else "что"
    if gender == "жен":
        for ending, his_endings in FEMININE_OF:
            if word.endswith(ending):
                for his in his_endings:
                    tag = nouns.reading(word[:-len(ending)] + his)
                    if tag is not None and tag.gender == "masc":
                        return "кто" if tag.animacy == "anim" else "что"
    if head is not None:
        return "кто" if head.animacy == "anim" else "что"
    if word.endswith(THING_ENDINGS):
        return "что"
    if gender in ("жен", "ср") and not word.endswith(WOMAN_ENDINGS):
        return "что"
    return "?"


def compact(word: str, forms: set[str]) -> str:
    import os.path

    stem = os.path.commonprefix(sorted(forms))
    return stem + "|" + ",".join(sorted(form[len(stem):] for form in forms))


def package_version() -> str:
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", "hunspell-ru"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


HEADER = """\
# Nouns from the Russian spelling dictionary of Alexander I. Lebedev (Copyright 1997-2008 Alexander I. Lebedev;
# Debian package hunspell-ru {version}, /usr/share/hunspell/ru_RU.dic and ru_RU.aff), which the OpenCorpora
# dictionary lacks. THIS IS A MODIFIED VERSION of that dictionary: made by tools/build_lebedev_supplement.py, which
# keeps only nouns, drops blocked, slang and просторечие words and the «-нье» doublets, writes each noun's forms as the
# dictionary's affix rules make them, and adds a gender, an animacy and marks. Licence: LICENSE-lebedev.txt beside
# this file (redistribution with the copyright notice, the conditions and the disclaimer; modified versions marked).
# Do not edit by hand: run the tool.
# A line: word, gender (муж жен ср общ, or мн: a plural, forms for Скрэббл and no headword), кто|что («?»: no
# bonus card for either), the forms as «stem|ending,ending…», then marks («уменьш»: a diminutive, refused in
# Словодел). People may play these words; the game never says them (no bot lays or claims them, no hint offers them).
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if not AFF.exists() or not DIC.exists():
        print("Нет словаря Лебедева: поставьте пакет hunspell-ru (apt-get install hunspell-ru).", file=sys.stderr)
        return 2
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer()
    dictionary = morph.dictionary
    rules = affix_rules(AFF)
    blocked = blocklist()
    listed = {word.replace("ё", "е") for name in ("slang.txt", "colloquial.txt", "not_common_nouns.txt",
                                                   "not_words.txt") for word in read_list(name)}
    # the hand-reviewed supplement has these already, as words anyone may say (шаурма, капучино)
    reviewed = {line.split()[0].replace("ё", "е") for line in (DATA_DIR / "supplement.txt").read_text(
        encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")}

    def known(word: str) -> bool:
        return bool(dictionary.words.similar_items(word, morph.char_substitutes))

    found: dict[str, tuple[str, str, set[str]]] = {}  # е spelling -> (the spelling kept, its noun flags, forms)
    all_lebedev_nouns: set[str] = set()
    for word, flags in entries(DIC):
        noun_flags = "".join(flag for flag in flags if flag in NOUN_FLAGS)
        if not noun_flags or not WORD.fullmatch(word):
            continue
        all_lebedev_nouns.add(word.replace("ё", "е"))
        if known(word):
            continue
        forms = expand(word, noun_flags, rules)
        if not forms - {word}:
            continue  # a stray form: the flag makes nothing of it
        if word.endswith("ий") and any(form.endswith("ьего") for form in forms):
            continue  # a possessive adjective
        plain = word.replace("ё", "е")
        kept = found.get(plain)
        if kept is None or "ё" in word:  # the ё spelling where the dictionary has both
            found[plain] = (word, noun_flags, forms | {word} | (kept[2] if kept else set()))
    every_form = {key.replace("ё", "е") for key in dictionary.words.iterkeys() if key.isalpha()}
    nouns = Nouns(morph, all_lebedev_nouns)
    others_forms: set[str] = set()  # every form of every noun entry but the entry itself
    for word, flags in entries(DIC):
        noun_flags = "".join(flag for flag in flags if flag in NOUN_FLAGS)
        if noun_flags and WORD.fullmatch(word):
            others_forms.update(form.replace("ё", "е") for form in expand(word, noun_flags, rules) if form != word)
    lines, dropped = [], defaultdict(int)
    for plain, (word, flags, forms) in sorted(found.items()):
        if any(form in blocked for form in forms):
            dropped["blocklist"] += 1
            continue
        if plain in listed or plain in reviewed:
            dropped["lists"] += 1
            continue
        if plain.endswith(("нье", "тье")) and plain[:-2] + "ие" in every_form | all_lebedev_nouns:
            dropped["-нье"] += 1
            continue
        if plain.endswith(OBLIQUE_ENDINGS) and (plain in others_forms or any(
                plain[:-2] + ending in all_lebedev_nouns for ending in ("а", "я", "ь"))):
            dropped["a form of another entry"] += 1  # «травницей»: травница's instrumental, filed as a word
            continue
        head = nouns.head(word)
        gender = gender_of(word, flags, head)
        base = diminutive_base(word, nouns) if gender != "мн" else None
        marks = ["уменьш"] if base else []
        animacy = animacy_of(word, gender, base, head, nouns)
        lines.append(" ".join([word, gender, animacy, compact(word, forms), *marks]))
    args.out.write_text(HEADER.format(version=package_version()) + "".join(line + "\n" for line in lines),
                        encoding="utf-8")
    headwords = sum(1 for line in lines if line.split()[1] != "мн")
    print(f"{len(lines)} слов ({headwords} существительных в им. п. ед. ч., {len(lines) - headwords} мн. ч.) "
          f"в {args.out.name}; отброшено: {dict(dropped)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
