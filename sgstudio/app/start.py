"""Start the studio: ``sgstudio [FILE] [--tab TAB]`` and ``sgstudio --screenshot OUT.png [--tab TAB] [FILE]``.

FILE is a game (``.sgs``), opened, or an HDU 1524 input, imported into the Graph tab of the starting
document; with ``--tab snim``, ``splitnim`` or ``board`` it is a judge input of that tab's format (HDU
1536, 5795, 5724), imported into that tab (the first test case for a screenshot; the window asks when
there are several). An import is what File > Import Judge File does: one undo step of that tab, the
other tabs as they start. A judge file other than HDU 1524 needs ``--tab``: the name of a file does
not tell its format.

``--screenshot`` lays the window out at 1280x800 on that tab with FILE (or the built-in example),
renders it to a PNG with ``QWidget.grab`` and exits without showing anything; with no display it
runs on Qt's offscreen platform by itself. An HDU 1524 graph with a cycle, which the window offers to
open as a loopy game, is drawn as one (a screenshot cannot ask). A bad file: one line on stderr
(``FILE:LINE:COL: message``, with a hint where one helps), exit status 2; a PNG that cannot be
written: exit 1.

The window installs a global exception hook (:func:`sgstudio.gui.errors.install_excepthook`): an
exception no handler caught is logged to a crash log and shown in a dialog; the window keeps
running. On start it offers to restore unsaved work that a crash left behind
(:meth:`sgstudio.app.autosave.Autosave.offer_recovery`).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
from collections.abc import Sequence

from sgstudio.core.errors import printable

SCREENSHOT_SIZE = (1280, 800)
SETTLE_MS = 400  # a screenshot waits this long for the tabs' first background results


def build_parser() -> argparse.ArgumentParser:
    """Options of the window (subcommands such as ``solve`` are handled by :mod:`sgstudio.cli.main`).

    >>> args = build_parser().parse_args(["--screenshot", "out.png", "game.sgs"])
    >>> args.screenshot, args.file, args.tab
    ('out.png', 'game.sgs', None)
    >>> build_parser().parse_args(["s.txt", "--tab", "snim"]).tab
    'snim'
    """
    from sgstudio.console import Parser  # errors as one line

    parser = Parser(
        prog="sgstudio",
        description="Open the sgstudio window (subcommands: sgstudio solve FORMAT [FILE]).",
    )
    parser.add_argument("file", nargs="?", help="a game (.sgs) or an HDU 1524 input (.txt, .in) to open; "
                        "with --tab snim|splitnim|board, a judge input of that tab's format")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render the window at 1280x800 to OUT.png and exit without showing it")
    parser.add_argument("--trust", action="store_true",
                        help="run the Python code a document's Your game tab holds (a screenshot never asks)")
    parser.add_argument("--tab", choices=tab_keys(),
                        help="the tab to show; FILE is then an input of its judge format "
                             "(snim: HDU 1536, splitnim: HDU 5795, board: HDU 5724)")
    return parser


def tab_keys() -> list[str]:
    """The keys of the window's tabs (``--tab``), from the registry of games.

    >>> tab_keys()[:4]
    ['graph', 'snim', 'splitnim', 'board']
    """
    from sgstudio.app.studio_tabs import tab_classes

    return [cls.key for cls in tab_classes()]


def has_display() -> bool:
    """Whether Qt can reach a display (or a platform was chosen explicitly)."""
    if os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(argv: Sequence[str]) -> int:
    """Run the window (or take a screenshot); the process exit status."""
    args = build_parser().parse_args(list(argv))
    if not has_display():
        if not args.screenshot:
            print("sgstudio: no display (DISPLAY is not set); try --screenshot OUT.png, or xvfb-run",
                  file=sys.stderr)
            return 1
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from sgstudio.gui import errors, progress, tasks

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "sgstudio"])
    app.setOrganizationName("sgstudio")
    app.setApplicationName("sgstudio")
    errors.install_excepthook()
    _quiet_platform_notes()
    app.aboutToQuit.connect(tasks.join_all)
    from sgstudio.app.main_window import MainWindow

    window = MainWindow()
    if args.screenshot:
        return screenshot(app, window, args.file, args.screenshot, args.tab, args.trust)
    window.document.load_example()
    later = bool(args.file) and progress.is_big(args.file)  # a big file opens in the shown window
    if args.file and not later:
        load(window, args.file, args.tab)
    window.tabs.show_tab(args.tab or window.tabs.graph.key)
    window.show()
    if later:
        QTimer.singleShot(0, lambda: load(window, args.file, args.tab))
    QTimer.singleShot(0, lambda: window.autosave.offer_recovery(window))
    return app.exec()


QT_NOISE = ("does not support propagateSizeHints",)
"""Qt messages that say nothing to a user (the offscreen platform prints them for every window)."""


def _quiet_platform_notes() -> None:
    """Qt's own messages go to stderr as before, minus :data:`QT_NOISE`."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(_kind, _context, message: str) -> None:
        if not any(noise in message for noise in QT_NOISE):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def opens_documents(window, tab: str | None) -> bool:
    """Whether FILE on tab ``tab`` is a document (or an HDU 1524 input): on no tab or the tab of the
    document's own game (the graph); on another tab it is a judge file of that tab's format."""
    return tab is None or not window.tabs.game_tabs[tab].document_state


