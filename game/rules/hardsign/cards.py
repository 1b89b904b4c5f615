"""The cards of «Твёрдый знак»: 99 letter cards with their stars, the bonus deck and the three extra cards.

Counts follow Russian letter frequency (О, Е, А most common); stars follow rarity, from 1 (О Е А И) to 10 (Ъ).
docs/RULES.md (Твёрдый знак) holds the same table with the reasons.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

# face -> (copies, stars). Faces of plain letters are upper-case Cyrillic; «З» cards may also read «три».
LETTERS: dict[str, tuple[int, int]] = {
    "О": (10, 1), "Е": (8, 1), "А": (8, 1), "И": (6, 1),
    "Н": (5, 2), "Т": (5, 2), "С": (5, 2), "Р": (4, 2), "В": (3, 2), "Л": (3, 2), "К": (3, 2),
    "М": (2, 3), "Д": (2, 3), "П": (2, 3), "У": (2, 3), "Я": (2, 3), "Г": (2, 3), "Б": (2, 3),
    "З": (2, 4), "Ь": (2, 4), "Ы": (1, 4), "Й": (1, 4),
    "Ч": (1, 5), "Х": (1, 5), "Ж": (1, 5), "Ё": (1, 5),
    "Ш": (1, 6), "Ю": (1, 6), "Ц": (1, 7), "Щ": (1, 8), "Э": (1, 8), "Ф": (1, 8),
    "Ъ": (1, 10),
}
ANY = "*"          # любая буква
PI = "π"           # читается «пи»
VOWEL = "æ"        # любая гласная
CONSONANT = "#"    # любая согласная
FINAL_SIGN = "ъ"   # дореформенный ъ: только в конце слова после согласной
HARD_SIGN = "Ъ"    # настоящий Ъ: внутри слова — мгновенная победа в раздаче
THREE = "З"        # every З card reads «з» or «три»
SPECIALS: dict[str, tuple[int, int]] = {ANY: (2, 1), VOWEL: (2, 1), CONSONANT: (2, 1), PI: (1, 4), FINAL_SIGN: (1, 10)}
DECK_SIZE = 99

LABELS = {ANY: "*", VOWEL: "æ", CONSONANT: "любая согласная", PI: "π", FINAL_SIGN: "ъ"}
NAMES_RU = {
    ANY: "любая буква", VOWEL: "любая гласная", CONSONANT: "любая согласная", PI: "«пи»",
    FINAL_SIGN: "ъ в конце слова", HARD_SIGN: "твёрдый знак", THREE: "З или «три»",
}

VOWELS = frozenset("аеёиоуыэюя")
ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
CONSONANTS = frozenset(ALPHABET) - VOWELS - {"ъ", "ь"}


def stars(face: str) -> int:
    if face in LETTERS:
        return LETTERS[face][1]
    return SPECIALS[face][1]


def is_special(face: str) -> bool:
    return face in SPECIALS


def label(face: str) -> str:
    """What the card shows: the letter, or the special card's mark."""
    return LABELS.get(face, face)


def deck_faces() -> list[str]:
    faces = [face for face, (copies, _) in LETTERS.items() for _ in range(copies)]
    faces += [face for face, (copies, _) in SPECIALS.items() for _ in range(copies)]
    assert len(faces) == DECK_SIZE, len(faces)
    return faces


WILDCARDS = {ANY: ALPHABET, VOWEL: "".join(sorted(VOWELS)), CONSONANT: "".join(sorted(CONSONANTS))}


@lru_cache(maxsize=None)
def reading_choices(face: str) -> tuple[str, ...]:
    """Every way a card may be read, in the order a player is offered them: the one table of readings that
    judging a row (:func:`readings`), the bots' search (:func:`first_letters`) and the table scene all use."""
    if face in WILDCARDS:
        return tuple(WILDCARDS[face])
    if face == PI:
        return ("пи",)
    if face == FINAL_SIGN:
        return ("ъ",)
    if face == THREE:
        return ("з", "три")
    if face == "Е":
        return ("е", "ё")
    return (face.lower(),)


