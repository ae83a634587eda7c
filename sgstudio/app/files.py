"""The open document: new / open / save / save as, recent files, the unsaved-changes prompt,
judge-file import (HDU 1524 into the Graph tab, HDU 1536/5795/5724 into their tabs), HDU 1524
export, and exports of the canvas (PNG, SVG) and of the graph (GraphML).

A document is the graph plus every number-game tab's state (``"tabs"`` in the ``.sgs`` file). A
file is read and validated completely, every tab's state included, before anything is replaced, so
a bad or unreadable file leaves the open document exactly as it was. "Modified" means some tab's
undo stack is not clean.

A judge file is never a document: importing one (File > Import Judge File, File > Open of an HDU
1524 file, Open Recent, a tab's Import button, ``sgstudio FILE [--tab TAB]``) is one edit of the
open document, the same for every format: the chosen test case goes into its tab as one undo step
(Ctrl+Z puts the tab back as it was; the HDU 1524 import swaps the Graph tab's whole graph and
queries, :mod:`sgstudio.app.imports`), every other tab is kept, that tab comes to the front, and the
document keeps its file and name and is modified (Save writes the ``.sgs`` document, never the judge
file). Open Recent lists judge files too, with their format (:mod:`sgstudio.app.places`); every file
dialog starts in the document's folder, else the last folder used, else the home folder.

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

from sgstudio.app import imports, places
from sgstudio.app.studio_tabs import TabStateError
from sgstudio.core.errors import ParseError, SGStudioError, printable
from sgstudio.document import sgs
from sgstudio.formats.atomic import write_atomic
from sgstudio.formats.tokens import read_file
from sgstudio.games.graph import graphml
from sgstudio.games.graph import hdu1524_graph as hdu
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.games.graph.tab.commands import PlaceTokensCommand
from sgstudio.gui import errors, progress
from sgstudio.gui.cases import judge_name
from sgstudio.gui.tabs.base import GameTab
from sgstudio.paths import resource_path

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
                 queries: Sequence[Sequence[int]] = (), source: str = "", title: str = "") -> None:
        self.model, self.name, self.path, self.tabs = model, name, path, dict(tabs or {})
        self.queries, self.source = queries, source  # kept as given: a file may hold 10^5 queries
        self.title = title or name  # what an import's undo step says


class DocumentController(QObject):
    """Owns the open model and its file; the window wires its signals to the panels."""

    model_replaced = Signal(object)  # a new document (opened, new, recovered)
    graph_replaced = Signal(object)  # the Graph tab shows another graph (a new document, an HDU 1524 import)
    queries_replaced = Signal(object, object, str)  # object: a list of 10^5 queries is not converted
    title_changed = Signal(str)
    recent_changed = Signal(list)
    saved = Signal(str)

    def __init__(self, window: QWidget, canvas: QWidget, undo_stack: QUndoStack,
                 settings: QSettings | None = None, tab_set=None) -> None:
        super().__init__(window)
        self.window, self.canvas, self.undo_stack, self.tab_set = window, canvas, undo_stack, tab_set
        self.settings = settings if settings is not None else QSettings()
        self.places = places.Places(self.settings)  # Open Recent, and where file dialogs start
        self.model = GameGraph()
        self.path: Path | None = None
        self.name = "Untitled"
        self.tabs: dict = {}
        self.queries: Sequence[Sequence[int]] = ()  # the HDU 1524 queries shown, and what they are
        self.source = ""
        self.interactive = True  # False: no dialogs (screenshots); errors kept in last_error
        self.last_error: BaseException | None = None

    # -- replacing the document ------------------------------------------------------------
    def install(self, doc: Loaded) -> None:
        """Show ``doc`` (the model and every tab replaced, every undo history cleared)."""
        self.path, self.name, self.tabs = doc.path, doc.name, doc.tabs
        self.show_graph(doc.model, doc.queries, doc.source)
        self.undo_stack.clear()
        self.undo_stack.setClean()
        if self.tab_set is not None:
            self.tab_set.load_states(doc.tabs)  # already checked by read()
            self.tab_set.set_clean()
        self.model_replaced.emit(doc.model)
        self.title_changed.emit(self.name)

    def show_graph(self, model: GameGraph, queries: Sequence[Sequence[int]] = (), source: str = "") -> None:
        """Make ``model`` the document's graph, with these HDU 1524 queries (not an undo step by itself)."""
        self.model, self.queries, self.source = model, queries, source
        self.canvas.set_model(model)  # lays out vertices without a position (not an undo step)
        self.canvas.fit_graph()
        self.graph_replaced.emit(model)
        self.queries_replaced.emit(model, queries, source)

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
        """Open a ``.sgs`` game, or import an HDU 1524 file into the Graph tab (asks for the file when
        ``path`` is None; the unsaved-changes prompt only when a document would replace this one)."""
        if path is None:
            path = self._ask_open("Open a game", OPEN_FILTER)
            if not path:
                return False
        if not opens_document(path):  # a judge file is imported: the document stays
            return self._gone(path, self._import_graph(path, None, TAB_HINT))
        if not self.maybe_discard():
            return False
        doc = self.read(path)
        if doc is None:
            return self._gone(path, False)
        self.install(doc)
        if doc.path is not None:
            self._remember(str(doc.path))
        return True

    def open_recent(self, entry: str) -> bool:
        """Open an entry of Open Recent: a document, or a judge file imported into its tab again."""
        path, fmt = places.split_entry(entry)
        if not fmt:
            return self.open(path)
        if fmt not in (t.judge_format for t in self.tab_set.game_tabs.values()):  # a later sgstudio's
            self.refuse("import", path, SGStudioError(f"{path}: no tab here reads {judge_name(fmt)} files"))
            return False
        return self.import_judge(fmt, path)

    def _gone(self, path: str, done: bool) -> bool:
        """``done``; a file that failed because it is gone is told once: Open Recent drops it."""
        if not done and not Path(path).exists():
            self.forget_recent(path)
        return done

    def import_hdu(self, path: str | None = None) -> bool:
        """Import an HDU 1524 file into the Graph tab whatever its name ends with."""
        return self.import_judge(self.tab_set.graph.judge_format, path)

    def read(self, path: str, force_hdu: bool = False, case: int | None = None,
             hint: str | None = None) -> Loaded | None:
        """Read and validate a file (``force_hdu``: as an HDU 1524 file, test case ``case``, asked
        when None); on a problem show a dialog (with ``hint`` for a judge file) and return None."""
        told = ""
        try:
            with progress.opening(self.window, path, self.interactive) as work:  # a big file: in threads
                text = work(f"Reading {Path(path).name}…", read_file, path)
                if force_hdu or not is_sgs(path, text):
                    # File > Import Judge File's own error does not point at that menu
                    told = hint if hint is not None else IMPORT_HINT if force_hdu else TAB_HINT
                    return self._read_hdu(text, path, work, case)
                doc = work("Parsing the game…", sgs.loads, text, path)
                self._check_tabs(doc.tabs, text, path)
                work("Laying out the graph…", big_canvas.prepare, doc.graph)
        except progress.OpeningCancelled:  # the open document stays as it was
            return None
        except Exception as err:  # a bad file, or a bug: the open document stays as it was
            self.refuse("open", path, err, told)
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
        """Import a judge file of format ``fmt`` into its tab, as one undo step of that tab; the other
        tabs stay as they are, the document keeps its file and is modified, and the tab is shown.

        ``case`` (0-based) picks the test case; None asks when there are several (the first one
        when not interactive). A bad file is a dialog and changes nothing.
        """
        tab = self.tab_set.tab_for_format(fmt)
        if path is None:
            filt = f"{HDU_FILTER};;All files (*)" if not tab.document_state else JUDGE_FILTER
            path = self._ask_open(f"Import an {judge_name(fmt)} file into the {tab.title} tab", filt)
            if not path:
                return False
        if not tab.document_state:  # the document's own game, the graph
            return self._gone(path, self._import_graph(path, case))
        if case is None and not self.interactive:
            case = 0
        before = tab.undo_stack.index()
        try:
            tab.import_judge_text(read_file(path), path, case)
        except (SGStudioError, OSError, ValueError) as err:
            self.refuse("import", path, err if isinstance(err, SGStudioError | OSError) else
                          SGStudioError(str(err)))
            return self._gone(path, False)
        except Exception as err:  # a bug: the tab is left as it was
            self.refuse("import", path, err)
            return False
        if tab.undo_stack.index() == before:  # the choice of a test case was cancelled
            return False
        self._imported(tab, path)
        return True

    def _import_graph(self, path: str, case: int | None, hint: str | None = None) -> bool:
        """An HDU 1524 test case becomes the Graph tab's game, as one undo step."""
        doc = self.read(path, force_hdu=True, case=case, hint=hint)
        if doc is None:
            return False
        self.tab_set.show_tab(self.tab_set.graph.key)  # first: the queries then raised, the canvas fitted
        self.undo_stack.push(imports.ImportGraphCommand(self, doc.model, doc.queries, doc.source, doc.title))
        self._imported(self.tab_set.graph, path)
        return True

    def _imported(self, tab: GameTab, path: str) -> None:
        """After an import into ``tab``: the tab in front, the file among the recent ones, and said."""
        self._remember(path, tab.judge_format)
        self.tab_set.show_tab(tab.key)
        text = tab.undo_stack.command(tab.undo_stack.index() - 1).text()
        self.tab_set.status_message.emit(f"{text} into the {tab.title} tab (Ctrl+Z undoes it)")

    def _read_hdu(self, text: str, path: str, work: progress.Work = progress.inline,
                  case: int | None = None) -> Loaded | None:
        got = imports.read_case(text, path, work, case, self.window if self.interactive else None)
        if got is None:
            return None
        return Loaded(got.model, got.name, None, queries=got.queries, source=got.source, title=got.title)

    # -- saving ----------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the document's file (Save As when it has none)."""
        if self.path is None:
            return self.save_as()
        return self._save_to(self.path)

    def save_as(self, path: str | None = None) -> bool:
        """Save under a new name, which becomes the document's file."""
        if path is None:
            path = self._ask_save("Save the game", ".sgs", SGS_FILTER)
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
        self._remember(str(path))
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
            path = self._ask_save(title, suffix, filt)
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
        if self.interactive:
            self.places.used(path)
        return True

    # -- recent files ----------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        """The entries of Open Recent, most recent first (:mod:`sgstudio.app.places`)."""
        return self.places.recent()

    def add_recent(self, path: str, fmt: str = "") -> None:
        """Put ``path`` (a judge file of format ``fmt``, or a document) first in Open Recent."""
        self.recent_changed.emit(self.places.add(path, fmt))

    def forget_recent(self, path: str) -> None:
        """Take ``path`` off the recent files (a file that is gone)."""
        self.recent_changed.emit(self.places.forget(path))

    def describe_recent(self, entry: str) -> str:
        """What Open Recent shows of an entry: the path, and for a judge file its format and tab."""
        path, fmt = places.split_entry(entry)
        if not fmt:
            return path
        tab = next((f" into {t.title}" for t in self.tab_set.game_tabs.values() if t.judge_format == fmt), "")
        return f"{path} ({judge_name(fmt)}{tab})"

    def _remember(self, path: str, fmt: str = "") -> None:
        """A file was opened, imported or saved: first in Open Recent, and its folder the last used
        (not for a screenshot, which is nobody's work)."""
        if self.interactive:
            self.add_recent(path, fmt)
            self.places.used(path)

    def _ask_open(self, title: str, filt: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self.window, title, self.places.start(self.path), filt)
        if path:
            self.places.used(path)
        return path

    def _ask_save(self, title: str, suffix: str, filt: str) -> str:
        """Ask where to write, suggesting the document's name with ``suffix`` in the start folder."""
        name = Path(self.name.split(" (")[0]).stem + suffix
        suggested = str(Path(self.places.start(self.path)) / name)
        path, _ = QFileDialog.getSaveFileName(self.window, title, suggested, filt)
        return path


