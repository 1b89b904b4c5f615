"""The LAN wire protocol: message types, framing, limits (documented in docs/PROTOCOL.md).

A connection carries a plain stream of msgpack maps, one map per message, with no length
prefix: the receiver feeds bytes into a ``msgpack.Unpacker`` whose buffer is bounded, and
measures each message with ``Unpacker.tell()`` so an oversized one is refused exactly.
"""
from __future__ import annotations

import math
from typing import Any

import msgpack

PROTOCOL_VERSION = 1
SERVICE_TYPE = "_igroteka._tcp.local."

MAX_CLIENT_MESSAGE = 16 * 1024  # bytes: anything a player sends fits easily (a typed word, an action)
MAX_HOST_MESSAGE = 1024 * 1024  # bytes: a full view of a 15×15 board with history stays far below
READ_CHUNK = 16 * 1024  # bytes read from a socket at once (≤ the smaller limit, see FrameReader)
MAX_NAME_CHARS = 24
RATE_PER_SECOND = 50  # sustained client messages per second before the host cuts a connection
RATE_BURST = 100  # messages a client may send at once after being quiet
HELLO_TIMEOUT_S = 10.0
PING_INTERVAL_S = 2.0
CLOCK_SAMPLES = 8  # the offset comes from the lowest-round-trip sample of the last this many
MAX_RTT_MS = 300  # a claimed round trip beyond this is not believed when stamping presses
MAX_SPECTATORS = 64
MAX_DEPTH = 6  # nested maps/lists in a client message, the message itself counting 1 (a board move needs 4)
MAX_VALUES = 1024  # values inside all maps and lists of one client message (a full board move needs ~40)
MESSAGE_DEADLINE_S = 10.0  # a message whose first byte arrived must be complete this much later
SLOW_READER_BYTES = 64 * 1024  # unsent bytes beyond which a reader is slow: lobby and updates coalesce
MAX_UNSENT = 4 * 1024 * 1024  # unsent bytes beyond which a connection is aborted (≥ 2 host messages + the above)
LINGER_S = 2.0  # after a bye, the host keeps reading this long before it closes (so the bye arrives)
UNPACKER_START_BYTES = 4096  # a client's unpacker buffer starts this small and grows only if needed

ROLES = ("player", "spectator", "tv")


class ProtocolError(Exception):
    """A broken stream (garbage, oversized frame): the connection is closed after a ``bye``."""

    def __init__(self, reason: str, code: str = "garbage"):
        super().__init__(reason)
        self.reason = reason
        self.code = code


def pack(message: dict) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


class FrameReader:
    """Turns arbitrary byte chunks into whole messages, refusing garbage and oversized ones.

    The buffer bound is twice the message limit so that a legal message plus the start of the
    next never trips it; the exact per-message limit is checked with ``tell()``.
    """

    def __init__(self, max_message: int, strict_keys: bool = True):
        self.max_message = max_message
        self._strict_keys = strict_keys
        self._unpacker_made: msgpack.Unpacker | None = None
        self._consumed = 0
        self._fed = 0
        self.messages = 0  # how many whole messages came out so far

    @property
    def _unpacker(self) -> msgpack.Unpacker:
        # made on the first bytes: an unpacker costs ~40 KB, a connection that never speaks nothing
        if self._unpacker_made is None:
            self._unpacker_made = msgpack.Unpacker(
                raw=False,
                max_buffer_size=2 * self.max_message + READ_CHUNK,
                read_size=min(UNPACKER_START_BYTES, self.max_message),
                strict_map_key=False,
                # a client map with a key that is not a string becomes a marker that the message
                # check refuses with an ``error``, where msgpack would break the whole stream
                object_pairs_hook=_string_keyed if self._strict_keys else None,
            )
        return self._unpacker_made

    @property
    def partial(self) -> bool:
        """Some bytes of a message that has not arrived whole yet are waiting."""
        return self._fed > self._consumed

    def feed(self, data: bytes) -> list[Any]:
        out = []
        for start in range(0, len(data), READ_CHUNK):
            out.extend(self._feed_chunk(data[start:start + READ_CHUNK]))
        return out

    def _feed_chunk(self, chunk: bytes) -> list[Any]:
        try:
            self._unpacker.feed(chunk)
        except msgpack.BufferFull:
            raise ProtocolError("Сообщение слишком большое.", "too_big") from None
        self._fed += len(chunk)
        out = []
        while True:
            try:
                message = self._unpacker.unpack()
            except msgpack.OutOfData:
                break
            except Exception:  # any malformed byte sequence: FormatError, StackError, bad UTF-8…
                raise ProtocolError("Поток данных повреждён: соединение закрыто.") from None
            position = self._unpacker.tell()
            size, self._consumed = position - self._consumed, position
            if size > self.max_message:
                raise ProtocolError("Сообщение слишком большое.", "too_big")
            out.append(message)
            self.messages += 1
        return out


class NonStringKeys:
    """What a client map with a non-string key decodes to: refused by ``check_client_message``."""

    __slots__ = ()


_NON_STRING_KEYS = NonStringKeys()


def _string_keyed(pairs: list) -> Any:
    for key, _ in pairs:
        if not isinstance(key, str):
            return _NON_STRING_KEYS
    return dict(pairs)


