"""The game contract: what every game of the registry offers beyond the play protocol, with defaults.

The play protocol (:class:`sgstudio.core.play.session.Game`: ``legal_moves``, ``apply``, ``value``,
``winning_moves``) is what the policy and a play session need. A game of the studio also says who
wins (:meth:`GameBase.outcome`, which may be DRAW), writes and reads its moves in people's words
(:meth:`~GameBase.move_text` and :meth:`~GameBase.parse_move`: heaps and rows counted from 1,
vertices by label), gives the play hints the computer uses (:meth:`~GameBase.remaining_length`,
:meth:`~GameBase.candidate_moves`, :meth:`~GameBase.has_move`), analyses a position into one
record (:meth:`~GameBase.analyse`, see :mod:`sgstudio.core.analysis`), and reads the positions of
its judge files (:meth:`~GameBase.from_judge_case`, :meth:`~GameBase.move_json`). A game class
subclasses :class:`GameBase` and overrides what differs; the registry
(:mod:`sgstudio.core.registry`) names it once, and every part of the studio finds it there.

Examples
--------
>>> class Heap(GameBase):          # one heap, a move takes 1 or 2 (value = heap mod 3)
...     syntax, example = 'write a move as "take 2"', "take 2"
...     def legal_moves(self, p):
...         return [(0, t) for t in (1, 2) if t <= p[0]]
...     def apply(self, p, m):
...         return (p[0] - m[1],)
...     def value(self, p):
...         return p[0] % 3
...     def winning_moves(self, p):
...         return [m for m in self.legal_moves(p) if self.value(self.apply(p, m)) == 0]
>>> game = Heap()
>>> print(game.outcome((4,)), game.has_move((0,)), game.candidate_moves((4,), 1), game.position_text((4,)))
WIN False [(0, 1)] heaps 4
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar

from sgstudio.core.outcome import Outcome

if TYPE_CHECKING:
    from sgstudio.core.analysis import Analysis

Label = Callable[[int], str]
Move = tuple
MAX_ITEMS = 12
"""A position in words shows at most this many heaps, rows or tokens."""


class GameBase:
    """Defaults of the game contract; subclasses implement the play protocol and the text of moves.

    Class attributes: ``part`` (the word for one component: ``heap``, ``row``, ``token``),
    ``syntax`` (how a move is typed, one line) and ``example`` (a move as typed), ``may_draw``
    (whether play may never end: the policy then keeps draws), ``judge_position`` (what a judge
    file calls one position of a test case: ``position``, or ``query`` for HDU 1524).
    """

    part: ClassVar[str] = "heap"
    syntax: ClassVar[str] = ""
    example: ClassVar[str] = ""
    may_draw: ClassVar[bool] = False
    judge_position: ClassVar[str] = "position"

    # -- the play protocol (subclasses implement these) -------------------------------------------
    def legal_moves(self, position: Any) -> Sequence[Move]:
        """Every legal move from ``position``, in a deterministic order."""
        raise NotImplementedError

    def apply(self, position: Any, move: Move) -> Any:
        """The position after ``move``; ValueError with a one-line reason if it is illegal."""
        raise NotImplementedError

    def value(self, position: Any) -> Any:
        """The value of the position (the nim-sum of its components; γ on a loopy graph)."""
        raise NotImplementedError

    def winning_moves(self, position: Any) -> Sequence[Move]:
        """Every move after which the player to move has won (the opponent is lost)."""
        raise NotImplementedError

    def moves_to_value(self, position: Any, target: Any) -> list[Move]:
        """Every move after which the position's value is ``target``. In a sum of games whose other
        components XOR to T, the winning moves in this one are its moves to value T (the sum then has
        nim-sum 0): what a sum across games asks each component. The default tries every legal move;
        a game may do better.

        >>> class Heap(GameBase):  # one heap, take 1 or 2: value = heap mod 3
        ...     def legal_moves(self, p):
        ...         return [(0, t) for t in (1, 2) if t <= p[0]]
        ...     def apply(self, p, m):
        ...         return (p[0] - m[1],)
        ...     def value(self, p):
        ...         return p[0] % 3
        >>> Heap().moves_to_value((5,), 1), Heap().moves_to_value((5,), 0)
        ([(0, 1)], [(0, 2)])
        """
        return [m for m in self.legal_moves(position) if self.value(self.apply(position, m)) == target]

    # -- who wins, and the play hints ------------------------------------------------------------
    def outcome(self, position: Any) -> Outcome:
        """WIN or LOSE for the player to move (by the Sprague-Grundy theorem: WIN iff the value is not
        0); a game with draws overrides it."""
        return Outcome.from_nim_sum(self.value(position))

    def has_move(self, position: Any) -> bool:
        """Whether any move is left."""
        return next(iter(self.legal_moves(position)), None) is not None

    def remaining_length(self, position: Any) -> int | None:
        """How long the game can still last, when cheap to know (the computer keeps a lost game long);
        None when not known."""
        return None

    def candidate_moves(self, position: Any, limit: int) -> list[Move]:
        """At most ``limit`` legal moves, deterministically (the first ones of ``legal_moves``)."""
        return list(islice(iter(self.legal_moves(position)), limit))

    # -- moves and positions in people's words ---------------------------------------------------
    def move_text(self, move: Move, position: Any, label: Label = str) -> str:
        """``move`` (made from ``position``) in words: heaps and rows counted from 1, vertices by
        ``label``. :meth:`parse_move` reads it back."""
        raise NotImplementedError

    def parse_move(self, text: str, position: Any, label: Label = str) -> Move:
        """The move that ``text`` writes at ``position``; ValueError with a clear message (often
        :attr:`syntax`) when it is not a move of this game's form. Legality is :meth:`apply`'s."""
        raise NotImplementedError

    def position_text(self, position: Sequence[Any], label: Label = str) -> str:
        """A position in words, long ones cut short (the default: heaps).

        >>> GameBase().position_text(tuple(range(20)))
        'heaps 0 1 2 3 4 5 6 7 8 9 10 11 … (20 heaps)'
        """
        shown = " ".join(map(str, position[:MAX_ITEMS]))
        return ("heaps " + shown if shown else "no heap") + more_items(position, "heaps")

    def people_reason(self, position: Any, move: Move, reason: str, label: Label = str) -> str:
        """The game's one-line reason for refusing ``move``, in people's numbering (the default:
        the reason as it is)."""
        return reason

    # -- a component of a sum across games (sgstudio.games.sum.game): its rule and position as JSON ------
    def rule_text(self) -> str:
        """What tells this game from others of its kind, in a few words (``0.07``, ``S = {1, 3}``);
        empty when its kind has one game only (Nim)."""
        return ""

    def game_state(self) -> dict[str, Any]:
        """The game's rule (its parameters, its graph) as JSON; :meth:`from_game_state` reads it."""
        return {}

    @classmethod
    def from_game_state(cls, state: Any) -> GameBase:
        """The game of a :meth:`game_state`, read strictly (a StateError names what and where)."""
        from sgstudio.core.readers import no_rule

        no_rule(state)
        return cls()

    def position_state(self, position: Any) -> Any:
        """A position as JSON (by default the heaps, as a list); :meth:`read_position` reads it."""
        return list(position)

    def read_position(self, data: Any) -> Any:
        """The position of a :meth:`position_state`, checked strictly (a StateError names where)."""
        from sgstudio.core.readers import read_heaps

        return read_heaps(data)

    def names(self, label: Label) -> tuple[str, ...] | None:
        """The names ``label`` gives the game's vertices, kept with a copied position (None: a game
        without vertices)."""
        return None

    def potential(self, position: Any) -> tuple[int, int] | None:
        """What the winner's progress moves lower when the game is a component of a sum with loopy
        components (see :mod:`sgstudio.games.sum.game`): (value, 0) for a game that always ends; None
        for a value that is not a nimber."""
        value = self.value(position)
        return (value, 0) if isinstance(value, int) else None

    # -- the analysis and the judge files ----------------------------------------------------------
    def analyse(self, position: Any, *, label: Label = str, max_moves: int | None = None) -> Analysis:
        """Who wins ``position``, each component's value and the winning moves (see
        :mod:`sgstudio.core.analysis`); at most ``max_moves`` moves are listed."""
        raise NotImplementedError

    @classmethod
    def from_judge_case(cls, case: Any) -> tuple[GameBase, list[Any]]:
        """The game of a judge file's test case and the case's positions, in file order."""
        raise NotImplementedError

    def move_json(self, move: Move) -> dict[str, Any]:
        """A move as JSON for ``sgstudio play --json`` and ``sgstudio sum --json`` (heaps and rows
        count from 1, as people count them; vertices and columns are as in the file); by default the
        move's fields as one list.

        >>> GameBase().move_json((1, 2, (3, 4)))
        {'move': [1, 2, [3, 4]]}
        """
        return {"move": as_json(move)}

    def judge_move_text(self, move: Move) -> str:
        """A move in words for ``sgstudio play``'s text output (heaps and rows from 1, vertices and
        columns as in the file, as :meth:`move_json` writes them): by default the JSON fields in order.

        >>> class Toy(GameBase):
        ...     def move_json(self, move):
        ...         return {"heap": move[0] + 1, "take": move[1]}
        >>> Toy().judge_move_text((0, 2))
        'heap 1, take 2'
        """
        return ", ".join(f"{key} {value}" for key, value in self.move_json(move).items())


def as_json(value: Any) -> Any:
    """Tuples (nested too) as JSON lists.

    >>> as_json(((1, 2), 3))
    [[1, 2], 3]
    """
    return [as_json(v) for v in value] if isinstance(value, tuple | list) else value


def more_items(position: Sequence[Any], what: str) -> str:
    """`` … (20 heaps)`` when a position has more than :data:`MAX_ITEMS` parts, else nothing.

    >>> more_items(range(3), "rows"), more_items(range(13), "rows")
    ('', ' … (13 rows)')
    """
    return f" … ({len(position)} {what})" if len(position) > MAX_ITEMS else ""
