"""Plain Nim: heaps of stones; a move takes any number of stones (at least one) from one heap.

The worked example of ``docs/adding-a-game.md``: a whole game of the studio in one core module.

Theory. A heap of n stones has Grundy value n (its moves reach every smaller heap, and mex{0..n-1}
= n), so a position's value is the XOR of its heaps (Bouton 1901, the Sprague-Grundy theorem): the
player to move wins iff it is not 0. With total T, the winning moves take heap i from h down to
h XOR T, whenever that is smaller than h.

Examples
--------
>>> game = NimGame()
>>> game.value((3, 4, 5)), game.winning_moves((3, 4, 5))
(2, [(0, 2)])
>>> game.apply((3, 4, 5), game.parse_move("heap 1 take 2", (3, 4, 5)))
(1, 4, 5)
>>> [m.row() for m in game.analyse((3, 4, 5)).moves]
['heap 1: take 2 -> 1, value 3 -> 1']
"""

from __future__ import annotations

from collections.abc import Sequence

from sgstudio.core.analysis import Analysis, nim_sum_of, sum_analysis
from sgstudio.core.contract import GameBase, Label
from sgstudio.core.moves import SNIM_SYNTAX, parse_snim_move, renumbered_reason

Move = tuple[int, int]


class NimGame(GameBase):
    """Nim: a position is a tuple of heap sizes, a move ``(heap_index, take)`` with ``take >= 1``."""

    syntax, example = SNIM_SYNTAX, "2 take 3"

    def legal_moves(self, position: Sequence[int]) -> list[Move]:
        """Every take from every heap, by heap, then by take."""
        return [(i, t) for i, h in enumerate(position) for t in range(1, h + 1)]

    def apply(self, position: Sequence[int], move: Move) -> tuple[int, ...]:
        """The heaps after ``move``; ValueError (with the heap numbered from 0) if it is illegal."""
        i, take = move
        if not 0 <= i < len(position):
            raise ValueError(f"there is no heap {i}")
        if not 1 <= take <= position[i]:
            raise ValueError(f"heap {i} has {position[i]} stones: take 1 to {position[i]}, not {take}")
        return (*position[:i], position[i] - take, *position[i + 1:])

    def value(self, position: Sequence[int]) -> int:
        """The XOR of the heaps (each heap's Grundy value is its size)."""
        return nim_sum_of(list(position))

    def winning_moves(self, position: Sequence[int]) -> list[Move]:
        """From heap h to h XOR T, for every heap where that is smaller."""
        return self.moves_to_value(position, 0)

    def moves_to_value(self, position: Sequence[int], target: int) -> list[Move]:
        """Heap h to h XOR T XOR target (T the nim-sum), wherever that is smaller.

        >>> NimGame().moves_to_value((3, 4), 2)   # value 7: heap 2 from 4 to 1
        [(1, 3)]
        """
        change = self.value(position) ^ target
        return [(i, h - (h ^ change)) for i, h in enumerate(position) if change and h ^ change < h]

    def move_json(self, move: Move) -> dict[str, int]:
        """``{"heap": 1, "take": 2}``: the heap counted from 1."""
        return {"heap": move[0] + 1, "take": move[1]}

    def remaining_length(self, position: Sequence[int]) -> int:
        """The stones left (every move takes at least one)."""
        return sum(position)

    def move_text(self, move: Move, position: Sequence[int], label: Label = str) -> str:
        """``heap 2: take 3 -> 1`` (heaps from 1, and the stones left)."""
        i, take = move
        return f"heap {i + 1}: take {take} -> {position[i] - take}"

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> Move:
        """``heap 2 take 3``, ``2 3`` or what :meth:`move_text` writes."""
        return parse_snim_move(text, position)

    def people_reason(self, position: Sequence[int], move: tuple, reason: str, label: Label = str) -> str:
        return renumbered_reason(self, position, move, reason)

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each heap's value (its size), the nim-sum, who wins and every winning move."""
        heaps = list(position)
        return sum_analysis(heaps, self.winning_moves(heaps), part="heap", component_of=lambda m: m[0],
                            text=lambda m: self.move_text(m, heaps), max_moves=max_moves or 200)
