"""Open the Take & break tab alone in a window: ``python -m sgstudio.games.takebreak.tab``."""

from __future__ import annotations

import sys

from sgstudio.games.takebreak.tab import TakeBreakTab
from sgstudio.gui.tabs.alone import run_alone

if __name__ == "__main__":
    sys.exit(run_alone(TakeBreakTab, sys.argv))