def check_shape(message: Any) -> None:
    """Refuse, before anything else looks at it, a value a client may not send: nested deeper
    than MAX_DEPTH, more than MAX_VALUES values, a map key that is not a string, an integer
    outside signed 64 bits, a NaN or an infinity. The walk is iterative and stops at the first
    excess, so a hostile message costs at most MAX_VALUES steps."""
    stack = [(message, 1)]
    values = 0
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise ProtocolError("Сообщение вложено слишком глубоко.", "malformed")
            values += len(value)
            if values > MAX_VALUES:
                raise ProtocolError("В сообщении слишком много значений.", "malformed")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(value, NonStringKeys):
            raise ProtocolError("Ключи словарей в сообщении должны быть строками.", "malformed")
        elif isinstance(value, int) and not isinstance(value, bool):
            if not -_INT64 <= value < _INT64:
                raise ProtocolError("Число в сообщении не помещается в 64 бита со знаком.", "malformed")
        elif isinstance(value, float) and not math.isfinite(value):
            raise ProtocolError("В сообщении есть не-число или бесконечность.", "malformed")


# --------------------------------------------------------------------------- message schemas
_INT = "int"
_NUM = "num"
_STR = "str"
_BOOL = "bool"
_DICT = "dict"
_NONE = "none"

# type -> {field: (allowed kinds, required)}; fields not listed are ignored (forward compatibility)
CLIENT_MESSAGES: dict[str, dict[str, tuple[tuple[str, ...], bool]]] = {
    "hello": {
        "version": ((_INT,), True),
        "name": ((_STR,), True),
        "role": ((_STR, _NONE), False),
        "token": ((_STR, _NONE), False),
        "seat": ((_INT, _NONE), False),
        "game": ((_STR, _NONE), False),
    },
    "ping": {
        "id": ((_INT,), True),
        "t": ((_NUM,), True),
        "offset": ((_NUM, _NONE), False),
        "rtt": ((_NUM, _NONE), False),
    },
    "action": {
        "action": ((_DICT,), True),
        "state_id": ((_INT,), True),
        "pressed": ((_NUM, _NONE), False),
    },
    "ready": {"ready": ((_BOOL,), True)},
    "rename": {"name": ((_STR,), True)},
    "colour": {"colour": ((_STR,), True)},
    "set_game": {"game": ((_STR,), True)},
    "set_options": {"options": ((_DICT,), True)},
    "set_timer": {"turn_s": ((_INT, _NONE), True)},
    "add_bot": {"level": ((_STR,), True)},
    "remove_bot": {"seat": ((_INT,), True)},
    "kick": {"seat": ((_INT,), True)},
    "take_bot_seat": {},
    "start": {},
    "bye": {},
}

HOST_MESSAGES = ("welcome", "lobby", "update", "pong", "error", "bye", "seat_key")

_INT64 = 2**63


def _kind_of(value: Any) -> str:
    if value is None:
        return _NONE
    if isinstance(value, bool):
        return _BOOL
    if isinstance(value, int):
        return _INT if -_INT64 <= value < _INT64 else "big"
    if isinstance(value, float):
        return _NUM if value == value and abs(value) < 1e15 else "nan"
    if isinstance(value, str):
        return _STR
    if isinstance(value, dict):
        return _DICT
    return type(value).__name__


def check_client_message(message: Any) -> str:
    """The message's type if it is well formed; raises ProtocolError (code malformed/unknown)."""
    check_shape(message)
    if not isinstance(message, dict):
        raise ProtocolError("Сообщение должно быть словарём с полем «type».", "malformed")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("В сообщении нет поля «type».", "malformed")
    schema = CLIENT_MESSAGES.get(kind)
    if schema is None:
        raise ProtocolError(f"Неизвестный тип сообщения «{kind[:40]}».", "unknown_type")
    for name, (kinds, required) in schema.items():
        if name not in message:
            if required:
                raise ProtocolError(f"В сообщении «{kind}» нет поля «{name}».", "malformed")
            continue
        got = _kind_of(message[name])
        if got not in kinds and not (got == _INT and _NUM in kinds):
            raise ProtocolError(f"Поле «{name}» в сообщении «{kind}» имеет неверный тип.", "malformed")
    return kind


def clean_name(name: str) -> str:
    """A display name: printable, trimmed, at most MAX_NAME_CHARS; empty if nothing is left."""
    printable = "".join(ch for ch in name if ch.isprintable())
    return " ".join(printable.split())[:MAX_NAME_CHARS]


def error(code: str, reason: str, ref: str | None = None, **extra: Any) -> dict:
    message = {"type": "error", "code": code, "reason": reason, **extra}
    if ref is not None:
        message["ref"] = ref
    return message


def bye(code: str, reason: str) -> dict:
    return {"type": "bye", "code": code, "reason": reason}


PALETTE: tuple[tuple[str, str, str], ...] = (
    ("red", "красный", "#e5484d"),
    ("blue", "синий", "#3e63dd"),
    ("green", "зелёный", "#30a46c"),
    ("yellow", "жёлтый", "#f5d90a"),
    ("purple", "фиолетовый", "#8e4ec6"),
    ("orange", "оранжевый", "#f76b15"),
    ("teal", "бирюзовый", "#12a594"),
    ("pink", "розовый", "#d6409f"),
    ("brown", "коричневый", "#a18072"),
    ("grey", "серый", "#8b8d98"),
)
COLOUR_IDS = tuple(c[0] for c in PALETTE)
