"""Open the S-Nim tab alone in a window: ``python -m sgstudio.gui.tabs.snim [HDU1536_FILE]``."""

from __future__ import annotations

import sys

from sgstudio.gui.tabs.alone import run_alone
from sgstudio.gui.tabs.snim import SNimTab

if __name__ == "__main__":
    sys.exit(run_alone(SNimTab, sys.argv))
