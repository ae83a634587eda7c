"""The split-nim computations that can take long, in steps that report progress and can be stopped.

Brute-force tables for parts >= 4 (grown in doubling steps, as the core grows its own), the
comparison of the brute-force table with the closed form, and the heap-by-heap scan for winning
moves (a position may have 10^6 heaps). Qt-free: the tab runs these in its workers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sgstudio.games.splitnim.game import SplitNim, compute_table

FIRST_STEP = 256
"""The first table size; later steps double it."""

Progress = Callable[[int, int], None]
_READY: dict[int, int] = {}  # parts -> heaps the core's table is known to cover (prepare_table)
_BRUTE: dict[int, np.ndarray] = {}  # parts -> the longest brute-force table computed (2 and 3)
_LOCK = threading.Lock()


# -- tables ------------------------------------------------------------------------------------
def _steps(count: int) -> list[int]:
    """Table sizes computed in turn (doubling, as the core grows its table): progress and Cancel points."""
    steps, c = [], FIRST_STEP
    while c < count:
        steps.append(c)
        c *= 2
    return [*steps, count]


def _in_steps(count: int, compute: Callable[[int], object], progress: Progress | None) -> None:
    """Call compute(c) for each step, reporting progress weighted by c**3 (the kernel's cost),
    in units small enough for a 32-bit progress signal."""
    steps = _steps(count)
    weights = [max(1, (16 * c // FIRST_STEP) ** 3) for c in steps]
    total, done = sum(weights), 0
    for c, weight in zip(steps, weights, strict=True):
        if progress is not None:
            progress(done, total)  # raises to stop (a cancelled task)
        compute(c)
        done += weight
    if progress is not None:
        progress(total, total)


def table_ready(parts: int, count: int) -> bool:
    """True when g(0..count-1) is instant: a closed form, or a table :func:`prepare_table` computed."""
    return parts in (2, 3) or count <= parts or _READY.get(parts, 0) >= count


def prepare_table(parts: int, count: int, progress: Progress | None = None) -> None:
    """Make the core compute its table of g(0..count-1) for ``parts``, in doubling steps.

    ``progress(done, total)`` is called before each step; when it raises, the work stops there.

    >>> prepare_table(4, 40); table_ready(4, 40), table_ready(4, 5000)
    (True, False)
    """
    game = SplitNim(parts)
    if table_ready(parts, count):
        return

    def compute(c: int) -> None:
        game.values(c)
        with _LOCK:
            _READY[parts] = max(_READY.get(parts, 0), c)

    _in_steps(count, compute, progress)


@dataclass(frozen=True)
class Comparison:
    """g(0..count-1) by brute force beside the closed form (None without one), and the pattern seen."""

    brute: np.ndarray
    closed: np.ndarray | None
    pattern: str

    def mismatches(self) -> list[int]:
        """The n where the two columns differ (none: the closed form is proven)."""
        if self.closed is None:
            return []
        return np.flatnonzero(self.brute != self.closed).tolist()


def compare_table(parts: int, count: int, progress: Progress | None = None) -> Comparison:
    """The brute-force table (takes and every split, the core's kernel) beside the closed form.

    >>> c = compare_table(3, 10)
    >>> c.brute.tolist(), c.mismatches(), c.pattern
    ([0, 1, 2, 3, 4, 5, 6, 8, 7, 9], [], 'g(n + 8) = g(n) + 8 for all n >= 1 (proven)')
    >>> compare_table(4, 12).closed is None
    True
    """
    game = SplitNim(parts)
    if not game.has_closed_form:
        prepare_table(parts, count, progress)
        found = game.pattern(count) if count > 8 else None
        text = found.describe() if found else f"no pattern seen in g(0..{count - 1})"
        return Comparison(game.values(count), None, text)
    known = _BRUTE.get(parts)
    if known is None or len(known) < count:

        def compute(c: int) -> None:
            values = compute_table(parts, c)[0]
            with _LOCK:
                if len(_BRUTE.get(parts, ())) < c:
                    _BRUTE[parts] = values

        _in_steps(count, compute, progress)
    pattern = game.pattern()
    return Comparison(_BRUTE[parts][:count].copy(), game.values(count), pattern.describe() if pattern else "")


# -- winning moves -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Scan:
    """Moves kept (in heap order), all moves counted, and the heap where the scan stopped."""

    moves: list[tuple[int, tuple[int, ...]]]
    count: int
    stop: int


def scan_winning_moves(game: SplitNim, heaps: np.ndarray, values: np.ndarray, total: int, start: int = 0,
                       keep: int = 200, stop_after: int | None = None,
                       progress: Progress | None = None) -> Scan:
    """Every winning take and one winning split per heap, like ``SplitNim.winning_moves``, in parts.

    Heaps from ``start`` on are visited in order: a move from heap i wins iff it leaves value
    values[i] XOR total (the core's ``takes_to`` and ``split_to`` find them). The first ``keep``
    moves are kept, all are counted; the scan stops after the heap where ``stop_after`` moves were
    counted. ``progress(i, len(heaps))`` is called as it goes (it may raise to stop the scan).

    >>> g = SplitNim(3)
    >>> s = scan_winning_moves(g, np.array([5, 9]), g.values(10)[[5, 9]], 5 ^ 9)
    >>> s.moves == g.winning_moves((5, 9)), s.count, s.stop
    (True, 2, 2)
    """
    kept: list[tuple[int, tuple[int, ...]]] = []
    count, memo, size = 0, {}, len(heaps)
    for i in range(start, size):
        if progress is not None and not i & 255:
            progress(i, size)
        n, target = int(heaps[i]), int(values[i]) ^ total
        found = memo.get((n, target))
        if found is None:
            found = game.moves_to(n, target)
            if len(memo) < 4096:
                memo[n, target] = found
        count += len(found)
        kept += [(i, after) for after in found[: max(0, keep - len(kept))]]
        if stop_after is not None and count >= stop_after:
            return Scan(kept, count, i + 1)
    if progress is not None:
        progress(size, size)
    return Scan(kept, count, size)
