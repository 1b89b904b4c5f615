"""Every house rule of uno.txt, one module each, plus the setup options and the presets.

A new rule is one module here, imported and listed in ``ALL``: everything else (its actions and events in the wire
codecs, its handlers, phases and view keys, how a table tells its events) is gathered from the modules. ``enabled(options)`` gives the hooks of
the rules switched on, with the shared parts they bring, in their ``order``.
"""
from __future__ import annotations

from game.rules.base import AS_PRINTED, HouseRule, WireCodec

from ..actions import BASE_ACTIONS
from ..events import BASE_EVENTS

from .base import HouseHooks
from .colour_cycle import ColourCycle
from .double_play import DoublePlay
from .five_swap import FiveSwap
from .h2o import H2O
from .jump_in import JumpIn
from .last_standing import LastStanding
from .lazy import Lazy
from .penalties import Penalties
from .plus_ten import PlusTen
from .reverse_bounce import ReverseBounce
from .seven_rounds import SevenRounds
from .seven_zero import SevenZero
from .silent_black import SilentBlack
from .silent_twos import SilentTwos
from .stacking import Stacking
from .strict_uno import StrictUno
from .uno_center import UnoCenter
from .zero_fifty import ZeroFifty
from .draw_until_fit import DrawUntilFit
from .must_play import MustPlay
from .play_drawn import PlayDrawn
from .same_numbers import SameNumbers
from .no_action_finish import NoActionFinish
from .card_limit import CardLimit
from .no_challenge import NoChallenge
from .double_score import DoubleScore
from .team_play import NoPartnerAttack, PartnerCounts, TeamPlay

# in the order the menu lists them (the text's order); hooks run by ``order``
ALL: tuple[HouseHooks, ...] = (
    Penalties(), JumpIn(), DoublePlay(), SevenZero(), Stacking(), SilentTwos(), SilentBlack(), FiveSwap(),
    Lazy(), UnoCenter(), ColourCycle(), PlusTen(), ReverseBounce(), LastStanding(), SevenRounds(), ZeroFifty(),
    H2O(), StrictUno(),
    # the house rules people play elsewhere (Mattel's and Ubisoft's UNO, uno-online)
    DrawUntilFit(),
    MustPlay(),
    PlayDrawn(),
    SameNumbers(),
    NoActionFinish(),
    CardLimit(),
    NoChallenge(),
    DoubleScore(),
    TeamPlay(), NoPartnerAttack(), PartnerCounts(),
)
BY_ID = {h.rule.id: h for h in ALL}


def _with_parts(rules) -> tuple[HouseHooks, ...]:
    """The rules and the shared parts they bring (each part once), in hook order."""
    out: list[HouseHooks] = []
    for h in rules:
        for p in (*h.parts, h):
            if p not in out:
                out.append(p)
    return tuple(sorted(out, key=lambda h: h.order))


EVERY = _with_parts(ALL)  # whatever any rule may bring: the codecs, handlers, phases and view keys come from it
ACTIONS = WireCodec([*BASE_ACTIONS, *(a for h in EVERY for a in h.actions)])
EVENTS = WireCodec([*BASE_EVENTS, *(e for h in EVERY for e in h.events)])
HANDLERS = {cls: fn for h in EVERY for cls, fn in h.handlers().items()}
PHASES = {name: phase for h in EVERY for name, phase in h.phases.items()}
PHASE_OWNER = {name: h for h in EVERY for name in h.phases}
FREE_FORM = tuple(k for h in EVERY for k in h.free_form)
VIEW_DEFAULTS = {k: v for h in EVERY for k, v in h.view_defaults.items()}
PLAYER_DEFAULTS = {k: v for h in EVERY for k, v in h.player_defaults.items()}
# how a table tells the rules' events (joined with the basic game's in ``look``)
SOUNDS = {kind: sound for h in EVERY for kind, sound in h.sounds.items()}
TICKER_LINES = {kind: line for h in EVERY for kind, line in h.ticker_lines.items()}
DRAW_REASONS = {reason: told for h in EVERY for reason, told in h.draw_reasons.items()}

