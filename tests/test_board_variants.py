"""Board variants are plug-ins: each module under game/rules/board/variants holds its rule, its slice of the state,
its actions, events and phases, and its hooks; the games offer it from there, and the engine never names it (nor
reads an option, nor switches on a game id: the game profile says)."""
from __future__ import annotations

import copy
import dataclasses
import importlib
import pathlib
import re

import pytest
from hypothesis import assume, example, given, settings, strategies as st

from board_words import COMMON, WORDS
from conformance import check_game
from game.rules import load
from game.rules.base import Rejected
from game.rules.board import WORD_DISPUTABLE, variants, words as wordsrc
from game.rules.board.actions import Place
from game.rules.board.layout import BLANK
from game.rules.board.engine import BoardState
from game.net.session import SeatInfo, Session, replay_session
from game.rules.base import snapshot

ROOT = pathlib.Path(__file__).resolve().parent.parent
BOARD = ROOT / "game/rules/board"
MODULES = sorted(p.stem for p in (BOARD / "variants").glob("*.py") if p.stem not in ("__init__", "base"))
# the engine and the modules every board game is made of, none of which may know a variant
CORE = ("engine.py", "actions.py", "phases.py", "judge.py", "layout.py", "review.py", "words.py", "erudit.py",
        "scrabble.py", "slovodel.py")
GAMES = ("erudit", "scrabble", "slovodel")


def test_every_variant_module_is_registered_and_offered():
    registered = {v.rule.id: v for v in variants.EVERY}
    assert len(registered) == len(MODULES)
    for name in MODULES:
        variant = importlib.import_module(f"game.rules.board.variants.{name}").VARIANT
        assert registered.get(variant.rule.id) is variant, name
        for game in GAMES:
            offered = variant.rule in load(game).house_rules
            assert offered == (game != "slovodel" or not variant.classic_only), (name, game)
    for game in GAMES:  # the menus are the variants, nothing besides
        assert {r.id for r in load(game).house_rules} <= set(registered), game


@pytest.mark.parametrize("game", GAMES)
def test_one_bingo_the_game_of_its_own_and_an_old_tables_side_game_is_read_and_left_out(game):
    """«Скрэббл Бинго» is a game of its own (game/rules/bingo) and always ends; the side game the board games
    offered called one letter a turn and never finished. No board menu or preset names a bingo, and settings, a room
    or a journal that still switch «bingo_side» on are read and played without it (docs/RULES.md)."""
    rules = load(game)
    assert not [r.id for r in rules.house_rules if "bingo" in r.id or "бинго" in r.label.lower()]
    assert not [key for key, (_, values) in rules.presets.items() if "bingo_side" in values]
    seats = [SeatInfo("Аня", "novice"), SeatInfo("Боря", "novice")]
    plain = Session(game, seats, 3, {})
    old = Session(game, seats, 3, {"bingo_side": True})
    assert old.options == plain.options and snapshot(old.state) == snapshot(plain.state)
    if game == "erudit":  # an old journal's header with the side game on replays the game it recorded
        assert plain.run_bots_to_end()
        header = {**plain.journal.header, "options": {**plain.journal.header["options"], "bingo_side": True}}
        replayed = replay_session(header, plain.journal.entries)
        assert snapshot(replayed.state) == snapshot(plain.state)


@pytest.mark.parametrize("name", CORE)
def test_the_core_names_no_variant_reads_no_option_and_no_game(name):
    text = (BOARD / name).read_text(encoding="utf-8")
    for variant in variants.EVERY:
        assert not re.search(rf"""["']{variant.rule.id}["']""", text), f"{name} names {variant.rule.id}"
        for field_name, _ in variant.state_fields:
            assert not re.search(rf"state\.{field_name}\b", text), f"{name} reads {variant.rule.id}'s {field_name}"
    assert not re.search(r"options\.get\(|options\[", text), f"{name} reads a house option"
    assert not re.search(r"game_id (==|in|!=)", text), f"{name} switches on the game id"


