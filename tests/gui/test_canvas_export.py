"""PNG/SVG export draws the game, not the session: no selection ring, no highlighted move, and the
whole legend even under a graph narrower than it. The screen state comes back afterwards."""

from __future__ import annotations

import pytest
from canvas_helpers import make_canvas
from PySide6.QtGui import QImage

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.items import MOVE
from sgstudio.games.graph.tab.canvas.legend import SIZE as LEGEND_SIZE
from sgstudio.gui import palette

SIZE = (700, 500)



def diamond() -> GameGraph:
    g = GameGraph()
    for label, x, y in [("A", 0, 0), ("B", -100, 110), ("C", 100, 110), ("D", 0, 220)]:
        g.add_node(label, (float(x), float(y)))
    for u, v in [(0, 1), (0, 2), (1, 3), (2, 3)]:
        g.add_edge(u, v)
    g.add_token(0)
    return g


def colours(image: QImage) -> set[str]:
    return {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())}


def test_export_ignores_selection_and_highlight_and_restores_them(qtbot, tmp_path):
    canvas = make_canvas(qtbot, diamond(), SIZE)
    clean, marked = tmp_path / "clean.png", tmp_path / "marked.png"
    assert canvas.export_png(str(clean), scale=1.0)
    canvas.select_vertices([1, 3])
    canvas.highlight_move(0, 2)
    seen = []
    canvas.selection_changed.connect(seen.append)
    assert canvas.export_png(str(marked), scale=1.0)
    a, b = QImage(str(clean)), QImage(str(marked))
    assert a.size() == b.size()
    assert palette.SELECTION.lower() not in colours(b) and palette.SKY.lower() not in colours(b)
    assert a == b
    scene = canvas.scene()  # the screen state is back, and nobody was told it had changed
    assert canvas.selected_vertices() == [1, 3] and seen == []
    assert scene.edge_items[(0, 2)].highlight == MOVE and canvas.item_for_vertex(2).highlight == MOVE
    assert canvas.item_for_vertex(0).token_highlight
    shown = canvas.grab().toImage()
    assert palette.SKY.lower() in colours(shown)  # still highlighted on screen


def test_export_svg_is_the_same_with_a_selection_and_a_highlight(qtbot, tmp_path):
    canvas = make_canvas(qtbot, diamond(), SIZE)
    clean, marked = tmp_path / "clean.svg", tmp_path / "marked.svg"
    assert canvas.export_svg(str(clean))
    canvas.select_vertices([0, 1, 2, 3])
    canvas.highlight_move(0, 1)
    assert canvas.export_svg(str(marked))
    assert "stroke-dasharray" not in marked.read_text()  # no dashed selection ring
    assert marked.read_text() == clean.read_text()
    assert canvas.selected_vertices() == [0, 1, 2, 3]


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_legend_fits_under_a_narrow_graph(qtbot, tmp_path, scale):
    g = GameGraph()
    g.add_node("A", (0.0, 0.0))
    canvas = make_canvas(qtbot, g, SIZE)
    png = tmp_path / "one.png"
    assert canvas.export_png(str(png), scale=scale)
    image = QImage(str(png))
    assert image.width() >= (LEGEND_SIZE.width() + 16) * scale - 1
    legend_bottom = image.height() - round(8 * scale) - 1
    band = range(legend_bottom - round(40 * scale), legend_bottom)
    right = max(x for x in range(image.width()) for y in band if image.pixelColor(x, y).name() != "#ffffff")
    assert right < image.width() - 2  # the legend box ends inside the image: nothing cut off
