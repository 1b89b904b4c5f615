"""``python -m game word``: check words against a game's rules, or list every accepted spelling.

    python -m game word --game erudit ёж столы Москва
    echo кот | python -m game word --game hardsign --stdin
    python -m game word --game nowords --list > words.txt

Exit status: 0 when every word is accepted, 1 when some is not, 2 on a usage error.
"""
from __future__ import annotations

import sys

def _dictionary_games() -> dict[str, str]:
    """The games that judge words by the dictionary (the lexicon's own list), with their Russian titles."""
    from game import rules as rules_registry
    from game.rules import lexicon

    return {game_id: rules_registry.BY_ID[game_id].title for game_id in lexicon.GAME_IDS}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "word", help="проверить слово по правилам игры",
        description="Проверка слова: слово<TAB>да|нет<TAB>причина (для hardsign ещё и теги бонусных карт)"
                    "<TAB>источник (словарь, дополнение или проверенный список).")
    parser.add_argument("words", nargs="*", metavar="СЛОВО", help="слова для проверки")
    games = _dictionary_games()
    parser.add_argument("--game", default="erudit", choices=sorted(games), metavar="ИГРА",
                        help="игра: " + ", ".join(f"{key} — {name}" for key, name in games.items()))
    parser.add_argument("--allow-proper", action="store_true", help="разрешить имена собственные")
    parser.add_argument("--allow-slang", action="store_true", help="разрешить жаргон")
    parser.add_argument("--stdin", action="store_true", help="читать слова со стандартного ввода, по одному в строке")
    parser.add_argument("--list", action="store_true", help="напечатать все допустимые написания")
    parser.set_defaults(func=run)


def run(args) -> int:
    from game import lexicon_store
    from game.rules import lexicon
    from game.rules.lexicon.sources import verdict_source

    if not args.list and not args.stdin and not args.words:
        print("Укажите слова для проверки, или --stdin, или --list.", file=sys.stderr)
        return 2
    lexicon_store.prepare_on_command_line()
    # the tables' own judge with the same toggles: a «да» here is a word the table takes
    lex = lexicon.judge(args.game, {"allow_proper": args.allow_proper, "allow_slang": args.allow_slang})
    out = sys.stdout
    if args.list:
        for word in sorted(lex.words):
            out.write(word + "\n")
        return 0
    words = list(args.words)
    if args.stdin:
        words.extend(line.strip() for line in sys.stdin if line.strip())
    all_ok = True
    for raw in words:
        verdict = lex.check(raw)
        shown = verdict.word or raw
        columns = [shown, "да" if verdict.ok else "нет", verdict.reason]
        if args.game == "hardsign":
            columns.append(",".join(tag for tag in lexicon.TAG_NAMES if tag in lexicon.tags(verdict.word))
                           if verdict.ok else "")
        columns.append(verdict_source(lex, raw))  # why: the dictionary, the supplement or a reviewed list
        out.write("\t".join(columns) + "\n")
        all_ok = all_ok and verdict.ok
    return 0 if all_ok else 1
