"""The graph canvas: a QGraphicsView editor that follows a GameGraph (see ARCHITECTURE.md).

``GraphCanvas(model, undo_stack)`` is the widget the main window embeds.
"""

from sgstudio.games.graph.tab.canvas.view import GraphCanvas

__all__ = ["GraphCanvas"]
