"""The Take & break tab (Kayles, Dawson's chess, Grundy's game, ...): :class:`TakeBreakTab`.

``python -m sgstudio.gui.tabs.takebreak`` opens it alone in a window for a quick look.
"""

from sgstudio.gui.tabs.takebreak.tab import TakeBreakTab

__all__ = ["TakeBreakTab"]
