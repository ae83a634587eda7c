"""Grundy values of a directed acyclic graph, and the token game played on it.

Theory: a token on vertex v of a DAG is a game whose moves are the out-edges of v, so
g(v) = mex{ g(w) : v -> w } and a sink has g = 0 (normal play: no move is a loss). Several tokens
form a sum of games, whose value is the XOR of the tokens' values (Sprague-Grundy theorem): the
player to move wins iff that nim-sum T is non-zero, and moving a token from v to w wins iff
g(w) = g(v) XOR T, because then the new total is T XOR g(v) XOR g(w) = 0.

The values come from one of three paths, all iterative (a chain 10^6 deep is fine):

- :func:`grundy_values`: compiled with numba (loaded on first use, ``cache=True``): successor
  lists in CSR form, a topological order by Kahn's algorithm, then the values in reverse
  topological order (see :mod:`sgstudio.games.graph.dag.kernels`);
- :func:`grundy_values_py`: pure Python, for small graphs (no numba start-up cost), by reverse
  Kahn: a vertex is *ready* once all its successors are finished; a finished vertex pushes its
  value into a slot of each predecessor; a ready vertex's value is the mex of its slots. A vertex
  never finished lies on or above a cycle;
- :func:`grundy_values_auto`: picks by size and shape, and tries vectorised numpy level steps
  (all ready vertices at once) before paying for numba on large shallow graphs.
"""

from __future__ import annotations

import bisect
import sys
from collections.abc import Sequence

import numpy as np

from sgstudio.core.analysis import Analysis
from sgstudio.core.contract import Label
from sgstudio.core.errors import CycleError, format_cycle
from sgstudio.core.outcome import Outcome
from sgstudio.games.graph.tokens import TokenGame, longest_paths, token_analysis

Ints = Sequence[int] | np.ndarray
SMALL = 20_000  # n + m up to which pure Python beats loading numba (~0.3 s)


def _edge_arrays(src, dst) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(src)
    d = np.asarray(dst)
    if s.shape != d.shape or s.ndim != 1:
        raise ValueError("src and dst must be 1-D and of the same length")
    dtype = s.dtype if s.dtype in (np.int32, np.int64) and s.dtype == d.dtype else np.int64
    return np.ascontiguousarray(s, dtype), np.ascontiguousarray(d, dtype)


def grundy_values(n: int, src: Ints, dst: Ints) -> np.ndarray:
    """Grundy value of every vertex 0..n-1 of the DAG with edges ``src[i] -> dst[i]`` (numba).

    CSR successor lists, Kahn's order, mex in reverse order (see the module docstring): linear
    in n + m, iterative, about 4m + 30n bytes of working memory. int32 and int64 arrays are used
    as given (no copy); anything else is converted to int64. Parallel edges are fine.

    Parameters
    ----------
    n : int
        Number of vertices (< 2**31).
    src, dst : array_like of int
        Edge tails and heads, each in 0..n-1 (fewer than 2**31 edges).

    Returns
    -------
    numpy.ndarray of int64
        ``values[v] = mex{ values[w] : v -> w }``.

    Raises
    ------
    CycleError
        If the edges contain a cycle (the error carries one cycle's vertices, in order).
    ValueError
        If an endpoint is outside 0..n-1.

    Examples
    --------
    >>> grundy_values(4, [0, 0, 1], [1, 2, 2]).tolist()
    [2, 1, 0, 0]
    >>> grundy_values(3, [0, 1, 2], [1, 2, 0])
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.CycleError: the graph has the cycle 0 -> 1 -> 2 -> 0
    """
    s, d = _edge_arrays(src, dst)
    if n < 0 or n >= 2**31 or s.size >= 2**31:
        raise ValueError("n and the number of edges must lie in 0..2**31-1")
    from sgstudio.games.graph.dag import (
        kernels as dag_kernels,  # built ahead of time, or numba's (imported then)
    )

    values, done, bad = dag_kernels.kernel("csr_grundy")(int(n), s, d)
    if bad >= 0:
        raise ValueError(f"edge {s[bad]} -> {d[bad]} has an endpoint outside 0..{n - 1}")
    if done < n:  # name the cycle as reverse Kahn leaves it: among the vertices that reach one
        values, _, _ = dag_kernels.kernel("slot_grundy")(int(n), s, d)
        raise _cycle_error(values, s, d)
    return values.astype(np.int64)


