"""The "Your game" tab (:class:`CustomTab`): a game written in Python, explored, tabulated, played.

``python -m sgstudio.games.custom.tab`` opens it alone in a window for a quick look.
"""

from sgstudio.games.custom.tab.tab import CustomTab

__all__ = ["CustomTab"]
