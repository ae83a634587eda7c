"""Root test setup (applies to the doctests under sgstudio/ as well as to tests/)."""

import os
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Crash logs and recovery files of the tests (and of the processes they start) stay out of ~/.cache.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="sgstudio-test-cache-")
# numba's cache stays across test runs (else each run's fresh cache folder compiles every kernel again)
os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), ".venv",
                                                      "numba-cache"))


@pytest.fixture(autouse=True, scope="session")
def _qapplication_first(qapp):
    """Create the QApplication before any doctest could create a bare QCoreApplication.

    Once a QCoreApplication exists, creating a widget aborts the whole process.
    """
    return qapp
