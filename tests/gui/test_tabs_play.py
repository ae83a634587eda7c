"""The Play panel on the number-game tabs, through the real window: each tab SHOWS the played
position (read-only, each move animated), stepping back and forth shows the right positions, "Keep
position" is one undo step that undo reverts exactly, and edits are refused or end play cleanly.

Every expected position comes from the Play panel's session (the core); every value shown is
compared with the core's game, never with a number written here.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication
from tab_play import settle, shown, tab

from sgstudio.core.play.session import Mode, PlaySession
from sgstudio.games.snim.tab.heaps import VALUE as SNIM_VALUE
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.splitnim.tab.heaps import SIZE, VALUE
from sgstudio.gui.tabs import play_mode
from sgstudio.paths import resource_path

L = Qt.MouseButton.LeftButton
KEYS = ("snim", "splitnim", "board")
SHORT_BOARD = {"width": 20, "rows": [[12, 13, 17], [16, 18]]}  # blocks to jump; a game of a few moves
SAMPLES = {"snim": ("hdu1536", "hdu1536.txt", "case 2:"), "splitnim": ("hdu5795", "hdu5795.txt", "case 2:"),
           "board": ("hdu5724", "hdu5724.txt", "case 2:")}


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(play_mode, "DURATION_MS", 0)


def import_sample(qtbot, window, dialogs, key: str) -> None:
    fmt, name, case = SAMPLES[key]
    dialogs.open_path, dialogs.case = str(resource_path("examples", name)), case
    window.actions[f"import_{fmt}"].trigger()
    assert dialogs.errors == [] and window.tabs.current_key() == key
    settle(qtbot, window, key)


def assert_shows(window, key: str, position: tuple) -> None:
    """The tab displays ``position``, with the core's values and W/L for it."""
    game = window.play.session.game
    t = tab(window, key)
    assert shown(window, key) == tuple(position)
    win = "WIN" if game.value(position) else "LOSE"
    if key == "snim":
        values = [t.heap_table.view.item(r, SNIM_VALUE).text() for r in range(len(position))]
        assert values == [str(game.grundy(h)) for h in position] and t.analysis_panel.outcome_text() == win
    elif key == "splitnim":
        model = t.heap_view.model()
        values = [model.data(model.index(r, VALUE)) for r in range(model.rowCount())]
        assert values == [str(game.grundy(h)) for h in position] and t.analysis_panel.outcome_text() == win
        assert t.analysis_panel.move_rows() == list(game.winning_moves(position))
    else:
        t.view.viewport().grab()
        rows = t.view.visible_rows()
        assert [t.view.drawn_values[i] for i in rows] == [str(game.value((position[i],))) for i in rows]
        assert t.analysis_panel.outcome_text() == win
        assert t.analysis_panel.move_rows() == list(game.winning_moves(position))


def double_click_row(qtbot, listw, row: int = 0) -> None:
    centre = listw.visualItemRect(listw.item(row)).center()
    qtbot.mouseClick(listw.viewport(), L, pos=centre)
    qtbot.mouseDClick(listw.viewport(), L, pos=centre)


def start(qtbot, window, mode: Mode = Mode.COMPUTER_VS_COMPUTER) -> PlaySession:
    panel = window.play
    panel.reply_ms = 0
    panel.speed.setValue(panel.speed.maximum())
    panel.set_mode(mode)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing
    return panel.session


def assert_read_only(window, key: str, on: bool) -> None:
    t = tab(window, key)
    assert window.tabs.banner.isVisible() == on and not t.banner.isVisible()  # in the tab bar, not the tab
    if on:
        assert "edits end play" in window.tabs.banner.text()
    no_edit = QAbstractItemView.EditTrigger.NoEditTriggers
    if key == "snim":
        assert (t.heap_table.view.editTriggers() == no_edit) == on and t.set_editor.field.isReadOnly() == on
        assert t.heap_table.add_button.isEnabled() != on
    elif key == "splitnim":
        assert (t.heap_view.editTriggers() == no_edit) == on
        assert all(w.isEnabled() != on for w in (t.parts, t.sizes, t.add_button, t.import_button))
    else:
        assert all(w.isEnabled() != on for w in (t.width_box, t.add_button, t.clear_button))


