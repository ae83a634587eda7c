"""Canvas benchmark: how long an edit takes to reach the screen on a 2,000-vertex, 6,000-edge DAG.

One sample = push an undo command that adds (or removes) an edge -> the model recomputes Grundy
values and emits events -> the scene recolours just the changed vertices -> ``viewport().repaint()``
paints the whole viewport synchronously (a worst case: Qt itself repaints only the changed region,
timed separately by waiting for that paint event). Reported at p50/p95 (target: 16 ms at p95), both with the
whole graph fitted in the window and at 100 % zoom, and split into "model + items" and "paint".

Baseline, measured in the same run: a scene of the same number of plain QGraphicsEllipseItems (and
plain QGraphicsLineItems for the edges) at the same places, the same view and zoom; one sample
recolours as many ellipses as the edit changed vertices (at least one) and repaints. Also: opening
the graph (model, layered layout, items, first paint; after a warm-up that loads numba's cached
kernels) against building the plain scene.

Then the same edits in the real MainWindow (canvas, analysis panel with five tokens on the board,
undo history, docks): one sample = push the command, then run the event loop until both the canvas
and the analysis panel have painted (the panel rebuilds once per event-loop turn). The panel's
rebuild alone is timed too.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_canvas.py``
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import common
from PySide6.QtCore import QEvent, QLineF, QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QUndoStack
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas
from sgstudio.games.graph.tab.commands import AddEdgeCommand, RemoveEdgeCommand

N, M, SAMPLES, SIZE = 2000, 6000, 120, (1280, 800)


def random_dag(n: int, m: int, seed: int = 1) -> list[tuple[int, int]]:
    """m distinct edges u -> v with u < v (so acyclic), mostly between nearby vertices."""
    rng, edges = random.Random(seed), set()
    while len(edges) < m:
        u = rng.randrange(n - 1)
        v = min(n - 1, u + 1 + int(rng.expovariate(1 / 40)))
        edges.add((u, v))
    return sorted(edges)


def random_edit(model: GameGraph, rng: random.Random):
    """Add or remove a random edge u -> v with u < v (stays acyclic), as an undo command."""
    u = rng.randrange(N - 1)
    v = rng.randrange(u + 1, N)
    return RemoveEdgeCommand(model, u, v) if model.has_edge(u, v) else AddEdgeCommand(model, u, v)


def ms(seconds: float) -> float:
    return seconds * 1000.0


def edit_samples(canvas: GraphCanvas, stack: QUndoStack, rng: random.Random) -> tuple[list, list, list]:
    """(total, model+items, paint) times in ms, and how many vertices each edit recoloured."""
    model, vp = canvas.model, canvas.viewport()
    changed_counts: list[int] = []
    model.values_changed.connect(lambda changed: changed_counts.append(len(changed)))
    totals, models, paints = [], [], []
    for _ in range(SAMPLES):
        cmd = random_edit(model, rng)
        t0 = time.perf_counter()
        stack.push(cmd)
        t1 = time.perf_counter()
        vp.repaint()
        t2 = time.perf_counter()
        totals.append(ms(t2 - t0))
        models.append(ms(t1 - t0))
        paints.append(ms(t2 - t1))
    return totals, models, paints, changed_counts


class PaintWatch(QObject):
    """Counts paint events of a widget (to time Qt's own repaint of just the changed region)."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.paints = 0
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def partial_samples(canvas: GraphCanvas, stack: QUndoStack, rng: random.Random, app) -> list[float]:
    """Edit -> Qt repaints only the dirty region through its own update path (what a user sees)."""
    model, watch, out = canvas.model, PaintWatch(canvas.viewport()), []
    for _ in range(SAMPLES):
        cmd = random_edit(model, rng)
        app.processEvents()
        before = watch.paints
        t0 = time.perf_counter()
        stack.push(cmd)
        for _ in range(50):
            app.processEvents()
            if watch.paints > before:
                break
        out.append(ms(time.perf_counter() - t0))
    return out


def plain_view(canvas: GraphCanvas) -> tuple[QGraphicsView, list]:
    """Plain ellipses and lines where the canvas has vertices and edges, same view transform."""
    scene = QGraphicsScene()
    scene.setSceneRect(canvas.scene().sceneRect())
    blue, orange = QBrush(QColor("#0072B2")), QBrush(QColor("#E69F00"))
    model = canvas.model
    ellipses = []
    for v in model.nodes():
        p = canvas.item_for_vertex(v).pos()
        ellipses.append(scene.addEllipse(QRectF(p.x() - 26, p.y() - 26, 52, 52),
                                         brush=orange if model.grundy(v) else blue))
    for u, v in model.edges():
        scene.addLine(QLineF(canvas.item_for_vertex(u).pos(), canvas.item_for_vertex(v).pos()))
    view = QGraphicsView(scene)
    view.keep_scene = scene  # a view does not own its scene
    view.setRenderHints(QPainter.RenderHint.Antialiasing)
    view.resize(*SIZE)
    view.show()
    view.setTransform(canvas.transform())
    view.centerOn(canvas.mapToScene(canvas.viewport().rect().center()))
    return view, ellipses


def plain_samples(view: QGraphicsView, ellipses: list, counts: list[int], rng: random.Random) -> list[float]:
    brushes = [QBrush(QColor("#0072B2")), QBrush(QColor("#E69F00"))]
    out = []
    for k in range(SAMPLES):
        n = max(1, counts[k % len(counts)] if counts else 1)
        chosen = rng.sample(ellipses, min(n, len(ellipses)))
        t0 = time.perf_counter()
        for item in chosen:
            item.setBrush(brushes[k % 2])
        view.viewport().repaint()
        out.append(ms(time.perf_counter() - t0))
    return out


def line(name: str, ours: list[float], base: list[float] | None = None) -> None:
    p50, p95 = common.percentile(ours, 50), common.percentile(ours, 95)
    text = f"{name}: p50 {p50:.2f} ms, p95 {p95:.2f} ms"
    if base:
        b50, b95 = common.percentile(base, 50), common.percentile(base, 95)
        text += f" | plain ellipses p50 {b50:.2f} ms, p95 {b95:.2f} ms | ratio p95 {p95 / b95:.2f}x"
    print(text)


def window_samples(window, app, rng: random.Random) -> tuple[list[float], list[float], int]:
    """(edit -> canvas and panel painted, panel rebuild alone) in ms, in the real MainWindow, and in
    how many samples the canvas painted too (an edit out of view leaves the canvas as it is: then the
    sample ends three event-loop turns after the panel painted)."""
    canvas, panel = window.canvas, window.analysis
    on_canvas, on_panel = PaintWatch(canvas.viewport()), PaintWatch(panel.moves.viewport())
    screen, rebuild, seen = [], [], 0
    for _ in range(SAMPLES):
        app.processEvents()
        before = (on_canvas.paints, on_panel.paints)
        t0 = time.perf_counter()
        window.undo_stack.push(random_edit(canvas.model, rng))
        idle = 0
        for _ in range(100):
            app.processEvents()
            if on_panel.paints > before[1]:
                if on_canvas.paints > before[0]:
                    seen += 1
                    break
                idle += 1
                if idle == 3:
                    break
        screen.append(ms(time.perf_counter() - t0))
    for _ in range(SAMPLES // 4):
        window.undo_stack.push(random_edit(canvas.model, rng))
        t0 = time.perf_counter()
        panel.refresh()
        rebuild.append(ms(time.perf_counter() - t0))
        app.processEvents()
    return screen, rebuild, seen


def window_section(app, edges: list[tuple[int, int]]) -> None:
    from sgstudio.app.files import Loaded
    from sgstudio.app.main_window import MainWindow

    window = MainWindow()
    window.resize(*SIZE)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.show()
    model = GameGraph.from_edges(N, edges)
    for v in random.Random(3).sample(range(N), 5):
        model.add_token(v)
    window.document.install(Loaded(model, "bench"))
    app.processEvents()
    canvas = window.canvas
    print(f"-- real MainWindow {SIZE[0]}x{SIZE[1]}, 5 tokens; edit -> canvas and analysis panel painted "
          "(Qt's own repaint)")
    for zoom in ("fit", "100%"):
        if zoom == "100%":
            canvas.resetTransform()
            canvas.centerOn(canvas.item_for_vertex(N // 2).pos())
        screen, rebuild, seen = window_samples(window, app, random.Random(11))
        line(f"zoom {zoom} ({canvas.zoom():.2f}x, canvas painted in {seen}/{SAMPLES}): edit -> screen",
             screen)
        line("  analysis panel rebuild alone", rebuild)
    window.hide()  # not close(): that would ask whether to save the edits


def main() -> None:
    app = QApplication.instance() or QApplication([])
    edges = random_dag(N, M)
    GameGraph.from_edges(N, edges)  # warm-up: numba loads its cached kernels on first use
    stack = QUndoStack()
    canvas = GraphCanvas(GameGraph(), stack)
    canvas.resize(*SIZE)
    canvas.show()
    app.processEvents()
    t0 = time.perf_counter()
    model = GameGraph.from_edges(N, edges)
    t1 = time.perf_counter()
    canvas.set_model(model)
    t2 = time.perf_counter()
    canvas.viewport().repaint()
    t_open = time.perf_counter() - t0
    steps = f"model {t1 - t0:.3f} + layout and items {t2 - t1:.3f} + first paint {t0 + t_open - t2:.3f}"
    print(f"graph: {N} vertices, {M} edges, viewport {SIZE[0]}x{SIZE[1]}, {SAMPLES} edits per zoom level")
    for zoom in ("fit", "100%"):
        if zoom == "100%":
            canvas.resetTransform()
            canvas.centerOn(canvas.item_for_vertex(N // 2).pos())
        app.processEvents()
        totals, models, paints, counts = edit_samples(canvas, stack, random.Random(7))
        view, ellipses = plain_view(canvas)
        app.processEvents()
        base = plain_samples(view, ellipses, counts, random.Random(7))
        shown = len(canvas.items(canvas.viewport().rect()))
        print(f"-- zoom {zoom} ({canvas.zoom():.2f}x, {shown} items in view, "
              f"median {common.median(counts) if counts else 0:.0f} vertices recoloured per edit)")
        line("edit -> screen", totals, base)
        line("  model + items", models)
        line("  paint", paints)
        partial = partial_samples(canvas, stack, random.Random(9), app)
        line("edit -> screen, Qt's own partial repaint", partial)
        view.close()
    t1 = time.perf_counter()
    plain, _ellipses = plain_view(canvas)
    plain.viewport().repaint()
    t_plain = time.perf_counter() - t1
    print(f"open (model + layout + items + first paint): {t_open:.3f} s ({steps}) | plain scene build + "
          f"paint {t_plain:.3f} s | ratio {t_open / t_plain:.2f}x")
    plain.close()
    window_section(app, edges)


if __name__ == "__main__":
    main()
