"""Russian that agrees: counts, «Вы», and no hand-written endings anywhere in the program's texts."""
import re
from pathlib import Path

import pygame
import pymorphy3
import pytest

from game import rules as rules_registry
from game.rules.words_ru import acts, addressed, agree, count, gender_of, of_player, opens, place_of
from game.scenes.nowords.dialogs import refusal_title
from game.scenes.table.pause import PauseOverlay
from table_driver import LocalTable

GAME = Path(__file__).resolve().parent.parent / "game"
COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
# a counted noun written by hand after a number: «{n} карт», «{n} очк.» (right for some numbers only); the
# abbreviation «оч.» has no ending to agree and is the one short form
HAND_WRITTEN = re.compile(r"\{[^{}]+\}\)?\s(?:карт[аы]?|очк(?:о|а|ов|\.)|букв[аы]?|фиш(?:\.|ек|ки|ка)|секунд[аы]?|"
                          r"игрок(?:а|ов)?|парти[йия]|ход(?:а|ов)?|строк[аи]?|тур(?:а|ов|\.)?)(?![а-яё])")
COUNTED = re.compile(r"count_of\([^()]*?(?:\([^()]*\)[^()]*?)*,\s*['\"]([а-яё -]+)['\"]\)")
NOT_A_COUNT = "# not a count"  # marks a line whose «{…} буквы» is no number («Пятая буква», «забирает буквы»)
SOURCES = sorted(p for d in ("scenes", "rules", "cli") for p in (GAME / d).rglob("*.py"))


def counted_words() -> set[str]:
    return {m.group(1) for path in SOURCES for m in COUNTED.finditer(path.read_text(encoding="utf-8"))}


def test_no_template_writes_a_counted_ending_by_hand():
    offenders = []
    for path in SOURCES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HAND_WRITTEN.search(line.split("#", 1)[0]) and NOT_A_COUNT not in line:
                offenders.append(f"{path.relative_to(GAME)}:{number}: {line.strip()}")
    assert not offenders, "use game.rules.words_ru.count for a number and its noun:\n" + "\n".join(offenders)


def test_no_text_hedges_a_gender_with_brackets():
    """«выложил(а)», «забрал(а)»: the program does not know a player's gender, so it says it without one."""
    hedged = [f"{path.relative_to(GAME)}:{n}: {line.strip()}" for path in SOURCES
              for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"[а-яё]\((?:а|на|ла)\)", line)]
    assert not hedged


def test_every_counted_word_agrees_as_the_dictionary_says():
    words = counted_words()
    assert {"карта", "очко", "буква", "фишка"} <= words  # the finder sees the program's templates
    morph = pymorphy3.MorphAnalyzer()
    for words_ in sorted(words):
        for n in COUNTS:
            expected = " ".join(morph.parse(w)[0].make_agree_with_number(n).word for w in words_.split(" "))
            assert count(n, words_) == f"{n} {expected}", (words_, n)


@pytest.mark.parametrize("word, forms", [
    ("карта", "0 карт, 1 карта, 2 карты, 5 карт, 11 карт, 21 карта, 22 карты, 25 карт, 111 карт"),
    ("очко", "0 очков, 1 очко, 2 очка, 5 очков, 11 очков, 21 очко, 22 очка, 25 очков, 111 очков"),
    ("буква", "0 букв, 1 буква, 2 буквы, 5 букв, 11 букв, 21 буква, 22 буквы, 25 букв, 111 букв"),
    ("карту", "0 карт, 1 карту, 2 карты, 5 карт, 11 карт, 21 карту, 22 карты, 25 карт, 111 карт"),
    ("буквы", "0 букв, 1 буквы, 2 букв, 5 букв, 11 букв, 21 буквы, 22 букв, 25 букв, 111 букв"),
    ("тур", "0 туров, 1 тур, 2 тура, 5 туров, 11 туров, 21 тур, 22 тура, 25 туров, 111 туров"),
    ("новая карта", "0 новых карт, 1 новая карта, 2 новые карты, 5 новых карт, 11 новых карт, 21 новая карта, "
                    "22 новые карты, 25 новых карт, 111 новых карт"),
])
def test_hand_checked_counts(word, forms):
    assert ", ".join(count(n, word) for n in COUNTS) == forms


