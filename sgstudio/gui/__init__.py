"""The studio window: the only package that imports PySide6.

``app.run(argv)`` starts it; ``main_window.MainWindow`` wires the canvas, the panels and the
document; the core model (:class:`sgstudio.core.graph.GameGraph`) never knows about Qt.
"""
