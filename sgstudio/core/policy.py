"""The computer's policy: which move it plays from any position of any game, and why.

Theory: by the Sprague-Grundy theorem a position is lost for the player to move exactly when its
nim-sum (``game.value``) is 0, and the winning moves are exactly those that make it 0. So:

- **From a winning position** (nim-sum not 0) the computer always moves to nim-sum 0. Among
  several such moves it plays the *first one in the game's* ``winning_moves`` *order*.
- **From a losing position** (nim-sum 0, moves left) every move hands the opponent a win, so the
  computer makes that win as hard as it can: it prefers the move after which the opponent has the
  *fewest winning replies* (counted as ``len(game.winning_moves(after))``); among those, the one
  that keeps the game *longest* when that is cheap to know (the game's optional hook
  ``remaining_length(position) -> int | None``, else :data:`LENGTHS`: for tokens on a DAG the sum
  of their longest remaining paths, on the board the longest remaining game, for heaps the stones
  left); among those, the *first in the game's* ``legal_moves`` *order*.
- **Bound.** From a losing position at most :data:`MAX_CANDIDATES` moves are examined, so a
  decision stays cheap on huge positions: the game's optional ``candidate_moves(position, limit)``
  hook picks them when it has one, otherwise the first ones in ``legal_moves`` order (for
  split-nim positions too big to enumerate, takes of 1, 2, 3, ... stones round the heaps, see
  :func:`small_takes`). The reason says when the bound cut the choice short. Winning replies are
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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

if TYPE_CHECKING:  # the protocol lives in play.py, which imports this module
    from sgstudio.core.play import Game, Move, Position

MAX_CANDIDATES = 64
"""At most this many moves are examined from a losing position (see the module docstring)."""


@dataclass(frozen=True)
class Decision:
    """A move chosen by the policy, the reason in words, and the opponent's winning replies after it."""

    move: Move
    reason: str
    replies: int


def remaining_length(game: Game, position: Position) -> int | None:
    """How long the game can still last from ``position``, when the game can tell cheaply.

    Uses the game's optional ``remaining_length(position)`` hook; for the four games of the studio,
    which have none yet, the measures below; ``None`` for any other game.

    >>> remaining_length(object(), (3, 4)) is None
    True
    """
    hook = getattr(game, "remaining_length", None)
    if hook is not None:
        return hook(position)
    measure = LENGTHS.get(_class_name(game))
    return None if measure is None else measure(game, position)


def stones_left(game: object, position: Sequence[int]) -> int:
    """Heaps (S-Nim, split-nim): the stones left.

    >>> stones_left(None, (3, 0, 4))
    7
    """
    return sum(position)


def board_length(game: object, position: Sequence[Sequence[int]]) -> int:
    """The board: the longest remaining game, the sum over chesses of the empty cells to their right.

    A move lowers that sum by 1 plus the number of chesses jumped over, and a plain step is always
    available while any move is (the last chess of a block facing an empty cell), so the sum is exact.

    >>> class B: width = 5
    >>> board_length(B(), ((1, 2, 5), ()))   # 1 and 2 see the empty 3 and 4; 5 sees none
    4
    """
    width = game.width  # type: ignore[attr-defined]
    total = 0
    for row in position:
        for k, c in enumerate(sorted(row)):
            total += (width - c) - (len(row) - 1 - k)
    return total


_DAG_DEPTHS: WeakKeyDictionary = WeakKeyDictionary()


def dag_length(game: object, position: Sequence[int]) -> int:
    """Tokens on a DAG: the longest remaining game, the sum of the tokens' longest paths.

    The longest path from every vertex is computed once per game (reverse topological order, linear).

    >>> class D: successors = ((1, 2), (2,), ())
    >>> dag_length(D(), (0, 1, 2))
    3
    """
    depth = _DAG_DEPTHS.get(game)
    if depth is None:
        depth = _DAG_DEPTHS[game] = longest_paths(game.successors)  # type: ignore[attr-defined]
    return sum(depth[v] for v in position)


