"""The Preferences dialog (Edit > Preferences): how often unsaved work is autosaved.

The setting lives in QSettings (``autosave/seconds``) and takes effect at once; 0 turns autosave
off (:mod:`sgstudio.app.autosave`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QWidget

from sgstudio.app.autosave import MAX_SECONDS, Autosave


class PreferencesDialog(QDialog):
    """One spin box for the autosave interval, with OK and Cancel."""

    def __init__(self, autosave: Autosave, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.autosave = autosave
        self.interval = QSpinBox()
        self.interval.setObjectName("autosave_seconds")
        self.interval.setRange(0, MAX_SECONDS)
        self.interval.setSuffix(" s")
        self.interval.setSpecialValueText("off")
        self.interval.setValue(autosave.seconds())
        self.interval.setToolTip("Unsaved work is written to a recovery file this often (0: never); "
                                 "after a crash the next start offers to restore it")
        standard = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(standard.Ok | standard.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        form = QFormLayout(self)
        form.addRow("Autosave every", self.interval)
        form.addRow(QLabel("A clean close removes the recovery file; saving does too."))
        form.addRow(buttons)

    def accept(self) -> None:
        self.autosave.set_seconds(self.interval.value())
        super().accept()


def edit_preferences(parent: QWidget, autosave: Autosave) -> None:
    """Show the dialog (modal); OK applies the interval."""
    PreferencesDialog(autosave, parent).exec()
