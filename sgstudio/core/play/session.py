"""The one small protocol every game offers, so play, hints and sums treat them alike.

A *position* is an immutable value (a tuple): token vertices for a DAG, heap sizes for S-Nim and
split-nim, rows (tuples of columns) for the board. A *move* is a small tuple whose shape is the
game's own: ``(from, to)`` on a DAG, ``(heap_index, take)`` in S-Nim, ``(heap_index, after)`` in
split-nim, ``(row_index, from_col, to_col)`` on the board.

Theory: every game here is a sum of independent components, so the value of a position is the XOR
of the components' Grundy values (Sprague-Grundy theorem); the player to move wins exactly when it
is non-zero, and the winning moves are those that make it zero. On a loopy graph play may never
end: a position's outcome (:class:`~sgstudio.core.outcome.Outcome`) may be DRAW, and its value an
∞(K) (:mod:`sgstudio.games.graph.loopy.values`).

Hooks a game may add (every game of the registry has them, from
:class:`sgstudio.core.contract.GameBase`; the policy and the session use them when present):

- ``outcome(position) -> Outcome``: WIN, LOSE or DRAW (without it: WIN iff the value is not 0);
- ``remaining_length(position) -> int | None``: how long the game can still last, when cheap to
  know (the longest remaining path for tokens on a DAG, the stones left for heaps); the computer
  uses it to keep a lost game long;
- ``candidate_moves(position, limit) -> Sequence[Move]``: a bounded, deterministic choice of legal
  moves for games whose positions have too many moves to enumerate (huge heaps);
- ``has_move(position) -> bool``, for games whose ``legal_moves`` refuses huge positions.

On top of the protocol, :class:`PlaySession` steps through a game: a person against the computer,
the computer against itself, or two people with hints; its move list can be walked back and forth.
The computer's policy is :func:`sgstudio.core.play.policy.choose_move` (see that module).

Examples
--------
One heap of 5 stones, a move takes 1 or 2 (value = heap mod 3); the computer plays both sides.

>>> class Heap:
...     def legal_moves(self, p):
...         return [(0, t) for t in (1, 2) if t <= p[0]]
...     def apply(self, p, m):
...         if m not in self.legal_moves(p):
...             raise ValueError(f"cannot take {m[1]} from a heap of {p[0]}")
...         return (p[0] - m[1],)
...     def value(self, p):
...         return p[0] % 3
...     def winning_moves(self, p):
...         return [m for m in self.legal_moves(p) if self.value(self.apply(p, m)) == 0]
>>> s = PlaySession(Heap(), (5,), mode=Mode.COMPUTER_VS_COMPUTER)
>>> print(outcome(s.game, s.position), s.predicted_winner)
WIN 1
>>> records = s.run_to_end()
>>> [(r.player, r.move, r.value_after) for r in records]
[(1, (0, 2), 0), (2, (0, 1), 2), (1, (0, 2), 0)]
>>> s.is_over, s.winner
(True, 1)
>>> s.step_back(), s.position
(True, (2,))
>>> s.jump(0)
>>> s.position, s.player_to_move
((5,), 1)
>>> s.set_mode(Mode.TWO_HUMANS)
>>> s.play((0, 3))
Traceback (most recent call last):
...
sgstudio.core.play.session.IllegalMoveError: cannot take 3 from a heap of 5
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol, runtime_checkable

from sgstudio.core.errors import SGStudioError
from sgstudio.core.events import Signal
from sgstudio.core.outcome import Outcome
from sgstudio.core.play.policy import Decision, choose_move, has_move, outcome

Position = Hashable
Move = tuple


@runtime_checkable
class Game(Protocol):
    """What every game offers: legal moves, their effect, the value, the winning moves."""

    def legal_moves(self, position: Position) -> Sequence[Move]:
        """Every legal move from ``position`` (in a deterministic order)."""
        ...

    def apply(self, position: Position, move: Move) -> Position:
        """The position after ``move``; raise ValueError with a one-line reason if it is illegal."""
        ...

    def value(self, position: Position) -> object:
        """The value of the position: its nim-sum (0 exactly when the player to move loses), or γ on a
        loopy graph (an int, or ∞(K))."""
        ...

    def winning_moves(self, position: Position) -> Sequence[Move]:
        """Every move after which the value is 0 (none when the value is 0)."""
        ...


__all__ = ["BY_HAND", "Game", "IllegalMoveError", "Mode", "MoveRecord", "Outcome", "PlaySession", "outcome"]


class IllegalMoveError(SGStudioError, ValueError):
    """A move refused by the game or by the session; the message is a one-line reason."""


class Mode(StrEnum):
    """Who plays: a person against the computer, the computer against itself, or two people."""

    HUMAN_VS_COMPUTER = "human-computer"
    COMPUTER_VS_COMPUTER = "computer-computer"
    TWO_HUMANS = "two-humans"


BY_HAND = "by hand"
"""The reason recorded for a person's move."""


