"""Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y) in a tab's text field or spin box reach Edit > Undo / Redo when
the field has nothing of its own to undo or redo.

A QLineEdit claims the undo keys whenever it has the focus (Qt accepts their shortcut override even
with an empty undo history), so after typing heaps and Enter, the focus still in the field, Ctrl+Z
did nothing at all. :func:`pass_undo_keys` installs a filter on every field and spin box below a
widget: the field keeps the keys while it has typing of its own to undo (or redo), else it leaves
them to the window's actions, which undo the tab's last edit. A field whose typing is itself the
tab's edit, step by step (the S-Nim S field, checked and applied as it is typed), is marked with
:data:`LIVE`: its undo keys always go to the window, so that Ctrl+Z moves back in the tab's history
(the field's own undo would record its old text as one more step, and the redo would be lost).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QWidget

StandardKey = QKeySequence.StandardKey
REDO_KEYS = ((Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
             (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier))
"""The window's redo keys (Edit > Redo: Ctrl+Shift+Z, Ctrl+Y)."""
LIVE = "sgstudio_typing_is_the_edit"
"""A field's property: True when each change typed into it is the tab's edit (undone by the tab)."""


class UndoKeysToWindow(QObject):
    """The event filter: a shortcut override of an undo key is left unclaimed when the field (a
    QLineEdit, or a spin box's) has nothing of its own to undo or redo."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        edit = watched if isinstance(watched, QLineEdit) else watched.findChild(QLineEdit)
        if edit is None:
            return False
        live = bool(edit.property(LIVE))
        if event.matches(StandardKey.Undo):
            return live or not edit.isUndoAvailable()  # True: the field never sees it, Edit > Undo runs
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if event.matches(StandardKey.Redo) or (event.key(), modifiers) in REDO_KEYS:
            return live or not edit.isRedoAvailable()
        return False


def pass_undo_keys(root: QWidget) -> UndoKeysToWindow:
    """Install the filter on every text field and spin box below ``root`` (made so far); return it."""
    keys = UndoKeysToWindow(root)
    for spin in root.findChildren(QAbstractSpinBox):
        spin.installEventFilter(keys)
    for edit in root.findChildren(QLineEdit):
        if not isinstance(edit.parent(), QAbstractSpinBox):
            edit.installEventFilter(keys)
    return keys
