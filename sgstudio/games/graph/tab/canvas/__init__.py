"""The graph canvas: a QGraphicsView editor that follows a GameGraph (the scene follows the model's
events, items only draw, one tool per mouse mode: :mod:`.scene`, :mod:`.items`, :mod:`.tools`).

``GraphCanvas(model, undo_stack)`` is the widget the main window embeds.
"""

from sgstudio.games.graph.tab.canvas.view import GraphCanvas

__all__ = ["GraphCanvas"]
