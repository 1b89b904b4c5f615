"""Where a verdict comes from — the dictionary, the supplement or one of the reviewed lists — so that «Проверка слова»
and ``python -m game word`` can show a player why a word is taken or refused."""
from __future__ import annotations

from functools import lru_cache

from game.rules.lexicon import REASON_NOT_A_WORD, REASON_RARE_VARIANT
from game.rules.lexicon.data import DATA_DIR, blocklist, read_list

GAME_RULES = "правила игры"
DICTIONARY = "словарь OpenCorpora"
DICTIONARY_MARKS = {"жаргон": "словарь OpenCorpora, помета «жаргон»",
                    "просторечие": "словарь OpenCorpora, помета «разговорное»",
                    "имя собственное": "словарь OpenCorpora, имя собственное",
                    "сокращение": "словарь OpenCorpora, сокращение"}
SUPPLEMENT = "дополнение к словарю (supplement.txt)"
LEBEDEV = "словарь А. И. Лебедева (hunspell-ru), дополнение supplement_lebedev.txt"
LEBEDEV_DIMINUTIVE = "словарь А. И. Лебедева (hunspell-ru), supplement_lebedev.txt: помета «уменьш»"
NOT_FOR_BOTS = "словарь OpenCorpora; проверенный список: не для ботов (bots_never_say.txt)"
INNOCENT_READING = "словарь OpenCorpora: форма слова «{}»"
PEOPLE_ONLY = "; боты это слово не говорят"
BLOCKLIST = "проверенный список: недопустимые слова (blocklist.txt)"
DIMINUTIVES = "проверенный список: уменьшительные формы (diminutives.txt)"
# reviewed lists of lemmas (a form is traced to its lemma): the refusal reasons each one explains, and whether it
# is what makes a word accepted (the supplement of pluralia) or only names what a toggle allows
SLANG = ("slang.txt", "проверенный список: жаргон (slang.txt)")
COLLOQUIAL = ("colloquial.txt", "проверенный список: просторечия (colloquial.txt)")
NAMES = ("not_common_nouns.txt", "проверенный список: имена и марки (not_common_nouns.txt)")
NOT_WORDS = ("not_words.txt", "проверенный список: не слова (not_words.txt)")
RARE_DOUBLETS = ("rare_doublets.txt", "проверенный список: редкие слова на «-нье» (rare_doublets.txt)")
PLURALIA = ("pluralia_tantum.txt", "проверенный список: только множественное число (pluralia_tantum.txt)")
ABBREVIATION_NOUNS = ("abbreviation_nouns.txt",
                      "проверенный список: сокращения, ставшие словами (abbreviation_nouns.txt)")
LISTS_BY_REASON = {"жаргон": (SLANG,), "просторечие": (COLLOQUIAL,), "имя собственное": (NAMES,),
                   "нет в словаре": (NOT_WORDS, RARE_DOUBLETS), "множественное число": (NOT_WORDS, RARE_DOUBLETS),
                   REASON_NOT_A_WORD: (NOT_WORDS,), REASON_RARE_VARIANT: (RARE_DOUBLETS,)}
LISTS_OF_ACCEPTED = (PLURALIA, ABBREVIATION_NOUNS, SLANG, COLLOQUIAL, NAMES)
SLOVODEL_PLURALS = "проверенный список: множественное со своим значением (slovodel_plurals.txt)"
RULE_REASONS = frozenset({"пустое слово", "только русские буквы, без латиницы, цифр и знаков",
                          "слишком короткое слово"})


def _plain(word: str) -> str:
    return word.replace("ё", "е")


@lru_cache(maxsize=None)
def _plain_list(name: str) -> frozenset[str]:
    return frozenset(_plain(word) for word in read_list(name))


@lru_cache(maxsize=1)
def _supplement() -> frozenset[str]:
    words = set()
    for line in (DATA_DIR / "supplement.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if fields:
            words.add(_plain(fields[0].lower()))
    return frozenset(words)


@lru_cache(maxsize=1)
def _lebedev() -> dict[str, str]:
    """Every form of the supplement from Lebedev's dictionary (е spelling) -> its word: «stem|ending,ending…»."""
    words: dict[str, str] = {}
    for line in (DATA_DIR / "supplement_lebedev.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 4:
            stem, _, endings = fields[3].partition("|")
            for form in [fields[0]] + [stem + ending for ending in endings.split(",")]:
                words.setdefault(_plain(form), fields[0])
    return words


def _lebedev_diminutive(word: str) -> bool:
    for line in (DATA_DIR / "supplement_lebedev.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if fields and _plain(fields[0]) == word:
            return "уменьш" in fields[4:]
    return False


def _lemmas(word: str) -> set[str]:
    """The word and the lemmas of its dictionary parses, in their е spelling; a «-ние» lemma brings its «-нье» twin
    (окуриванья is a form of окуривание, spelt as the rare окуриванье)."""
    from game.rules.lexicon import _morph

    lemmas = {_plain(word)}
    for parse in _morph().parse(word):
        if parse.is_known:
            lemma = _plain(parse.normal_form)
            lemmas.add(lemma)
            if lemma.endswith("ние") and word.replace("ё", "е")[len(lemma) - 3:len(lemma) - 1] == "нь":
                lemmas.add(lemma[:-3] + "нье")
    return lemmas


def verdict_source(lexicon, word: str) -> str:
    """The source of lexicon.check(word), as a short Russian phrase; a word only people may play says so."""
    from game.rules.lexicon import get

    source = _source(lexicon, word)
    if lexicon.accepts(word) and not get(lexicon.game_id, lexicon.allow_proper, lexicon.allow_slang,
                                         for_bots=True).accepts(word):
        return source + PEOPLE_ONLY
    return source


def _source(lexicon, word: str) -> str:
    from game.rules.lexicon import normalize

    verdict = lexicon.check(word)
    if verdict.reason in RULE_REASONS:
        return GAME_RULES
    text = lexicon.base_word(normalize(word))
    if text in blocklist():
        innocent = sorted(lemma for lemma in _lemmas(text) - {_plain(text)} if lemma not in blocklist())
        return INNOCENT_READING.format("», «".join(innocent)) if verdict.ok and innocent else BLOCKLIST
    if verdict.reason == "уменьшительная форма":
        return LEBEDEV_DIMINUTIVE if _lebedev_diminutive(_plain(text)) else DIMINUTIVES
    plain = _plain(text)
    lemmas = _lemmas(text)
    if verdict.ok:
        if plain in _supplement():
            return SUPPLEMENT
        if plain in _lebedev():
            word = _lebedev()[plain]
            return LEBEDEV if _plain(word) == plain else f"{LEBEDEV}: форма слова «{word}»"
        if lemmas & _plain_list("bots_never_say.txt"):
            return NOT_FOR_BOTS
        if lexicon.game_id == "slovodel" and plain in _plain_list("slovodel_plurals.txt"):
            return SLOVODEL_PLURALS
        lists = LISTS_OF_ACCEPTED if lexicon.allow_slang or lexicon.allow_proper else (PLURALIA, ABBREVIATION_NOUNS)
    else:
        lists = LISTS_BY_REASON.get(verdict.reason, ())
    for name, label in lists:
        if lemmas & _plain_list(name):
            return label
    if not verdict.ok and verdict.reason in DICTIONARY_MARKS:
        return DICTIONARY_MARKS[verdict.reason]
    return DICTIONARY
