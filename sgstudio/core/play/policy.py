"""The computer's policy: which move it plays from any position of any game, and why.

Theory: by the Sprague-Grundy theorem a position is lost for the player to move exactly when its
nim-sum (``game.value``) is 0, and the winning moves are exactly those that make it 0. So:

The outcome of a position is the game's ``outcome(position)`` (an :class:`~sgstudio.core.outcome.Outcome`;
for a game without that method, WIN exactly when its value is not 0). A game whose play may never
end (``may_draw``: tokens on a loopy graph) is played by :mod:`sgstudio.core.play.draws`, which
keeps a draw; for every other game:

- **From a winning position** (nim-sum not 0) the computer always moves to nim-sum 0. Among
  several such moves it plays the *first one in the game's* ``winning_moves`` *order*.
- **From a losing position** (nim-sum 0, moves left) every move hands the opponent a win, so the
  computer makes that win as hard as it can: it prefers the move after which the opponent has the
  *fewest winning replies* (counted as ``len(game.winning_moves(after))``); among those, the one
  that keeps the game *longest* when that is cheap to know (the game's optional hook
  ``remaining_length(position) -> int | None``: for tokens on a DAG the sum of their longest
  remaining paths, on the board the longest remaining game, for heaps the stones left); among
  those, the *first in the game's* ``legal_moves`` *order*.
- **Bound.** From a losing position at most :data:`MAX_CANDIDATES` moves are examined, so a
  decision stays cheap on huge positions: the game's optional ``candidate_moves(position, limit)``
  hook picks them when it has one, otherwise the first ones in ``legal_moves`` order (for
  split-nim positions too big to enumerate, takes of 1, 2, 3, ... stones round the heaps, see
  :func:`sgstudio.games.splitnim.game.small_takes`). The reason says when the bound cut the choice
  short. Winning replies are
  counted as the game lists them (split-nim lists every winning take and one winning split per
  heap).

Every decision carries a one-line reason for the move list, e.g.
``"winning: moves to nim-sum 0 (first of 2 winning moves)"`` or
``"losing: leaves the opponent 1 winning reply (fewest)"``.

Examples
--------
Nim with heaps (1, 2): the nim-sum 3 is not 0; the only winning move takes one stone from heap 1.

>>> class Nim:
...     def legal_moves(self, p):
...         return [(i, t) for i, h in enumerate(p) for t in range(1, h + 1)]
...     def apply(self, p, m):
...         i, t = m
...         return p[:i] + (p[i] - t,) + p[i + 1:]
...     def value(self, p):
...         v = 0
...         for h in p:
...             v ^= h
...         return v
...     def winning_moves(self, p):
...         return [m for m in self.legal_moves(p) if self.value(self.apply(p, m)) == 0]
>>> choose_move(Nim(), (1, 2))
Decision(move=(1, 1), reason='winning: moves to nim-sum 0', replies=0)

From the lost position (2, 2) taking one stone leaves one winning reply, taking two leaves one too;
the first is kept.

>>> choose_move(Nim(), (2, 2))
Decision(move=(0, 1), reason='losing: leaves the opponent 1 winning reply (fewest)', replies=1)
>>> choose_move(Nim(), (0, 0)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING

from sgstudio.core.outcome import Outcome
from sgstudio.core.play.decision import MAX_CANDIDATES, Decision

if TYPE_CHECKING:  # the protocol lives in play.py, which imports this module
    from sgstudio.core.play.session import Game, Move, Position


def outcome(game: Game, position: Position) -> Outcome:
    """WIN, LOSE (or DRAW) for the player to move: the game's ``outcome``; for a game of the bare
    protocol, WIN exactly when its value is not 0.

    >>> class Two:
    ...     def value(self, p):
    ...         return p[0] % 2
    >>> print(outcome(Two(), (3,)), outcome(Two(), (4,)))
    WIN LOSE
    """
    told = getattr(game, "outcome", None)
    if told is not None:
        return told(position)
    return Outcome.WIN if game.value(position) else Outcome.LOSE


def remaining_length(game: Game, position: Position) -> int | None:
    """How long the game can still last from ``position``, when the game can tell cheaply.

    The game's ``remaining_length(position)`` (every game of the registry has one, which may answer
    None); ``None`` for a game of the bare protocol without it.

    >>> remaining_length(object(), (3, 4)) is None
    True
    """
    hook = getattr(game, "remaining_length", None)
    return None if hook is None else hook(position)


def candidate_moves(game: Game, position: Position, limit: int = MAX_CANDIDATES) -> tuple[list[Move], bool]:
    """At most ``limit`` legal moves to examine, and whether more exist.

    The game's ``candidate_moves(position, limit)`` chooses them when it has one (it is asked for
    ``limit + 1`` moves, to tell whether more exist); otherwise the first ones in ``legal_moves``
    order.
    """
    hook = getattr(game, "candidate_moves", None)
    found = hook(position, limit + 1) if hook is not None else game.legal_moves(position)
    moves = list(islice(iter(found), limit + 1))
    return moves[:limit], len(moves) > limit


def has_move(game: Game, position: Position) -> bool:
    """Whether any move is left: the game's ``has_move``, else whether ``legal_moves`` is not empty.

    >>> class Two:
    ...     def legal_moves(self, p):
    ...         return [(0, 1)] if p[0] else []
    >>> has_move(Two(), (1,)), has_move(Two(), (0,))
    (True, False)
    """
    hook = getattr(game, "has_move", None)
    if hook is not None:
        return hook(position)
    return next(iter(game.legal_moves(position)), None) is not None


def choose_move(game: Game, position: Position, *, max_candidates: int = MAX_CANDIDATES) -> Decision | None:
    """The computer's move from ``position`` with its reason, or ``None`` when no move is left.

    Parameters
    ----------
    game : Game
        Any game of the play protocol.
    position : Position
        The position, with the computer to move.
    max_candidates : int
        How many moves to examine at most from a losing position.

    Returns
    -------
    Decision or None
        The move, a one-line reason, and how many winning replies the opponent has after it.
    """
    if getattr(game, "may_draw", False):
        from sgstudio.core.play.draws import choose_loopy_move

        return choose_loopy_move(game, position, max_candidates=max_candidates)
    if outcome(game, position) is Outcome.WIN:
        if getattr(game, "misere", False) and not has_move(game, position):
            return None  # misère: the player with no move left has won
        return _winning_choice(game, position)
    return _losing_choice(game, position, max_candidates)


def _winning_choice(game: Game, position: Position) -> Decision:
    """The first move to nim-sum 0 in the game's ``winning_moves`` order."""
    moves = list(game.winning_moves(position))
    if not moves:
        raise RuntimeError(f"the game lists no winning move from {position!r} although its nim-sum is not 0")
    many = f" (first of {len(moves)} winning moves)" if len(moves) > 1 else ""
    why = "leaves a misère loss" if getattr(game, "misere", False) else "moves to nim-sum 0"
    return Decision(moves[0], f"winning: {why}{many}", 0)


