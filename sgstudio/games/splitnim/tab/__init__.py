"""The split-nim tab (issue 5): heaps in a virtualised table, the number of parts, values with the
rule that gives them, W/L, winning moves, a brute-force table beside the closed form, HDU 5795 import.

``python -m sgstudio.games.splitnim.tab [FILE]`` opens it alone in a window.
"""

from sgstudio.games.splitnim.tab.tab import SplitNimTab

__all__ = ["SplitNimTab"]
