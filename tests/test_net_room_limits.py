"""What a client may send is bounded before any rules code sees it: nesting depth, number of
values, map keys, number ranges. A refused value costs its sender an ``error`` and nothing else."""
from __future__ import annotations

import logging

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import protocol as P
from net_support import Wire, seated_room, state_bytes


def _nested(depth: int) -> bytes:
    """A list nested ``depth`` deep, packed by hand (msgpack's packer stops at 512)."""
    return b"\x91" * depth + b"\x00"


def _action_frame(field_bytes: bytes, state_id: int = 0) -> bytes:
    """An action message whose action map's ``card`` field is the given packed value."""
    action = b"\x82" + msgpack.packb("kind") + msgpack.packb("play") + msgpack.packb("card") + field_bytes
    return (b"\x83" + msgpack.packb("type") + msgpack.packb("action") + msgpack.packb("action") + action
            + msgpack.packb("state_id") + msgpack.packb(state_id))


def _errors(wire: Wire) -> list[dict]:
    return [m for m in wire.take() if m.get("type") in ("error", "bye")]


def test_a_deeply_nested_action_field_is_refused_as_malformed_without_a_traceback(caplog):
    core, wires, clock = seated_room(2)
    before = state_bytes(core)
    with caplog.at_level(logging.DEBUG):
        for depth in (P.MAX_DEPTH, 50, 500, 1000):
            wires[1].take()
            wires[1].send_bytes(_action_frame(_nested(depth)))
            answers = _errors(wires[1])
            assert [m["type"] for m in answers] == ["error"] and answers[0]["code"] == "malformed", (depth, answers)
            assert not wires[1].closed
    assert state_bytes(core) == before
    assert not any(record.exc_info for record in caplog.records)


def test_a_map_with_integer_keys_gets_an_error_and_the_connection_stays():
    core, wires, clock = seated_room(2)
    for message in ({"type": "rename", "name": "x", 5: 1}, {"type": "set_options", "options": {1: True}},
                    {"type": "action", "action": {"kind": "play", 7: "u1"}, "state_id": 0}):
        wires[1].take()
        wires[1].send_bytes(msgpack.packb(message, strict_types=False))
        answers = _errors(wires[1])
        assert [(m["type"], m["code"]) for m in answers] == [("error", "malformed")], (message, answers)
        assert not wires[1].closed


def test_numbers_outside_signed_64_bits_or_not_finite_are_refused_anywhere():
    core, wires, clock = seated_room(2)
    for value in (2**64 - 1, 2**63, float("nan"), float("inf"), -float("inf")):
        wires[1].take()
        wires[1].send({"type": "action", "action": {"kind": "play", "card": [value]}, "state_id": 0})
        answers = _errors(wires[1])
        assert [(m["type"], m["code"]) for m in answers] == [("error", "malformed")], (value, answers)


def test_too_many_values_in_one_message_are_refused():
    core, wires, clock = seated_room(2)
    wires[1].take()
    wires[1].send({"type": "action", "action": {"kind": "play", "card": list(range(P.MAX_VALUES + 1))},
                   "state_id": 0})
    assert [(m["type"], m["code"]) for m in _errors(wires[1])] == [("error", "malformed")]


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.integers(-(2**63), 2**63 - 1) | st.text(max_size=8) | st.booleans() | st.none(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=40))
def test_every_value_within_the_limits_reaches_the_game_and_every_other_is_refused(value):
    """The shape check agrees with its own definition: depth and count decide, nothing else."""
    message = {"type": "action", "action": {"kind": "play", "card": value}, "state_id": 0}
    depth, count = _shape(message)
    try:
        P.check_client_message(message)
        accepted = True
    except P.ProtocolError:
        accepted = False
    assert accepted == (depth <= P.MAX_DEPTH and count <= P.MAX_VALUES)


def _shape(value, depth: int = 1) -> tuple[int, int]:
    if isinstance(value, (list, dict)):
        children = list(value.values()) if isinstance(value, dict) else value
        shapes = [_shape(child, depth + 1) for child in children]
        return max([depth] + [d for d, _ in shapes]), len(children) + sum(c for _, c in shapes)
    return 0, 0
