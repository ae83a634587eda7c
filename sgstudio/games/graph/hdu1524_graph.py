"""HDU 1524 files and the editable game graph: a test case becomes a graph, a graph becomes a
one-case file.

Reading goes through :mod:`sgstudio.games.graph.hdu1524` (its ``parse`` reports errors with file, line
and column). A case's positions 0..N-1 become vertices 0..N-1 labelled by their number, and its
queries are multisets of token positions.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

import numpy as np

from sgstudio.games.graph import hdu1524
from sgstudio.games.graph.model.graph import GameGraph


def cases(text: str, file: str, loopy: bool = False) -> list[object]:
    """The test cases of an HDU 1524 input (ParseError on bad input; CyclicGraphError when a graph
    has a cycle, unless ``loopy``)."""
    return list(hdu1524.parse_arrays(text, file, loopy))  # arrays: no Python list per position


def case_parts(case: object) -> tuple[int, list[list[int]], list[list[int]]]:
    """``(n, successor lists, queries)`` of a parsed case."""
    succ = [list(s) for s in case.successors]
    return len(succ), succ, [list(q) for q in case.queries]


def case_model(case: object, loopy: bool = False, check: Callable[[int, int], None] | None = None
               ) -> tuple[GameGraph, list[list[int]]]:
    """The game of a case (no positions yet; the first query's tokens placed) and its queries.

    ``check(vertices, edges)`` is called once the counts are known, before the graph is built (the
    window refuses there a graph too big for its memory). Raises CycleError when the case's graph
    has a cycle, unless ``loopy`` (a game in loopy mode).

    >>> model, queries = case_model(hdu1524.Case(2, [[1], [0]], [[0]]), loopy=True)
    >>> model.loopy, str(model.outcome()), queries
    (True, 'DRAW', [[0]])
    """
    if hasattr(case, "edge_arrays"):  # a case read as arrays: its lists of queries are new already
        tails, heads = case.edge_arrays()
        n, queries = case.n, case.queries
    else:
        succ = case.successors
        n = len(succ)
        lengths = np.fromiter(map(len, succ), np.int64, n)
        tails = np.repeat(np.arange(n, dtype=np.int64), lengths)
        heads = np.fromiter(chain.from_iterable(succ), np.int64, int(lengths.sum()))
        queries = [list(q) for q in case.queries]
    if check is not None:
        check(n, len(heads))
    model = GameGraph.from_edges(n, np.stack([tails, heads], axis=1), loopy=loopy)
    for v in queries[0] if queries else ():
        model.add_token(v)
    return model, queries


def export_text(model: GameGraph) -> str:
    """The game as a one-case HDU 1524 input; the current tokens are its one query.

    Vertices are renumbered 0..N-1 in id order; with no token the case has no query.

    >>> g = GameGraph.from_edges(3, [(0, 2), (2, 1)]); g.remove_node(1); g.add_token(0)
    >>> print(export_text(g), end="")
    2
    1 1
    0
    1 0
    0
    """
    order = sorted(model.nodes())
    index = {v: i for i, v in enumerate(order)}
    successors = [sorted(index[w] for w in model.successors(v)) for v in order]
    tokens = [index[v] for v in model.tokens()]
    return hdu1524.generate([hdu1524.Case(len(order), successors, [tokens] if tokens else [])])
