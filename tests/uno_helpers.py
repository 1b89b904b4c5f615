"""Set up UNO positions by hand for the rule tests."""
from __future__ import annotations

import copy
from collections import defaultdict

from game.rules.base import snapshot
from game.rules.base import Rejected
from game.rules.uno import RULES
from game.rules.uno.state import PLAY

# three harmless yellow cards per seat that is not set up explicitly (each value exists twice)
FILLERS = [[("yellow", a), ("yellow", b), ("yellow", c)] for a, b, c in
           [("9", "8", "6"), ("4", "3", "1"), ("9", "8", "6"), ("4", "3", "1"), ("7", "5", "2"), ("7", "5", "2")]]


class Table:
    """A state with chosen hands, top card and turn; cards are named by face, e.g. ("red", "5")."""

    def __init__(self, options=None, n=4, hands=None, top=("red", "5"), turn=0, colour=None, seed=1, last=None):
        opts = {"match": "target", **(options or {})}
        self.st = st = RULES.new_game(opts, n, seed)
        pool = sorted(st.deck + st.discard + [c for h in st.hands for c in h], key=lambda c: int(c[1:]))
        self.by_face = defaultdict(list)
        for c in pool:
            self.by_face[st.faces[c]].append(c)
        hands = hands or {}
        st.discard = [self._take(top)]
        st.hands = [[self._take(f) for f in hands.get(s, FILLERS[(s - 1) % len(FILLERS)])] for s in range(n)]
        st.deck = [c for f in sorted(self.by_face) for c in self.by_face[f]]
        st.rng.shuffle(st.deck)
        st.colour = colour or (top[0] if top[0] != "black" else "red")
        if top[0] == "black":
            st.named[st.discard[-1]] = st.colour
        st.turn, st.phase, st.actor = turn, PLAY, None
        st.first_card_fresh = False
        st.last_player = (turn - 1) % n if last is None else last
        st.uno_said = [False] * n
        self.t = 1000
        assert RULES.check_invariants(st) == []

    @property
    def silence(self):
        return self.st.ext.get("silence")

    def _take(self, face):
        return self.by_face[tuple(face)].pop()

    def put_on_deck(self, *faces):
        """The next cards drawn, in order."""
        for f in reversed(faces):
            for i, c in enumerate(self.st.deck):
                if self.st.faces[c] == tuple(f):
                    self.st.deck.append(self.st.deck.pop(i))
                    break
            else:
                raise AssertionError(f"no {f} left in the deck")

    def card(self, seat, face):
        for c in self.st.hands[seat]:
            if self.st.faces[c] == tuple(face):
                return c
        raise AssertionError(f"seat {seat} has no {face}")

    def faces(self, seat):
        return sorted(self.st.faces[c] for c in self.st.hands[seat])

    def do(self, seat, action, dt=100):
        self.t += dt
        self.tick()
        ev = RULES.apply(self.st, seat, action, self.t)
        assert RULES.check_invariants(self.st) == [], RULES.check_invariants(self.st)
        return ev

    def tick(self):
        while True:
            d = RULES.next_deadline(self.st)
            if d is None or d > self.t:
                return
            RULES.tick(self.st, d)

    def wait(self, ms):
        self.t += ms
        self.tick()

    def refused(self, seat, action, dt=100):
        """The action is refused with a Russian reason and the state does not change."""
        before = snapshot(self.st)
        trial = copy.deepcopy(self.st)
        try:
            RULES.apply(trial, seat, action, self.t + dt)
        except Rejected as rej:
            assert any("а" <= ch <= "я" for ch in rej.reason.lower()), rej.reason
            assert snapshot(trial) == before
            return rej.reason
        raise AssertionError(f"accepted: {action}")

    def kinds(self, events):
        return [e.kind for e in events]
