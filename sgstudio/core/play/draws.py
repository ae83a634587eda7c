"""The computer's policy on loopy games (draws possible), and how a repeated position is recognised.

Theory (see :mod:`sgstudio.games.graph.loopy.moves`): from a won position a *progress move* (a
winning move of least potential Φ = (sum of values, sum of counters)) lowers Φ at every turn of
the winner, so the winner wins in finitely many moves against any defence. From a drawn position
a move to another drawn position always exists, and the opponent can never answer into a position
lost for us, so keeping the draw never loses. So the computer:

- from **WIN** plays the first progress move;
- from **DRAW** plays a move that keeps the draw; among those, the one that leaves the opponent
  the fewest replies that keep it (the most chances to go wrong); then the first;
- from **LOSE** makes the win as long as it can: the move after which the winner's progress reply
  leaves the largest potential (for one token that is the longest game: 2·c moves); then the one
  with the fewest winning replies; then the first. At most ``max_candidates`` moves are examined.

A game for this policy offers, besides the play protocol (``legal_moves``, ``apply``),
``outcome``, ``winning_moves``, ``progress_moves``, ``drawing_moves`` and ``potential``, as
:class:`~sgstudio.games.graph.loopy.game.LoopyGame` does; ``candidate_moves(position, limit)`` is
used when present.

Examples
--------
Two vertices in a 2-cycle, 1 -> 2 an exit to a sink, and 3 (a self-loop, and 3 -> 1) a draw:

>>> from sgstudio.games.graph.loopy.game import LoopyGame
>>> game = LoopyGame.from_edges(4, [(0, 1), (1, 0), (1, 2), (3, 3), (3, 1)])
>>> choose_loopy_move(game, (1,)).move, choose_loopy_move(game, (3,)).move
((1, 2), (3, 3))
>>> line, repeated = loopy_line(game, (3,), max_moves=10)
>>> [d.move for d in line], repeated.message
([(3, 3)], 'the position after move 1 repeats the start, and neither side can win: a draw')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from sgstudio.core.outcome import Outcome
from sgstudio.core.play.decision import MAX_CANDIDATES, Decision


def choose_loopy_move(game: Any, position: Hashable, *,
                      max_candidates: int = MAX_CANDIDATES) -> Decision | None:
    """The computer's move from ``position`` with a one-line reason, or None when no move is left.

    ``Decision.replies`` is the opponent's number of winning replies after the move. A game with a
    policy of its own (``game.choose_loopy_move``: misère play, :mod:`sgstudio.core.misere.retro_game`)
    chooses itself.
    """
    own = getattr(game, "choose_loopy_move", None)
    if own is not None:
        return own(position, max_candidates)
    outcome = game.outcome(position)
    if outcome is Outcome.WIN:
        return _winning(game, position)
    moves = _candidates(game, position, max_candidates)
    if not moves:
        return None
    if outcome is Outcome.DRAW:
        return _drawing(game, position, moves)
    return _losing(game, position, moves)


def _candidates(game: Any, position: Hashable, limit: int) -> list:
    hook = getattr(game, "candidate_moves", None)
    if hook is not None:
        return list(hook(position, limit))
    return list(islice(iter(game.legal_moves(position)), limit))


def _winning(game: Any, position: Hashable) -> Decision:
    moves = game.progress_moves(position)
    if not moves:
        raise RuntimeError(f"the game lists no winning move from the won position {position!r}")
    values, counters = game.potential(game.apply(position, moves[0]))
    return Decision(moves[0], "winning: to a lost position, making progress (values add up to "
                    f"{values}, counters to {counters}: lower than before)", 0)


def _drawing(game: Any, position: Hashable, moves: list) -> Decision:
    keeping = set(game.drawing_moves(position))
    scored = []
    for move in moves:
        if move in keeping:
            after = game.apply(position, move)
            scored.append((len(game.drawing_moves(after)), move))
    if not scored:
        raise RuntimeError(f"no move keeps the draw among the moves examined from {position!r}")
    replies, move = min(scored, key=lambda s: s[0])
    plural = "reply" if replies == 1 else "replies"
    return Decision(move, f"drawn: keeps the draw (the opponent then has {replies} {plural} that keep it)", 0)


def _losing(game: Any, position: Hashable, moves: list) -> Decision:
    scored = []
    for move in moves:
        after = game.apply(position, move)
        replies = game.progress_moves(after)
        reach = game.potential(game.apply(after, replies[0])) if replies else (-1, -1)
        scored.append((reach, -len(game.winning_moves(after)), move))
    reach, neg_replies, move = max(scored, key=lambda s: s[:2])  # max keeps the first of equal keys
    plural = "reply" if neg_replies == -1 else "replies"
    reason = (f"losing: the longest defence (after the best reply, values add up to {reach[0]} and "
              f"counters to {reach[1]}; the opponent has {-neg_replies} winning {plural})")
    return Decision(move, reason, -neg_replies)


@dataclass(frozen=True)
class Repetition:
    """The last position of a line of play occurred before: where, and what it means.

    ``first`` and ``again`` count moves (0 = the start); ``outcome`` is the position's outcome for
    the player to move. When it is DRAW neither side can force a win: the game is a draw.
    """

    first: int
    again: int
    outcome: Outcome

    @property
    def is_draw(self) -> bool:
        """Whether the repetition ends the game as a draw (neither side can win)."""
        return self.outcome is Outcome.DRAW

    @property
    def message(self) -> str:
        """One line for the move list or the status bar."""
        seen = "the start" if self.first == 0 else f"the position after move {self.first}"
        head = f"the position after move {self.again} repeats {seen}"
        if self.is_draw:
            return head + ", and neither side can win: a draw"
        side = "the player to move" if self.outcome is Outcome.WIN else "the other player"
        return head + f", but {side} can still force a win"


def repetition(game: Any, line: Sequence[Hashable]) -> Repetition | None:
    """Whether the last of the positions ``line`` (the start, then one per move) occurred before.

    >>> from sgstudio.games.graph.loopy.game import LoopyGame
    >>> game = LoopyGame.from_edges(2, [(0, 1), (1, 0)])
    >>> repetition(game, [(0,), (1,)]) is None, repetition(game, [(0,), (1,), (0,)]).is_draw
    (True, True)
    """
    if not line:
        return None
    last = line[-1]
    for i, position in enumerate(line[:-1]):
        if position == last:
            return Repetition(i, len(line) - 1, game.outcome(last))
    return None


def loopy_line(game: Any, position: Hashable, *, max_moves: int | None = None
               ) -> tuple[list[Decision], Repetition | None]:
    """The line both sides play by this policy from ``position``: until no move is left, a repeated
    position that is a draw, or ``max_moves``. Returns the decisions and the draw's repetition."""
    line: list[Decision] = []
    seen = {position: 0}
    while max_moves is None or len(line) < max_moves:
        decision = choose_loopy_move(game, position)
        if decision is None:
            break
        line.append(decision)
        position = game.apply(position, decision.move)
        if position in seen and game.outcome(position) is Outcome.DRAW:
            return line, Repetition(seen[position], len(line), Outcome.DRAW)
        seen.setdefault(position, len(line))
    return line, None
