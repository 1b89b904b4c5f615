"""Find the words no bot should say at a family table, and keep their review current.

The game's bots lay, claim and hint only words a family would not blush at; people may still play any word the
rules allow (game/data/lexicon/bots_never_say.txt: accepted from people, never said by the game itself). This tool
looks for candidates: every lemma of the whole OpenCorpora dictionary (every part of speech, since Скрэббл's bots
play verb and adjective forms too) and every word of the bot tiers (common.txt, known.txt) that holds one of ROOTS —
sex and the body's intimate parts, what the body gives off, drugs, slurs, crude insults.

It writes family_review.txt: for each root, every lemma it finds, marked «+» (no bot says it) or «-» (an innocent
word: its root is another's, «потенциал», «анализ», or it is plain enough for a family: «пупок», «ссора»), and «?»
for a lemma nobody has judged yet. A reviewer replaces each «?» with «+» or «-» and runs the tool again; it then
writes bots_never_say.txt: the «+» lemmas, and the hand-written section of words no root finds. It refuses to write
while a «?» remains. tests/test_lexicon_family.py fails when the review is not what this tool finds today.

Run:  python tools/build_bots_never_say.py             (then judge every «?» in family_review.txt, and run again)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.lexicon.data import DATA_DIR, read_list  # noqa: E402

REVIEW = DATA_DIR / "family_review.txt"
OUT = DATA_DIR / "bots_never_say.txt"
# What a root is looked for as (in the е spelling): a regular expression searched anywhere in the lemma.
ROOTS = (
    # sex, and the body's intimate parts
    "секс", "^порн", "эроти", "мастурб", "онани", "оргазм", "оргия", "оргиаст", "клитор", "сперм", "семяизверж",
    "эякул", "пенис", "фалл", "вагин", "влагалищ", "вульв", "лобок", "лобков", "мошонк", "яичк", "пипис", "писюн",
    "письк", "^пися$", "сиськ", "^сися", "титьк", "^пипка", "минет", "куннилинг", "анилинг", "соити", "совокуп",
    "интим", "эрекц", "потенц", "импотен", "презерв", "контрацеп", "проститу", "^путан[аы]$", "бордел", "притон",
    "стриптиз", "педофил", "педераст", "гомосек", "лесби", "трансвест", "извращен", "садизм", "садист", "мазохи",
    "некрофил", "зоофил", "инцест", "изнасил", "насильни", "развра", "похот", "^блуд", "блудни", "блудлив",
    "^сосок$", "^сосков", "засос", "отсос", "стояк", "нимфоман", "сладостраст", "кастрат", "кастрир", "содомит",
    "любовниц", "сожител", "беременн", "менструа", "^месячные$", "аборт", "гинеколог", "венерич", "сифили",
    "гоноре[яй]", "шанкр", "трипп", "герпес", "течка", "случк", "^попк", "^попа$", "ягодиц", "^анус", "^анальн",
    "^анал$", "задн[иея]ц",
    # what the body gives off
    "блев", "рвот", "понос", "дрист", "какашк", "^кака[тл]", "^кака$", "какуль", "фекал", "экскремент", "испражн",
    "^кал$", "^калов", "моча$", "мочев", "мочеиспуск", "^урин", "^пука[тл]", "^пукн", "сопл[яиюе]", "харкот",
    "^срам", "писсуар", "клизм", "геморро", "глист", "гной",
    # drugs and drink
    "нарко", "героин", "кокаин", "марихуан", "гашиш", "анаш", "^опи[йу]", "амфетамин", "экстази", "^ширя",
    "^ширнут", "ширев", "^торчок", "^торчк", "^барыг", "^спиды$", "пьянь", "алкаш", "^бухар", "запой", "^нажр",
    # slurs and crude insults
    "чурк", "хохл", "хохол", "^негр", "негритян", "нерусь", "шизик", "^шиз$", "дебил", "^даун", "кретин",
    "олигофрен", "дегенерат", "урод", "ублюд", "выродок", "подонок", "^тварь", "гнид", "^гад$", "^гадина", "^лох$",
    "^лохушк", "жлоб", "^папик", "хрыч", "^хайло", "^харя", "^рожа", "^нагиб",
)
HAND_HEADER = "# --- by hand: words no root finds"


def _plain(word: str) -> str:
    return word.replace("ё", "е")


def lemmas_of_dictionary() -> set[str]:
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer().dictionary
    found = set()
    for word, (paradigm_id, form_index) in dictionary.words.items():
        if form_index == 0 and word.isalpha():
            found.add(_plain(word))
    return found


def candidates(words) -> dict[str, list[str]]:
    """root -> the sorted words that hold it."""
    by_root: dict[str, list[str]] = {}
    # one pass over the whole dictionary for all the roots at once, then each root among the few words that hold one
    any_root = re.compile("|".join(f"(?:{root})" for root in ROOTS)).search
    holding = [word for word in words if any_root(word)]
    for root in ROOTS:
        search = re.compile(root).search
        hits = sorted(word for word in holding if search(word))
        if hits:
            by_root[root] = hits
    return by_root


def read_review() -> dict[str, dict[str, str]]:
    """root -> lemma -> «+», «-» or «?», as family_review.txt says."""
    review: dict[str, dict[str, str]] = {}
    if not REVIEW.exists():
        return review
    for line in REVIEW.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        root, _, marked = line.partition("\t")
        review[root] = {entry[1:]: entry[0] for entry in marked.split()}
    return review


def hand_section() -> list[str]:
    if not OUT.exists():
        return []
    text = OUT.read_text(encoding="utf-8")
    return text.split(HAND_HEADER, 1)[1].strip().splitlines() if HAND_HEADER in text else []


REVIEW_HEADER = """\
# Made by tools/build_bots_never_say.py: for each root of the tool's ROOTS, every lemma of the OpenCorpora dictionary
# and of the bot tiers that holds it. «+»: no bot says it (it goes to bots_never_say.txt); «-»: an innocent word, or
# one plain enough for a family table; «?»: not judged yet. Judged by hand, word by word; tests/test_lexicon_family.py
# fails when this is not what the tool finds today.
"""
OUT_HEADER = """\
# Words no bot says: accepted from people where the game's rules allow them, never laid, claimed or hinted by the
# game itself, and in no bot tier (common.txt, known.txt). Every form of a listed dictionary word is marked so
# (Скрэббл too). Made by tools/build_bots_never_say.py from family_review.txt's «+» lemmas, and the section by hand.
"""


def review_lines(found: dict[str, list[str]], judged: dict[str, dict[str, str]]) -> list[str]:
    lines = []
    for root, words in found.items():
        marks = judged.get(root, {})
        lines.append(root + "\t" + " ".join(marks.get(word, "?") + word for word in words) + "\n")
    return lines


def main() -> int:
    words = lemmas_of_dictionary() | {_plain(w) for w in read_list("common.txt") + read_list("known.txt")}
    found = candidates(words)
    judged = read_review()
    REVIEW.write_text(REVIEW_HEADER + "".join(review_lines(found, judged)), encoding="utf-8")
    unjudged = sorted({word for root, words in found.items() for word in words
                       if judged.get(root, {}).get(word, "?") == "?"})
    if unjudged:
        print(f"Не решено {len(unjudged)} слов: замените «?» в {REVIEW.name} на «+» или «-» и запустите снова.")
        return 1
    unfit = sorted({word for root, words in found.items() for word in words if judged[root][word] == "+"})
    hand = hand_section()
    OUT.write_text(OUT_HEADER + "".join(word + "\n" for word in unfit) + "\n" + HAND_HEADER + "\n"
                   + "".join(line + "\n" for line in hand), encoding="utf-8")
    print(f"{len(unfit)} слов из {REVIEW.name} и {len(hand)} строк вручную в {OUT.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
