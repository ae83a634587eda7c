"""The Board tab on real widgets: cells clicked at their pixels, keys, buttons, the moves list, the
judge sample, the worker that computes a table, undo/redo and saving. Every number and every arrow is
compared with the core (:mod:`sgstudio.games.board.game`), never with a value written here."""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import QPoint, Qt
from tab_helpers import show_tab

from sgstudio.core.errors import ParseError
from sgstudio.games.board import game as board
from sgstudio.games.board import hdu5724
from sgstudio.games.board.position import BoardPosition
from sgstudio.games.board.tab import BoardTab
from sgstudio.games.board.tab.tab import load_table
from sgstudio.paths import resource_path

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def make_tab(qtbot, rows=((19, 20), (18,), (3, 4, 5, 9), (1, 2, 12, 13, 14)), width=20) -> BoardTab:
    return show_tab(qtbot, BoardTab(model=BoardPosition(rows, width)))


@pytest.fixture
def tab(qtbot, dialogs) -> BoardTab:
    return make_tab(qtbot)


def click_cell(qtbot, tab: BoardTab, row: int, column: int) -> None:
    tab.view.ensure_row_visible(row)
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=tab.view.cell_center(row, column))


def drawn(tab: BoardTab) -> tuple[dict[int, str], list[tuple[int, int, int]]]:
    tab.view.viewport().grab()  # paints the viewport now, exposed or not
    return tab.view.drawn_values, tab.view.drawn_arrows


def assert_shows_core(tab: BoardTab) -> None:
    """Values, total, W/L, listed moves and arrows all equal the core's for the model's rows."""
    rows, width = tab.model.rows, tab.model.width
    values = [board.row_grundy(r, width) for r in rows]
    game = board.BoardGame(width)
    moves = board.winning_moves(rows, width)
    assert tab.analysis_panel.outcome_text() == ("WIN" if game.value(rows) else "LOSE")
    assert tab.analysis_panel.move_rows() == moves == tab.view.arrows()
    texts = tab.analysis_panel.move_texts()
    for text, (i, c, d) in zip(texts, moves, strict=True):
        after = board.row_grundy(game.apply(rows, (i, c, d))[i], width)
        assert text == f"row {i + 1}: {c} -> {d}, value {values[i]} -> {after}"
    assert tab.analysis_panel.table.toPlainText().splitlines()[-1].split()[1] == str(game.value(rows))
    shown, arrows = drawn(tab)
    assert shown and all(shown[i] == str(values[i]) for i in shown)
    assert arrows == [m for m in moves if m[0] in shown]


def test_clicking_cells_places_and_removes_chesses(qtbot, tab):
    assert_shows_core(tab)
    with qtbot.waitSignal(tab.status_message) as said:
        click_cell(qtbot, tab, 1, 5)
    assert said.args == ["Place chess at row 2, column 5"]
    assert tab.model.row(1) == (5, 18) and tab.undo_stack.count() == 1
    assert tab.undo_stack.undoText() == "Place chess at row 2, column 5"
    assert_shows_core(tab)
    click_cell(qtbot, tab, 0, 20)
    assert tab.model.row(0) == (19,)
    assert_shows_core(tab)
    assert tab.view.current_row == 0
    tab.undo_stack.undo()
    assert tab.model.row(0) == (19, 20)
    assert_shows_core(tab)


def test_a_click_outside_the_cells_changes_nothing(qtbot, tab):
    before = tab.model.rows
    on_row_number = QPoint(tab.view.cell_rect(0, 1).left() - 5, tab.view.cell_center(0, 1).y())
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=tab.view.badge_rect(1).center())
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=on_row_number)
    assert tab.model.rows == before and tab.undo_stack.count() == 0
    assert tab.view.current_row == 0  # the row number makes its row current


def test_arrows_go_from_the_chess_to_its_landing_cell(qtbot, tab):
    moves = tab.view.arrows()
    assert moves == board.winning_moves(tab.model.rows)
    assert any(d > c + 1 for _i, c, d in moves)  # the example has a jump over a block
    for i, c, d in moves:
        path = tab.view.arrow_path((i, c, d))
        assert tab.view.cell_rect(i, c).contains(path.pointAtPercent(0).toPoint())
        assert tab.view.cell_rect(i, d).contains(path.pointAtPercent(1).toPoint())
        if d > c + 1:  # curved over the jumped block, above the discs' centres
            middle = path.pointAtPercent(0.5)
            assert middle.y() < tab.view.cell_center(i, c + 1).y() - tab.view.cell * 0.3


