"""Твёрдый знак bonus tags: every example of the card texts, the curated lists, animacy decisions."""
from __future__ import annotations

from collections import Counter

import pytest

from game.rules import lexicon
from game.rules.lexicon import tag_gold
from game.rules.lexicon.data import DATA_DIR, read_list

# Card texts of hard-sign.txt: «Даёт +1 очко, если слово мужского рода. Пример: стол, дом, кот.» and so on.
CARD_EXAMPLES = {
    "муж": "стол дом кот",
    "жен": "река ночь дверь",
    "ср": "окно море поле",
    "предмет": "мяч часы хлеб",
    "твёрдое": "камень глыба лёд",
    "жидкое": "вода море чай",
    "съедобное": "мясо хлеб плов",
    "рукотворное": "стул хлеб дом",
    "кто": "пёс рыба муха",
    "что": "дым лужа прядь",
    "природа": "луг река бык",
    "животное": "жук лама жираф",
    "растение": "мох мята перец",
    "в_комнате": "пол стол карта",
    "рыба": "лещ щука окунь",
    "птица": "сыч утка дятел",
}
EXAMPLES = [(tag, word) for tag, words in CARD_EXAMPLES.items() for word in words.split()]


@pytest.mark.parametrize("tag, word", EXAMPLES)
def test_every_card_example_classifies_as_the_text_says(tag, word):
    assert tag in lexicon.tags(word), (word, sorted(lexicon.tags(word)))
    assert lexicon.get("hardsign").is_word(word)


def test_examples_do_not_pick_up_contradicting_tags():
    assert "что" not in lexicon.tags("кот")
    assert "кто" not in lexicon.tags("дым")
    assert not {"муж", "жен"} & lexicon.tags("окно")
    assert "животное" not in lexicon.tags("утка") | lexicon.tags("лещ")  # birds and fish have their own cards
    assert "рукотворное" not in lexicon.tags("луг")
    assert "жидкое" not in lexicon.tags("камень")


def test_gender_of_common_gender_and_plural_only_words():
    assert {"муж", "жен"} <= lexicon.tags("сирота")
    assert not {"муж", "жен", "ср"} & lexicon.tags("ножницы")
    assert lexicon.tags("ёж") == lexicon.tags("еж")


def test_animacy_decisions():
    assert "кто" in lexicon.tags("кукла") and "что" not in lexicon.tags("кукла")  # grammar: вижу кукол
    assert "что" in lexicon.tags("вирус") and "кто" not in lexicon.tags("вирус")  # grammar: вижу вирусы
    assert "кто" in lexicon.tags("мертвец")
    assert lexicon.tags("ёж") & {"кто", "что"} == {"кто"}  # override: «противотанковый ёж» is too rare
    assert {"кто", "что"} <= lexicon.tags("рак")  # the animal and the illness


def test_final_hard_sign_keeps_the_tags():
    assert lexicon.tags("слонъ") == lexicon.tags("слон")
    assert lexicon.tags("гвоздъ") == lexicon.tags("гвоздь")


def test_unknown_words_have_no_grammatical_tags():
    assert lexicon.tags("суперкот") == frozenset()
    assert lexicon.tags("бежать") == frozenset()


def test_tag_names_are_the_cards():
    assert set(lexicon.TAG_NAMES) == set(CARD_EXAMPLES)
    assert sorted(path.stem for path in (DATA_DIR / "tags").glob("*.txt")) == sorted(lexicon.CATEGORY_TAGS)


@pytest.mark.parametrize("tag", lexicon.CATEGORY_TAGS)
def test_curated_lists_hold_only_accepted_nouns_without_repeats(tag):
    words = read_list(f"tags/{tag}.txt")
    erudit = lexicon.get("erudit")
    assert [word for word in words if not erudit.is_word(word)] == []
    assert [word for word, count in Counter(words).items() if count > 1] == []


def test_curated_lists_are_not_emptied():
    # how many words the lists need is measured against the gold sample (test_tags_match_the_gold_sample)
    total = sum(len(read_list(f"tags/{tag}.txt")) for tag in lexicon.CATEGORY_TAGS)
    assert total >= 1500


