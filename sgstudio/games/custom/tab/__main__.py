"""Open the "Your game" tab alone in a window: ``python -m sgstudio.games.custom.tab``."""

from __future__ import annotations

import sys

from sgstudio.games.custom.tab import CustomTab
from sgstudio.gui.tabs.alone import run_alone

if __name__ == "__main__":
    sys.exit(run_alone(CustomTab, sys.argv))