def test_hovering_a_listed_move_highlights_its_arrow_and_double_click_plays_it(qtbot, tab):
    lst = tab.analysis_panel.moves
    last = lst.count() - 1
    rect = lst.visualItemRect(lst.item(last))
    qtbot.mouseMove(lst.viewport(), rect.center())
    qtbot.waitUntil(lambda: tab.view.highlighted == tab.analysis_panel.move_rows()[last])
    move = tab.view.highlighted
    before = tab.model.rows
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # a double click's
    qtbot.mouseDClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # press, then this
    assert tab.model.rows == board.BoardGame().apply(before, move)
    assert tab.analysis_panel.outcome_text() == "LOSE" and tab.view.arrows() == []
    assert tab.undo_stack.count() == 1
    assert_shows_core(tab)
    tab.undo_stack.undo()
    assert tab.model.rows == before
    assert_shows_core(tab)


def test_rows_are_added_and_removed_by_buttons_and_shortcuts(qtbot, tab):
    n = tab.model.row_count()
    click_cell(qtbot, tab, 1, 1)  # row 2 becomes current
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)
    assert tab.model.row_count() == n + 1 and tab.model.row(2) == () and tab.view.current_row == 2
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_R, CTRL_SHIFT)
    assert tab.model.row_count() == n + 2 and tab.model.row(3) == ()
    qtbot.keyClick(tab.view, Qt.Key.Key_Insert)
    assert tab.model.row_count() == n + 3
    qtbot.keyClick(tab.view, Qt.Key.Key_Delete)
    qtbot.keyClick(tab.view, Qt.Key.Key_D, CTRL_SHIFT)
    assert tab.model.row_count() == n + 1
    tab.view.set_current_row(0)
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)
    assert tab.model.rows[0] == (1, 18) and tab.model.row_count() == n
    assert tab.undo_stack.count() == 7
    assert_shows_core(tab)


def test_keyboard_moves_the_cursor_and_space_toggles(qtbot, tab):
    tab.view.setFocus()
    click_cell(qtbot, tab, 0, 1)
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Space):
        qtbot.keyClick(tab.view, key)
    assert tab.model.row(0) == (1, 19, 20) and tab.model.row(1) == (3, 18)
    assert_shows_core(tab)


def test_removing_every_row_is_refused_with_a_message(qtbot, dialogs):
    tab = make_tab(qtbot, rows=[(1,)])
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)
    assert tab.model.row_count() == 0 and tab.analysis_panel.outcome_text() == "LOSE"
    tab.remove_row()
    assert tab.message.text() == "There is no row to remove." and tab.undo_stack.count() == 1


def test_a_width_that_cuts_a_chess_is_refused_and_changes_nothing(qtbot, tab):
    tab.width_box.selectAll()
    qtbot.keyClicks(tab.width_box, "12")
    qtbot.keyClick(tab.width_box, Qt.Key.Key_Return)
    assert tab.model.width == 20 and tab.width_box.value() == 20
    assert "cannot be 12 wide: a chess stands in column 20" in tab.message.text()
    assert tab.message.isVisibleTo(tab) and tab.undo_stack.count() == 0


def test_a_new_width_is_computed_in_the_worker(qtbot, dialogs):
    tab = make_tab(qtbot, rows=[(1, 2, 5), (7,)])
    tab.width_box.selectAll()
    qtbot.keyClicks(tab.width_box, "9")
    qtbot.keyClick(tab.width_box, Qt.Key.Key_Return)
    assert tab.model.width == 9 and tab.undo_stack.undoText() == "Width 20 -> 9"
    qtbot.waitUntil(lambda: tab.analysis is not None, timeout=60_000)
    assert tab.task is None and not tab.progress.isVisible()
    assert_shows_core(tab)
    assert tab.view.cell_at(tab.view.cell_center(1, 9)) == (1, 9)
    assert tab.view.cell_at(tab.view.cell_center(1, 9) + QPoint(tab.view.cell, 0)) is None
    tab.undo_stack.undo()
    assert tab.model.width == 20 and tab.analysis_width == 20


def test_stepping_the_width_is_one_undo_step(qtbot, dialogs):
    tab = make_tab(qtbot, rows=[(1, 3), (17,)])
    tab.width_box.setFocus()
    for _ in range(3):
        qtbot.keyClick(tab.width_box, Qt.Key.Key_Down)
    assert tab.model.width == 17 and tab.undo_stack.count() == 1
    assert tab.undo_stack.undoText() == "Width 20 -> 17"
    qtbot.keyClick(tab.width_box, Qt.Key.Key_Down)  # column 17 holds a chess: refused
    assert tab.model.width == 17 == tab.width_box.value() and "column 17" in tab.message.text()
    qtbot.waitUntil(lambda: tab.analysis is not None and tab.analysis_width == 17, timeout=60_000)
    assert_shows_core(tab)
    tab.undo_stack.undo()
    assert tab.model.width == 20 == tab.width_box.value()
    assert_shows_core(tab)