# issue 29 drew two more samples (seeds 2929 and 4242) and holds them to recall 0.97
ISSUE_29_GOLD_FILES = ["tags_gold_heldout_29.txt", "tags_gold_heldout_4242.txt"]
GOLD_FILES = [(tag_gold.GOLD_FILE, 0.95), (tag_gold.HELDOUT_FILE, 0.95)] + [(name, 0.97) for name in ISSUE_29_GOLD_FILES]


@pytest.mark.parametrize("name, target", GOLD_FILES)
def test_tags_match_the_gold_samples(name, target):
    """Hand-reviewed gold samples of ordinary nouns: no tag a word must not have (precision 1.0), and at least the
    target share of the tags it must have, counted over every tag and over the curated categories alone."""
    gold = tag_gold.read_gold(name=name)
    assert len(gold) >= 300
    every = tag_gold.score(lexicon.tags, gold)
    categories = tag_gold.category_score(lexicon.tags, gold)
    assert every.wrong == []
    assert every.recall >= target, every.missed
    assert categories.recall >= target, categories.missed


def test_gold_samples_are_disjoint():
    samples = [{entry.word for entry in tag_gold.read_gold(name=name)} for name, _ in GOLD_FILES]
    assert [(i, j) for i in range(len(samples)) for j in range(i) if samples[i] & samples[j]] == []


def test_gold_scoring_counts_missed_wrong_and_arguable_tags():
    gold = tag_gold.read_gold("кот: муж кто животное природа | предмет\nлуг: муж что природа\n")
    given = {"кот": frozenset({"муж", "кто", "животное", "предмет"}), "луг": frozenset({"муж", "что", "птица"})}
    result = tag_gold.score(given.__getitem__, gold)
    assert result.missed == [("кот", "природа"), ("луг", "природа")]
    assert result.wrong == [("луг", "птица")]
    assert (result.required, result.found, result.given, result.right) == (7, 5, 6, 5)


def test_birds_and_fish_are_not_in_the_animal_list():
    animals = set(read_list("tags/животное.txt"))
    assert not animals & set(read_list("tags/рыба.txt"))
    assert not animals & set(read_list("tags/птица.txt"))


def test_implied_categories():
    for word in read_list("tags/рыба.txt")[:20] + read_list("tags/растение.txt")[:20]:
        assert "природа" in lexicon.tags(word), word
    for word in read_list("tags/в_комнате.txt")[:20]:
        assert "предмет" in lexicon.tags(word), word


def test_issue_16_tag_review():
    expected = {"мыло": {"в_комнате", "рукотворное"}, "веник": {"в_комнате"}, "фен": {"в_комнате"},
                "ягода": {"съедобное", "природа"}, "фрукт": {"съедобное"}, "овощ": {"съедобное"},
                "ром": {"жидкое", "рукотворное"}, "виски": {"жидкое"}, "уголь": {"твёрдое", "природа"},
                "воздух": {"природа"}, "риф": {"природа"}, "табуретка": {"в_комнате", "рукотворное"},
                "бобёр": {"животное", "кто"}, "лепёшка": {"съедобное", "рукотворное"}, "лепешка": {"съедобное"},
                "суп": {"рукотворное", "съедобное"}, "соус": {"рукотворное"}, "пиво": {"рукотворное", "жидкое"},
                "окно": {"рукотворное"}, "дверь": {"рукотворное"}, "боровик": {"природа", "съедобное"}}
    assert {word: sorted(tags - lexicon.tags(word)) for word, tags in expected.items()} == \
        {word: [] for word in expected}
    assert "рыба" not in lexicon.tags("меч")
    assert "животное" not in lexicon.tags("звезда")
    assert "предмет" not in lexicon.tags("игрок")


