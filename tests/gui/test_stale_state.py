"""Nothing stale after a change of document: the Queries panel highlights the query on the graph,
and File > New empties every tab (not back to the example)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sgstudio.games.graph.tab.commands import AddTokenCommand
from sgstudio.paths import resource_path

SAMPLE = str(resource_path("examples", "hdu1524.txt"))


def click_row(qtbot, listw, row: int) -> None:
    centre = listw.visualItemRect(listw.item(row)).center()
    qtbot.mouseClick(listw.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def test_the_highlighted_query_is_the_one_on_the_graph(qtbot, window, dialogs):
    queries = window.queries
    dialogs.open_path, dialogs.case = SAMPLE, "case 2:"
    window.actions["import_hdu1524"].trigger()
    assert queries.list.count() >= 3 and queries.list.currentRow() == 0  # query 1's tokens are placed
    click_row(qtbot, queries.list, 2)
    assert window.document.model.tokens() == sorted(queries.queries[2]) and queries.list.currentRow() == 2
    dialogs.case = "case 1:"  # another import: its query 1 is placed, and is the row highlighted
    window.actions["import_hdu1524"].trigger()
    model = window.document.model
    assert model.tokens() == sorted(queries.queries[0])
    qtbot.wait(10)
    assert queries.list.currentRow() == 0 and queries.list.item(0).isSelected()
    window.undo_stack.push(AddTokenCommand(model, 0))  # tokens no query has: no row highlighted
    qtbot.waitUntil(lambda: queries.list.currentRow() == -1)
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: queries.list.currentRow() == 0)


def test_new_empties_every_tab(qtbot, window, dialogs):
    tabs = window.tabs.game_tabs
    assert tabs["snim"].model.heaps and len(tabs["splitnim"].position) and tabs["board"].model.rows
    window.actions["new"].trigger()
    assert window.document.model.nodes() == [] and window.document.name == "Untitled"
    snim, split, board = tabs["snim"], tabs["splitnim"], tabs["board"]
    assert snim.model.heaps == () and snim.model.judge is None and snim.heap_table.view.rowCount() == 0
    assert len(split.position) == 0 and split.heap_view.model().rowCount() == 0
    assert board.model.rows == () and split.settle()
    assert snim.analysis_panel.outcome_text() == "LOSE" and split.analysis_panel.outcome_text() == "LOSE"
    assert board.analysis_panel.outcome_text() == "LOSE"
    assert window.tabs.is_clean()
    window.tabs.show_tab("snim")
    assert not window.isWindowModified()
