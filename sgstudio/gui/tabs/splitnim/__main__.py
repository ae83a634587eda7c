"""Open the split-nim tab alone in a window: ``python -m sgstudio.gui.tabs.splitnim [HDU5795_FILE]``."""

from __future__ import annotations

import sys

from sgstudio.gui.tabs.alone import run_alone
from sgstudio.gui.tabs.splitnim import SplitNimTab

if __name__ == "__main__":
    sys.exit(run_alone(SplitNimTab, sys.argv))