@pytest.mark.parametrize("key", KEYS)
def test_computer_against_itself_shows_each_position_then_back_and_forth(qtbot, window, dialogs, fast, key):
    if key == "snim":
        import_sample(qtbot, window, dialogs, key)  # S = {1..5}, heaps 2 5 12: a longer game
    if key == "board":
        tab(window, key).load_state(SHORT_BOARD)
    window.tabs.show_tab(key)
    settle(qtbot, window, key)
    before, count = tab(window, key).to_state(), tab(window, key).undo_stack.count()
    seen: list[tuple] = []
    s = start(qtbot, window)
    assert_read_only(window, key, True)
    assert_shows(window, key, s.start)
    s.changed.connect(lambda: seen.append((s.position, shown(window, key))))  # after the panel's own slot
    qtbot.waitUntil(lambda: s.is_over, timeout=20000)
    assert s.winner == s.predicted_winner and len(s.history) >= 2
    assert seen and all(position == displayed for position, displayed in seen)
    assert [p for p, _ in seen][-len(s.history):] == [r.after for r in s.history]
    assert_shows(window, key, s.position)
    positions = [s.start, *(r.after for r in s.history)]
    for k in range(len(s.history), 0, -1):  # back to the start, one click at a time
        qtbot.mouseClick(window.play.back_button, L)
        assert s.index == k - 1
        assert_shows(window, key, positions[k - 1])
    for k in range(1, len(s.history) + 1):
        qtbot.mouseClick(window.play.forward_button, L)
        assert_shows(window, key, positions[k])
    window.play.jump(1)
    assert_shows(window, key, positions[1])
    assert tab(window, key).to_state() == before and tab(window, key).undo_stack.count() == count
    qtbot.mouseClick(window.play.start_button, L)  # stop: the tab's own position and editing come back
    assert not window.play.playing
    assert_read_only(window, key, False)
    _game, own = tab(window, key).game_and_position()
    assert own == positions[0] and shown(window, key) == own


@pytest.mark.parametrize("key", KEYS)
def test_keep_position_is_one_undo_step_that_undo_reverts_exactly(qtbot, window, fast, key):
    window.tabs.show_tab(key)
    settle(qtbot, window, key)
    t = tab(window, key)
    before, count = t.to_state(), t.undo_stack.count()
    s = start(qtbot, window, Mode.TWO_HUMANS)
    for _ in range(3):  # the computer's choices, played by hand
        assert window.play.play_move(s.hint().move)
    window.play.jump(2)  # keep a position in the middle of the game
    kept = s.position
    assert kept != s.start
    qtbot.mouseClick(window.play.keep_button, L)
    assert not window.play.playing
    assert t.game_and_position()[1] == kept == shown(window, key)
    assert t.undo_stack.count() == count + 1 and window.isWindowModified()
    assert "played position" in t.undo_stack.text(count)
    window.actions["undo"].trigger()
    assert t.to_state() == before and shown(window, key) == s.start
    window.actions["redo"].trigger()
    assert t.game_and_position()[1] == kept


def test_snim_edits_are_refused_while_playing_and_an_undo_ends_play(qtbot, window, dialogs, fast):
    import_sample(qtbot, window, dialogs, "snim")
    t = tab(window, "snim")
    own = t.model.heaps
    s = start(qtbot, window, Mode.TWO_HUMANS)
    assert t.analysis_panel.move_rows() == list(s.game.winning_moves(s.position))
    double_click_row(qtbot, t.analysis_panel.moves)  # the tab's winning-move row: refused, not played
    assert "read-only" in window.statusBar().currentMessage() and s.index == 0
    assert window.play.play_move(s.game.winning_moves(s.position)[0])
    view = t.heap_table.view
    rect = view.visualItemRect(view.item(0, 0))
    qtbot.mouseDClick(view.viewport(), L, pos=rect.center())  # no editor opens
    assert view.state() != QAbstractItemView.State.EditingState
    qtbot.keyClick(view, Qt.Key.Key_Insert)  # no heap is added
    qtbot.keyClicks(t.set_editor.field, "3")  # S is read-only
    assert window.play.playing and t.undo_stack.count() == 1 and t.model.heaps == own
    assert shown(window, "snim") == s.position
    window.actions["undo"].trigger()  # an edit through the stack ends play
    message = window.statusBar().currentMessage()
    assert not window.play.playing and message.startswith("Undone: Import") and "play mode ended" in message
    assert_read_only(window, "snim", False)
    assert shown(window, "snim") == t.model.heaps != own


def test_splitnim_edits_are_refused_while_playing_and_an_import_ends_play(qtbot, window, dialogs, fast):
    window.tabs.show_tab("splitnim")
    t = tab(window, "splitnim")
    own = t.position.heaps
    s = start(qtbot, window, Mode.TWO_HUMANS)
    assert t.analysis_panel.move_rows() == list(s.game.winning_moves(s.position))
    double_click_row(qtbot, t.analysis_panel.moves)  # the tab's winning-move row: refused, not played
    assert "read-only" in t.message.text() and s.index == 0
    assert window.play.play_move(s.game.winning_moves(s.position)[0])
    view = t.heap_view
    qtbot.mouseDClick(view.viewport(), L, pos=view.visualRect(view.model().index(0, SIZE)).center())
    assert view.state() != QAbstractItemView.State.EditingState
    assert QApplication.focusWidget() is not t.sizes  # sizes read-only (the move asker may open)
    qtbot.keyClick(view, Qt.Key.Key_Delete)  # removes nothing
    assert t.position.heaps == own and t.undo_stack.count() == 0 and window.play.playing
    assert shown(window, "splitnim") == s.position
    import_sample(qtbot, window, dialogs, "splitnim")  # the import is an edit: play ends, the import shows
    assert not window.play.playing and t.undo_stack.count() == 1
    assert_read_only(window, "splitnim", False)
    assert shown(window, "splitnim") == t.position.heaps != own and t.message.text() == ""
    assert t.settle() and t.analysis_panel.move_rows() == t.position.game.winning_moves(t.position.heaps)


