"""Open the split-nim tab alone in a window: ``python -m sgstudio.games.splitnim.tab [HDU5795_FILE]``."""

from __future__ import annotations

import sys

from sgstudio.games.splitnim.tab import SplitNimTab
from sgstudio.gui.tabs.alone import run_alone

if __name__ == "__main__":
    sys.exit(run_alone(SplitNimTab, sys.argv))
