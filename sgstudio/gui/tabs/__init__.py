"""The window's tabs, one per game of the registry (:mod:`sgstudio.core.registry`): Graph, S-Nim,
split-nim, Board, and the worked example Nim.

Every tab is a :class:`GameTab` (:mod:`.base`): a QWidget that edits one position of its game
through its own QUndoStack (the main window puts all stacks in one QUndoGroup and activates the
current tab's), shows who wins and every winning move with the one Analysis panel, and saves/loads
its state as a JSON-able dict inside the ``.sgs`` document (``document["tabs"][tab.key]``; the
Graph tab's game is the document's graph).

The editable position lives in a Qt-free model in its game's package (``sgstudio.games.<game>.position``, with
:class:`sgstudio.core.events.Signal` events); undo commands call model methods only; the widgets
follow the model's events. :mod:`.studio_tabs` holds the tab widget of the window.
"""

from sgstudio.gui.tabs.base import GameTab

__all__ = ["GameTab"]
