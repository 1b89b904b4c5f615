"""The whole position of an UNO match as one plain dataclass (copied and snapshotted by the host)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from typing import Any

from game.rules.base import ReflexRace, Rng

from .cards import Face

# phases of the basic game (house rules add their own): who may act is ``turn`` in "play", ``actor`` otherwise
# (everyone in "round_over")
PLAY = "play"
CHOOSE_COLOUR = "choose_colour"
ATTACK = "attack"  # a +N is pending on ``attack.target``: take, dodge, answer or challenge
READY = "ready"  # the «Готов» politeness pause after taking four or more
ROUND_OVER = "round_over"
MATCH_OVER = "match_over"


@dataclass
class Challenge:
    """What the honesty check needs about the last «+4»."""

    accused: int
    guilty: bool  # held a card of the colour in force when playing it
    colour_before: str
    card: str  # the +4 itself, taken back when the accused is guilty


@dataclass
class Attack:
    kind: str  # value of the last card that fed the chain
    amount: int  # cards the target takes on «Беру»
    source: int
    target: int
    black: bool  # the last card was black: a dodging «Возьми две» must be of the named colour
    cards: int = 1  # cards in the chain (a caught cheating +4 costs the whole sum)
    challenge: Challenge | None = None


@dataclass
class UnoWatch:
    """A seat that laid its second-to-last card without «УНО!»: catchable until the table moves."""

    seat: int
    opened_ms: int
    grace_until: int
    race: ReflexRace  # catches (payload "catch") and the late shout (payload "shout"), effective times
    actual_ms: dict[int, int] = field(default_factory=dict)


def encode_faces(faces: list[Face]) -> str:
    """The deck's faces in id order as one string: cheap to copy and to snapshot."""
    return " ".join(f"{c}:{v}" for c, v in faces)


@lru_cache(maxsize=64)
def decode_faces(code: str) -> dict[str, Face]:
    return {f"u{i}": tuple(item.split(":")) for i, item in enumerate(code.split(" "))}  # type: ignore[misc]


@dataclass
class UnoState:
    rng: Rng
    options: dict
    n: int
    face_code: str  # see ``faces``; it only grows (``retired``)
    house: tuple  # ids of the house rules switched on
    hands: list[list[str]]
    deck: list[str] = field(default_factory=list)  # the draw pile; its top is the end of the list
    discard: list[str] = field(default_factory=list)  # face up; top is the end
    named: dict[str, str] = field(default_factory=dict)  # black card on the pile -> colour named
    colour: str = ""
    direction: int = 1  # +1 clockwise (seat numbers grow), -1 counter-clockwise
    turn: int = 0
    actor: int | None = None  # who must act in the non-"play" phases
    phase: str = PLAY
    dealer: int = 0
    round: int = 0
    scores: list[int] = field(default_factory=list)
    round_wins: list[int] = field(default_factory=list)
    round_losses: list[int] = field(default_factory=list)
    drawn: str | None = None  # the card just drawn that may still be played this turn
    attack: Attack | None = None
    pending_card: str | None = None  # a played card whose effect waits for a choice
    resume_seat: int | None = None  # whose turn starts when a pause ends
    ready_deadline: int | None = None
    watch: UnoWatch | None = None
    uno_said: list[bool] = field(default_factory=list)
    lockout_until: list[int] = field(default_factory=list)  # false catch/slap: reflex buttons locked
    out: list[int] = field(default_factory=list)  # seats that left the round, in order
    first_card_fresh: bool = True  # nobody has played on the starting card yet (no jump-in)
    last_player: int | None = None
    last_landed_ms: int = 0
    turns: int = 0  # turns this round (the round's safety limit)
    empty_draws: int = 0  # draws in a row that found nothing to draw, with no card laid since (a blocked table)
    recycles: int = 0
    round_start_winner: int | None = None  # the last round's winner
    round_points: list[int] | None = None  # hand points frozen when the first player went out
    round_winner: int | None = None
    round_bonus: int = 0  # what the winner's last card is worth (a house rule's bonus)
    round_loser: int | None = None
    pending_challenge: Challenge | None = None  # a +4 on its way: what the honesty check will find
    last_round: dict | None = None  # the results shown between rounds
    round_over_deadline: int | None = None
    continued: list[bool] = field(default_factory=list)
    last_reflex: dict | None = None
    history: list[dict] = field(default_factory=list)  # finished rounds, for the results screen
    result_data: dict | None = None
    ext: dict[str, Any] = field(default_factory=dict)  # each house rule's own state, under its ``slot``
    # ids no card bears any more: cards a seat may no longer know were given new ones (``UnoRules.give_new_ids``)
    retired: list[str] = field(default_factory=list)

    @property
    def faces(self) -> dict[str, Face]:
        """Card id -> (colour, value), shuffled at the match's start; an id keeps its face for the whole match (the
        retired ones included)."""
        return decode_faces(self.face_code)

    def cards(self) -> list[str]:
        """The ids the match's cards bear now, in id order."""
        retired = set(self.retired)
        return [c for c in self.faces if c not in retired]
