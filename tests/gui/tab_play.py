"""Helpers of the play tests on the number-game tabs (shared by test_tabs_play and test_play_moves)."""

from __future__ import annotations


def tab(window, key):
    return window.tabs.game_tabs[key]


def settle(qtbot, window, key: str) -> None:
    """Wait until the tab's background work for its position is done (S-Nim: the period search)."""
    t = tab(window, key)
    if key == "snim":
        qtbot.waitUntil(lambda: t.model.period_result is not None and not t.work.tasks, timeout=20000)
    elif key == "splitnim":
        assert t.settle()


def shown(window, key: str) -> tuple:
    """The position the tab displays, read back from its widgets."""
    t = tab(window, key)
    if key == "snim":
        return tuple(int(x) for x in t.heap_table.shown_sizes())
    if key == "splitnim":
        return tuple(int(x) for x in t.heap_view.shown_sizes())
    return t.view.model.rows