def slow_loader(width, progress):
    for i in range(400):
        progress(i, 400)
        time.sleep(0.01)
    return load_table(width, progress)


def test_the_table_computation_shows_progress_and_can_be_cancelled(qtbot, dialogs):
    tab = make_tab(qtbot, rows=[(1, 3)])
    tab.table_loader = slow_loader
    tab.width_box.setFocus()
    qtbot.keyClick(tab.width_box, Qt.Key.Key_Down)  # one step: width 19
    assert tab.model.width == 19 and tab.task is not None
    qtbot.waitUntil(lambda: tab.progress.bar.maximum() == 400)
    assert tab.progress.isVisible() and tab.analysis_panel.outcome_text() == "…"
    assert set(drawn(tab)[0].values()) == {"…"}
    click_cell(qtbot, tab, 0, 2)  # the board stays editable meanwhile
    assert tab.model.row(0) == (1, 2, 3)
    qtbot.mouseClick(tab.progress.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.task is None)
    assert not tab.progress.isVisible() and tab.compute.isVisible()
    assert "not computed (cancelled)" in tab.analysis_panel.verdict.text() and tab.analysis is None
    tab.table_loader = load_table
    qtbot.mouseClick(tab.compute, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.analysis is not None, timeout=60_000)
    assert_shows_core(tab)


def test_the_judge_sample_imports_with_the_judges_answers(qtbot, tab, dialogs):
    text = resource_path("examples", "hdu5724.txt").read_text()
    judge = ["LOSE", "WIN"]  # the judge's sample output: NO, YES
    for k, expected in enumerate(judge):
        tab.import_judge_text(text, "hdu5724.txt", case=k)
        assert tab.model.rows == hdu5724.parse(text)[k].position() and tab.model.width == 20
        assert tab.analysis_panel.outcome_text() == expected
        assert_shows_core(tab)
    dialogs.case = "case 1:"
    tab.import_judge_text(text, "hdu5724.txt")
    assert tab.model.rows == ((19, 20),) and tab.undo_stack.undoText() == "Import test 1 of hdu5724.txt"
    dialogs.case = None  # the user cancels the choice: nothing changes
    tab.import_judge_text(text, "hdu5724.txt")
    assert tab.undo_stack.count() == 3


@pytest.mark.parametrize(("text", "where"), [("1\n1\n2 4 4\n", (3, 5)), ("1\n2\n1 21\n", (3, 3)),
                                            ("x", (1, 1))])
def test_a_bad_judge_file_raises_and_leaves_the_tab_unchanged(tab, text, where):
    before = tab.to_state()
    with pytest.raises(ParseError) as err:
        tab.import_judge_text(text, "bad.txt")
    assert (err.value.file, err.value.line, err.value.column) == ("bad.txt", *where)
    assert tab.to_state() == before and tab.undo_stack.count() == 0
    with pytest.raises(ParseError):
        tab.import_judge_text("0\n", "empty.txt")


def test_a_thousand_rows_paint_only_what_is_visible(qtbot, tab):
    rng = random.Random(5724)
    rows = [tuple(sorted(rng.sample(range(1, 21), rng.randint(0, 20)))) for _ in range(1000)]
    tab.import_judge_text(hdu5724.generate([hdu5724.Case(tuple(rows))]), "big.txt")
    assert tab.model.row_count() == 1000 and tab.undo_stack.count() == 1
    shown, _ = drawn(tab)
    assert 0 in shown and len(shown) < 40
    assert_shows_core(tab)
    click_cell(qtbot, tab, 999, 1)
    assert tab.model.row(999) == board.check_columns({*rows[999]} ^ {1})
    shown, arrows = drawn(tab)
    assert 999 in shown and 0 not in shown and all(m[0] in shown for m in arrows)
    assert_shows_core(tab)


