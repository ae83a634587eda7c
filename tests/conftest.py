"""Test-wide setup: Qt runs headless (without a display Qt would abort the whole process)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
