"""Who plays, in the Play panel's words (the moves and positions are written by each game's own
``move_text`` and ``position_text``: see :class:`sgstudio.core.games.base.GameBase`)."""

from __future__ import annotations


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
