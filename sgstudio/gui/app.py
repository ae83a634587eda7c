"""Start the studio: ``sgstudio``, ``sgstudio FILE`` and ``sgstudio --screenshot OUT.png [FILE]``.

``--screenshot`` lays the window out at 1280x800 with FILE (or the built-in example), renders it
to a PNG with ``QWidget.grab`` and exits without showing anything; with no display it runs on
Qt's offscreen platform by itself.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

SCREENSHOT_SIZE = (1280, 800)


def build_parser() -> argparse.ArgumentParser:
    """Options of the window (subcommands such as ``solve`` are handled by :mod:`sgstudio.cli`).

    >>> args = build_parser().parse_args(["--screenshot", "out.png", "game.sgs"])
    >>> args.screenshot, args.file, args.tab
    ('out.png', 'game.sgs', None)
    """
    parser = argparse.ArgumentParser(
        prog="sgstudio",
        description="Open the sgstudio window (subcommands: sgstudio solve FORMAT [FILE]).",
    )
    parser.add_argument("file", nargs="?", help="a game (.sgs) or an HDU 1524 input (.txt, .in) to open")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render the window at 1280x800 to OUT.png and exit without showing it")
    parser.add_argument("--tab", metavar="NAME", help="the tab to show first (when there are several)")
    return parser


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
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "sgstudio"])
    app.setOrganizationName("sgstudio")
    app.setApplicationName("sgstudio")
    from sgstudio.gui.main_window import MainWindow

    window = MainWindow()
    if args.screenshot:
        return screenshot(app, window, args.file, args.screenshot)
    if not (args.file and window.document.open(args.file)):
        window.document.load_example()
    window.show()
    return app.exec()


def screenshot(app, window, path: str | None, out: str) -> int:
    """Load, lay out at 1280x800, grab to ``out``; 0 on success, 2 on a bad file."""
    from PySide6.QtCore import Qt

    from sgstudio.gui.errors import describe

    doc = window.document
    if path:
        doc.interactive = False
        loaded = doc.read(path)
        if loaded is None:
            print(describe(doc.last_error, path), file=sys.stderr)
            return 2
        doc.install(loaded)
    else:
        doc.load_example()
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    for _ in range(2):  # fit again once the scroll bars have settled
        app.processEvents()
        window.canvas.fit_graph()
    window.analysis.refresh()
    app.processEvents()
    ok = window.grab().save(out)
    window.hide()
    if not ok:
        print(f"sgstudio: cannot write {out}", file=sys.stderr)
        return 1
    return 0
