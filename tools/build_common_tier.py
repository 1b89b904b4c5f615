"""Make game/data/lexicon/common.txt: the common-word tier of nouns, most frequent first.

Frequencies come from the `wordfreq` package (Robyn Speer et al., data CC BY-SA 4.0; its Russian "large" list merges
Wikipedia, subtitles (OpenSubtitles), news, books (Google Books) and web text). pymorphy3 has no frequencies (its
`score` is the probability of a parse given the word, not of the word). A word enters the tier when

* it is a noun that Эрудит accepts (our lexicon, built from pymorphy3's dictionary), 2+ letters, and
* its noun reading is not a rare homograph: pymorphy3's P(tag | word) summed over its nominative common-noun parses is
  at least MIN_NOUN_SHARE (drops «стать», «мой», «вести» whose counts belong to a verb or pronoun), and it is not in
  NOT_COMMON (уж, пора, рада… where that share misleads, and the words a review of the tier found wrong for an
  easy bot);
* it is no просторечие (the dictionary's Infr mark or colloquial.txt: батя, харя) — slang, names and brands are out
  already, since the Эрудит lexicon refuses them;
* its other forms are not much rarer than the nominative (thin_declension: «сити», «роуд», «ага» are counted for
  another word), unless KEEP_COMMON says it is a word families say mostly in one form (привет, полгода);
* a plural headword only when it is no ordinary plural as well: «ножницы», «брюки», «деньги» (pluralia_tantum.txt)
  stay, «коты», «супруги», «белые», «черви» — also the plural of кот, супруг, белый, червь — are left out.

ё: wordfreq counts ё words under both spellings; the tier lists the dictionary spelling (ёлка).

It writes known.txt too: the same list continued to --known-size words.

Run:  pip install wordfreq && python tools/build_common_tier.py [--size 10000] [--known-size 30000]
"""
from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MIN_NOUN_SHARE = 0.25
# Homographs whose counts belong to another part of speech although the corpus share says noun (a particle, a
# predicative, an adjective, a proper name).
NOT_COMMON = frozenset("""
хохол гнида дебил придурок уродина извращенец выродок подонок гадина мерзавец кретин урод тварь
уж пора рада сан второе третье
сити ти си мю реал хаус майя форд росс тор рен тан вика тоня соня дора кун гун кох биг ана кал тит кап уорд гуд
дол бол ям янки лох пул форс клер маз уаз борн гага иуда дек чина фриц негр мета пин кунг кат бат пат эрл ака баш
мот ном норд диас нок бука дока чека бакс гон дос рыло куна линк лор тэк сома хон гейм гун орт рейх хара даун поул
трип джет каин уда миро пинг твин дорн круп фок ценз шарп вона дзен сакс бель лян бер елец кик торн ант икт эст яс
амин тол фай анк гам фот гарт рёва фанк хайд юз копа лея баг мейл хван див кина корн кура шелл сиг скип фрик чика
гот инк каф пасс тета хедж хост анус герр мус спой тата хадж чарт асс тред шейк елей ирод краз кэмп мена акс бейт
бэнд кош тун фукс эрос ама тат аск кут патч тис крат прок пук кус лофт плац риза сит сура троп скит фиат бона нейл
перм тонг йота зет нут саж ярл вирт мим пим понг рута таль чёс барк гак голь дук крэк русс рух текс гиль лал лях
таг тута бэр вира силь скуп трёп эйч гик рез своп тала якут паль тег шиш блуд сапр скок флип зиг кива нона сель
трак айра галл гуля клок ладо нака одёр ять улус хек блюм кил лунь путы дых сип борд букс донг нит сыта веда войт
гем корд лиф найл падь рил пак оз вест сет кара дон хан лик кок мор сак ом ага гран фифа
карла кларк камаз бостон изабелла аркадия линкольн спенсер калуга ньютон юпитер стелла глория одиссея щедрина
златоуст резник винница булла максвелл антей мирза рамазан ессентуки ананда ильмень акрон гущина кингстон колон
девон бутан малага бристоль надир вятка камчатка байрам литвин ходжа батыр мурза зозуля борей сумах чалый каган
сайда сердюк лапина рол левит лукавый донья мочь каменка кава единоросс старка титаник политех вибратор
секс интим порно эротика проститутка проституция понос моча анус задница какашка сопля рвота блевота онанизм
оргазм презерватив изнасилование насильник педофил педофилия стриптиз стриптизёрша бордель эрекция вагина пенис
куннилингус соитие лобок потенция сексология садистка умолк трот дрязг некрофил
виллис кипп уза крор фуст титовка дивергент
""".split())
# Words that keep their place although their other forms are rare in the corpus (see thin_declension): set phrases
# and words mostly said in one form, which a family still knows and plays.
KEEP_COMMON = frozenset("""
привет плюс блин рок топ полгода полчаса ноль дитя сынок чушь бум умница напасть люкс бардак малость жуть разок
дружище счёты бытность вздор жасмин доченька прятки сударь межсезонье дождик переполох голубчик блиц вкуснятина
подарочек шелест мальчишник решка девичник глубь унисон фурор негодность кинорежиссёр нонсенс данность зеркальце
лапочка автореферат заречье дайджест ознаменование полжизни грузоподъёмность раздолье пляс сочельник зазеркалье
жульен шефство загвоздка золотце позорище миллениум разнос резус тягость шипение гамбит молодчина незадача
растерзание бемоль распутье спесь шумок загляденье погодка кладезь ералаш дефис объедение перепутье сплин срам
ошибочка распространённость утиль непорядок пятёрочка скукота бестактность пепелище абордаж голубушка рубикон
вопросик гуляш полгорода самоотвод эдельвейс должок тётенька умора времечко догонялки красотища пунктик милорд
сударыня омега альфа икс бич миг экспресс упор библиография вече капель отсчёт течь улан ил дорогуша ротик
благовест манёвренность горнолыжница светик съедение полчасика постскриптум заклад палас пупсик полмира думка
""".split())
MIN_OTHER_FORMS_SHARE = 0.25
HEADER = """# Common-word tier: the {size} most frequent nouns that Эрудит accepts, most frequent first.
# Made by tools/build_common_tier.py from wordfreq {version} (Russian "large" list; data CC BY-SA 4.0, see
# ATTRIBUTION.md) and pymorphy3's dictionary (OpenCorpora, CC BY-SA). Bots at easy levels and hints use only these.
"""


