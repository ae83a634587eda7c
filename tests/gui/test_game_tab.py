"""The GameTab base: each behaviour the tabs share, driven through real widgets (one test each), and
the one Analysis panel on every tab of the window, checked against the core's analysis.

The shared behaviours are exercised on a small tab written here (a counter of clicks, with the
base's undo, refusal in play, background work and judge import) and on every tab of the window.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout

from sgstudio.core import registry
from sgstudio.core.errors import ParseError
from sgstudio.core.heaps import HeapsPosition
from sgstudio.core.state import StateError
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.gui import palette
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.panels.play_target import TabPlayTarget
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tabs.base import StateCommand
from sgstudio.gui.tabs.play_mode import REFUSED
from sgstudio.gui.tasks import TaskProgress

L = Qt.MouseButton.LeftButton
TWO_CASES = "2\n2\n4 4\n3\n1 2 4\n"  # HDU 5795: two test cases


class ClickTab(GameTab):
    """A tab of heaps made for these tests: "+1" adds a stone to the first heap, "bad" makes a command
    that refuses itself, "work" starts a task that counts until cancelled; it imports HDU 5795 files."""

    key, title, judge_format = "click", "Click", "hdu5795"

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.model = HeapsPosition((1,))
        self.plus, self.bad, self.start = QPushButton("+1"), QPushButton("bad"), QPushButton("work")
        self.message, self.progress = QLabel(""), TaskProgress()
        self.counted = threading.Event()
        self.ended: list[str] = []
        layout = QVBoxLayout(self)
        for w in (self.banner, self.plus, self.bad, self.start, self.message, self.progress):
            layout.addWidget(w)
        self.plus.clicked.connect(lambda: self.edit(StateCommand(self.model, self._add, "Add a stone")))
        self.bad.clicked.connect(lambda: self.edit(self._refused_command))
        self.start.clicked.connect(self._work)

    def _add(self) -> None:
        self.model.set_heaps((self.model.heaps[0] + 1, *self.model.heaps[1:]))

    @staticmethod
    def _refused_command():
        raise ValueError("no such stone")

    def _work(self) -> None:
        def count(progress):
            n = 0
            while True:
                n += 1
                self.counted.set()
                progress(n % 100, 100)

        self.work.run("count", count, "Counting", self.progress, self.ended.append,
                      lambda: self.ended.append("cancelled"))

    def to_state(self):
        return self.model.to_dict()

    def load_state(self, state):
        self.model.set_heaps(HeapsPosition.from_state(state)[0].heaps)

    def describe_case(self, case):
        return f"{len(case.heaps)} heaps"

    def import_case(self, case, index, count, file):
        text = f"Import case {index + 1}"
        self.push(StateCommand(self.model, lambda: self.model.set_heaps(case.heaps), text))

    def game_and_position(self):
        return registry.get("nim").game(), self.model.heaps


@pytest.fixture
def click(qtbot):
    tab = ClickTab()
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def test_an_edit_is_one_undo_step_and_a_refused_one_pushes_nothing(qtbot, click):
    told = []
    click.status_message.connect(told.append)
    qtbot.mouseClick(click.plus, L)
    assert click.model.heaps == (2,) and click.undo_stack.count() == 1 and told[-1] == "Add a stone"
    qtbot.mouseClick(click.bad, L)
    assert click.undo_stack.count() == 1 and click.message.text() == "no such stone" == told[-1]
    click.undo_stack.undo()
    assert click.model.heaps == (1,)


def test_edits_are_refused_one_way_while_play_is_on(qtbot, click):
    target = TabPlayTarget(click, lambda move: None)
    target.begin()
    assert click.playing and click.banner.isVisible()
    qtbot.mouseClick(click.plus, L)
    assert click.model.heaps == (1,) and click.undo_stack.count() == 0 and click.message.text() == REFUSED
    target.finish()
    assert not click.playing and not click.banner.isVisible() and click.message.text() == ""
    qtbot.mouseClick(click.plus, L)
    assert click.model.heaps == (2,)


def test_long_work_shows_progress_cancels_and_is_joined_on_close(qtbot, click):
    qtbot.mouseClick(click.start, L)
    assert click.counted.wait(5) and click.work.running("count")
    qtbot.waitUntil(lambda: click.progress.isVisible() and click.progress.label.text() == "Counting")
    qtbot.mouseClick(click.progress.cancel_button, L)
    qtbot.waitUntil(lambda: click.ended == ["cancelled"])
    assert not click.work.running() and not click.progress.isVisible()
    click.counted.clear()
    qtbot.mouseClick(click.start, L)
    assert click.counted.wait(5)
    task = click.work.tasks["count"]
    click.close()  # the tab goes away: its work is cancelled and joined first
    assert not task.is_running() and click.ended == ["cancelled", "cancelled"]


def test_the_judge_picker_asks_once_imports_one_step_and_cancel_changes_nothing(qtbot, click, dialogs):
    dialogs.case = None  # cancel
    click.import_judge_text(TWO_CASES, "two.txt")
    assert click.undo_stack.count() == 0
    dialogs.case = "case 2"
    click.import_judge_text(TWO_CASES, "two.txt")
    assert click.model.heaps == (1, 2, 4) and click.undo_stack.undoText() == "Import case 2"
    with pytest.raises(ValueError, match=r"two\.txt has 2 test cases: there is no case 3"):
        click.import_judge_text(TWO_CASES, "two.txt", case=2)
    with pytest.raises(ParseError, match="no test case"):
        click.import_judge_text("0\n", "none.txt")
    assert click.undo_stack.count() == 1


def test_a_state_is_checked_by_the_registry_without_making_a_tab(qtbot, window, monkeypatch):
    made = []
    for tab in window.tabs.document_tabs().values():
        monkeypatch.setattr(type(tab), "__init__", lambda *a, **k: made.append(a))  # no tab is made
        tab.check_state(tab.to_state())
        with pytest.raises(StateError):
            tab.check_state({"unknown": 1})
        assert tab.kind.empty_state().items() <= tab.empty_state().items()  # the tab may add its view
    assert made == []


def test_every_tab_is_a_game_tab_of_the_registry_played_through_one_target(qtbot, window):
    tabs = window.tabs
    expected = [kind.tab.split(":")[1] for kind in registry.games() if kind.tab]
    assert [type(t).__name__ for t in tabs.game_tabs.values()] == expected
    for key, tab in tabs.game_tabs.items():
        tabs.show_tab(key)
        assert isinstance(tab, GameTab) and tabs.current_tab() is tab
        assert window.play.move_edit.placeholderText().startswith(f"e.g. {tab.kind.game.example}")
        assert window.play.drag_button.isVisibleTo(window.play) == tab.can_drag
        if key == "custom":  # a game written in Python is played once its code has run
            tab.run()
            assert tab.settle()
        qtbot.mouseClick(window.play.start_button, L)
        assert window.play.playing and isinstance(window.play.target, TabPlayTarget)
        assert window.play.target.tab is tab and tab.playing
        window.play.stop()
        assert not tab.playing


@pytest.mark.parametrize("key", ["snim", "splitnim", "board", "takebreak", "nim"])
def test_a_winning_move_row_of_the_tab_is_refused_while_playing(qtbot, window, key):
    window.tabs.show_tab(key)
    tab = window.tabs.game_tabs[key]
    assert tab.settle()
    window.play.reply_ms = 10**6
    qtbot.mouseClick(window.play.start_button, L)
    count, moves = tab.undo_stack.count(), tab.analysis_panel.moves
    centre = moves.visualItemRect(moves.item(0)).center()
    qtbot.mouseClick(moves.viewport(), L, pos=centre)
    qtbot.mouseDClick(moves.viewport(), L, pos=centre)
    assert tab.undo_stack.count() == count and window.play.playing and tab.playing
    assert window.statusBar().currentMessage() == REFUSED


# -- the one Analysis panel on every tab ----------------------------------------------------------------
def table_total(panel: AnalysisPanel) -> str:
    return panel.table.toPlainText().splitlines()[-1].split()[1]


def test_every_tab_shows_its_games_analysis_in_the_one_panel(qtbot, window):
    for key, tab in window.tabs.game_tabs.items():
        window.tabs.show_tab(key)
        if key == "custom":  # a game written in Python is analysed once its code has run
            tab.position.setText("(4, 5)")
            tab.run()
        assert tab.settle()
        game, position = tab.game_and_position()
        analysis = game.analyse(position, label=tab.label)
        panel = tab.analysis_panel
        assert isinstance(panel, AnalysisPanel), key
        assert panel.outcome_text() == str(analysis.outcome) == str(game.outcome(position))
        assert panel.verdict.text() == analysis.verdict()
        assert table_total(panel) == str(analysis.total)
        assert panel.move_rows() == [m.move for m in analysis.moves][:len(panel.move_rows())] != []
        assert panel.move_texts()[0] == analysis.moves[0].row()
        rect = panel.moves.visualItemRect(panel.moves.item(0))
        with qtbot.waitSignal(panel.move_hovered) as hovered:
            qtbot.mouseMove(panel.moves.viewport(), rect.center())
        assert hovered.args == [analysis.moves[0].move]


def test_the_panel_shows_a_draw_and_infinite_values(qtbot):
    game = LoopyGame.from_edges(3, [(0, 1), (1, 0), (1, 2), (2, 2)])  # 2: a self-loop, a draw
    assert str(game.outcome((2,))) == "DRAW"
    panel = AnalysisPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(game.analyse((2, 0), label="ABC".__getitem__))
    assert panel.outcome_text() == "DRAW" and palette.PURPLE in panel.outcome.styleSheet()
    assert "a draw" in panel.verdict.text() and panel.move_rows() == []
    lines = panel.table.toPlainText().splitlines()
    assert lines[1].split()[:2] == ["C", str(game.gamma(2))] and lines[1].split()[2] == "—"
    assert lines[-1].split()[0] == "value" and panel.table_box.title().startswith("Values")


def test_the_graph_tab_in_loopy_mode_plays_a_draw(qtbot, window):
    from sgstudio.app.files import Loaded
    from sgstudio.games.graph.model.graph import GameGraph

    model = GameGraph.from_edges(2, [(0, 1), (1, 0)], loopy=True)  # a 2-cycle: nobody can win
    model.set_pos(0, (0.0, 0.0))
    model.set_pos(1, (100.0, 0.0))  # placed: a layered layout needs no cycle
    model.add_token(0)
    window.document.install(Loaded(model, "loopy.sgs"))
    qtbot.mouseClick(window.play.start_button, L)
    session = window.play.session
    assert isinstance(session.game, LoopyGame) and str(session.outcome) == "DRAW" == str(model.outcome())
    assert session.predicted_winner is None and "a draw with best play" in window.play.status.text()
    assert window.analysis.outcome_text() == "DRAW"
    window.play.stop()
