"""The Board tab: HDU 5724 "Chess" on an n x width board (see :mod:`.tab`).

``python -m sgstudio.games.board.tab [FILE]`` opens the tab alone in a window (FILE: an HDU 5724
input file, its first test case loaded).
"""

from sgstudio.games.board.tab.tab import BoardTab

__all__ = ["BoardTab"]
