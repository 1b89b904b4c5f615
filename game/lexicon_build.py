"""The app side builds the lexicon's index (game/rules/lexicon only reads it, once loaded): one pass over pymorphy3's own dictionary (never its guesser) that writes the two index files the lexicon loads.

* ``nouns-<key>.tsv`` — every spelling that is a noun headword (nominative singular, or the nominative plural of a
  plurale tantum / plural lemma), with bit flags: which toggles it needs (proper name, slang) and its gender/animacy;
  ``toggled-<key>.tsv`` the same for words acceptable only with a toggle (read only when a toggle is on). Blocked
  words are left out (the blocklist's digest is part of the key).
* ``forms-<key>.dawg`` — a DAWG (pymorphy3's C ``dawg`` module) of every dictionary word form (Скрэббл: «any form of
  any word») with the same toggle classes.

Both hold ё spellings and their е spellings. Files are written to a temporary name and moved into place with
``os.replace``, so two processes that build at the same time (pytest-xdist workers) each leave a whole file.
"""
from __future__ import annotations

import json
import os
import struct
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable

from game.rules.lexicon.index_format import (
    FORMAT_VERSION, CLASS_PLAIN, CLASS_PROPER, CLASS_SLANG, CLASS_PROPER_SLANG, CLASS_MASK, PLURAL, MASC, FEMN,
    NEUT, COMMON_GENDER, ANIM, INAN, INMX, SINGULAR, GENDER_ANIMACY, TOGGLED_SHIFT, INFORMAL, FORMAL, MIN_LENGTH,
    PROPER_GRAMMEMES, NEVER_GRAMMEMES, CYRILLIC, NOUN_SHIFT, PEOPLE_SHIFT, FORM_CLASS_MASK, PEOPLE_ONLY,
    SAID_BY_ANYONE, PEOPLE_GRAMMEME)


def _letters_only(word: str) -> bool:
    return not word.strip(CYRILLIC)

Progress = Callable[[float, str], None]


@lru_cache(maxsize=1)
def dictionary_version() -> str:
    """The installed pymorphy3 dictionary's revision: the cache is keyed by it."""
    import pymorphy3_dicts_ru

    with open(os.path.join(pymorphy3_dicts_ru.get_path(), "meta.json"), encoding="utf-8") as handle:
        meta = dict(json.load(handle))
    return f"{meta.get('source_revision', 'x')}.{meta.get('corpus_revision', 'x')}"


_HERE = Path(__file__).resolve().parent
# The code that writes or reads the index files: a change to any of them makes the old cache stale.
BUILD_CODE = (_HERE / "lexicon_build.py", _HERE / "lexicon_store.py",
              _HERE / "rules" / "lexicon" / "index_format.py", _HERE / "rules" / "lexicon" / "data.py")


