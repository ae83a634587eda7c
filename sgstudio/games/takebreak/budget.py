"""How long a take-and-break computation will take, told before it runs for hours (issue 29, item 5).

``sgstudio period c.0`` (values that grow as n / 2: the work grows as n^3), ``period`` of a 78-digit
code, ``values subtract:primes 268435456`` or ``values subtract:squares 268435456`` were accepted and
ran for hours, or days, without a word. A :class:`Budget` is the progress callback of such a run: it
asks the values engine how long the rest will take (``table.seconds_to(n)``: the subtraction
engine's cost model at once, before any work; the generic engine's steps of work over the heaps to
come, the values' growth and the kernels' speed taken from what it computed so far) after a short
sample of :data:`SAMPLE_SECONDS`. When the whole would take more than :data:`LIMIT_SECONDS` it
raises :class:`TooLong`: one line with the estimate, the size that would take that long, and the
ways out (a smaller size, or ``--force`` to wait for it). A run that ends within the sample is never
refused, nor one past its first estimate (the estimate is made again each time the run has taken
twice as long, for the time left that a progress line shows: work done is not thrown away).

>>> duration_text(42), duration_text(600), duration_text(5 * 3600), duration_text(9 * 86400)
('about 42 seconds', 'about 10 minutes', 'about 5 hours', 'about 9 days')
>>> round_down(153_874), round_down(99), round_down(1_000_000)
(150000, 99, 1000000)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sgstudio.core.errors import SGStudioError

Progress = Callable[[int, int], object]
LIMIT_SECONDS = 600.0
"""A run estimated to take longer than this (10 minutes) is refused, unless forced."""
SAMPLE_SECONDS = 1.0
"""The first estimate of a run whose engine needs a sample is made after this long."""


class TooLong(SGStudioError):  # noqa: N818 - read as "the run would take too long"
    """A computation estimated to take longer than :data:`LIMIT_SECONDS`: bad input (exit status 2)."""


def duration_text(seconds: float) -> str:
    """A duration in the unit a person reads it in (seconds, minutes, hours, days, years)."""
    for unit, size, up_to in (("second", 1, 90), ("minute", 60, 90 * 60), ("hour", 3600, 48 * 3600),
                              ("day", 86400, 730 * 86400)):
        if seconds < up_to:
            count = max(1, round(seconds / size))
            return f"about {count:,} {unit}{'s' if count != 1 else ''}"
    return f"about {round(seconds / (365 * 86400)):,} years"


def round_down(n: int) -> int:
    """``n`` with two significant digits, rounded down (a size to suggest)."""
    if n < 100:
        return n
    scale = 10 ** (len(str(n)) - 2)
    return n // scale * scale


class Budget:
    """The progress callback of a run of ``table`` towards ``target`` values (module docstring).

    ``what`` names the run in the refusal (``values of c.0 up to N = 1,000,000``), ``size`` the
    option that sets it (``N``, ``--max``); ``progress`` is called on (a terminal's progress line);
    ``force`` never refuses.
    """

    def __init__(self, table: Any, target: int, what: str, size: str, *, force: bool = False,
                 progress: Progress | None = None, limit: float = LIMIT_SECONDS,
                 sample: float = SAMPLE_SECONDS) -> None:
        self.table, self.target, self.what, self.size = table, target, what, size
        self.force, self.progress, self.limit = force, progress, limit
        self.began = time.monotonic()
        self.next_check = sample
        self.left: float | None = None
        """The seconds the last estimate left to go (None: not estimated yet)."""

    def start(self) -> None:
        """The estimate before any work, for an engine that can give one (the subtraction engine)."""
        self._check()

    def __call__(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(done, total)
        elapsed = time.monotonic() - self.began
        if elapsed >= self.next_check:
            self.next_check = 2 * elapsed
            self._check()

    def left_text(self) -> str:
        """``, about 3 minutes left`` for a progress line (empty before an estimate)."""
        return f", {duration_text(self.left)} left" if self.left is not None else ""

    def _check(self) -> None:
        estimate = getattr(self.table, "seconds_to", None)
        rest = estimate(self.target) if estimate is not None else None
        if rest is None:
            return
        elapsed = time.monotonic() - self.began
        first, self.left = self.left is None, rest
        if self.force or not first or elapsed + rest <= self.limit:
            return
        done = int(getattr(self.table, "computed", 0))
        fits = round_down(self._fits(estimate, done, elapsed))
        sample = (f" ({done:,} values computed in {elapsed:.1f} s, the rest estimated from them)"
                  if done else "")
        smaller = (f"a smaller {self.size} (about {fits:,} take {duration_text(self.limit)[6:]})"
                   if fits > 0 else f"a smaller {self.size}")
        here = " here" if done else ""  # measured on this machine (else the engine's cost model)
        raise TooLong(f"{self.what} would take {duration_text(elapsed + rest)}{here}{sample}: ask for "
                      f"{smaller}, or add --force to wait for it (Ctrl+C stops it)")

    def _fits(self, estimate: Callable[[int], float | None], done: int, elapsed: float) -> int:
        """The largest size whose run would end within the limit (bisection on the estimate)."""
        low, high = done, self.target
        while high - low > max(1, low // 100):
            mid = (low + high) // 2
            rest = estimate(mid)
            if rest is not None and elapsed + rest <= self.limit:
                low = mid
            else:
                high = mid
        return low

