"""The main window: wiring only. The tabs in the centre (one per game of the registry: Graph |
S-Nim | Split-nim | Board | Nim), the panels in docks, the document, the actions; every behaviour
lives in the module it names.

A tab names the docks it uses (the Graph tab: its Analysis panel and the HDU 1524 Queries) and
whether the canvas's actions apply to it; the docks hide and the actions are disabled on the other
tabs. The Play panel plays on the current tab, whichever it is (one play target); switching tabs
ends play mode.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox, QUndoView, QWidget

from sgstudio.app import actions as acts
from sgstudio.app import help as helps
from sgstudio.app.autosave import Autosave
from sgstudio.app.files import DocumentController
from sgstudio.app.studio_tabs import StudioTabs
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.queries import QueriesPanel
from sgstudio.games.sum.tab import add_to_sum_action
from sgstudio.games.takebreak.sweep.tab import install as install_sweep_tables
from sgstudio.gui.panels.play import EDITED, PlayPanel
from sgstudio.gui.panels.play_target import TabPlayTarget
from sgstudio.gui.tabs.base import GameTab
from sgstudio.gui.undo_keys import pass_undo_keys

TAB_DOCKS = ("analysis", "queries")
"""The docks that a tab may name as its own (shown with it, hidden on the tabs that do not)."""
WIDE_DOCK, NARROW_DOCK = 400, 270  # the right docks' width with a tab's docks, and without

ABOUT = ("<b>sgstudio</b><br>A studio for impartial games under the Sprague–Grundy theory: draw a game, "
         "place tokens, see who wins and every winning move.")


def studio_version() -> str:
    """sgstudio's version, from its package metadata (the source's when it is not installed).

    >>> import sgstudio
    >>> studio_version() == sgstudio.__version__
    True
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sgstudio")
    except PackageNotFoundError:
        import sgstudio

        return sgstudio.__version__


def about_text() -> str:
    """Help > About: what sgstudio is, its version and what it runs on."""
    import platform

    import PySide6
    from PySide6.QtCore import qVersion

    return (f"{ABOUT}<br><br>Version {studio_version()}<br>"
            f"Python {platform.python_version()}, PySide6 {PySide6.__version__}, Qt {qVersion()}")