def build_code_digest() -> str:
    import hashlib

    digest = hashlib.sha1()
    for path in BUILD_CODE:
        digest.update(Path(path).name.encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()[:10]


def cache_key() -> str:
    """The index follows the dictionary, the format, every data file the build reads and the code that builds and
    reads it (BUILD_CODE)."""
    from game.rules.lexicon.data import blocklist_digest

    return f"v{FORMAT_VERSION}-ru{dictionary_version()}-b{blocklist_digest()}-c{build_code_digest()}"


def nouns_path(cache_dir: Path, key: str) -> Path:
    """Nouns with a plain parse (what the games accept by default)."""
    return Path(cache_dir) / f"nouns-{key}.tsv"


def toggled_path(cache_dir: Path, key: str) -> Path:
    """Nouns acceptable only with a house toggle (proper names, slang): read only when needed."""
    return Path(cache_dir) / f"toggled-{key}.tsv"


def forms_path(cache_dir: Path, key: str) -> Path:
    return Path(cache_dir) / f"forms-{key}.dawg"


def _toggle_class(grammemes: frozenset[str]) -> int:
    if grammemes & NEVER_GRAMMEMES:
        return 0
    index = (1 if grammemes & PROPER_GRAMMEMES else 0) | (2 if "Slng" in grammemes else 0)
    return 1 << index


def _form_class(grammemes: frozenset[str]) -> int:
    """A parse's class as the forms index holds it: shifted above the classes anyone may say when only people may."""
    return _toggle_class(grammemes) << (PEOPLE_SHIFT if PEOPLE_GRAMMEME in grammemes else 0)


def _noun_bits(grammemes: frozenset[str], form_index: int) -> int:
    """Flags for a parse if it is a noun headword form, else 0."""
    if "NOUN" not in grammemes or "nomn" not in grammemes:
        return 0
    toggle = _toggle_class(grammemes)
    if not toggle:
        return 0
    said = 0 if PEOPLE_GRAMMEME in grammemes else SAID_BY_ANYONE
    if "plur" in grammemes:
        # plural only where the word has no singular: Pltm, or a lexeme whose lemma itself is plural (качели)
        if "Pltm" not in grammemes and form_index != 0:
            # An indeclinable word's plural is spelt as its headword: a plain one means the word played is plain
            # (жалюзи, whose singular reading alone the dictionary marks «разговорное»).
            return FORMAL if "Fixd" in grammemes and toggle == CLASS_PLAIN and "Infr" not in grammemes else 0
        bits = toggle | PLURAL | said
    else:
        bits = toggle | SINGULAR | said
    # Gender and animacy of parses that need a toggle go to a shifted copy, so that «рой» (a swarm) does not
    # become animate through the name «Рой»; _settle_gender keeps them only for words with no plain parse.
    shift = 0 if toggle == CLASS_PLAIN else TOGGLED_SHIFT
    if toggle == CLASS_PLAIN:
        bits |= INFORMAL if "Infr" in grammemes else FORMAL
    for grammeme, bit in (("masc", MASC), ("femn", FEMN), ("neut", NEUT), ("ms-f", COMMON_GENDER),
                          ("Ms-f", COMMON_GENDER), ("anim", ANIM), ("inan", INAN), ("Inmx", INMX)):
        if grammeme in grammemes:
            bits |= bit << shift
    return bits


def _settle_gender(bits: int) -> int:
    toggled = (bits >> TOGGLED_SHIFT) & GENDER_ANIMACY
    bits &= ~(GENDER_ANIMACY << TOGGLED_SHIFT)
    if not bits & CLASS_PLAIN:
        bits |= toggled
    if bits & FORMAL:
        bits &= ~INFORMAL
    if not bits & SAID_BY_ANYONE:
        bits |= PEOPLE_ONLY
    return bits & ~(FORMAL | SAID_BY_ANYONE)


# Reviewed word lists that move whole dictionary lexemes (all their forms) to another class: the grammeme added to
# each of their parses («-» before it: taken away). The dictionary marks few slang words, names and brands; noise is
# what no family would play; a few abbreviations have become ordinary declinable nouns (вуз, загс, нэп).
RECLASS_LISTS = (("slang.txt", "Slng"), ("colloquial.txt", "Infr"), ("not_common_nouns.txt", "Name"),
                 ("not_words.txt", "Erro"), ("abbreviation_nouns.txt", "-Abbr"), ("bots_never_say.txt", PEOPLE_GRAMMEME))
SUPPLEMENT_GENDERS = {"муж": ("masc",), "жен": ("femn",), "ср": ("neut",), "общ": ("ms-f",)}


def lexeme_parses(dictionary, lemma: str, substitutes=None) -> list[tuple[str, int, int]]:
    """(form, paradigm id, form index) of every form of every dictionary lexeme whose lemma is spelt lemma (е in
    lemma may stand for ё when substitutes, the analyzer's char_substitutes, are given)."""
    spellings = dictionary.words.similar_items(lemma, substitutes) if substitutes else \
        [(lemma, dictionary.words.get(lemma, ()))]
    found = []
    for spelling, values in spellings:
        for paradigm_id, form_index in values:
            if dictionary.build_normal_form(paradigm_id, form_index, spelling) != spelling:
                continue
            info = dictionary.build_paradigm_info(paradigm_id)
            prefix, _tag, suffix = info[form_index]
            stem = spelling[len(prefix):len(spelling) - len(suffix)]
            found.extend((form_prefix + stem + form_suffix, paradigm_id, index)
                         for index, (form_prefix, _tag, form_suffix) in enumerate(info))
    return found


Marks = dict[str, dict[tuple[int, int], tuple[str, ...]]]  # form -> (paradigm id, form index) -> the lists' marks


def _reclassify(morph, grammemes_of, forms: dict[str, int], nouns: dict[str, int]) -> Marks:
    """Apply RECLASS_LISTS: recompute the classes of every form of a listed lexeme from all its parses, with the
    list's grammeme added to the listed lexeme's own (a form shared with an unlisted word keeps that word's class).
    Returns the marks given, which a later look at the same parses (the blocklist's) applies again."""
    from game.rules.lexicon.data import read_list

    dictionary = morph.dictionary
    changed: Marks = {}
    for name, grammeme in RECLASS_LISTS:
        for lemma in read_list(name):
            for form, paradigm_id, form_index in lexeme_parses(dictionary, lemma, morph.char_substitutes):
                marks = changed.setdefault(form, {})
                marks[(paradigm_id, form_index)] = marks.get((paradigm_id, form_index), ()) + (grammeme,)
    for form, marks in changed.items():
        if not _letters_only(form):
            continue
        classes = noun = 0
        for paradigm_id, form_index in dictionary.words.get(form, ()):
            grammemes = _marked(grammemes_of(paradigm_id, form_index), marks.get((paradigm_id, form_index), ()))
            classes |= _form_class(grammemes)
            noun |= _noun_bits(grammemes, form_index)
        _store(forms, form, classes)
        _store(nouns, form, noun)
    return changed


def _marked(grammemes: frozenset[str], marks: tuple[str, ...]) -> frozenset[str]:
    for mark in marks:
        grammemes = grammemes - {mark[1:]} if mark[0] == "-" else grammemes | {mark}
    return grammemes


def _add_variants(dictionary, variants, variant_codes: dict[bytes, int], forms: dict[str, int],
                  nouns: dict[str, int]) -> None:
    """The «-нье» variant forms of «-ние» nouns, except those of rare_doublets.txt (окуриванье, окуриванья…)."""
    from game.rules.lexicon.data import read_list

    rare = {word.replace("ё", "е") for word in read_list("rare_doublets.txt")}
    for word, value in variants:
        if not _letters_only(word):
            continue
        lemma = dictionary.build_normal_form(*struct.unpack(">HH", value), word)
        if lemma.endswith("ние") and (lemma[:-3] + "нье").replace("ё", "е") in rare:
            continue
        code = variant_codes[value]
        forms[word] = forms.get(word, 0) | (code & FORM_CLASS_MASK)
        if code > FORM_CLASS_MASK:
            nouns[word] = nouns.get(word, 0) | (code >> NOUN_SHIFT)


def _store(table: dict[str, int], word: str, bits: int) -> None:
    if bits:
        table[word] = bits
    else:
        table.pop(word, None)


def _supplement(morph, forms: dict[str, int], nouns: dict[str, int]) -> None:
    """Add supplement.txt: reviewed nouns the dictionary lacks or files only as adjectives (капучино, больной).
    Its Скрэббл forms are inflected by pymorphy3 after the word's nominative parse of the given gender (a reviewed
    word, so its inflection may be guessed); «нескл» words have only their one form."""
    from game.rules.lexicon.data import DATA_DIR

    with open(DATA_DIR / "supplement.txt", encoding="utf-8") as handle:
        for line in handle:
            fields = line.split("#", 1)[0].split()
            if len(fields) < 3:
                continue
            word, gender, animacy = fields[0].lower(), fields[1], fields[2]
            genders = SUPPLEMENT_GENDERS[gender]
            bits = CLASS_PLAIN | SINGULAR | SAID_BY_ANYONE | (ANIM if animacy == "кто" else INAN)
            bits |= {"masc": MASC, "femn": FEMN, "neut": NEUT, "ms-f": COMMON_GENDER}[genders[0]]
            nouns[word] = (nouns.get(word, 0) & ~INFORMAL) | bits
            forms[word] = forms.get(word, 0) | CLASS_PLAIN
            if "нескл" in fields[3:]:
                continue
            models = [field[4:] for field in fields[3:] if field.startswith("как=")]
            inflected = _inflected_like(morph, word, models[0]) if models else _inflections(morph, word, genders[0])
            for form in inflected:
                if _letters_only(form):
                    forms[form] = forms.get(form, 0) | CLASS_PLAIN


PEOPLE_SUPPLEMENT = "supplement_lebedev.txt"
PEOPLE_GENDERS = {"муж": MASC, "жен": FEMN, "ср": NEUT, "общ": COMMON_GENDER}


def people_supplement_entries():
    """(word, gender, animacy, forms, marks) of each line of supplement_lebedev.txt (tools/build_lebedev_supplement.py:
    «word gender animacy stem|ending,ending…» with «мн» for a plural that is no headword, and marks after it)."""
    from game.rules.lexicon.data import DATA_DIR

    with open(DATA_DIR / PEOPLE_SUPPLEMENT, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split("#", 1)[0].split()
            if len(fields) < 4:
                continue
            word, gender, animacy, spec = fields[:4]
            stem, _, endings = spec.partition("|")
            yield word, gender, animacy, {stem + ending for ending in endings.split(",")} | {word}, fields[4:]


def _people_supplement(blocked, forms: dict[str, int], nouns: dict[str, int]) -> None:
    """Add the supplement of nouns from Lebedev's dictionary that OpenCorpora lacks: words people may play, never
    the game itself (their readings are marked as only people's, see index_format.PEOPLE_SHIFT). A plural entry
    gives Скрэббл its forms and no headword."""
    people_plain = CLASS_PLAIN << PEOPLE_SHIFT
    for word, gender, animacy, word_forms, _marks in people_supplement_entries():
        for form in word_forms:
            if _letters_only(form) and form not in blocked:
                forms[form] = forms.get(form, 0) | people_plain
        if gender in PEOPLE_GENDERS and word not in blocked:
            bits = CLASS_PLAIN | SINGULAR | PEOPLE_GENDERS[gender]
            bits |= {"кто": ANIM, "что": INAN}.get(animacy, 0)
            nouns[word] = nouns.get(word, 0) | bits


def _yo_spellings(word: str) -> list[str]:
    """Every spelling whose е spelling is word (each е may stand for ё)."""
    spellings = [""]
    for letter in word:
        spellings = [start + choice for start in spellings for choice in (("е", "ё") if letter == "е" else letter)]
    return spellings


def _settle_blocked(morph, grammemes_of, marks: Marks, blocked, forms: dict[str, int], nouns: dict[str, int]) -> None:
    """A spelling the blocklist holds is refused only when every word it belongs to is blocked: «сука» is also the
    genitive of «сук», «сучка» of «сучок», «хули» the imperative of «хулить». Such a form, and any form a blocked word
    shares with an innocent one («суки», «сучки»), keeps only its innocent readings, as people's alone, so no bot lays
    it and no hint offers it; a spelling with none leaves the index."""
    dictionary = morph.dictionary
    spellings: set[str] = set()
    for prefix in blocked.prefixes:
        for start in _yo_spellings(prefix):
            spellings.update(key for key in dictionary.words.iterkeys(start) if key in blocked)
    for word in blocked.exact:
        spellings.update(spelling for spelling in _yo_spellings(word) if spelling in forms or spelling in nouns)
    for infix in blocked.infixes:
        probe = max(infix.split("е"), key=len)
        spellings.update(key for key in forms if probe in key and key in blocked)
    lemmas = {lemma for spelling in spellings for paradigm_id, form_index in dictionary.words.get(spelling, ())
              if (lemma := dictionary.build_normal_form(paradigm_id, form_index, spelling)) in blocked}
    for lemma in lemmas:
        spellings.update(form for form, _paradigm, _index in lexeme_parses(dictionary, lemma) if _letters_only(form))
    for spelling in spellings:
        owners = [(paradigm_id, form_index, dictionary.build_normal_form(paradigm_id, form_index, spelling))
                  for paradigm_id, form_index in dictionary.words.get(spelling, ())]
        if spelling not in blocked and any(owner == spelling for *_parse, owner in owners):
            continue  # an innocent word's own headword stays anyone's: «сук», though also the genitive of «сука»
        classes = noun = 0
        for paradigm_id, form_index, owner in owners:
            if owner in blocked:
                continue
            grammemes = _marked(grammemes_of(paradigm_id, form_index),
                                marks.get(spelling, {}).get((paradigm_id, form_index), ()) + (PEOPLE_GRAMMEME,))
            classes |= _form_class(grammemes)
            noun |= _noun_bits(grammemes, form_index)
        _store(forms, spelling, classes)
        _store(nouns, spelling, noun)


def _inflected_like(morph, word: str, model: str) -> set[str]:
    """The forms of word made as the dictionary inflects model (лазанья как оладья: лазаний, лазаньей…)."""
    import os.path

    model_forms = _inflections(morph, model, None)
    shared = os.path.commonprefix(sorted(model_forms))
    stem = word[:len(word) - (len(model) - len(shared))]
    return {stem + form[len(shared):] for form in model_forms}


def _inflections(morph, word: str, gender: str | None) -> set[str]:
    """Every form of word as a noun (the dictionary's own lexeme when it has one, else pymorphy3's guess), or of
    the adjective it is substantivised from."""
    for parse in morph.parse(word):
        tag = parse.tag
        if tag.POS == "NOUN" and tag.case == "nomn" and tag.number == "sing" and (gender is None or gender in tag):
            return {form.word for form in parse.lexeme}
    for parse in morph.parse(word):
        if parse.tag.POS in ("ADJF", "PRTF") and parse.tag.case == "nomn" and (gender is None or gender in parse.tag):
            return {form.word for form in parse.lexeme if form.tag.POS in ("ADJF", "PRTF")}
    return set()


def build(cache_dir: Path, progress: Progress | None = None, key: str | None = None) -> tuple[Path, Path, Path]:
    """Build the index files into cache_dir and return their paths (nouns, toggled nouns, forms)."""
    import dawg
    import pymorphy3

    from game.rules.lexicon.data import blocklist

    blocked = blocklist()

    report = progress or (lambda fraction, message: None)
    cache_dir = Path(cache_dir)
    cache_dir.mkdir(parents=True, exist_ok=True)
    key = key or cache_key()
    report(0.0, "Открываю словарь pymorphy3…")
    analyzer = pymorphy3.MorphAnalyzer()
    dictionary = analyzer.dictionary
    grammemes_by_tag = [frozenset(tag.grammemes) for tag in dictionary.gramtab]
    # The words DAWG stores (paradigm id, form index) as 4 big-endian bytes: classify each pair once, by its bytes,
    # into one int: the toggle class in the low bits, the noun headword flags above NOUN_SHIFT.
    codes: dict[bytes, int] = {}
    variant_codes: dict[bytes, int] = {}
    for paradigm_id, paradigm in enumerate(dictionary.paradigms):
        forms_count = len(paradigm) // 3
        for form_index in range(forms_count):
            grammemes = grammemes_by_tag[paradigm[forms_count + form_index]]
            code = _form_class(grammemes) | (_noun_bits(grammemes, form_index) << NOUN_SHIFT)
            if code:
                # «-нье» spellings of a «-ние» noun (окуриванье, V-be) are settled after the pass, see _add_variants
                (variant_codes if "V-be" in grammemes else codes)[struct.pack(">HH", paradigm_id, form_index)] = code

    total = int(dictionary.meta.get("words_dawg_length", 5_000_000)) or 1
    forms: dict[str, int] = {}
    nouns: dict[str, int] = {}
    get_code, get_nounword = codes.get, nouns.get
    letters_only = _letters_only
    step = 250_000
    seen = 0
    previous, classes = "", 0
    variants: list[tuple[str, bytes]] = []
    # Keys come sorted, so the parses of one spelling are neighbours: merge them without a lookup per parse.
    for word, value in dawg.BytesDAWG.iteritems(dictionary.words):
        seen += 1
        code = get_code(value)
        if code:
            if word != previous:
                if classes:
                    forms[previous] = classes
                previous, classes = word, 0
                if not letters_only(word):
                    previous = ""
                    continue
            elif not previous:
                continue
            classes |= code & FORM_CLASS_MASK
            if code > FORM_CLASS_MASK:
                nouns[word] = get_nounword(word, 0) | (code >> NOUN_SHIFT)
        elif value in variant_codes:
            variants.append((word, value))
        if seen % step == 0:
            report(0.85 * seen / total, f"Читаю словарь: {seen:,} форм".replace(",", " "))
    if classes and previous:
        forms[previous] = classes

    report(0.86, "Применяю проверенные списки…")
    paradigms = dictionary.paradigms

    def grammemes_of(paradigm_id: int, form_index: int) -> frozenset[str]:
        paradigm = paradigms[paradigm_id]
        return grammemes_by_tag[paradigm[len(paradigm) // 3 + form_index]]

    _add_variants(dictionary, variants, variant_codes, forms, nouns)
    marks = _reclassify(analyzer, grammemes_of, forms, nouns)
    _supplement(analyzer, forms, nouns)
    _people_supplement(blocked, forms, nouns)
    _settle_blocked(analyzer, grammemes_of, marks, blocked, forms, nouns)

    report(0.88, "Записываю список существительных…")
    # An е spelling also stands for its ё word, so it takes that word's readings before they are settled: «шофер»
    # read as «шофёр» is a plain word, though the dictionary's own «шофер» is marked «разговорное».
    readings: dict[str, int] = {}
    for word, bits in nouns.items():
        if len(word) >= MIN_LENGTH:
            readings[word] = readings.get(word, 0) | bits
            if "ё" in word:
                plain = word.replace("ё", "е")
                readings[plain] = readings.get(plain, 0) | bits
    plain_lines, toggled_lines = [], []
    for word, bits in sorted(readings.items()):
        bits = _settle_gender(bits)
        if bits & CLASS_MASK:  # not only the plain plural of an indeclinable word whose headword is refused
            (plain_lines if bits & CLASS_PLAIN else toggled_lines).append(f"{word}\t{bits}\n")
    target_nouns, target_toggled = nouns_path(cache_dir, key), toggled_path(cache_dir, key)
    _write_atomically(target_toggled, lambda handle: handle.write("".join(toggled_lines).encode("utf-8")))
    _write_atomically(target_nouns, lambda handle: handle.write("".join(plain_lines).encode("utf-8")))

    report(0.9, "Записываю все словоформы (Скрэббл)…")
    extra: dict[str, int] = {}
    for word, toggle in forms.items():
        if "ё" in word:
            plain = word.replace("ё", "е")
            extra[plain] = extra.get(plain, 0) | toggle
    for word, toggle in extra.items():
        forms[word] = forms.get(word, 0) | toggle
    forms_dawg = dawg.IntCompletionDAWG(forms)
    target_forms = forms_path(cache_dir, key)
    _write_atomically(target_forms, forms_dawg.write)
    report(1.0, "Словарь готов.")
    return target_nouns, target_toggled, target_forms


def _write_atomically(target: Path, write: Callable) -> None:
    handle = tempfile.NamedTemporaryFile(dir=target.parent, prefix=target.name + ".", suffix=".tmp", delete=False)
    try:
        with handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(handle.name, target)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise
