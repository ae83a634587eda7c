"""Undo steps that fail cleanly: an edit that raises leaves the model, the undo stack and the drawing
exactly as they were.

A :class:`GuardedCommand` does its work in ``apply`` and ``revert`` (model methods only, each all or
nothing: a model method that raises has changed nothing); its ``redo`` and ``undo``, which
QUndoStack calls, guard them:

- **pushed** (:meth:`GuardedUndoStack.push`): the first ``apply`` runs before the command reaches
  the stack; if it raises, the command is not pushed at all and the push raises the error: no "Add
  edge" in the history of an edge that is not there, nothing saved that is not drawn, and the steps
  that could be redone are still there (QUndoStack's own push drops them before it looks at the
  command). A command that refuses quietly (obsolete after ``apply``: a cycle) is not pushed either.
- **undone or redone from the stack** (Ctrl+Z, Ctrl+Shift+Z, a click in the history): the step
  that raises, and every later one of the same walk, leaves the model alone; then, at the next turn
  of the event loop, the stack is moved back to where the model is, without running any command,
  and the error is raised there (the window's hook shows it).

>>> from sgstudio.games.graph.model.graph import GameGraph
>>> class AddVertex(GuardedCommand):
...     def __init__(self, model):
...         super().__init__("Add vertex"); self.model = model
...     def apply(self):
...         self.model.add_node(node_id=0)
...     def revert(self):
...         self.model.remove_node(0)
>>> g, stack = GameGraph(), GuardedUndoStack()
>>> stack.push(AddVertex(g)); g.nodes(), stack.count()
([0], 1)
>>> stack.push(AddVertex(g))       # vertex 0 is there already: the model refuses, nothing is kept
Traceback (most recent call last):
...
ValueError: vertex 0 already exists
>>> g.nodes(), stack.count()
([0], 1)
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QUndoCommand, QUndoStack


class GuardedCommand(QUndoCommand):
    """An undo command whose failing ``redo``/``undo`` change nothing (see the module docstring).

    Subclasses implement :meth:`apply` and :meth:`revert` instead of ``redo`` and ``undo``.
    """

    _stack: GuardedUndoStack | None = None
    _applied = False  # the push ran the first apply: the stack's first redo has nothing to do

    def apply(self) -> None:
        """Do the edit (the first time, and again after an undo)."""

    def revert(self) -> None:
        """Undo the edit."""

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._guarded(self.apply, undoing=False)

    def undo(self) -> None:
        self._guarded(self.revert, undoing=True)

    def _guarded(self, step, undoing: bool) -> None:
        stack = self._stack
        if stack is not None and stack.muted:
            return  # a walk of the stack after a failed step, or the stack put back: the model stays
        try:
            step()
        except Exception as err:
            if stack is None:
                raise
            stack.failed(self, undoing, err)


class GuardedUndoStack(QUndoStack):
    """A QUndoStack that keeps its index where the model is when a :class:`GuardedCommand` fails."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.muted = False
        self._error: BaseException | None = None
        self._where = 0

    def push(self, cmd: QUndoCommand) -> None:
        """Push ``cmd``. A GuardedCommand is applied first: if that raises, or the command refuses
        (obsolete), it is not pushed (the model, the stack and so the drawing are as before), and the
        error is raised."""
        if not isinstance(cmd, GuardedCommand):
            super().push(cmd)
            return
        cmd.apply()
        if cmd.isObsolete():
            return
        cmd._stack, cmd._applied = self, True
        super().push(cmd)

    def failed(self, cmd: GuardedCommand, undoing: bool, err: BaseException) -> None:
        """A step of a walk of the stack raised: the rest of the walk is muted, and the stack is put
        back where the model is (``cmd``'s state before the step) at the next turn of the loop."""
        where = next((k for k in range(self.count()) if self.command(k) is cmd), None)
        if where is None:  # not one of this stack's steps (never expected): nothing to put back
            raise err
        self._where = where + 1 if undoing else where
        self._error = err
        self.muted = True
        QTimer.singleShot(0, self._put_back)

    def _put_back(self) -> None:
        try:
            self.setIndex(self._where)
        finally:
            self.muted = False
        err, self._error = self._error, None
        if err is not None:
            raise err
