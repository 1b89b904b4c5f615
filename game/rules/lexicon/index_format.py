"""What the lexicon's index files hold, shared by the app side that builds them (game/lexicon_build.py) and the rules
that read the loaded index: the format version and the bit flags of each word."""

FORMAT_VERSION = 7

# A parse is in one of four "toggle classes": plain, needs allow_proper, needs allow_slang, needs both.
CLASS_PLAIN, CLASS_PROPER, CLASS_SLANG, CLASS_PROPER_SLANG = 1, 2, 4, 8
CLASS_MASK = 15
# A word form's value in the forms index: the classes of its readings that anyone may say in the low four bits, and
# above them, shifted by PEOPLE_SHIFT, the classes of readings only a person may play — words the game itself never
# says (no bot lays or claims them, no hint offers them): the supplement of words from a second dictionary, words
# unfit for a family table's bots, and an innocent reading of a spelling the blocklist holds (сука, the genitive of
# сук). A lexicon of what bots say asks for the low bits only.
PEOPLE_SHIFT = 4
FORM_CLASS_MASK = CLASS_MASK | CLASS_MASK << PEOPLE_SHIFT
PLURAL = 1 << 4          # the headword is a plural form (plurale tantum or plural lemma)
MASC, FEMN, NEUT, COMMON_GENDER = 1 << 5, 1 << 6, 1 << 7, 1 << 8
ANIM, INAN, INMX = 1 << 9, 1 << 10, 1 << 11
SINGULAR = 1 << 12       # some accepted parse is singular
GENDER_ANIMACY = MASC | FEMN | NEUT | COMMON_GENDER | ANIM | INAN | INMX
TOGGLED_SHIFT = 8        # build-time only: gender/animacy of proper or slang parses, see _noun_bits
INFORMAL = 1 << 20       # every plain parse is marked Infr (батя, башка, харя): Твёрдый знак bans просторечия
FORMAL = 1 << 21        # build-time only: some plain parse is not Infr
PEOPLE_ONLY = 1 << 22    # a noun headword no bot or hint says: none of its readings is one anyone may say
SAID_BY_ANYONE = 1 << 23  # build-time only: some headword reading is one a bot may say too
MIN_LENGTH = 2           # one-letter «nouns» (б, е, ы: letter names) are no game's words

PROPER_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
NEVER_GRAMMEMES = frozenset({"Abbr", "Init", "Erro", "Dist"})
# build-time only: the mark a reviewed list gives a lexeme that only people may play (bots_never_say.txt)
PEOPLE_GRAMMEME = "Peop"
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
NOUN_SHIFT = 8
