"""The "Your game" tab on real widgets: code typed and run with Ctrl+Enter in a worker process, the
answers checked against a rules-only search written here (who wins, by exhaustive search: no
Sprague-Grundy theory), the values table, the heat map's pixels, hostile code ending in one clear
message with the window usable after it, Cancel, undo of a Run, trust of a document's code
(default No), a save/load round trip, and the window's Show position graph, Add to Sum and Play."""

from __future__ import annotations

from functools import cache

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QMessageBox
from tab_helpers import show_tab

from sgstudio.games.custom.state import CustomState
from sgstudio.games.custom.tab import CustomTab
from sgstudio.gui import palette

WYTHOFF = """name = "Wythoff"
start = (3, 5)

def options(p):
    a, b = p
    for k in range(1, a + 1):
        yield (a - k, b)
    for k in range(1, b + 1):
        yield (a, b - k)
    for k in range(1, min(a, b) + 1):
        yield (a - k, b - k)
"""
SUBTRACT = """start = 10

def options(n):
    return [n - k for k in (1, 3, 4) if k <= n]
"""


def wythoff_moves(a: int, b: int) -> list[tuple[int, int]]:
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])


@cache
def wythoff_wins(a: int, b: int) -> bool:
    """The player to move wins iff some move leaves a lost position (rules only)."""
    return any(not wythoff_wins(*q) for q in wythoff_moves(a, b))


@cache
def subtract_wins(n: int) -> bool:
    return any(not subtract_wins(n - k) for k in (1, 3, 4) if k <= n)


