"""Open the Take & break tab alone in a window: ``python -m sgstudio.gui.tabs.takebreak``."""

from __future__ import annotations

import sys

from sgstudio.gui.tabs.alone import run_alone
from sgstudio.gui.tabs.takebreak import TakeBreakTab

if __name__ == "__main__":
    sys.exit(run_alone(TakeBreakTab, sys.argv))
