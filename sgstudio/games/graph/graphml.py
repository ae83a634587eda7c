"""The game graph as GraphML (for networkx, yEd, Gephi): networkx writes it, from the graph's own view.

Every vertex carries its ``label``, its position ``x`` and ``y``, its ``tokens`` and its value
``grundy`` (a number; in loopy mode ∞ values are written as text, like ``∞{0,2}``).

>>> import networkx as nx
>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(2, [(0, 1)]); g.add_token(0)
>>> h = nx.parse_graphml(generate(g), node_type=int)
>>> sorted(h.edges()), h.nodes[0]["tokens"], h.nodes[0]["grundy"]
([(0, 1)], 1, 1)
"""

from __future__ import annotations

import networkx as nx

from sgstudio.games.graph.model.graph import GameGraph


def generate(model: GameGraph) -> str:
    """The GraphML text of ``model`` (:meth:`~sgstudio.games.graph.model.graph.GameGraph.to_networkx`,
    flattened)."""
    out = model.to_networkx()
    for v, data in out.nodes(data=True):
        x, y = data.pop("pos") or (0.0, 0.0)
        data.update(x=float(x), y=float(y), tokens=model.token_count(v))
        if not isinstance(data["grundy"], int):
            data["grundy"] = str(data["grundy"])
    return "\n".join(nx.generate_graphml(out)) + "\n"