def test_issue_29_tag_review():
    """The issue's words, and some of their kind that the review of every untagged common- and known-tier noun
    found."""
    expected = {
        "карниз": {"рукотворное", "в_комнате"}, "корзина": {"рукотворное"}, "плинтус": {"рукотворное"},
        "порог": {"рукотворное"}, "пульт": {"рукотворное"}, "форточка": {"рукотворное"}, "швабра": {"рукотворное"},
        "щётка": {"рукотворное"}, "пол": {"рукотворное"}, "жалюзи": {"рукотворное"},
        "скунс": {"животное", "природа", "кто"}, "тапир": {"животное"}, "песчанка": {"животное"},
        "барракуда": {"рыба", "природа"}, "манта": {"рыба"}, "желе": {"съедобное", "рукотворное", "предмет"},
        "гейзер": {"природа"}, "кускус": {"съедобное", "рукотворное"}, "печёнка": {"съедобное"},
        "нарзан": {"жидкое"},
        # of their kind
        "кухня": {"рукотворное"}, "гамак": {"рукотворное"}, "марионетка": {"рукотворное"}, "кафе": {"рукотворное"},
        "лосьон": {"жидкое", "рукотворное"}, "латте": {"жидкое"}, "медовуха": {"жидкое", "рукотворное"},
        "лазанья": {"съедобное", "рукотворное"}, "шаурма": {"съедобное"}, "брокколи": {"съедобное", "растение"},
        "папайя": {"съедобное", "растение"}, "люпин": {"растение"}, "туя": {"растение"}, "ондатра": {"животное"},
        "тарантул": {"животное"}, "нутрия": {"животное"}, "стерх": {"птица"}, "наседка": {"птица"},
        "сайра": {"рыба"}, "муксун": {"рыба"}, "атолл": {"природа"}, "мерзлота": {"природа"},
        "обсидиан": {"твёрдое", "природа"}, "самородок": {"твёрдое"}, "уголёк": {"твёрдое", "природа"},
        # kinds the held-out sample of seed 2929 found missing
        "аэроэкспресс": {"рукотворное"}, "ровер": {"рукотворное"}, "словарь": {"рукотворное"},
        "энциклопедия": {"рукотворное"}, "мешок": {"рукотворное"}, "палочка": {"предмет"}, "веточка": {"предмет"},
        "хвост": {"природа"}, "крыло": {"природа"}, "логово": {"природа"},
        # a diminutive has its base's categories
        "ёжик": {"животное"}, "котик": {"животное"}, "столик": {"рукотворное", "в_комнате"},
        "ложечка": {"рукотворное"}, "зёрнышко": {"природа"}, "брёвнышко": {"твёрдое"}, "хлебушек": {"съедобное"},
    }
    assert {word: sorted(tags - lexicon.tags(word)) for word, tags in expected.items()} == \
        {word: [] for word in expected}
    assert "животное" not in lexicon.tags("барракуда") | lexicon.tags("стерх")  # they have their own cards


def test_things_in_the_room_are_man_made_unless_they_grow():
    """«Есть в комнате» is the room's furniture and things (a plant in a pot aside): people made them."""
    in_room = read_list("tags/в_комнате.txt")
    assert [word for word in in_room if not {"рукотворное", "растение"} & lexicon.tags(word)] == []


# Diminutives whose base tools/build_diminutives.py reads wrongly for the categories (лучик is no little onion,
# щёчка no little brush) or whose sense is another (папочка is a dad, корочка a crust, лапушка a darling).
DIMINUTIVES_OF_ANOTHER_SENSE = frozenset("""
блюдечко водочка голубчик жгутик клеточка корочка косичка кофеёк кофеек кофик крылечко лапочка лапушка лебёдушка
лебедушка лучик огонёк огонек папочка салатик сливка соколик сосудик табачок тупичок чаёк чаек ядрышко балочка
вьюночек горнушка грядочка дульце заводка кетка колодочка косенка косица косёнка лакец ленчик лупка луночка
месячишко морцо мысик положок полозок пружок пустынька реечка ряшка скалочка сосенка сосочка совик стелечка
титаник хвостец цепка щечка щёчка ярок хлебок перевалец
""".split())


def test_diminutives_take_their_base_categories():
    """Твёрдый знак takes diminutives (only Словодел refuses them): «ёжик» is an animal as «ёж» is."""
    hardsign = lexicon.get("hardsign")
    missing = {}
    for line in (DATA_DIR / "diminutives.txt").read_text(encoding="utf-8").splitlines():
        word, _, base = (part.strip() for part in line.partition("#"))
        if not word or word in DIMINUTIVES_OF_ANOTHER_SENSE or not hardsign.check(word).ok:
            continue
        lacking = (lexicon.tags(base) - lexicon.tags(word)) & set(lexicon.CATEGORY_TAGS)
        if lacking:
            missing[word] = sorted(lacking)
    assert missing == {}
