"""A game whose play may never end (tokens on a graph with cycles, a sum with such a component),
played misère: outcomes, winning, progress and drawing moves from a retrograde analysis.

:class:`RetroMisereGame` wraps a game of the play protocol (:mod:`sgstudio.core.play.session`): the
moves, their text and JSON and ``value`` (the normal-play value, shown for reference) are the
game's own; ``outcome`` (WIN, LOSE or DRAW), the winning moves (progress moves first), the drawing
moves and the computer's move come from one :class:`~sgstudio.core.misere.retro.MisereTable` of
every position reachable from the position asked about; a position outside it is analysed anew.
Past the bound of the table: :class:`~sgstudio.core.misere.search.SearchLimitError`, never a guess.

The computer (:meth:`choose_loopy_move`, which :func:`sgstudio.core.play.draws.choose_loopy_move`
asks): from a WIN a progress move (it wins in at most the remoteness of the position, cycles or
not); from a DRAW a move that keeps the draw, leaving the fewest replies that keep it; from a LOSE
the longest defence (the WIN left of the greatest remoteness), then the fewest winning replies.
With no move left the game is over: the player to move has won.

Examples
--------
A 2-cycle 0 <-> 1 with the exit 1 -> 2 to a dead end, and 3 -> 2. Misère: a token on 2 cannot move
(WIN); on 3 the only move hands that win over (LOSE); on 0 or 1 nobody can force anything (DRAW).

>>> from sgstudio.games.graph.loopy.game import LoopyGame
>>> game = RetroMisereGame(LoopyGame.from_edges(4, [(0, 1), (1, 0), (1, 2), (3, 2)]))
>>> [str(game.outcome((v,))) for v in range(4)], game.winning_moves((3, 3))
(['DRAW', 'DRAW', 'WIN', 'LOSE'], [(3, 2)])
>>> game.drawing_moves((1,)), game.choose_loopy_move((1,)).move
([(1, 0)], (1, 0))
>>> game.analysis((3, 3)).method, game.choose_loopy_move((2,)) is None
('retrograde analysis', True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from sgstudio.core.misere import retro
from sgstudio.core.misere.analysis import MisereAnalysis
from sgstudio.core.misere.retro import MisereTable
from sgstudio.core.outcome import Outcome
from sgstudio.core.play.decision import MAX_CANDIDATES, Decision


class Parts:
    """The sum of components of these games as one game of the play protocol: a position is the
    tuple of the components' positions, a move ``(i, move)`` a move of component i. For a sum whose
    play may never end (a component on a graph with cycles), analysed whole by
    :class:`RetroMisereGame`.

    >>> from sgstudio.games.graph.loopy.game import LoopyGame
    >>> from sgstudio.games.nim.game import NimGame
    >>> game = Parts([LoopyGame.from_edges(2, [(0, 1), (1, 0)]), NimGame()])
    >>> game.legal_moves(((0,), (1,))), game.apply(((0,), (1,)), (1, (0, 1)))
    ([(0, (0, 1)), (1, (0, 1))], ((0,), (0,)))
    """

    may_draw = True

    def __init__(self, games: Any) -> None:
        self.games = tuple(games)

    def legal_moves(self, position: Any) -> list[tuple[int, Any]]:
        pairs = enumerate(zip(self.games, position, strict=True))
        return [(i, m) for i, (g, p) in pairs for m in g.legal_moves(p)]

    def apply(self, position: Any, move: tuple[int, Any]) -> tuple:
        i, m = move
        return (*position[:i], self.games[i].apply(position[i], m), *position[i + 1:])

    def value(self, position: Any) -> None:
        return None


def whole_sum(parts: Any, options: Any) -> MisereAnalysis:
    """The misère analysis of the sum of ``parts`` (``(game, position)`` each), one of which may go on
    for ever, by a retrograde analysis of the whole sum (``options``: those of
    :func:`~sgstudio.core.misere.analysis.analyse_misere`); winning moves ``(component, move)``."""
    whole = RetroMisereGame(Parts([g for g, _ in parts]), component_moves=True)
    return whole.analysis(tuple(p for _, p in parts), options.max_moves, options.progress)


class RetroMisereGame:
    """``inner`` played misère, analysed by retrograde analysis of whole positions (see module)."""

    misere = True

    def __init__(self, inner: Any, limit: int | None = None, component_moves: bool = False) -> None:
        self.inner, self.component_moves = inner, component_moves
        self.limit = retro.DEFAULT_LIMIT if limit is None else limit  # None: the module's bound
        self.may_draw = bool(getattr(inner, "may_draw", False))
        self._table: MisereTable | None = None

    def __getattr__(self, name: str) -> Any:  # moves, their text and JSON: the game's own
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def _moves(self, position: Any) -> list[tuple[Any, Hashable]]:
        inner = self.inner
        return [(m, inner.apply(position, m)) for m in inner.legal_moves(position)]

    def table(self, position: Any, progress: Callable[[int, int], None] | None = None) -> MisereTable:
        """The table holding ``position`` (made from it when the last one does not hold it;
        ``progress(done, limit)`` hears how far, and may raise to cancel)."""
        position = tuple(position)
        table = self._table
        if table is None or position not in table:
            self._table = None  # the old one's memory goes before the new one's comes
            table = self._table = MisereTable(self._moves, position, self.limit, "positions", progress)
        return table

    # -- the play protocol ----------------------------------------------------------------------
    def legal_moves(self, position: Any) -> Any:
        return self.inner.legal_moves(position)

    def apply(self, position: Any, move: Any) -> Any:
        return self.inner.apply(position, move)

    def value(self, position: Any) -> Any:
        """The normal-play value, for reference: it does not decide misère play."""
        return self.inner.value(position)

    def outcome(self, position: Any) -> Outcome:
        """WIN, LOSE or DRAW for the player to move, in misère play."""
        return self.table(position).outcome(tuple(position))

    def winning_moves(self, position: Any) -> list[Any]:
        """Every move to a misère LOSE, the progress moves first."""
        return self.table(position).winning_moves(tuple(position))

    def progress_moves(self, position: Any) -> list[Any]:
        """The winning moves that leave a LOSE of the least remoteness."""
        return self.table(position).progress_moves(tuple(position))

    def drawing_moves(self, position: Any, limit: int | None = None) -> list[Any]:
        """Every move to a DRAW (at most ``limit``)."""
        return self.table(position).drawing_moves(tuple(position))[:limit]

    def remaining_length(self, position: Any) -> int | None:
        """Moves left with best play; None for a DRAW."""
        return self.table(position).remoteness(tuple(position))

    def has_move(self, position: Any) -> bool:
        return next(iter(self.inner.legal_moves(position)), None) is not None

    def analysis(self, position: Any, max_moves: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> MisereAnalysis:
        """The :class:`~sgstudio.core.misere.analysis.MisereAnalysis` of ``position``; winning moves as
        ``(0, move)`` for a game, ``(component, move)`` for a sum (``component_moves``)."""
        table = self.table(position, progress)
        key = tuple(position)
        result = table.outcome(key)
        moves = table.winning_moves(key)[:max_moves]
        draws = table.drawing_moves(key)
        shaped = (lambda m: m) if self.component_moves else (lambda m: (0, m))
        left = table.remoteness(key)
        if result is Outcome.DRAW:
            end = "neither side can force a win"
        elif not moves and result is Outcome.WIN:
            end = "the player to move has no move: in misère play that is a win"
        else:
            end = f"the game ends within {left} moves with best play"
        reason = (f"all {len(table):,} positions reachable from here, solved back from those without a move: "
                  f"{end}")
        return MisereAnalysis(result, "retrograde analysis", reason, [shaped(m) for m in moves],
                              {"drawing_moves": [shaped(m) for m in draws], "positions": len(table),
                               "remoteness": left})

    # -- the computer's policy --------------------------------------------------------------------
    def choose_loopy_move(self, position: Any, max_candidates: int = MAX_CANDIDATES) -> Decision | None:
        """The computer's move (see the module), or None when no move is left."""
        table = self.table(position)
        key = tuple(position)
        options = table.options(key)
        if not options:
            return None
        result = table.outcome(key)
        if result is Outcome.WIN:
            moves = table.progress_moves(key)
            left = table.remoteness(key)
            return Decision(moves[0], f"winning (misère): to a lost position, the game over within {left} "
                            "moves", 0)
        if result is Outcome.DRAW:
            scored = [(len(table.drawing_moves(a)), k, m) for k, (m, a, o, _) in enumerate(options)
                      if o is Outcome.DRAW][:max_candidates]
            replies, _, move = min(scored)
            plural = "reply" if replies == 1 else "replies"
            return Decision(move, f"drawn (misère): keeps the draw (the opponent then has {replies} {plural} "
                            "that keep it)", 0)
        scored = []
        for k, (m, a, _, r) in enumerate(options[:max_candidates]):
            scored.append((-(r or 0), len(table.winning_moves(a)), k, m))
        neg_left, replies, _, move = min(scored)
        plural = "reply" if replies == 1 else "replies"
        return Decision(move, f"losing (misère): the longest defence ({-neg_left} moves left; the opponent "
                        f"has {replies} winning {plural})", replies)