def test_every_action_event_phase_and_state_field_of_a_variant_comes_from_its_module():
    rules = load("erudit")
    fields = {f.name for f in dataclasses.fields(BoardState)}
    for variant in variants.EVERY:
        module = importlib.import_module(type(variant).__module__)
        handled = {**variant.anyone_handlers(), **variant.turn_handlers(), **variant.phase_handlers()}
        for cls in variant.actions:
            assert cls.__module__ == module.__name__ and rules.actions.by_kind[cls.kind] is cls
            assert cls in handled, f"{cls.kind} has no handler in its variant"
        for cls in variant.events:
            assert cls.__module__ == module.__name__ and rules.events.by_kind[cls.kind] is cls
        for phase in variant.phases:
            assert variants.owner_of(phase) is variant
        assert {name for name, _ in variant.state_fields} <= fields


@pytest.mark.parametrize("game", GAMES)
def test_a_variant_switched_on_shows_its_slice_of_the_view(game):
    rules = load(game)
    for rule in rules.house_rules:
        variant = next(v for v in variants.EVERY if v.rule is rule)
        value = rule.choices[-1][0] if rule.choices else True
        state = rules.new_game({rule.id: value}, 2, 5)
        assert variant.on(state.options), rule.id
        assert set(variant.view(rules, state, 0)) <= set(rules.view(state, 0)), rule.id
        assert set(variant.result(rules, state)) <= set(rules.result(state)), rule.id


def test_every_variant_at_once_keeps_the_contract():
    """The hooks of all the variants together: every legal action accepted, invariants, secrecy, replay."""
    every = {v.rule.id: (v.rule.choices[-1][0] if v.rule.choices else True) for v in variants.EVERY}
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    try:
        assert check_game("erudit", 3, 31, every, probe_every=6).finished
    finally:
        wordsrc.use_words(None)


EVERY_VALUE = {v.rule.id: [value for value, _ in v.rule.choices] if v.rule.choices else [False, True]
               for v in variants.EVERY}


@settings(max_examples=40, deadline=None)
@example(game="erudit", seed=1, picks={v.rule.id: v.rule.default for v in variants.EVERY} | {"vote": True})
@example(game="slovodel", seed=2, picks={v.rule.id: v.rule.default for v in variants.EVERY} | {"vote": True})
@given(game=st.sampled_from(GAMES), seed=st.integers(1, 60),
       picks=st.fixed_dictionaries({rule_id: st.sampled_from(values) for rule_id, values in EVERY_VALUE.items()}))
def test_a_refused_words_code_says_whether_the_same_move_may_go_to_the_vote(game, seed, picks):
    """Whatever variants are on, a move refused for its word carries ``word_disputable`` exactly when the same
    tiles sent with ``dispute`` open the table's vote: the one answer a table offers the vote by."""
    rules = load(game)
    options = {rule.id: picks[rule.id] for rule in rules.house_rules}
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    try:
        state = rules.new_game(options, 2, seed)
        seat, faces = state.turn, state.faces
        rack = [t for t in state.racks[seat] if faces[t] != BLANK]
        pair = next(((a, b) for a in rack for b in rack if a != b and faces[a] + faces[b] not in WORDS), None)
        assume(pair is not None)
        tiles = tuple((7, 7 + i, rules.tid(t), faces[t]) for i, t in enumerate(pair))
        outcomes = []
        for dispute in (False, True):
            trial = copy.deepcopy(state)
            try:
                rules.apply(trial, seat, Place(tiles, dispute=dispute), 0)
                outcomes.append(trial.phase)
            except Rejected as refused:
                outcomes.append(refused.code)
    finally:
        wordsrc.use_words(None)
    plain, disputed = outcomes
    assert (plain == WORD_DISPUTABLE) == (disputed == "vote"), (options, outcomes)
