"""The S-Nim tab (subtraction games): :class:`SNimTab`.

``python -m sgstudio.gui.tabs.snim`` opens it alone in a window for a quick look.
"""

from sgstudio.gui.tabs.snim.tab import SNimTab

__all__ = ["SNimTab"]