@dataclass(frozen=True)
class MoveRecord:
    """One entry of the move list: who moved, the move, the positions and nim-sums around it, and why.

    ``reason`` is :data:`BY_HAND` for a person's move, else the computer's reason.
    """

    player: int
    move: Move
    before: Position
    after: Position
    value_before: object
    value_after: object
    reason: str

    @property
    def by_person(self) -> bool:
        """Whether a person made this move (the computer's moves carry its reason)."""
        return self.reason == BY_HAND


def other(player: int) -> int:
    """The opponent of player 1 or 2.

    >>> other(1), other(2)
    (2, 1)
    """
    return 3 - player


class PlaySession:
    """Step through a game from a start position; a Qt-free model that the Play panel follows.

    The move list (:attr:`history`) keeps every move made; :attr:`index` is how many of them are
    currently on the board, so stepping back and forward walks along the list and restores the
    recorded positions exactly. A new move made while stepped back replaces the moves after it
    (unless it is the recorded next move, which is simply stepped over). The player who makes the
    last move wins (normal play). :attr:`changed` is emitted, without arguments, after every change.

    The computer stays honest: once it plays a side, a recorded move of a person is never replayed
    as its move (:meth:`step_forward` lets it choose instead), and on a change of mode the moves
    after the current one are dropped unless every one of them is what the computer would play
    now (:meth:`set_mode`).

    Parameters
    ----------
    game : Game
        Any game of the play protocol.
    start : Position
        The start position.
    first_player : int
        Who moves first, 1 or 2.
    mode : Mode
        Who plays.
    human_player : int
        Which player the person is in :attr:`Mode.HUMAN_VS_COMPUTER`.
    """

    def __init__(self, game: Game, start: Position, *, first_player: int = 1,
                 mode: Mode = Mode.HUMAN_VS_COMPUTER, human_player: int = 1) -> None:
        _check_player(first_player)
        _check_player(human_player)
        self.game = game
        self.start = start
        self.first_player = first_player
        self.mode = Mode(mode)
        self.human_player = human_player
        self.changed = Signal()
        self._history: list[MoveRecord] = []
        self._index = 0
        self._over: dict[Position, bool] = {}

    # -- state -------------------------------------------------------------------------------------
    @property
    def history(self) -> tuple[MoveRecord, ...]:
        """Every recorded move, including those after :attr:`index` (stepped back over)."""
        return tuple(self._history)

    @property
    def index(self) -> int:
        """How many moves of :attr:`history` are on the board (0 = the start position)."""
        return self._index

    @property
    def position(self) -> Position:
        """The current position."""
        return self._history[self._index - 1].after if self._index else self.start

    @property
    def player_to_move(self) -> int:
        """The player (1 or 2) whose turn it is."""
        return self.first_player if self._index % 2 == 0 else other(self.first_player)

    @property
    def value(self) -> object:
        """The value of the current position: its nim-sum (γ on a loopy graph)."""
        return self.game.value(self.position)

    @property
    def outcome(self) -> Outcome:
        """WIN, LOSE or DRAW for the player to move in the current position."""
        return outcome(self.game, self.position)

    @property
    def is_over(self) -> bool:
        """Whether no move is left."""
        pos = self.position
        if pos not in self._over:
            self._over[pos] = not has_move(self.game, pos)
        return self._over[pos]

    @property
    def winner(self) -> int | None:
        """When the game is over, the player who made the last move (normal play; under misère, the
        game's ``misere``, the other one: the player left without a move), else ``None``."""
        if not self.is_over:
            return None
        return self.player_to_move if getattr(self.game, "misere", False) else other(self.player_to_move)

    @property
    def predicted_winner(self) -> int | None:
        """Who wins from the start with best play: the first player iff the start is a WIN (its nim-sum
        is not 0); None when it is a draw (nobody can force a win)."""
        start = outcome(self.game, self.start)
        if start is Outcome.DRAW:
            return None
        return self.first_player if start is Outcome.WIN else other(self.first_player)

    @property
    def repetition(self) -> object | None:
        """In a game with draws, whether the current position occurred before on the line played to
        it (a :class:`~sgstudio.core.play.draws.Repetition`, a draw when nobody can win), else None."""
        if not getattr(self.game, "may_draw", False):
            return None
        from sgstudio.core.play.draws import repetition

        line = [self.start, *(r.after for r in self._history[:self._index])]
        return repetition(self.game, line)

    def is_computer(self, player: int) -> bool:
        """Whether the computer plays ``player`` in the current mode."""
        if self.mode is Mode.COMPUTER_VS_COMPUTER:
            return True
        return self.mode is Mode.HUMAN_VS_COMPUTER and player != self.human_player

    @property
    def computer_to_move(self) -> bool:
        """Whether the game goes on and it is the computer's turn."""
        return not self.is_over and self.is_computer(self.player_to_move)

    # -- moves -------------------------------------------------------------------------------------
    def hint(self) -> Decision | None:
        """The computer's choice for the player to move (``None`` when the game is over)."""
        return choose_move(self.game, self.position)

    def play(self, move: Move) -> MoveRecord:
        """Make a person's move; raise :class:`IllegalMoveError` with a one-line reason when it is refused."""
        if self.is_over:
            raise IllegalMoveError(f"the game is over: player {self.winner} won")
        if self.is_computer(self.player_to_move):
            raise IllegalMoveError(f"it is the computer's turn (player {self.player_to_move})")
        try:
            after = self.game.apply(self.position, move)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
        except (TypeError, IndexError, KeyError):
            raise IllegalMoveError(f"not a move of this game: {move!r}") from None
        return self._record(move, after, BY_HAND)

    def computer_move(self) -> MoveRecord:
        """Make the policy's move for the player to move (in any mode); IllegalMoveError when it is over."""
        decision = self.hint()
        if decision is None:
            raise IllegalMoveError(f"the game is over: player {self.winner} won")
        return self._record(decision.move, self.game.apply(self.position, decision.move), decision.reason)

    def step_forward(self) -> MoveRecord | None:
        """Redo the next recorded move, else let the computer move when it is its turn; else ``None``.

        On the computer's turn a recorded move of a person is not redone: the computer chooses (a
        different choice replaces the recorded moves from there).
        """
        if self._index < len(self._history) and not (
                self.computer_to_move and self._history[self._index].by_person):
            self._index += 1
            self.changed.emit()
            return self._history[self._index - 1]
        return self.computer_move() if self.computer_to_move else None

    def step_back(self) -> bool:
        """Take back one move (kept in the list for stepping forward); ``False`` at the start."""
        if self._index == 0:
            return False
        self._index -= 1
        self.changed.emit()
        return True

    def jump(self, index: int) -> None:
        """Show the position after the first ``index`` moves of the list (0 = the start)."""
        if not 0 <= index <= len(self._history):
            raise IndexError(f"move {index} is not in the list (0..{len(self._history)})")
        self._index = index
        self.changed.emit()

    def restart(self) -> None:
        """Back to the start position, keeping the recorded moves (as :meth:`jump` to 0).

        :meth:`step_forward` and :meth:`jump` replay them; a different move then replaces them all.
        """
        self.jump(0)

    def set_mode(self, mode: Mode, human_player: int | None = None) -> None:
        """Change who plays; the moves after the current one are kept only if they are the computer's line.

        After a real change (of the mode or of the person's side) every recorded move after
        :attr:`index` must be what the computer would play from its position now, else all of them
        are dropped; the kept ones on a side the computer now plays become the computer's moves,
        with its reason. The same mode set again keeps the list, except that a person's move ahead
        on a side the computer plays is claimed by the computer when it is its choice, and dropped
        with the moves after it when it is not. The moves up to :attr:`index` stay as they were
        played.
        """
        if human_player is not None:
            _check_player(human_player)
        old = (self.mode, self.human_player)
        self.mode = Mode(mode)
        self.human_player = self.human_player if human_player is None else human_player
        if (self.mode, self.human_player) != old:
            self._keep_only_the_computers_line()
        else:  # the same mode again: still, no person's move may stay ahead on the computer's side
            self._claim_the_computers_sides()
        self.changed.emit()

    def _claim_the_computers_sides(self) -> None:
        """A person's move ahead on a side the computer plays becomes the computer's when it is its
        choice; otherwise that move and the ones after it are dropped."""
        for i in range(self._index, len(self._history)):
            record = self._history[i]
            if not (self.is_computer(record.player) and record.by_person):
                continue
            decision = choose_move(self.game, record.before)
            if decision is None or decision.move != record.move:
                del self._history[i:]
                return
            self._history[i] = replace(record, reason=decision.reason)

    def _keep_only_the_computers_line(self) -> None:
        future: list[MoveRecord] = []
        for record in self._history[self._index:]:
            decision = choose_move(self.game, record.before)
            if decision is None or decision.move != record.move:
                del self._history[self._index:]
                return
            if self.is_computer(record.player) and record.by_person:
                record = replace(record, reason=decision.reason)
            future.append(record)
        self._history[self._index:] = future

    def run_to_end(self, max_moves: int | None = None) -> list[MoveRecord]:
        """Let the computer play both sides from here until no move remains (or ``max_moves``)."""
        made: list[MoveRecord] = []
        while not self.is_over and (max_moves is None or len(made) < max_moves):
            made.append(self.computer_move())
        return made

    def _record(self, move: Move, after: Position, reason: str) -> MoveRecord:
        """Append a move at :attr:`index`, replacing the moves after it unless it is the recorded one.

        The recorded move made by the other kind of player (a person, the computer) is recorded
        anew, with this move's reason; the moves after it stay (they follow the same position).
        """
        before = self.position
        recorded = self._history[self._index] if self._index < len(self._history) else None
        if recorded is not None and recorded.move == move:
            record = recorded
            if recorded.by_person != (reason == BY_HAND):
                record = replace(recorded, reason=reason)
                self._history[self._index] = record
        else:
            record = MoveRecord(self.player_to_move, move, before, after,
                                self.game.value(before), self.game.value(after), reason)
            del self._history[self._index:]
            self._history.append(record)
        self._index += 1
        self.changed.emit()
        return record


def _check_player(player: int) -> None:
    if player not in (1, 2):
        raise ValueError(f"a player is 1 or 2, not {player!r}")
