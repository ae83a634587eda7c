"""The window's actions, menus and toolbar, made from one table (text, icon, shortcuts, tooltip).

Every action's tooltip names its shortcut. The window connects the actions to the canvas and the
document; nothing here knows what they do.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from sgstudio.core import registry
from sgstudio.gui.cases import judge_name
from sgstudio.paths import resource_path

# name: (text, icon or "", shortcuts, tooltip)
SPECS: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "new": ("&New", "new", ("Ctrl+N",), "Start an empty game"),
    "open": ("&Open…", "open", ("Ctrl+O",), "Open a game (.sgs) or an HDU 1524 file"),
    "save": ("&Save", "save", ("Ctrl+S",), "Save the game"),
    "save_as": ("Save &As…", "", ("Ctrl+Shift+S",), "Save the game under a new name"),
    "export_hdu": ("Export as HDU 1524…", "", (), "Write the game as an HDU 1524 input (tokens = query)"),
    "export_png": ("Export Canvas as &PNG…", "", (), "Save a picture of the graph"),
    "export_svg": ("Export Canvas as S&VG…", "", (), "Save a vector drawing of the graph"),
    "export_graphml": ("Export Graph as &GraphML…", "", (), "Save the graph for networkx, yEd, Gephi"),
    "quit": ("&Quit", "", ("Ctrl+Q",), "Close sgstudio"),
    "preferences": ("Pr&eferences…", "", ("Ctrl+,",), "How often unsaved work is autosaved"),
    "delete": ("&Delete", "", ("Del", "Backspace"), "Delete the selected vertices, their edges and tokens"),
    "rename": ("&Rename Vertex…", "", ("F2",), "Rename the selected vertex"),
    "select_all": ("Select &All", "", ("Ctrl+A",), "Select every vertex"),
    "copy": ("&Copy", "", ("Ctrl+C",), "Copy the selected vertices, the edges among them and their tokens"),
    "paste": ("&Paste", "", ("Ctrl+V",), "Paste the copied vertices"),
    "duplicate": ("D&uplicate", "", ("Ctrl+D",), "Copy and paste the selection in one step"),
    "add_token": ("Add T&oken", "", ("+",), "Put one more token on each selected vertex"),
    "remove_token": ("Remove Toke&n", "", ("-",), "Take one token off each selected vertex"),
    "tool_select": ("&Select", "select", ("S",), "Select tool: click, rubber band, drag to move"),
    "tool_edge": ("&Edge", "edge", ("E",), "Edge tool: drag from one vertex to another"),
    "tool_token": ("&Token", "token", ("T",), "Token tool: click adds a token, right-click removes"),
    "zoom_in": ("Zoom &In", "zoom-in", ("Ctrl+=", "Ctrl++"), "Zoom in"),
    "zoom_out": ("Zoom &Out", "zoom-out", ("Ctrl+-",), "Zoom out"),
    "fit": ("&Fit Graph", "fit", ("F",), "Fit the whole graph in the window"),
    "layout": ("&Layout", "layout", ("Ctrl+L",), "Place vertices in layers, sinks at the bottom"),
    "snap": ("Snap to &Grid", "snap", ("Ctrl+Shift+G",), "Snap moved vertices to the grid"),
    "go_to": ("&Go to Vertex…", "", ("Ctrl+G",), "Centre on a vertex named by its label or id; select it"),
    "fit_whole": ("Show the &Whole Graph", "", ("Shift+F",), "Fit every vertex in the window (a big "
                  "graph's Fit shows where the game is)"),
    "expand": ("E&xpand Neighbourhood", "", ("X",), "Lay out the selected vertex with its predecessors "
               "and successors where the game is (big graphs)"),
    "shortcuts": ("&Keyboard Shortcuts", "", ("Ctrl+/",), "Every keyboard shortcut"),
    "values_help": ("&How the Values Work", "help", ("F1",), "mex, nim-sum and winning moves"),
    "computer_help": ("How the &Computer Plays", "", (), "The computer's policy in the Play panel"),
    "about": ("&About sgstudio", "", (), "About sgstudio"),
}
CHECKABLE = ("tool_select", "tool_edge", "tool_token", "snap")
# Keys the canvas handles itself (so that Delete in a list, or Ctrl+A in a table, never edits the
# graph): the menus show them, but their shortcuts are widget-scoped, so they only fire through the
# canvas's own key handling; a menu click calls the same canvas method. The tool keys S, E, T and
# Fit (F) are the window's instead: they work whenever the Graph tab is current (the canvas actions
# are disabled on the other tabs), wherever the focus is, except in a text field or spin box, which
# claims a plain letter for its typing (Qt's shortcut override).
CANVAS_KEYS = ("zoom_in", "zoom_out", "delete", "rename", "select_all", "copy", "paste", "duplicate",
               "add_token", "remove_token", "go_to", "fit_whole", "expand")
TOOLS = {"tool_select": "select", "tool_edge": "edge", "tool_token": "token"}
# Menu actions that call the canvas method of the same purpose.
CANVAS_METHODS = {"zoom_in": "zoom_in", "zoom_out": "zoom_out", "fit": "fit_graph", "layout": "layout_graph",
                  "delete": "delete_selection", "rename": "rename_selected", "select_all": "select_all",
                  "copy": "copy", "paste": "paste", "duplicate": "duplicate",
                  "add_token": "add_token_to_selection", "remove_token": "remove_token_from_selection",
                  "go_to": "go_to_vertex", "fit_whole": "fit_whole", "expand": "expand_selected"}
# Actions of the canvas (disabled on the tabs without one: see GameTab.canvas_actions).
CANVAS_ONLY = (*TOOLS, *CANVAS_METHODS, "snap", "export_hdu", "export_png", "export_svg", "export_graphml")


def icon(name: str) -> QIcon:
    """An icon from ``resources/icons/NAME.svg``."""
    return QIcon(str(resource_path("icons", f"{name}.svg")))


def judge_formats() -> list[str]:
    """The judge formats of the games that have a tab, in the order of the registry (File > Import)."""
    return [fmt for kind in registry.games() if kind.tab for fmt in kind.formats]


def import_specs() -> dict[str, tuple[str, str, tuple[str, ...], str]]:
    """File > Import Judge File: one action per judge format of the registry, ``import_FORMAT``, named
    after its game (with a mnemonic of its own); the first one has Ctrl+I.

    >>> specs = import_specs()
    >>> specs["import_hdu1536"][0], specs["import_hdu5795"][0], specs["import_hdu1524"][2]
    ('HDU 1536 into &S-Nim…', 'HDU 5795 into S&plit-nim…', ('Ctrl+I',))
    """
    specs, used = {}, set()
    for kind in registry.games():
        for fmt in kind.formats if kind.tab else ():
            at = next((i for i, c in enumerate(kind.title) if c.isalpha() and c.lower() not in used), 0)
            used.add(kind.title[at].lower())
            title = f"{kind.title[:at]}&{kind.title[at:]}"
            tip = f"Import a test case of an {judge_name(fmt)} file into the {kind.title} tab"
            keys = () if specs else ("Ctrl+I",)
            specs[f"import_{fmt}"] = (f"{judge_name(fmt)} into {title}…", "", keys, tip)
    return specs


def build_actions(window: QMainWindow) -> dict[str, QAction]:
    """Every action of the table, owned by ``window``; the tools form an exclusive group."""
    actions: dict[str, QAction] = {}
    for name, (text, icon_name, keys, tip) in {**SPECS, **import_specs()}.items():
        action = QAction(text, window)
        if icon_name:
            action.setIcon(icon(icon_name))
        if keys:
            action.setShortcuts([QKeySequence(k) for k in keys])
            if name in CANVAS_KEYS:
                action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            native = QKeySequence.SequenceFormat.NativeText
            tip += f" ({', '.join(QKeySequence(k).toString(native) for k in keys)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setCheckable(name in CHECKABLE)
        actions[name] = action
    group = QActionGroup(window)
    group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)  # none checked while playing
    for name in TOOLS:
        group.addAction(actions[name])
    actions["tool_select"].setChecked(True)
    return actions


def undo_actions(window: QMainWindow, stack) -> tuple[QAction, QAction]:
    """The undo actions of a QUndoStack or QUndoGroup (their text names the command), with Ctrl+Z /
    Ctrl+Shift+Z / Ctrl+Y; a group's act on its active stack (the current tab's)."""
    undo = stack.createUndoAction(window, "&Undo")
    undo.setShortcuts([QKeySequence("Ctrl+Z")])
    undo.setIcon(icon("undo"))
    undo.setToolTip("Undo (Ctrl+Z)")
    redo = stack.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    redo.setIcon(icon("redo"))
    redo.setToolTip("Redo (Ctrl+Shift+Z, Ctrl+Y)")
    return undo, redo


def build_menus(window: QMainWindow, a: dict[str, QAction]) -> dict[str, QMenu]:
    """File, Edit, View, Help menus; returns them by name, with the (empty) Open Recent submenu."""
    bar = window.menuBar()
    file = bar.addMenu("&File")
    file.addActions([a["new"], a["open"]])
    recent = file.addMenu("Open &Recent")
    file.addActions([a["save"], a["save_as"]])
    file.addSeparator()
    judge = file.addMenu("&Import Judge File")
    judge.addActions([a[f"import_{fmt}"] for fmt in judge_formats()])
    file.addActions([a["export_hdu"], a["export_png"], a["export_svg"], a["export_graphml"]])
    file.addSeparator()
    file.addAction(a["quit"])
    edit = bar.addMenu("&Edit")
    edit.addActions([a["undo"], a["redo"]])
    edit.addSeparator()
    edit.addActions([a["copy"], a["paste"], a["duplicate"], a["delete"], a["select_all"]])
    edit.addSeparator()
    edit.addActions([a["rename"], a["add_token"], a["remove_token"]])
    edit.addSeparator()
    edit.addActions([a["tool_select"], a["tool_edge"], a["tool_token"]])
    edit.addSeparator()
    edit.addAction(a["preferences"])
    view = bar.addMenu("&View")
    view.addActions([a["zoom_in"], a["zoom_out"], a["fit"], a["fit_whole"], a["go_to"], a["expand"],
                     a["layout"], a["snap"]])
    view.addSeparator()
    help_menu = bar.addMenu("&Help")
    help_menu.addActions([a["shortcuts"], a["values_help"], a["computer_help"], a["about"]])
    return {"file": file, "recent": recent, "judge": judge, "edit": edit, "view": view, "help": help_menu}


def build_toolbar(window: QMainWindow, a: dict[str, QAction]) -> QToolBar:
    """The main toolbar: files, undo/redo, tools, view."""
    bar = window.addToolBar("Main")
    bar.setObjectName("main_toolbar")
    bar.setMovable(False)
    groups = [("new", "open", "save"), ("undo", "redo"), ("tool_select", "tool_edge", "tool_token"),
              ("zoom_in", "zoom_out", "fit", "layout", "snap")]
    for i, names in enumerate(groups):
        if i:
            bar.addSeparator()
        bar.addActions([a[n] for n in names])
    return bar


def fill_recent(menu: QMenu, files: list[str], open_file: Callable[[str], object],
                describe: Callable[[str], str] = str) -> None:
    """Rebuild the Open Recent submenu: one action per entry, shown as ``describe(entry)``."""
    menu.clear()
    for i, entry in enumerate(files, 1):
        text = describe(entry)
        action = menu.addAction(f"&{i} {text}" if i < 10 else text)
        action.triggered.connect(lambda _checked=False, e=entry: open_file(e))
    menu.setEnabled(bool(files))