def test_every_edit_undoes_to_the_start_and_redoes_to_the_end(qtbot, tab):
    states = [tab.to_state()]

    def record():
        states.append(tab.to_state())

    tab.play_move(tab.analysis.moves[0].move)
    record()
    click_cell(qtbot, tab, 2, 12)
    record()
    tab.view.set_current_row(0)
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)
    record()
    click_cell(qtbot, tab, 1, 7)
    record()
    qtbot.mouseClick(tab.clear_button, Qt.MouseButton.LeftButton)
    record()
    tab.import_judge_text(resource_path("examples", "hdu5724.txt").read_text(), "s.txt", case=1)
    record()
    tab.view.set_current_row(0)
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)
    record()
    assert len({str(s) for s in states}) == len(states) == tab.undo_stack.count() + 1
    for k in range(len(states) - 1, 0, -1):
        tab.undo_stack.undo()
        assert tab.to_state() == states[k - 1]
        assert_shows_core(tab)
    for k in range(1, len(states)):
        tab.undo_stack.redo()
        assert tab.to_state() == states[k]
    assert_shows_core(tab)


def test_state_round_trip_and_bad_state(qtbot, tab, dialogs):
    click_cell(qtbot, tab, 0, 1)
    state = tab.to_state()
    other = make_tab(qtbot, rows=[()])
    other.undo_stack.push(_noop())  # a history that loading must clear
    other.load_state(state)
    assert other.to_state() == state and other.model.rows == tab.model.rows
    assert other.undo_stack.count() == 0
    assert_shows_core(other)
    with pytest.raises(ValueError, match=r"row 1: column 21 is outside 1\.\.20"):
        other.load_state({"width": 20, "rows": [[21]]})
    assert other.to_state() == state
    game, position = other.game_and_position()
    assert position == tab.model.rows and game.width == 20
    assert game.winning_moves(position) == other.analysis_panel.move_rows()


def _noop():
    from PySide6.QtGui import QUndoCommand

    return QUndoCommand("nothing")


@pytest.mark.parametrize(("state", "words"), [
    ([], "must be a mapping"),
    ({}, "lacks 'width', 'rows'"),
    ({"rows": []}, "lacks 'width'"),
    ({"width": 20}, "lacks 'rows'"),
    ({"width": 20, "rows": [], "height": 3}, "unknown key: 'height'"),
    ({"width": "20", "rows": []}, "width must be an integer"),
    ({"width": True, "rows": []}, "width must be an integer"),
    ({"width": 25, "rows": []}, r"in 1\.\.24"),
    ({"width": 20, "rows": "19 20"}, "'rows' must be a list"),
    ({"width": 20, "rows": [19, 20]}, "row 1 must be a list"),
    ({"width": 20, "rows": [[19], [0]]}, r"row 2: column 0 is outside 1\.\.20"),
    ({"width": 8, "rows": [[9]]}, r"row 1: column 9 is outside 1\.\.8"),
    ({"width": 20, "rows": [[3, 5, 3]]}, "row 1: column 3 is repeated"),
    ({"width": 20, "rows": [[1.0]]}, "row 1: a column must be an integer"),
    ({"width": 20, "rows": [["1"]]}, "row 1: a column must be an integer"),
    ({"width": 20, "rows": [[True]]}, "row 1: a column must be an integer"),
])
def test_load_state_rejects_malformed_state_and_leaves_the_tab_unchanged(qtbot, tab, state, words):
    click_cell(qtbot, tab, 0, 1)
    before, count, rows = tab.to_state(), tab.undo_stack.count(), tab.view.model.rows
    drawn_before = dict(drawn(tab)[0])
    for method in (tab.check_state, tab.load_state):
        with pytest.raises(ValueError, match=words):
            method(state)
        assert tab.to_state() == before and tab.undo_stack.count() == count == 1
        assert tab.view.model.rows == rows and drawn(tab)[0] == drawn_before
    assert_shows_core(tab)


def test_clear_is_enabled_only_while_a_chess_stands_on_the_board(qtbot, tab):
    """Clear on a board without a chess did nothing at all, silently: it is disabled there."""
    L = Qt.MouseButton.LeftButton
    assert tab.clear_button.isEnabled()
    qtbot.mouseClick(tab.clear_button, L)
    assert tab.model.chess_count() == 0 and tab.model.row_count() == 4
    assert not tab.clear_button.isEnabled()
    click_cell(qtbot, tab, 1, 3)  # one chess: something to clear again
    assert tab.model.chess_count() == 1 and tab.clear_button.isEnabled()
    tab.undo_stack.undo()
    assert not tab.clear_button.isEnabled()
    tab.undo_stack.undo()  # the cleared board is back
    assert tab.model.rows[0] == (19, 20) and tab.clear_button.isEnabled()
    tab.begin_play()  # read-only while played, editable again after: still only with a chess
    assert not tab.clear_button.isEnabled()
    tab.finish_play()
    assert tab.clear_button.isEnabled()
    qtbot.mouseClick(tab.clear_button, L)
    tab.begin_play()
    tab.finish_play()
    assert not tab.clear_button.isEnabled()
