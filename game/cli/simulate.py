"""``python -m game simulate GAME --games N …``: bot-only games through the real host code.

Each game is played at every clock origin asked for (by default the three of ``game.net.origin``): a host's clock
may read anything when a game starts, and the games must be the same up to the offset."""
from __future__ import annotations

import json
import time
from typing import Sequence

from game import rules as rules_registry
from game.bots import LEVELS
from game.net.origin import FAR_ORIGIN, ORIGINS, differences_from_first
from game.net.session import SeatInfo, Session, replay_journal
from game.rules.words_ru import count as count_of
from game.rules.base import Rejected, snapshot


def register(sub) -> None:
    p = sub.add_parser("simulate", help="сыграть партии ботов и проверить инварианты")
    games = [g.id for g in rules_registry.GAMES]
    p.add_argument("game", choices=games, metavar="ИГРА", help=", ".join(games))
    p.add_argument("--games", type=int, default=10, help="сколько партий")
    p.add_argument("--players", type=int, default=None, help="сколько игроков (по умолчанию до четырёх)")
    p.add_argument("--seed", type=int, default=1, help="зерно первой партии")
    p.add_argument("--house", default="", help="all | имя набора | правило,правило")
    p.add_argument("--levels", default="", help="уровни ботов через запятую: novice,player,ace")
    p.add_argument("--origin", default=",".join(map(str, ORIGINS)),
                   help="с какого показания часов хоста начинать партию, мс; несколько через запятую — "
                        "каждая партия играется с каждого, и журналы сверяются (по умолчанию %(default)s)")
    p.add_argument("--json", action="store_true", help="одна строка JSON")
    p.set_defaults(func=run)


def parse_origins(spec: str) -> tuple[int, ...]:
    try:
        origins = tuple(int(part) for part in spec.split(",") if part.strip())
    except ValueError:
        raise Rejected(f"«{spec}»: начало часов — целые неотрицательные числа через запятую.", "options") from None
    if not origins or min(origins) < 0:
        raise Rejected(f"«{spec}»: начало часов — целые неотрицательные числа через запятую.", "options")
    return origins


def house_options(rules, spec: str, players: int | None = None) -> dict:
    """Options from ``all``, a preset id, or a comma list of rule ids to switch on (``id=value`` for a rule with
    choices)."""
    if not spec:
        return {}
    if spec == "all":
        if hasattr(rules, "all_house_options"):  # a game whose rules know which fit the table
            return rules.all_house_options(players)
        return {r.id: True for r in rules.house_rules if isinstance(r.default, bool) and r.group == "house"}
    presets = getattr(rules, "presets", {})
    if spec in presets:
        return dict(presets[spec][1])
    known = {r.id: r for r in rules.house_rules}
    chosen = dict(_rule_value(known, s.strip()) for s in spec.split(",") if s.strip())
    unknown = [c for c in chosen if c not in known]
    if unknown:
        raise Rejected(f"Неизвестные правила: {', '.join(unknown)}. Есть: {', '.join(sorted(known))}.", "options")
    return chosen


def _rule_value(known: dict, item: str) -> tuple[str, object]:
    """``id`` (on: True, or the last of its choices) or ``id=value``."""
    rule_id, _, value = item.partition("=")
    rule = known.get(rule_id)
    if rule is None or not rule.choices:
        return rule_id, True
    if not value:
        return rule_id, rule.choices[-1][0]
    by_text = {str(c[0]): c[0] for c in rule.choices}
    return rule_id, by_text.get(value, value)


def simulate(game_id: str, games: int, players: int | None, seed: int, house: str, levels: list[str],
             origins: Sequence[int] = (FAR_ORIGIN,)) -> dict:
    """Every game is played from each of ``origins``; the first origin's game is the one counted and the
    others must be the same up to the offset. One far origin by default (away from zero, at no extra cost);
    the command line plays every one of ``ORIGINS``."""
    rules = rules_registry.load(game_id)
    players = players or min(4, rules.max_players)
    options = house_options(rules, house, players)
    levels = levels or ["player"]
    started = time.perf_counter()
    completed = violations = mismatches = origin_mismatches = 0
    wins = [0] * players
    team_wins: list[int] = []
    rounds = capped = 0
    problems: list[str] = []
    for i in range(games):
        seats = [SeatInfo(f"Бот {k + 1}", levels[k % len(levels)]) for k in range(players)]
        played = []
        for origin in origins:
            played.append(Session(game_id, list(seats), seed + i, options, start_ms=origin, check_invariants=True))
            played[-1].run_bots_to_end()
        session = played[0]
        finished = rules.is_over(session.state)
        completed += finished
        violations += len(session.violations)
        if session.violations and len(problems) < 5:
            problems.append(f"seed {seed + i}: {session.violations[0]}")
        if any(snapshot(replay_journal(s.journal.header, s.journal.entries)) != snapshot(s.state) for s in played):
            mismatches += 1
        differences = differences_from_first(rules, played)
        if differences:
            origin_mismatches += 1
            if len(problems) < 5:
                problems.append(f"seed {seed + i}: {differences[0]}")
        if finished:
            result = rules.result(session.state)
            for w in result.get("winners", []):
                wins[w] += 1
            if "winning_team" in result:  # a game played by teams
                team_wins += [0] * (len(result["team_scores"]) - len(team_wins))
                team_wins[result["winning_team"]] += 1
            rounds += len(result.get("history", []))
            capped += sum(1 for r in result.get("history", []) if r.get("reason") == "limit")
        elif len(problems) < 5:
            problems.append(f"seed {seed + i}: партия не закончилась")
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "completed": completed,
        "invariant_violations": violations,
        "replay_mismatches": mismatches,
        "origins": list(origins),
        "origin_mismatches": origin_mismatches,
        "seconds": round(time.perf_counter() - started, 3),
        "wins_by_seat": wins,
        "wins_by_team": team_wins,
        "rounds": rounds,
        "capped_rounds": capped,  # rounds stopped by the turn limit (a game that records them)
        "problems": problems,
    }


def run(args) -> int:
    try:
        rules = rules_registry.load(args.game)
    except ModuleNotFoundError:
        print(f"Игра «{args.game}» ещё не готова.")
        return 2
    if args.players is not None and not (rules.min_players <= args.players <= rules.max_players):
        print(f"В «{rules.title}» играют от {rules.min_players} до {count_of(rules.max_players, 'игрока')}.")
        return 2
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    bad = [lv for lv in levels if lv.partition(":")[0] not in LEVELS + ("master",)]
    if bad:
        print(f"Неизвестный уровень ботов: {', '.join(bad)}. Есть: novice, player, ace.")
        return 2
    try:
        report = simulate(args.game, args.games, args.players, args.seed, args.house, levels,
                          parse_origins(args.origin))
    except Rejected as rej:
        print(rej.reason)
        return 2
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(f"{rules.title}: сыграно {report['completed']} из {report['games']} за {report['seconds']} с; "
              f"нарушений {report['invariant_violations']}, расхождений повтора {report['replay_mismatches']}, "
              f"расхождений при другом начале часов {report['origin_mismatches']}; "
              f"победы по местам {report['wins_by_seat']}"
              + (f", по командам {report['wins_by_team']}" if report["wins_by_team"] else "")
              + (f"; туров {report['rounds']}, из них остановлено по лимиту ходов {report['capped_rounds']}"
                 if report["rounds"] else ""))
        for problem in report["problems"]:
            print("  " + problem)
    ok = (report["completed"] == report["games"] and not report["invariant_violations"]
          and not report["replay_mismatches"] and not report["origin_mismatches"])
    return 0 if ok else 1
