"""The Play panel on the Graph tab, driven by mouse: a whole game against the computer on the HDU 1524
sample, stepping back and forth, refused moves, the other modes, and leaving play mode cleanly."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, Qt

from sgstudio.app.actions import TOOLS
from sgstudio.core.play.session import Mode
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.commands import AddTokenCommand
from sgstudio.paths import resource_path

L = Qt.MouseButton.LeftButton


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 0)


@pytest.fixture
def sample(window, dialogs, fast):
    """The window on the HDU 1524 sample's first case with query 2 placed: tokens on 0 and 2."""
    dialogs.case = "case 1"
    assert window.document.import_hdu(str(resource_path("examples", "hdu1524.txt")))
    window.document.place_query([0, 2])
    window.undo_stack.clear()
    window.play.reply_ms = 0
    return window


def vertex_point(window, v: int) -> QPoint:
    return window.canvas.mapFromScene(window.canvas.item_for_vertex(v).scenePos())


def shown_tokens(window) -> list[int]:
    """The tokens the canvas shows (the overlay during play), as a sorted multiset."""
    items = window.canvas.scene().vertex_items
    return sorted(Counter({v: item.tokens for v, item in items.items()}).elements())


def drag_token(qtbot, window, u: int, v: int) -> None:
    vp, a, b = window.canvas.viewport(), vertex_point(window, u), vertex_point(window, v)
    qtbot.mousePress(vp, L, pos=a)
    for k in range(1, 5):
        qtbot.mouseMove(vp, a + (b - a) * (k / 4))
    qtbot.mouseRelease(vp, L, pos=b)


def double_click_row(qtbot, listw, row: int) -> None:
    centre = listw.visualItemRect(listw.item(row)).center()
    qtbot.mouseClick(listw.viewport(), L, pos=centre)
    qtbot.mouseDClick(listw.viewport(), L, pos=centre)


def start(qtbot, window) -> None:
    qtbot.mouseClick(window.play.start_button, L)
    assert window.play.playing


def test_a_whole_game_against_the_computer_by_mouse_then_back_and_forth(qtbot, sample):
    window, panel = sample, sample.play
    model = window.document.model
    start(qtbot, window)
    s = panel.session
    assert s.position == (0, 2) and s.value == 3 and s.player_to_move == 1
    # move 1: double-click the Analysis panel's winning-move row (it follows the played position)
    qtbot.waitUntil(lambda: window.analysis.move_rows() == [(0, 2)])
    double_click_row(qtbot, window.analysis.moves, 0)
    qtbot.waitUntil(lambda: s.index == 2)  # the computer answered
    assert [r.player for r in s.history] == [1, 2] and s.history[1].move == (2, 3)
    assert s.position == (2, 3) and shown_tokens(window) == [2, 3]
    # an illegal drag is refused with the game's one-line reason, in the panel and the status bar
    drag_token(qtbot, window, 2, 0)
    assert "2 -> 0 is not an edge" in panel.notice.text()
    assert "2 -> 0 is not an edge" in window.statusBar().currentMessage()
    assert s.index == 2
    # move 3: drag the token from 2 to 3, which ends the game
    drag_token(qtbot, window, 2, 3)
    assert s.is_over and s.winner == 1 == s.predicted_winner
    assert "Game over: Player 1 (you) wins" in panel.status.text()
    expected = [(0, 2), (2, 2), (2, 3), (3, 3)]
    assert [r.after for r in s.history] == expected[1:]
    rows = panel.history_rows()
    assert [r[2] for r in rows] == ["start", "0 -> 2", "2 -> 3", "2 -> 3"]
    assert [r[3] for r in rows[1:]] == ["3 → 0", "0 → 1", "1 → 0"]
    assert rows[1][1] == "1: you" and rows[2][1] == "2: computer"
    assert rows[2][4].startswith("losing:")
    for k in range(3, 0, -1):  # back to the start, one click at a time
        qtbot.mouseClick(panel.back_button, L)
        assert s.position == expected[k - 1] and shown_tokens(window) == list(expected[k - 1])
    assert not panel.back_button.isEnabled()
    for k in range(1, 4):
        qtbot.mouseClick(panel.forward_button, L)
        assert s.position == expected[k] and shown_tokens(window) == list(expected[k])
    rect = panel.history.visualItemRect(panel.history.topLevelItem(1))
    qtbot.mouseClick(panel.history.viewport(), L, pos=rect.center())  # jump to the row of move 1
    assert s.index == 1 and shown_tokens(window) == [2, 2]
    assert model.tokens() == [0, 2] and window.undo_stack.count() == 0  # the document never changed
    assert window.canvas.tool() == "play" and not any(window.actions[t].isChecked() for t in TOOLS)
    qtbot.mouseClick(panel.start_button, L)  # stop: the document's position is shown again
    assert not panel.playing and shown_tokens(window) == [0, 2]
    assert window.analysis.model is model and window.canvas.tool() == "select"
    assert window.actions["tool_select"].isChecked()


