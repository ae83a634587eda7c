"""Small widgets shared by the panels and the tabs.

:func:`group_box` frames widgets under a title.

:class:`OutcomeBanner` is the WIN / LOSE banner of every view of a position (the Analysis panel of
the Graph tab, the S-Nim, split-nim and Board tabs): WIN in ink on orange, LOSE in white on blue
(the palette's Okabe–Ito colours for a non-zero and a zero nim-sum), or a grey banner while there is
no verdict (a table being computed, a value out of reach).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from sgstudio.gui import palette

PENDING = "…"


class OutcomeBanner(QLabel):
    """WIN or LOSE in large type on its colour; :meth:`set_outcome` (None: no verdict yet).

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> banner = OutcomeBanner()
    >>> banner.set_outcome(True); banner.text(), palette.ORANGE in banner.styleSheet()
    ('WIN', True)
    >>> banner.set_outcome(None, "?"); banner.text(), palette.GRID in banner.styleSheet()
    ('?', True)
    """

    def __init__(self, parent: QWidget | None = None, point_size: float = 30, height: int = 56) -> None:
        super().__init__("", parent)
        self.setObjectName("outcome")
        self.setFont(palette.font(point_size, bold=True))
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumHeight(height)

    def set_outcome(self, win: bool | None, text: str | None = None) -> None:
        """WIN (``True``), LOSE (``False``), or no verdict (``None``: ``text``, by default ``…``)."""
        if win is None:
            label, back, ink = PENDING if text is None else text, palette.GRID, palette.INK
        elif win:
            label, back, ink = "WIN", palette.ORANGE, palette.INK
        else:
            label, back, ink = "LOSE", palette.BLUE, palette.PAPER
        self.setText(label)
        self.setStyleSheet(f"QLabel#outcome {{ background: {back}; color: {ink}; "
                           "border-radius: 6px; padding: 4px; }")

    def clear_outcome(self) -> None:
        """No banner at all (nothing to judge, like no game open)."""
        self.setText("")
        self.setStyleSheet("")


def group_box(title: str, *widgets: QWidget) -> QGroupBox:
    """A titled frame holding ``widgets`` one under the other."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    for widget in widgets:
        layout.addWidget(widget)
    return box
