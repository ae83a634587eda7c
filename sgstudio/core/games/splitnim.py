"""Split-nim: take stones from a heap, or split a heap into ``parts`` non-empty heaps.

Theory. A heap is a game: g(n) = mex of g(m) for every m < n (takes) and of g(x1) ^ ... ^ g(xk) for
every split n = x1 + ... + xk, xi >= 1, k = ``parts`` (the k new heaps are a sum of games, whose value
is the XOR of theirs). Several heaps are a sum too: the value of a position is the XOR of its heaps'.

Closed forms for parts = 2 (Lasker's Nim) and parts = 3 (HDU 5795), with P = 2**parts::

    g(0) = 0;  g(n) = n + 1 if n = P - 1 (mod P);  g(n) = n - 1 if n = 0 (mod P), n > 0;  else g(n) = n.

Proof by induction on n; call the formula f (a bijection swapping P*q + P - 1 and P*q + P).
(a) Every value below f(n) is reached. Takes reach f(0..n-1): all of 0..n-1, except when n = 0 mod P
(then 0..n-2 and n; f(n) = n - 1). When n = P - 1 mod P, the split 1, 2, 4, ..., 2**(k-2),
n + 1 - 2**(k-1) has pairwise disjoint bits and f is the identity on its parts, so it reaches n,
the one value below f(n) = n + 1 that takes miss. (b) No move reaches f(n). Takes cannot (f is
injective). For a split only the residues ri = xi mod P matter: the low bits of the XOR are the XOR of
sigma(ri) (sigma swaps 0 and P - 1, fixes the rest), and the XOR is at most sum f(xi) =
n + sum delta(ri) (delta = +1 at P - 1, -1 at 0), with equality only if no two parts share a bit.
So a tuple of residues is harmless when its low bits differ from those of f(n), or that bound is
below f(n), or it equals f(n) while two sigma(ri) share a bit. :func:`certify_closed_form` checks
that all P**k tuples are harmless, which completes the proof; for parts = 4 the check fails (and
the computed table shows that the formula does too).

Other parts: g comes from a computed table (numba, XOR-set convolutions) of heaps below a limit;
a pattern g(n + p) = g(n) + d is detected and reported with the stretch on which it was verified,
but never used beyond the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from sgstudio.core.games.splitnim_table import Pattern, compute_table, detect_pattern, table_split
from sgstudio.core.mex import nim_sum

CLOSED_FORM_PARTS = (2, 3)
TABLE_LIMIT = 4096
"""Heaps below this are computed when no closed form is known (about 3 s for parts = 4)."""
TABLE_MEMORY = 1 << 28
"""Bytes the table's split sets may take; a smaller table is used when parts is large."""
MAX_LEGAL_MOVES = 100_000
"""``legal_moves`` enumerates; it refuses positions with more moves than this."""

Move = tuple[int, tuple[int, ...]]


# -- closed forms (parts 2 and 3) --------------------------------------------------------------
def closed_form(n: int, parts: int) -> int:
    """g(n) by the closed form of period P = 2**parts (proven for parts 2 and 3 only).

    >>> [closed_form(n, 3) for n in range(6, 10)]
    [6, 8, 7, 9]
    >>> closed_form(10**30 + 3, 2) - 10**30
    4
    """
    period = 1 << parts
    r = n % period
    if r == period - 1:
        return n + 1
    return n - 1 if r == 0 and n > 0 else n


def closed_form_array(heaps: np.ndarray, parts: int) -> np.ndarray:
    """:func:`closed_form` of every entry of an int64 array (entries must stay below 2**63 - 1).

    >>> closed_form_array(np.arange(9), 3).tolist()
    [0, 1, 2, 3, 4, 5, 6, 8, 7]
    """
    mask = (1 << parts) - 1
    low = heaps & mask
    return heaps + (low == mask) - ((low == 0) & (heaps > 0))


def _sigma(r: int, period: int) -> int:
    return period - 1 - r if r in (0, period - 1) else r


def _delta(r: int, period: int) -> int:
    return 1 if r == period - 1 else -1 if r == 0 else 0


def _disjoint(values: Sequence[int]) -> bool:
    seen = 0
    for v in values:
        if seen & v:
            return False
        seen |= v
    return True


def certify_closed_form(parts: int) -> bool:
    """Step (b) of the module's proof: True when no split can reach f(n), for every residue tuple.

    >>> certify_closed_form(2), certify_closed_form(3), certify_closed_form(4)
    (True, True, False)
    """
    period = 1 << parts
    for res in combinations_with_replacement(range(period), parts):
        low = nim_sum(_sigma(r, period) for r in res)
        rn = sum(res) % period
        slack = sum(_delta(r, period) for r in res) - _delta(rn, period)
        if low != _sigma(rn, period) or slack < 0:
            continue
        if slack == 0 and not _disjoint([_sigma(r, period) for r in res]):
            continue
        return False
    return True