def test_a_choice_row_plays_and_a_slide_animates_the_move(qtbot, sample, monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 40)
    window, panel = sample, sample.play
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    assert panel.choice_moves()[0] == (0, 2)
    assert set(panel.choice_moves()) == {(0, 1), (0, 2), (2, 3)}
    double_click_row(qtbot, panel.choices, 0)
    target_item = window.canvas.item_for_vertex(2)
    slide = panel_target(window).slide
    assert slide is not None and slide.disc is not None and target_item.tokens == 1  # on its way
    qtbot.waitUntil(lambda: target_item.tokens == 2)
    assert slide.disc is None and panel.session.player_to_move == 2


def panel_target(window):
    return window.play.target.tab  # the tab played on shows the moves


def test_hint_points_at_the_computers_choice(qtbot, sample):
    window, panel = sample, sample.play
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    qtbot.mouseClick(panel.hint_button, L)
    assert panel.notice.text().startswith("Hint: 0 -> 2 — winning")
    assert window.canvas.scene().edge_items[(0, 2)].highlight is not None
    assert panel.choices.currentItem().text().startswith("★ 0 -> 2")


def test_the_computer_moving_first_replies_by_itself(qtbot, sample):
    window, panel = sample, sample.play
    panel.set_mode(Mode.HUMAN_VS_COMPUTER, computer_first=True)
    start(qtbot, window)
    qtbot.waitUntil(lambda: panel.session.index == 1)
    assert panel.session.history[0].move == (0, 2) and panel.session.history[0].reason.startswith("winning")
    assert panel.session.player_to_move == 2 and not panel.session.computer_to_move


def test_computer_against_itself_runs_to_the_predicted_winner(qtbot, window, fast):
    panel = window.play
    panel.speed.setValue(panel.speed.maximum())
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    start(qtbot, window)
    assert panel.run_button.isChecked()
    qtbot.waitUntil(lambda: panel.session.is_over, timeout=10000)
    s = panel.session
    assert s.winner == s.predicted_winner and not panel.run_button.isChecked()
    assert f"Player {s.winner} (computer) wins" in panel.status.text()
    assert all(r.value_after == 0 for r in s.history if r.value_before != 0)


def test_pause_stops_the_computer(qtbot, window, fast):
    panel = window.play
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    start(qtbot, window)
    qtbot.mouseClick(panel.run_button, L)  # pause
    made = panel.session.index
    qtbot.wait(3 * panel.interval())
    assert panel.session.index == made and not panel.run_button.isChecked()


def test_an_edit_leaves_play_mode_with_the_position_from_before(qtbot, sample):
    window, panel = sample, sample.play
    model = window.document.model
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    assert panel.play_move((0, 2)) and shown_tokens(window) == [2, 2]
    window.undo_stack.push(AddTokenCommand(model, 1))  # any edit of the graph
    assert not panel.playing
    assert model.tokens() == [0, 1, 2] == shown_tokens(window)
    assert "edited" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: window.analysis.move_rows() == model.winning_moves())


def test_keep_position_makes_the_played_position_the_documents(qtbot, sample):
    window, panel = sample, sample.play
    model = window.document.model
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    panel.play_move((0, 2))
    panel.play_move((2, 3))
    qtbot.mouseClick(panel.keep_button, L)
    assert not panel.playing and model.tokens() == [2, 3] == shown_tokens(window)
    assert window.undo_stack.count() == 1 and window.isWindowModified()
    window.undo_stack.undo()
    assert model.tokens() == [0, 2]


