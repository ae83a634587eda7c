"""Open the S-Nim tab alone in a window: ``python -m sgstudio.games.snim.tab [HDU1536_FILE]``."""

from __future__ import annotations

import sys

from sgstudio.games.snim.tab import SNimTab
from sgstudio.gui.tabs.alone import run_alone

if __name__ == "__main__":
    sys.exit(run_alone(SNimTab, sys.argv))
