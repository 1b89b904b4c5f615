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
      (issue 29's rebuild kept both cuts: --through жадина --known-through околыш --known-size 30000)
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
# Words an ordinary adult does not know, found by reading every known-tier word of 3 to 5 letters beyond the common
# tier and every 5-letter word of the common tier (issue 29: the Нет слов ас and мастер claim from the known tier, and
# a claim nobody at the table has heard feels like cheating): archaisms, terms of a trade or a science, peoples and
# coins few have heard of, and names the counts belong to (ахи, ува, атта, саам, апис, саз, эфа, сапа, алас, арат,
# ерь, арча, иол).
NOT_KNOWN = frozenset("""
пря орс неф ост мара рига керн гута твэл ферт шпак пейс лимб сван граб фогт
абаз абвер аваль авгур агенс агон агора адат адыг азан азид айван аймак аксон актин актор акут алас алгол альба амид
апекс апис арак арап арат аргус архат арча аскер асцит атта аттик ахи ашрам ашуг аэрон бакан бамия банг барит барн
баска басок батан белёк берш биб бибоп биза бикс биом биос биота бишоп бласт близь блинд блинк бобик бобок бод боп
борат боул боёк брас брег бритт буер буна бунд бурса бурт буёк бьеф бьюик вага валах валок вамп вежа велд вельд венд
вено вента верес верея верша ветр вивёр виг вист влах волох втора выдел выпот выя вёдро гагат газик гайда галит галс
ганец ганка гарда гарус гать гемма герма гест гиляк гирей главк глад глайд глиф глот глум гнейс годок голец голик
голяк гонт гофер грат грена гросс гужон гуран гурт гэг гюйс гяур даб дайка дайм дайна дамп даос дацан деза деизм
дейк дерма диада димер доха драга драч дрок дронт друза дуван дуля дутьё духан дэв дюкер дёрен ерь жабка жарок жбан
жерех жига жиган жмудь жом жупа жупел закал зало замор замёт заруб зенд зернь зоил золь зонг зоря зуй зыбка зык зюзя
зябь зёва иблис ивина извод илька ильм индий индол иод иодид иол ирмос иссоп ишан йодид кааба кавун кадий кайла
кайра калам калин камка канна канюк каон капер каппа карда кариб карра карст карч кафир каюр квит кеб кегль кед
кетон кеш кибуц кизяк кила киот клир клов кнехт кноп коб ковач кодон комма копь копёр корча коряк косач косс кофей
кофий кочет кошт крап крейт крепь крин крип кубит куга кукан кулан кумык купа купаж курия курья кутас кутум кюре
лабаз лагер лайда ламия ланка ласа латка лафа лафит леер лемма ленок лерка летие леток ливр лидар лизин лизис линт
линёк липка лисп лобан логос локер локус лоция луб луда лэрд любка люнет ляд лярва лёсс лёт маар мазер малка мальм
манор марь матра мга мезга мезон мейоз мелис мелос мерва мерч меря метиз микст милль минея митра могол модус мойра
мокша молох моляр моном муар мураш муст мутон мыза мюон мюрид нагон найра намин намыв намёт напой нард нарта натр
начин начёт негус нисан новик нойз нойон номад нуба нус обвес обвод обдув обжа обол общак овчар огнь одеон одр окра
орлец орлик осмий осот ость отгон отжиг откол отруб отъём отёл падуб пайп пакер палея палия парс паря пасюк патан
пахта пегас пеон пепин перга перш пиит пикёр питта пищик плав плис повал повет пожня пойнт полье поташ потир причт
прус прусс пуант пуджа пуна пурин пыж рага раина райна райя рамс ранд рант рапа рапид раут рафик рафия раёк рель
ремез рений ренин репер риал ринк рисс рифт рицин родий розан рокк роля руга рудяк румб русин руст рутил рэлей саам
сабан сабур саз салка саман сапа сапун саран сард сарыч свал свес сгон севак севр седер сеид семик серин серко серь
сивер сивко сивуч сиена сизиф сикх силан сило силур сирин сися ситх скань скарн сквот скид скоп скора слад слега
слеш слип смык снарк сокет спай спекл спурт стаз старь створ стинг стокс стома стрит строб струг судия сунна супин
суфий сырт сычуг талан талиб талыш талья тамга тамил тапа таска татра тать ташка теза тека теля терц тесло тикер
тимин тимус тинг тирит тирс титло тиун торий трапп трас треба трен триас триба трипс тромп тузик тулий тунг туф
тушин тын тэта тюрок тюря тягло тяж тёпа ува увал угль угр улар умбра уник унт упёк урд урез урка урман уряд фабра
фаг фазер фал фаска фация фес фид фидер филон фирн фиск фита фитин флик фонт фохт фук хабар хаз хакан хала ханша
харч хатт хафиз хедер хенд хетт хеш хина хлад хмара хоган холин хорт хота хрыч хряпа хурал цадик цапка цевьё целик
церий цуг цук чабёр чал чаус чаёк четь чечен чешир чий чикс чинк чиф чича чох чудь чумак чуня чуха чёска шабёр шала
шамот шарап шваб шед шелом шерп шиизм шитик шихан шихта шишак шкот шлаг шлам шлиф шлиц шлык шлях шмат шнек шпат
шпунт шрот штоф штрек шуан шуга шумер шурф шуст щур эбен эвен эдил эйдос эммер энсин эон эоцен эрзя этос эфа эшпай
юлиус юнак юрок юшка явор яйла ямс ясак ёра
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


def _plain(word: str) -> str:
    return word.replace("ё", "е")


# compared in the е spelling: wordfreq counts «одёр» as «одер»
LEFT_OUT = frozenset(_plain(word) for word in NOT_COMMON | NOT_KNOWN)


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
    # a tier may keep its frequency cut instead of its size: when reviewed words leave it, none enter from below
    parser.add_argument("--through", help="end the common tier with this word (its size then follows)")
    parser.add_argument("--known-through", help="end the known tier with this word")
    parser.add_argument("--out", type=Path, default=ROOT / "game" / "data" / "lexicon" / "common.txt")
    parser.add_argument("--known-out", type=Path, default=ROOT / "game" / "data" / "lexicon" / "known.txt")
    args = parser.parse_args()

    import pymorphy3
    import wordfreq

    from game import lexicon_store
    lexicon_store.install()  # the rules find the dictionary's index through the store
    from game.rules import lexicon
    from game.rules.lexicon.data import read_list

    lex = lexicon.get("erudit", for_bots=True)  # the tiers are what bots say: no word only people may play
    pluralia = frozenset(read_list("pluralia_tantum.txt"))
    morph = pymorphy3.MorphAnalyzer()
    chosen: list[str] = []
    seen: set[str] = set()
    for word in itertools.islice(wordfreq.iter_wordlist("ru", "large"), 400_000):
        if len(chosen) >= max(args.size, args.known_size):
            break
        if len(word) < 2 or not lex.is_word(word):
            continue
        spelling = next((p.word for p in morph.parse(word) if "ё" in p.word and p.word.replace("ё", "е") == word),
                        word)
        if spelling not in lex.words or spelling in seen or _plain(spelling) in LEFT_OUT:
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
    common = chosen[:chosen.index(args.through) + 1] if args.through else chosen[:args.size]
    known = chosen[:chosen.index(args.known_through) + 1] if args.known_through else chosen[:args.known_size]
    for header, words, out in ((HEADER, common, args.out), (KNOWN_HEADER, known, args.known_out)):
        lines = [header.format(size=len(words), version=version)]
        lines += [" ".join(words[start:start + 12]) + "\n" for start in range(0, len(words), 12)]
        out.write_text("".join(lines), encoding="utf-8")
        print(f"{len(words)} слов записано в {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
