"""The S-Nim tab (subtraction games): :class:`SNimTab`.

``python -m sgstudio.games.snim.tab`` opens it alone in a window for a quick look.
"""

from sgstudio.games.snim.tab.tab import SNimTab

__all__ = ["SNimTab"]
