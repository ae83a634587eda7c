"""Token badges sit where no edge or arrowhead lands, and move when an edge comes their way."""

from __future__ import annotations

from canvas_helpers import make_canvas
from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QPainterPath

from sgstudio.document import sgs
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas
from sgstudio.games.graph.tab.canvas.items import VertexItem
from sgstudio.paths import resource_path

BADGE_R = 7.0 + 1.5  # a one-token badge and its outline



def point_to_line(p: QPointF, line: QLineF) -> float:
    a, b = line.p1(), line.p2()
    d = b - a
    n = d.x() ** 2 + d.y() ** 2
    t = 0.0 if n == 0 else max(0.0, min(1.0, QPointF.dotProduct(p - a, d) / n))
    q = a + d * t
    return QLineF(p, q).length()


def badge_clashes(canvas: GraphCanvas, item: VertexItem) -> list[str]:
    """The incident edges whose line or arrowhead the item's token badge touches."""
    centre = item.mapToScene(item.badge_centre())
    disc = QPainterPath()
    disc.addEllipse(centre, BADGE_R, BADGE_R)
    clashes = []
    for edge in item.edges:
        head = QPainterPath()
        head.addPolygon(edge.arrow())
        head.closeSubpath()
        if point_to_line(centre, edge.line()) < BADGE_R or disc.intersects(head):
            clashes.append(f"{edge.tail.vertex} -> {edge.head.vertex}")
    return clashes


def test_example_badges_miss_every_edge_and_arrowhead(qtbot):
    canvas = make_canvas(qtbot, sgs.read(resource_path("examples", "default.sgs")).graph)
    canvas.fit_graph()
    with_tokens = [canvas.item_for_vertex(v) for v in sorted(set(canvas.model.tokens()))]
    assert len(with_tokens) == 3
    for item in with_tokens:
        assert badge_clashes(canvas, item) == [], canvas.model.label(item.vertex)


def test_badge_moves_out_of_the_way_of_an_edge(qtbot):
    g = GameGraph()
    v = g.add_node("V", (0.0, 0.0))
    w = g.add_node("W", (0.0, 150.0))
    g.add_edge(v, w)
    g.add_token(w)
    canvas = make_canvas(qtbot, g)
    item = canvas.item_for_vertex(w)
    first = item.badge_centre()
    assert first.x() > 0 and first.y() < 0 and badge_clashes(canvas, item) == []  # top-right
    canvas.model.set_pos(v, (150.0, 0.0))  # now V -> W comes in from the top-right
    assert item.badge_centre() != first and badge_clashes(canvas, item) == []
    u = canvas.model.add_node("U", (200.0, 150.0))
    canvas.model.add_edge(w, u)  # and an edge leaves to the right
    assert badge_clashes(canvas, item) == []