def ran(qtbot, tab: CustomTab, code: str | None = None, position: str | None = None) -> None:
    """Code (when given) and position typed, Ctrl+Enter pressed in the editor, the Run waited for."""
    if code is not None:
        tab.editor.setPlainText(code)
    if position is not None:
        tab.position.setText(position)
    before = tab.undo_stack.count()
    tab.editor.setFocus()
    qtbot.keyClick(tab.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert tab.work.running("run")
    qtbot.waitUntil(lambda: not tab.work.running("run"), timeout=60_000)
    assert tab.undo_stack.count() == before + 1


@pytest.fixture
def tab(qtbot) -> CustomTab:
    t = CustomTab()
    t.seconds.setValue(20)
    return show_tab(qtbot, t)


def test_wythoff_typed_and_run_answers_as_the_rules_do(qtbot, tab):
    tab.editor.setPlainText("")
    for line in ("start = (4, 5)", "def options(p):", "a, b = p"):  # typed: the editor indents
        qtbot.keyClicks(tab.editor, line)
        qtbot.keyClick(tab.editor, Qt.Key.Key_Return)
    body = WYTHOFF.split("a, b = p\n")[1]
    tab.editor.insertPlainText(body[4:])  # the first line's indentation is the editor's
    assert "def options(p):\n    a, b = p\n    for k" in tab.editor.toPlainText()
    ran(qtbot, tab, position="(4, 7)")
    result = tab.model.result
    assert result is not None and tab.message.text() == "", tab.message.text()
    assert (result.report.outcome.name == "WIN") == wythoff_wins(4, 7)
    winning = [q for q in wythoff_moves(4, 7) if not wythoff_wins(*q)]
    assert sorted(tab.answers.move_texts()) == sorted(f"(4, 7) -> {q!r}, value 0" for q in winning)
    assert sorted(text for _, text in result.report.moves) == sorted(repr(q) for q in winning)
    assert "Remoteness" in tab.answers.remoteness.text()
    # the heat map: every P-position of the 30 x 30 table is blue with a white dot, others not blue
    tab.tables.heatmap.repaint()
    image = tab.tables.heatmap.grab().toImage()
    blue, white = QColor(palette.BLUE), QColor(palette.PAPER)
    for x in range(30):
        for y in range(30):
            rect = tab.tables.heatmap.cell_rect(x, y)
            corner = image.pixelColor(int(rect.left() + 1), int(rect.top() + 1))
            centre = image.pixelColor(rect.center().toPoint())
            lost = not wythoff_wins(x, y)
            assert (corner == blue) == lost, (x, y)
            if lost:
                assert centre == white, (x, y)
    # the hover readout of a cell
    rect = tab.tables.heatmap.cell_rect(3, 5)
    qtbot.mouseMove(tab.tables.heatmap, rect.center().toPoint())
    qtbot.waitUntil(lambda: tab.tables.hover.text().startswith("g(3, 5) = 0"))


def test_values_table_and_a_winning_move_gone_to(qtbot, tab):
    ran(qtbot, tab, SUBTRACT, "")
    result = tab.model.result
    assert result.position == 10
    for n in range(30):
        assert (tab.tables.cell_text(n) == "0") == (not subtract_wins(n)), n
    assert tab.tables.plot.values.tolist()[:30] == [int(tab.tables.cell_text(n)) for n in range(30)]
    moves = tab.answers.move_texts()
    good = [10 - k for k in (1, 3, 4) if not subtract_wins(10 - k)]
    assert [m.split(",")[0] for m in moves] == [f"10 -> {n}" for n in good]
    panel = tab.analysis_panel
    rect = panel.moves.visualItemRect(panel.moves.item(0))
    qtbot.mouseClick(panel.moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert not tab.work.running("run")  # no Run: it was explored
    assert tab.model.result.position == good[0] and panel.outcome_text() == "LOSE"
    tab.undo_stack.undo()
    assert tab.model.result.position == 10


def test_undo_of_a_run_and_the_save_load_round_trip(qtbot, tab):
    ran(qtbot, tab, SUBTRACT, "")
    ran(qtbot, tab, WYTHOFF, "(1, 2)")
    assert tab.model.result.report.text == "(1, 2)"
    tab.undo_stack.undo()
    assert tab.editor.toPlainText() == SUBTRACT and tab.model.result.position == 10
    tab.undo_stack.redo()
    assert tab.editor.toPlainText() == WYTHOFF
    state = tab.to_state()
    other = CustomTab()
    qtbot.addWidget(other)
    other.trust = "yes"
    other.load_state(state)
    qtbot.waitUntil(lambda: other.model.result is not None, timeout=60_000)
    assert other.to_state() == state and other.model.result.report.value == 0
    assert CustomState.from_state(state)[0].code == WYTHOFF


HOSTILE = {
    "an endless loop": ("def options(n):\n    while True:\n        pass\n", "time limit"),
    "an exception": ("def options(n):\n    x = 1\n    return [n // 0]\n", "game.py:3: ZeroDivisionError"),
    "an unhashable position": ("def options(n):\n    return [{'a': n}]\n", "not hashable"),
    "10^7 positions": ("def options(n):\n    return [n + 1] if n < 10**7 else []\n", "position limit"),
    "a non-iterable": ("def options(n):\n    return 5\n", "int"),
    "deep recursion": ("def f(k):\n    return f(k + 1)\n\ndef options(n):\n    return [f(0)]\n",
                       "RecursionError"),
}


@pytest.mark.parametrize("what", list(HOSTILE))
def test_hostile_code_ends_in_one_clear_message_and_the_tab_stays_usable(qtbot, tab, what):
    code, said = HOSTILE[what]
    tab.seconds.setValue(2)
    tab.limit.setValue(5000)
    ran(qtbot, tab, code, "0")
    assert tab.model.result is None and tab.model.error is not None
    message = tab.model.error.message
    assert said in message and "\n" not in message, message
    assert tab.message.text()[:30] == message[:30]  # shown on the tab's message line
    if what == "an exception":
        assert tab.editor.marked == 3
        assert tab.details_button.isEnabled()
        qtbot.mouseClick(tab.details_button, Qt.MouseButton.LeftButton)
        assert tab.details.isVisible()
        details = tab.details.toPlainText()
        assert 'File "game.py", line 3, in options' in details and "sgstudio" not in details
    ran(qtbot, tab, SUBTRACT, "7")  # usable: the next Run answers
    assert tab.model.result is not None and tab.model.result.position == 7 and tab.editor.marked is None


def test_cancel_ends_an_endless_loop(qtbot, tab):
    tab.editor.setPlainText("def options(n):\n    while True:\n        pass\n")
    tab.seconds.setValue(0)
    qtbot.keyClick(tab.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: tab.progress.isVisible())
    qtbot.mouseClick(tab.progress.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.work.running("run"), timeout=20_000)
    assert "cancelled" in tab.message.text() and tab.model.result is None
    ran(qtbot, tab, SUBTRACT, "4")
    assert tab.model.result.position == 4


def answer_when_asked(qtbot, seen: list, button: QMessageBox.StandardButton | None) -> None:
    """When the trust dialog shows: record its default button and text, then press ``button`` (None:
    Enter, the default)."""
    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, look)
            return
        seen.append((box.defaultButton() is box.button(QMessageBox.StandardButton.No), box.windowTitle()))
        if button is None:
            qtbot.keyClick(box, Qt.Key.Key_Return)
        else:
            box.button(button).click()

    QTimer.singleShot(20, look)


def test_a_documents_code_is_shown_read_only_and_asked_about_default_no(qtbot, tab):
    state = CustomState(SUBTRACT, "6").to_dict()
    seen: list = []
    answer_when_asked(qtbot, seen, None)
    tab.load_state(state)
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    assert seen[0] == (True, "Run this game's code?")
    assert not tab.trusted and tab.editor.isReadOnly() and tab.trust_box.isVisible()
    assert not tab.work.running() and tab.model.result is None
    tab.run()  # refused: not trusted
    assert not tab.work.running() and "not been trusted" in tab.message.text()
    answer_when_asked(qtbot, seen, QMessageBox.StandardButton.Yes)
    qtbot.mouseClick(tab.trust_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.model.result is not None, timeout=60_000)
    assert not tab.editor.isReadOnly() and tab.model.result.position == 6


def test_window_position_graph_add_to_sum_and_play(qtbot, window, tmp_path):
    tab = window.tabs.game_tabs["custom"]
    window.tabs.show_tab("custom")
    tab.seconds.setValue(20)
    ran(qtbot, tab, SUBTRACT, "5")
    qtbot.mouseClick(tab.graph_button, Qt.MouseButton.LeftButton)
    model = window.document.model
    assert window.tabs.current_tab() is window.tabs.graph
    assert len(model) == 6 and model.label(0) == "5" and model.tokens() == [0]
    assert {model.label(v): model.values()[v] == 0 for v in range(6)} == \
        {str(n): not subtract_wins(n) for n in range(6)}
    window.undo_stack.undo()
    assert window.document.model is not model
    window.tabs.show_tab("custom")
    window.actions["add_to_sum"].trigger()
    component = window.tabs.game_tabs["sum"].model.components[-1]
    assert component.value() == tab.model.result.report.value
    assert component.text() == "Your game (6 positions): 5"
    window.tabs.show_tab("custom")
    from sgstudio.gui.panels.play_target import TabPlayTarget

    assert window.play.start(TabPlayTarget(tab))
    assert tab.playing and tab.editor.isReadOnly()
    window.play.stop("test over")
    assert not tab.playing
    # saved in the document, and opened again: the code is shown read-only and asked about
    path = tmp_path / "yourgame.sgs"
    assert window.document.save_as(str(path))
    assert "def options(n)" in path.read_text(encoding="utf-8")
    seen: list = []
    answer_when_asked(qtbot, seen, QMessageBox.StandardButton.No)
    assert window.document.open(str(path))
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    assert seen[0][0] and not tab.trusted and tab.editor.toPlainText() == SUBTRACT
    assert tab.model.result is None and not tab.work.running()


CUTTING = """name = "Cutting"
start = (4, 5)

def sheet(w, h):
    return (min(w, h), max(w, h))

def options(p):
    w, h = p
    for i in range(2, w - 1):
        yield [sheet(i, h), sheet(w - i, h)]
    for j in range(2, h - 1):
        yield [sheet(w, j), sheet(w, h - j)]

def text(p):
    return f"{p[0]} x {p[1]}"
"""


def cuts(sheets: tuple) -> set:
    """The sums of sheets one cut away (rules only: both pieces at least 2 x 2)."""
    out = set()
    for i, (w, h) in enumerate(sheets):
        rest = sheets[:i] + sheets[i + 1:]
        for a in range(2, w - 1):
            out.add(tuple(sorted((*rest, (min(a, h), max(a, h)), (min(w - a, h), max(w - a, h))))))
        for b in range(2, h - 1):
            out.add(tuple(sorted((*rest, (min(w, b), max(w, b)), (min(w, h - b), max(w, h - b))))))
    return out


@cache
def cutting_wins(sheets: tuple) -> bool:
    return any(not cutting_wins(q) for q in cuts(sheets))


def test_a_game_whose_options_are_sums_is_played_and_added_to_a_sum(qtbot, window):
    tab = window.tabs.game_tabs["custom"]
    window.tabs.show_tab("custom")
    ran(qtbot, tab, CUTTING, "(5, 6)")
    report = tab.model.result.report
    assert (report.outcome.name == "WIN") == cutting_wins(((5, 6),))
    winning = {tuple(sorted(m)) for m, _ in report.moves}
    assert winning == {q for q in cuts(((5, 6),)) if not cutting_wins(q)}
    assert all(" + " in text.split(" -> ")[1] for text in tab.answers.move_texts())
    game, position = tab.game_and_position()
    assert (game.value(position) != 0) == cutting_wins(((5, 6),))
    for move in game.legal_moves(position):  # every move's outcome as the rules say
        after = game.apply(position, move)
        sheets = tuple(sorted(tab.label(v) for v in after))
        truth = cutting_wins(tuple(sorted(tuple(map(int, t.split(" x "))) for t in sheets)))
        assert (game.value(after) != 0) == truth, sheets
    window.actions["add_to_sum"].trigger()
    sums = window.tabs.game_tabs["sum"]
    component = sums.model.components[-1]
    assert component.text() == f"Your game Cutting ({len(game.labels)} positions): 5 x 6"
    state = sums.to_state()  # the Sum tab keeps the positions as data: no code is needed to read it
    sums.load_state(state)
    assert sums.model.components[-1].value() == component.value()
    qtbot.mouseClick(tab.graph_button, Qt.MouseButton.LeftButton)
    assert "sums" in tab.message.text()


def test_code_typed_and_not_run_makes_the_document_modified_and_is_saved(qtbot, window, tmp_path):
    """Typing code is no undo step until Run; closing must still ask, and Save keeps the typed code."""
    tab = window.tabs.game_tabs["custom"]
    window.tabs.show_tab("custom")
    path = tmp_path / "typed.sgs"
    assert window.document.save_as(str(path))
    assert window.tabs.is_clean() and not window.isWindowModified()
    tab.editor.setFocus()
    tab.editor.moveCursor(tab.editor.textCursor().MoveOperation.End)
    qtbot.keyClick(tab.editor, Qt.Key.Key_Return)
    qtbot.keyClicks(tab.editor, "# a note typed, not run")
    assert not window.tabs.is_clean() and window.isWindowModified()  # unsaved: closing asks
    assert window.document.save_as(str(path))
    assert window.tabs.is_clean() and not window.isWindowModified()
    assert "# a note typed, not run" in path.read_text(encoding="utf-8")


def test_the_memory_limit_is_the_tabs_to_set_and_a_run_beyond_it_is_told(qtbot, tab):
    hog = ("def options(n):\n    block = bytearray(600 * 2**20)\n"
           "    return [len(block) and n + 1] if n < 3 else []\n")
    tab.memory.setValue(256)
    ran(qtbot, tab, hog, "0")
    assert tab.model.result is None and tab.model.error is not None
    message = tab.model.error.message
    assert "memory" in message.lower() and "256" in message and "\n" not in message, message
    tab.memory.setValue(2048)  # room enough: the same code answers
    ran(qtbot, tab, hog, "0")
    assert tab.model.result is not None and tab.model.error is None
