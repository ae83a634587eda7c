"""Big graphs on the canvas: when a drawing counts as big, where its vertices go when it opens,
the neighbourhoods laid out where the game is, and finding a vertex by id or label.

A graph is *big* above :data:`BIG_VERTICES` vertices or :data:`BIG_EDGES` edges, checked when a
document is shown (a graph that grows past it by editing keeps the drawing it was opened with).
Small graphs keep an item per vertex and per edge, exactly as before.

Opening a big graph places its vertices without a position: the layers wrapped into a grid
(:func:`~sgstudio.games.graph.layout.big.wrapped_layers`), and, left of the grid, one *cluster*
per token: the token's vertex, its predecessors above and its successors below (the winning
moves first), so the part of the graph where the game is reads like a small drawing.
"Expand neighbourhood" adds such a cluster for any vertex.

>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(4, [(0, 1), (0, 2), (3, 0)]); g.add_token(0)
>>> members, pos = cluster(g, 0, (0.0, 0.0), set())
>>> members, pos[3], pos[0], sorted(pos[w][1] for w in (1, 2))
([0, 3, 1, 2], (0.0, -110.0), (0.0, 0.0), [110.0, 110.0])
>>> find_vertex(g, "2"), find_vertex(g, "nothing")
(2, None)
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import numpy as np

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.big.data import BigData, data_of

BIG_VERTICES = 5_000
BIG_EDGES = 20_000
DX, DY = 90.0, 110.0
CLUSTER_SIDE = 5  # at most this many predecessors and this many successors in a cluster
CLUSTER_W, CLUSTER_H = (CLUSTER_SIDE + 2) * DX, 4 * DY  # a cluster's slot
SLOTS_PER_COLUMN = 2
MAX_CLUSTERS = 40  # tokens beyond this many get no cluster at opening


Placed = tuple[list[int], tuple[float, float] | None, int]
_PREPARED: WeakKeyDictionary[GameGraph, tuple[int, Placed, BigData]] = WeakKeyDictionary()


def wants_big(model: GameGraph) -> bool:
    """Whether ``model`` is drawn the big way."""
    return len(model) > BIG_VERTICES or model.edge_count() > BIG_EDGES


def _stamp(model: GameGraph) -> tuple[int, int]:
    """What must not have changed for a prepared drawing to be taken (nothing edits a document
    between its preparation and its showing; this guards against a different graph)."""
    return len(model), model.edge_count()


def prepare(model: GameGraph) -> GameGraph:
    """Get a big graph ready to be shown: positions for the vertices without one (:func:`place_big`)
    and the drawing's arrays, kept for the canvas to take when it shows ``model`` (unchanged by
    then). Uses no Qt, so a worker thread runs it while a big file opens; a small graph is left as
    it is. Returns ``model``."""
    if wants_big(model):
        placed = place_big(model)
        _PREPARED[model] = (_stamp(model), placed, data_of(model))
    return model


def placement(model: GameGraph) -> Placed:
    """:func:`place_big`'s answer for ``model``: the one :func:`prepare` found, else placed now."""
    found = _PREPARED.get(model)
    if found is not None and found[0] == _stamp(model):
        return found[1]
    _PREPARED.pop(model, None)
    return place_big(model)


def prepared_data(model: GameGraph) -> BigData:
    """The drawing's arrays of ``model``: those :func:`prepare` built (taken), else built now."""
    found = _PREPARED.pop(model, None)
    if found is not None and found[0] == _stamp(model):
        return found[2]
    return data_of(model)


def cluster(model: GameGraph, v: int, centre: tuple[float, float], taken: set[int]
            ) -> tuple[list[int], dict[int, tuple[float, float]]]:
    """v with up to :data:`CLUSTER_SIDE` predecessors in a row above and successors in a row below
    (the winning moves' heads first, then by value), leaving out vertices in ``taken``. Returns the
    members (v first) and their positions."""
    x, y = centre
    values = model.values() if len(model) <= 64 else None
    winners = {w for u, w in model.winning_moves() if u == v}

    def rank(w: int) -> tuple:
        g = values[w] if values is not None else model.grundy(w)
        return (w not in winners, str(g), w)

    above = [u for u in sorted(model.predecessors(v)) if u not in taken and u != v][:CLUSTER_SIDE]
    below = sorted((w for w in model.successors(v) if w not in taken and w != v and w not in above),
                   key=rank)[:CLUSTER_SIDE]
    pos = {v: (x, y)}
    for row, dy in ((above, -DY), (below, DY)):
        left = x - (len(row) - 1) * DX / 2
        for k, w in enumerate(row):
            pos[w] = (left + k * DX, y + dy)
    return [v, *above, *below], pos


def slot_centre(origin: tuple[float, float], slot: int) -> tuple[float, float]:
    """The centre of cluster slot ``slot``: columns of :data:`SLOTS_PER_COLUMN` growing leftwards
    from ``origin`` (the top-right corner of the area where the game is)."""
    column, row = divmod(slot, SLOTS_PER_COLUMN)
    return origin[0] - (column + 0.5) * CLUSTER_W, origin[1] + (row + 0.5) * CLUSTER_H


def place_big(model: GameGraph) -> Placed:
    """Positions for every vertex that has none (no events: the document is being opened):
    clusters around the tokens, the rest in wrapped layers. Returns the clusters' vertices, the
    top-right corner of their area (None when nothing was placed) and how many slots they took."""
    from sgstudio.games.graph.layout.big import wrapped_layers

    xy = model.positions()
    ids = np.array(model.nodes(), np.int64)
    missing = ids[np.isnan(xy[ids, 0])]
    if not missing.size:
        return [], None, 0
    focus, pos = [], {}
    taken: set[int] = set()
    tokens = sorted(set(model.tokens()))
    placed = np.isfinite(xy[ids, 0])
    right = (float(np.nanmin(xy[ids[placed], 0])) if placed.any() else 0.0) - 6 * DX
    top = float(np.nanmin(xy[ids[placed], 1])) if placed.any() else 0.0
    lacking = set(missing.tolist())
    slots = 0
    for slot, v in enumerate(t for t in tokens[:MAX_CLUSTERS] if t in lacking):
        slots = slot + 1
        members, where = cluster(model, v, slot_centre((right, top), slot), taken)
        members = [w for w in members if np.isnan(xy[w, 0])]
        taken.update(members)
        focus += members
        pos.update({w: where[w] for w in members})
    keep = np.zeros(len(xy), bool)
    keep[missing] = True
    keep[list(taken)] = False
    grid = wrapped_layers(len(xy), *model.edge_arrays(), keep=keep, dx=DX, dy=DY)
    rest = missing[keep[missing]]
    shift = np.array([0.0 if not placed.any() else float(np.nanmax(xy[ids[placed], 0])) + 4 * DX, top])
    model.set_positions(rest, grid[rest] + shift)
    if pos:
        model.set_positions(np.array(list(pos)), np.array(list(pos.values())))
    return focus, (right, top), slots


def find_vertex(model: GameGraph, text: str) -> int | None:
    """The vertex named by ``text``: a vertex whose label is exactly ``text`` (the first in id
    order), else the vertex whose id it is; None if there is none."""
    text = text.strip()
    if not text:
        return None
    for v in model.nodes():
        if model.label(v) == text:
            return v
    try:
        v = int(text)
    except ValueError:
        return None
    return v if model.has_node(v) else None
