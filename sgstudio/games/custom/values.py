"""The value of every explored position: Grundy values, or generalized ones where the game has cycles.

Four cases, by what the exploration met (:func:`game_values`):

- **acyclic, no sum option**: the project's DAG kernel
  (:func:`sgstudio.games.graph.dag.game.grundy_values_auto`:
  pure Python when small, else CSR + Kahn + mex, compiled);
- **acyclic, with sum options**: a topological pass where a plain node's value is the mex of its
  options' and a sum node's the XOR of its parts' (:func:`sgstudio.games.custom.kernels.sum_values`);
- **cycles, no sum option**: the loopy engine
  (:func:`sgstudio.games.graph.loopy.values.generalized_values_auto`):
  a finite value, or ∞(K), K the finite values among the options (Smith; Fraenkel-Yesha);
- **cycles and sum options**: the positions that cannot reach a cycle keep their Grundy values;
  every other position is valued on the graph of *whole sums*: a state is the multiset of its
  components that can reach a cycle plus one Nim heap standing for all the others (a finite game of
  Grundy value g may be replaced by a heap of g in any sum, loopy or not, by the sum theorem of
  generalized values), a move is a move in one component (a sum option adding its parts) or a
  take from the heap, and the loopy engine values that graph. It is exact, and finite as long as
  the sums the game makes stay bounded; a game whose sums grow without end (``options(p)`` holding
  ``[p, p]`` on a cycle) meets the limits :data:`MAX_STATES` or :data:`MAX_PARTS` and is refused in words.

Values are stored as int64: finite values >= 0, :data:`INF` for ∞ (its K is read off the options).

>>> import numpy as np
>>> values = game_values(np.array([0, 1, 2, 2]), np.array([1, 2]), np.zeros(3, bool))
>>> values.gamma.tolist(), values.method
([0, 1, 0], 'acyclic')
>>> game_values(np.array([0, 1, 2]), np.array([1, 0]), np.zeros(2, bool)).gamma.tolist()
[-1, -1]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sgstudio.core.errors import CycleError
from sgstudio.games.custom.errors import LimitError
from sgstudio.games.custom.kernels import sum_values
from sgstudio.games.graph.dag.game import grundy_values_auto
from sgstudio.games.graph.loopy.values import INF, generalized_values_auto

MAX_STATES = 1_000_000
"""Whole-sum states a loopy game with sums may need before it is refused."""
MAX_PARTS = 256
"""Components of a cycle a whole sum may hold before it is refused (a sum that grows without end)."""

__all__ = ["INF", "MAX_STATES", "Values", "game_values"]


@dataclass(frozen=True)
class Values:
    """The values of an explored game: ``gamma[v]`` (:data:`INF` for ∞), whether the game has a
    cycle, and which of the four methods gave them (``acyclic``, ``acyclic with sums``, ``loopy``,
    ``loopy with sums``)."""

    gamma: np.ndarray
    loopy: bool
    method: str


def game_values(start: np.ndarray, heads: np.ndarray, is_sum: np.ndarray, max_states: int = MAX_STATES
                ) -> Values:
    """The values of every node of an explored game (see the module docstring for the four cases).

    Parameters
    ----------
    start, heads : numpy.ndarray
        The options of v are ``heads[start[v]:start[v + 1]]`` (a sum node's row: its parts).
    is_sum : numpy.ndarray of bool
        Which nodes are sum nodes.
    max_states : int
        The whole-sum states a loopy game with sums may use.

    Raises
    ------
    LimitError
        A loopy game with sums needs more than ``max_states`` states.
    """
    n = len(start) - 1
    flags = np.asarray(is_sum, bool)
    if not flags.any():
        src = np.repeat(np.arange(n, dtype=np.int32), np.diff(start))
        dst = np.asarray(heads, np.int32)
        try:
            return Values(grundy_values_auto(n, src, dst).astype(np.int64), False, "acyclic")
        except CycleError:
            return Values(generalized_values_auto(n, src, dst).gamma.astype(np.int64), True, "loopy")
    finite = sum_values(start, heads, flags)
    if (finite >= 0).all():
        return Values(finite, False, "acyclic with sums")
    return Values(_whole_sums(start, heads, flags, finite, max_states), True, "loopy with sums")


def _whole_sums(start: np.ndarray, heads: np.ndarray, is_sum: np.ndarray, finite: np.ndarray,
                max_states: int) -> np.ndarray:
    """γ of the nodes that reach a cycle, on the graph of whole sums (see the module docstring)."""
    graph = _StateGraph(start.tolist(), heads.tolist(), is_sum.tolist(), finite.tolist(), max_states)
    roots = [v for v in range(len(finite)) if finite[v] < 0]
    ids = [graph.state(graph.node_state(v)) for v in roots]
    graph.run()
    gamma = generalized_values_auto(len(graph.keys), graph.src, graph.dst).gamma
    out = finite.astype(np.int64)
    out[roots] = gamma[ids]
    return out


class _StateGraph:
    """Whole sums: ``(components reaching a cycle, sorted; the Nim heap of the rest)`` and their moves."""

    def __init__(self, start: list[int], heads: list[int], is_sum: list[bool], finite: list[int],
                 max_states: int) -> None:
        self.start, self.heads, self.is_sum, self.finite = start, heads, is_sum, finite
        self.max_states = max_states
        self.index: dict[tuple, int] = {}
        self.keys: list[tuple] = []
        self.src: list[int] = []
        self.dst: list[int] = []
        self._moves: dict[int, list[tuple[tuple[int, ...], int]]] = {}

    def node_state(self, v: int) -> tuple[tuple[int, ...], int]:
        """The state of node v alone: a plain node is one component (or a heap when it is finite), a
        sum node its parts."""
        if self.finite[v] >= 0:
            return (), self.finite[v]
        if not self.is_sum[v]:
            return (v,), 0
        comps, heap = [], 0
        for part in self.heads[self.start[v]:self.start[v + 1]]:
            if self.finite[part] >= 0:
                heap ^= self.finite[part]
            else:
                comps.append(part)
        return tuple(sorted(comps)), heap

    def state(self, key: tuple) -> int:
        found = self.index.get(key)
        if found is not None:
            return found
        if len(self.keys) >= self.max_states or len(key[0]) > MAX_PARTS:
            many = (f"more than {self.max_states:,} whole-sum positions" if len(key[0]) <= MAX_PARTS else
                    f"sums of more than {MAX_PARTS} components on cycles")
            raise LimitError(f"stopped: this loopy game with sums needs {many} to be valued (do its sums "
                             "grow without end?)")
        self.index[key] = len(self.keys)
        self.keys.append(key)
        return len(self.keys) - 1

    def moves(self, c: int) -> list[tuple[tuple[int, ...], int]]:
        """The moves of component c, each as (components it adds, heap value it adds)."""
        found = self._moves.get(c)
        if found is None:
            found = [self.node_state(o) for o in self.heads[self.start[c]:self.start[c + 1]]]
            self._moves[c] = found
        return found

    def run(self) -> None:
        """Every state reached, with its moves as edges."""
        i = 0
        while i < len(self.keys):
            comps, heap = self.keys[i]
            targets = [self.state((comps, y)) for y in range(heap)]
            for j, c in enumerate(comps):
                if j and comps[j - 1] == c:
                    continue
                rest = comps[:j] + comps[j + 1:]
                for add, value in self.moves(c):
                    key = (tuple(sorted(rest + add)) if add else rest, heap ^ value)
                    targets.append(self.state(key))
            self.src.extend([i] * len(targets))
            self.dst.extend(targets)
            i += 1
