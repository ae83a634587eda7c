"""The studio window: the only package that imports PySide6.

``app.run(argv)`` starts it; ``main_window.MainWindow`` wires the canvas, the panels and the
document; the core model (:class:`sgstudio.games.graph.model.graph.GameGraph`) never knows about Qt.

PySide6 is held below 6.12 in pyproject.toml: 6.12.0 on CPython 3.11 drops a reference to ``None``
(and to ``True`` on signal emits) on every void call, which soon aborts the interpreter;
``tests/gui/test_panels.py`` guards against a release with that defect.
"""