def load(window, path: str, tab: str | None) -> bool:
    """Open ``path`` on tab ``tab`` (a judge file of its format) or as a document; False on a bad file."""
    from sgstudio.app.files import opens_document

    doc = window.document
    # a document on any tab (by its name or its first bytes, as File > Open): --tab only shows that tab
    if opens_documents(window, tab) or opens_document(path):  # as File > Open (HDU 1524: the Graph tab)
        return doc.open(path)
    target = window.tabs.game_tabs[tab]
    if not target.judge_format:
        from sgstudio.core.errors import SGStudioError

        doc.refuse("open", path, SGStudioError(f"{path}: the {target.title} tab reads no judge file "
                                               f"(open it without --tab {tab})"))
        return False
    return doc.import_judge(target.judge_format, path)


def screenshot(app, window, path: str | None, out: str, tab: str | None = None, trust: bool = False) -> int:
    """Load, lay out at 1280x800 on ``tab``, grab to ``out``; 0 on success, 2 on a bad file. A
    document's Python code runs only with ``trust`` (a screenshot never asks)."""
    from PySide6.QtCore import QElapsedTimer, Qt

    if os.path.isdir(out):  # told before anything is loaded, naming the folder (not a temporary file)
        inside = printable(os.path.join(out, "shot.png"))
        raise IsADirectoryError(errno.EISDIR, f"cannot write the screenshot to {printable(out)}: it is a "
                                f"folder; name the PNG file, such as {inside}")
    doc = window.document
    doc.interactive = False
    for each in window.tabs.game_tabs.values():
        if hasattr(each, "trust"):
            each.trust = "yes" if trust else "no"
    doc.load_example()
    if path and not load(window, path, tab):
        return refused(doc.last_error, path, opens_documents(window, tab))
    window.tabs.show_tab(tab or window.tabs.graph.key)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    for _ in range(2):  # fit again once the scroll bars have settled
        app.processEvents()
        window.canvas.fit_graph()
    window.analysis.refresh()
    clock = QElapsedTimer()
    clock.start()
    while clock.elapsed() < SETTLE_MS:  # let the tab's first background results arrive
        app.processEvents()
    if hasattr(window.tabs.current_tab(), "trust"):  # a Run of "Your game" (a worker process) ends first
        window.tabs.current_tab().settle()
    from sgstudio.formats.atomic import write_atomic

    image = window.grab()
    window.hide()
    try:
        write_atomic(out, lambda tmp: image.save(str(tmp), "PNG"))
    except OSError as err:  # exit 1 (sgstudio.cli.main), naming OUT.png, never the temporary file
        raise OSError(err.errno, f"cannot write the screenshot to {printable(out)}: "
                                 f"{err.strerror or 'the image could not be saved'}") from None
    return 0


def refused(err: BaseException | None, path: str, documents: bool = True) -> int:
    """The one line for a file the screenshot could not use; 2 for a bad file, 1 for a bug (logged)."""
    from sgstudio.app.files import TAB_HINT
    from sgstudio.core.errors import SGStudioError, one_line, printable
    from sgstudio.gui.errors import describe

    if err is not None and not isinstance(err, SGStudioError | OSError | UnicodeDecodeError):
        from sgstudio.console import crashed

        return crashed(err, f"screenshot of {path}")
    hint = f" {TAB_HINT}" if documents and not path.endswith(".sgs") else ""
    text = str(err) if isinstance(err, SGStudioError) else describe(err, path) if err else printable(path)
    line = one_line(text, 2000)
    stop = "" if not hint or line.endswith((".", "!", "?")) else "."  # a sentence before the hint
    print(line + stop + hint, file=sys.stderr)
    return 2
