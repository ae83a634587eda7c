"""Helpers of the tab tests: a tab shown at the window's usual size."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def show_tab(qtbot, tab: QWidget, width: int = 1280, height: int = 800) -> QWidget:
    """``tab`` registered with qtbot (closed after the test), shown at ``width`` x ``height`` and exposed."""
    qtbot.addWidget(tab)
    tab.resize(width, height)
    tab.show()
    qtbot.waitExposed(tab)
    return tab
