"""Any finite game played misère: the same moves, the outcome and winning moves of misère play.

:class:`MisereGame` wraps a game of the play protocol (:mod:`sgstudio.core.play`): moves, their
text and JSON, and ``value`` (the normal-play nim-sum, shown for reference) are the game's own;
``outcome`` and ``winning_moves`` come from ``decide(position)``, a
:class:`~sgstudio.core.misere.analysis.MisereAnalysis` (memoised by position). So the computer's
policy (:mod:`sgstudio.core.play.policy`), the Play panel and ``sgstudio play`` play misère unchanged.
``misere`` is True: the player who makes the last move loses.

Examples
--------
>>> from sgstudio.games.nim.game import NimGame
>>> from sgstudio.core.play.policy import optimal_line
>>> game = MisereGame.of(NimGame())
>>> print(game.outcome((2, 2)), game.outcome((1, 1)))
LOSE WIN
>>> [d.move for d in optimal_line(game, (1, 2))]      # leave one heap of 1: the opponent must take it
[(1, 2), (0, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sgstudio.core.misere.analysis import MisereAnalysis, Options, analyse_misere
from sgstudio.core.outcome import Outcome

MEMO = 100_000


class MisereGame:
    """``inner`` played misère; ``decide(position) -> MisereAnalysis`` (winning moves as
    ``(0, move)`` for a game, ``(component, move)`` for a sum: see :meth:`of` and :meth:`of_sum`)."""

    misere = True
    may_draw = False

    def __init__(self, inner: Any, decide: Callable[[Any], MisereAnalysis], component_moves: bool = False
                 ) -> None:
        self.inner, self.decide_uncached, self.component_moves = inner, decide, component_moves
        self._memo: dict[Any, MisereAnalysis] = {}

    @classmethod
    def of(cls, game: Any, options: Options | None = None) -> MisereGame:
        """A game of the registry (tokens, heaps, rows) played misère, analysed by
        :func:`~sgstudio.core.misere.analysis.analyse_misere`."""
        return cls(game, lambda p: analyse_misere([(game, p)], options))

    @classmethod
    def of_sum(cls, game: Any, options: Options | None = None) -> MisereGame:
        """A :class:`~sgstudio.games.sum.game.SumGame` played misère (its moves are ``(component, move)``)."""
        return cls(game, lambda p: analyse_misere(list(zip(game.games, p, strict=True)), options), True)

    def __getattr__(self, name: str) -> Any:  # moves, their text and JSON: the game's own
        return getattr(self.inner, name)

    def analysis(self, position: Any) -> MisereAnalysis:
        """The misère analysis of ``position`` (memoised)."""
        key = tuple(position)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO:
                self._memo.clear()
            found = self._memo[key] = self.decide_uncached(position)
        return found

    def outcome(self, position: Any) -> Outcome:
        """WIN or LOSE (DRAW on a loopy graph) for the player to move, in misère play."""
        return self.analysis(position).outcome

    def winning_moves(self, position: Any) -> Sequence[Any]:
        """Every winning move in misère play, in the game's move shape."""
        moves = self.analysis(position).winning_moves
        return list(moves) if self.component_moves else [m for _, m in moves]

    def value(self, position: Any) -> Any:
        """The normal-play value (the nim-sum), for reference: it does not decide misère play."""
        return self.inner.value(position)

    def legal_moves(self, position: Any) -> Any:
        return self.inner.legal_moves(position)

    def apply(self, position: Any, move: Any) -> Any:
        return self.inner.apply(position, move)