def default_reading(face: str) -> str:
    """How a card reads before its player chooses: «?» for a wildcard (a letter must be named), else its first reading."""
    return "?" if face in WILDCARDS else reading_choices(face)[0]


def readings(face: str, word: str, at: int) -> tuple[int, ...]:
    """How many letters of ``word`` starting at ``at`` this card may stand for (none, one, or several ways)."""
    if at >= len(word):
        return ()
    letter = word[at]
    if face == ANY:
        return (1,)
    if face in WILDCARDS:
        return (1,) if letter in WILDCARDS[face] else ()
    if face == FINAL_SIGN:
        final = at == len(word) - 1 and letter == "ъ" and at >= 2 and word[at - 1] in CONSONANTS
        return (1,) if final else ()
    return tuple(len(r) for r in reading_choices(face) if word.startswith(r, at))


@lru_cache(maxsize=None)
def first_letters(face: str) -> frozenset:
    """The letters a card's reading may start with (a quick filter before :func:`readings`)."""
    return frozenset(r[0] for r in reading_choices(face))


# ------------------------------------------------------------------------------------------------ bonus cards
@dataclass(frozen=True)
class Bonus:
    tag: str       # a lexicon tag, or "4+" / "5+" for the card-count bonuses
    title: str     # Russian, as printed on the card
    points: int
    example: str   # from the catalogue


BONUSES: tuple[Bonus, ...] = (
    Bonus("муж", "Мужской род", 1, "стол, дом, кот"),
    Bonus("жен", "Женский род", 1, "река, ночь, дверь"),
    Bonus("ср", "Средний род", 1, "окно, море, поле"),
    Bonus("предмет", "Предмет", 1, "мяч, часы, хлеб"),
    Bonus("твёрдое", "Твёрдое", 2, "камень, глыба, лёд"),
    Bonus("жидкое", "Жидкое", 2, "вода, море, чай"),
    Bonus("съедобное", "Съедобное", 2, "мясо, хлеб, плов"),
    Bonus("рукотворное", "Рукотворное", 2, "стул, хлеб, дом"),
    Bonus("кто", "Кто?", 2, "пёс, рыба, муха"),
    Bonus("что", "Что?", 2, "дым, лужа, прядь"),
    Bonus("природа", "Природа", 2, "луг, река, бык"),
    Bonus("4+", "4+ карт", 2, "агат, карта, борода"),
    Bonus("животное", "Животное", 3, "жук, лама, жираф"),
    Bonus("растение", "Растение", 3, "мох, мята, перец"),
    Bonus("в_комнате", "Есть в комнате", 3, "пол, стол, карта"),
    Bonus("5+", "5+ карт", 3, "слово, письмо, тюльпан"),
    Bonus("рыба", "Рыба", 4, "лещ, щука, окунь"),
    Bonus("птица", "Птица", 4, "сыч, утка, дятел"),
)
BONUS_BY_TAG = {b.tag: b for b in BONUSES}
TABLE_BONUSES = 3
EARLY_POINTS = 1       # «Раньше всех»
ALL_CARDS_POINTS = 5   # «Из всех карт»
LONGEST_POINTS = 10    # «Самое длинное слово»


def bonus_applies(tag: str, word_tags: frozenset, card_count: int) -> bool:
    if tag == "4+":
        return card_count >= 4
    if tag == "5+":
        return card_count >= 5
    return tag in word_tags


def bonus_titles(word_tags: frozenset) -> list[str]:
    """The bonus cards a word takes by its meaning, named as printed on them («Мужской род», «Что?»), in the
    catalogue's order: what a player looks for on the table, not the lexicon's tags («муж», «что»)."""
    return [b.title for b in BONUSES if b.tag in word_tags]
