"""Components of a sum written as text: ``RULE:HEAP`` and ``board:ROW`` (``sgstudio sum`` and the
Sum tab's "Add from text").

``RULE:HEAP`` is a heap of HEAP tokens under any rule the take-and-break parser reads (the rules of
``sgstudio values``: ``0.07``, ``grundy``, ``snim:1,3,4``, ``split:3``, ...): RULE is everything
before the last colon. ``board:ROW`` is one row of a board, ``.`` an empty cell and ``x`` a chess,
the row's width being its length (1 to 24). Errors are one line saying what was expected.

>>> parse_component("snim:1,3,4:10").text(), parse_component("board:.x.x").text()
('Take & break snim:1,3,4: heaps 10', 'Board width 4: rows [2 4]')
>>> parse_component("0.07")
Traceback (most recent call last):
...
sgstudio.core.errors.SGStudioError: no heap: expected RULE:HEAP, such as 0.07:15
"""

from __future__ import annotations

from sgstudio.core.errors import SGStudioError
from sgstudio.core.sums import Component

MAX_BOARD = 24
FORMS = "RULE:HEAP (such as 0.07:15, grundy:20, snim:1,3,4:10, split:3:24) or board:ROW (such as board:..x.x)"


def parse_component(text: str) -> Component:
    """The component ``text`` writes (module docstring); SGStudioError saying what was expected."""
    kind, _, rest = text.strip().partition(":")
    if kind == "board" and rest:
        return board_row(rest)
    rule_text, colon, heap_text = text.strip().rpartition(":")
    if not colon or not rule_text:
        raise SGStudioError("no heap: expected RULE:HEAP, such as 0.07:15")
    from sgstudio.core.games.takebreak import TakeBreakGame
    from sgstudio.core.games.takebreak_rules import parse_rule

    rule = parse_rule(rule_text)
    digits = heap_text.strip().replace("_", "")
    if not (digits.isascii() and digits.isdigit()):
        raise SGStudioError(f"HEAP must be an integer >= 0, not {heap_text!r}")
    return Component(TakeBreakGame(rule), (int(digits),))


def board_row(row: str) -> Component:
    """One board row of ``.`` and ``x``, as wide as it is long.

    >>> board_row("x..").position, board_row("x..").game.width
    (((1,),), 3)
    """
    from sgstudio.core.games.board import BoardGame

    if not 1 <= len(row) <= MAX_BOARD or set(row) - {".", "x"}:
        raise SGStudioError(f"expected board:ROW, ROW being 1 to {MAX_BOARD} characters . (empty) "
                            f"and x (a chess), not {row!r}")
    return Component(BoardGame(len(row)), (tuple(i + 1 for i, c in enumerate(row) if c == "x"),))
