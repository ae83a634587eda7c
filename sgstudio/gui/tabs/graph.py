"""The window's four tabs: Graph (the canvas) | S-Nim | Split-nim | Board, and their undo stacks.

Every tab edits through its own QUndoStack; one :class:`QUndoGroup` holds them all and its active
stack is the current tab's, so Edit > Undo/Redo and the Undo History view follow the tab shown. The
document is modified when any stack is not clean.

A document's tab states (``"tabs": {key: state}`` in the ``.sgs`` file) are checked all together
before any tab changes (:meth:`StudioTabs.check_states`); a tab missing from a document (an old one,
or a new document) goes back to the state it had when the window opened.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QWidget

from sgstudio.gui.cases import judge_name
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tabs.playshow import playing_banner

GRAPH = "graph"
TAB_KEYS = (GRAPH, "snim", "splitnim", "board")
FORMATS = {"hdu1524": GRAPH, "hdu1536": "snim", "hdu5795": "splitnim", "hdu5724": "board"}


def number_tab_classes() -> list[type[GameTab]]:
    """The number-game tab classes, in tab order."""
    from sgstudio.gui.tabs.board import BoardTab
    from sgstudio.gui.tabs.snim import SNimTab
    from sgstudio.gui.tabs.splitnim import SplitNimTab

    return [SNimTab, SplitNimTab, BoardTab]


class TabStateError(ValueError):
    """A tab's state in a document is refused; ``key`` names the tab."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


class StudioTabs(QTabWidget):
    """The central tab widget. Signals: ``tab_changed(key)`` and ``status_message(str)`` (from any tab)."""

    tab_changed = Signal(str)
    status_message = Signal(str)

    def __init__(self, canvas: QWidget, graph_stack: QUndoStack, parent: QWidget | None = None,
                 classes: list[type[GameTab]] | None = None) -> None:
        super().__init__(parent)
        self.canvas, self.graph_stack = canvas, graph_stack
        self.group = QUndoGroup(self)
        self.group.addStack(graph_stack)
        self.addTab(canvas, "Graph")
        self.setTabToolTip(0, "The game graph: draw a DAG, place tokens (HDU 1524)")
        self.game_tabs: dict[str, GameTab] = {}
        self.pages: dict[str, QWidget] = {GRAPH: canvas}
        self.banner = playing_banner(self, corner=True)  # in the tab bar: showing it moves nothing
        self.setCornerWidget(self.banner, Qt.Corner.TopRightCorner)
        for cls in number_tab_classes() if classes is None else classes:
            tab = cls(self)
            tab.banner_in_tab = False
            self.game_tabs[tab.key] = tab
            self.pages[tab.key] = page = _scrolled(tab)  # a wide tab scrolls rather than widen the window
            self.addTab(page, tab.title)
            self.setTabToolTip(self.count() - 1, f"{tab.title} ({judge_name(tab.judge_format)})")
            self.group.addStack(tab.undo_stack)
            tab.status_message.connect(self.status_message)
        self.defaults = {key: tab.to_state() for key, tab in self.game_tabs.items()}
        self.setDocumentMode(True)
        self.currentChanged.connect(self._current_changed)
        self.group.setActiveStack(graph_stack)

    # -- tabs ----------------------------------------------------------------------------------------
    def show_playing(self, on: bool) -> None:
        """The "playing — edits end play" banner in the tab bar, while play is on (any tab)."""
        self.banner.setVisible(on)

    def keys(self) -> list[str]:
        return [GRAPH, *self.game_tabs]

    def current_key(self) -> str:
        """``"graph"`` or the current number-game tab's key."""
        page = self.currentWidget()
        return next((key for key, p in self.pages.items() if p is page), GRAPH)

    def current_tab(self) -> GameTab | None:
        """The current number-game tab (None on the Graph tab)."""
        return self.game_tabs.get(self.current_key())

    def show_tab(self, key: str) -> None:
        """Make tab ``key`` current (KeyError for an unknown key)."""
        self.setCurrentWidget(self.pages[key])

    def stack_of(self, key: str) -> QUndoStack:
        return self.graph_stack if key == GRAPH else self.game_tabs[key].undo_stack

    def _current_changed(self, _index: int) -> None:
        key = self.current_key()
        self.group.setActiveStack(self.stack_of(key))
        self.tab_changed.emit(key)

    # -- the document's share: clean state and tab states ---------------------------------------------
    def stacks(self) -> list[QUndoStack]:
        return [self.stack_of(key) for key in self.keys()]

    def is_clean(self) -> bool:
        """No unsaved edit in any tab."""
        return all(stack.isClean() for stack in self.stacks())

    def set_clean(self) -> None:
        for stack in self.stacks():
            stack.setClean()

    def states(self) -> dict[str, Any]:
        """``{key: state}`` of every number-game tab (saved in the document)."""
        return {key: tab.to_state() for key, tab in self.game_tabs.items()}

    def check_states(self, states: dict[str, Any]) -> None:
        """Raise :class:`TabStateError` for the first tab state that its tab would refuse (nothing changes).

        Keys that name no tab here are left alone (kept for a later sgstudio).
        """
        for key, tab in self.game_tabs.items():
            if key not in states:
                continue
            state = states[key]
            if not isinstance(state, dict):
                raise TabStateError(key, f"the {tab.title} tab's state must be an object, not {state!r}")
            try:
                tab.check_state(state)
            except (ValueError, TypeError, KeyError) as err:
                raise TabStateError(key, f"the {tab.title} tab's state is refused: {err}") from None

    def cancel_work(self) -> None:
        """Cancel and join every tab's background work (the window is closing)."""
        for tab in self.game_tabs.values():
            tab.cancel_work()

    def empty_states(self) -> dict[str, Any]:
        """``{key: state}`` of every number-game tab in a new document: no position anywhere."""
        return {key: tab.empty_state() for key, tab in self.game_tabs.items()}

    def load_states(self, states: dict[str, Any]) -> None:
        """Load every tab from ``states`` (a missing tab gets its starting state); clears their stacks."""
        for key, tab in self.game_tabs.items():
            tab.load_state(states.get(key, self.defaults[key]))
            tab.undo_stack.clear()


def _scrolled(tab: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(tab)
    return area
