"""S-Nim (subtraction games): Grundy values, certified periods, winning moves.

Theory
------
In the subtraction game with set S a move removes exactly s stones from one heap, for some s in S
with s <= heap. One heap of n stones has g(n) = mex{ g(n - s) : s in S, s <= n }; a position (a tuple
of heaps) is a sum of single heaps, so its value is the XOR of the heaps' values (Sprague-Grundy):
the player to move wins iff the XOR is non-zero. g(n) <= |S| (a mex of at most |S| values).

Periodicity, certified. Let w = max(S) and call W(i) = (g(i), ..., g(i + w - 1)) the window at i.
g(i + w) uses every s in S (all s <= i + w), so it is a fixed function F of W(i), and
W(i + 1) = T(W(i)) for EVERY i >= 0. The windows are the orbit of one map on a finite set, so the
orbit is a "rho": a tail W(0..mu-1) followed by a cycle of length lam. Consequently:

- if g agrees on w consecutive values, W(a) = W(a + p), then W(n) = W(n + p) for all n >= a by
  induction (apply T to both sides), i.e. g(n + p) = g(n) for every n >= a. Agreement of max(S)
  consecutive values is a proof of periodicity, not a guess;
- the smallest period of g is lam: lam is a period, and any period q of g is a period of the windows,
  hence a multiple of the orbit's cycle length lam;
- the preperiod is the same for every period and equals mu (see :meth:`SubtractionGame.period`).

Exact integers everywhere. Heaps and members of S may be of any size (Python ints); numpy holds the
table g(0..n-1) and the members below 2^62 (a table never reaches 2^62 values, so larger members
never apply inside it). A period search is a means, not a requirement: when S's members are huge
compared with a heap, g(h) is computed directly from the few positions h - (sums of members) that
play can reach (:meth:`SubtractionGame.grundy`), and only a heap that is neither in the table, nor
covered by a certified period, nor within the direct budget is refused (PeriodNotFoundError).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from sgstudio.core.analysis import Analysis, sum_analysis
from sgstudio.core.contract import GameBase, Label
from sgstudio.core.errors import SGStudioError, number
from sgstudio.core.moves import SNIM_SYNTAX, parse_snim_move, renumbered_reason
from sgstudio.games.snim.direct import direct_values, reachable_sums
from sgstudio.games.snim.kernels import _dtype_for, _fill, _kernel
from sgstudio.games.snim.kernels import plan as plan  # public: solvers announce their tables
from sgstudio.games.snim.subtraction.certificate import certificate

DEFAULT_LIMIT = 1 << 25  # values the period search may compute before it gives up (33,554,432)
DIRECT = 1 << 16  # heaps below this are answered from a plain table, without a period search
DIRECT_WORK = 1 << 20  # moves a direct evaluation of one huge heap may examine (positions x |S|)
HUGE = 1 << 62  # members of S from here on never apply inside a table
CHUNK = 1 << 20  # values computed between two progress reports

Progress = Callable[[int, int], object]


class SNimError(SGStudioError, ValueError):
    """An invalid subtraction set, move or heap."""


class PeriodNotFoundError(SNimError):
    """No period was certified within ``limit`` computed values."""

    def __init__(self, limit: int, message: str) -> None:
        self.limit = limit
        super().__init__(message)


def _as_count(h: object, what: str = "a heap size", least: int = 0) -> int:
    try:
        n = operator.index(h)
    except TypeError:
        raise SNimError(f"{what} must be an integer, got {h!r}") from None
    if n < least:
        bound = "positive" if least == 1 else f">= {least}"
        raise SNimError(f"{what} must be {bound}, got {number(n)}")
    return n


class SubtractionGame(GameBase):
    """S-Nim with subtraction set S; positions are tuples of heap sizes, moves ``(heap_index, take)``.

    Parameters
    ----------
    S : iterable of int
        The allowed takes, positive; order and duplicates are ignored.
    limit : int, optional
        How many values :meth:`period` may compute before giving up (default ``DEFAULT_LIMIT``).

    Examples
    --------
    >>> game = SubtractionGame([5, 2, 2])
    >>> game.S
    (2, 5)
    >>> game.values(12).tolist()
    [0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0]
    >>> game.period()
    (0, 7)
    >>> game.grundy(10**18), game.value((5, 12)), game.winning_moves((2, 4, 7))
    (0, 0, [(0, 2), (1, 2), (2, 5)])
    """

    syntax, example = SNIM_SYNTAX, "2 take 3"

    def __init__(self, S: Iterable[int], *, limit: int = DEFAULT_LIMIT) -> None:  # noqa: N803
        members = sorted({_as_count(s, "a member of S", least=1) for s in S})
        if not members:
            raise SNimError("S must have at least one member")
        self.S: tuple[int, ...] = tuple(members)
        self.limit = limit
        self._s = np.array([s for s in members if s < HUGE], np.int64)  # what a table can use
        self._g = np.zeros(0, _dtype_for(len(members)))
        self._n = 0
        self._period: tuple[int, int] | None = None
        self._searched = 0  # the largest limit a period search failed within
        self._direct: dict[int, int] = {}  # g of huge heaps computed directly

    def __repr__(self) -> str:
        more = f", ... ({len(self.S)} members)" if len(self.S) > 8 else ""
        return f"SubtractionGame([{', '.join(number(s) for s in self.S[:8])}{more}])"

    def describe_set(self) -> str:
        """S in people's words (a long S cut short), as messages name it.

        >>> SubtractionGame([5, 2]).describe_set(), SubtractionGame(range(1, 21)).describe_set()
        ('S = {2, 5}', 'S = {1, 2, 3, 4, 5, 6, 7, 8, … (20 members)}')
        """
        more = f", … ({len(self.S)} members)" if len(self.S) > 8 else ""
        return "S = {" + ", ".join(number(s) for s in self.S[:8]) + more + "}"

    # -- values ------------------------------------------------------------------------------
    def values(self, n: int) -> np.ndarray:
        """g(0), ..., g(n - 1) as a read-only array of the smallest unsigned dtype holding |S|.

        Computed by a numba kernel (``cache=True``) in O(n |S|): for each n, stamp the values of
        the moves into a scratch array and take the first unstamped value (the mex). Small jobs
        asked before the JIT is loaded run an equivalent numpy loop instead (see ``_fill``).

        >>> SubtractionGame([1, 2, 3]).values(9).tolist()
        [0, 1, 2, 3, 0, 1, 2, 3, 0]
        """
        n = _as_count(n, "n")
        self._extend(n)
        view = self._g[:n]
        view.flags.writeable = False
        return view

    def _extend(self, n: int, progress: Progress | None = None, total: int | None = None) -> None:
        """Make g[:n] known, reporting ``progress(done, total)`` after every CHUNK values."""
        if n <= self._n:
            return
        if n > self._g.size:
            grown = np.empty(max(n, 2 * self._g.size), self._g.dtype)
            grown[: self._n] = self._g[: self._n]
            self._g = grown
        while self._n < n:
            end = min(n, self._n + CHUNK)
            usable = self._s[: int(np.searchsorted(self._s, end))]  # larger members never apply here
            if usable.size:
                _fill(self._g, self._n, end, usable)
            else:  # no member fits yet: no move, every value is 0
                self._g[self._n : end] = 0
            self._n = end
            if progress is not None:
                progress(end, total or n)

    def grundy(self, h: int) -> int:
        """g(h) for any h >= 0: from the table, through the certified period, or directly.

        >>> SubtractionGame([1, 2]).grundy(10**18 + 1)
        2
        >>> SubtractionGame([10**18]).grundy(10**18), SubtractionGame([1]).grundy(10**309)
        (1, 0)
        """
        h = _as_count(h)
        self._cover(h)
        if h < self._n:
            return int(self._g[h])
        if self._period is None:
            return self._direct_value(h)
        n0, p = self._period
        return int(self._g[n0 + (h - n0) % p])

    def grundy_array(self, heaps: Sequence[int] | np.ndarray) -> np.ndarray:
        """g of many heaps at once (int64 array); heaps from 2^62 on go through :meth:`grundy`.

        >>> SubtractionGame([2, 5]).grundy_array([2, 5, 12]).tolist()
        [1, 2, 2]
        >>> SubtractionGame([1]).grundy_array([1, 2**63, 3**90]).tolist()
        [1, 0, 1]
        """
        if isinstance(heaps, list | tuple):
            if not heaps:
                return np.zeros(0, np.int64)
            if not all(isinstance(h, int) and 0 <= h < HUGE for h in heaps):  # huge, negative or not ints
                return np.array([self.grundy(h) for h in heaps], np.int64)
        arr = np.asarray(heaps)
        if arr.size == 0:
            return np.zeros(0, np.int64)
        if arr.dtype == object or (arr.dtype.kind == "u" and arr.max() >= HUGE):
            return np.array([self.grundy(h) for h in arr.tolist()], np.int64)
        if arr.dtype.kind not in "iu":
            raise SNimError(f"heap sizes must be integers, got {arr.dtype} values")
        arr = arr.astype(np.int64, copy=False)
        if arr.min() < 0:
            raise SNimError(f"a heap size must be >= 0, got {int(arr.min())}")
        top = int(arr.max())
        self._cover(top)
        if self._period is None and top >= self._n:  # beyond the table: computed directly
            return np.array([self.grundy(h) for h in arr.tolist()], np.int64)
        if self._period is not None:
            n0, p = self._period
            arr = np.where(arr < self._n, arr, n0 + (arr - n0) % p)
        return self._g[arr].astype(np.int64)

    def _cover(self, h: int) -> None:
        """Make g(h) answerable from the table or the period when possible: extend the table for small
        h, else certify the period (once per limit); a heap still uncovered is left to the direct way."""
        if h < self._n or self._period is not None:
            return
        if h < DIRECT:
            self._extend(h + 1)
            return
        limit = min(h + 1, self.limit)
        if limit <= self._searched or self.S[-1] >= limit:  # already tried, or hopeless: w >= limit
            self._extend(DIRECT)
            return
        try:
            self.period(limit=limit)
        except PeriodNotFoundError:
            self._searched = max(self._searched, limit)

    def _direct_value(self, h: int) -> int:
        """g(h) from the positions play can reach (:mod:`.snim_direct`); PeriodNotFoundError when they
        are too many to visit."""
        if h in self._direct:
            return self._direct[h]
        budget = DIRECT_WORK // len(self.S)
        sums = reachable_sums(self.S, h - self._n, budget)
        if sums is None:
            searched = f"within the limit of {self._searched:,} values"
            if self.S[-1] >= self.limit:
                searched = f"(max(S) = {number(self.S[-1])} is beyond the limit of {self.limit:,} values)"
            raise PeriodNotFoundError(self._searched, f"no period of g found {searched} for "
                                      f"{self.describe_set()}, and the heap is too far from 0 to "
                                      f"evaluate directly (over {budget:,} positions)")
        values = direct_values(self.S, self._g, self._n, h, sums)
        if len(self._direct) + len(values) > 4 * DIRECT_WORK:
            self._direct.clear()
        self._direct.update(values)
        return values[h]

    # -- the period ----------------------------------------------------------------------------
    def period(self, limit: int | None = None, progress: Progress | None = None) -> tuple[int, int]:
        """``(n0, p)``: the smallest period p, then the smallest n0 with g(n + p) = g(n) for n >= n0.

        Method: Brent's cycle search on the windows W(i) = g(i..i + w - 1), w = max(S), whose orbit is
        a rho (module docstring). Brent returns t and the exact cycle length lam with W(t) = W(t + lam),
        an agreement of w consecutive values, which proves g(n + lam) = g(n) for all n >= t.
        p = lam is the smallest period: any period q of g is a period of the windows, and the periods
        of a rho orbit are the multiples of its cycle length. n0 is the smallest for p: all n >= t
        agree, so n0 = 1 + the last n < t with g(n) != g(n + p) (or 0). It is also the smallest
        preperiod of every other period q = jp: if g(n + q) = g(n) for n >= m, then for n >= m,
        g(n + p) = g(n + p + Nq) = g(n + Nq) = g(n) with N large (both indices past n0).
        Brent meets the cycle within about 3 max(mu, lam) windows; the table grows by doubling, so at
        most about twice that (plus w) values are computed. Each round costs O(table) besides the values.

        ``limit``: the most values to compute (default: the game's ``limit``); past it,
        PeriodNotFoundError. ``progress(computed, limit)`` is called after every chunk of values
        (the GUI shows it); it may raise to cancel, leaving the game usable.

        Examples
        --------
        >>> SubtractionGame([1, 2, 3]).period()
        (0, 4)
        >>> SubtractionGame([2, 4, 7]).describe_period()
        'period 3 from n = 8, certified by 7 agreeing values: g(8..14) = g(11..17)'
        """
        if self._period is not None:
            return self._period
        limit = self.limit if limit is None else limit
        w = self.S[-1]
        n, lam = min(max(4 * w + 2, 4096), limit), 0
        while n >= w + 1:
            self._extend(n, progress, limit)
            lam, t = _kernel("brent")(self._g, n, w)
            if lam or n >= limit:
                break
            n = min(2 * n, limit)
        if not lam:
            self._searched = max(self._searched, limit)  # not searched again within this limit
            raise PeriodNotFoundError(
                limit, f"no period of g found within the limit of {limit:,} values for {self.describe_set()}"
            )
        m = t + w
        mismatch = np.flatnonzero(self._g[:m] != self._g[lam : lam + m])
        self._period = (int(mismatch[-1]) + 1 if mismatch.size else 0, int(lam))
        return self._period

    def describe_period(self, limit: int | None = None) -> str:
        """The period in words, with its certificate (w = max(S) agreeing values: :func:`certificate`)."""
        (n0, p), w = self.period(limit), self.S[-1]
        return f"period {p} from n = {n0}, {certificate(n0, p, w)}"

    # -- positions (the Game protocol of sgstudio.core.play.session) -------------------------------------
    def value(self, position: Sequence[int]) -> int:
        """XOR of the heaps' Grundy values; 0 exactly when the player to move loses.

        >>> SubtractionGame([2, 5]).value((2, 5, 12))
        1
        """
        return int(np.bitwise_xor.reduce(self.grundy_array(list(position)))) if len(position) else 0

    def legal_moves(self, position: Sequence[int]) -> list[tuple[int, int]]:
        """Every ``(heap_index, take)`` with take in S and take <= heap, by heap then take.

        >>> SubtractionGame([2, 5]).legal_moves((1, 5))
        [(1, 2), (1, 5)]
        """
        return [(i, s) for i, h in enumerate(position) for s in self.S if s <= h]

    def apply(self, position: Sequence[int], move: tuple[int, int]) -> tuple[int, ...]:
        """The heaps after ``move``; SNimError (a ValueError) with a one-line reason if it is illegal.

        >>> game = SubtractionGame([2, 5])
        >>> game.apply((1, 5), (1, 2))
        (1, 3)
        >>> game.apply((1, 5), (0, 2))
        Traceback (most recent call last):
        ...
        sgstudio.games.snim.game.SNimError: heap 0 has only 1 stone
        """
        heaps = tuple(position)
        i, take = move
        if not 0 <= i < len(heaps):
            raise SNimError(f"there is no heap {i} (the position has {len(heaps)} heaps)")
        if take not in self.S:
            raise SNimError(f"take {number(take)} is not in S")
        if heaps[i] < take:
            raise SNimError(f"heap {i} has only {number(heaps[i])} stone{'s' * (heaps[i] != 1)}")
        return (*heaps[:i], heaps[i] - take, *heaps[i + 1 :])

    def winning_moves(self, position: Sequence[int]) -> list[tuple[int, int]]:
        """Every move to a position of value 0, by heap then take (empty when the value is 0).

        With total T, a move in heap i from h to h - s wins iff g(h - s) = g(h) XOR T. Unlike Nim a
        move may raise a heap's value, so every take is checked.
        """
        return self.moves_to_value(position, 0)

    def moves_to_value(self, position: Sequence[int], target: int) -> list[tuple[int, int]]:
        """Every move to a position of value ``target``, by heap then take.

        >>> SubtractionGame([2, 5]).moves_to_value((2, 4, 7), 3)   # value 1: heap 3 from 7 to 5
        [(2, 2)]
        """
        heaps = [_as_count(h) for h in position]
        vals = self.grundy_array(heaps).tolist()
        total = (int(np.bitwise_xor.reduce(vals)) if vals else 0) ^ target
        moves: list[tuple[int, int]] = []
        if total == 0:
            return moves
        for i, h in enumerate(heaps):
            takes = [s for s in self.S if s <= h]
            after = self.grundy_array([h - s for s in takes]).tolist()
            wanted = vals[i] ^ total
            moves += [(i, s) for s, v in zip(takes, after, strict=True) if v == wanted]
        return moves

    # -- the game contract (sgstudio.core.contract) ---------------------------------------------
    def remaining_length(self, position: Sequence[int]) -> int:
        """The stones left: every move takes at least one.

        >>> SubtractionGame([2]).remaining_length((3, 0, 4))
        7
        """
        return sum(position)

    def move_text(self, move: tuple[int, int], position: Sequence[int], label: Label = str) -> str:
        """``heap 2: take 5 -> 7`` (heaps from 1, and the stones left).

        >>> SubtractionGame([2, 5]).move_text((1, 5), (3, 12))
        'heap 2: take 5 -> 7'
        """
        i, take = move
        return f"heap {i + 1}: take {number(take)} -> {number(position[i] - take)}"

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> tuple[int, int]:
        """The move that ``text`` writes (see :func:`sgstudio.core.moves.parse_snim_move`)."""
        return parse_snim_move(text, position)

    def people_reason(self, position: Sequence[int], move: tuple, reason: str, label: Label = str) -> str:
        """The refusal with the heap counted from 1."""
        return renumbered_reason(self, position, move, reason)

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each heap's value, the nim-sum, who wins and every winning move (PeriodNotFoundError for a
        heap no way of :meth:`grundy` reaches).

        >>> [m.row() for m in SubtractionGame([2, 5]).analyse((2, 4, 7)).moves][:2]
        ['heap 1: take 2 -> 0, value 1 -> 0', 'heap 2: take 2 -> 2, value 0 -> 1']
        """
        heaps = [_as_count(h) for h in position]
        values = self.grundy_array(heaps).tolist()
        return sum_analysis(values, self.winning_moves(heaps), part="heap", component_of=lambda m: m[0],
                            text=lambda m: self.move_text(m, heaps), detail=lambda i: number(heaps[i]),
                            detail_title="size", max_moves=max_moves or 200)

    @classmethod
    def from_judge_case(cls, case: object) -> tuple[SubtractionGame, list[tuple[int, ...]]]:
        """An HDU 1536 test case: its S and its positions."""
        return cls(case.S), [tuple(p) for p in case.positions]  # type: ignore[attr-defined]

    def move_json(self, move: tuple[int, int]) -> dict[str, int]:
        """``{"heap": 1, "take": 2}``: the heap counted from 1."""
        return {"heap": move[0] + 1, "take": move[1]}

    # -- as a component of a sum (sgstudio.games.sum.game) ----------------------------------------------
    def rule_text(self) -> str:
        return self.describe_set()

    def game_state(self) -> dict[str, list[int]]:
        return {"S": list(self.S)}

    @classmethod
    def from_game_state(cls, state: object) -> SubtractionGame:
        """``{"S": [1, 3, 4]}``: S, positive integers."""
        from sgstudio.core.readers import rule_of
        from sgstudio.core.state import StateError, int_list

        members = int_list(rule_of(state, "S", "S, the takes allowed"), ("S",),
                           "S must be a list of integers")
        try:
            return cls(members)
        except ValueError as err:
            raise StateError(str(err), ("S",)) from None