def longest_paths(successors: Sequence[Sequence[int]]) -> list[int]:
    """Length of the longest path from every vertex of a DAG (0 at a sink), without recursion.

    >>> longest_paths([(1, 2), (2,), (), (0,)])
    [2, 1, 0, 3]
    """
    n = len(successors)
    preds: list[list[int]] = [[] for _ in range(n)]
    left = [len(succ) for succ in successors]
    for u, succ in enumerate(successors):
        for v in succ:
            preds[v].append(u)
    depth = [0] * n
    ready = [v for v in range(n) if left[v] == 0]
    while ready:
        v = ready.pop()
        for u in preds[v]:
            depth[u] = max(depth[u], depth[v] + 1)
            left[u] -= 1
            if left[u] == 0:
                ready.append(u)
    return depth


LENGTHS: dict[str, Callable[[Any, Any], int]] = {
    "sgstudio.core.games.dag.DagGame": dag_length,
    "sgstudio.core.games.snim.SubtractionGame": stones_left,
    "sgstudio.core.games.splitnim.SplitNim": stones_left,
    "sgstudio.core.games.board.BoardGame": board_length,
}
"""Length measures for the studio's games by class, used when a game has no ``remaining_length``."""


def candidate_moves(game: Game, position: Position, limit: int = MAX_CANDIDATES) -> tuple[list[Move], bool]:
    """At most ``limit`` legal moves to examine, and whether more exist.

    The game's optional ``candidate_moves(position, limit)`` hook chooses them when present (it may
    return ``limit + 1`` moves to say that more exist); otherwise the first ones in ``legal_moves``
    order. A game whose ``legal_moves`` refuses to enumerate a huge position (ValueError) gets the
    bounded set of :data:`CANDIDATES` for its class instead.
    """
    hook = getattr(game, "candidate_moves", None)
    if hook is not None:
        found = hook(position, limit + 1)
    else:
        try:
            found = game.legal_moves(position)
        except ValueError:
            fallback = CANDIDATES.get(_class_name(game))
            if fallback is None:
                raise
            found = fallback(game, position)
    moves = list(islice(iter(found), limit + 1))
    return moves[:limit], len(moves) > limit


def small_takes(game: object, position: Sequence[int]) -> Iterator[Move]:
    """Split-nim positions too big to enumerate: takes of 1, 2, 3, ... stones, round the heaps.

    Taking few stones keeps the game long; splits are left out of this bounded set.

    >>> list(islice(small_takes(None, (2, 0, 1)), 5))
    [(0, (1,)), (2, ()), (0, ())]
    """
    take = 1
    while True:
        found = False
        for i, h in enumerate(position):
            if h >= take:
                found = True
                yield (i, (h - take,) if h > take else ())
        if not found:
            return
        take += 1


CANDIDATES: dict[str, Callable[[Any, Any], Iterable[Move]]] = {
    "sgstudio.core.games.splitnim.SplitNim": small_takes,
}
"""Bounded move generators, by class, for games whose ``legal_moves`` refuses huge positions."""


def has_move(game: Game, position: Position) -> bool:
    """Whether any move is left: the game's ``legal_moves`` is not empty, or refuses to enumerate
    them all (ValueError: too many).

    >>> class Two:
    ...     def legal_moves(self, p):
    ...         return [(0, 1)] if p[0] else []
    >>> has_move(Two(), (1,)), has_move(Two(), (0,))
    (True, False)
    """
    try:
        return next(iter(game.legal_moves(position)), None) is not None
    except ValueError:
        if _class_name(game) in CANDIDATES:
            return True
        raise


def _class_name(game: object) -> str:
    return f"{type(game).__module__}.{type(game).__qualname__}"


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
    if game.value(position):
        return _winning_choice(game, position)
    return _losing_choice(game, position, max_candidates)


def _winning_choice(game: Game, position: Position) -> Decision:
    """The first move to nim-sum 0 in the game's ``winning_moves`` order."""
    moves = list(game.winning_moves(position))
    if not moves:
        raise RuntimeError(f"the game lists no winning move from {position!r} although its nim-sum is not 0")
    many = f" (first of {len(moves)} winning moves)" if len(moves) > 1 else ""
    return Decision(moves[0], "winning: moves to nim-sum 0" + many, 0)


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