def grundy_values_py(n: int, src: Ints, dst: Ints) -> np.ndarray:
    """The same values as :func:`grundy_values`, by the same algorithm in pure Python.

    Meant for small graphs, where importing numba would cost more than the whole computation.

    >>> grundy_values_py(4, [0, 0, 1], [1, 2, 2]).tolist()
    [2, 1, 0, 0]
    """
    s_list = np.asarray(src).tolist()
    d_list = np.asarray(dst).tolist()
    if len(s_list) != len(d_list):
        raise ValueError("src and dst must be 1-D and of the same length")
    if any(not 0 <= x < n for x in s_list) or any(not 0 <= x < n for x in d_list):
        raise ValueError(f"edge endpoints must lie in 0..{n - 1}")
    preds: list[list[int]] = [[] for _ in range(n)]
    remaining = [0] * n
    for u, v in zip(s_list, d_list, strict=True):
        preds[v].append(u)
        remaining[u] += 1
    slots: list[list[int]] = [[] for _ in range(n)]
    values = [-1] * n
    stack = [v for v in range(n) if remaining[v] == 0]
    while stack:
        v = stack.pop()
        seen = set(slots[v])
        g = 0
        while g in seen:
            g += 1
        values[v] = g
        for u in preds[v]:
            slots[u].append(g)
            remaining[u] -= 1
            if remaining[u] == 0:
                stack.append(u)
    out = np.array(values, dtype=np.int64)
    if (out < 0).any():
        raise _cycle_error(out, np.asarray(s_list, np.int64), np.asarray(d_list, np.int64))
    return out


def grundy_values_auto(n: int, src: Ints, dst: Ints) -> np.ndarray:
    """:func:`grundy_values`, computed the cheapest way for this process and this graph.

    Uses the compiled kernel if it is already loaded or built ahead of time; else pure Python for
    small graphs, numpy level steps for large shallow graphs and numba for large deep ones (where
    level steps would be many).

    >>> grundy_values_auto(3, [0, 1], [1, 2]).tolist()
    [0, 1, 0]
    """
    if _kernel_at_hand():
        return grundy_values(n, src, dst)
    s, d = _edge_arrays(src, dst)
    if n + s.size <= SMALL:
        return grundy_values_py(n, s, d)
    values = grundy_values_levels(n, s, d)
    return grundy_values(n, s, d) if values is None else values


def _kernel_at_hand() -> bool:
    """Whether the compiled kernel costs nothing to start: loaded already, or built ahead of time."""
    kernels = sys.modules.get("sgstudio.games.graph.dag.kernels")
    if kernels is not None and kernels.is_loaded():
        return True
    from sgstudio.core import compiled
    from sgstudio.games.graph.dag import kernels as dag_kernels

    return compiled.is_built(dag_kernels)


