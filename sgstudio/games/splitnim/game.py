"""Split-nim: take stones from a heap, or split a heap into ``parts`` non-empty heaps.

Theory. A heap is a game: g(n) = mex of g(m) for every m < n (takes) and of g(x1) ^ ... ^ g(xk) for
every split n = x1 + ... + xk, xi >= 1, k = ``parts`` (the k new heaps are a sum of games, whose value
is the XOR of theirs). Several heaps are a sum too: the value of a position is the XOR of its heaps'.

For parts 2 and 3 a closed form of period 2**parts is proven (:mod:`.splitnim_closed`). Other
parts: g comes from a computed table (numba, XOR-set convolutions) of heaps below a limit; a
pattern g(n + p) = g(n) + d is detected and reported with the stretch on which it was verified, but
never used beyond the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

import numpy as np

from sgstudio.core.analysis import Analysis, nim_sum_of, sum_analysis
from sgstudio.core.contract import GameBase, Label
from sgstudio.core.mex import nim_sum
from sgstudio.core.moves import SPLITNIM_SYNTAX, parse_splitnim_move, renumbered_reason
from sgstudio.games.splitnim.closed import certify_closed_form as certify_closed_form
from sgstudio.games.splitnim.closed import closed_form, closed_form_array, closed_form_split
from sgstudio.games.splitnim.closed import xor_sum_parts as xor_sum_parts
from sgstudio.games.splitnim.table import Pattern, compute_table, detect_pattern, table_split

CLOSED_FORM_PARTS = (2, 3)
TABLE_LIMIT = 4096
"""Heaps below this are computed when no closed form is known (about 3 s for parts = 4)."""
TABLE_MEMORY = 1 << 28
"""Bytes the table's split sets may take; a smaller table is used when parts is large."""
MAX_LEGAL_MOVES = 100_000
"""``legal_moves`` enumerates; it refuses positions with more moves than this."""

Move = tuple[int, tuple[int, ...]]
VECTOR_BOUND = 1 << 62
"""Heaps below this have their closed-form values computed as one int64 array."""


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


