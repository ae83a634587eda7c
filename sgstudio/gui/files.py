"""The open document: new / open / save / save as, recent files, the unsaved-changes prompt,
judge-file import (HDU 1524 into the Graph tab, HDU 1536/5795/5724 into their tabs), HDU 1524
export, and exports of the canvas (PNG, SVG) and of the graph (GraphML).

A document is the graph plus every number-game tab's state (``"tabs"`` in the ``.sgs`` file). A
file is read and validated completely, every tab's state included, before anything is replaced, so
a bad or unreadable file leaves the open document exactly as it was. "Modified" means some tab's
undo stack is not clean. Importing an HDU 1524 file starts a new document (the other tabs go back
to their starting states); importing into a number-game tab is an undoable edit of that tab.

Nothing here lets an exception escape: a bad or unreadable file is a dialog with the file, line
and column; a failed save or export says why and changes nothing (the document stays modified and
keeps its name); a bug is logged (:func:`sgstudio.gui.errors.report_unexpected`). Every file is
written atomically, keeping the mode of the file it replaces and writing through symlinks
(:func:`sgstudio.formats.atomic.write_atomic`). ``saved`` is emitted after every successful save
(the autosave then drops its recovery file).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from sgstudio.core.errors import ParseError, SGStudioError, printable
from sgstudio.core.graph import GameGraph
from sgstudio.formats import graphml, sgs
from sgstudio.formats import hdu1524_graph as hdu
from sgstudio.formats.atomic import write_atomic
from sgstudio.formats.hdu1524 import CyclicGraphError
from sgstudio.formats.tokens import read_file
from sgstudio.gui import errors, memory, progress
from sgstudio.gui.canvas import big_canvas
from sgstudio.gui.cases import choose_case, counted, judge_name
from sgstudio.gui.commands import PlaceTokensCommand
from sgstudio.gui.tabs.studio_tabs import TabStateError
from sgstudio.paths import resource_path

RECENT_KEY = "recent_files"
MAX_RECENT = 8
SGS_FILTER = "sgstudio games (*.sgs)"
HDU_FILTER = "HDU 1524 input (*.txt *.in)"
OPEN_FILTER = f"Games and HDU 1524 files (*.sgs *.txt *.in);;{SGS_FILTER};;{HDU_FILTER};;All files (*)"
JUDGE_FILTER = "Judge input files (*.txt *.in);;All files (*)"
TAB_HINT = ("If it is an HDU 1536, 5795 or 5724 input, import it with File > Import Judge File "
            "(from the command line: sgstudio FILE --tab snim|splitnim|board).")
IMPORT_HINT = ("If it is an HDU 1536, 5795 or 5724 input, import it with that format's entry of the "
               "same menu (HDU 1536 into S-Nim, HDU 5795 into Split-nim, HDU 5724 into Board).")


class Loaded:
    """A fully read and validated file, ready to replace the open document."""

    def __init__(self, model: GameGraph, name: str, path: Path | None = None, tabs: dict | None = None,
                 queries: Sequence[Sequence[int]] = (), source: str = "") -> None:
        self.model, self.name, self.path, self.tabs = model, name, path, dict(tabs or {})
        self.queries, self.source = queries, source  # kept as given: a file may hold 10^5 queries


class DocumentController(QObject):
    """Owns the open model and its file; the window wires its signals to the panels."""

    model_replaced = Signal(object)
    queries_replaced = Signal(object, object, str)  # object: a list of 10^5 queries is not converted
    title_changed = Signal(str)
    recent_changed = Signal(list)
    saved = Signal(str)

    def __init__(self, window: QWidget, canvas: QWidget, undo_stack: QUndoStack,
                 settings: QSettings | None = None, tab_set=None) -> None:
        super().__init__(window)
        self.window, self.canvas, self.undo_stack, self.tab_set = window, canvas, undo_stack, tab_set
        self.settings = settings if settings is not None else QSettings()
        self.model = GameGraph()
        self.path: Path | None = None
        self.name = "Untitled"
        self.tabs: dict = {}
        self.interactive = True  # False: no dialogs (screenshots); errors kept in last_error
        self.last_error: BaseException | None = None

    # -- replacing the document ------------------------------------------------------------
    def install(self, doc: Loaded) -> None:
        """Show ``doc`` (the model and every tab replaced, every undo history cleared)."""
        self.model, self.path, self.name, self.tabs = doc.model, doc.path, doc.name, doc.tabs
        self.canvas.set_model(doc.model)  # lays out vertices without a position (not an undo step)
        self.undo_stack.clear()
        self.undo_stack.setClean()
        if self.tab_set is not None:
            self.tab_set.load_states(doc.tabs)  # already checked by read()
            self.tab_set.set_clean()
        self.canvas.fit_graph()
        self.model_replaced.emit(doc.model)
        self.queries_replaced.emit(doc.model, doc.queries, doc.source)
        self.title_changed.emit(self.name)

    def load_example(self) -> None:
        """The built-in example game (untitled: Save asks where, the resource stays as it is)."""
        doc = sgs.read(resource_path("examples", "default.sgs"))
        self.install(Loaded(doc.graph, "example.sgs", None, doc.tabs))

    def new(self) -> bool:
        """An empty document (every tab without a position), after the unsaved-changes prompt."""
        if not self.maybe_discard():
            return False
        empty = self.tab_set.empty_states() if self.tab_set is not None else {}
        self.install(Loaded(GameGraph(), "Untitled", tabs=empty))  # every tab empty, not the example
        return True

    def open(self, path: str | None = None) -> bool:
        """Open a ``.sgs`` game or import an HDU 1524 file (asks for the file when ``path`` is None)."""
        if not self.maybe_discard():
            return False
        if path is None:
            path = self._ask_open("Open a game", OPEN_FILTER)
            if not path:
                return False
        doc = self.read(path)
        if doc is None:
            if not Path(path).exists():  # told once: Open Recent no longer offers it
                self.forget_recent(path)
            return False
        self.install(doc)
        if doc.path is not None:
            self.add_recent(str(doc.path))
        return True

    def import_hdu(self, path: str | None = None) -> bool:
        """Import an HDU 1524 file whatever its name ends with."""
        if not self.maybe_discard():
            return False
        path = path or self._ask_open("Import an HDU 1524 file", f"{HDU_FILTER};;All files (*)")
        doc = self.read(path, force_hdu=True) if path else None
        if doc is None:
            return False
        self.install(doc)
        return True

    def read(self, path: str, force_hdu: bool = False) -> Loaded | None:
        """Read and validate a file; on a problem show a dialog and return None."""
        hint = ""
        try:
            with progress.opening(self.window, path, self.interactive) as work:  # a big file: in threads
                text = work(f"Reading {Path(path).name}…", read_file, path)
                if force_hdu or not is_sgs(path, text):
                    hint = IMPORT_HINT if force_hdu else TAB_HINT  # Import is File > Import Judge File
                    return self._read_hdu(text, path, work)
                doc = work("Parsing the game…", sgs.loads, text, path)
                self._check_tabs(doc.tabs, text, path)
                work("Laying out the graph…", big_canvas.prepare, doc.graph)
        except progress.OpeningCancelled:  # the open document stays as it was
            return None
        except Exception as err:  # a bad file, or a bug: the open document stays as it was
            self.refuse("open", path, err, hint)
            return None
        return Loaded(doc.graph, Path(path).name, Path(path), doc.tabs)

    def refuse(self, action: str, path: str, err: Exception, hint: str = "") -> None:
        """Tell why ``path`` could not be used (a bug is logged as well); remember the error."""
        self.last_error = err
        expected = isinstance(err, SGStudioError | OSError | UnicodeDecodeError)
        if not self.interactive:
            if not expected:
                errors.log_unexpected(err, f"{action} {path}")
            return
        if expected:
            errors.show_file_error(self.window, action, path, err, hint)
        else:
            errors.report_unexpected(self.window, action, path, err)

    def offer_loopy(self, path: str, err: Exception) -> bool:
        """Whether to open a judge file whose graph has a cycle as a loopy game: asked; when not
        interactive (a screenshot, which cannot ask) always, since that is the only game it can be."""
        if not self.interactive:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window, "This graph has cycles",
            f"{err}.\n\nThis graph has cycles — open it as a loopy game? Play may then go on "
            "for ever (a draw), and vertices from which it can are shown ∞ in purple.",
            buttons.Open | buttons.Cancel, buttons.Open)
        return answer == buttons.Open

    def _check_tabs(self, tabs: dict, text: str, path: str) -> None:
        """Every tab's state must load (ParseError at the refused state otherwise)."""
        if self.tab_set is None:
            return
        try:
            self.tab_set.check_states(tabs)
        except TabStateError as err:  # located at the tab's state; the message names the place in it
            line, column = sgs.locate(text, ("tabs", err.key))
            raise ParseError(str(err), file=path, line=line, column=column) from None

    def import_judge(self, fmt: str, path: str | None = None, case: int | None = None) -> bool:
        """Import a judge file of format ``fmt`` into its tab (HDU 1524: a new Graph document).

        ``case`` (0-based) picks the test case; None asks when there are several (the first one
        when not interactive). The tab is shown on success; a bad file changes nothing.
        """
        tab = self.tab_set.tab_for_format(fmt)
        if not tab.document_state:  # the document's own game (the graph): a new document
            return self.import_hdu(path)
        title = f"Import an {judge_name(fmt)} file into the {tab.title} tab"
        path = path or self._ask_open(title, JUDGE_FILTER)
        if not path:
            return False
        if case is None and not self.interactive:
            case = 0
        try:
            tab.import_judge_text(read_file(path), path, case)
        except (SGStudioError, OSError, ValueError) as err:
            self.refuse("import", path, err if isinstance(err, SGStudioError | OSError) else
                          SGStudioError(str(err)))
            return False
        except Exception as err:  # a bug: the tab is left as it was
            self.refuse("import", path, err)
            return False
        self.tab_set.show_tab(tab.key)
        return True

    def _read_hdu(self, text: str, path: str, work: progress.Work = progress.inline) -> Loaded | None:
        try:
            cases, loopy = work("Parsing the positions and moves…", hdu.cases, text, path), False
        except CyclicGraphError as err:  # offered as a loopy game instead of being refused
            if not self.offer_loopy(path, err):
                raise
            cases, loopy = work("Parsing the positions and moves…", hdu.cases, text, path, True), True
        index = self.choose_case(cases, path) if len(cases) > 1 else 0
        if index is None:
            return None
        model, queries = work("Building the graph and its Grundy values…", hdu.case_model, cases[index],
                              loopy, lambda n, m: memory.check_graph(path, n, m))  # refused before building
        work("Laying out the graph…", big_canvas.prepare, model)
        name = Path(path).name
        count = f"{len(queries)} quer{'y' if len(queries) == 1 else 'ies'}"
        source = f"{name}, test case {index + 1} of {len(cases)}: {count}; click one to place its tokens"
        return Loaded(model, f"{name} (case {index + 1})", None, queries=queries, source=source)

    def choose_case(self, cases: Sequence[object], path: str) -> int | None:
        """Ask which test case to import (None when cancelled; the first one when not interactive)."""
        if not self.interactive:
            return 0
        return choose_case(self.window, "hdu1524", path, [describe_hdu1524(c) for c in cases])

    # -- saving ----------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the document's file (Save As when it has none)."""
        if self.path is None:
            return self.save_as()
        return self._save_to(self.path)

    def save_as(self, path: str | None = None) -> bool:
        """Save under a new name, which becomes the document's file."""
        if path is None:
            suggested = str(Path.home() / (Path(self.name.split(" (")[0]).stem + ".sgs"))
            path, _ = QFileDialog.getSaveFileName(self.window, "Save the game", suggested, SGS_FILTER)
            if not path:
                return False
            if not path.endswith(".sgs"):
                path += ".sgs"
        return self._save_to(Path(path))

    def document_text(self) -> str:
        """The open document as ``.sgs`` text (every tab's state; unknown tabs of a later sgstudio kept)."""
        return sgs.dumps(self.model, self.current_tabs())

    def current_tabs(self) -> dict:
        return {**self.tabs, **self.tab_set.states()} if self.tab_set is not None else dict(self.tabs)

    def _save_to(self, path: Path) -> bool:
        """Write the document to ``path``; on any failure a dialog, and nothing changes."""
        try:
            tabs = self.current_tabs()
            write_atomic(path, sgs.dumps(self.model, tabs))
        except OSError as err:
            self.last_error = err
            errors.show_error(self.window, "Could not save the file",
                              f"{printable(str(path))}: {err.strerror or err}\n\nThe document is "
                              "unchanged and still unsaved.")
            return False
        except Exception as err:  # a bug: logged, and the document is left exactly as it was
            self.last_error = err
            errors.report_unexpected(self.window, "save", str(path), err)
            return False
        self.tabs = tabs
        self.path, self.name = path, path.name
        self.undo_stack.setClean()
        if self.tab_set is not None:
            self.tab_set.set_clean()
        self.add_recent(str(path))
        self.title_changed.emit(self.name)
        self.saved.emit(str(path))
        return True

    def maybe_discard(self) -> bool:
        """True when it is fine to replace the document (saved, or the user said Save/Discard)."""
        if self.is_clean():
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window, "Unsaved changes", f"Save the changes to {self.name} first?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    def is_clean(self) -> bool:
        """No unsaved change in any tab."""
        return self.tab_set.is_clean() if self.tab_set is not None else self.undo_stack.isClean()

    # -- queries and exports ---------------------------------------------------------------
    def place_query(self, tokens: list[int]) -> None:
        """Place a query's tokens on the graph (one undo step)."""
        text = "Place tokens " + ", ".join(self.model.label(v) for v in sorted(tokens))
        self.undo_stack.push(PlaceTokensCommand(self.model, tokens, text))

    def export(self, kind: str, path: str | None = None) -> bool:
        """Export as ``"png"``, ``"svg"``, ``"graphml"`` or ``"hdu1524"`` (asks for the file if needed)."""
        suffix, title, filt = EXPORTS[kind]
        if path is None:
            suggested = str(Path.home() / (Path(self.name.split(" (")[0]).stem + suffix))
            path, _ = QFileDialog.getSaveFileName(self.window, title, suggested, filt)
            if not path:
                return False
        try:
            if kind in ("png", "svg"):  # Qt writes a temporary file; it replaces the target atomically
                write_atomic(path, getattr(self.canvas, f"export_{kind}"))
            elif kind == "graphml":
                write_atomic(path, graphml.generate(self.model))
            else:
                write_atomic(path, hdu.export_text(self.model))
        except OSError as err:
            self.last_error = err
            errors.show_error(self.window, "Could not export",
                              f"{printable(str(path))}: {err.strerror or err}")
            return False
        except Exception as err:  # a bug: logged; the document is not touched by an export
            self.last_error = err
            errors.report_unexpected(self.window, "export", str(path), err)
            return False
        return True

    # -- recent files ----------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        """Most recent first."""
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        files = [path, *(p for p in self.recent_files() if p != path)][:MAX_RECENT]
        self.settings.setValue(RECENT_KEY, files)
        self.settings.sync()
        self.recent_changed.emit(files)

    def forget_recent(self, path: str) -> None:
        """Take ``path`` off the recent files (a file that is gone)."""
        files = [p for p in self.recent_files() if p != str(Path(path).resolve())]
        self.settings.setValue(RECENT_KEY, files)
        self.settings.sync()
        self.recent_changed.emit(files)

    def _ask_open(self, title: str, filt: str) -> str:
        start = str(self.path.parent) if self.path else ""
        path, _ = QFileDialog.getOpenFileName(self.window, title, start, filt)
        return path


EXPORTS = {
    "png": (".png", "Export the canvas as PNG", "PNG images (*.png)"),
    "svg": (".svg", "Export the canvas as SVG", "SVG drawings (*.svg)"),
    "graphml": (".graphml", "Export the graph as GraphML", "GraphML (*.graphml)"),
    "hdu1524": (".txt", "Export as an HDU 1524 input", HDU_FILTER),
}


def is_sgs(path: str, text: str) -> bool:
    """``.sgs`` by name; ``.txt``/``.in`` are HDU 1524; otherwise a JSON object is a game.

    >>> is_sgs("a.sgs", ""), is_sgs("a.in", "{"), is_sgs("game", ' {"format"')
    (True, False, True)
    """
    suffix = Path(path).suffix.lower()
    if suffix in (".txt", ".in"):
        return False
    return suffix == ".sgs" or text.lstrip().startswith("{")


def describe_hdu1524(case: object) -> str:
    """What the case chooser says of an HDU 1524 case: its positions, edges (the moves of the graph)
    and queries."""
    n, succ, queries = hdu.case_parts(case)
    edges = sum(map(len, succ))
    return f"{counted(n, 'position')}, {counted(edges, 'edge')}, {counted(len(queries), 'query', 'queries')}"
