"""Who wins a position with best play: the player to move (WIN), the other player (LOSE), or nobody (DRAW).

Theory: under normal play a position with no move is lost for the player to move. In a finite
(acyclic) game every position is a WIN or a LOSE; the Sprague-Grundy theorem says which: LOSE exactly
when the nim-sum of the components' values is 0. In a game with cycles (a loopy graph) play may go on
for ever; a position from which neither player can force a win is a DRAW.

The members print as the words the studio shows ("WIN", "LOSE", "DRAW"); the judge formats print
their own words (``W``/``L``, ``YES``/``NO``, ...) from an Outcome.

Examples
--------
>>> Outcome.from_nim_sum(3), Outcome.from_nim_sum(0)
(<Outcome.WIN: 'WIN'>, <Outcome.LOSE: 'LOSE'>)
>>> str(Outcome.DRAW), f"{Outcome.WIN}"
('DRAW', 'WIN')
>>> Outcome.WIN == "WIN"
True
>>> Outcome.LOSE.opposite(), Outcome.DRAW.opposite()
(<Outcome.WIN: 'WIN'>, <Outcome.DRAW: 'DRAW'>)
"""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """The outcome of a position for the player to move."""

    WIN = "WIN"
    LOSE = "LOSE"
    DRAW = "DRAW"

    @classmethod
    def from_nim_sum(cls, nim_sum: int) -> Outcome:
        """WIN when ``nim_sum`` is not 0, else LOSE (the Sprague-Grundy theorem)."""
        return cls.WIN if nim_sum else cls.LOSE

    def opposite(self) -> Outcome:
        """The outcome for the other player: WIN and LOSE swap, DRAW stays."""
        if self is Outcome.DRAW:
            return self
        return Outcome.LOSE if self is Outcome.WIN else Outcome.WIN
