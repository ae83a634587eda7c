"""Root test setup (applies to the doctests under sgstudio/ as well as to tests/)."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def _qapplication_first(qapp):
    """Create the QApplication before any doctest could create a bare QCoreApplication.

    Once a QCoreApplication exists, creating a widget aborts the whole process.
    """
    return qapp
