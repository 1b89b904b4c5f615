"""What the lexicon's index files hold, shared by the app side that builds them (game/lexicon_build.py) and the rules
that read the loaded index: the format version and the bit flags of each word."""

FORMAT_VERSION = 6

# A parse is in one of four "toggle classes": plain, needs allow_proper, needs allow_slang, needs both.
CLASS_PLAIN, CLASS_PROPER, CLASS_SLANG, CLASS_PROPER_SLANG = 1, 2, 4, 8
CLASS_MASK = 15
PLURAL = 1 << 4          # the headword is a plural form (plurale tantum or plural lemma)
MASC, FEMN, NEUT, COMMON_GENDER = 1 << 5, 1 << 6, 1 << 7, 1 << 8
ANIM, INAN, INMX = 1 << 9, 1 << 10, 1 << 11
SINGULAR = 1 << 12       # some accepted parse is singular
GENDER_ANIMACY = MASC | FEMN | NEUT | COMMON_GENDER | ANIM | INAN | INMX
TOGGLED_SHIFT = 8        # build-time only: gender/animacy of proper or slang parses, see _noun_bits
INFORMAL = 1 << 20       # every plain parse is marked Infr (батя, башка, харя): Твёрдый знак bans просторечия
FORMAL = 1 << 21        # build-time only: some plain parse is not Infr
MIN_LENGTH = 2           # one-letter «nouns» (б, е, ы: letter names) are no game's words

PROPER_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
NEVER_GRAMMEMES = frozenset({"Abbr", "Init", "Erro", "Dist"})
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
NOUN_SHIFT = 8