def _ranges(offsets: np.ndarray, verts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Concatenated index ranges offsets[v]..offsets[v+1] of ``verts``, and each range's start."""
    lens = offsets[verts + 1] - offsets[verts]
    begin = np.cumsum(lens) - lens
    idx = np.repeat(offsets[verts] - begin, lens) + np.arange(int(lens.sum()))
    return idx, begin


def _mex_of(verts: np.ndarray, succ_values: np.ndarray, begin: np.ndarray) -> np.ndarray:
    """mex of each group ``succ_values[begin[i]:begin[i+1]]`` (groups non-empty), via bit masks."""
    bits = np.where(succ_values < 62, np.left_shift(1, np.minimum(succ_values, 61)), 0)
    masks = np.bitwise_or.reduceat(bits, begin)
    lowest_zero = ~masks & (masks + 1)
    mex = np.log2(lowest_zero.astype(np.float64)).astype(np.int64)
    for i in np.flatnonzero(mex >= 62).tolist():  # 62 values or more below: count them exactly
        end = begin[i + 1] if i + 1 < begin.size else succ_values.size
        seen = set(succ_values[begin[i]:end].tolist())
        g = 0
        while g in seen:
            g += 1
        mex[i] = g
    return mex


def grundy_values_levels(n: int, src: np.ndarray, dst: np.ndarray, patience: int = 64) -> np.ndarray | None:
    """Reverse Kahn one *level* at a time, vectorised with numpy (no compiler needed).

    All ready vertices are finished together. Pays on shallow graphs (a random DAG has a few
    dozen levels); returns None once ``patience`` levels have passed and a level is thin (under
    512 vertices), leaving deep graphs to the compiled kernel.

    >>> grundy_values_levels(4, np.array([0, 0, 1]), np.array([1, 2, 2])).tolist()
    [2, 1, 0, 0]
    """
    if src.size and (min(src.min(), dst.min()) < 0 or max(src.max(), dst.max()) >= n):
        raise ValueError(f"edge endpoints must lie in 0..{n - 1}")
    if src.size and (np.diff(src) < 0).any():
        order = np.argsort(src, kind="stable")
        src, dst = src[order], dst[order]
    outdeg = np.bincount(src, minlength=n)
    start = np.concatenate(([0], np.cumsum(outdeg)))
    in_start = np.concatenate(([0], np.cumsum(np.bincount(dst, minlength=n))))
    pred = src[np.argsort(dst.astype(np.int32) if n < 2**31 else dst)]
    remaining = outdeg.copy()
    values = np.full(n, -1, np.int64)
    ready = np.flatnonzero(outdeg == 0)
    values[ready] = 0
    flag = np.zeros(n, bool)
    steps = 0
    while ready.size:
        idx, _ = _ranges(in_start, ready)
        preds = pred[idx]
        np.subtract.at(remaining, preds, 1)
        flag[preds[remaining[preds] == 0]] = True  # deduplicates the newly ready vertices
        ready = np.flatnonzero(flag)
        flag[ready] = False
        if ready.size:
            idx, begin = _ranges(start, ready)
            values[ready] = _mex_of(ready, values[dst[idx]], begin)
        steps += 1
        if steps > patience and 0 < ready.size < 512:
            return None
    if (values < 0).any():
        raise _cycle_error(values, src, dst)
    return values


def find_cycle(values: np.ndarray, src: np.ndarray, dst: np.ndarray) -> list[int]:
    """One cycle among the vertices left unfinished (value -1) by a kernel.

    An unfinished vertex has an unfinished successor (else it would have become ready), so
    walking along unfinished successors must revisit a vertex; from there on it is a cycle.

    >>> find_cycle(np.array([-1, -1, 0]), np.array([0, 1, 0]), np.array([1, 0, 2]))
    [0, 1]
    """
    src = np.asarray(src, np.int64)
    dst = np.asarray(dst, np.int64)
    unfinished = values < 0
    keep = unfinished[src] & unfinished[dst]
    next_of = np.full(values.size, -1, np.int64)
    next_of[src[keep][::-1]] = dst[keep][::-1]  # the first such edge in input order wins
    order: dict[int, int] = {}
    v = int(np.flatnonzero(unfinished)[0])
    while v not in order:
        order[v] = len(order)
        v = int(next_of[v])
    return list(order)[order[v]:]


def _cycle_error(values: np.ndarray, src: np.ndarray, dst: np.ndarray) -> CycleError:
    cycle = find_cycle(values, src, dst)
    return CycleError(cycle, "the graph has the cycle " + format_cycle(cycle))


# -- helpers for queries (sums of tokens) ---------------------------------------------------------
def position_value(values: np.ndarray | Sequence[int], tokens: Sequence[int]) -> int:
    """Nim-sum of the tokens' Grundy values: the value of the sum of one game per token.

    >>> position_value([2, 1, 0, 0], [0, 1])
    3
    """
    total = 0
    for v in tokens:
        total ^= int(values[v])
    return total


def outcome_of(values: np.ndarray | Sequence[int], tokens: Sequence[int]) -> Outcome:
    """WIN if the player to move wins with these tokens (nim-sum non-zero), else LOSE.

    >>> outcome_of([2, 1, 0, 0], [1, 1]) is Outcome.LOSE, outcome_of([2, 1, 0, 0], [0, 1]) is Outcome.WIN
    (True, True)
    """
    return Outcome.from_nim_sum(position_value(values, tokens))


def query_outcomes(values: np.ndarray, flat: np.ndarray, lengths: np.ndarray) -> list[Outcome]:
    """Outcomes of many queries at once: query i is ``flat[sum(lengths[:i]):][:lengths[i]]``.

    Every length must be at least 1.

    >>> print(*query_outcomes(np.array([2, 1, 0, 0]), np.array([0, 1, 1, 1]), np.array([2, 2])))
    WIN LOSE
    """
    if len(lengths) == 0:
        return []
    begin = np.cumsum(lengths) - lengths
    totals = np.bitwise_xor.reduceat(values[flat], begin)
    words = np.array([Outcome.LOSE, Outcome.WIN], dtype=object)
    return words[(totals != 0).astype(np.int64)].tolist()



# -- the token game (the Game protocol of sgstudio.core.play.session) -------------------------------------
class DagGame(TokenGame):
    """Tokens on a DAG: a move takes one token one step along an out-edge.

    A position is the sorted tuple of the tokens' vertices (several tokens may share one); a move
    is ``(from, to)``. Values come from :func:`grundy_values_auto`, computed once.

    Examples
    --------
    >>> game = DagGame.from_edges(4, [(0, 1), (0, 2), (1, 2)])
    >>> game.values.tolist()
    [2, 1, 0, 0]
    >>> game.legal_moves((0, 3))
    [(0, 1), (0, 2)]
    >>> game.value((0, 3)), game.winning_moves((0, 3))
    (2, [(0, 2)])
    >>> game.apply((0, 3), (0, 2))
    (2, 3)
    >>> game.apply((0, 3), (3, 0))
    Traceback (most recent call last):
    ...
    ValueError: 3 -> 0 is not an edge
    """

    def __init__(self, successors: Sequence[Sequence[int]]) -> None:
        self.successors: tuple[tuple[int, ...], ...] = tuple(tuple(dict.fromkeys(s)) for s in successors)
        n = len(self.successors)
        src = [u for u, succ in enumerate(self.successors) for _ in succ]
        dst = [v for succ in self.successors for v in succ]
        self.values = grundy_values_auto(n, np.array(src, np.int64), np.array(dst, np.int64))
        self._edges = {(u, v) for u, v in zip(src, dst, strict=True)}
        self._depths: list[int] | None = None

    def _is_edge(self, v: int, w: int) -> bool:
        return (v, w) in self._edges

    @classmethod
    def from_edges(cls, n: int, edges: Sequence[tuple[int, int]]) -> DagGame:
        """The game on vertices 0..n-1 with these edges (successors kept in edge order)."""
        successors: list[list[int]] = [[] for _ in range(n)]
        for u, v in edges:
            if not (0 <= u < n and 0 <= v < n):
                raise ValueError(f"edge {u} -> {v} has an endpoint outside 0..{n - 1}")
            successors[u].append(v)
        return cls(successors)

    def _check(self, position: Sequence[int]) -> None:
        n = len(self.successors)
        for v in position:
            if not 0 <= v < n:
                raise ValueError(f"no vertex {v}: vertices are 0..{n - 1}")

    def legal_moves(self, position: Sequence[int]) -> list[tuple[int, int]]:
        """Every distinct (from, to): from a token's vertex (ascending) along an out-edge."""
        self._check(position)
        return [(v, w) for v in sorted(set(position)) for w in self.successors[v]]

    def apply(self, position: Sequence[int], move: tuple[int, int]) -> tuple[int, ...]:
        """The position after moving one token from ``move[0]`` to ``move[1]``."""
        self._check(position)
        v, w = move
        if v not in position:
            raise ValueError(f"no token on vertex {v}")
        if not self._is_edge(v, w):
            raise ValueError(f"{v} -> {w} is not an edge")
        tokens = sorted(position)
        tokens.remove(v)
        bisect.insort(tokens, w)
        return tuple(tokens)

    def value(self, position: Sequence[int]) -> int:
        """Nim-sum of the tokens' Grundy values (0 exactly when the player to move loses)."""
        self._check(position)
        return position_value(self.values, position)

    def winning_moves(self, position: Sequence[int]) -> list[tuple[int, int]]:
        """Moves (v, w) with g(w) = g(v) XOR T, T the nim-sum: exactly those leaving nim-sum 0."""
        return self.moves_to_value(position, 0)

    def moves_to_value(self, position: Sequence[int], target: int) -> list[tuple[int, int]]:
        """Moves (v, w) with g(w) = g(v) XOR T XOR target: those leaving the value ``target``."""
        change = self.value(position) ^ target
        values = self.values
        return [(v, w) for v, w in self.legal_moves(position) if change and values[w] == values[v] ^ change]

    # -- the game contract (sgstudio.core.contract; the texts are those of every token game) -------
    def remaining_length(self, position: Sequence[int]) -> int:
        """The longest remaining game: the sum of the tokens' longest paths (computed once).

        >>> DagGame([(1, 2), (2,), ()]).remaining_length((0, 1, 2))
        3
        """
        if self._depths is None:
            self._depths = longest_paths(self.successors)
        return sum(self._depths[v] for v in position)

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each token's value, the nim-sum, who wins and every winning move.

        >>> game = DagGame.from_edges(4, [(0, 1), (0, 2), (1, 2)])
        >>> [m.row() for m in game.analyse((0, 3), label="ABCD".__getitem__).moves]
        ['A -> C, value 2 -> 0']
        """
        self._check(position)
        values = [int(self.values[v]) for v in position]
        return token_analysis(self, position, values, label, max_moves)