def _losing_choice(game: Game, position: Position, limit: int) -> Decision | None:
    """Fewest winning replies, then longest remaining game, then first in order."""
    moves, cut = candidate_moves(game, position, limit)
    if not moves:
        return None
    scored = []
    for move in moves:
        after = game.apply(position, move)
        length = remaining_length(game, after)
        scored.append((len(game.winning_moves(after)), -1 if length is None else -length, move))
    best = min(scored, key=lambda s: s[:2])  # min keeps the first of equal keys
    replies, neg_length, move = best
    plural = "reply" if replies == 1 else "replies"
    reason = f"losing: leaves the opponent {replies} winning {plural} (fewest"
    reason += f" among the first {limit} moves)" if cut else ")"
    tied = [s for s in scored if s[0] == replies]
    if neg_length != -1 and any(s[1] != neg_length for s in tied):
        reason += f", longest game ({-neg_length} moves left at most)"
    return Decision(move, reason, replies)


def optimal_line(game: Game, position: Position, *, max_moves: int | None = None) -> Sequence[Decision]:
    """The whole line both sides play by the policy from ``position`` (until no move remains).

    ``max_moves`` stops it early (the line of a huge position can be very long).

    >>> class Heap:  # one heap, take 1 or 2
    ...     def legal_moves(self, p):
    ...         return [(0, t) for t in (1, 2) if t <= p[0]]
    ...     def apply(self, p, m):
    ...         return (p[0] - m[1],)
    ...     def value(self, p):
    ...         return p[0] % 3
    ...     def winning_moves(self, p):
    ...         return [m for m in self.legal_moves(p) if self.value(self.apply(p, m)) == 0]
    >>> [d.move for d in optimal_line(Heap(), (4,))]
    [(0, 1), (0, 1), (0, 2)]
    """
    line: list[Decision] = []
    while max_moves is None or len(line) < max_moves:
        decision = choose_move(game, position)
        if decision is None:
            break
        line.append(decision)
        position = game.apply(position, decision.move)
    return line
