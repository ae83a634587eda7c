"""g(0..n-1) of a take-and-break rule, grown on demand, cancellable, with progress.

:class:`ValueTable` runs the plain kernel (the definition, split sets as bitsets) on the first
:data:`SPARSE_FROM` heaps. For rules whose moves leave at most two heaps, with a finite set of
two-heap removals, it then picks the bit mask that makes the fewest heaps rare on those values
(:func:`choose_mask`) and, when few enough are, goes on by the sparse-space method; after each
chunk it picks a better mask if the rare heaps grow too fast. Both methods give exactly the values
of the definition (see :mod:`sgstudio.core.games.takebreak_kernels`); the tests check that against a
naive mex over all options.

Examples
--------
>>> from sgstudio.core.games.takebreak_rules import parse_rule
>>> ValueTable(parse_rule("0.77")).values(12).tolist()      # Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> ValueTable(parse_rule("grundy")).values(10).tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sgstudio.core.errors import SGStudioError
from sgstudio.core.games.takebreak_families import FAMILIES
from sgstudio.core.games.takebreak_kernels import jit_loaded, kernel
from sgstudio.core.games.takebreak_rules import Rule

Progress = Callable[[int, int], object]

CHUNK = 1 << 16
"""At most this many heaps are computed between two progress reports (each report may cancel)."""
CHUNK_WORK = 1 << 28
"""About this many inner steps (a quarter of a second or so) between two progress reports."""
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


def heap_classes(values: np.ndarray, positions: np.ndarray, mask: int, twist: int) -> np.ndarray:
    """The class (0 or 1) of each heap: parity(g & mask), XOR the heap's parity when ``twist``."""
    return parity(values.astype(np.uint64) & np.uint64(mask)) ^ (twist & (positions & 1))


def choose_mask(values: np.ndarray, positions: np.ndarray,
                twist_allowed: bool) -> tuple[int, int, int, float]:
    """``(mask, twist, rho, share)``: the mask (bits 0..9, the top one extended to all higher bits)
    and twist that make the fewest of these heaps rare, the rare class rho, and the rare share.

    >>> mask, twist, rho, share = choose_mask(np.array([1, 1, 2, 1, 0]), np.arange(5), False)
    >>> hex(mask), twist, rho, share      # only the heap of value 0 is rare
    ('0xffffffffffffffff', 0, 0, 0.2)
    """
    if values.size == 0:
        return 1, 0, 0, 0.0
    bits = min(max(int(values.max()).bit_length(), 1), 10)
    size = 1 << bits
    low = (values & (size - 1)).astype(np.int64)
    high = parity((values >> bits).astype(np.uint64))
    hist = np.zeros((size, 2, 2), np.int64)
    np.add.at(hist, (low, high, positions & 1), 1)
    masks = np.arange(1, size, dtype=np.int64)
    table = parity((np.arange(size)[:, None] & masks[None, :]).astype(np.uint64))  # value x mask
    extended = masks >> (bits - 1) & 1
    best = (values.size + 1, 1, 0, 0)
    for twist in (0, 1) if twist_allowed else (0,):
        ones = np.zeros(masks.size, np.int64)
        for hi in (0, 1):
            for odd in (0, 1):
                cls = table ^ (extended[None, :] * hi) ^ (twist * odd)
                ones += hist[:, hi, odd] @ cls
        zeros = values.size - ones
        for rho, count in ((0, zeros), (1, ones)):
            i = int(np.argmin(count))
            if count[i] < best[0]:
                mask = int(masks[i]) | (~(size - 1) & 0xFFFFFFFFFFFFFFFF if extended[i] else 0)
                best = (int(count[i]), mask, twist, rho)
    return best[1], best[2], best[3], best[0] / values.size


