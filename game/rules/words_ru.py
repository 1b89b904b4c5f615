"""Russian that agrees: a noun after a number («1 карта», «2 карты», «5 карт», «21 очко»), a verb after
«Вы» («Вы сдаёте», not «Вы сдаёт»), and a past-tense verb or an ordinal with the player it is about («Маша
поймала», «Петя поймал»; «2-я», «2-й»). Every form comes from pymorphy3's dictionary, never from hand-written
endings, so one call serves every count of every word; the rules' texts and the scenes' both use it."""
from __future__ import annotations

import functools

YOU = "Вы"


@functools.lru_cache(maxsize=1)
def _morph():
    import pymorphy3  # loaded on the first text that needs it: a window that shows no count never pays for it

    return pymorphy3.MorphAnalyzer()


def _like(model: str, word: str) -> str:
    """``word`` written with ``model``'s capitals (pymorphy3 answers in lower case)."""
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


@functools.lru_cache(maxsize=4096)
def agree(words: str, n: int) -> str:
    """``words`` (a noun, or adjectives and a noun, in the form that goes after «1»: «карта», «очко»,
    «карту» for an object) in the form that goes after the number ``n``."""
    out = []
    for word in words.split(" "):
        parse = _morph().parse(word)[0]
        agreed = parse.make_agree_with_number(abs(n))
        out.append(_like(word, agreed.word) if agreed is not None else word)
    return " ".join(out)


def count(n: int, words: str) -> str:
    """«5 карт»: the number and ``words`` agreeing with it."""
    return f"{n} {agree(words, n)}"


@functools.lru_cache(maxsize=512)
def addressed(verb: str) -> str:
    """The verb said to «Вы»: «сдаёт» → «сдаёте», «выложил» → «выложили», «согласен» → «согласны»."""
    parse = _morph().parse(verb)[0]
    wanted = {"plur"} if {"past"} & parse.tag.grammemes or parse.tag.POS == "ADJS" else {"2per", "plur"}
    form = parse.inflect(wanted)
    return _like(verb, form.word) if form is not None else verb


def acts(name: str, verb: str, you: bool) -> str:
    """«Аня сдаёт» / «Вы сдаёте», «Аня поймала» / «Вы поймали»: ``name`` (``YOU`` when ``you``) and the verb
    agreeing with it."""
    return f"{YOU} {addressed(verb)}" if you else f"{name} {of_player(verb, name, False)}"


@functools.lru_cache(maxsize=1024)
def gender_of(name: str) -> str:
    """``"femn"`` for a name a Russian reads as a woman's («Маша», «Любовь», «Саша Петрова», «Мама»), else
    ``"masc"``: a man's name, one either may bear alone («Саша», «Женя»), and anything else («Игрок 2», a nickname),
    for Russian speaks of a person of unknown sex in the masculine. A first name decides before a surname, and both
    before a word for a person."""
    words = name.split()
    # a first name, a surname, then a word for a person («Мама», «Бабушка», «Тётя»: families name seats so)
    for grammeme in ("Name", "Surn", "anim"):
        for word in words:
            for parse in _morph().parse(word):
                tags = parse.tag.grammemes
                if grammeme in tags and {"NOUN", "nomn", "sing"} <= tags:
                    if "femn" in tags:
                        return "femn"
                    if "masc" in tags:
                        return "masc"
    return "masc"


# words said of a player that take their gender: a past tense, a short adjective or participle, «сам», an ordinal
SAID_OF = frozenset({"VERB", "ADJS", "ADJF", "PRTS", "PRTF"})


@functools.lru_cache(maxsize=1024)
def _of(words: str, feminine: bool, you: bool) -> str:
    out = []
    for word in words.split(" "):
        parse = _morph().parse(word)[0]
        tags = parse.tag.grammemes
        said = word
        if parse.tag.POS in SAID_OF and {"masc", "sing"} <= tags:
            # to «Вы» a verb and a short form go plural, an ordinal keeps the person's gender («первой ходите вы»)
            ordinal = parse.tag.POS == "ADJF" and "Anum" in tags
            form = parse.inflect({"plur"}) if you and not ordinal else parse.inflect({"femn"}) if feminine else None
            said = _like(word, form.word) if form is not None else word
        elif you and parse.tag.POS == "VERB":
            said = addressed(word)
        out.append(said)
    return " ".join(out)


def of_player(words: str, name: str, you: bool) -> str:
    """``words`` said of the player ``name``, agreeing as Russian wants: «поймал», «готов», «сам», «первым» are
    «поймала», «готова», «сама», «первой» of Маша; said to «Вы», the verb and the short form go plural («поймали»,
    «готовы», «сами», «ходите») and an ordinal keeps the player's own gender («первой ходите вы»)."""
    return _of(words, gender_of(name) == "femn", you)


def place_of(place: int, name: str) -> str:
    """The player ``name``'s place as Russians write it: «1-й» for Петя, «1-я» for Маша (and for «Вы», by the name
    the player gave: «Вы выложили слово 1-я»)."""
    return f"{place}-{'я' if gender_of(name) == 'femn' else 'й'}"


def verb_for(verb: str, you: bool) -> str:
    """The verb alone, for a phrase whose subject stands elsewhere («…, а решаете вы»)."""
    return addressed(verb) if you else verb


def opens(name: str, you: bool) -> str:
    """Who has a round's or a game's first turn: «первым ходит Петя», «первой ходит Аня», «первым ходите вы» (or
    «первой ходите вы»: ``name`` is the player's own name also when ``you``, for «первой» agrees with it)."""
    return f"{of_player('первым', name, you)} {verb_for('ходит', you)} {'вы' if you else name}"


_YOU_FOR = {"он": "вы", "его": "ваш", "нём": "вас", "него": "вас", "ему": "вам", "ним": "вами"}


def to_you(sentence: str) -> str:
    """A sentence about «him» said to the person it is about: «он разбирает карты.» → «вы разбираете карты.»,
    «на нём штраф.» → «на вас штраф.», «его ход.» → «ваш ход.» (the verb right after «он» agrees)."""
    words = sentence.split(" ")
    out = []
    for i, word in enumerate(words):
        bare = word.rstrip(".,:;!?")
        tail = word[len(bare):]
        if bare.lower() in _YOU_FOR:
            out.append(_like(bare, _YOU_FOR[bare.lower()]) + tail)
        elif i > 0 and words[i - 1].lower() == "он":
            out.append(addressed(bare) + tail)
        else:
            out.append(word)
    return " ".join(out)
