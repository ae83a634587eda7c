"""An explored game as a game of the studio: tokens on its position graph, for Play, a sum, a drawing.

The positions reachable from one position, numbered 0 (itself) on in breadth-first order, make a
graph whose vertices are named by the positions' texts: a
:class:`~sgstudio.games.custom.tokens.PositionsGame` when it has no cycle (a sum option splits a
token), a :class:`~sgstudio.games.graph.loopy.game.LoopyGame` otherwise, a token on vertex 0 being
the position. The Play panel, the Sum tab and ``sgstudio sum`` then take it as any game (its value
is the game's: a theorem, and the tests check it). A game with both cycles and sums is refused
(:class:`NotTokenGameError`). :func:`position_graph` draws the positions for the Graph tab (the
parts of a sum option drawn as options: a drawing, not the game).

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
('PositionsGame', (0,), 1)
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
    gets `` #2``), ``options[i]`` its options in the game's order, each a tuple of vertices (a sum's
    parts), and ``successors[i]`` the vertices of its plain options.
    """

    def __init__(self, solution: Solution, root: int, limit: int = MAX_PLAYED, name: str = "game") -> None:
        self.solution, self.name = solution, name
        self._game: Any = None
        roots = list(dict.fromkeys(solution.parts(root)))  # a sum: a token on each part
        order, seen = roots, {v: i for i, v in enumerate(roots)}
        self.start = tuple(sorted(seen[v] for v in solution.parts(root)))
        options: list[list[tuple[int, ...]]] = []

        def vertex(o: int) -> int:
            if o not in seen:
                if len(order) >= limit:
                    raise NotTokenGameError(f"more than {limit:,} positions are reachable from here: too "
                                            "many for this")
                seen[o] = len(order)
                order.append(o)
            return seen[o]

        i = 0
        while i < len(order):
            v = order[i]
            options.append([tuple(vertex(q) for q in solution.parts(o)) if solution.is_sum[o]
                            else (vertex(o),) for o in solution.options(v)])
            i += 1
        self.nodes = order
        self.options = options
        self.has_sums = any(len(o) != 1 for row in options for o in row)
        self.successors = [[w for o in row for w in o] for row in options]
        self.labels = _unique([solution.text(v) for v in order])
        self.loopy = bool((solution.values.gamma[order] < 0).any()) or _has_cycle(self.successors)

    def game(self) -> tuple[Any, tuple[int, ...]]:
        """The game and its position (a token on vertex 0, or on each part of a sum): a
        :class:`PositionsGame`, or a LoopyGame when play may go on for ever."""
        from sgstudio.games.custom.tokens import PositionsGame
        from sgstudio.games.graph.loopy.game import LoopyGame

        if self._game is not None:
            return self._game, self.start
        if not self.loopy:
            self._game = PositionsGame(self.labels, self.options, self.name)
            return self._game, self.start
        if self.has_sums:
            raise NotTokenGameError("the game has both cycles and sums (list options): it cannot be played "
                                    "or added to a sum yet")
        self._game = LoopyGame(self.successors)
        return self._game, self.start

    def position_after(self, game: Any, position: tuple[int, ...], move: tuple) -> Any:
        """The position (of the user's game: a list for a sum) that ``move`` of ``game`` leaves."""
        tokens = game.apply(position, move)
        parts = [self.solution.position(self.nodes[w]) for w in tokens]
        return parts[0] if len(parts) == 1 else parts

    def label(self, v: int) -> str:
        """Vertex v's name: its position's text."""
        return self.labels[v] if 0 <= v < len(self.labels) else str(v)


def position_graph(solution: Solution, root: int, limit: int = MAX_DRAWN) -> Any:
    """The positions reachable from ``root`` as a :class:`~sgstudio.games.graph.model.graph.GameGraph` drawing
    (labels: the positions' texts; loopy mode when there is a cycle), a token on ``root``.

    >>> from sgstudio.games.custom.api import Game
    >>> solution = Game(lambda n: range(n)).solve([3])
    >>> g = position_graph(solution, solution.node(3))
    >>> len(g), g.label(0), g.values()[0], g.tokens()
    (4, '3', 3, [0])
    """
    from sgstudio.games.graph.model.graph import GameGraph

    reach = Reachable(solution, root, limit)
    if reach.has_sums:
        raise NotTokenGameError("the Graph tab draws games whose options are positions; this one's options "
                                "include sums (list options)")
    edges = [(u, w) for u, row in enumerate(reach.successors) for w in row]
    graph = GameGraph.from_edges(len(reach.nodes), edges, loopy=reach.loopy)
    for v, text in enumerate(reach.labels):
        if text != str(v):
            graph.set_label(v, text)
    for v in reach.start:
        graph.add_token(v)
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

