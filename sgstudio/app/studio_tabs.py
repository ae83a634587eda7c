"""The window's tab widget: one tab per game of the registry that has one (Graph | S-Nim | Split-nim |
Board | Nim), and their undo stacks.

The tabs come from :mod:`sgstudio.core.registry` (each game names its tab class by a dotted path),
in the order of registration. Every tab edits through its own QUndoStack; one :class:`QUndoGroup`
holds them all and its active stack is the current tab's, so Edit > Undo/Redo and the Undo History
view follow the tab shown. The document is modified when any stack is not clean.

A document's tab states (``"tabs": {key: state}`` in the ``.sgs`` file) are checked all together
before any tab changes (:meth:`StudioTabs.check_states`); a tab missing from a document (an old one,
or a new document) goes back to the state it had when the window opened. The Graph tab's game is
the document's graph: it keeps no state in ``tabs`` (``document_state`` False).
"""

from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QWidget

from sgstudio.core import registry
from sgstudio.core.state import StateError
from sgstudio.gui.cases import judge_name
from sgstudio.gui.tabs.base import GameTab
from sgstudio.gui.tabs.play_mode import CORNER_HINTS, playing_banner


def tab_classes() -> list[type[GameTab]]:
    """The tab class of every registered game that has one, in the order of the registry (a class
    shown for two games is listed once)."""
    classes: list[type[GameTab]] = []
    for kind in registry.games():
        if kind.tab is None:
            continue
        module, name = kind.tab.split(":")
        cls = getattr(importlib.import_module(module), name)
        if cls not in classes:
            classes.append(cls)
    return classes


class TabStateError(ValueError):
    """A tab's state in a document is refused; ``key`` names the tab, ``path`` where inside its state."""

    def __init__(self, key: str, message: str, path: tuple = ()) -> None:
        super().__init__(message)
        self.key = key
        self.path = tuple(path)


