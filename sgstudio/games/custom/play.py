"""An explored game as a game of the studio: tokens on its position graph, for Play, a sum, a drawing.

The positions reachable from one position, numbered 0 (itself) on in breadth-first order, make a
graph whose vertices are named by the positions' texts: a :class:`~sgstudio.core.games.dag.DagGame`
when it has no cycle, a :class:`~sgstudio.core.games.loopy_game.LoopyGame` otherwise, a token on
vertex 0 being the position. The Play panel, the Sum tab and ``sgstudio sum`` then take it as any
token game (its value is the game's: a theorem, and the tests check it). A game whose options may
be sums (a list option) is not a token game: :class:`NotTokenGameError` says so.
:func:`position_graph` draws the same positions for the Graph tab.

Examples
--------
>>> from sgstudio.games.custom.api import Game
>>> heap = Game(lambda n: [n - k for k in (1, 2) if k <= n])
>>> solution = heap.solve([4])
>>> graph = Reachable(solution, solution.node(4))
>>> graph.labels, graph.successors
(['4', '3', '2', '1', '0'], [[1, 2], [2, 3], [3, 4], [4], []])
>>> game, position = graph.game()
>>> type(game).__name__, position, game.value(position)
('DagGame', (0,), 1)
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.errors import SGStudioError
from sgstudio.games.custom.solution import Solution

MAX_DRAWN = 20_000
"""The most positions sent to the Graph tab as a drawing (the big drawing takes them)."""
MAX_PLAYED = 1_000_000
"""The most positions a game for Play or a sum may have."""


class NotTokenGameError(SGStudioError):
    """The positions reached hold a sum (a list option), or too many of them for a token game."""


class Reachable:
    """The plain positions reachable from node ``root`` of ``solution`` (at most ``limit``).

    ``nodes[i]`` is the solution's node of vertex i, ``labels[i]`` its text (made unique: a repeat
    gets `` #2``), ``successors[i]`` the vertices of its options, in the game's order.
    """

    def __init__(self, solution: Solution, root: int, limit: int = MAX_PLAYED) -> None:
        self.solution = solution
        if solution.is_sum[root]:
            raise NotTokenGameError("this position is a sum of positions: play each part, or add them to the "
                               "Sum tab one by one")
        order, seen = [root], {root: 0}
        successors: list[list[int]] = []
        i = 0
        while i < len(order):
            v = order[i]
            row = []
            for o in solution.options(v):
                if solution.is_sum[o]:
                    raise NotTokenGameError("the game's options include sums (a list option): Play, Add to "
                                            "Sum and the position graph take games whose options are "
                                            "positions")
                if o not in seen:
                    if len(order) >= limit:
                        raise NotTokenGameError(f"more than {limit:,} positions are reachable from here: "
                                           "too many for this")
                    seen[o] = len(order)
                    order.append(o)
                row.append(seen[o])
            successors.append(row)
            i += 1
        self.nodes = order
        self.successors = successors
        self.labels = _unique([solution.text(v) for v in order])
        self.loopy = bool((solution.values.gamma[order] < 0).any()) or _has_cycle(successors)

    def game(self) -> tuple[Any, tuple[int, ...]]:
        """The token game and its position (a token on vertex 0)."""
        from sgstudio.core.games.dag import DagGame
        from sgstudio.core.games.loopy_game import LoopyGame

        cls = LoopyGame if self.loopy else DagGame
        return cls(self.successors), (0,)

    def label(self, v: int) -> str:
        """Vertex v's name: its position's text."""
        return self.labels[v] if 0 <= v < len(self.labels) else str(v)


def position_graph(solution: Solution, root: int, limit: int = MAX_DRAWN) -> Any:
    """The positions reachable from ``root`` as a :class:`~sgstudio.core.graph.GameGraph` drawing
    (labels: the positions' texts; loopy mode when there is a cycle), a token on ``root``.

    >>> from sgstudio.games.custom.api import Game
    >>> solution = Game(lambda n: range(n)).solve([3])
    >>> g = position_graph(solution, solution.node(3))
    >>> len(g), g.label(0), g.values()[0], g.tokens()
    (4, '3', 3, [0])
    """
    from sgstudio.core.graph import GameGraph

    reach = Reachable(solution, root, limit)
    edges = [(u, w) for u, row in enumerate(reach.successors) for w in row]
    graph = GameGraph.from_edges(len(reach.nodes), edges, loopy=reach.loopy)
    for v, text in enumerate(reach.labels):
        if text != str(v):
            graph.set_label(v, text)
    graph.add_token(0)
    return graph


def _unique(texts: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for t in texts:
        t = t or "''"
        seen[t] = seen.get(t, 0) + 1
        out.append(t if seen[t] == 1 else f"{t} #{seen[t]}")
    return out


def _has_cycle(successors: list[list[int]]) -> bool:
    """Whether the graph has a cycle (Kahn's algorithm: a vertex left over is on or before one)."""
    n = len(successors)
    indegree = [0] * n
    for row in successors:
        for w in row:
            indegree[w] += 1
    ready = [v for v in range(n) if indegree[v] == 0]
    done = 0
    while ready:
        v = ready.pop()
        done += 1
        for w in successors[v]:
            indegree[w] -= 1
            if indegree[w] == 0:
                ready.append(w)
    return done < n

