"""One QUndoCommand per user-level edit of an :class:`~sgstudio.games.snim.position.SNimPosition`.

Every command checks its arguments when it is made (ValueError with the model's message: nothing
is pushed), saves the model's snapshot in ``redo`` and puts it back in ``undo``, so undo restores
S, the heaps and the imported test case exactly. Commands call model methods only.

Typing S makes one command per typing session: commands of the same ``session`` merge.

>>> from PySide6.QtGui import QUndoStack
>>> from sgstudio.games.snim.position import SNimPosition
>>> p, stack = SNimPosition((2, 5), (5, 12)), QUndoStack()
>>> stack.push(SetSCommand(p, (1, 2), session=1)); stack.push(SetSCommand(p, (1, 2, 3), session=1))
>>> stack.push(SetHeapCommand(p, 1, 7)); stack.push(PlayMoveCommand(p, (1, 3)))
>>> p.S, p.heaps, stack.count()
((1, 2, 3), (5, 4), 3)
>>> stack.undo(); stack.undo(); stack.undo(); p.S, p.heaps
((2, 5), (5, 12))
>>> PlayMoveCommand(p, (0, 7))
Traceback (most recent call last):
...
ValueError: take 7 is not in S
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QUndoCommand

from sgstudio.games.snim.game import SNimError, SubtractionGame
from sgstudio.games.snim.position import JudgeCase, Snapshot, SNimPosition, check_heap
from sgstudio.games.snim.subtraction.sets import SubtractionSetError, resolve

SET_S_ID = 0x534E  # id() of SetSCommand: the edits of one typing session merge


class _SNimCommand(QUndoCommand):
    """Snapshot in redo, restore in undo; subclasses implement ``apply``."""

    def __init__(self, model: SNimPosition, text: str) -> None:
        super().__init__(text)
        self.model = model
        self.before: Snapshot = model.snapshot()

    def redo(self) -> None:
        self.before = self.model.snapshot()
        self.apply()

    def undo(self) -> None:
        self.model.restore(self.before)

    def apply(self) -> None:
        raise NotImplementedError


class SetSCommand(_SNimCommand):
    """Replace S; edits of the same typing ``session`` (not None) merge into one step."""

    def __init__(self, model: SNimPosition, S: Iterable[int] | str, session: int | None = None) -> None:  # noqa: N803
        try:
            self.S = resolve(S).name if isinstance(S, str) else SubtractionGame(S).S
        except (SNimError, SubtractionSetError) as err:
            raise ValueError(str(err)) from None
        what = f"all {self.S}" if isinstance(self.S, str) else f"{{{', '.join(map(str, self.S))}}}"
        super().__init__(model, f"Set S = {what}")
        self.session = session

    def apply(self) -> None:
        self.model.set_S(self.S)

    def id(self) -> int:
        return SET_S_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetSCommand) or self.session is None or other.session != self.session:
            return False
        self.S = other.S
        self.setText(other.text())
        self.setObsolete(self.before[0] == self.S)
        return True


class InsertHeapCommand(_SNimCommand):
    def __init__(self, model: SNimPosition, index: int, size: int) -> None:
        if not 0 <= index <= len(model.heaps):
            raise ValueError(f"cannot insert a heap at {index + 1}: there are {len(model.heaps)} heaps")
        self.index, self.size = index, check_heap(size, index)
        super().__init__(model, f"Add a heap of {self.size:,} (heap {index + 1})")  # not "heap 2 of 12"

    def apply(self) -> None:
        self.model.insert_heap(self.index, self.size)


class RemoveHeapsCommand(_SNimCommand):
    """Remove several heaps at once (one step)."""

    def __init__(self, model: SNimPosition, indices: Iterable[int]) -> None:
        self.indices = sorted(set(indices))
        if not self.indices:
            raise ValueError("no heap selected")
        bad = [i for i in self.indices if not 0 <= i < len(model.heaps)]
        if bad:
            raise ValueError(f"there is no heap {bad[0] + 1}: the position has {len(model.heaps)} heaps")
        names = ", ".join(str(i + 1) for i in self.indices)
        super().__init__(model, f"Remove heap{'s' * (len(self.indices) > 1)} {names}")

    def apply(self) -> None:
        self.model.set_heaps(h for i, h in enumerate(self.model.heaps) if i not in set(self.indices))


class SetHeapCommand(_SNimCommand):
    def __init__(self, model: SNimPosition, index: int, size: int) -> None:
        if not 0 <= index < len(model.heaps):
            raise ValueError(f"there is no heap {index + 1}: the position has {len(model.heaps)} heaps")
        self.index, self.size = index, check_heap(size, index)
        super().__init__(model, f"Set heap {index + 1} to {self.size}")

    def apply(self) -> None:
        self.model.set_heap(self.index, self.size)


class PlayMoveCommand(_SNimCommand):
    """Play ``(heap_index, take)``, checked by the core's ``apply``."""

    def __init__(self, model: SNimPosition, move: tuple[int, int]) -> None:
        try:
            model.game.apply(model.heaps, move)
        except (SNimError, TypeError) as err:
            raise ValueError(str(err)) from None
        self.move = (int(move[0]), int(move[1]))
        super().__init__(model, f"Play: take {self.move[1]} from heap {self.move[0] + 1}")

    def apply(self) -> None:
        self.model.play(self.move)


class LoadHeapsCommand(_SNimCommand):
    """Replace all heaps (choosing a position of an imported test case)."""

    def __init__(self, model: SNimPosition, heaps: Iterable[int], text: str = "Load position") -> None:
        self.heaps = tuple(check_heap(h, i) for i, h in enumerate(heaps))
        super().__init__(model, text)

    def apply(self) -> None:
        self.model.set_heaps(self.heaps)


class ImportCaseCommand(_SNimCommand):
    """Load an imported test case: its S, its first position's heaps, and the list of positions."""

    def __init__(self, model: SNimPosition, judge: JudgeCase, position: int = 0) -> None:
        try:
            self.S = SubtractionGame(judge.S).S
        except SNimError as err:
            raise ValueError(str(err)) from None
        self.judge, self.heaps = judge, judge.positions[position]
        super().__init__(model, f"Import test case {judge.number} of {judge.file}")

    def apply(self) -> None:
        self.model.restore((self.S, self.heaps, self.judge))
