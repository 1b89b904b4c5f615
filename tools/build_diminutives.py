"""Make game/data/lexicon/diminutives.txt: the diminutive forms that Словодел refuses («ложечка — нет»).

OpenCorpora has no diminutive mark, so the list is derived and then reviewed:

1. a noun is a diminutive *candidate* when it is a base noun plus a diminutive suffix (-ик -чик -ок -ёк -ек -ец
   -очка -ечка -ушка -юшка -онька -енька -ица -ышко -ечко -очко -ошко -ушко -ко -це …, with the usual consonant
   changes к/ч, г/ж, х/ш, ц/ч, т/ч, з/ж, с/ш, and a few base endings that only some suffixes reach: кух|онька ←
   кухня, ок|ошко ← окно, кол|ечко ← кольцо), the base being an Эрудит noun of the same gender;
2. it is refused only when it is much rarer than its base (wordfreq Zipf at least MIN_ZIPF_GAP lower): a word
   about as frequent as its base lives a life of its own (девочка, бабочка, ручка, носок, цветок). A word's
   frequency is that of its ё and е spellings together, and both spellings share the verdict (зёрнышко, зернышко:
   the е spelling finds the base, зерно);
3. the base is the most frequent candidate (ложечка ← ложка, not ложа);
4. OWN_WORDS below are words in their own right that the frequency test would still refuse (мостик — the text's own
   example, глазок in a door, ножка of a table, собачка…); REVIEWED_DIMINUTIVES the few the review refuses though
   they are about as frequent as their base.

Run:  pip install wordfreq && python tools/build_diminutives.py
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# How much rarer than its base a candidate must be to be refused, by suffix. The plainly diminutive suffixes
# (-очка, -ечек, -ушек, -онка, -ёрко…) make a diminutive unless the word is markedly more frequent than its base
# (девочка, бабушка live lives of their own); -ик/-чик one when rarer at all (столик, ёжик, стульчик); the
# ambiguous ones (-ка, -ок, -ец, -ица: полка, платок, образец, граница are no diminutives) only when much rarer.
# Frequency alone does not tell (ниточка is as frequent as нитка, ручка much rarer than рука): OWN_WORDS is the
# reviewed last word.
MIN_ZIPF_GAP = 1.0
SUFFIX_GAPS = {suffix: -0.5 for suffix in ("очка", "ечка", "ёчка", "ичка", "очек", "ечек", "ичек", "ушек", "юшек",
                                            "онька", "енька", "онка", "ёнка", "ёрко", "ерко", "ечко", "очко", "ышко",
                                            "ишко", "ьице", "ушко", "юшко", "ошко", "енышко")}
# -ушка/-юшка make a diminutive of a base that exists (избушка, речушка, тётушка, дядюшка), but many words with
# that ending are no diminutives at all (подушка, ловушка, веснушка, частушка): OWN_WORDS holds those that have a
# base by their letters.
SUFFIX_GAPS.update({"ик": 0.0, "чик": 0.0, "ушка": 0.0, "юшка": 0.0})
# -онька/-енька are read off the word even when the base is reached through -ка (яблонь|ка, кухонь|ка ← кухня).
PLAIN_ENDINGS = ("онька", "енька")
# suffix -> (gender of word and base, base endings to try after the stem)
SUFFIXES = {
    "masc": ("ик", "чик", "ок", "ёк", "ек", "ец", "ишко", "ишка", "очек", "ечек", "ичек", "ушек", "юшек", "ушка",
             "юшка", "ушко", "юшко", "онька", "енька"),
    "femn": ("очка", "ечка", "ёчка", "ичка", "онька", "енька", "ушка", "юшка", "онка", "ёнка", "ица", "ка"),
    "neut": ("ко", "цо", "це", "ице", "ьице", "ечко", "очко", "ёрко", "ерко", "ышко", "ишко", "ико", "ушко", "юшко",
             "ошко", "енышко"),
}
BASE_ENDINGS = ("", "а", "я", "о", "е", "ь", "й", "ка", "ко", "ок", "ек", "ца", "це", "ро", "ие", "ица")
# base endings that only these suffixes reach: кух|онька, дерев|енька, дерев|ушка ← -ня; ок|ошко, суд|енышко ← -но;
# кол|ечко ← кольцо (with -ка they would read пешка as песня, сотка as сотня)
SUFFIX_BASE_ENDINGS = {"онька": ("ня",), "енька": ("ня",), "ушка": ("ня",), "ошко": ("но",), "енышко": ("но",),
                       "ечко": ("ьцо",)}
ALTERNATIONS = {"ч": ("к", "ц", "т"), "ж": ("г", "з", "д"), "ш": ("х", "с"), "щ": ("ст", "ск"), "ц": ("к",)}
OWN_WORDS = frozenset("""
мостик глазок ножка ручка носик ключик звёздочка горлышко крылышко ушко цепочка кружок рожок
бочонок сучок язычок козырёк волчок кулачок молоточек гвоздик душка пятачок хвостик крючок бугорок
пузырёк шарик кубик корешок фонарик сырок носок
цветок листок кисточка каретка радужка тамилец водка игрушка местечко значок сетка пучок частица машинка
парик клубок связка комок полок памятка донец поводок росток тоник щиток самотёк торец блюдце стачка выводок
валик бачок порка родинка спинка косточка молочка сценка бородка дорожка снежок уголёк половинка крестик
городок книжка
бабочка батончик бетонка бубенчик булочка буртик бутик вагонка веник венчик график диагностик долька карлик
картонка карточка колокольчик кобчик кончик коржик кузнечик лавочка лампочка лифчик маниок мужик палочка пеночка
пенька печёнка плетёнка пулька распашонка самонакладчик септик солонка стелька схоластик тельце тропик тумбочка
тушёнка удалёнка удочка уздечка усик фанатик фантик филёнка хрусталик шпулька эстетик ялик ёршик ершик столбик
баллончик девчонка гирька пуфик сажёнка рогулька щупик металлопластик
бегунок боёк бурка бурёнка волокитчик галочка голец головка жилец жилица жиличка жилка жучок козелец конёк королёк
ленок линек лисичка луковка маслёнка матица матка медведка метчик мошонка мушка нянечка пенка переводчик
перехватчик плавунчик полька примочка пшёнка резчик свинушка семик скромник сорочка старинка счётчик угорёк умник
утечка хлопчик холерик цыганочка черница членик чушка шестерёнка шпанка ястребок гусёк табличка
""".split()) | frozenset(
    # -ушка, -ёнка, -ётка words that only look like diminutives (кормушка is no little корма, веснушка no little
    # весна, пелёнка no little пелена), and собачка (@, a zipper pull, a pawl)
    """