def test_board_clicks_are_refused_while_playing(qtbot, window, fast):
    window.tabs.show_tab("board")
    t = tab(window, "board")
    own = t.model.rows
    s = start(qtbot, window, Mode.TWO_HUMANS)
    assert t.analysis_panel.move_rows() == list(s.game.winning_moves(s.position))
    double_click_row(qtbot, t.analysis_panel.moves)  # the tab's winning-move row: refused, not played
    assert "read-only" in t.message.text() and t.message.isVisible() and s.index == 0
    t.message.hide()
    assert window.play.play_move(s.game.winning_moves(s.position)[0])
    qtbot.mouseClick(t.view.viewport(), L, pos=t.view.cell_center(0, 1))
    assert "read-only" in t.message.text() and t.message.isVisible()
    t.remove_row()  # the shortcut's slot
    assert t.model.rows == own and t.undo_stack.count() == 0 and window.play.playing
    assert shown(window, "board") == s.position
    qtbot.mouseClick(window.play.start_button, L)
    assert shown(window, "board") == own and not t.message.isVisible()
    qtbot.mouseClick(t.view.viewport(), L, pos=t.view.cell_center(0, 1))  # editable again
    assert t.model.rows[0] == (1, *own[0]) and t.undo_stack.count() == 1


# -- the animations (a real duration) ------------------------------------------------------------
@pytest.fixture
def slow(monkeypatch):
    monkeypatch.setattr(play_mode, "DURATION_MS", 250)


def test_snim_take_flashes_the_row_and_counts_down(qtbot, window, dialogs, slow):
    import_sample(qtbot, window, dialogs, "snim")
    t = tab(window, "snim")
    s = start(qtbot, window, Mode.TWO_HUMANS)
    i, take = s.game.winning_moves(s.position)[0]
    size = s.position[i]
    assert window.play.play_move((i, take))
    item = t.heap_table.view.item(i, 0)
    assert item.background().color().alpha() > 0 and item.text() == str(size)  # starts full, lit
    sizes = set()
    qtbot.waitUntil(lambda: sizes.add(item.text()) or item.background().style() == Qt.BrushStyle.NoBrush)
    assert item.text() == str(size - take) and {int(x) for x in sizes} <= set(range(size - take, size + 1))
    assert shown(window, "snim") == s.position


def splitting_start(parts: int = 3) -> tuple[int, ...]:
    """A small position whose first winning move (the computer's choice) is a split."""
    game = SplitNim(parts)
    for a in range(1, 12):
        for b in range(a, 12):
            if game.value((a, b)) and len(game.winning_moves((a, b))[0][1]) > 1:
                return (a, b)
    raise AssertionError("no position with a winning split found")


def test_splitnim_split_lights_up_the_new_heaps(qtbot, window, slow):
    window.tabs.show_tab("splitnim")
    t = tab(window, "splitnim")
    t.load_state({"heaps": list(splitting_start()), "parts": 3})
    s = start(qtbot, window, Mode.TWO_HUMANS)
    i, after = move = s.game.winning_moves(s.position)[0]
    assert window.play.play_move(move)
    model = t.heap_view.model()
    lit = [model.data(model.index(r, SIZE), Qt.ItemDataRole.BackgroundRole) is not None
           for r in range(model.rowCount())]
    assert shown(window, "splitnim") == s.position
    assert lit == [i <= r < i + len(after) for r in range(len(s.position))]
    qtbot.waitUntil(lambda: model.data(model.index(i, SIZE), Qt.ItemDataRole.BackgroundRole) is None)


def test_board_chess_glides_over_the_block_to_its_landing_cell(qtbot, window, slow):
    window.tabs.show_tab("board")  # the default board has a block to jump over
    t = tab(window, "board")
    s = start(qtbot, window, Mode.TWO_HUMANS)
    jump = next(m for m in s.game.legal_moves(s.position) if m[2] > m[1] + 1)
    assert window.play.play_move(jump)
    row, c, d = jump
    view = t.view
    assert view.glide is not None and view.glide[0] == jump
    path = view.glide_path(jump)
    top = min(path.pointAtPercent(k / 10).y() for k in range(11))
    assert top < view.cell_rect(row, c).top() + 2  # the way goes up over the block
    samples = []

    def sample() -> bool:
        if view.glide is None:
            return True
        at = view.glide_point()
        samples.append((view.glide[1], at.x(), view.cell_center(row, c).x(), view.cell_center(row, d).x()))
        return False

    qtbot.waitUntil(sample)
    assert len(samples) >= 2 and [t for t, *_ in samples] == sorted(t for t, *_ in samples)
    assert all(cx - 0.5 <= x <= dx + 0.5 for _t, x, cx, dx in samples)  # from the chess to its landing
    assert samples[-1][1] > samples[0][1]
    assert shown(window, "board") == s.position and d in s.position[row]
