"""Components of a sum written as text: ``RULE:HEAP``, ``nim:HEAPS`` and ``board:ROW`` (``sgstudio sum``
and the Sum tab's "Add from text").

``RULE:HEAP`` is a heap of HEAP tokens under any rule the take-and-break parser reads (the rules of
``sgstudio values``: ``0.07``, ``grundy``, ``snim:1,3,4``, ``split:3``, ...): RULE is everything
before the last colon. ``nim:HEAPS`` is a position of Nim, one heap or several separated by commas
(``nim:3``, ``nim:3,4,5``). ``board:ROW`` is one row of a board, ``.`` an empty cell and ``x`` a
chess, the row's width being its length (1 to 24). Errors are one line saying what was expected.

>>> parse_component("snim:1,3,4:10").text(), parse_component("board:.x.x").text()
('Take & break snim:1,3,4: heaps 10', 'Board width 4: rows [2 4]')
>>> parse_component("nim:3,4,5").text()
'Nim: heaps 3 4 5'
>>> parse_component("0.07")
Traceback (most recent call last):
...
sgstudio.core.errors.SGStudioError: no heap: expected RULE:HEAP, such as 0.07:10 (0.07 is a rule without ...)
>>> parse_component("snim:1,3,4")
Traceback (most recent call last):
...
sgstudio.core.errors.SGStudioError: no heap: expected RULE:HEAP, such as snim:1,3,4:10 (snim:1,3,4 is ...)
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.errors import SGStudioError
from sgstudio.games.sum.game import Component

Rule = Any  # a take-and-break rule (the registry's takebreak game reads it)

MAX_BOARD = 24
FORMS = ("RULE:HEAP (such as 0.07:15, grundy:20, snim:1,3,4:10, split:3:24), nim:HEAPS (such as nim:3,4,5) "
         "or board:ROW (such as board:..x.x)")
BOARD_FORM = (f"board:ROW, ROW being 1 to {MAX_BOARD} characters . (empty) and x (a chess), "
              "such as board:..x.x")
NIM_FORM = "nim:HEAPS, one heap or several separated by commas, such as nim:3 or nim:3,4,5"


def parse_component(text: str, games: dict | None = None) -> Component:
    """The component ``text`` writes (module docstring); SGStudioError saying what was expected.

    ``games``: a cache of the games already made, by rule (a run reading many components passes
    one dict, so that components of one rule share one game and its table of values).
    """
    kind, _, rest = text.strip().partition(":")
    if kind == "board":
        return board_row(rest)
    if kind == "nim":
        return nim_heaps(rest)
    whole = text.strip()
    rule_text, colon, heap_text = whole.rpartition(":")
    rule, error = _rule(rule_text) if colon and rule_text else (None, None)
    if rule is None:  # RULE:HEAP does not read: is the whole text a rule, its heap left out?
        if _rule(whole)[0] is not None:
            raise SGStudioError(f"no heap: expected RULE:HEAP, such as {whole}:10 ({whole} is a rule "
                                "without a heap)")
        raise error or SGStudioError(f"expected {FORMS}, not {whole!r}")
    digits = heap_text.strip().replace("_", "")
    if not (digits.isascii() and digits.isdigit()):
        raise SGStudioError(f"HEAP must be an integer >= 0, not {heap_text!r}")
    return Component(_game(rule, games), (int(digits),))


def _rule(text: str) -> tuple[Rule | None, SGStudioError | None]:
    """``(rule, None)`` for the take-and-break rule ``text`` writes, else ``(None, why not)``."""
    from sgstudio.core import registry

    try:
        return registry.get("takebreak").game.read_rule(text), None
    except SGStudioError as err:
        return None, err


def _game(rule: Rule, games: dict | None) -> Any:
    """The game of ``rule``: from ``games`` when it is there (else made and kept there)."""
    from sgstudio.core import registry

    TakeBreakGame = registry.get("takebreak").game  # noqa: N806 - a class
    if games is None:
        return TakeBreakGame(rule)
    if rule.text not in games:
        games[rule.text] = TakeBreakGame(rule)
    return games[rule.text]


def nim_heaps(heaps: str) -> Component:
    """A Nim position: heaps separated by commas.

    >>> nim_heaps("3,4").position, nim_heaps("7").text()
    ((3, 4), 'Nim: heaps 7')
    """
    from sgstudio.core import registry

    parts = [part.strip().replace("_", "") for part in heaps.split(",")]
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise SGStudioError(f"expected {NIM_FORM}, not {heaps!r}")
    return Component(registry.get("nim").game(), tuple(int(part) for part in parts))


def board_row(row: str) -> Component:
    """One board row of ``.`` and ``x``, as wide as it is long.

    >>> board_row("x..").position, board_row("x..").game.width
    (((1,),), 3)
    """
    from sgstudio.core import registry

    if not 1 <= len(row) <= MAX_BOARD or set(row) - {".", "x"}:
        raise SGStudioError(f"expected {BOARD_FORM}, not {row!r}")
    chips = tuple(i + 1 for i, c in enumerate(row) if c == "x")
    return Component(registry.get("board").game(len(row)), (chips,))
