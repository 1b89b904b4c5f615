"""``python -m game duel [--game erudit] [--a master] [--b player] [--games 200]``: two bot levels play each
other through the real host code, seats alternating, and the figures come out: wins, average scores, and
how long level A thought per move (process CPU time of each decision: p50, p90, max).

    python -m game duel --game erudit --a master --b player --games 200
    python -m game duel --game scrabble --a master --b master --games 50 --json
    python -m game duel --game erudit --a master --b master --games 40 --lexicon-share 0.5

``--lexicon-share F`` plays on a seeded random share F of the game's word list instead of the whole one: how the
averages follow the size of the dictionary.
"""
from __future__ import annotations

import json
import sys
import time

from game import rules as rules_registry
from game.bots import LEVELS
from game.rules.words_ru import count as count_of

BOARD_GAMES = tuple(g.id for g in rules_registry.GAMES if g.word_board)


def register(sub) -> None:
    p = sub.add_parser("duel", help="матч двух уровней ботов в словесной игре на доске")
    p.add_argument("--game", default="erudit", choices=BOARD_GAMES, metavar="ИГРА",
                   help="игра на доске: " + ", ".join(BOARD_GAMES))
    p.add_argument("--a", default="master", help="уровень первого бота: novice, player, master")
    p.add_argument("--b", default="player", help="уровень второго бота")
    p.add_argument("--games", type=int, default=200, help="сколько партий")
    p.add_argument("--seed", type=int, default=1, help="зерно первой партии")
    p.add_argument("--json", action="store_true", help="одна строка JSON")
    p.add_argument("--progress", action="store_true", help="строка на каждую партию в stderr")
    p.add_argument("--lexicon-share", type=float, default=1.0,
                   help="доля словаря игры (0–1], случайная, но одна и та же при том же --seed")
    p.set_defaults(func=run)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _timed(bot, sink: list[float]):
    plan = bot.plan

    def timed_plan(view, legal, now_ms):
        started = time.process_time()
        choice = plan(view, legal, now_ms)
        if choice is not None and view.get("turn") == view.get("me") and view.get("phase") == "play":
            sink.append(time.process_time() - started)
        return choice

    bot.plan = timed_plan


def use_lexicon_share(game_id: str, share: float, seed: int) -> int:
    """Every board game plays on a random ``share`` of ``game_id``'s words from now on; how many words that is."""
    import random

    from game.rules.board import words as wordsrc

    whole = wordsrc.load(game_id, {})
    words = sorted(whole.words)
    kept = random.Random(seed).sample(words, round(len(words) * share))
    wordsrc.use_words(wordsrc.FixedWords.of(kept, set(whole.common).intersection(kept)))
    return len(kept)


def duel(game_id: str, level_a: str, level_b: str, games: int, seed: int = 1, progress: bool = False) -> dict:
    """Level A against level B, A sitting first in even games and second in odd ones."""
    from game.net.session import SeatInfo, Session
    from game.rules.board import words as wordsrc

    words = len(wordsrc.load(game_id).words)

    wins = draws = 0
    totals = [0, 0]
    think: list[float] = []
    started = time.perf_counter()
    for g in range(games):
        a_seat = g % 2
        levels = [level_a, level_b] if a_seat == 0 else [level_b, level_a]
        session = Session(game_id, [SeatInfo(f"бот {i + 1}", lv) for i, lv in enumerate(levels)], seed + g)
        _timed(session.bots[a_seat], think)
        session.run_bots_to_end()
        scores = session.rules.result(session.state)["scores"]
        mine, theirs = scores[a_seat], scores[1 - a_seat]
        wins += mine > theirs
        draws += mine == theirs
        totals[0] += mine
        totals[1] += theirs
        if progress:
            # the think figures so far, so a match stopped early still reports them
            print(json.dumps({"game": g, "a": mine, "b": theirs, "a_seat": a_seat,
                              "a_think_s_p90": round(_percentile(think, 0.9), 3),
                              "a_think_s_max": round(max(think, default=0.0), 3), "a_moves_timed": len(think)}),
                  file=sys.stderr, flush=True)
    n = max(1, games)
    return {
        "game": game_id, "a": level_a, "b": level_b, "games": games,
        "a_wins": wins, "draws": draws, "a_share": round((wins + 0.5 * draws) / n, 3),
        "a_mean_score": round(totals[0] / n, 1), "b_mean_score": round(totals[1] / n, 1),
        "a_think_s_p50": round(_percentile(think, 0.5), 3), "a_think_s_p90": round(_percentile(think, 0.9), 3),
        "a_think_s_max": round(max(think, default=0.0), 3), "a_moves_timed": len(think),
        "seconds": round(time.perf_counter() - started, 1), "words": words,
    }


def run(args) -> int:
    known = LEVELS + ("master",)
    for level in (args.a, args.b):
        if level not in known:
            print(f"Неизвестный уровень ботов: {level}. Есть: novice, player, master.")
            return 2
    if args.games < 1:
        print("Сыграйте хотя бы одну партию (--games 1).")
        return 2
    if not 0 < args.lexicon_share <= 1:
        print("Доля словаря — число больше 0 и не больше 1 (например, --lexicon-share 0.5).")
        return 2
    if args.lexicon_share < 1:
        use_lexicon_share(args.game, args.lexicon_share, args.seed)
    report = duel(args.game, args.a, args.b, args.games, args.seed, args.progress)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        title = rules_registry.BY_ID[args.game].title
        print(f"{title}: {args.a} против {args.b}, {count_of(report['games'], 'партия')} за {report['seconds']} с — "
              f"побед {args.a}: {report['a_wins']} (ничьих {report['draws']}), доля {report['a_share']:.1%}; "
              f"средний счёт {report['a_mean_score']} : {report['b_mean_score']}; "
              f"раздумье {args.a} p50 {report['a_think_s_p50']} с, p90 {report['a_think_s_p90']} с, "
              f"максимум {report['a_think_s_max']} с; слов в словаре: {report['words']}")
    return 0
