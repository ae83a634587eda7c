"""The studio window: the only package that imports PySide6.

``app.run(argv)`` starts it; ``main_window.MainWindow`` wires the canvas, the panels and the
document; the core model (:class:`sgstudio.core.graph.GameGraph`) never knows about Qt.

Importing this package first works around a PySide6 6.12 defect on CPython 3.11: every call of a
Qt method that returns ``void`` (``QPainter.setPen``, ``QLabel.setText``, ...) drops one reference
to ``None`` without having taken it, so after some thousands of calls (one paint of a large graph)
``None`` is deallocated and the interpreter aborts ("none_dealloc"). CPython 3.12 made ``None``
immortal, which hides the defect; :func:`pin_none` does the same here by giving ``None`` a huge
reference count. It does nothing on 3.12+ or other interpreters.
"""

from __future__ import annotations

import sys

PINNED_REFS = 1 << 52


def pin_none() -> bool:
    """Make ``None`` effectively immortal on CPython < 3.12; True when it did something.

    >>> import sys
    >>> pin_none() in (True, False) and (sys.version_info >= (3, 12) or sys.getrefcount(None) > 2**50)
    True
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    import ctypes

    refcount = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt is the first field of every object
    if refcount.value < PINNED_REFS // 2:
        refcount.value += PINNED_REFS
    return True


pin_none()
