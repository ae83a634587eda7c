"""The big-graph screenshots of the README: ``docs/screenshots/big-{random,chain,overview}.png``.

Run ``.venv/bin/python docs/make_big_screenshots.py`` (the files of ``benchmarks/make_big_graphs.py``
are written first when missing). big-random and big-chain are what ``sgstudio --screenshot`` shows
on opening (where the game is, with the minimap); big-overview is the random file after Shift+F.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import make_big_graphs  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def main() -> None:
    folder = make_big_graphs.DEFAULT_DIR
    if not (folder / "big-random.txt").exists():
        make_big_graphs.main([str(folder)])
    sgstudio = str(Path(sys.executable).parent / "sgstudio")
    for name in ("random", "chain"):
        shot, source = str(OUT / f"big-{name}.png"), str(folder / f"big-{name}.txt")
        subprocess.run([sgstudio, "--screenshot", shot, source], check=True)
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from sgstudio.app.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(1280, 800)
    window.show()
    doc = window.document
    doc.interactive = False
    doc.install(doc.read(str(folder / "big-random.txt")))
    app.processEvents()
    window.canvas.fit_whole()
    for _ in range(3):
        app.processEvents()
    window.grab().save(str(OUT / "big-overview.png"))
    window.undo_stack.setClean()
    window.close()


if __name__ == "__main__":
    main()