EXPORTS = {
    "png": (".png", "Export the canvas as PNG", "PNG images (*.png)"),
    "svg": (".svg", "Export the canvas as SVG", "SVG drawings (*.svg)"),
    "graphml": (".graphml", "Export the graph as GraphML", "GraphML (*.graphml)"),
    "hdu1524": (".txt", "Export as an HDU 1524 input", HDU_FILTER),
}


def opens_document(path: str) -> bool:
    """Whether File > Open takes ``path`` for a document (else for an HDU 1524 file, imported): by
    :func:`is_sgs` on the name and the first bytes (an unreadable file is a document, whose reading
    then says why).

    >>> opens_document("game.sgs"), opens_document("hdu1524.txt"), opens_document("/no/such/file")
    (True, False, True)
    """
    try:
        with open(path, "rb") as f:
            head = f.read(64).decode("utf-8", "replace")
    except OSError:
        head = "{"
    return is_sgs(path, head)


def is_sgs(path: str, text: str) -> bool:
    """``.sgs`` by name; ``.txt``/``.in`` are HDU 1524; otherwise a JSON object is a game.

    >>> is_sgs("a.sgs", ""), is_sgs("a.in", "{"), is_sgs("game", ' {"format"')
    (True, False, True)
    """
    suffix = Path(path).suffix.lower()
    if suffix in (".txt", ".in"):
        return False
    return suffix == ".sgs" or text.lstrip().startswith("{")