class ValueTable:
    """The values of one rule, g(0..n-1), extended on demand (see the module docstring).

    :attr:`method` says how the values are being computed: ``"plain"`` (the definition with split
    sets, any rule), ``"pairs"`` (one- and two-heap rules: the pairs searched, see
    :func:`sgstudio.core.games.takebreak_kernels._pairs_py`) or ``"sparse"`` (pairs, with the
    sparse-space method: :attr:`mask`, :attr:`twist`, :attr:`rho` and :meth:`rare_heaps`).
    """

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.parts = max(rule.max_parts, 1)
        self.method = "pairs" if self._pairs_possible() else "plain"
        self.period: tuple[int, int] | None = None
        """(n0, p) once the table certifies g(n + p) = g(n) for n >= n0 (then values are copied)."""
        self._certifiable = rule.finite and not rule.distinct
        self._decided = self.method == "plain"
        self._g = np.zeros(0, np.uint32)
        self._gp = np.zeros(0, np.uint16)  # the pairs kernel's copy of g, and g reversed: uint16 while
        self._gr = np.zeros(0, np.uint16)  # values fit (its searches go twice as fast), else uint32
        self._n = 0
        self._words = 1
        self._tables = np.zeros((max(self.parts - 1, 1), 0, 1), np.uint64)
        self._prefix = np.zeros((self.parts + 1, 1), np.uint64)
        self._arrays: tuple = ()
        self.mask = self.twist = self.rho = 0
        self._share = 1.0
        self._chunks = 0
        self._search_factor = SEARCH_FACTOR
        self._rare = np.zeros(1024, np.int64)
        self._state = np.zeros(1, np.int64)

    def __repr__(self) -> str:
        return f"ValueTable({self.rule.text!r}, computed={self._n}, method={self.method!r})"

    @property
    def computed(self) -> int:
        """How many values are known."""
        return self._n

    def rare_heaps(self) -> np.ndarray:
        """The rare heaps found so far (sparse-space method only; empty otherwise)."""
        if self.method != "sparse":
            return np.zeros(0, np.int64)
        return self._rare[: int(self._state[0])].copy()

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
    def extend(self, n: int, progress: Progress | None = None, total: int | None = None) -> None:
        """Make g[:n] known (see :meth:`values`)."""
        while self._n < n:
            if self.period is not None:
                self._reserve(n)
                self._fill_periodic(n)
                break
            end = min(n, self._n + self._chunk())
            if not self._decided:
                if self._n >= SPARSE_FROM:
                    self._decide()
                    continue
                end = min(end, SPARSE_FROM)
            self._reserve(end)
            start = self._n
            reached = self._run(start, end)
            if reached < end:
                self._unblock()
            self._n = reached
            if self.method == "sparse" and reached > start:
                self._watch_rare(start, reached)
            if reached == end and self._certifiable:
                self._certify()
            if progress is not None and reached == end:
                progress(self._n, total or n)

    def _chunk(self) -> int:
        """Heaps to compute before the next report: about CHUNK_WORK steps (so that a cancel is
        heard within a fraction of a second), at most CHUNK, growing with the table early on."""
        if self.method == "sparse":
            per_heap = int(self._state[0]) + self._lead()
        else:
            splits = max(1, self.parts - 1) * (1 + (self.parts > 2) * 6 * self._words)
            per_heap = max(1, self._n // 2) * splits
        return max(64, min(CHUNK, max(SPARSE_FROM, self._n), CHUNK_WORK // per_heap))

    def _certify(self) -> None:
        """Look for the octal periodicity theorem's certificate in the table (see takebreak_period);
        once found, the remaining values follow from the proven period."""
        parts, t = self.parts, self.rule.max_removal or 0
        fn = kernel("first_run", compiled=jit_loaded("first_run") or self._n > 4096)
        p, n0, _ = fn(self._g, self._n, 1, max(0, (self._n - t) // parts), parts, t, 0)
        if p:
            self.period = (int(n0), int(p))

    def _fill_periodic(self, n: int) -> None:
        n0, p = self.period  # type: ignore[misc]
        index = np.arange(self._n, n)
        self._g[self._n : n] = self._g[n0 + (index - n0) % p]
        self._n = n

    def _pairs_possible(self) -> bool:
        rule = self.rule
        if rule.max_parts != 2:
            return False
        two = rule.removals(2)
        return all(c.removals.largest() is not None for c in two) and sum(
            c.removals.below(MAX_SPARSE_REMOVALS + 1).size for c in two) <= MAX_SPARSE_REMOVALS

    def _reserve(self, end: int) -> None:
        """Room for heaps below ``end``: the value arrays, the plain kernel's tables, the clause arrays."""
        cap = self._g.size
        if end <= cap:
            return
        cap = max(end, 2 * cap, 64)
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
        """The kernel stopped early: a value reached the bitsets' width, or the rare list is full."""
        if self.method == "sparse" and self._state[0] == self._rare.size:
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

    def _run(self, start: int, end: int) -> int:
        zero_ok, fin, fin_len, any_from = self._arrays
        if self.method == "plain":
            work = (end * end - start * start) / 4 * (1 + (self.parts - 2) * 6 * self._words) + end - start
            fn = kernel("plain", compiled=jit_loaded("plain") or work > PYTHON_WORK)
            return int(fn(self._g, start, end, zero_ok, fin, fin_len, any_from, self.rule.distinct,
                          self._tables, self._prefix, self._words))
        sparse = self.method == "sparse"
        per_heap = (int(self._state[0]) if sparse else 0) + self._lead() + end / 2
        work = (end - start) * per_heap * max(1, int(fin_len[2]))
        fn = kernel("pairs", compiled=jit_loaded("pairs") or work > PYTHON_WORK)
        self._chunks += 1
        measuring = self._search_factor or self._chunks % 4 == 0
        factor = SEARCH_FACTOR if measuring else 0
        stats = np.zeros(2, np.int64)
        reached = int(fn(self._gp, self._gr, start, end, zero_ok, fin[1, : fin_len[1]], int(any_from[1]),
                         fin[2, : fin_len[2]], self.rule.distinct, sparse, np.uint64(self.mask), self.twist,
                         self.rho, self._rare, self._state, self._prefix[1], self._words, self._lead(),
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
        sample = np.arange(self._n // 2, self._n)
        if self._choose(sample) and self._share <= MAX_RARE_SHARE and self._sparse_pays():
            self.method = "sparse"

    def _sparse_pays(self) -> bool:
        """Whether stamping a pair with every rare heap stays cheap: at most 4 leads, or 1/8 of the heaps."""
        return int(self._state[0]) <= 4 * self._lead() + self._n // 8

    def _choose(self, sample: np.ndarray) -> bool:
        """Pick the mask for the heaps ``sample`` and rebuild the rare list; False without two-heap moves."""
        _, fin, fin_len, _ = self._arrays
        twos = fin[2, : fin_len[2]]
        if twos.size == 0:
            return False
        same_parity = bool(np.all(twos % 2 == twos[0] % 2))
        self.mask, self.twist, self.rho, self._share = choose_mask(self._g[sample], sample, same_parity)
        heaps = np.arange(1, self._n)
        rare = heaps[heap_classes(self._g[1 : self._n], heaps, self.mask, self.twist) == self.rho]
        self._rare = np.zeros(max(1024, 2 * rare.size), np.int64)
        self._rare[: rare.size] = rare
        self._state[0] = rare.size
        return True

    def _watch_rare(self, start: int, end: int) -> None:
        """Too many rare heaps lately: pick the mask again on the heaps just computed, or give up the
        sparse-space method when even that does not pay."""
        before = int(np.searchsorted(self._rare[: int(self._state[0])], start))
        if (int(self._state[0]) - before) <= MAX_RARE_SHARE * (end - start) and self._sparse_pays():
            return
        if end - start >= 1024:
            self._choose(np.arange(start, end))
        if self._share > MAX_RARE_SHARE or not self._sparse_pays():
            self.method = "pairs"


def clause_arrays(rule: Rule, cap: int, parts: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The kernels' view of a rule for heaps below ``cap``: ``zero_ok[n]`` (n may be removed whole),
    ``fin[j, :fin_len[j]]`` (the finite removals of j-heap clauses, sorted) and ``any_from[j]`` (s when
    every k >= s is allowed, else -1).

    >>> from sgstudio.core.games.takebreak_rules import parse_rule
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
