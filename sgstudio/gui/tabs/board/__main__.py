"""Open the Board tab alone in a window: ``python -m sgstudio.gui.tabs.board [HDU5724_FILE]``."""

from __future__ import annotations

import sys

from sgstudio.gui.tabs.alone import run_alone
from sgstudio.gui.tabs.board import BoardTab

if __name__ == "__main__":
    sys.exit(run_alone(BoardTab, sys.argv))
