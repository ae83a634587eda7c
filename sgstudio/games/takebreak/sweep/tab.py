"""The Tables panel: a sweep's results in the window (File > Open Sweep Results), and sweeps started there.

A sortable, filterable table of every stored game (code, N, preperiod, period, certified, largest,
group, and the rare heaps and mask where the sparse-space method applied), a search box over the code
and group columns, and a click (or Enter) on a row that opens the game in the Take & break tab
(``game_chosen``). A sweep of the codes typed (codes or patterns, as the command line reads them) to N
values runs off the UI thread on the same engine (:mod:`.run`, a LocalCluster), with progress and
Cancel; each game is stored as it finishes, into the open store, or into one kept in memory when none
is open. A bad pattern is said under the field, the table unchanged; a file that is no store opens a
dialog, the table unchanged.

:func:`install` puts the panel in a main window: the File menu's action and a "Tables" tab beside the
Analysis panel (a dock on the right: shown, it takes no height from the game tabs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QAction, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.errors import SGStudioError
from sgstudio.games.takebreak.sweep.groups import find_groups
from sgstudio.games.takebreak.sweep.job import GameResult
from sgstudio.games.takebreak.sweep.store import Store, open_store
from sgstudio.gui.errors import show_error
from sgstudio.gui.tasks import Task, TaskProgress

COLUMNS = ("Code", "N", "Preperiod", "Period", "Certified", "Largest", "Group", "Rare heaps")
SEARCHED = (0, 6)
"""The columns the search box looks in: the code and the group."""
MAX_VALUES = 10**7


class Advance:
    """The sweep's progress object for a Task: each game done is reported (and may cancel)."""

    def __init__(self, progress: Callable[[int, int], None], total: int, done: int) -> None:
        self.progress, self.total, self.done = progress, total, done
        progress(done, total)

    def advance(self, games: int = 1) -> None:
        self.done += games
        self.poll()

    def poll(self) -> None:
        """Called while the sweep waits for its games: raises TaskCancelled after Cancel."""
        self.progress(self.done, self.total)


class SearchProxy(QSortFilterProxyModel):
    """Rows whose code or group contains the search text (case-insensitive)."""

    text = ""

    def set_search(self, text: str) -> None:
        if not hasattr(self, "beginFilterChange"):  # Qt before 6.9
            self.text = text.strip().lower()
            self.invalidateFilter()
            return
        self.beginFilterChange()
        self.text = text.strip().lower()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: Any) -> bool:
        model = self.sourceModel()
        return not self.text or any(self.text in str(model.index(row, c, parent).data()).lower()
                                    for c in SEARCHED)


def rare_text(result: GameResult) -> str:
    """Where the sparse-space method went on: the rare heaps below N and the mask, else '-'."""
    return f"{result.rare_count} (mask {result.rare_mask})" if result.rare_mask else "-"


def row_items(result: GameResult, group: str) -> list[QStandardItem]:
    """The table's cells for one game (numbers sort as numbers, '-' where there is none)."""
    shown = result.status in ("certified", "apparent") and result.period > 0
    cells: list[object] = [result.code, result.n, result.preperiod if shown else "-",
                           result.period if shown else "-", "yes" if result.certified else "no",
                           result.largest if result.status != "error" else "-", group, rare_text(result)]
    items = []
    for value in cells:
        item = QStandardItem()
        item.setData(value, Qt.ItemDataRole.DisplayRole)
        item.setEditable(False)
        items.append(item)
    return items


