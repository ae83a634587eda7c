"""Opening a 2,000-vertex HDU 1524 file in the studio: read, parse, build, lay out, first paint.

Target: under 1 s. Baseline measured in the same run: a plain QGraphicsScene with the same number
of QGraphicsEllipseItems and QGraphicsLineItems (no model, no values, no layout), shown and
painted once. Prints figures; asserts nothing.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsScene,
    QGraphicsView,
    QMessageBox,
)

N, M, REPEAT = 2000, 6000, 5


def random_dag_text(n: int, m: int, seed: int = 1) -> str:
    """An HDU 1524 case: n positions, m distinct edges from lower to higher numbers, one query."""
    rng = random.Random(seed)
    edges: set[tuple[int, int]] = set()
    while len(edges) < m:
        u, v = rng.sample(range(n), 2)
        edges.add((min(u, v), max(u, v)))
    succ: list[list[int]] = [[] for _ in range(n)]
    for u, v in sorted(edges):
        succ[u].append(v)
    lines = [str(n), *(" ".join(map(str, [len(s), *s])) for s in succ)]
    tokens = rng.sample(range(n), 5)
    lines += [" ".join(map(str, [len(tokens), *tokens])), "0"]
    return "\n".join(lines) + "\n"


def time_open(app: QApplication, path: str) -> tuple[float, dict[str, float]]:
    """Open the file in a fresh window and paint it once; (total seconds, breakdown)."""
    from sgstudio.app.main_window import MainWindow

    window = MainWindow()
    window.resize(1280, 800)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.show()
    app.processEvents()
    doc, marks = window.document, {}
    start = time.perf_counter()
    loaded = doc.read(path)
    marks["read+parse+build"] = time.perf_counter() - start
    doc.install(loaded)
    marks["install (layout, scene, panels)"] = time.perf_counter() - start - sum(marks.values())
    app.processEvents()
    window.canvas.viewport().grab()
    total = time.perf_counter() - start
    marks["first paint"] = total - sum(marks.values())
    assert len(doc.model.nodes()) == N and len(window.canvas.scene().items()) >= N + M
    window.close()
    window.deleteLater()
    app.processEvents()
    return total, marks


def time_plain(app: QApplication, text: str) -> float:
    """Baseline: the same numbers of ellipses and lines in a bare scene, shown and painted once."""
    lines = text.split("\n")
    n = int(lines[0])
    start = time.perf_counter()
    scene = QGraphicsScene()
    pos = [((i % 60) * 90.0, (i // 60) * 110.0) for i in range(n)]
    for x, y in pos:
        scene.addItem(QGraphicsEllipseItem(QRectF(x - 20, y - 20, 40, 40)))
    for u in range(n):
        for v in map(int, lines[u + 1].split()[1:]):
            scene.addLine(pos[u][0], pos[u][1], pos[v][0], pos[v][1])
    view = QGraphicsView(scene)
    view.resize(880, 720)
    view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    view.show()
    view.fitInView(scene.itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)
    app.processEvents()
    view.viewport().grab()
    elapsed = time.perf_counter() - start
    view.close()
    return elapsed


def main() -> None:
    app = QApplication.instance() or QApplication([])
    QMessageBox.critical = staticmethod(lambda *a: print("error dialog:", a[2]))  # never block
    text = random_dag_text(N, M)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "big.txt")
        Path(path).write_text(text)
        time_open(app, path)  # warm-up: imports, numba caches, fonts
        runs = [time_open(app, path) for _ in range(REPEAT)]
    plain = [time_plain(app, text) for _ in range(REPEAT)]
    totals = [t for t, _ in runs]
    best = min(runs, key=lambda r: r[0])
    print(f"open a {N}-vertex, {M}-edge HDU 1524 file with layout and first paint "
          f"(best of {REPEAT}, median {common.median(totals):.3f} s; target < 1 s):")
    for name, secs in best[1].items():
        print(f"  {name}: {secs:.3f} s")
    print(f"  plain QGraphicsEllipseItems + lines, shown and painted: best {min(plain):.3f} s")
    print(f"ratio open+layout+paint / plain ellipses: {min(totals) / min(plain):.2f}x")


if __name__ == "__main__":
    main()
