"""A progress bar on the terminal: games done of the total, the rate, and the time left.

It draws on standard error when that is a terminal, at most :data:`REDRAW` times a second, and
says nothing otherwise (a pipe, a file, a test), so output stays clean.

>>> import io
>>> bar = Progress(10, io.StringIO())       # not a terminal: quiet
>>> bar.advance(3); bar.finish(); bar.stream.getvalue()
''
>>> line(4, 10, 2.0, 3.0, 60)
'[#######------------]   4/10 games  2.0 games/s  ETA 0:00:03'
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

REDRAW = 10


def line(done: int, total: int, rate: float, left: float | None, width: int) -> str:
    """The bar's text for ``done`` of ``total`` games at ``rate`` a second, ``left`` seconds to go."""
    counts = f"{done:>{len(str(total))}}/{total} games"
    eta = "ETA --:--:--" if left is None else f"ETA {_clock(left)}"
    tail = f"  {counts}  {rate:.1f} games/s  {eta}"
    room = max(10, width - len(tail) - 2)
    filled = room * done // total if total else room
    return f"[{'#' * filled}{'-' * (room - filled)}]{tail}"


def _clock(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Progress:
    """The bar for ``total`` games, ``already`` of them done before it started (a resumed sweep)."""

    def __init__(self, total: int, stream: TextIO | None = None, already: int = 0) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.total, self.done, self._already = total, already, already
        self._start = self._last = time.monotonic()
        isatty = getattr(self.stream, "isatty", None)
        self.active = bool(isatty and isatty())
        self._drawn = False
        self.draw()

    def advance(self, games: int = 1) -> None:
        """Count ``games`` more done; redraw when it is time."""
        self.done += games
        now = time.monotonic()
        if now - self._last >= 1 / REDRAW or self.done == self.total:
            self._last = now
            self.draw()

    def draw(self) -> None:
        """Draw the bar now (nothing when the stream is not a terminal)."""
        if not self.active:
            return
        elapsed = max(time.monotonic() - self._start, 1e-9)
        new = self.done - self._already
        rate = new / elapsed
        left = (self.total - self.done) / rate if new else None
        try:  # the width of the terminal the bar is on (standard output may be a file)
            width = os.get_terminal_size(self.stream.fileno()).columns
        except (OSError, ValueError, AttributeError):
            width = 80
        self.stream.write("\r" + line(self.done, self.total, rate, left, width - 1))
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        """End the bar's line (when one was drawn)."""
        if self.active and self._drawn:
            self.draw()
            self.stream.write("\n")
            self.stream.flush()