собачка дедушка прадедушка прапрадедушка батюшка матушка ступенька кадушка кормушка раскладушка болтушка вьюшка
веснушка волнушка частушка ракушка чекушка полушка косушка картушка копчушка гнилушка засушка плетушка подпушка
осушка теплушка черепушка чернушка пампушка пелёнка серёдка извёстка зелёнка смётка примётка метёлка залёжка
налёжка четвёртка тетёрка колёсико фенька лебёдчик побасёнка копчёнка
""".split()) | frozenset(
    # read over the whole list: people of a people or a place and doublets of agent nouns in -ец (абазинец, поморец,
    # староверец), nouns of an action in -ка (глажка, описка, осечка), and things with a name of their own
    # (холодец, песец, блик, высотка, грудка, иконка, лунка, улика, ягодица)
    """
абазинец агулец берберец валлонец даосец йоркширец мансиец мариец поморец сингалец удэгеец хазарец шумерец якутец
холмогорец консерваторец архангелец серпуховичка фанатичка душегубец жизнелюбец правдолюбец трудолюбец сквернословец
крючкотворец мореходец скороходец староверец челядинец игрец холодец зубец бубенец песец сырец крестец кранец волчец
ясенец светец поставец ставец погребец фалец валец кодек фордек нардек белец белица сосец бардачок батик биток блик
бойница боярышница бровка буек буёк буквица буковица валек валёк валок вершок вешка вольник встречка выросток высечка
высотка выточка гагарка газик мазик геотермика гидронимика глажка глубинка голик голица гранка гридница грудка дамка
державка дипломатика дискетка дойница дужка душица ездка ерик ехидница жарка железко желтопузик желудочек задатчик
закавычка заплачка запросчик засадка зубок зубчик зубрилка иглица ижица иконка интрижка ионик казачок капок каплица
карака кашица клотик клушица ковчежец кожица колбочка коленце колок колядка комиссионка конторка копка коронка кортик
кофейница кочка красавка крупка купавка кюветка леска летка леток лобок лунка мазница маковица малица манерка мелок
мелодика мерка метлица методичка микрографика морок мысок недовесок нолик нотка образчик обрезок оборонка опашка
описка опоек опорок осечка отводок оттек оттёк охранка падалица панелька панночка пассик пастилка петлица петличка
печатка пилка пищик плавик пневмоника побежка подачка подложка подносок подтек подтёк потек потёк поживка поливка
полярка помадка помешка порошица пробщик прогонка программка просодика проточка прусик пруток публичка пунктик пушица
раек раёк распадок репица рожица садок садик сворка севок сеймик сечка синодик синька скалка скляница следок сменка
смеска смолка смешок солка сосочек сочок спилок стригунок судок сурдинка сычужок таганок талик телица типографика
ткачик толкунчик торица тюрька тешка тёшка улика устьице физиономика фустик фунтик ходок хрущик централка червец
черепок чинка чумичка чумка шестерик ширинка школка шпажка шпонка ягодица яловица ярочка багрянка мужичка насыпка
пересыпка переправка расправка размочка прорезка просечка прорубка стоячок трок тупец опалка березовица
""".split())
# Diminutives as frequent as their base (the frequency test spares them) that the review refuses all the same.
REVIEWED_DIMINUTIVES = frozenset("пенёк ручеёк".split())
REVIEWED_PLAIN = frozenset(word.replace("ё", "е") for word in REVIEWED_DIMINUTIVES)
OWN_PLAIN = frozenset(word.replace("ё", "е") for word in OWN_WORDS)


def _plain(word: str) -> str:
    return word.replace("ё", "е")


def stems(stem: str) -> set[str]:
    variants = {stem, stem[:-1]} if stem.endswith("ь") else {stem}  # стуль|чик ← стул
    if stem and stem[-1] in ALTERNATIONS:
        variants.update(stem[:-1] + other for other in ALTERNATIONS[stem[-1]])
    return variants


def main() -> int:
    import wordfreq

    from game import lexicon_store
    lexicon_store.install()  # the rules find the dictionary's index through the store
    from game.rules import lexicon

    from game.lexicon_build import people_supplement_entries

    # slang too: «пацанок» is a diminutive even though «пацан» needs the slang toggle. Not the supplement from
    # Lebedev's dictionary: its own affix flags mark its diminutives (supplement_lebedev.txt, «уменьш»).
    lex = lexicon.get("erudit", allow_slang=True)
    supplement = {form for _word, _gender, _animacy, forms, _marks in people_supplement_entries() for form in forms}
    words = lex.words - supplement
    gender_tag = {"masc": "муж", "femn": "жен", "neut": "ср"}
    spellings: dict[str, set[str]] = {}
    for word in words:
        spellings.setdefault(_plain(word), set()).add(word)

    def zipf(word: str) -> float:
        """wordfreq counts «зёрнышко» and «зернышко» apart: a word's frequency is that of all its spellings."""
        total = sum(wordfreq.word_frequency(spelling, "ru") for spelling in spellings.get(_plain(word), {word}))
        return round(math.log10(total * 1e9), 2) if total else 0.0

    refused: dict[str, str] = {}
    for word in sorted(words):
        word_tags = lexicon.tags(word)
        for gender, suffixes in SUFFIXES.items():
            if gender_tag[gender] not in word_tags:
                continue
            bases = _bases_of(word, suffixes, words, gender_tag[gender], word_tags & {"кто", "что"})
            if not bases or _plain(word) in OWN_PLAIN:
                continue
            # the likeliest base, read through its most telling suffix (птич|ка and пт|ичка both lead to птица)
            base, suffix = max(bases, key=lambda found: (zipf(found[0]), -SUFFIX_GAPS.get(found[1], MIN_ZIPF_GAP),
                                                         found))
            needed = min([SUFFIX_GAPS.get(suffix, MIN_ZIPF_GAP)]
                         + [SUFFIX_GAPS[ending] for ending in PLAIN_ENDINGS if word.endswith(ending)])
            if zipf(base) - zipf(word) >= needed or _plain(word) in REVIEWED_PLAIN:
                # both spellings go: a player may spell «зёрнышко» or «зернышко»
                refused.update(dict.fromkeys(spellings[_plain(word)], base))
                break
    out = ROOT / "game" / "data" / "lexicon" / "diminutives.txt"
    lines = ["# Словодел refuses these diminutives (word  # base). Made by tools/build_diminutives.py (wordfreq\n",
             "# frequencies, CC BY-SA 4.0; pymorphy3 dictionary, CC BY-SA); see that script for the method.\n"]
    lines += [f"{word}  # {base}\n" for word, base in sorted(refused.items())]
    out.write_text("".join(lines), encoding="utf-8")
    print(f"{len(refused)} уменьшительных форм записано в {out}")
    return 0


def _bases_of(word: str, suffixes, words, gender: str, animacy: set[str]) -> set[str]:
    """(base, suffix) for the same-gender, same-animacy nouns the word could be a diminutive of (a diminutive keeps
    both: заводчик, an agent noun, is no diminutive of завод)."""
    from game.rules import lexicon

    found = set()
    for suffix in suffixes:
        if not word.endswith(suffix) or len(word) - len(suffix) < 2:
            continue
        for stem in stems(word[: -len(suffix)]):
            for ending in BASE_ENDINGS + SUFFIX_BASE_ENDINGS.get(suffix, ()):
                base = stem + ending
                if _plain(base) != _plain(word) and len(base) >= 2 and base in words:
                    base_tags = lexicon.tags(base)
                    if gender in base_tags and animacy & base_tags:  # кошечка (кто) ← кошка (кто; что: a grapnel)
                        found.add((base, suffix))
    return found


if __name__ == "__main__":
    sys.exit(main())
