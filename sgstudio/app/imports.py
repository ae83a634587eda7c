"""HDU 1524 files into the Graph tab: reading one with the questions it may need (which test case; a
graph with a cycle opened as a loopy game?), and the undo step that makes a test case the tab's game.

The number-game tabs read their own judge formats (:meth:`sgstudio.gui.tabs.base.GameTab.import_judge_text`);
the document controller (:mod:`sgstudio.app.files`) imports every format the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QMessageBox, QWidget

from sgstudio.core.errors import SGStudioError
from sgstudio.games.graph import hdu1524_graph as hdu
from sgstudio.games.graph.hdu1524 import CyclicGraphError
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.gui import memory, progress
from sgstudio.gui.cases import choose_case, counted


class GraphCase(NamedTuple):
    """A test case of an HDU 1524 file, built and laid out: its graph and queries, and what they are."""

    model: GameGraph
    queries: Sequence[Sequence[int]]
    source: str  # the Queries panel's title
    name: str  # "FILE (case K)"
    title: str  # the undo step's text: "Import case K of FILE"


def read_case(text: str, path: str, work: progress.Work, case: int | None,
              parent: QWidget | None) -> GraphCase | None:
    """Test case ``case`` (0-based; None: asked when there are several) of the HDU 1524 ``text`` of
    ``path``; None when the person cancelled. ``parent`` None asks nothing (a screenshot): the first
    case, and a graph with a cycle as a loopy game. Raises on a bad file (ParseError, MemoryError...)."""
    try:
        cases, loopy = work("Parsing the positions and moves…", hdu.cases, text, path), False
    except CyclicGraphError as err:  # offered as a loopy game instead of being refused
        if not offer_loopy(parent, err):
            raise
        cases, loopy = work("Parsing the positions and moves…", hdu.cases, text, path, True), True
    if case is not None and not 0 <= case < len(cases):
        raise SGStudioError(f"{path} has {counted(len(cases), 'test case')}: there is no case {case + 1}")
    if case is None:
        case = ask_case(parent, cases, path) if len(cases) > 1 else 0
        if case is None:
            return None
    model, queries = work("Building the graph and its Grundy values…", hdu.case_model, cases[case],
                          loopy, lambda n, m: memory.check_graph(path, n, m))  # refused before building
    work("Laying out the graph…", big_canvas.prepare, model)
    name = Path(path).name
    count = counted(len(queries), "query", "queries")
    source = f"{name}, test case {case + 1} of {len(cases)}: {count}; click one to place its tokens"
    return GraphCase(model, queries, source, f"{name} (case {case + 1})", f"Import case {case + 1} of {name}")


def offer_loopy(parent: QWidget | None, err: Exception) -> bool:
    """Whether to open a judge file whose graph has a cycle as a loopy game: asked; when ``parent`` is
    None (a screenshot, which cannot ask) always, since that is the only game it can be."""
    if parent is None:
        return True
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent, "This graph has cycles",
        f"{err}.\n\nThis graph has cycles — open it as a loopy game? Play may then go on "
        "for ever (a draw), and vertices from which it can are shown ∞ in purple.",
        buttons.Open | buttons.Cancel, buttons.Open)
    return answer == buttons.Open


def ask_case(parent: QWidget | None, cases: Sequence[object], path: str) -> int | None:
    """Ask which test case to import (None when cancelled; the first one when ``parent`` is None)."""
    if parent is None:
        return 0
    return choose_case(parent, "hdu1524", path, [describe_hdu1524(c) for c in cases])


def describe_hdu1524(case: object) -> str:
    """What the case chooser says of an HDU 1524 case: its positions, edges (the moves of the graph)
    and queries."""
    n, succ, queries = hdu.case_parts(case)
    edges = sum(map(len, succ))
    return f"{counted(n, 'position')}, {counted(edges, 'edge')}, {counted(len(queries), 'query', 'queries')}"


class ImportGraphCommand(QUndoCommand):
    """A test case made the Graph tab's game, as one undo step of that tab: undo shows the graph and the
    queries that were there before (the very objects, so the steps below it still apply to them), redo
    the imported ones. ``document`` has ``model``, ``queries``, ``source`` and ``show_graph``."""

    def __init__(self, document: Any, model: GameGraph, queries: Sequence[Sequence[int]], source: str,
                 text: str) -> None:
        super().__init__(text)
        self.document = document
        self.before = (document.model, document.queries, document.source)
        self.after = (model, queries, source)

    def redo(self) -> None:
        self.document.show_graph(*self.after)

    def undo(self) -> None:
        self.document.show_graph(*self.before)
