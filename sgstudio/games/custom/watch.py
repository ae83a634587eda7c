"""The caller's side of a worker request: messages, progress, cancel, the hard deadline, the worker's end.

:class:`Watch` reads the worker's messages until the answer (or an error) comes, and turns
everything else into one :class:`~sgstudio.games.custom.errors.GameError` in words: the caller
cancelled; the time limit passed and the worker did not stop by itself (it gets :data:`GRACE`
seconds past its own alarm); the worker ended without an answer (a crash, ``os._exit``, a kill by
the system), told by its exit status or signal.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sgstudio.games.custom.errors import CancelledError, LimitError, WorkerCrashError, from_data

GRACE = 2.0
"""Seconds a worker has past its time limit to stop by itself before it is ended."""
POLL = 0.05
"""Seconds between two looks at cancel and the deadline."""


@dataclass
class Increment:
    """What one request found that the session had not: positions ``first`` and on, their rows
    (``start`` int64 offsets into the session's whole ``heads``, ``heads`` int32 appended, ``is_sum``
    uint8, as bytes) and their texts (when the game has ``text``; None for sum nodes)."""

    first: int
    positions: list[Any]
    start: bytes
    heads: bytes
    is_sum: bytes
    texts: list[str | None] | None


class Watch:
    """Wait for one answer of a worker process (see the module docstring).

    ``wait()`` returns the ``loaded`` message's data (the game's name, start, whether it has
    ``text``) or a :class:`Increment` for ``done``.
    """

    def __init__(self, process: Any, conn: Any, seconds: float | None,
                 progress: Callable[[int, int], object] | None, cancel: Callable[[], bool] | None) -> None:
        self.process, self.conn, self.seconds = process, conn, seconds
        self.progress, self.cancel = progress, cancel
        self.explored = 0
        self.deadline = time.monotonic() + seconds + GRACE if seconds else None

    def wait(self) -> Any:
        while True:
            if self.cancel is not None and self.cancel():
                raise CancelledError(f"cancelled, {self._so_far()}")
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise LimitError(f"stopped after {self.seconds:g} s (the time limit), {self._so_far()}; "
                                 "the game's code did not stop by itself and the worker was ended")
            if not self.conn.poll(POLL):
                continue
            try:
                message = self.conn.recv()
            except (EOFError, OSError):
                raise self._crash() from None
            kind = message[0]
            if kind == "progress":
                self.explored = message[1]
                if self.progress is not None:
                    self.progress(message[1], message[2])
            elif kind == "loaded":
                return message[1]
            elif kind == "error":
                raise from_data(message[1])
            elif kind == "done":
                return self._increment(message[1])

    def _increment(self, data: dict[str, Any]) -> Any:
        try:
            start, heads, is_sum = (self.conn.recv_bytes() for _ in range(3))
        except (EOFError, OSError):
            raise self._crash() from None
        return Increment(data["first"], data["positions"], start, heads, is_sum, data["texts"])

    def _so_far(self) -> str:
        if self.explored:
            return f"after {self.explored:,} positions explored"
        return "before any position was explored"

    def _crash(self) -> WorkerCrashError:
        self.process.join(2.0)
        code = self.process.exitcode
        if code is not None and code < 0:
            number = -code
            name = signal.Signals(number).name if number in signal.valid_signals() else f"signal {number}"
            why = {signal.SIGSEGV: "the game's code crashed it (a segmentation fault)",
                   signal.SIGKILL: "it was killed (by the system, for lack of memory?)",
                   signal.SIGABRT: "it aborted"}.get(number, f"it was stopped by {name}")
            return WorkerCrashError(f"the worker process ended {self._so_far()}: {why} ({name})")
        if code:
            return WorkerCrashError(f"the worker process ended {self._so_far()} with exit status {code} "
                               "(does the game's code call os._exit?)")
        from sgstudio.core.limits import address_space_room

        # under an address-space limit (ulimit -v), the worker may not even have room to tell it
        memory = " (out of memory, perhaps: sgstudio runs under an address-space limit)" \
            if address_space_room() is not None else ""
        return WorkerCrashError(f"the worker process ended {self._so_far()} without an answer{memory}")