@cache
def _residue_index(parts: int) -> dict[tuple[int, int], list[tuple[int, ...]]]:
    """Residue tuples mod P keyed by (XOR of their sigma, their sum mod P)."""
    period = 1 << parts
    index: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for res in combinations_with_replacement(range(period), parts):
        key = (nim_sum(_sigma(r, period) for r in res), sum(res) % period)
        index.setdefault(key, []).append(res)
    return index


def closed_form_split(n: int, target: int, parts: int) -> tuple[int, ...] | None:
    """A split of heap ``n`` whose closed-form value is ``target`` (sorted parts), or None if none exists.

    Constructive, also for huge n: a part is x = P*q + r with f(x) = P*q' + sigma(r), q' = q + delta(r).
    For each residue tuple with the right low bits and the right sum mod P, the q' must have a given
    XOR and a given sum; :func:`xor_sum_parts` decides that exactly and builds them.

    >>> closed_form_split(7, 7, 3)
    (1, 2, 4)
    >>> closed_form_split(9, 9, 3) is None   # g(9) = 9: no move keeps it
    True
    >>> split = closed_form_split(10**30, 12345, 3)
    >>> sum(split) == 10**30 and nim_sum(closed_form(x, 3) for x in split)
    12345
    """
    period = 1 << parts
    for res in _residue_index(parts).get((target % period, n % period), ()):
        rest = n - sum(res)
        if rest < 0:
            continue
        shifts = [_delta(r, period) for r in res]
        need = [r == period - 1 for r in res]
        highs = xor_sum_parts(target // period, rest // period + sum(shifts), need)
        if highs is not None:
            return tuple(sorted(period * (h - d) + r for h, d, r in zip(highs, shifts, res, strict=True)))
    return None


def xor_sum_parts(xor: int, total: int, need: Sequence[bool]) -> list[int] | None:
    """len(need) numbers >= 0 (>= 1 where need is True) with the given XOR and sum, or None.

    Digit DP from the lowest bit: c numbers have a 1 at bit b, c has the parity of the XOR's bit and
    c + carry that of the sum's bit; the state is (carry, how many needed numbers are non-zero so
    far, capped). The ones of each bit go first to needed numbers that are still zero.

    >>> xor_sum_parts(1, 7, [False, False, False])
    [3, 3, 1]
    >>> xor_sum_parts(3, 4, [False, False]) is None   # a ^ b = 3 forces a + b odd
    True
    """
    k, wanted = len(need), sum(need)
    if total < 0 or xor > total:
        return None
    layers: list[dict[tuple[int, int], tuple[int, int, int]]] = []
    states = {(0, 0)}
    for b in range(total.bit_length()):
        xb, sb = (xor >> b) & 1, (total >> b) & 1
        layer: dict[tuple[int, int], tuple[int, int, int]] = {}
        for carry, cov in states:
            for c in range(xb, k + 1, 2):
                if (c + carry) & 1 == sb:
                    layer.setdefault(((c + carry) >> 1, min(wanted, cov + c)), (carry, cov, c))
        layers.append(layer)
        states = set(layer)
    if (0, wanted) not in states:
        return None
    counts, state = [], (0, wanted)
    for layer in reversed(layers):
        carry, cov, c = layer[state]
        counts.append(c)
        state = (carry, cov)
    values = [0] * k
    for b, c in enumerate(reversed(counts)):
        order = sorted(range(k), key=lambda i: not (need[i] and values[i] == 0))
        for i in order[:c]:
            values[i] |= 1 << b
    return values


_TABLES: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # parts -> the largest table computed so far


def _heap(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
        raise ValueError(f"a heap size must be a non-negative integer, not {n!r}")
    return int(n)


def _splits(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every split of n into k non-empty heaps, as non-decreasing tuples in lexicographic order."""
    if n < k:
        return
    parts = [1] * (k - 1) + [n - k + 1]
    while True:
        yield tuple(parts)
        for i in range(k - 2, -1, -1):  # the rightmost part that can grow (all after it follow)
            v = parts[i] + 1
            last = n - sum(parts[:i]) - v * (k - 1 - i)
            if last >= v:
                parts[i:] = [v] * (k - 1 - i) + [last]
                break
        else:
            return


def _take_refused(n: int, left: object) -> str:
    """Why a take from a heap of ``n`` stones may not leave ``left`` stones, in words.

    >>> _take_refused(13, 13)
    'a take must leave fewer stones than the heap has: 0..12, not 13'
    >>> _take_refused(9, 0)
    'taking every stone removes the heap: take 9 (all), it does not leave an empty heap'
    """
    if left == 0:
        return f"taking every stone removes the heap: take {n} (all), it does not leave an empty heap"
    return f"a take must leave fewer stones than the heap has: 0..{n - 1}, not {left!r}"


class SplitNim:
    """Heaps; a move takes stones from one heap or splits one heap into ``parts`` non-empty heaps.

    A position is a tuple of heap sizes; a move is ``(heap_index, after)`` where ``after`` is the tuple
    of non-empty heaps replacing the heap: ``()`` or ``(m,)`` for a take, ``parts`` heaps for a split.

    Examples
    --------
    >>> game = SplitNim(3)
    >>> [game.grundy(n) for n in (7, 8, 10**30 + 7)] == [8, 7, 10**30 + 8]
    True
    >>> game.value((4, 4)), game.value((1, 2, 4))
    (0, 7)
    >>> game.winning_moves((5, 9))
    [(1, (5,)), (1, (1, 2, 6))]
    >>> game.apply((5, 9), (1, (1, 2, 6)))
    (5, 1, 2, 6)
    """

    def __init__(self, parts: int = 3) -> None:
        if isinstance(parts, bool) or not isinstance(parts, int) or parts < 2:
            raise ValueError(f"parts must be an integer >= 2, not {parts!r}")
        self.parts = parts

    def __repr__(self) -> str:
        return f"SplitNim(parts={self.parts})"

    @property
    def has_closed_form(self) -> bool:
        """True for parts 2 and 3, whose closed form is proven (module docstring)."""
        return self.parts in CLOSED_FORM_PARTS

    # -- values ------------------------------------------------------------------------------
    def grundy(self, n: int) -> int:
        """g(n): the closed form for parts 2 and 3 (any n), else the computed table (ValueError beyond)."""
        n = _heap(n)
        if self.has_closed_form:
            return closed_form(n, self.parts)
        if n < self.parts:  # no split possible: takes alone give mex(0..n-1) = n
            return n
        return int(self._table_upto(n)[0][n])

    def values(self, count: int) -> np.ndarray:
        """g(0..count-1) as an int64 array.

        >>> SplitNim(2).values(9).tolist()
        [0, 1, 2, 4, 3, 5, 6, 8, 7]
        """
        if self.has_closed_form:
            return closed_form_array(np.arange(count, dtype=np.int64), self.parts)
        if count <= self.parts:
            return np.arange(count, dtype=np.int64)
        return self._table_upto(count - 1)[0][:count].copy()

    def table_limit(self) -> int:
        """Heaps below this can be computed (smaller than TABLE_LIMIT when the sets would not fit)."""
        limit = TABLE_LIMIT
        while limit and max(self.parts - 2, 0) * limit * max(1, limit // 32) * 8 > TABLE_MEMORY:
            limit //= 2
        return limit

    def _table_upto(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """The shared table of this ``parts``, grown (by powers of two) to cover heap n."""
        table = _TABLES.get(self.parts)
        if table is not None and len(table[0]) > n:
            return table
        limit = self.table_limit()
        if n >= limit:
            raise ValueError(self._beyond_message(n, limit))
        table = _TABLES[self.parts] = compute_table(self.parts, min(limit, max(256, 1 << n.bit_length())))
        return table

    def _beyond_message(self, n: int, limit: int) -> str:
        text = (f"g({n}) for parts={self.parts} needs the computed table, which covers heaps below "
                f"{limit} only (a closed form is proven for parts 2 and 3)")
        found = detect_pattern(_TABLES[self.parts][0]) if self.parts in _TABLES else None
        return text + (f"; the table shows {found.describe()}" if found else "")

    def pattern(self, count: int = 1024) -> Pattern | None:
        """The closed form's period (proven) or a pattern seen in a table of ``count`` heaps (or None).

        >>> SplitNim(3).pattern().describe()
        'g(n + 8) = g(n) + 8 for all n >= 1 (proven)'
        """
        if self.has_closed_form:
            return Pattern(1, 1 << self.parts, 1 << self.parts)
        count = min(count, self.table_limit())
        return detect_pattern(self._table_upto(count - 1)[0][:count]) if count > 8 else None

    def explain(self, n: int) -> str:
        """Why g(n) is what it is, in words (the rule and the residue class that applies).

        >>> SplitNim(3).explain(9)
        'n = 9 ≡ 1 (mod 8): g = n = 9'
        >>> SplitNim(2).explain(8)
        'n = 8 ≡ 0 (mod 4), n > 0: g = n − 1 = 7'
        """
        n = _heap(n)
        if not self.has_closed_form:
            if n < self.parts:
                return f"n = {n} < {self.parts}: no split is possible, so g = mex(0..n-1) = n = {n}"
            return (f"g({n}) = {self.grundy(n)}: the mex over the {n} takes and all splits "
                    f"into {self.parts} heaps (computed table)")
        period, g = 1 << self.parts, closed_form(n, self.parts)
        if n == 0:
            return "n = 0: no move, so g = 0"
        r = n % period
        if r == period - 1:
            return f"n = {n} ≡ {r} (mod {period}): g = n + 1 = {g}"
        if r == 0:
            return f"n = {n} ≡ 0 (mod {period}), n > 0: g = n − 1 = {g}"
        return f"n = {n} ≡ {r} (mod {period}): g = n = {g}"

    # -- moves -------------------------------------------------------------------------------
    def split_to(self, n: int, target: int) -> tuple[int, ...] | None:
        """One split of heap n into ``parts`` heaps whose values XOR to ``target`` (sorted), or None.

        >>> SplitNim(3).split_to(10**9, 3)
        (6, 499999994, 500000000)
        >>> SplitNim(3).split_to(9, 9) is None   # g(9) = 9, and no move keeps a value
        True
        """
        n = _heap(n)
        if n < self.parts:
            return None
        if self.has_closed_form:
            return closed_form_split(n, target, self.parts)
        values, sets = self._table_upto(n)
        return table_split(values, sets, self.parts, n, target)

    def takes_to(self, n: int, target: int) -> list[int]:
        """Every heap size m < n with g(m) = target (what a take from n can leave)."""
        n = _heap(n)
        if self.has_closed_form:  # f is an involution: its only preimage of target is f(target)
            m = closed_form(target, self.parts)
            return [m] if m < n else []
        if n <= self.parts:
            return [target] if target < n else []
        return np.flatnonzero(self._table_upto(n)[0][:n] == target).tolist()

    def winning_moves(self, heaps: Sequence[int]) -> list[Move]:
        """Every winning take and one winning split per heap (when one exists), heap by heap.

        A move from a heap of value a wins iff it leaves value a ^ T, T the XOR of all heaps' values.
        """
        values = [self.grundy(h) for h in heaps]
        total = nim_sum(values)
        if total == 0:
            return []
        moves: list[Move] = []
        for i, (n, v) in enumerate(zip(heaps, values, strict=True)):
            moves.extend((i, (m,) if m else ()) for m in self.takes_to(n, v ^ total))
            split = self.split_to(n, v ^ total)
            if split is not None:
                moves.append((i, split))
        return moves

    def value(self, position: Sequence[int]) -> int:
        """XOR of the heaps' values: 0 exactly when the player to move loses."""
        return nim_sum(self.grundy(h) for h in position)

    def legal_moves(self, position: Sequence[int]) -> list[Move]:
        """Every move (takes leaving 0..n-1, then splits as non-decreasing tuples), heap by heap.

        This enumerates, so it raises ValueError when there are more than MAX_LEGAL_MOVES moves
        (a heap of 100,000 stones, or of about 1,100 with parts = 3); use :meth:`winning_moves` then.

        >>> SplitNim(3).legal_moves((4,))
        [(0, ()), (0, (1,)), (0, (2,)), (0, (3,)), (0, (1, 1, 2))]
        """
        moves: list[Move] = []
        for i, n in enumerate(position):
            n = _heap(n)
            if len(moves) + n > MAX_LEGAL_MOVES:
                raise ValueError(self._too_many())
            moves.extend((i, (m,) if m else ()) for m in range(n))
            for split in _splits(n, self.parts):
                moves.append((i, split))
                if len(moves) > MAX_LEGAL_MOVES:
                    raise ValueError(self._too_many())
        return moves

    @staticmethod
    def _too_many() -> str:
        return f"the position has more than {MAX_LEGAL_MOVES} legal moves; legal_moves enumerates them all"

    def apply(self, position: Sequence[int], move: Move) -> tuple[int, ...]:
        """The position after ``move``; ValueError with a one-line reason when it is illegal."""
        heaps = tuple(position)
        try:
            i, after = move
            after = tuple(after)
        except (TypeError, ValueError):
            raise ValueError(f"a move is (heap_index, after), not {move!r}") from None
        if not isinstance(i, int) or not 0 <= i < len(heaps):
            raise ValueError(f"there is no heap {i!r}: the position has {len(heaps)} heaps")
        n = heaps[i]
        if len(after) <= 1:
            if n == 0:
                raise ValueError(f"heap {i} is empty: nothing to take")
            if after and not (isinstance(after[0], int) and 0 < after[0] < n):
                raise ValueError(_take_refused(n, after[0]))
        elif len(after) != self.parts or any(not isinstance(p, int) or p < 1 for p in after):
            raise ValueError(f"a split needs {self.parts} non-empty heaps")
        elif sum(after) != n:
            raise ValueError(f"parts must sum to {n}")
        return heaps[:i] + after + heaps[i + 1:]
