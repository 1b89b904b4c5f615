"""Actions a seat may take in «Нет слов» and the events the table sees."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, Rejected, WireCodec, require_types

MAX_WORD = 40  # no conversation ever holds this many letters


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Lay(Action):
    """Lay one letter into the conversation: a black card from the hand or a red from the showcase."""

    kind: ClassVar[str] = "lay"
    card: str

    def check_types(self):
        require_types(self, card=str)


@dataclass(frozen=True)
class Claim(Action):
    """«Не говори СЛОВО!». The word is free text judged by the rules; an empty word is the
    press of the «Не говори!» button alone (others see that someone found something)."""

    kind: ClassVar[str] = "claim"
    reflex: ClassVar[bool] = True
    word: str = ""

    def check_types(self):
        require_types(self, word=str)
        if len(self.word) > MAX_WORD:
            raise Rejected("Такого длинного слова из букв разговора не сложить.", "malformed")


@dataclass(frozen=True)
class ChooseNext(Action):
    """The penalised player names who moves next: themself or the player on their left."""

    kind: ClassVar[str] = "choose_next"
    seat: int

    def check_types(self):
        require_types(self, seat=int)


@dataclass(frozen=True)
class CallVote(Action):
    """Let the table vote on the word: my word the dictionary refused, or the word named against me (I laid the
    last letter) that the dictionary accepted and I doubt."""

    kind: ClassVar[str] = "call_vote"


@dataclass(frozen=True)
class DropClaim(Action):
    """Accept the dictionary's refusal."""

    kind: ClassVar[str] = "drop_claim"


@dataclass(frozen=True)
class AcceptWord(Action):
    """The word named against me (I laid the last letter) stands as the dictionary says: I take its letters."""

    kind: ClassVar[str] = "accept_word"


@dataclass(frozen=True)
class Vote(Action):
    kind: ClassVar[str] = "vote"
    accept: bool

    def check_types(self):
        require_types(self, accept=bool)


ACTIONS = (Lay, Claim, ChooseNext, CallVote, DropClaim, AcceptWord, Vote)


# --------------------------------------------------------------------------- events
@dataclass(frozen=True)
class Laid(Event):
    kind: ClassVar[str] = "laid"
    seat: int
    card: str
    letter: str
    red: bool
    next_turn: int


@dataclass(frozen=True)
class Drew(Event):
    """Private: the card that came to the hand."""

    kind: ClassVar[str] = "drew"
    to: int
    card: str
    letter: str


@dataclass(frozen=True)
class ClaimAnnounced(Event):
    """Someone pressed «Не говори!» and is spelling a word."""

    kind: ClassVar[str] = "claim_announced"
    seat: int


@dataclass(frozen=True)
class ClaimMade(Event):
    """A word was named; it stays secret until the race is judged."""

    kind: ClassVar[str] = "claim_made"
    seat: int
    closes_ms: int


@dataclass(frozen=True)
class ClaimJudged(Event):
    """The race result. ``presses``: (seat, word, ok, reason, ms after the first press) in
    finishing order; ``winner`` -1 when the dictionary refused every word. ``disputer`` is the one
    who may now send the word to the vote: the claimer of a refused word, or the last mover, who
    takes an accepted word's letters unless they doubt it."""

    kind: ClassVar[str] = "claim_judged"
    winner: int
    word: str
    mover: int
    margin_ms: int
    tied: bool
    presses: tuple
    disputer: int = -1
    reason: str = ""


@dataclass(frozen=True)
class LettersTaken(Event):
    """The last mover takes the word: ``cards`` (id, letter, red) in the word's order; blacks go to
    their discard, reds back to the showcase."""

    kind: ClassVar[str] = "letters_taken"
    seat: int
    claimer: int
    word: str
    cards: tuple
    points: int
    total: int


@dataclass(frozen=True)
class ConversationReset(Event):
    """Fewer than two reds were left: blacks to the common discard, a new conversation of two reds."""

    kind: ClassVar[str] = "conversation_reset"
    discarded: tuple  # (id, letter)
    conversation: tuple  # (id, letter)
    showcase: tuple  # (id, letter)


@dataclass(frozen=True)
class NextChosen(Event):
    kind: ClassVar[str] = "next_chosen"
    seat: int
    next_turn: int


@dataclass(frozen=True)
class VoteCalled(Event):
    """``ok``: the dictionary accepted the word (the last mover doubts it); else ``reason`` is its refusal."""

    kind: ClassVar[str] = "vote_called"
    seat: int
    word: str
    reason: str
    closes_ms: int
    ok: bool = False


@dataclass(frozen=True)
class Voted(Event):
    kind: ClassVar[str] = "voted"
    seat: int
    accept: bool


@dataclass(frozen=True)
class VoteResult(Event):
    kind: ClassVar[str] = "vote_result"
    seat: int
    word: str
    yes: int
    no: int
    accepted: bool
    fined: bool


@dataclass(frozen=True)
class ClaimDropped(Event):
    kind: ClassVar[str] = "claim_dropped"
    seat: int
    word: str
    fined: bool


@dataclass(frozen=True)
class GameEnded(Event):
    """One game of the series is over (``final`` when the whole match is)."""

    kind: ClassVar[str] = "game_ended"
    game_no: int
    reason: str  # "ten" (someone has 10 black letters) or "deck" (the last black card was drawn)
    scores: tuple
    totals: tuple
    winners: tuple
    final: bool


@dataclass(frozen=True)
class Dealt(Event):
    """A new game of the series: the table is set again."""

    kind: ClassVar[str] = "dealt"
    game_no: int
    first: int
    conversation: tuple  # (id, letter)
    showcase: tuple  # (id, letter)


@dataclass(frozen=True)
class HandDealt(Event):
    kind: ClassVar[str] = "hand_dealt"
    to: int
    cards: tuple  # (id, letter)


EVENTS = (Laid, Drew, ClaimAnnounced, ClaimMade, ClaimJudged, LettersTaken, ConversationReset, NextChosen,
          VoteCalled, Voted, VoteResult, ClaimDropped, GameEnded, Dealt, HandDealt)

ACTION_CODEC = WireCodec(ACTIONS)
EVENT_CODEC = WireCodec(EVENTS)