def test_opening_another_document_ends_play(qtbot, sample):
    window, panel = sample, sample.play
    start(qtbot, window)
    window.document.new()
    assert not panel.playing and window.canvas.tool() == "select"
    assert window.analysis.model is window.document.model


def test_play_mode_drags_do_not_edit_and_double_clicks_add_nothing(qtbot, sample):
    window, panel = sample, sample.play
    model = window.document.model
    start(qtbot, window)
    vp = window.canvas.viewport()
    qtbot.mouseDClick(vp, L, pos=QPoint(5, 5))
    drag_token(qtbot, window, 1, 3)  # no token on 1: nothing happens
    assert len(model.nodes()) == 4 and window.undo_stack.count() == 0 and panel.playing
    assert "No token on 1" in window.statusBar().currentMessage()


def test_help_quotes_the_policy(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QDialog, QTextBrowser

    shown = []
    monkeypatch.setattr(QDialog, "exec", lambda self: shown.append(self) or 0)
    window.actions["computer_help"].trigger()
    text = shown[0].findChild(QTextBrowser).toPlainText()
    assert shown[0].windowTitle() == "How the computer plays"
    assert "From a winning position" in text and "fewest winning replies" in text


def test_a_new_move_after_stepping_back_replaces_the_rest_of_the_list(qtbot, sample):
    window, panel = sample, sample.play
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    for move in ((0, 2), (2, 3), (2, 3)):
        assert panel.play_move(move)
    panel.jump(1)
    assert len(panel.history_rows()) == 4
    assert panel.play_move((3, 3)) is False  # refused: not a move
    assert panel.play_move((2, 3))  # the recorded next move: the list is kept
    assert len(panel.history_rows()) == 4 and panel.session.index == 2
    panel.jump(0)
    assert panel.play_move((0, 1))
    assert [r[2] for r in panel.history_rows()] == ["start", "0 -> 1"]
    assert shown_tokens(window) == [1, 2]
    rows = panel.history_rows()
    qtbot.mouseClick(panel.restart_button, L)  # back to the start, the move list kept
    assert panel.history_rows() == rows and shown_tokens(window) == [0, 2] and panel.session.index == 0
    qtbot.mouseClick(panel.forward_button, L)  # Next replays the recorded move
    assert shown_tokens(window) == [1, 2] and panel.history_rows() == rows


def test_choosing_a_tool_while_playing_keeps_play_and_drag_tokens_comes_back(qtbot, sample):
    window, panel = sample, sample.play
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    assert panel.drag_button.isVisible()
    window.actions["tool_edge"].trigger()
    assert panel.playing and window.canvas.tool() == "edge" and window.actions["tool_edge"].isChecked()
    qtbot.mouseClick(panel.drag_button, L)
    assert window.canvas.tool() == "play" and not window.actions["tool_edge"].isChecked()
    drag_token(qtbot, window, 0, 2)
    assert panel.session.position == (2, 2)


def test_the_why_column_shows_each_reason_whole(qtbot, sample):
    """A reason wider than the Why column wraps onto more lines instead of being elided."""
    from PySide6.QtCore import QRect

    window, panel = sample, sample.play
    for name in ("analysis", "history", "queries"):  # the bottom dock as wide as on the other tabs
        window.docks[name].hide()
    window.resize(900, 800)  # a Why column narrower than the reasons
    panel.set_mode(Mode.TWO_HUMANS)
    start(qtbot, window)
    s = panel.session
    while not s.is_over:
        s.computer_move()
    qtbot.wait(20)
    tree = panel.history
    width = tree.header().sectionSize(4)
    metrics = tree.fontMetrics()
    reasons = [(i, tree.topLevelItem(i).text(4)) for i in range(1, tree.topLevelItemCount())]
    assert any(metrics.horizontalAdvance(r) > width for _i, r in reasons)  # the case that elided
    for i, reason in reasons:
        need = metrics.boundingRect(QRect(0, 0, width - 8, 10**4), Qt.TextFlag.TextWordWrap, reason).height()
        assert tree.visualItemRect(tree.topLevelItem(i)).height() >= need, reason
