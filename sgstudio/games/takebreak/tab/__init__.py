"""The Take & break tab (Kayles, Dawson's chess, Grundy's game, ...): :class:`TakeBreakTab`.

``python -m sgstudio.games.takebreak.tab`` opens it alone in a window for a quick look.
"""

from sgstudio.games.takebreak.tab.tab import TakeBreakTab

__all__ = ["TakeBreakTab"]
