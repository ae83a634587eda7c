"""Whole-graph views of :class:`~sgstudio.games.graph.model.graph.GameGraph` (a mixin): edge and position
arrays
for the canvas of a big graph, and a networkx copy.

>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(2, [(0, 1)]); g.set_positions([0, 1], [[0.0, 0.0], [0.0, 90.0]])
>>> g.positions().tolist(), sorted(g.to_networkx().edges())
([[0.0, 0.0], [0.0, 90.0]], [(0, 1)])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import networkx as nx


class BulkViews:
    """Needs the graph's store ``_dag``, vertex table ``_vertices`` and queries."""

    _dag: Any
    _vertices: Any

    def edge_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Copies of the (tails, heads) of every edge as int64 arrays (in no particular order).

        >>> from sgstudio.games.graph.model.graph import GameGraph
        >>> [a.tolist() for a in GameGraph.from_edges(3, [(0, 1), (1, 2)]).edge_arrays()]
        [[0, 1], [1, 2]]
        """
        from sgstudio.games.graph.model.incremental import int64_copy

        return int64_copy(self._dag.src), int64_copy(self._dag.dst)

    def zero_values(self) -> np.ndarray:
        """For every id up to the largest, whether its value is 0 (a loss for the player to move;
        also True for ids that are not vertices), as a bool array.

        >>> from sgstudio.games.graph.model.graph import GameGraph
        >>> GameGraph.from_edges(3, [(0, 1), (1, 2)]).zero_values().tolist()
        [True, False, True]
        """
        from sgstudio.games.graph.model.incremental import int64_copy

        return int64_copy(self._dag.val) == 0

    def custom_labels(self) -> dict[int, str]:
        """The labels other than a vertex's own number, by vertex (a copy).

        >>> from sgstudio.games.graph.model.graph import GameGraph
        >>> g = GameGraph.from_edges(3, []); g.set_label(1, "B"); g.custom_labels()
        {1: 'B'}
        """
        return dict(self._vertices.custom_labels())

    def positions(self) -> np.ndarray:
        """Every id's position as a (max id + 1, 2) float array (a copy), NaN where there is none."""
        return self._vertices.positions()

    def set_positions(self, vertices: np.ndarray, xy: np.ndarray) -> None:
        """Give many vertices their positions at once, *without events* (for building a document
        before anything shows it, as :meth:`from_edges` does; edits use :meth:`set_pos`)."""
        vertices = np.asarray(vertices, np.int64)
        present = self._dag.succ.present_mask()
        inside = (vertices >= 0) & (vertices < len(present))
        unknown = vertices[~inside] if not inside.all() else vertices[~present[vertices]]
        if unknown.size:
            raise ValueError(f"no vertex {int(unknown[0])}")
        self._vertices.set_positions(vertices, np.asarray(xy, np.float64).reshape(-1, 2))

    def to_networkx(self) -> nx.DiGraph:
        """A new networkx DiGraph of the game; nodes carry ``label``, ``pos`` and ``grundy``."""
        import networkx as nx

        graph = nx.DiGraph()
        values = self.values()
        table = self._vertices
        graph.add_nodes_from((v, {"label": table.label(v), "pos": table.pos(v), "grundy": values[v]})
                             for v in values)
        graph.add_edges_from(self.edges())
        return graph
