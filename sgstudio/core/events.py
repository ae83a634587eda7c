"""A small ordered signal for model events (no Qt in the core).

Examples
--------
>>> changed = Signal()
>>> seen = []
>>> changed.connect(seen.append)
>>> changed.emit(3)
>>> seen
[3]
>>> changed.disconnect(seen.append)
>>> changed.emit(4)
>>> seen
[3]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Slot = Callable[..., Any]


class Signal:
    """Call connected slots in the order they were connected.

    A slot connected twice is called twice; ``disconnect`` removes one connection.
    Emitting iterates over a snapshot, so a slot may connect or disconnect others.
    """

    __slots__ = ("_slots",)

    def __init__(self) -> None:
        self._slots: list[Slot] = []

    def connect(self, slot: Slot) -> None:
        """Call ``slot(*args)`` on every later :meth:`emit`."""
        self._slots.append(slot)

    def disconnect(self, slot: Slot) -> None:
        """Remove one connection of ``slot``; raise ValueError if it is not connected."""
        self._slots.remove(slot)

    def emit(self, *args: Any) -> None:
        """Call every connected slot with ``args``, in connection order."""
        for slot in tuple(self._slots):
            slot(*args)

    def __len__(self) -> int:
        return len(self._slots)