class StudioTabs(QTabWidget):
    """The central tab widget. Signals: ``tab_changed(key)`` and ``status_message(str)`` (from any tab)."""

    tab_changed = Signal(str)
    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None, classes: list[type[GameTab]] | None = None) -> None:
        super().__init__(parent)
        self.group = QUndoGroup(self)
        self.game_tabs: dict[str, GameTab] = {}
        self.pages: dict[str, QWidget] = {}
        # over the tab bar's empty end, not a corner widget: showing it moves nothing and never
        # narrows the tab bar (which would hide tabs behind its scroll arrows)
        self.banner = playing_banner(self, corner=True)
        for cls in tab_classes() if classes is None else classes:
            self._add(cls(self))
        self.defaults = {key: tab.to_state() for key, tab in self.document_tabs().items()}
        self.setDocumentMode(True)
        self.currentChanged.connect(self._current_changed)
        self.group.setActiveStack(self.current_tab().undo_stack)

    def _add(self, tab: GameTab) -> None:
        tab.banner_in_tab = False
        self.game_tabs[tab.key] = tab
        # a number tab scrolls rather than widen the window; the canvas pans instead
        page = tab if not tab.document_state else _scrolled(tab)
        self.pages[tab.key] = page
        self.addTab(page, tab.title.replace("&", "&&"))  # "Take & break": an & is no shortcut
        self.setTabToolTip(self.count() - 1, f"{tab.title} ({judge_name(tab.judge_format)})"
                           if tab.judge_format else tab.title)
        self.group.addStack(tab.undo_stack)
        tab.status_message.connect(self.status_message)

    # -- tabs ----------------------------------------------------------------------------------------
    @property
    def graph(self) -> GameTab:
        """The Graph tab (the document's graph)."""
        return next(tab for tab in self.game_tabs.values() if not tab.document_state)

    def document_tabs(self) -> dict[str, GameTab]:
        """The tabs whose state the document keeps in its ``tabs``."""
        return {key: tab for key, tab in self.game_tabs.items() if tab.document_state}

    def show_playing(self, on: bool) -> None:
        """The "playing — edits end play" banner in the tab bar, while play is on (any tab)."""
        self.banner.setVisible(on)
        self._place_banner()

    def _place_banner(self) -> None:
        """The banner at the right end of the tab bar, after the last tab: the longest of its
        texts that fits there (the whole in its tooltip)."""
        bar = self.tabBar()
        left = bar.geometry().x() + bar.tabRect(bar.count() - 1).right() + 12 if bar.count() else 0
        room = self.width() - 4 - left
        for text in CORNER_HINTS:
            self.banner.setText(text)
            if self.banner.sizeHint().width() <= room:
                break
        width = min(self.banner.sizeHint().width(), max(0, room))
        height = min(self.banner.sizeHint().height(), bar.height())
        top = bar.geometry().y() + (bar.height() - height) // 2
        self.banner.setGeometry(self.width() - 4 - width, top, width, height)
        self.banner.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_banner()

    def keys(self) -> list[str]:
        return list(self.game_tabs)

    def current_key(self) -> str:
        """The current tab's key."""
        return self.current_tab().key

    def current_tab(self) -> GameTab:
        """The current tab (never None)."""
        page = self.currentWidget()
        return next((self.game_tabs[key] for key, p in self.pages.items() if p is page), self.graph)

    def show_tab(self, key: str) -> None:
        """Make tab ``key`` current (KeyError for an unknown key)."""
        self.setCurrentWidget(self.pages[key])

    def tab_for_format(self, fmt: str) -> GameTab:
        """The tab that imports judge files of format ``fmt`` (KeyError when none does)."""
        for tab in self.game_tabs.values():
            if fmt and tab.judge_format == fmt:
                return tab
        raise KeyError(f"no tab imports judge files of the format {fmt!r}")

    def stack_of(self, key: str) -> QUndoStack:
        return self.game_tabs[key].undo_stack

    def _current_changed(self, _index: int) -> None:
        tab = self.current_tab()
        self.group.setActiveStack(tab.undo_stack)
        self.tab_changed.emit(tab.key)

    # -- the document's share: clean state and tab states ---------------------------------------------
    def stacks(self) -> list[QUndoStack]:
        return [tab.undo_stack for tab in self.game_tabs.values()]

    def is_clean(self) -> bool:
        """No unsaved edit in any tab (undo steps, or text typed that is no step yet)."""
        return (all(stack.isClean() for stack in self.stacks())
                and not any(tab.has_unsaved_typing() for tab in self.game_tabs.values()))

    def set_clean(self) -> None:
        for stack in self.stacks():
            stack.setClean()
        for tab in self.game_tabs.values():
            tab.typing_saved()

    def states(self) -> dict[str, Any]:
        """``{key: state}`` of every tab the document keeps (saved in the document), each with its
        play rule when misère; a tab whose game is the document's (the Graph tab) only for its rule."""
        states = {key: tab.saved_state() for key, tab in self.document_tabs().items()}
        for key, tab in self.rule_tabs().items():
            if tab.is_misere:
                states[key] = tab.saved_state()
        return states

    def rule_tabs(self) -> dict[str, GameTab]:
        """The tabs that keep only their play rule in the document's ``tabs`` (no state of their own)."""
        return {key: tab for key, tab in self.game_tabs.items() if tab.play_rules and not tab.document_state}

    def check_states(self, states: dict[str, Any]) -> None:
        """Raise :class:`TabStateError` for the first tab state that its tab would refuse (nothing changes).

        Keys that name no tab here are left alone (kept for a later sgstudio).
        """
        for key, tab in {**self.document_tabs(), **self.rule_tabs()}.items():
            if key not in states:
                continue
            state = states[key]
            if not isinstance(state, dict):
                raise TabStateError(key, f"the {tab.title} tab's state must be an object, not {state!r}")
            try:
                tab.check_saved_state(state)
            except (ValueError, TypeError, KeyError) as err:
                path = err.path if isinstance(err, StateError) else ()
                where = f" (at {json_path(path)})" if path else ""
                message = f"the {tab.title} tab's state is refused{where}: {err}"
                raise TabStateError(key, message, path) from None

    def cancel_work(self) -> None:
        """Cancel and join every tab's background work (the window is closing)."""
        for tab in self.game_tabs.values():
            tab.cancel_work()

    def empty_states(self) -> dict[str, Any]:
        """``{key: state}`` of every tab the document keeps, in a new document: no position anywhere."""
        return {key: tab.empty_state() for key, tab in self.document_tabs().items()}

    def load_states(self, states: dict[str, Any]) -> None:
        """Load every tab from ``states`` (a missing tab gets its starting state, in normal play);
        clears their stacks."""
        for key, tab in self.document_tabs().items():
            tab.load_saved_state(states.get(key, self.defaults[key]))
            tab.undo_stack.clear()
        for key, tab in self.rule_tabs().items():
            tab.load_saved_state(states.get(key, {}))


def json_path(path: tuple) -> str:
    """A key path inside a state, as people read it.

    >>> json_path(("rows", 0)), json_path(("judge", "positions", 2))
    ('rows[0]', 'judge.positions[2]')
    """
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _scrolled(tab: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(tab)
    return area
