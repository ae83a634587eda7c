"""A person's moves in every tab while playing, through the real window: made in the tab (a heap row
asked for a take or a split, a chess clicked), typed in the Play panel's "Type a move" line, or
refused with the game's one-line reason (position unchanged); and the Hint shown in each tab.

Every expected move and position comes from the session's game (the core), never from a number
written here; the texts checked are the games' reasons in the numbering people see.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from tab_play import settle, shown, tab

from sgstudio.core.play.session import Mode, PlaySession
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.canvas.items import MOVE
from sgstudio.games.splitnim.tab.heaps import SIZE
from sgstudio.gui.tabs import play_mode

L = Qt.MouseButton.LeftButton
BOARD = {"width": 20, "rows": [[12, 13, 17], [19, 20], [5]]}  # the chesses of row 2 cannot move


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(play_mode, "DURATION_MS", 0)
    monkeypatch.setattr(animation, "DURATION_MS", 0)


def open_tab(qtbot, window, key: str, state: dict | None = None):
    t = tab(window, key)
    if state is not None:
        t.load_state({**t.to_state(), **state})
    window.tabs.show_tab(key)
    settle(qtbot, window, key)
    return t


def start(qtbot, window, mode: Mode) -> PlaySession:
    panel = window.play
    panel.reply_ms = 0
    panel.set_mode(mode)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing
    return panel.session


def assert_refused(window, s: PlaySession, index: int, reason: str) -> None:
    """The move was refused with ``reason`` in the panel and the status bar; nothing changed."""
    assert f"Refused: {reason}" in window.play.notice.text()
    assert reason in window.statusBar().currentMessage()
    assert s.index == index


def ask_on_row(qtbot, view, asker, rect, text: str) -> None:
    """Double-click a heap row (play mode): the asker opens over it; type ``text`` and Enter."""
    qtbot.mouseClick(view.viewport(), L, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), L, pos=rect.center())
    assert asker.isVisible()
    qtbot.keyClicks(asker, text)
    qtbot.keyClick(asker, Qt.Key.Key_Return)
    assert not asker.isVisible()


def snim_row(qtbot, t, row: int, text: str) -> None:
    view = t.heap_table.view
    ask_on_row(qtbot, view, t.heap_table.asker, view.visualItemRect(view.item(row, 0)), text)


def splitnim_row(qtbot, t, row: int, text: str) -> None:
    view = t.heap_view
    ask_on_row(qtbot, view, view.asker, view.visualRect(view.model().index(row, SIZE)), text)


def split_text(after: tuple) -> str:
    """What a person types on a split-nim row for a move to ``after``."""
    if len(after) > 1:
        return " + ".join(map(str, after))
    return f"-> {after[0]}" if after else "take all"


def type_move(qtbot, window, text: str) -> None:
    edit = window.play.move_edit
    assert edit.isEnabled()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


# -- moves made in the tabs ------------------------------------------------------------------------
def test_snim_a_take_asked_on_a_heap_row_is_played_and_the_computer_answers(qtbot, window, fast):
    t = open_tab(qtbot, window, "snim", {"heaps": [3, 12, 20]})
    s = start(qtbot, window, Mode.HUMAN_VS_COMPUTER)
    S = s.game.S
    absent = next(k for k in range(1, 30) if k not in S)
    snim_row(qtbot, t, 1, str(absent))
    assert_refused(window, s, 0, f"take {absent} is not in S")
    too_many = next(k for k in S if k > s.start[0])
    snim_row(qtbot, t, 0, f"take {too_many}")  # heap 1 has 3 stones
    assert_refused(window, s, 0, f"heap 1 has only {s.start[0]} stones")
    assert shown(window, "snim") == s.start
    i, take = (s.game.winning_moves(s.start) or s.game.legal_moves(s.start))[0]
    view = t.heap_table.view
    view.setCurrentCell(i, 0)
    qtbot.keyClick(view, Qt.Key.Key_Return)  # Enter on a row asks too
    qtbot.keyClicks(t.heap_table.asker, str(take))
    qtbot.keyClick(t.heap_table.asker, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: s.index == 2)  # the computer answered
    assert s.history[0].move == (i, take) and s.history[0].reason == "by hand"
    assert s.history[1].player == 2 and shown(window, "snim") == s.position
    assert t.model.heaps == s.start and t.undo_stack.count() == 0  # the tab's own position is untouched


def test_splitnim_a_split_asked_on_a_heap_row_is_played_and_refusals_name_the_reason(qtbot, window, fast):
    t = open_tab(qtbot, window, "splitnim")
    s = start(qtbot, window, Mode.HUMAN_VS_COMPUTER)
    n = s.start[0]
    splitnim_row(qtbot, t, 0, f"1 + 0 + {n - 1}")  # an empty part
    assert_refused(window, s, 0, f"a split needs {s.game.parts} non-empty heaps")
    splitnim_row(qtbot, t, 0, "1 + 1 + 1")  # the wrong sum
    assert_refused(window, s, 0, f"parts must sum to {n}")
    splitnim_row(qtbot, t, 0, "two")  # not a move at all: the tab says how to write one
    assert "Not a move" in t.message.text() and s.index == 0
    assert shown(window, "splitnim") == s.start
    i, after = s.game.winning_moves(s.start)[0]
    splitnim_row(qtbot, t, i, split_text(after))
    qtbot.waitUntil(lambda: s.index == 2)
    assert s.history[0].move == (i, after) and s.history[0].after == s.game.apply(s.start, (i, after))
    assert shown(window, "splitnim") == s.position and t.position.heaps == s.start


def test_board_a_clicked_chess_makes_its_move_and_one_that_cannot_move_is_refused(qtbot, window, fast):
    t = open_tab(qtbot, window, "board", BOARD)
    s = start(qtbot, window, Mode.HUMAN_VS_COMPUTER)
    blocked = s.start[1][0]
    qtbot.mouseClick(t.view.viewport(), L, pos=t.view.cell_center(1, blocked))
    assert_refused(window, s, 0, f"the chess at row 2, column {blocked} cannot move")
    assert shown(window, "board") == s.start
    r, c, d = (s.game.winning_moves(s.start) or s.game.legal_moves(s.start))[0]
    qtbot.mouseClick(t.view.viewport(), L, pos=t.view.cell_center(r, c))
    qtbot.waitUntil(lambda: s.index == 2 or s.is_over)
    assert s.history[0].move == (r, c, d) and shown(window, "board") == s.position
    assert t.model.rows == s.start and t.undo_stack.count() == 0


# -- typed moves -----------------------------------------------------------------------------------
def test_graph_typed_moves_by_label_and_a_typed_non_edge_is_refused(qtbot, window, fast):
    s = start(qtbot, window, Mode.TWO_HUMANS)
    model = window.document.model
    label = {v: model.label(v) for v in model.nodes()}
    u = s.start[0]
    not_succ = next(v for v in model.nodes() if v not in model.successors(u) and v != u)
    type_move(qtbot, window, f"{label[u]} -> {label[not_succ]}")
    assert_refused(window, s, 0, f"{label[u]} -> {label[not_succ]} is not an edge")
    assert window.play.move_edit.text() != ""  # kept for correcting
    window.play.move_edit.clear()
    type_move(qtbot, window, f"{label[u]} -> nowhere")
    assert "Not a move: no vertex is named 'nowhere'" in window.play.notice.text() and s.index == 0
    window.play.move_edit.clear()
    v = model.successors(u)[0] if isinstance(model.successors(u), list) else sorted(model.successors(u))[0]
    type_move(qtbot, window, f"{label[u]} {label[v]}")
    assert s.index == 1 and s.history[0].move == (u, v) and window.play.move_edit.text() == ""
    tokens = {vertex: item.tokens for vertex, item in window.canvas.scene().vertex_items.items()}
    assert sorted(k for k, n in tokens.items() for _ in range(n)) == sorted(s.position)


@pytest.mark.parametrize("key", ["snim", "splitnim", "board"])
def test_typed_moves_in_the_number_tabs(qtbot, window, fast, key):
    open_tab(qtbot, window, key, BOARD if key == "board" else None)
    s = start(qtbot, window, Mode.TWO_HUMANS)
    pos = s.start
    if key == "snim":
        bad, reason = "heap 1 take 1", "take 1 is not in S"
        i, take = s.game.legal_moves(pos)[0]
        good, move = f"heap {i + 1} take {take}", (i, take)
    elif key == "splitnim":
        bad, reason = f"1 -> 1 + 1 + {pos[0]}", f"parts must sum to {pos[0]}"
        move = s.game.winning_moves(pos)[0]
        good = f"{move[0] + 1} -> {' + '.join(map(str, move[1]))}" if move[1] else f"{move[0] + 1} take all"
    else:
        bad, reason = f"2 {pos[1][1]}", f"the chess at row 2, column {pos[1][1]} cannot move"
        move = s.game.legal_moves(pos)[0]
        good = f"row {move[0] + 1}: {move[1]} -> {move[2]}"
    type_move(qtbot, window, bad)
    assert_refused(window, s, 0, reason)
    assert shown(window, key) == pos
    window.play.move_edit.clear()
    type_move(qtbot, window, good)
    assert s.index == 1 and s.history[0].move == move and shown(window, key) == s.position
    type_move(qtbot, window, "heap")  # not a move of any game: the syntax is named
    assert "Not a move: write a move as" in window.play.notice.text() and s.index == 1


def test_the_type_a_move_line_names_the_syntax_and_is_off_outside_play(qtbot, window, fast):
    panel = window.play
    assert not panel.move_edit.isEnabled()
    open_tab(qtbot, window, "splitnim")
    start(qtbot, window, Mode.TWO_HUMANS)
    assert "2 -> 2 + 3 + 4" in panel.move_edit.placeholderText()
    assert "2 take 3" in panel.move_edit.toolTip() and "2 -> 5" in panel.move_edit.toolTip()
    assert "split heap 2" in panel.move_edit.toolTip()
    signal = "2play_move_requested(PyObject)"
    assert tab(window, "splitnim").receivers(signal) == 1  # connected to the panel while playing
    qtbot.mouseClick(panel.start_button, L)
    assert not panel.move_edit.isEnabled()
    assert tab(window, "splitnim").receivers(signal) == 0  # and disconnected after


# -- hints -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["graph", "snim", "splitnim", "board"])
def test_hint_is_shown_in_the_tab(qtbot, window, fast, key):
    if key != "graph":
        t = open_tab(qtbot, window, key, BOARD if key == "board" else None)
    s = start(qtbot, window, Mode.TWO_HUMANS)
    qtbot.mouseClick(window.play.hint_button, L)
    move = s.hint().move
    assert window.play.notice.text().startswith("Hint: ")
    lit = QColor(play_mode.HIGHLIGHT)
    if key == "graph":
        scene = window.canvas.scene()
        assert scene.edge_items[move].highlight == MOVE
    elif key == "snim":
        colours = [t.heap_table.view.item(r, 0).background().color() for r in range(len(s.position))]
        assert [c.name() == lit.name() and c.alpha() > 0 for c in colours] == [
            r == move[0] for r in range(len(s.position))]
        moves = t.analysis_panel.moves
        assert moves.currentItem() is None or t.analysis_panel.move_rows()[moves.currentRow()] == move
    elif key == "splitnim":
        model = t.heap_view.model()
        brushes = [model.data(model.index(r, SIZE), Qt.ItemDataRole.BackgroundRole)
                   for r in range(model.rowCount())]
        assert [b is not None for b in brushes] == [r == move[0] for r in range(model.rowCount())]
    else:
        t.view.viewport().grab()
        assert t.view.hint == move and move in t.view.drawn_arrows
    assert window.play.play_move(move)  # the next position: the hint is gone
    if key == "snim":
        assert all(t.heap_table.view.item(r, 0).background().color().alpha() == 0
                   or t.heap_table.view.item(r, 0).background().style() == Qt.BrushStyle.NoBrush
                   for r in range(len(s.position)))
    elif key == "splitnim":
        assert t.play.model.colour is None
    elif key == "board":
        assert t.view.hint is None
