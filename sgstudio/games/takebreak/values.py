"""g(0..n-1) of a take-and-break rule, grown on demand, cancellable, with progress.

:class:`ValueTable` runs the plain kernel (the definition, split sets as bitsets) on the first
:data:`SPARSE_FROM` heaps. For rules whose moves leave at most two heaps, with a finite set of
two-heap removals, it then picks the bit mask that makes the fewest heaps rare on those values
(:func:`best_mask`, a Walsh-Hadamard transform of their histogram) and, when few enough are, goes
on by the sparse-space method; the kernel revises the mask over all heaps as it goes (see
:func:`sgstudio.games.takebreak.kernels._pairs_py`). Both methods give exactly the values of
the definition (see :mod:`sgstudio.games.takebreak.kernels`); the tests check that against a
naive mex over all options.

For a rule the octal periodicity theorem applies to, the table looks for its certificate as it
grows (:meth:`ValueTable._certify`, linear in the table): whenever it has grown by a quarter, and
at once at the length where a run already seen would certify; once certified, further values are
copied through the period.

Work is done in chunks of about :data:`CHUNK_SECONDS` (sized by the work a heap costs, removals
included, and by the time the last chunk took), with a progress report between two, so that a
cancel is heard within a fraction of a second whatever the rule.

Examples
--------
>>> from sgstudio.games.takebreak.parse import parse_rule
>>> ValueTable(parse_rule("0.77")).values(12).tolist()      # Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> ValueTable(parse_rule("grundy")).values(10).tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from sgstudio.core.errors import SGStudioError
from sgstudio.core.limits import check_values
from sgstudio.games.takebreak import kernels
from sgstudio.games.takebreak.families import FAMILIES
from sgstudio.games.takebreak.kernels import jit_loaded, kernel
from sgstudio.games.takebreak.rules import Rule

Progress = Callable[[int, int], object]

CHUNK = 1 << 16
"""At most this many heaps are computed between two progress reports (each report may cancel)."""
CHUNK_SECONDS = 0.15
"""About this long between two progress reports: chunks are sized by the work a heap costs (the
kernels' inner steps, removals included) and the steps a second the last chunks went."""
STEPS_PER_SECOND = 1e9
"""The first guess of the kernels' speed, before a chunk was timed."""
SPARSE_FROM = 2048
"""Heaps computed by the plain kernel before the sparse-space method is considered."""
PYTHON_WORK = 150_000
"""Estimated inner steps below which a job runs the kernel's Python source (no JIT to load)."""
TABLE_MEMORY = 1 << 31
"""Bytes the plain kernel's split-set tables may take."""
MAX_SPARSE_REMOVALS = 64
SPARSE_GAIN = 20
"""About how much cheaper a pair is to search (vectorised) than to stamp."""
LEAD = 16
"""Pairs stamped at most before the search, per possible value (the kernel's ``lead``)."""
LEAD_SPARSE = 4
SEARCH_FACTOR = 16
"""The pairs kernel searches at most this many times the pairs it would otherwise stamp."""
NARROW_TOP = 1 << 16
"""The pairs kernel's copies of g are uint16 while the values' range (64 * words) is at most this."""
MAX_RARE_SHARE = 0.2
"""The sparse-space method is used while at most this share of the recent heaps is rare."""
RARE_LIST = 1024
"""Room in the rare list at first (it doubles when full)."""
FIRST_CHECK = 256
"""The table's first look for a certified period (then as it grows, see :meth:`ValueTable._certify`)."""


class TakeBreakError(SGStudioError, ValueError):
    """A take-and-break computation that cannot be done (too large, or a bad heap or move)."""


def parity(values: np.ndarray) -> np.ndarray:
    """popcount(v) & 1 of every entry of a uint64 array.

    >>> parity(np.array([0, 1, 3, 7], np.uint64)).tolist()
    [0, 1, 0, 1]
    """
    x = values.astype(np.uint64, copy=True)
    for shift in (32, 16, 8, 4, 2, 1):
        x ^= x >> np.uint64(shift)
    return (x & np.uint64(1)).astype(np.int64)


def heap_classes(values: np.ndarray, positions: np.ndarray, mask: int, twist: int,
                 rpb: int = 0) -> np.ndarray:
    """The class of each heap (0: rare): parity(g & mask), XOR the heap's parity (n ^ rpb) when
    ``twist`` (see :func:`sgstudio.games.takebreak.kernels._heap_class_py`).

    >>> heap_classes(np.array([1, 2, 3]), np.arange(1, 4), 0b11, 0).tolist()
    [1, 1, 0]
    """
    twisted = twist & ((positions ^ (rpb & 1)) & 1)
    return parity(values.astype(np.uint64) & np.uint64(mask & 0xFFFFFFFFFFFFFFFF)) ^ twisted


def histogram(values: np.ndarray, positions: np.ndarray, rpb: int, size: int) -> np.ndarray:
    """Heaps counted by (value << 1 | heap parity), the heap parity being (n ^ rpb) & 1.

    >>> histogram(np.array([0, 1, 1]), np.arange(1, 4), 0, 4).tolist()
    [0, 1, 1, 1]
    """
    index = (values.astype(np.int64) << 1) | ((positions ^ (rpb & 1)) & 1)
    return np.bincount(index, minlength=size).astype(np.int64)


def walsh_hadamard(counts: np.ndarray) -> np.ndarray:
    """The Walsh-Hadamard transform: ``H[i] = sum over x of counts[x] * (-1)^popcount(x & i)``.

    >>> walsh_hadamard(np.array([3, 1, 0, 2])).tolist()
    [6, 0, 2, 4]
    """
    h = np.array(counts, np.int64)
    size, half = h.size, 1
    while half < size:
        h = h.reshape(-1, 2, half)
        h = np.stack((h[:, 0] + h[:, 1], h[:, 0] - h[:, 1]), axis=1).reshape(-1)
        half *= 2
    return h


def best_mask(counts: np.ndarray, bits: int, rpb: int) -> tuple[int, int, int]:
    """``(mask, twist, rare)``: the mask over the values' ``bits`` bits (its top bit extended to
    every higher bit) and position bit that make the fewest heaps of ``counts`` (a
    :func:`histogram` of 2^(bits + 1) entries) rare, and how many; the position bit only when the
    split removals share a parity (``rpb`` 0 or 1, not 2). The rare class is always class 0, the
    one closed under XOR (see the kernels' ``_heap_class_py``).

    >>> counts = histogram(np.array([1, 1, 2, 1, 0, 3, 2]), np.arange(1, 8), 2, 8)
    >>> mask, twist, rare = best_mask(counts, 2, 2)
    >>> hex(mask), twist, rare        # the parity of both bits: 0 and 3 are rare
    ('0xffffffffffffffff', 0, 2)
    """
    size = 2 << bits
    transform = walsh_hadamard(counts[:size])
    total = int(transform[0])
    transform[0] = total + 1  # mask 0 makes every heap rare
    if rpb == 2:
        transform[1::2] = total + 1
    best = int(np.argmin(transform))
    mask = best >> 1
    if bits and (mask >> (bits - 1)) & 1:
        mask |= ~((1 << bits) - 1) & 0xFFFFFFFFFFFFFFFF
    return mask, best & 1, (total + int(transform[best])) // 2


class ValueTable:
    """The values of one rule, g(0..n-1), extended on demand (see the module docstring).

    :attr:`method` says how the values are being computed: ``"plain"`` (the definition with split
    sets, any rule), ``"pairs"`` (one- and two-heap rules: the pairs searched, see
    :func:`sgstudio.games.takebreak.kernels._pairs_py`) or ``"sparse"`` (pairs, with the
    sparse-space method: :attr:`mask`, :attr:`twist`, :attr:`rho` and :meth:`rare_heaps`).
    """

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.parts = max(rule.max_parts, 1)
        self.method = "pairs" if self._pairs_possible() else "plain"
        self.period: tuple[int, int] | None = None
        """(n0, p) once the table certifies g(n + p) = g(n) for n >= n0 (then values are copied)."""
        self.certified_at = 0
        """The table's length when :attr:`period` was certified (0: not yet)."""
        self.foreseen: tuple[int, int] | None = None
        """(p, length) after a look that certified nothing but saw a run of period p: the theorem
        certifies it with that many values if the run goes on."""
        self._certifiable = rule.finite and not rule.distinct
        self._checked = 0  # the length of the last look for a certificate, and of the next one
        self._next_check = FIRST_CHECK
        self._decided = self.method == "plain"
        self._g = np.zeros(0, np.uint32)
        self._gp = np.zeros(0, np.uint16)  # the pairs kernel's copy of g, and g reversed: uint16 while
        self._gr = np.zeros(0, np.uint16)  # values fit (its searches go twice as fast), else uint32
        self._n = 0
        self._words = 1
        self._tables = np.zeros((max(self.parts - 1, 1), 0, 1), np.uint64)
        self._prefix = np.zeros((self.parts + 1, 1), np.uint64)
        self._arrays: tuple = ()
        self.rpb = self._removal_parity()
        """The parity every split removal shares (0 or 1; 2 when they differ): the heap's parity then
        takes part in the classes (see the kernels' ``_heap_class_py``)."""
        self._mask = np.zeros(1, np.uint64)
        self._share = 1.0
        self._chunks = 0
        self._search_factor = SEARCH_FACTOR
        self._rate = STEPS_PER_SECOND
        self._rare = np.zeros(RARE_LIST, np.int64)
        self._state = np.zeros(6, np.int64)
        self._hist = np.zeros(128, np.int64)
        self._scratch = np.zeros(128, np.int64)

    def __repr__(self) -> str:
        return f"ValueTable({self.rule.text!r}, computed={self._n}, method={self.method!r})"

    @property
    def computed(self) -> int:
        """How many values are known."""
        return self._n

    @property
    def mask(self) -> int:
        """The sparse-space method's mask (its top bit stands for every higher bit)."""
        return int(self._mask[0])

    @property
    def twist(self) -> int:
        """1 when the heap's parity takes part in the classes (see :attr:`rpb`)."""
        return int(self._state[kernels.TWIST])

    @property
    def rho(self) -> int:
        """The class of the rare heaps in :func:`heap_classes` without ``rpb``: parity(g & mask),
        XOR n's parity when :attr:`twist`, equals it."""
        return self.twist & self.rpb

    @property
    def value_bits(self) -> int:
        """The bit width of the values so far, as the sparse-space method counts it."""
        return int(self._state[kernels.BITS])

    @property
    def mask_switches(self) -> int:
        """How many times the kernel replaced the mask by a better one."""
        return int(self._state[kernels.SWITCHES])

    def rare_count(self) -> int:
        """How many rare heaps are listed (sparse-space method only; 0 otherwise)."""
        return int(self._state[kernels.RARE]) if self.method == "sparse" else 0

    def rare_heaps(self) -> np.ndarray:
        """The rare heaps found so far (sparse-space method only; empty otherwise)."""
        if self.method != "sparse":
            return np.zeros(0, np.int64)
        return self._rare[: int(self._state[kernels.RARE])].copy()

    def values(self, n: int, progress: Progress | None = None) -> np.ndarray:
        """g(0), ..., g(n - 1) as a read-only uint32 array; ``progress(done, n)`` after each chunk
        (it may raise to cancel; the table keeps what it computed)."""
        if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
            raise TakeBreakError(f"the number of values must be a non-negative integer, not {n!r}")
        self.extend(int(n), progress)
        view = self._g[:n]
        view.flags.writeable = False
        return view

    # -- growing --------------------------------------------------------------------------------------
    def extend(self, n: int, progress: Progress | None = None, total: int | None = None,
               until_certified: bool = False) -> None:
        """Make g[:n] known (see :meth:`values`); ``progress(done, total or n)`` after each chunk.
        With ``until_certified`` it stops once the period is certified (a search needs no more)."""
        if n > self._g.size:
            self._room(n)
        while self._n < n:
            if self.period is not None and until_certified:
                break
            if self.period is not None:
                self._reserve(n)
                self._fill_periodic(n)
                break
            end = min(n, self._n + self._chunk())
            if self._certifiable:
                end = min(end, max(self._next_check, self._n + 1))
            if not self._decided:
                if self._n >= SPARSE_FROM:
                    self._decide()
                    continue
                end = min(end, SPARSE_FROM)
            self._reserve(end)
            start = self._n
            began = time.perf_counter()
            reached = self._run(start, end)
            self._timed(start, reached, time.perf_counter() - began)
            if reached < end:
                self._unblock()
            self._n = reached
            if self.method == "sparse" and reached > start:
                self._watch_rare(start, reached)
            if reached == end and self._certifiable and reached >= self._next_check:
                self._certify()
            if progress is not None and reached == end:
                progress(self._n, total or n)

    def _room(self, count: int) -> None:
        """Refuse, in words (:class:`~sgstudio.core.limits.TooLarge`), ``count`` values this process
        has no memory for: checked before the arrays grow, not found by numpy's MemoryError."""
        tables = (self.parts - 1) * self._words * 8 if self.method == "plain" else 0
        check_values(count, 4 + 2 * self._gp.itemsize + tables, f"values of {self.rule.text}",
                     "ask for fewer values (a smaller N or --max)")

    def certify(self) -> tuple[int, int] | None:
        """Look for the certificate on the values computed so far (if not looked at this length);
        the period found, as :attr:`period`."""
        if self._certifiable and self.period is None and self._checked != self._n:
            self._certify()
        return self.period

    def _steps(self, start: int, end: int) -> float:
        """About how many inner steps the kernel takes for heaps start..end-1 (the chunk's work)."""
        _, _, fin_len, any_from = self._arrays or clause_arrays(self.rule, 1, self.parts)
        heaps, mid = end - start, (start + end) / 2
        words, top = self._words, 64 * self._words
        if self.method == "plain":
            per_heap = mid / 2 + top + int(fin_len[1]) + (any_from[1] >= 0) * words
            for j in range(2, self.parts + 1):
                per_heap += (int(fin_len[j]) + (any_from[j] >= 0)) * words
                if j >= 3:
                    per_heap += mid * words * 7
            return heaps * per_heap
        nk = max(1, int(fin_len[2]))
        per_pair = self._lead() + (self.rare_count() if self.method == "sparse" else 0)
        if self.method == "sparse":
            rest = mid / 2 / SPARSE_GAIN  # a search now and then
        else:
            rest = mid / 2 if self._search_factor == 0 else mid / 2 / SPARSE_GAIN * 4
        per_heap = int(fin_len[1]) + (any_from[1] >= 1) * top + nk * (per_pair + rest) + top / 8
        return heaps * per_heap

    def seconds_to(self, n: int) -> float | None:
        """About how many seconds :meth:`values` takes to reach g(n - 1) from here (None: too few values
        known to tell): the kernels' steps (:meth:`_steps`) over the heaps to come, the values' width
        growing as it grew over the last doubling (each bit of width more is a word of the bitsets,
        the cost of rules such as c.0 growing as n^3), at the speed measured on the chunks so far.

        >>> from sgstudio.games.takebreak.parse import parse_rule
        >>> table = ValueTable(parse_rule("c.0"))
        >>> _ = table.values(2048)
        >>> table.seconds_to(10**6) > 10**5     # a day and more: the values grow as n / 2
        True
        """
        done = self._n
        if n <= done:
            return 0.0
        if done < FIRST_CHECK:
            return None
        g = self._g[:done]
        top, half = int(g.max()) + 1, int(g[: done // 2].max()) + 1
        growth = min(2.0, max(0.0, math.log2(top / half)))
        words, steps, start = self._words, 0.0, done
        try:
            while start < n:
                end = min(n, start + max(start // 4, 1024))
                wide = top * ((start + end) / 2 / done) ** growth / 64 + 1
                self._words = max(words, 1 << math.ceil(math.log2(wide)))
                steps += self._steps(start, end)
                start = end
        finally:
            self._words = words
        return float(steps / self._rate)

    def _chunk(self) -> int:
        """Heaps to compute before the next report: about CHUNK_SECONDS of work (so that a cancel
        is heard within a fraction of a second), at most CHUNK, growing with the table early on."""
        budget = self._rate * CHUNK_SECONDS
        most = min(CHUNK, max(SPARSE_FROM, self._n))
        size = most
        while size > 64 and self._steps(self._n, self._n + size) > budget:
            size //= 2
        return max(64, size)

    def _timed(self, start: int, end: int, seconds: float) -> None:
        """Learn the kernels' speed from a chunk (steps a second; only chunks long enough to time)."""
        if seconds > 0.01 and end > start:
            rate = self._steps(start, end) / seconds
            self._rate = max(self._rate / 4, min(self._rate * 4, rate))

    def _certify(self) -> None:
        """Look for the octal periodicity theorem's certificate in the table (see takebreak_period);
        once found, the remaining values follow from the proven period. Otherwise the next look is
        when a run seen now would certify, if that is soon, else when the table has grown by a quarter."""
        parts, t, n = self.parts, self.rule.max_removal or 0, self._n
        self._checked = n
        pmax = max(0, (n - t) // parts)
        fn = kernel("runs", compiled=jit_loaded("runs") or n > 4096)
        p, n0, soon = fn(self._g, n, pmax, parts, t, 0)
        if p:
            self.period, self.certified_at = (int(n0), int(p)), n
            return
        self.foreseen = (int(n0), int(soon)) if soon else None
        grown = n + max(n // 4, 64)
        self._next_check = int(soon) if n < soon < grown else grown

    def _fill_periodic(self, n: int) -> None:
        """g[computed:n] through the certified period: copies of whole periods, doubling (no index
        arrays: 10^8 values cost no more than the values)."""
        n0, p = self.period  # type: ignore[misc]
        g, pos = self._g, self._n
        while pos < n:
            span = (pos - n0) // p * p  # whole periods between n0 and pos (at least one: certified)
            take = min(n - pos, span)
            g[pos : pos + take] = g[pos - span : pos - span + take]
            pos += take
        self._n = n

    def _pairs_possible(self) -> bool:
        rule = self.rule
        if rule.max_parts != 2:
            return False
        two = rule.removals(2)
        return all(c.removals.largest() is not None for c in two) and sum(
            c.removals.below(MAX_SPARSE_REMOVALS + 1).size for c in two) <= MAX_SPARSE_REMOVALS

    def _removal_parity(self) -> int:
        """0 or 1 when every split removal has that parity, else 2 (also for rules without pairs)."""
        if self.method != "pairs":
            return 2
        removals = np.concatenate([c.removals.below(MAX_SPARSE_REMOVALS + 1)
                                   for c in self.rule.removals(2)])
        if removals.size == 0 or np.any(removals % 2 != removals[0] % 2):
            return 2
        return int(removals[0] % 2)

    def _reserve(self, end: int) -> None:
        """Room for heaps below ``end``: the value arrays, the plain kernel's tables, the clause arrays."""
        cap = self._g.size
        if end <= cap:
            return
        cap = max(end, 2 * cap, 64)
        self._room(cap)
        grown = np.zeros(cap, np.uint32)
        grown[: self._n] = self._g[: self._n]
        self._g = grown
        if self.method != "plain":
            self._gp = np.zeros(cap, self._gp.dtype)
            self._gp[: self._n] = self._g[: self._n]
            self._gr = np.zeros(cap, self._gp.dtype)
            self._gr[cap - self._n :] = self._g[: self._n][::-1]
        elif self.parts >= 2:
            need = (self.parts - 1) * cap * self._words * 8
            if need > TABLE_MEMORY:
                raise TakeBreakError(f"{self.rule.text}: {cap:,} values would need {need >> 20:,} MB of "
                                     f"split sets (the limit is {TABLE_MEMORY >> 20:,} MB)")
            tables = np.zeros((self.parts - 1, cap, self._words), np.uint64)
            tables[:, : self._tables.shape[1]] = self._tables
            self._tables = tables
        self._arrays = clause_arrays(self.rule, cap, self.parts)

    def _unblock(self) -> None:
        """The kernel stopped early: a value reached the bitsets' width, or the rare list is full (or
        too short for the list of a new mask)."""
        state = self._state
        if self.method == "sparse" and (state[kernels.PENDING] or state[kernels.RARE] == self._rare.size):
            self._rare = np.concatenate([self._rare, np.zeros(self._rare.size, np.int64)])
            return
        words = 2 * self._words
        if 64 * words > NARROW_TOP and self._gp.dtype == np.uint16:  # values may not fit now
            self._gp, self._gr = self._gp.astype(np.uint32), self._gr.astype(np.uint32)
        tables = np.zeros((self._tables.shape[0], self._tables.shape[1], words), np.uint64)
        tables[:, :, : self._words] = self._tables
        prefix = np.zeros((self._prefix.shape[0], words), np.uint64)
        prefix[:, : self._words] = self._prefix
        self._tables, self._prefix, self._words = tables, prefix, words
        if self._hist.size < 128 * words:
            self._hist = np.concatenate([self._hist, np.zeros(128 * words - self._hist.size, np.int64)])
            self._scratch = np.zeros(self._hist.size, np.int64)

    def _run(self, start: int, end: int) -> int:
        zero_ok, fin, fin_len, any_from = self._arrays
        if self.method == "plain":
            work = (end * end - start * start) / 4 * (1 + (self.parts - 2) * 6 * self._words) + end - start
            fn = kernel("plain", compiled=jit_loaded("plain") or work > PYTHON_WORK)
            return int(fn(self._g, start, end, zero_ok, fin, fin_len, any_from, self.rule.distinct,
                          self._tables, self._prefix, self._words))
        sparse = self.method == "sparse"
        per_heap = (self.rare_count() if sparse else 0) + self._lead() + end / 2
        work = (end - start) * per_heap * max(1, int(fin_len[2]))
        fn = kernel("pairs", compiled=jit_loaded("pairs") or work > PYTHON_WORK)
        self._chunks += 1
        measuring = self._search_factor or self._chunks % 4 == 0
        factor = SEARCH_FACTOR if measuring else 0
        stats = np.zeros(2, np.int64)
        reached = int(fn(self._gp, self._gr, start, end, zero_ok, fin[1, : fin_len[1]], int(any_from[1]),
                         fin[2, : fin_len[2]], self.rule.distinct, sparse, self.rpb, self._mask, self._rare,
                         self._state, self._hist, self._scratch, self._prefix[1], self._words, self._lead(),
                         factor, stats))
        if measuring and stats[0] >= 256:  # searching pays unless most heaps end up stamping all
            self._search_factor = SEARCH_FACTOR if 2 * stats[1] <= stats[0] else 0
        self._g[start:reached] = self._gp[start:reached]
        return reached

    def _lead(self) -> int:
        """Pairs stamped before searching: LEAD (sparse: LEAD_SPARSE) times the range of values."""
        return (LEAD_SPARSE if self.method == "sparse" else LEAD) * 64 * self._words

    # -- the sparse-space method -------------------------------------------------------------------
    def _decide(self) -> None:
        """After the first heaps: use the sparse-space method when a mask makes few heaps rare."""
        self._decided = True
        if self._choose() and self._share <= MAX_RARE_SHARE and self._sparse_pays():
            self.method = "sparse"

    def _sparse_pays(self) -> bool:
        """Whether stamping a pair with every rare heap stays cheap: at most 4 leads, or 1/8 of the heaps."""
        return int(self._state[kernels.RARE]) <= 4 * self._lead() + self._n // 8

    def _choose(self) -> bool:
        """Pick the mask for the heaps so far (:func:`best_mask`), count them by (value, heap parity)
        for the kernel and list the rare ones; False without two-heap moves."""
        fin_len = self._arrays[2]
        if fin_len[2] == 0:
            return False
        heaps = np.arange(1, self._n)
        values = self._g[1 : self._n]
        bits = int(values.max()).bit_length() if values.size else 0
        size = max(128 * self._words, 2 << bits)  # room for any value below the bitsets' width
        self._hist = histogram(values, heaps, self.rpb, size)
        self._scratch = np.zeros(size, np.int64)
        mask, twist, rare = best_mask(self._hist, bits, self.rpb)
        self._mask[0] = mask
        self._state[:] = 0
        self._state[kernels.TWIST], self._state[kernels.BITS] = twist, bits
        self._state[kernels.CHECKED] = self._n
        listed = heaps[heap_classes(values, heaps, mask, twist, self.rpb) == 0]
        self._rare = np.zeros(max(RARE_LIST, 2 * listed.size), np.int64)
        self._rare[: listed.size] = listed
        self._state[kernels.RARE] = listed.size
        self._share = rare / max(1, heaps.size)
        return True

    def _watch_rare(self, start: int, end: int) -> None:
        """Too many rare heaps lately, even with the best mask over all heaps (the kernel keeps it):
        give the sparse-space method up."""
        listed = self._rare[: int(self._state[kernels.RARE])]
        recent = listed.size - int(np.searchsorted(listed, start))
        if recent > MAX_RARE_SHARE * (end - start) or not self._sparse_pays():
            self.method = "pairs"


def clause_arrays(rule: Rule, cap: int, parts: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The kernels' view of a rule for heaps below ``cap``: ``zero_ok[n]`` (n may be removed whole),
    ``fin[j, :fin_len[j]]`` (the finite removals of j-heap clauses, sorted) and ``any_from[j]`` (s when
    every k >= s is allowed, else -1).

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> zero_ok, fin, fin_len, any_from = clause_arrays(parse_rule("0.137"), 6, 2)
    >>> zero_ok.tolist(), fin[1, : fin_len[1]].tolist(), fin[2, : fin_len[2]].tolist(), any_from.tolist()
    ([False, True, True, True, False, False], [2, 3], [3], [-1, -1, -1])
    """
    zero_ok = np.zeros(cap, bool)
    finite: list[set[int]] = [set() for _ in range(parts + 1)]
    any_from = np.full(parts + 1, -1, np.int64)
    for c in rule.clauses:
        start = c.removals.every_from()
        if c.parts == 0:
            zero_ok[c.removals.below(cap)] = True
        elif start is not None:
            any_from[c.parts] = start if any_from[c.parts] < 0 else min(start, int(any_from[c.parts]))
        else:
            finite[c.parts].update(c.removals.below(cap).tolist())
    zero_ok[0] = False
    width = max(1, max(len(f) for f in finite))
    fin = np.zeros((parts + 1, width), np.int64)
    fin_len = np.zeros(parts + 1, np.int64)
    for j, members in enumerate(finite):
        fin[j, : len(members)] = sorted(members)
        fin_len[j] = len(members)
    return zero_ok, fin, fin_len, any_from


def make_table(rule: Rule) -> ValueTable:
    """The values engine of a rule: its family's (see ``FAMILIES``), else the generic ValueTable."""
    family = FAMILIES.get(rule.family)
    engine = family.engine if family is not None and family.engine is not None else ValueTable
    return engine(rule)
