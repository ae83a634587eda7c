"""One QUndoCommand per user-level edit of a split-nim position (they call model methods only).

>>> from PySide6.QtGui import QUndoStack
>>> from sgstudio.games.splitnim.position import SplitNimPosition
>>> pos, stack = SplitNimPosition([9, 7]), QUndoStack()
>>> stack.push(SpliceCommand(pos, 1, 1, [5], "Set heap 2 to 5"))
>>> stack.push(RemoveRangesCommand(pos, [(0, 1)]))
>>> stack.push(SetPartsCommand(pos, 2))
>>> pos.heaps, pos.parts
((5,), 2)
>>> stack.undo(); stack.undo(); stack.undo(); pos.heaps, pos.parts
((9, 7), 3)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtGui import QUndoCommand

from sgstudio.games.splitnim.position import SplitNimPosition

PARTS_ID = 0x534E  # consecutive changes of the number of parts merge into one step


class SpliceCommand(QUndoCommand):
    """Replace ``count`` heaps from ``index`` by ``sizes`` (edit, add, play a move)."""

    def __init__(self, position: SplitNimPosition, index: int, count: int,
                 sizes: Sequence[int] | np.ndarray, text: str) -> None:
        super().__init__(text)
        self.position, self.index, self.count, self.sizes = position, index, count, sizes
        self.removed: np.ndarray | None = None

    def redo(self) -> None:
        self.removed = self.position.splice(self.index, self.count, self.sizes)

    def undo(self) -> None:
        self.position.splice(self.index, len(self.sizes), self.removed)


class RemoveRangesCommand(QUndoCommand):
    """Remove heaps given as disjoint ``(start, count)`` ranges (a selection)."""

    def __init__(self, position: SplitNimPosition, ranges: Sequence[tuple[int, int]]) -> None:
        self.ranges = sorted(ranges)
        total = sum(c for _, c in self.ranges)
        super().__init__(f"Remove {total} heap{'s' if total != 1 else ''}")
        self.position = position
        self.removed: list[np.ndarray] = []

    def redo(self) -> None:
        self.removed = [self.position.splice(s, c, []) for s, c in reversed(self.ranges)][::-1]

    def undo(self) -> None:
        for (start, _), heaps in zip(self.ranges, self.removed, strict=True):
            self.position.splice(start, 0, heaps)


class SetPartsCommand(QUndoCommand):
    """Change the number of parts a split makes."""

    def __init__(self, position: SplitNimPosition, parts: int) -> None:
        super().__init__(f"Split into {parts} parts")
        self.position, self.old, self.new = position, position.parts, parts

    def redo(self) -> None:
        self.position.set_parts(self.new)

    def undo(self) -> None:
        self.position.set_parts(self.old)

    def id(self) -> int:
        return PARTS_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetPartsCommand) or other.position is not self.position:
            return False
        self.new = other.new
        self.setText(f"Split into {self.new} parts")
        self.setObsolete(self.new == self.old)
        return True


class ReplaceCommand(QUndoCommand):
    """Replace the heaps and the parts at once (an imported test case)."""

    def __init__(self, position: SplitNimPosition, heaps: Sequence[int] | np.ndarray, parts: int,
                 text: str) -> None:
        super().__init__(text)
        self.position, self.heaps, self.parts = position, heaps, parts
        self.old: tuple[np.ndarray, int] | None = None

    def redo(self) -> None:
        self.old = (self.position.heap_array, self.position.parts)
        self.position.replace(self.heaps, self.parts)

    def undo(self) -> None:
        self.position.replace(*self.old)