KNOWN_HEADER = """# Known tier: the {size} most frequent nouns that Эрудит accepts, most frequent first, with the common tier's
# filters (tools/build_common_tier.py; wordfreq {version}, CC BY-SA 4.0, and the OpenCorpora dictionary): the words
# people at a table know. The strongest Нет слов bots claim only these, so that no bot names a word nobody can
# judge (дёр, цеж, рюм).
"""


def noun_share(morph, word: str) -> float:
    share = 0.0
    for parse in morph.parse(word):
        tag = parse.tag
        if tag.POS == "NOUN" and tag.case == "nomn" and not ({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"}
                                                               & set(tag.grammemes)):
            share += parse.score
    return share


def informal(lexicon, word: str) -> bool:
    from game.rules.lexicon import index_format

    return bool(lexicon._load().noun_bits(word) & index_format.INFORMAL)


def ordinary_plural(morph, word: str, pluralia: frozenset[str]) -> bool:
    """A nominative plural that is also some other word's plural or adjective form (коты: кот; белые: белый)."""
    parses = [parse for parse in morph.parse(word) if parse.is_known]
    if word in pluralia or not any(parse.tag.number == "plur" and parse.tag.case == "nomn" for parse in parses):
        return False
    if any(parse.tag.POS == "NOUN" and parse.tag.number == "sing" and parse.tag.case == "nomn" for parse in parses):
        return False  # a singular headword that happens to share a plural form
    return any(parse.normal_form != word for parse in parses)


def thin_declension(morph, wordfreq, word: str) -> bool:
    """The word's other forms together are much rarer than the nominative: its count belongs to something else —
    a name (Рен, Тор), a foreign word (сити, биг, роуд), an interjection (ага) — not to the noun a bot would mean."""
    known = [parse for parse in morph.parse(word) if parse.is_known]
    parses = [parse for parse in known if parse.tag.POS == "NOUN" and parse.tag.case == "nomn"]
    if not parses or "Fixd" in parses[0].tag:
        return False
    others = {form.word for form in parses[0].lexeme} - {word}
    # a homograph of another word's form (пирога: пирог's genitive; свитка: свиток's): only the forms the noun does
    # not share with that word tell how often the noun itself is said
    # (the adjective a noun is substantivised from, столовый for столовая, is no other word)
    homographs = [parse for parse in known
                  if parse.normal_form != parses[0].normal_form and parse.tag.POS not in ("ADJF", "PRTF")]
    for parse in homographs:
        others -= {form.word for form in parse.lexeme}
    if not others:
        return bool(homographs)
    own = wordfreq.word_frequency(word, "ru")
    return sum(wordfreq.word_frequency(form, "ru") for form in others) < MIN_OTHER_FORMS_SHARE * own


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--known-size", type=int, default=30_000)
    parser.add_argument("--out", type=Path, default=ROOT / "game" / "data" / "lexicon" / "common.txt")
    parser.add_argument("--known-out", type=Path, default=ROOT / "game" / "data" / "lexicon" / "known.txt")
    args = parser.parse_args()

    import pymorphy3
    import wordfreq

    import game.lexicon_store  # noqa: F401 - the store hands the built index to the rules
    from game.rules import lexicon
    from game.rules.lexicon.data import read_list

    lex = lexicon.get("erudit")
    pluralia = frozenset(read_list("pluralia_tantum.txt"))
    morph = pymorphy3.MorphAnalyzer()
    chosen: list[str] = []
    seen: set[str] = set()
    for word in itertools.islice(wordfreq.iter_wordlist("ru", "large"), 400_000):
        if len(chosen) >= max(args.size, args.known_size):
            break
        if len(word) < 2 or word in NOT_COMMON or not lex.is_word(word):
            continue
        spelling = next((p.word for p in morph.parse(word) if "ё" in p.word and p.word.replace("ё", "е") == word),
                        word)
        if spelling not in lex.words or spelling in seen:
            continue
        if noun_share(morph, word) < MIN_NOUN_SHARE or informal(lexicon, spelling):
            continue
        if ordinary_plural(morph, spelling, pluralia):
            continue
        if spelling not in KEEP_COMMON and thin_declension(morph, wordfreq, spelling):
            continue
        seen.add(spelling)
        chosen.append(spelling)
    version = getattr(wordfreq, "__version__", "3")
    for header, words, out in ((HEADER, chosen[:args.size], args.out),
                               (KNOWN_HEADER, chosen[:args.known_size], args.known_out)):
        lines = [header.format(size=len(words), version=version)]
        lines += [" ".join(words[start:start + 12]) + "\n" for start in range(0, len(words), 12)]
        out.write_text("".join(lines), encoding="utf-8")
        print(f"{len(words)} слов записано в {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