def test_capitals_are_kept():
    assert agree("Карта", 5) == "Карт"
    assert addressed("Добирает") == "Добираете"


@pytest.mark.parametrize("verb, you", [("сдаёт", "сдаёте"), ("настаивает", "настаиваете"), ("забирает", "забираете"),
                                       ("берёт", "берёте"), ("выложил", "выложили"), ("согласен", "согласны"),
                                       ("не добирает", "не добираете")])
def test_the_verb_said_to_you(verb, you):
    assert acts("Петя", verb, you=False) == f"Петя {verb}"
    assert acts("Аня", verb, you=True) == f"Вы {you}"


@pytest.mark.parametrize("name, gender", [
    ("Маша", "femn"), ("Аня", "femn"), ("Любовь", "femn"), ("Екатерина Великолепная", "femn"),
    ("Саша Петрова", "femn"), ("Петя", "masc"), ("Никита", "masc"), ("Илья", "masc"), ("Владимир Александрович", "masc"),
    ("Саша", "masc"), ("Женя", "masc"), ("Игрок 2", "masc"), ("Кот", "masc"), ("xXx", "masc"), ("", "masc"),
    ("Мама", "femn"), ("Бабушка", "femn"), ("Тётя Оля", "femn"), ("Папа", "masc"), ("Дедушка", "masc"),
    ("Миша", "masc"), ("Илья Петрова", "masc"), ("Ракета", "masc")])
def test_a_players_gender_is_read_from_their_name(name, gender):
    """A name either may bear, and anything that is no name, is spoken of in the masculine, as Russian does."""
    assert gender_of(name) == gender


def test_a_past_tense_and_a_place_agree_with_the_player():
    assert acts("Маша", "поймал", you=False) == "Маша поймала"
    assert acts("Петя", "поймал", you=False) == "Петя поймал"
    assert acts("Маша", "поймал", you=True) == "Вы поймали"
    assert acts("Маша", "сдаёт", you=False) == "Маша сдаёт"  # the present tense has no gender
    assert of_player("не успел", "Оля", False) == "не успела" and of_player("отстал", "Оля", True) == "отстали"
    assert [of_player(w, "Оля", False) for w in ("Я готов", "сам", "первым", "ходит")] == ["Я готова", "сама", "первой", "ходит"]
    assert [of_player(w, "Оля", True) for w in ("готов", "сам", "первым", "ходит")] == ["готовы", "сами", "первой", "ходите"]
    assert [of_player(w, "Петя", False) for w in ("Я готов", "сам", "первым")] == ["Я готов", "сам", "первым"]
    assert (place_of(2, "Маша"), place_of(2, "Петя"), place_of(10, "Кот")) == ("2-я", "2-й", "10-й")
    assert (opens("Маша", False), opens("Петя", False)) == ("первой ходит Маша", "первым ходит Петя")
    assert (opens("Маша", True), opens("Петя", True)) == ("первой ходите вы", "первым ходите вы")


def test_a_refused_proper_name_is_not_called_unknown():
    assert refusal_title("иван", "имя собственное") == "«ИВАН» — имя собственное"
    assert refusal_title("зюзя", "нет в словаре") == "Словарь не знает «ЗЮЗЯ»"


def test_house_rules_are_named_in_russian():
    latin = []
    for game_id in rules_registry.BY_ID:
        if not rules_registry.available(game_id):
            continue
        for rule in rules_registry.load(game_id).house_rules:
            for text in (rule.label, *(label for _, label in rule.choices)):
                if re.search(r"[A-Za-z]", re.sub(r"\bUNO\b|\bH2O\b", "", text)):
                    latin.append(f"{game_id}: {text}")
    assert not latin


def test_a_local_game_paused_does_not_speak_of_the_network(app):
    table = LocalTable(app, "uno", ["Вы", "Бот"])
    table.settle(5)
    table.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseOverlay) and app.top.online is False
