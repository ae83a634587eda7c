"""A shown GraphCanvas, shared by the canvas tests."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas


def make_canvas(qtbot, model: GameGraph, size: tuple[int, int] = (900, 700)) -> GraphCanvas:
    """The canvas on ``model`` with its own undo stack, shown and exposed at ``size``."""
    c = GraphCanvas(model, QUndoStack())
    qtbot.addWidget(c)
    c.resize(*size)
    c.show()
    qtbot.waitExposed(c)
    return c
