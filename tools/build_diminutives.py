"""Make game/data/lexicon/diminutives.txt: the diminutive forms that Словодел refuses («ложечка — нет»).

OpenCorpora has no diminutive mark, so the list is derived and then reviewed:

1. a noun is a diminutive *candidate* when it is a base noun plus a diminutive suffix (-ик -чик -ок -ёк -ек -ец
   -очка -ечка -ушка -юшка -онька -енька -ица -ышко -ечко -очко -ко -це …, with the usual consonant changes
   к/ч, г/ж, х/ш, ц/ч, т/ч, з/ж, с/ш), the base being an Эрудит noun of the same gender;
2. it is refused only when it is much rarer than its base (wordfreq Zipf at least MIN_ZIPF_GAP lower): a word
   about as frequent as its base lives a life of its own (девочка, бабочка, ручка, носок, цветок);
3. the base is the most frequent candidate (ложечка ← ложка, not ложа);
4. OWN_WORDS below are words in their own right that the frequency test would still refuse (мостик — the text's own
   example, глазок in a door, ножка of a table…).

Run:  pip install wordfreq && python tools/build_diminutives.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MIN_ZIPF_GAP = 1.0
# suffix -> (gender of word and base, base endings to try after the stem)
SUFFIXES = {
    "masc": ("ик", "чик", "ок", "ёк", "ек", "ец", "ишко", "ишка", "очек", "ечек", "ушка", "юшка"),
    "femn": ("очка", "ечка", "ёчка", "ичка", "онька", "енька", "ушка", "юшка", "ица", "ка"),
    "neut": ("ко", "цо", "це", "ице", "ечко", "очко", "ышко", "ишко", "ико"),
}
BASE_ENDINGS = ("", "а", "я", "о", "е", "ь", "й", "ка", "ко", "ок", "ек", "ца", "це")
ALTERNATIONS = {"ч": ("к", "ц", "т"), "ж": ("г", "з", "д"), "ш": ("х", "с"), "щ": ("ст", "ск"), "ц": ("к",)}
OWN_WORDS = frozenset("""
мостик глазок ножка ручка носик ключик звёздочка горлышко крылышко ушко колечко цепочка кружок рожок
бочонок сучок язычок козырёк волчок кулачок молоточек гвоздик душка пятачок хвостик крючок бугорок
пузырёк шарик кубик корешок фонарик сырок носок
цветок листок кисточка каретка радужка тамилец водка игрушка местечко значок сетка пучок частица машинка
парик клубок связка комок полок памятка донец поводок росток тоник щиток самотёк торец блюдце стачка выводок
валик бачок порка родинка спинка косточка молочка сценка бородка дорожка снежок уголёк половинка крестик
городок книжка
""".split())


def stems(stem: str) -> set[str]:
    variants = {stem}
    if stem and stem[-1] in ALTERNATIONS:
        variants.update(stem[:-1] + other for other in ALTERNATIONS[stem[-1]])
    return variants


def main() -> int:
    import wordfreq

    from game.rules import lexicon

    lex = lexicon.get("erudit")
    words = lex.words
    gender_tag = {"masc": "муж", "femn": "жен", "neut": "ср"}
    refused: list[tuple[str, str]] = []
    for word in sorted(words):
        word_tags = lexicon.tags(word)
        for gender, suffixes in SUFFIXES.items():
            if gender_tag[gender] not in word_tags:
                continue
            bases = _bases_of(word, suffixes, words, gender_tag[gender], word_tags & {"кто", "что"})
            if not bases or word in OWN_WORDS:
                continue
            base = max(bases, key=lambda candidate: (wordfreq.zipf_frequency(candidate, "ru"), candidate))
            gap = wordfreq.zipf_frequency(base, "ru") - wordfreq.zipf_frequency(word, "ru")
            if gap >= MIN_ZIPF_GAP:
                refused.append((word, base))
                break
    out = ROOT / "game" / "data" / "lexicon" / "diminutives.txt"
    lines = ["# Словодел refuses these diminutives (word  # base). Made by tools/build_diminutives.py (wordfreq\n",
             "# frequencies, CC BY-SA 4.0; pymorphy3 dictionary, CC BY-SA); see that script for the method.\n"]
    lines += [f"{word}  # {base}\n" for word, base in refused]
    out.write_text("".join(lines), encoding="utf-8")
    print(f"{len(refused)} уменьшительных форм записано в {out}")
    return 0


def _bases_of(word: str, suffixes, words, gender: str, animacy: set[str]) -> set[str]:
    """Same-gender, same-animacy nouns the word could be a diminutive of (a diminutive keeps both: заводчик, an
    agent noun, is no diminutive of завод)."""
    from game.rules import lexicon

    found = set()
    for suffix in suffixes:
        if not word.endswith(suffix) or len(word) - len(suffix) < 2:
            continue
        for stem in stems(word[: -len(suffix)]):
            for ending in BASE_ENDINGS:
                base = stem + ending
                if base != word and len(base) >= 2 and base in words:
                    base_tags = lexicon.tags(base)
                    if gender in base_tags and animacy == base_tags & {"кто", "что"}:
                        found.add(base)
    return found


if __name__ == "__main__":
    sys.exit(main())