SETUP: tuple[HouseRule, ...] = (
    HouseRule(
        "scoring",
        "Подсчёт очков",
        "1) Победителю тура начисляются очки, оставшиеся на руках у всех остальных; выигрывает набравший 500. "
        "2) Каждому записываются очки его оставшихся карт; проигрывает набравший 200, остальные — победители.",
        default="winner",
        choices=(("winner", "Победителю — до 500"), ("own", "Каждому свои — до 200")),
        group="setup",
    ),
    HouseRule(
        "match",
        "Длина партии",
        "Сколько туров играть: до 500 (или 200) очков, как в правилах, или заранее заданное число туров. "
        "При «ленивом» подсчёте «до очков» означает три тура.",
        default="target",
        choices=(("target", "До 500 / 200 очков"), ("1", "Один тур"), ("3", "Три тура"), ("5", "Пять туров")),
        group="setup",
    ),
)

_PARTY = {"jump_in": True, "double_play": True, "seven_zero": True, "stacking": True, "uno_center": True,
          "five_swap": True, "same_numbers": True}
PRESETS: dict[str, tuple[str, dict]] = {
    AS_PRINTED[0]: (AS_PRINTED[1], {}),
    "party": ("Вечеринка", _PARTY),
    "chaos": (
        "Хаос",
        {**_PARTY, "silent_twos": True, "silent_black": True, "plus_ten": True, "reverse_bounce": True,
         "penalties": True, "zero_fifty": True, "double_score": True},
    ),
    # the house rules the UNO apps (Mattel's, Ubisoft's) offer: stack, 7-0, jump in, draw to match, play it at once
    "apps": (
        "Как в приложениях",
        {"stacking": True, "seven_zero": True, "jump_in": True, "draw_until_fit": True, "play_drawn": True},
    ),
    # 2v2 (or 3v3…) as the apps play it: partners opposite, no attacks on a partner, the partner's count in colour
    "teams": ("Командный", {"team_play": True, "team_no_partner_attack": True, "team_partner_counts": True}),
    # elimination play: a hand of 25 is out, and who can play must play
    "elimination": ("На вылет", {"card_limit": 25, "must_play": True, "stacking": True}),
}

_CACHE: dict[tuple[str, ...], tuple[HouseHooks, ...]] = {}


def key_of(options: dict) -> tuple[str, ...]:
    """The ids of the rules switched on, in menu order (what a state keeps)."""
    return tuple(h.rule.id for h in ALL if options.get(h.rule.id))


def hooks_for(key: tuple[str, ...]) -> tuple[HouseHooks, ...]:
    hooks = _CACHE.get(key)
    if hooks is None:
        hooks = _CACHE[key] = _with_parts(BY_ID[k] for k in key)
    return hooks


_HAVING: dict[tuple[tuple[str, ...], str], tuple[HouseHooks, ...]] = {}


def having(key: tuple[str, ...], hook_point: str) -> tuple[HouseHooks, ...]:
    """The rules (and parts) of ``key`` that change ``hook_point`` from the default."""
    found = _HAVING.get((key, hook_point))
    if found is None:
        default = getattr(HouseHooks, hook_point)
        found = _HAVING[key, hook_point] = tuple(
            h for h in hooks_for(key) if getattr(type(h), hook_point) is not default)
    return found


def enabled(options: dict) -> tuple[HouseHooks, ...]:
    return hooks_for(key_of(options))


def switched_on(rule: HouseRule):
    """The value that switches ``rule`` on: True, or its last choice (the largest limit…)."""
    return rule.choices[-1][0] if rule.choices else True


def all_on(seats: int | None = None) -> dict:
    """Every house rule a table of ``seats`` can play, switched on (the CLI's ``--house all``); without ``seats``,
    those any table can play."""
    return {h.rule.id: switched_on(h.rule) for h in ALL if h.seats is None or seats in h.seats}
