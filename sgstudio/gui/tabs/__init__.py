"""The number-game tabs (S-Nim, split-nim, board) beside the Graph tab.

Every tab is a :class:`GameTab`: a QWidget that edits one position of its game through its own
QUndoStack (the main window puts all stacks in one QUndoGroup and activates the current tab's),
shows who wins and every winning move, and saves/loads its state as a JSON-able dict inside the
``.sgs`` document (``document["tabs"][tab.key]``).

The editable position lives in a Qt-free model under :mod:`sgstudio.core.positions` (with
:class:`sgstudio.core.events.Signal` events); undo commands call model methods only; the widgets
follow the model's events.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget


class GameTab(QWidget):
    """Base of the number-game tabs: what the main window relies on.

    Subclasses set ``key`` (``"snim"``, ``"splitnim"``, ``"board"``: the ``--tab`` name and the
    key in the document), ``title`` (shown on the tab) and ``judge_format`` (``"hdu1536"``,
    ``"hdu5795"``, ``"hdu5724"``), and implement the four methods below. The optional methods after
    them have working defaults, so a subclass that does not override them loses nothing.

    The main window follows ``undo_stack``: its clean state is the tab's share of the window's
    "modified" flag, and any change of its index (an edit) ends play mode on the tab.
    """

    key: str = ""
    title: str = ""
    judge_format: str = ""
    #: whether the tab shows its own "playing" banner (False in the window, whose tab bar shows one)
    banner_in_tab: bool = True

    #: a one-line message for the status bar
    status_message = Signal(str)
    #: a person's move made in the tab while play is on (a move tuple of the tab's game, see
    #: :mod:`sgstudio.core.play`); the main window passes it to the Play panel, which refuses an
    #: illegal one with the game's reason
    play_move_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)

    def cancel_work(self) -> None:
        """Cancel every background task below the tab and wait until each stopped (before the tab goes
        away: closing the tab or the window calls this). A tab with more to stop extends it."""
        from sgstudio.gui.tasks import Task

        for task in self.findChildren(Task):
            if task.is_running():
                task.cancel_and_wait()

    def closeEvent(self, event) -> None:
        self.cancel_work()
        super().closeEvent(event)

    def to_state(self) -> dict[str, Any]:
        """The tab's state as plain JSON data (saved in the document)."""
        raise NotImplementedError

    def load_state(self, state: dict[str, Any]) -> None:
        """Replace the tab's state; raise ValueError with a clear message (tab unchanged) if invalid.

        Clears the tab's undo stack: a loaded document starts a new history.
        """
        raise NotImplementedError

    def import_judge_text(self, text: str, file: str, case: int | None = None) -> None:
        """Load test case ``case`` (0-based) of a judge file of ``judge_format``.

        With ``case=None`` and several cases, ask the user which one (a dialog). Raise
        :class:`sgstudio.core.errors.ParseError` on bad input, leaving the tab unchanged.
        """
        raise NotImplementedError

    def game_and_position(self) -> tuple[Any, tuple]:
        """The core Game (protocol of :mod:`sgstudio.core.play`) and the current position, for play."""
        raise NotImplementedError

    # -- optional: the defaults below work for every tab; override to do better --------------------
    def empty_state(self) -> dict[str, Any]:
        """The tab's state in a new document (File > New): its game with no position at all.

        The default is the state the tab has when made (a tab with nothing to empty keeps it).
        """
        probe = type(self)()
        try:
            return probe.to_state()
        finally:
            probe.close()
            probe.deleteLater()

    def check_state(self, state: dict[str, Any]) -> None:
        """Raise ValueError (with a clear message) if :meth:`load_state` would refuse ``state``.

        The main window checks every tab's state of a document before it changes anything. The
        default loads ``state`` into a throwaway instance of the tab's class (this tab is untouched);
        a tab with a cheaper check may override it.
        """
        probe = type(self)()
        try:
            probe.load_state(state)
        finally:
            probe.close()
            probe.deleteLater()

    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a position reached in the Play panel (``move`` led to it when stepping forward).

        Play runs on a copy: the tab's own position and undo stack must stay as they are. Return True
        when shown; the default shows nothing (the Play panel shows positions as text) and returns False.
        """
        return False

    def end_play(self) -> None:
        """Play mode ended: show the tab's own position again (default: nothing to undo)."""

    def highlight_play_move(self, move: tuple | None) -> None:
        """Point at ``move`` of the played position (the Play panel's Hint), or at nothing (None).

        The default shows nothing (the Play panel names the move in words)."""

    def can_keep_play_position(self) -> bool:
        """Whether :meth:`keep_play_position` is implemented (the Play panel's "Keep position")."""
        return False

    def keep_play_position(self, position: tuple) -> None:
        """Make a played position the tab's own, as one undo step (only if :meth:`can_keep_play_position`)."""
        raise NotImplementedError
