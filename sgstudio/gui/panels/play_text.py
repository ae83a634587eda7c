"""The Play panel's state lines and who plays, in words (the moves and positions are written by each
game's own ``move_text`` and ``position_text``: see :class:`sgstudio.core.contract.GameBase`)."""

from __future__ import annotations

from collections.abc import Callable

from sgstudio.core.outcome import Outcome
from sgstudio.core.play.session import Mode, PlaySession

STATES = {Outcome.WIN: "wins with best play", Outcome.LOSE: "loses against best play",
          Outcome.DRAW: "neither side can force a win (a draw with best play)"}
"""What the state line says of the player to move, by the position's outcome."""
DRAW_CAP = 100
"""A drawn game (loopy graphs) stops after this many moves if no position repeated before."""


def draw_end(s: PlaySession) -> str:
    """Why a drawn play stops here (the computer then makes no more moves): the position repeats
    one before it and neither side can win, or :data:`DRAW_CAP` moves were played in a draw; else "".

    >>> from sgstudio.games.graph.loopy.game import LoopyGame
    >>> s = PlaySession(LoopyGame.from_edges(2, [(0, 1), (1, 0)]), (0,), mode=Mode.COMPUTER_VS_COMPUTER)
    >>> draw_end(s); _ = s.step_forward(); draw_end(s); _ = s.step_forward(); draw_end(s)
    ''
    ''
    'Draw: the position after move 2 repeats the start, and neither side can win'
    """
    if not getattr(s.game, "may_draw", False) or s.is_over or s.outcome is not Outcome.DRAW:
        return ""
    repeated = s.repetition
    if repeated is not None and repeated.is_draw:
        return "Draw: " + repeated.message.removesuffix(": a draw")
    if s.index >= DRAW_CAP:
        return f"Draw: {s.index} moves played (the cap) and neither side can force a win"
    return ""


def turn_text(s: PlaySession, label: Callable[[int], str], who: Callable[[int], str]) -> str:
    """Whose turn it is and who wins with best play (or who won), with the position in words.

    >>> from sgstudio.games.nim.game import NimGame
    >>> s = PlaySession(NimGame(), (1, 2), mode=Mode.TWO_HUMANS)
    >>> turn_text(s, str, lambda p: f"Player {p}")
    'Player 1 to move, nim-sum 3: wins with best play. Position: heaps 1 2.'
    """
    where = s.game.position_text(s.position, label)
    misere = getattr(s.game, "misere", False)
    if s.is_over:
        how = "the opponent made the last move: misère" if misere else "made the last move"
        return f"Game over: {who(s.winner)} wins ({how}). Position: {where}."
    ended = draw_end(s)
    if ended:
        return f"Game over — {ended}; the computer stops here. Position: {where}."
    state = STATES[s.outcome]
    value = f"nim-sum {s.value}" if isinstance(s.value, int) else f"value {s.value}"
    if misere:  # the nim-sum does not decide misère play
        value = "misère play (the last move loses)"
    return f"{who(s.player_to_move)} to move, {value}: {state}. Position: {where}."


def last_text(s: PlaySession, label: Callable[[int], str]) -> str:
    """The move that led to the position shown, who made it, and why."""
    if s.index == 0:
        return "The start position: no move yet."
    r = s.history[s.index - 1]
    move = s.game.move_text(r.move, r.before, label)
    why = r.reason if r.by_person else f"because {r.reason}"
    who = player_name(r.player, not r.by_person, s.mode is Mode.HUMAN_VS_COMPUTER)  # who made it
    if getattr(s.game, "misere", False):  # the nim-sum does not decide misère play
        return f"Move {s.index}: {who} played {move}, {why}."
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
