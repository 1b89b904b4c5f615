"""The LAN host: a room's lobby, then the authoritative game loop over the same ``Session`` local play uses.

``HostCore`` (core.py) holds every part of a room and no I/O: bytes in (``receive``), bytes out (``Peer.send``),
time as an argument; ``LanHost`` (lan.py) runs it behind an asyncio TCP server on its own thread, so the tests can
also drive ``HostCore`` in virtual time through a simulated network. Under a ``LanHost`` the bots think on a worker
thread (``HostCore.think_off_loop``), the rules' list of their legal moves included (on a board it is the full move
search): the loop answers every peer meanwhile. Message shapes and limits: docs/PROTOCOL.md.
"""
from game.net.host.core import HostCore
from game.net.host.lan import LanHost
from game.net.host.peer import Peer
from game.net.host.saved import SavedRoom, saved_rooms
from game.net.host.takeover import NEWCOMER_WAIT_MS

__all__ = ["HostCore", "LanHost", "NEWCOMER_WAIT_MS", "Peer", "SavedRoom", "saved_rooms"]
