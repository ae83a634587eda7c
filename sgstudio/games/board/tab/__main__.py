"""Open the Board tab alone in a window: ``python -m sgstudio.games.board.tab [HDU5724_FILE]``."""

from __future__ import annotations

import sys

from sgstudio.games.board.tab import BoardTab
from sgstudio.gui.tabs.alone import run_alone

if __name__ == "__main__":
    sys.exit(run_alone(BoardTab, sys.argv))
