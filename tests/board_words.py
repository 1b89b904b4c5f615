"""A small real dictionary for the board-game tests: common Russian nouns (nominative
singular), short ones on purpose so random positions are dense with crossings."""

NOUNS = """
ад аз ар ас ах ёж ил як юг ум ус яд уж эра эхо ухо ода оса ось оса роза луг лук лес лев лед лён лось
кот кит кон кол код ком рот рог ров рой рак рис рая сад сом сон сок сор суп сыр сын сом слон сила сено
дом дым дуб дар дно дол дед дух дочь дача дело дверь доска дорога
мир мак мех мел мох мост мама мыло море мука муха мяч
нос нож нора нота ноль нить
око окно озеро облако орех осёл отец
пар пол пот пол пир пир пень пёс пила поле пума пух пуск
вол вор воз вес век вид вал вата вера ветер вода волк ворон
бор бок бак бал бас бык бег бот бур банан баран бегун
гол год гусь гора гроза гриф
зал зуб зонт зверь зерно
жар жук жир
кино киоск клад клён кора коса кран крот кура курс
лама лапа лист липа лужа лента лиса
тон ток тор тур тит торт тело тина тесто
шар шум шов шина шалаш
чай час чан чек чин
хор хек
цех
щит щука
рама рана река репа рыба рысь рука
сани сера сало сети сито слово сова
ус уха утка улей
экран этаж
юла юнга
яма ясли ящик
ар ара атом акт арка
ель ерш ежи
иго ива икра имя
""".split()

WORDS = sorted(set(NOUNS))
COMMON = sorted(w for w in WORDS if len(w) <= 4)


def deal_rack(state, seat: int, letters: str) -> None:
    """Give a board seat these letters (the rest of its rack stays), swapping tiles with the bag or the other racks."""
    rack = state.racks[seat]
    for index, want in enumerate(letters):
        if state.faces[rack[index]] == want:
            continue
        for pile in [state.bag] + [other for at, other in enumerate(state.racks) if at != seat]:
            spot = next((i for i, tile in enumerate(pile) if state.faces[tile] == want), None)
            if spot is not None:
                rack[index], pile[spot] = pile[spot], rack[index]
                break