class MainWindow(QMainWindow):
    """The studio window (``settings`` lets tests keep recent files away from the user's)."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tabs = StudioTabs(self)
        self.setCentralWidget(self.tabs)
        pass_undo_keys(self.tabs)  # Ctrl+Z in a field with nothing to undo of its own: Edit > Undo
        graph = self.tabs.graph
        self.canvas, self.undo_stack, self.analysis = graph.canvas, graph.undo_stack, graph.analysis_panel
        self.queries = QueriesPanel(self)
        self.history = QUndoView(self.tabs.group, self)
        self.history.setEmptyLabel("<opened>")
        self.play = PlayPanel(self)
        self.docks = {
            "analysis": self._dock("Analysis", self.analysis, Qt.DockWidgetArea.RightDockWidgetArea),
            "history": self._dock("Undo History", self.history, Qt.DockWidgetArea.RightDockWidgetArea),
            "queries": self._dock("HDU 1524 Queries", self.queries, Qt.DockWidgetArea.RightDockWidgetArea),
        }
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.docks["play"] = self._dock("Play", self.play, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.docks["history"], self.docks["queries"])
        self.docks["history"].raise_()
        self.resizeDocks([self.docks["analysis"], self.docks["history"]], [520, 200], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["analysis"]], [WIDE_DOCK], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["play"]], [230], Qt.Orientation.Vertical)
        self.document = DocumentController(self, self.canvas, self.undo_stack, settings, self.tabs)
        self.autosave = Autosave(self.document, self.tabs, self.document.settings, self)
        self.actions = acts.build_actions(self)
        self.actions["undo"], self.actions["redo"] = acts.undo_actions(self, self.tabs.group)
        self.menus = acts.build_menus(self, self.actions)
        self.actions["add_to_sum"] = add_to_sum_action(self)  # Edit > Add to Sum: into the Sum tab
        self.tables = install_sweep_tables(self)  # File > Open Sweep Results: the Tables dock
        self.toolbar = acts.build_toolbar(self, self.actions)
        for dock in self.docks.values():
            self.menus["view"].addAction(dock.toggleViewAction())
        self.menus["view"].setToolTipsVisible(True)  # a dock not offered on a tab says why
        self._wire_canvas()
        self._wire_document()
        self._wire_play()
        self._wire_tabs()
        self._wire_actions()
        self.setWindowIcon(acts.icon("app"))
        self.statusBar().setSizeGripEnabled(True)  # made now: shown from the start, so nothing shifts later
        self._fitted = False
        self.resize(1280, 800)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.lower().replace(" ", "_"))
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _wire_canvas(self) -> None:
        self.canvas.tool_changed.connect(self._tool_changed)

    def _wire_document(self) -> None:
        doc = self.document
        doc.graph_replaced.connect(self.analysis.set_model)
        doc.graph_replaced.connect(self.tabs.graph.follow_model)  # its "Allow cycles" box and legend
        doc.queries_replaced.connect(self._show_queries)
        doc.title_changed.connect(self._set_title)
        for stack in self.tabs.stacks():
            stack.cleanChanged.connect(self._set_clean)
        for tab in self.tabs.game_tabs.values():  # code typed and not run yet counts too
            tab.typing_changed.connect(self._set_clean)
        doc.recent_changed.connect(self._fill_recent)
        self.queries.query_chosen.connect(doc.place_query)
        self._fill_recent(doc.recent_files())
        for tab in self.tabs.game_tabs.values():  # a tab's own Import button: as File > Import does
            if tab.judge_format:
                tab.importer = partial(doc.import_judge, tab.judge_format)

    def _wire_play(self) -> None:
        tab = self.tabs.current_tab()
        self.play.show_syntax(tab.kind.game, tab.can_drag)  # the "Type a move" line follows the tab shown
        self.play.start_requested.connect(self._start_play)
        self.play.message.connect(self._show_status)
        self.play.playing_changed.connect(self.tabs.show_playing)
        self.document.model_replaced.connect(self._document_replaced)

    def _wire_tabs(self) -> None:
        self._docks_shown = dict.fromkeys(TAB_DOCKS, True)  # as the user left them
        self._docks_of = self.tabs.current_tab().window_docks
        for name in TAB_DOCKS:
            self._offer_dock(name, self.tabs.current_tab())
        self._wide = WIDE_DOCK
        self.tabs.tab_changed.connect(self._tab_changed)
        self.tabs.status_message.connect(self._show_status)
        for tab in self.tabs.game_tabs.values():  # "Your game" draws its positions on the Graph tab
            if hasattr(tab, "graph_requested"):
                tab.graph_requested.connect(self._show_drawing)

    # -- small slots (methods, so that Qt drops them with the window) ----------------------
    def _start_play(self) -> None:
        self.play.start(TabPlayTarget(self.tabs.current_tab(), self.play.play_move))

    def _tab_changed(self, _key: str) -> None:
        self.play.stop("Another tab was chosen: play mode ended")
        tab = self.tabs.current_tab()
        self.play.show_syntax(tab.kind.game, tab.can_drag)
        for name in acts.CANVAS_ONLY:
            self.actions[name].setEnabled(tab.canvas_actions)
        before, self._docks_of = self._docks_of, tab.window_docks
        for name in TAB_DOCKS:  # a tab's docks hide away from it, back as the user left them
            dock = self.docks[name]
            if name in before and name not in tab.window_docks:
                self._docks_shown[name] = not dock.isHidden()
                dock.hide()
            elif name in tab.window_docks and name not in before and self._docks_shown[name]:
                dock.show()
            self._offer_dock(name, tab)
        right = self.docks["history"]
        if tab.window_docks:
            right.raise_()
            self.resizeDocks([right], [self._wide], Qt.Orientation.Horizontal)
        else:  # a tab with its analysis inside needs the room more than the undo history does
            if before:
                self._wide = max(right.width(), WIDE_DOCK)
            self.resizeDocks([right], [NARROW_DOCK], Qt.Orientation.Horizontal)

    def _offer_dock(self, name: str, tab: GameTab) -> None:
        """View > (a tab's dock) only on the tabs that name it: elsewhere it would show the Graph
        tab's panel (its verdict, its tokens) beside the current tab's own analysis."""
        toggle, dock = self.docks[name].toggleViewAction(), self.docks[name]
        offered = name in tab.window_docks
        toggle.setEnabled(offered)
        toggle.setToolTip(dock.windowTitle() if offered else
                          f"The Graph tab's {dock.windowTitle()} panel: shown on the Graph tab "
                          f"(the {tab.title} tab shows its own analysis)")

    def _show_drawing(self, graph: GameGraph, text: str) -> None:
        """A drawing of positions becomes the Graph tab's game, as one undo step there."""
        from sgstudio.app.imports import ImportGraphCommand

        self.tabs.show_tab(self.tabs.graph.key)
        self.undo_stack.push(ImportGraphCommand(self.document, graph, (), "", text))

    def _document_replaced(self, _model: GameGraph) -> None:
        self.play.stop("Another document was opened: play mode ended")

    def _show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _undone(self, redo: bool) -> None:
        """Say what Undo (or Redo) just did, instead of leaving the message of the undone edit."""
        stack = self.tabs.group.activeStack()
        if stack is None:
            return
        command = stack.command(stack.index() - 1 if redo else stack.index())
        if command is None:
            return
        text = f"{'Redone' if redo else 'Undone'}: {command.text()}"
        if self.statusBar().currentMessage() == EDITED:
            text += "; play mode ended (the position from before play is back)"
        self._show_status(text)

    def _tool_changed(self, name: str) -> None:
        """Keep the tool buttons in step (the S/E/T keys switch tools too; play mode has its own)."""
        for tool in acts.TOOLS:
            self.actions[tool].setChecked(tool == f"tool_{name}")

    def _set_title(self, name: str) -> None:
        self.setWindowTitle(f"{name}[*] — sgstudio")

    def _set_clean(self, _clean: bool) -> None:
        self.setWindowModified(not self.tabs.is_clean())  # every tab's stack counts

    def _fill_recent(self, files: list[str]) -> None:
        doc = self.document
        acts.fill_recent(self.menus["recent"], files, doc.open_recent, doc.describe_recent)

    def _show_queries(self, model: GameGraph, queries: list, title: str) -> None:
        self.queries.set_queries(model, queries, title)
        if queries:
            self.docks["queries"].raise_()

    def _wire_actions(self) -> None:
        a, doc, canvas = self.actions, self.document, self.canvas
        a["new"].triggered.connect(doc.new)
        a["open"].triggered.connect(lambda: doc.open())
        a["save"].triggered.connect(doc.save)
        a["save_as"].triggered.connect(lambda: doc.save_as())
        for fmt in acts.judge_formats():
            a[f"import_{fmt}"].triggered.connect(lambda _c=False, f=fmt: doc.import_judge(f))
        for name, kind in (("hdu", "hdu1524"), ("png", "png"), ("svg", "svg"), ("graphml", "graphml")):
            a[f"export_{name}"].triggered.connect(lambda _c=False, k=kind: doc.export(k))
        a["quit"].triggered.connect(self.close)
        a["preferences"].triggered.connect(self._preferences)
        self.autosave.failed.connect(self._show_status)
        a["undo"].triggered.connect(lambda: self._undone(redo=False))
        a["redo"].triggered.connect(lambda: self._undone(redo=True))
        for name, tool in acts.TOOLS.items():
            a[name].triggered.connect(lambda _c=False, t=tool: canvas.set_tool(t))
        for name, method in acts.CANVAS_METHODS.items():
            a[name].triggered.connect(getattr(canvas, method))
        a["snap"].toggled.connect(canvas.set_snap)
        a["shortcuts"].triggered.connect(lambda: helps.shortcuts_dialog(self).exec())
        a["values_help"].triggered.connect(lambda: helps.values_dialog(self).exec())
        a["computer_help"].triggered.connect(lambda: helps.computer_dialog(self).exec())
        a["about"].triggered.connect(lambda: QMessageBox.about(self, "About sgstudio", about_text()))

    def _preferences(self) -> None:
        from sgstudio.app.preferences import edit_preferences

        edit_preferences(self, self.autosave)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted:  # the document was fitted to a view that had no size yet
            self._fitted = True
            QTimer.singleShot(0, self.canvas.fit_graph)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.document.maybe_discard():
            self.tabs.cancel_work()  # workers are cancelled and joined before the window goes
            self.autosave.close()  # a clean close: no recovery file is left
            event.accept()
        else:
            event.ignore()