class SweepTables(QWidget):
    """The Tables panel (module docstring). Signals: ``game_chosen(code)``, ``status_message(text)``."""

    game_chosen = Signal(str)
    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None, workers: int | None = None) -> None:
        super().__init__(parent)
        self.workers = workers
        self.store: Store = open_store(None)
        self.path: str | None = None
        self.task: Task | None = None
        self._build()

    def _build(self) -> None:
        self.codes = QLineEdit("0.??")
        self.codes.setPlaceholderText("codes or patterns, e.g. 0.?? 4.? 0.137")
        self.values = QSpinBox()
        self.values.setRange(1, MAX_VALUES)
        self.values.setValue(1000)
        self.values.setPrefix("N = ")
        self.sweep_button = QPushButton("Sweep")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.progress = TaskProgress()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search a code or a group")
        self.search.setClearButtonEnabled(True)
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels(list(COLUMNS))
        self.proxy = SearchProxy(self)
        self.proxy.setSourceModel(self.model)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setStretchLastSection(True)
        row = QHBoxLayout()
        row.addWidget(self.codes, 1)
        row.addWidget(self.values)
        row.addWidget(self.sweep_button)
        layout = QVBoxLayout(self)
        for part in (row, self.message, self.progress, self.search, self.view):
            layout.addLayout(part) if isinstance(part, QHBoxLayout) else layout.addWidget(part)
        self.sweep_button.clicked.connect(self.start_sweep)
        self.codes.returnPressed.connect(self.start_sweep)
        self.search.textChanged.connect(self.proxy.set_search)
        self.view.activated.connect(self._chosen)
        self.view.clicked.connect(self._chosen)

    # -- the table ----------------------------------------------------------------------------------
    def open(self, path: str) -> bool:
        """Show the store at ``path``; a file that is no store opens a dialog and changes nothing."""
        if self.running():
            self.tell("A sweep is running: cancel it first")
            return False
        try:
            store = open_store(path)
        except SGStudioError as err:
            show_error(self, "Could not open the sweep results", str(err))
            return False
        self.store.close()
        self.store, self.path = store, path
        self.refresh()
        self.tell(f"{path}: {self.model.rowCount()} games")
        return True

    def refresh(self) -> None:
        """Fill the table from the store (every game and N; groups found per N)."""
        results = list(self.store.results())
        groups = {n: find_groups(r for r in results if r.n == n) for n in {r.n for r in results}}
        self.model.setRowCount(0)
        for r in results:
            self.model.appendRow(row_items(r, groups[r.n].group_of.get(r.code, "-")))
        self.view.resizeColumnsToContents()

    def _chosen(self, index: Any) -> None:
        code = self.proxy.index(index.row(), 0).data()
        if code:
            self.game_chosen.emit(str(code))

    def tell(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020;" if error else "")
        self.status_message.emit(text)

    # -- sweeps ------------------------------------------------------------------------------------
    def running(self) -> bool:
        return self.task is not None and self.task.is_running()

    def start_sweep(self) -> None:
        """Sweep the typed codes to N values off the UI thread (a bad pattern is said, nothing starts)."""
        from sgstudio.games.takebreak.sweep.codes import expand

        if self.running():
            return
        try:
            codes = expand(self.codes.text().split())
        except SGStudioError as err:
            self.tell(str(err), error=True)
            return
        if not codes:
            self.tell("Type codes or patterns to sweep, e.g. 0.??", error=True)
            return
        n, store, workers = self.values.value(), self.store, self.workers
        done = len(store.done(codes, n))

        def work(progress: Callable[[int, int], None]) -> int:
            from sgstudio.games.takebreak.sweep.run import connect, sweep

            bar = Advance(progress, len(codes), done)
            if done == len(codes):
                return 0
            with connect(workers=workers) as client:
                return sweep(codes, n, store, client, progress=bar)

        self.task = Task(work, self)
        self.task.finished.connect(lambda computed: self._ended(f"{computed} games computed, "
                                                                f"{len(codes) - computed} were stored"))
        self.task.cancelled.connect(lambda: self._ended("Sweep cancelled: the games done are kept"))
        self.task.failed.connect(lambda err: self._ended(f"The sweep failed: {err}", error=True))
        self.progress.track(self.task, f"Sweeping {len(codes)} games to {n:,} values")
        self.sweep_button.setEnabled(False)
        self.tell("Starting the cluster…")
        self.task.start()

    def _ended(self, text: str, error: bool = False) -> None:
        self.sweep_button.setEnabled(True)
        self.refresh()
        self.tell(text, error)

    def cancel_work(self) -> None:
        """Stop a running sweep and wait for it (what is stored stays)."""
        if self.task is not None:
            self.task.cancel_and_wait()


def install(window: Any) -> SweepTables:
    """Add File > Open Sweep Results… (after Open Recent), the Tables dock (in ``window.docks``: the
    View menu lists it; a tab beside Analysis) and the panel to the studio's main window; a chosen game
    opens in its Take & break tab, one undo step there."""
    from PySide6.QtWidgets import QApplication

    from sgstudio.games.takebreak.sweep.codes import read_code
    from sgstudio.games.takebreak.tab.commands import SetRuleCommand

    tables = SweepTables(window)
    dock = QDockWidget("Tables", window)
    dock.setObjectName("tables")
    dock.setWidget(tables)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()

    def beside_analysis(visible: bool) -> None:
        """Once shown, a tab beside Analysis (on the right, where the docks already take their width:
        under the game tabs it took their height, and at 1024x700 the board and the plot were cut)."""
        analysis = window.docks.get("analysis")
        if visible and analysis is not None and dock not in window.tabifiedDockWidgets(analysis):
            window.tabifyDockWidget(analysis, dock)
            dock.show()
            dock.raise_()

    dock.visibilityChanged.connect(beside_analysis)
    action = QAction("Open S&weep Results…", window)
    action.setStatusTip("Open the results of sgstudio sweep (an SQLite store) in the Tables panel")
    window.menus["file"].insertAction(window.actions["save"], action)

    def open_results() -> None:
        files = window.document
        path, _ = QFileDialog.getOpenFileName(window, "Open Sweep Results", files.places.start(files.path),
                                              "Sweep stores (*.db *.sqlite);;All files (*)")
        if path:
            files.places.used(path)
        if path and tables.open(path):
            dock.show()
            dock.raise_()

    def choose(code: str) -> None:
        tab = window.tabs.game_tabs["takebreak"]
        window.tabs.setCurrentWidget(window.tabs.pages["takebreak"])
        rule = read_code(code)
        if rule.text != tab.model.rule.text:
            tab.edit(lambda: SetRuleCommand(tab.model, rule))

    action.triggered.connect(open_results)
    tables.game_chosen.connect(choose)
    tables.status_message.connect(window.statusBar().showMessage)
    app = QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(tables.cancel_work)
    window.actions["open_sweep"], window.docks["tables"] = action, dock
    return tables
