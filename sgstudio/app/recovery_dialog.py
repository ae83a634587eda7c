"""One dialog for every orphaned recovery file (issue 29, item 8): 154 orphans were 154 dialogs.

One orphan: Restore or Discard, as before. Several: the list of them, newest first and chosen, with
Restore the newest, Restore the chosen (the list's selection) and Discard all; what is not restored
stays for a later start unless Discard all is clicked.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QListWidget, QMessageBox, QWidget

from sgstudio.document import recovery

DISCARD_ALL = "discard all"


def choose(parent: QWidget | None, found: Sequence[recovery.Recovery]) -> recovery.Recovery | str | None:
    """The orphan to restore; :data:`DISCARD_ALL` when every one is to go; None: keep them for later
    (only if the dialog is closed otherwise)."""
    if len(found) == 1:
        box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved work",
                          "sgstudio did not close properly last time. Unsaved work was kept:\n\n"
                          f"{found[0].describe()}\n\nRestore it? Discard deletes it.", parent=parent)
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(restore)
        box.setObjectName("recovery_dialog")
        box.exec()
        return found[0] if box.clickedButton() is restore else DISCARD_ALL if box.clickedButton() is discard \
            else None
    box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved work",
                      f"sgstudio did not close properly {len(found)} times. The unsaved work of each was "
                      "kept (newest first). Restore one? Discard all deletes them all; what is not "
                      "restored is offered again at the next start.", parent=parent)
    box.setObjectName("recovery_dialog")
    listing = QListWidget(box)
    listing.setObjectName("recovery_list")
    listing.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    listing.addItems([item.describe() for item in found])
    listing.setCurrentRow(0)
    layout = box.layout()
    layout.addWidget(listing, layout.rowCount(), 0, 1, layout.columnCount())
    newest = box.addButton("Restore the newest", QMessageBox.ButtonRole.AcceptRole)
    chosen = box.addButton("Restore the chosen", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("Discard all", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(newest)
    box.exec()
    clicked = box.clickedButton()
    if clicked is newest:
        return found[0]
    if clicked is chosen:
        return found[max(0, listing.currentRow())]
    return DISCARD_ALL if clicked is discard else None
