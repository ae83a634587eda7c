"""Heaps of a subtraction game whose set S is infinite (squares, primes, ...) or large: play protocol.

A position is a tuple of heap sizes; a move ``(heap_index, take)`` removes ``take`` stones, a member
of S, from one heap. The position is a sum of one-heap games, so its value is the XOR of the heaps'
Grundy values (Sprague-Grundy) and a move wins iff it leaves XOR 0. Values come from
:func:`sgstudio.games.snim.subtraction.engine.values`, computed up to the largest heap seen so far
and extended (doubling) when a larger heap comes; no period is assumed (none is known for these
sets), so a heap beyond :attr:`SubtractionHeaps.limit` is refused with a clear error.

The game offers the protocol of :mod:`sgstudio.core.play.session` (legal_moves, apply, value, winning_moves),
moves in words (:meth:`~SubtractionHeaps.move_text`, :meth:`~SubtractionHeaps.parse_move`, the
syntax of S-Nim) and the optional hooks ``remaining_length`` (the longest remaining game is
sum(h // min S): taking min S every time is longest, and no move takes less) and
``candidate_moves`` (small takes first, round the heaps: a huge heap has |S ∩ [1, h]| moves).

Examples
--------
>>> game = SubtractionHeaps("squares")
>>> game.grundy_array([2, 5, 13]).tolist()
[0, 0, 1]
>>> game.value((2, 5, 13)), game.winning_moves((2, 5, 13))
(1, [(0, 1), (1, 4), (2, 1)])
>>> game.apply((2, 5, 13), (2, 1))
(2, 5, 12)
>>> game.apply((2, 5, 13), (1, 3))
Traceback (most recent call last):
...
sgstudio.games.snim.subtraction.game.SubtractionHeapsError: take 3 is not in S (the squares 1, 4, 9, 16, ...)
>>> game.move_text((2, 5, 13), (2, 9)), game.parse_move("heap 3 take 9", (2, 5, 13))
('heap 3: take 9 (13 -> 4)', (2, 9))
>>> game.remaining_length((2, 5, 13)), list(game.candidate_moves((2, 5, 13), 4))
(20, [(0, 1), (1, 1), (2, 1), (1, 4)])
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence

import numpy as np

from sgstudio.core.errors import SGStudioError
from sgstudio.games.snim.subtraction.engine import Progress, ValueTable
from sgstudio.games.snim.subtraction.sets import NamedSet, finite_members, resolve

DEFAULT_LIMIT = 1 << 27  # heaps up to this size (134,217,728): 256 MB of uint16 values at most
Move = tuple[int, int]


class SubtractionHeapsError(SGStudioError, ValueError):
    """An illegal move, a heap that is not a non-negative integer, or a heap beyond the limit."""


class SubtractionHeaps:
    """Heaps of the subtraction game with the set ``spec``: a name (``"squares"``) or the members.

    Parameters
    ----------
    spec : str, NamedSet or iterable of int
        The set S (see :mod:`sgstudio.games.snim.subtraction.sets`).
    limit : int
        The largest heap whose value may be computed.
    progress : callable, optional
        Passed to the engine whenever values are computed (it may raise to cancel).
    """

    def __init__(self, spec: str | NamedSet | Iterable[int], *, limit: int = DEFAULT_LIMIT,
                 progress: Progress | None = None) -> None:
        if isinstance(spec, str):
            spec = resolve(spec)
        self.named: NamedSet | None = spec if isinstance(spec, NamedSet) else None
        self._finite = None if self.named else finite_members(spec)
        self.limit = limit
        self.progress = progress
        self._table = ValueTable(self.named if self.named is not None else self._finite, limit=limit + 1)
        self._g = np.zeros(0, np.uint16)
        self._members = np.zeros(0, np.int64)  # the members up to self._bound
        self._bound = 0

    def __repr__(self) -> str:
        return f"SubtractionHeaps({self.describe()!r})"

    def describe(self) -> str:
        """S in words: ``'the squares 1, 4, 9, 16, ...'`` or ``'{2, 5, 7}'``."""
        if self.named is not None:
            return self.named.title
        shown = ", ".join(map(str, self._finite[:8].tolist()))
        return "{" + shown + (", ..." if self._finite.size > 8 else "") + "}"

    # -- values ------------------------------------------------------------------------------
    def _cover(self, heap: int) -> None:
        """Make g(0..heap) known, extending the table by doubling."""
        if heap < self._g.size:
            return
        if heap > self.limit:
            raise SubtractionHeapsError(f"heap {heap:,} is beyond the {self.limit:,} values this game "
                                        "computes (no period is known for this set)")
        self._g = self._table.values(min(self.limit + 1, max(heap + 1, 1024)), self.progress)

    def members(self, limit: int) -> np.ndarray:
        """The members of S that are <= limit, ascending (int64; kept for the largest limit yet)."""
        if limit > self._bound:
            self._bound = max(limit, 2 * self._bound, 1024)
            named = self.named
            self._members = named.members(self._bound) if named else self._finite[self._finite <= self._bound]
        return self._members[: np.searchsorted(self._members, limit, side="right")]

    def grundy(self, heap: int) -> int:
        """g(heap), the Grundy value of one heap.

        >>> SubtractionHeaps("primes").grundy(30)  # A014589(30)
        6
        """
        heap = _as_heap(heap)
        self._cover(heap)
        return int(self._g[heap])

    def grundy_array(self, heaps: Sequence[int] | np.ndarray) -> np.ndarray:
        """g of many heaps at once (int64)."""
        checked = [_as_heap(h) for h in heaps]
        if not checked:
            return np.zeros(0, np.int64)
        self._cover(max(checked))
        return self._g[np.array(checked, np.int64)].astype(np.int64)

    def value(self, position: Sequence[int]) -> int:
        """XOR of the heaps' values; 0 exactly when the player to move loses."""
        return int(np.bitwise_xor.reduce(self.grundy_array(position))) if len(position) else 0

    # -- moves -------------------------------------------------------------------------------
    def _takes(self, heap: int) -> np.ndarray:
        return self.members(heap)

    def legal_moves(self, position: Sequence[int]) -> Sequence[Move]:
        """Every ``(heap_index, take)``, by heap then take; a lazy sequence (a heap of 10^7 has
        3,162 square takes and 664,579 prime ones)."""
        return _Moves([self._takes(_as_heap(h)) for h in position])

    def apply(self, position: Sequence[int], move: Move) -> tuple[int, ...]:
        """The heaps after ``move``; SubtractionHeapsError (a ValueError) saying why it is illegal."""
        heaps = tuple(_as_heap(h) for h in position)
        i, take = move
        if not isinstance(i, int) or not 0 <= i < len(heaps):
            raise SubtractionHeapsError(f"there is no heap {i} (the position has {len(heaps)} heaps)")
        if not self.contains(take):
            raise SubtractionHeapsError(f"take {take} is not in S ({self.describe()})")
        if heaps[i] < take:
            raise SubtractionHeapsError(f"heap {i} has only {heaps[i]} stone{'s' * (heaps[i] != 1)}")
        return (*heaps[:i], heaps[i] - take, *heaps[i + 1 :])

    def contains(self, take: object) -> bool:
        """Whether ``take`` is a member of S."""
        if isinstance(take, bool) or not isinstance(take, int | np.integer) or take < 1:
            return False
        if self.named is not None:
            return self.named.contains(int(take))
        return bool(np.isin(int(take), self._finite))

    def winning_moves(self, position: Sequence[int]) -> list[Move]:
        """Every move to XOR 0, by heap then take: from heap value a, the takes to value a XOR total."""
        vals = self.grundy_array(position)
        total = int(np.bitwise_xor.reduce(vals)) if vals.size else 0
        if total == 0:
            return []
        moves: list[Move] = []
        for i, h in enumerate(position):
            takes = self._takes(int(h))  # g is known up to max(position) already
            hits = takes[self._g[int(h) - takes] == vals[i] ^ total]
            moves += [(i, int(t)) for t in hits.tolist()]
        return moves

    def remaining_length(self, position: Sequence[int]) -> int:
        """The longest remaining game: sum of h // min(S) (always take the smallest member)."""
        smallest = int(self.members(max(position, default=0))[:1].sum()) or None
        if smallest is None:
            return 0
        return sum(_as_heap(h) // smallest for h in position)

    def candidate_moves(self, position: Sequence[int], limit: int) -> list[Move]:
        """At most ``limit`` legal moves: the smallest takes first, round the heaps."""
        takes = [self._takes(_as_heap(h)) for h in position]
        out: list[Move] = []
        for k in range(max((t.size for t in takes), default=0)):
            for i, t in enumerate(takes):
                if k < t.size:
                    out.append((i, int(t[k])))
                    if len(out) >= limit:
                        return out
        return out

    # -- moves in words ----------------------------------------------------------------------
    def move_text(self, position: Sequence[int], move: Move) -> str:
        """``'heap 2: take 9 (13 -> 4)'`` (heaps numbered from 1, as people count)."""
        heap, take = move
        return f"heap {heap + 1}: take {take} ({position[heap]} -> {position[heap] - take})"

    def parse_move(self, text: str, position: Sequence[int]) -> Move:
        """The move written as ``heap 2 take 9``, ``2: take 9`` or ``2 9`` (the S-Nim syntax)."""
        from sgstudio.core.moves import parse_snim_move

        return parse_snim_move(text, position)


class _Moves(Sequence):
    """The legal moves of a position, by heap then take, without listing them all at once."""

    def __init__(self, takes: list[np.ndarray]) -> None:
        self._takes = takes
        self._ends = np.cumsum([t.size for t in takes], dtype=np.int64)

    def __len__(self) -> int:
        return int(self._ends[-1]) if self._ends.size else 0

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        k = operator.index(k)
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError("move index out of range")
        i = int(np.searchsorted(self._ends, k, side="right"))
        before = int(self._ends[i - 1]) if i else 0
        return (i, int(self._takes[i][k - before]))

    def __iter__(self) -> Iterator[Move]:
        for i, t in enumerate(self._takes):
            for take in t.tolist():
                yield (i, take)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


def _as_heap(h: object) -> int:
    try:
        n = operator.index(h)
    except TypeError:
        raise SubtractionHeapsError(f"a heap size must be an integer, got {h!r}") from None
    if n < 0:
        raise SubtractionHeapsError(f"a heap size must be >= 0, got {n}")
    return n
