"""Expand the blocklist's «@lemma» and «!@lemma» entries and review its pattern rules over the whole dictionary.

Writes two files next to blocklist.txt:

* blocklist_forms.txt — every form of each «@lemma» (the lemma itself, and each form that no common innocent word
  shares: «сучки» is also the plural of сучок and stays), and, marked «!», every form of each «!@lemma» (innocent
  words a pattern would catch).
* blocklist_review.txt — for each pattern rule («^stem», «+root», «~part»), every dictionary lemma of which some
  Скрэббл form is refused by that rule. Each line was read and judged obscene, vulgar or a slur; a rule that catches
  an innocent word is fixed (anchored to its morpheme, or the word exempted with «!@»), never the review line kept.
  tests/test_lexicon_blocklist.py regenerates the review and fails when it differs, so a new rule or a dictionary
  update cannot silently refuse innocent forms.

Run:  python tools/build_blocklist.py          (after editing blocklist.txt; then read the review's diff)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.lexicon_build import lexeme_parses  # noqa: E402
from game.rules.lexicon.index_format import PROPER_GRAMMEMES  # noqa: E402
from game.rules.lexicon.data import DATA_DIR, entry_pattern, pattern_entries, read_list  # noqa: E402

FORMS_HEADER = ("# Made by tools/build_blocklist.py from the @ and !@ entries of blocklist.txt — do not edit by hand.\n"
                "# A word: refused in every game. «!word»: an innocent form that the pattern rules leave alone.\n")
REVIEW_HEADER = ("# Made by tools/build_blocklist.py: for each pattern rule of blocklist.txt, every dictionary lemma of\n"
                 "# which it refuses some form (all forms of the whole dictionary were tested). Each lemma was read\n"
                 "# and judged obscene, vulgar or a slur; tests/test_lexicon_blocklist.py keeps this file current.\n")


def _analyzer():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def lexeme_forms(dictionary, lemma: str) -> set[str]:
    return {form for form, _paradigm, _index in lexeme_parses(dictionary, lemma)}


def _lemmas_of(dictionary, form: str) -> set[tuple[str, bool]]:
    """(lemma, is a proper name) of every dictionary parse of form."""
    found = set()
    for paradigm_id, form_index in dictionary.words.get(form, ()):
        grammemes = set(dictionary.build_tag_info(paradigm_id, form_index).grammemes)
        found.add((dictionary.build_normal_form(paradigm_id, form_index, form), bool(grammemes & PROPER_GRAMMEMES)))
    return found


def expanded_forms(dictionary) -> list[str]:
    entries = read_list("blocklist.txt")
    blocked_lemmas = {entry[1:] for entry in entries if entry.startswith("@")}
    lines: list[str] = []
    for lemma in sorted(blocked_lemmas):
        lines.append(lemma)  # even where the dictionary lacks it: a later dictionary may add it
        for form in sorted(lexeme_forms(dictionary, lemma)):
            innocent_owner = any(owner not in blocked_lemmas and not proper
                                 for owner, proper in _lemmas_of(dictionary, form))
            if form == lemma or not innocent_owner:
                lines.append(form)
    for entry in entries:
        if entry.startswith("!@"):
            lines.extend("!" + form for form in sorted(lexeme_forms(dictionary, entry[2:])))
    return sorted(set(lines), key=lambda line: (line.startswith("!"), line.lstrip("!")))


def review(analyzer, forms_keys, blocklist) -> list[tuple[str, str]]:
    """(rule, lemma) for every lemma with a form refused by a pattern rule (exempted forms are not refused)."""
    dictionary = analyzer.dictionary
    entries = pattern_entries()
    text = "\n".join({key.replace("ё", "е") for key in forms_keys})
    # one scan of the whole dictionary with every rule at once (a scan per rule took most of the time); each rule
    # then tries only the few words some rule caught
    any_rule = re.compile("^(?:" + "|".join(f"(?:{entry_pattern(entry)})" for entry in entries) + ")[^\n]*", re.M)
    caught = {match.group(0) for match in any_rule.finditer(text)} - blocklist.exempt
    pairs: set[tuple[str, str]] = set()
    for entry in entries:
        rule = re.compile(entry_pattern(entry)).match
        for word in sorted(filter(rule, caught)):
            lemmas = {lemma for spelling, _ in dictionary.words.similar_items(word, analyzer.char_substitutes)
                      for lemma, _proper in _lemmas_of(dictionary, spelling)} or {word}
            pairs.update((entry, lemma.replace("ё", "е")) for lemma in lemmas)
    return sorted(pairs)


def review_lines(pairs) -> list[str]:
    by_rule: dict[str, list[str]] = {}
    for rule, lemma in pairs:
        by_rule.setdefault(rule, []).append(lemma)
    return [f"{rule}\t{' '.join(sorted(lemmas))}\n" for rule, lemmas in by_rule.items()]


def main() -> int:
    analyzer = _analyzer()
    dictionary = analyzer.dictionary
    forms_path = DATA_DIR / "blocklist_forms.txt"
    forms = expanded_forms(dictionary)
    forms_path.write_text(FORMS_HEADER + "".join(line + "\n" for line in forms), encoding="utf-8")

    from game.rules.lexicon import data

    data.blocklist.cache_clear()
    pairs = review(analyzer, dictionary.words.iterkeys(), data.blocklist())
    review_path = DATA_DIR / "blocklist_review.txt"
    review_path.write_text(REVIEW_HEADER + "".join(review_lines(pairs)), encoding="utf-8")
    print(f"{len(forms)} форм в {forms_path.name}; {len(pairs)} пар «правило — лемма» в {review_path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
