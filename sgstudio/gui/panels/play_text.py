"""The Play panel's state lines and who plays, in words (the moves and positions are written by each
game's own ``move_text`` and ``position_text``: see :class:`sgstudio.core.games.base.GameBase`)."""

from __future__ import annotations

from collections.abc import Callable

from sgstudio.core.outcome import Outcome
from sgstudio.core.play import Mode, PlaySession

STATES = {Outcome.WIN: "wins with best play", Outcome.LOSE: "loses against best play",
          Outcome.DRAW: "neither side can force a win (a draw with best play)"}
"""What the state line says of the player to move, by the position's outcome."""


def turn_text(s: PlaySession, label: Callable[[int], str], who: Callable[[int], str]) -> str:
    """Whose turn it is and who wins with best play (or who won), with the position in words.

    >>> from sgstudio.core.games.nim import NimGame
    >>> s = PlaySession(NimGame(), (1, 2), mode=Mode.TWO_HUMANS)
    >>> turn_text(s, str, lambda p: f"Player {p}")
    'Player 1 to move, nim-sum 3: wins with best play. Position: heaps 1 2.'
    """
    where = s.game.position_text(s.position, label)
    if s.is_over:
        return f"Game over: {who(s.winner)} wins (made the last move). Position: {where}."
    state = STATES[s.outcome]
    repeated = s.repetition
    if repeated is not None and repeated.is_draw:
        state += f" ({repeated.message})"
    value = f"nim-sum {s.value}" if isinstance(s.value, int) else f"value {s.value}"
    return f"{who(s.player_to_move)} to move, {value}: {state}. Position: {where}."


def last_text(s: PlaySession, label: Callable[[int], str]) -> str:
    """The move that led to the position shown, who made it, and why."""
    if s.index == 0:
        return "The start position: no move yet."
    r = s.history[s.index - 1]
    move = s.game.move_text(r.move, r.before, label)
    why = r.reason if r.by_person else f"because {r.reason}"
    who = player_name(r.player, not r.by_person, s.mode is Mode.HUMAN_VS_COMPUTER)  # who made it
    return f"Move {s.index}: {who} played {move}, nim-sum {r.value_before} → {r.value_after}, {why}."


def player_name(player: int, computer: bool, human_mode: bool) -> str:
    """Who a player is, in the state line.

    >>> player_name(1, False, True), player_name(2, True, True), player_name(2, False, False)
    ('Player 1 (you)', 'Player 2 (computer)', 'Player 2')
    """
    if computer:
        return f"Player {player} (computer)"
    return f"Player {player} (you)" if human_mode else f"Player {player}"


def short_name(player: int, computer: bool, human_mode: bool) -> str:
    """Who moved, in a row of the move list.

    >>> short_name(1, False, True), short_name(2, True, True), short_name(1, True, False)
    ('1: you', '2: computer', '1: computer')
    >>> short_name(2, False, False)
    '2: person'
    """
    if computer:
        return f"{player}: computer"
    return f"{player}: you" if human_mode else f"{player}: person"
