"""The Sum tab (:class:`SumTab`) and the window's "Add to sum" action (:func:`add_to_sum_action`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence

from sgstudio.core.errors import SGStudioError
from sgstudio.games.sum.tab.tab import SumTab

__all__ = ["SumTab", "add_to_sum", "add_to_sum_action"]


def add_to_sum(tabs: Any) -> str:
    """Copy the current tab's position (its game, rule and names) into the Sum tab, as one undo step
    there; return what was done, for the status bar."""
    tab, sums = tabs.current_tab(), tabs.game_tabs.get(SumTab.key)
    if sums is None:
        return "There is no Sum tab"
    if not tab.addable:
        return "Add to sum copies another tab's position: choose a tab, then Edit > Add to Sum"
    try:
        component = tab.sum_component()
        component.value()
    except (ValueError, SGStudioError) as err:
        return f"Not added to the sum: {err}"
    if not sums.add_component(component):
        return "Not added: the Sum tab is being played; stop play first"
    return f"Added to the sum as #{len(sums.model.components)}: {component.text()}"


def add_to_sum_action(window: Any) -> QAction:
    """Edit > Add to Sum (Ctrl+Shift+A): the current tab's position joins the Sum tab."""
    action = QAction("Add to &Sum", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+A"))
    action.setStatusTip("Copy this tab's position, with its game and rule, into the Sum tab")
    action.triggered.connect(lambda: window.statusBar().showMessage(add_to_sum(window.tabs), 6000))
    window.menus["edit"].insertAction(window.actions["preferences"], action)
    return action
