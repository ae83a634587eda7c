"""What the computer's policy decides: a move, the reason in words, the opponent's winning replies.

Shared by the policy of every game (:mod:`sgstudio.core.play.policy`) and that of games which may
draw (:mod:`sgstudio.core.play.draws`).

>>> Decision((0, 1), "winning", 0).replies, MAX_CANDIDATES
(0, 64)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Move = Any

MAX_CANDIDATES = 64
"""At most this many moves are examined from a losing position (see :mod:`sgstudio.core.play.policy`)."""


@dataclass(frozen=True)
class Decision:
    """A move chosen by the policy, the reason in words, and the opponent's winning replies after it."""

    move: Move
    reason: str
    replies: int
