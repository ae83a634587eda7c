"""Values of subtraction games with a large or infinite set S, by the fastest method for the size.

g(x) = mex{ g(x - s) : s in S, s <= x }. For an infinite S (squares, primes, ...: see
:mod:`sgstudio.games.snim.subtraction.sets`) only the members below n matter for g(0..n-1).

Methods (numba kernels in :mod:`sgstudio.games.snim.subtraction.kernels`), chosen by a cost model:

- ``"python"``: the definition in pure Python, for jobs so small that loading numba would cost more;
- ``"plain"``: a stamped mex per position, O(n |S|): small S;
- ``"blocked"``: the same O(n |S|), cache-blocked and multi-threaded: large sparse S (squares,
  triangular numbers, large finite sets), where the moves outnumber the values ~10:1 but every move
  must still be looked at (the value of a position is proved absent only by all of its moves);
- ``"classes"``: one bitset per value class, word-parallel: 64 moves per machine word,
  O(n^2 / 64) word operations and one n-bit bitset per value: dense S with few values
  (take-a-prime: 12 values, |S| ~ n / ln n; 18 times as fast as the plain method at n = 2 * 10^5).

Eppstein ("Faster Evaluation of Subtraction Games", FUN 2018) works with the same value classes:
g(x) is the first class v such that x is not in C_v + S, and he gets every value in Õ(mn) (m the
largest value) by computing each sumset C_v + S with FFT-based online convolution. The log factors
make that slower than looking at every move at the sizes computed here (squares to 2.6 * 10^7:
m ~ 530, m log^2 n ~ 3 * 10^5 against |S| ~ 5 * 10^3 moves per position), so the classes are
tested word-parallel instead, where that pays, and the blocked O(n |S|) kernel does the rest.
The losing positions alone (his "winning set") come from a sieve, :func:`losing_positions`.

Long jobs run in chunks and call ``progress(done, total)`` after each; the callback may raise to
cancel (the convention of :meth:`sgstudio.games.snim.game.SubtractionGame.period`).

Examples
--------
>>> values("squares", 12).tolist()
[0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]
>>> values([2, 5], 12).tolist()
[0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0]
>>> losing_positions("squares", 40).tolist()
[0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import numpy as np

from sgstudio.core.limits import check_values
from sgstudio.games.snim.subtraction import kernels
from sgstudio.games.snim.subtraction.sets import NamedSet, finite_members, resolve

Progress = Callable[[int, int], object]
SetSpec = str | NamedSet | Iterable[int]

METHODS = ("python", "plain", "blocked", "classes")
PYTHON_MOVES = 200_000  # up to this many moves in all, pure Python beats loading numba
CHUNK_SECONDS = 0.2  # aim for a progress report about this often
LEVEL_BUDGET = 512 << 20  # bytes the class bitsets may take before the blocked kernel takes over
SUPER_BLOCK = 16384  # positions per parallel step of the blocked kernel (fewer when values are large)

# Seconds per unit, measured on the development machine (one core; benchmarks/bench_subtraction.py)
_SECONDS_PER_MOVE = {"python": 1e-7, "plain": 1.1e-9, "blocked": 0.8e-9}
_BLOCKED_PER_POSITION = 4e-8  # mex, clearing and chunk bookkeeping of the blocked kernel
_SECONDS_PER_WORD = 0.33e-9  # one 64-bit word of the class bitset test
_LOAD_SECONDS = {"plain": 0.05, "blocked": 0.25, "classes": 0.05}  # blocked: + OpenMP's threads


def members_below(spec: SetSpec, n: int) -> np.ndarray:
    """The members of S that are < n (the only ones that matter for g(0..n-1)), ascending int64.

    ``spec`` is a set name (``"squares"``), a :class:`NamedSet`, or the members of a finite set.

    >>> members_below("triangular", 11).tolist(), members_below([9, 2, 30], 11).tolist()
    ([1, 3, 6, 10], [2, 9])
    """
    if isinstance(spec, str):
        spec = resolve(spec)
    members = spec.members(n - 1) if isinstance(spec, NamedSet) else finite_members(spec)
    return members[members < n]


def moves_count(members: np.ndarray, n: int) -> int:
    """How many (position, move) pairs g(0..n-1) looks at: the sum over s of n - s.

    >>> moves_count(np.array([1, 4]), 6)
    7
    """
    return int((n - members[members < n]).sum())


def estimated_seconds(members: np.ndarray, n: int) -> dict[str, float]:
    """Each method's estimated time for g(0..n-1), from per-move, per-position and per-word costs.

    The class bitsets pay n^2/128 words for the tests that fail (at the mex's class, every word up
    to x) and about 16 words for each class below it, where the number of classes is guessed as
    min(|S|, 64): a sparse S with many values (squares) is thus left to the blocked kernel.
    """
    return _method_seconds(moves_count(members, n), int(members.size), n)


def _method_seconds(moves: float, size: int, n: int) -> dict[str, float]:
    """:func:`estimated_seconds` from the number of moves and of members below n."""
    threads = kernels.threads() if moves > PYTHON_MOVES else 1
    classes_below = min(size, 64)
    costs = {
        "python": moves * _SECONDS_PER_MOVE["python"],
        "plain": moves * _SECONDS_PER_MOVE["plain"],
        "blocked": moves * _SECONDS_PER_MOVE["blocked"] / threads + n * _BLOCKED_PER_POSITION,
        "classes": (n * n / 128 + 16 * classes_below * n) * _SECONDS_PER_WORD,
    }
    for method, seconds in _LOAD_SECONDS.items():  # loading a kernel from numba's cache
        costs[method] += 0 if kernels.loaded(method) else seconds
    return costs


ESTIMATE_UP_TO = 1 << 24
"""The members of a named set are listed this far for an estimate; beyond, their count is extrapolated."""


def estimated_total(spec: SetSpec, n: int) -> float:
    """About how many seconds g(0..n-1) takes by the method :func:`choose_method` would pick (the
    cheapest compiled one; the same per-move and per-word costs). A named set's members beyond
    :data:`ESTIMATE_UP_TO` are not listed (a sieve to 2^28 alone takes seconds): their count is
    extrapolated from its growth over the last doubling below (primes ~ x / ln x, squares ~ sqrt x).

    >>> round(estimated_total("primes", 10**7) / 60)   # minutes: the class bitsets
    4
    >>> estimated_total("squares", 2**28) > 600, estimated_total([1, 2], 1000) < 1
    (True, True)
    """
    n = int(n)
    if isinstance(spec, str):
        spec = resolve(spec)
    if not isinstance(spec, NamedSet):
        costs = estimated_seconds(members_below(spec, n), n)
    elif n <= ESTIMATE_UP_TO:
        members = _listed(spec, n)
        costs = estimated_seconds(members[members < n], n)
    else:
        m = ESTIMATE_UP_TO
        members = _listed(spec, m)
        half = max(1, int((members < m // 2).sum()))
        growth = min(1.0, max(0.0, float(np.log2(max(1, members.size) / half))))
        scale = n / m
        costs = _method_seconds(moves_count(members, m) * scale ** (1 + growth),
                                int(members.size * scale ** growth), n)
    del costs["python"]
    return min(costs.values())


_LISTED: dict[str, tuple[int, np.ndarray]] = {}


def _listed(spec: NamedSet, n: int) -> np.ndarray:
    """The members of ``spec`` below ``n`` at least (n <= ESTIMATE_UP_TO), kept for the next estimate
    (a search for the size that fits asks for many)."""
    limit, members = _LISTED.get(spec.name, (0, np.zeros(0, np.int64)))
    if limit < n:
        limit = min(ESTIMATE_UP_TO, max(n, 2 * limit, 1 << 16))
        members = members_below(spec, limit)
        _LISTED[spec.name] = (limit, members)
    return members


def choose_method(members: np.ndarray, n: int) -> str:
    """``"python"`` for tiny jobs (no numba to load), else the compiled method estimated fastest.

    >>> choose_method(members_below("squares", 10**6), 10**6), choose_method(np.array([1, 2]), 10)
    ('blocked', 'python')
    >>> choose_method(members_below("primes", 10**6), 10**6)
    'classes'
    """
    if moves_count(members, n) <= PYTHON_MOVES:
        return "python"
    costs = estimated_seconds(members, n)
    del costs["python"]
    return min(costs, key=costs.get)


def values(spec: SetSpec, n: int, progress: Progress | None = None, *, method: str = "auto",
           known: np.ndarray | None = None) -> np.ndarray:
    """g(0), ..., g(n - 1) of the subtraction game with set ``spec`` (a name or the members).

    Parameters
    ----------
    spec : str, NamedSet or iterable of int
        ``"squares"``, ``"primes"``, ``"fibonacci"``, ``"triangular"``, ``"factorials"``, or the
        members of a finite set.
    n : int
        How many values (n >= 0).
    progress : callable, optional
        ``progress(done, n)`` after each chunk; it may raise to cancel (the exception propagates).
    method : str
        ``"auto"`` (the cheapest by :func:`choose_method`) or one of :data:`METHODS`.
    known : numpy.ndarray, optional
        g(0), ..., g(k - 1) already computed (k <= n) for this same set: the values go on from k.

    Returns
    -------
    numpy.ndarray
        uint16 when every value fits (values are at most |S|), else uint32.

    >>> values("primes", 10).tolist() == values("primes", 10, method="classes").tolist()
    True
    """
    n = int(n)
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    members = members_below(spec, n)
    check_values(n, 2 * np.dtype(value_dtype(members.size)).itemsize, "values",
                 "ask for fewer values (a smaller N or --max)")
    g = np.zeros(n, value_dtype(members.size))
    start = 0 if known is None else min(n, len(known))
    g[:start] = 0 if known is None else known[:start]
    chosen = choose_method(members, n) if method == "auto" else method
    if chosen not in METHODS:
        raise ValueError(f"unknown method {method!r}: use 'auto' or one of {', '.join(METHODS)}")
    _Filler(g, members.astype(np.uint64), chosen, progress).run(start)
    return g


class ValueTable:
    """The values of one set's game, computed once and extended when more are asked for.

    The shape a rule table's values engine takes (``engine.values(n, progress=None)``): the rule
    family ``subtract:NAME`` is ``ValueTable(NAME, rule=its Rule)`` (``rule`` is kept for the
    take-and-break code, which reads ``table.rule``; this class does not use it).

    >>> table = ValueTable("fibonacci")
    >>> table.values(10).tolist(), table.computed >= 10
    ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], True)
    """

    def __init__(self, spec: SetSpec, *, limit: int | None = None, rule: object = None) -> None:
        self.spec = resolve(spec) if isinstance(spec, str) else spec
        self.limit = limit  # never compute more values than this (growth stops there)
        self.rule = rule
        self._g = np.zeros(0, np.uint16)
        self._reached = 0

    @property
    def computed(self) -> int:
        """How many values are known so far."""
        return int(self._g.size)

    def seconds_to(self, n: int) -> float:
        """About how many seconds :meth:`values` takes to reach g(n - 1) from here
        (:func:`estimated_total`, less what is known)."""
        reached = max(self._g.size, self._reached)  # during values(): as far as its chunks went
        if n <= reached:
            return 0.0
        known = estimated_total(self.spec, reached) if reached else 0.0
        return max(0.0, estimated_total(self.spec, n) - known)

    def values(self, n: int, progress: Progress | None = None) -> np.ndarray:
        """g(0..n-1) as a read-only view; computes only what is not known yet (at least doubling
        the table, so that growing requests cost O(total) in all)."""
        if n > self._g.size:
            grown = max(n, min(2 * self._g.size, n + (1 << 26)))
            grown = max(n, min(grown, self.limit or grown))

            def heard(done: int, total: int) -> None:
                self._reached = done
                if progress is not None:
                    progress(done, total)

            try:
                self._g = values(self.spec, grown, heard, known=self._g)
            finally:
                self._reached = 0
        view = self._g[:n]
        view.flags.writeable = False
        return view


def value_dtype(count: int) -> type:
    """uint16 when every value of a game with ``count`` members fits (a value is at most the number
    of moves), else uint32.

    >>> value_dtype(65534).__name__, value_dtype(65535).__name__
    ('uint16', 'uint32')
    """
    return np.uint16 if count < 0xFFFF else np.uint32


class _Filler:
    """Fills g chunk by chunk with one method, reporting progress between chunks."""

    def __init__(self, g: np.ndarray, s: np.ndarray, method: str, progress: Progress | None) -> None:
        self.g, self.s, self.method, self.progress = g, s, method, progress
        self.marks = np.zeros((0, 0), np.uint8)
        self.count = 0
        self.srev = _reflected(s, g.size) if method == "classes" else np.zeros(1, np.uint64)
        self.levels = np.zeros((0, self.srev.size - 1), np.uint64)

    def run(self, done: int = 0) -> None:
        n, chunk = self.g.size, 1 << 14
        if self.method == "classes" and done:
            self._adopt_classes(done)
        while done < n:
            end = min(n, done + chunk)
            began = time.perf_counter()
            self._fill(done, end)
            spent = time.perf_counter() - began
            done = end
            if self.progress is not None:
                self.progress(done, n)
            chunk = int(min(max(chunk * min(4.0, CHUNK_SECONDS / max(spent, 1e-4)), 1 << 12), 1 << 26))

    def _fill(self, start: int, end: int) -> None:
        x = start
        while x < end:
            if self.method == "python":
                x = _fill_python(self.g, x, end, self.s)
            elif self.method == "plain":
                kernels.kernel("plain")(self.g, x, end, self.s[self.s < end])
                x = end
            elif self.method == "blocked":
                x = self._blocked(x, end)
            else:
                x = self._classes(x, end)

    def _blocked(self, start: int, end: int) -> int:
        """One call of the blocked kernel, with mark rows wide enough for the values so far (it
        stops early when the values outgrow them; the next call widens them)."""
        top = int(self.g[:start].max()) if start else 0
        if self.marks.shape[1] < top + 66:
            self._widen(top + 66 + 128)  # some room to grow: each widening repeats a super-block
        s = self.s[self.s < end]
        near = int(np.searchsorted(s, self.marks.shape[0]))
        x = int(kernels.kernel("blocked")(self.g, start, end, s, near, self.marks))
        if x == start:  # pragma: no cover - the rows fit the values at the start, so it moves on
            self._widen(2 * self.marks.shape[1])
        return x

    def _widen(self, least: int) -> None:
        width = -(-max(least, 128) // 64) * 64
        depth = max(1024, min(SUPER_BLOCK, (64 << 20) // width))
        self.marks = np.zeros((depth, width), np.uint8)

    def _classes(self, start: int, end: int) -> int:
        if self.count == self.levels.shape[0]:
            rows = max(16, 2 * self.levels.shape[0])
            if rows * self.srev.size * 8 > LEVEL_BUDGET:
                self.method = "blocked"  # too many classes for the bitsets: the rest by blocks
                return start
            grown = np.zeros((rows, self.srev.size - 1), np.uint64)
            grown[: self.count] = self.levels[: self.count]
            self.levels = grown
        x, self.count = kernels.kernel("classes")(self.g, start, end, self.srev, self.levels, self.count)
        return int(x)


    def _adopt_classes(self, known: int) -> None:
        """The class bitsets of the values g[:known] computed before."""
        g = self.g[:known].astype(np.int64)
        self.count = int(g.max()) + 1
        self.levels = np.zeros((max(16, self.count), self.srev.size - 1), np.uint64)
        y = np.arange(known)
        np.bitwise_or.at(self.levels, (g, y >> 6), np.left_shift(np.uint64(1), (y & 63).astype(np.uint64)))


def _reflected(s: np.ndarray, n: int) -> np.ndarray:
    """S as a reflected bitset: bit k set iff N - 1 - k is in S, N = 64 * words, plus a zero word."""
    words = (n + 63) // 64
    bits = np.zeros(64 * (words + 1), np.uint8)
    bits[64 * words - 1 - s.astype(np.int64)] = 1
    return np.packbits(bits, bitorder="little").view(np.uint64)


def _fill_python(g: np.ndarray, start: int, end: int, s: np.ndarray) -> int:
    members = s.tolist()
    for x in range(start, end):
        seen = {int(g[x - m]) for m in members if m <= x}
        v = 0
        while v in seen:
            v += 1
        g[x] = v
    return end


def losing_positions(spec: SetSpec, n: int) -> np.ndarray:
    """The losing positions (g = 0) below n, ascending: Eppstein's "winning set" (the positions
    to move to), by sieving, in O(|losing| * |S|) instead of computing every value.

    >>> losing_positions("primes", 60).tolist()
    [0, 1, 9, 10, 25, 34, 35, 49, 55]
    """
    members = members_below(spec, n)
    if n <= 0:
        return np.zeros(0, np.int64)
    if moves_count(members, n) <= PYTHON_MOVES:
        return np.flatnonzero(values(members, n, method="python") == 0)
    return kernels.kernel("losing")(n, members.astype(np.uint64))