class SplitNim(GameBase):
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

    syntax, example = SPLITNIM_SYNTAX, "2 -> 2 + 3 + 4"

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

    def moves_to(self, n: int, target: int) -> list[tuple[int, ...]]:
        """What a heap of n can become with value ``target``: every take (the heap left, ``()`` when
        none), then one split (when one exists).

        >>> SplitNim(3).moves_to(9, 12 ^ 9)
        [(5,), (1, 2, 6)]
        """
        found = [(m,) if m else () for m in self.takes_to(n, target)]
        split = self.split_to(n, target)
        return [*found, split] if split is not None else found

    def winning_moves(self, heaps: Sequence[int]) -> list[Move]:
        """Every winning take and one winning split per heap (when one exists), heap by heap.

        A move from a heap of value a wins iff it leaves value a ^ T, T the XOR of all heaps' values.
        """
        return self.moves_to_value(heaps, 0)

    def moves_to_value(self, position: Sequence[int], target: int) -> list[Move]:
        """Every take and one split per heap (when one exists) to a position of value ``target``.

        >>> SplitNim(3).moves_to_value((5, 9), 5)   # value 12: heap 2 from 9 to 0
        [(1, ())]
        """
        values = [self.grundy(h) for h in position]
        return list(self._winning(position, values, nim_sum(values) ^ target))

    def _winning(self, heaps: Sequence[int], values: Sequence[int], total: int) -> Iterator[Move]:
        if total == 0:
            return
        for i, (n, v) in enumerate(zip(heaps, values, strict=True)):
            yield from ((i, after) for after in self.moves_to(n, int(v) ^ total))

    def grundy_many(self, heaps: Sequence[int] | np.ndarray) -> np.ndarray:
        """g of many heaps: an int64 array (closed form vectorised), Python ints for huge heaps.

        >>> SplitNim(3).grundy_many([7, 8, 2**70 + 3]).tolist() == [8, 7, 2**70 + 3]
        True
        """
        arr = np.asarray(heaps, dtype=object if len(heaps) and max(heaps) >= VECTOR_BOUND else np.int64)
        if arr.dtype == object:
            return np.array([self.grundy(int(h)) for h in arr] + [None], dtype=object)[:-1]
        if self.has_closed_form:
            return closed_form_array(arr, self.parts)
        if not arr.size:
            return arr
        top = int(arr.max())
        return self.values(top + 1)[arr] if top >= self.parts else arr.copy()

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

    # -- the game contract (sgstudio.core.contract) ---------------------------------------------
    def has_move(self, position: Sequence[int]) -> bool:
        """Whether a heap is left (every non-empty heap can be taken)."""
        return any(h for h in position)

    def remaining_length(self, position: Sequence[int]) -> int:
        """The stones left (the measure the computer uses to keep a lost game long)."""
        return sum(position)

    def candidate_moves(self, position: Sequence[int], limit: int) -> list[Move]:
        """The first ``limit`` legal moves; for a position too big to enumerate, the bounded set of
        small takes round the heaps (:func:`small_takes`)."""
        try:
            return super().candidate_moves(position, limit)
        except ValueError:
            return list(islice(small_takes(position), limit))

    def move_text(self, move: Move, position: Sequence[int], label: Label = str) -> str:
        """``heap 2: 7 -> 5 (take 2)``, ``heap 1: 9 -> 2 + 3 + 4`` (heaps from 1).

        >>> game = SplitNim(3)
        >>> game.move_text((1, (2, 3, 4)), (4, 9)), game.move_text((0, ()), (4,))
        ('heap 2: 9 -> 2 + 3 + 4', 'heap 1: 4 -> 0 (take 4)')
        """
        i, after = move
        n = int(position[i])
        if len(after) > 1:
            return f"heap {i + 1}: {n} -> " + " + ".join(map(str, after))
        left = after[0] if after else 0
        return f"heap {i + 1}: {n} -> {left} (take {n - left})"

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> Move:
        """The move that ``text`` writes (see :func:`sgstudio.core.moves.parse_splitnim_move`)."""
        return parse_splitnim_move(text, position)

    def people_reason(self, position: Sequence[int], move: tuple, reason: str, label: Label = str) -> str:
        """The refusal with the heap counted from 1."""
        return renumbered_reason(self, position, move, reason)

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each heap's value (with the rule that gives it), the nim-sum, who wins, and every winning
        take and one winning split per heap.

        >>> [m.row() for m in SplitNim(3).analyse((5, 9)).moves]
        ['heap 2: 9 -> 5 (take 4), value 9 -> 5', 'heap 2: 9 -> 1 + 2 + 6, value 9 -> 5']
        """
        heaps = [_heap(h) for h in position]
        values = self.grundy_many(heaps)
        total = nim_sum_of(values)
        return sum_analysis(values, self._winning(heaps, values, total), part="heap",
                            component_of=lambda m: m[0], text=lambda m: self.move_text(m, heaps),
                            detail=lambda i: str(heaps[i]), detail_title="size", total=total,
                            max_moves=max_moves or 200)

    @classmethod
    def from_judge_case(cls, case: object) -> tuple[SplitNim, list[tuple[int, ...]]]:
        """An HDU 5795 test case: heaps split into three parts; one position."""
        return cls(3), [tuple(case.heaps)]  # type: ignore[attr-defined]

    def move_json(self, move: Move) -> dict[str, object]:
        """``{"heap": 1, "after": [2, 3, 4]}``: the heap counted from 1, the heaps it leaves."""
        return {"heap": move[0] + 1, "after": list(move[1])}

    # -- as a component of a sum (sgstudio.games.sum.game) ----------------------------------------------
    def rule_text(self) -> str:
        return f"(split into {self.parts})"

    def game_state(self) -> dict[str, int]:
        return {"parts": self.parts}

    @classmethod
    def from_game_state(cls, state: object) -> SplitNim:
        """``{"parts": 3}``: the number of heaps a split makes, at least 2."""
        from sgstudio.core.readers import read_int

        return cls(read_int(state, "parts", "the number of parts", 2))

    def judge_move_text(self, move: Move) -> str:
        """A take or a split in words, heaps counted from 1.

        >>> game = SplitNim(3)
        >>> [game.judge_move_text(m) for m in ((0, ()), (1, (3,)), (2, (1, 1, 2)))]
        ['heap 1, take all', 'heap 2, leave 3', 'heap 3, split into 1 + 1 + 2']
        """
        i, after = move[0] + 1, move[1]
        if len(after) > 1:
            return f"heap {i}, split into " + " + ".join(map(str, after))
        return f"heap {i}, leave {after[0]}" if after else f"heap {i}, take all"


def small_takes(position: Sequence[int]) -> Iterator[Move]:
    """Positions too big to enumerate: takes of 1, 2, 3, ... stones, round the heaps.

    Taking few stones keeps the game long; splits are left out of this bounded set.

    >>> list(small_takes((2, 0, 1)))
    [(0, (1,)), (2, ()), (0, ())]
    """
    take = 1
    while True:
        found = False
        for i, h in enumerate(position):
            if h >= take:
                found = True
                yield (i, (h - take,) if h > take else ())
        if not found:
            return
        take += 1
