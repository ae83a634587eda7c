"""Components of a sum written as text: ``RULE:HEAP``, ``nim:HEAPS``, ``board:ROW``,
``dag:FILE:CASE:V1,V2,...`` and ``loopy:FILE:CASE:V1,V2,...`` (``sgstudio sum`` and the Sum tab's
"Add > From text").

``RULE:HEAP`` is a heap of HEAP tokens under any rule the take-and-break parser reads (the rules of
``sgstudio values``: ``0.07``, ``grundy``, ``snim:1,3,4``, ``split:3``, ...): RULE is everything
before the last colon. ``nim:HEAPS`` is a position of Nim, one heap or several separated by commas
(``nim:3``, ``nim:3,4,5``). ``board:ROW`` is one row of a board, ``.`` an empty cell and ``x`` a
chess, the row's width being its length (1 to 24). ``dag:FILE:CASE:V1,V2,...`` is tokens on the
vertices V1, V2, ... of test case CASE (from 1) of an HDU 1524 file, ``loopy:`` the same on a graph
that may have cycles (:func:`tokens`: FILE relative to a folder given, ``-`` standard input
otherwise). Errors are one line saying what was expected (a bad file: ``FILE:LINE:COL: message``).

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
TOKEN_FORMS = "dag:FILE:CASE:V1,V2,... or loopy:FILE:CASE:V1,V2,... (tokens on an HDU 1524 file's graph)"
BOARD_FORM = (f"board:ROW, ROW being 1 to {MAX_BOARD} characters . (empty) and x (a chess), "
              "such as board:..x.x")
NIM_FORM = "nim:HEAPS, one heap or several separated by commas, such as nim:3 or nim:3,4,5"


def parse_component(text: str, games: dict | None = None, folder: str | None = None) -> Component:
    """The component ``text`` writes (module docstring); SGStudioError saying what was expected.

    ``games``: a cache of the games already made, by rule (a run reading many components passes
    one dict, so that components of one rule share one game and its table of values), and of the
    files read. ``folder``: where a ``dag:``/``loopy:`` FILE is looked for (see :func:`tokens`).
    """
    kind, _, rest = text.strip().partition(":")
    if kind in ("dag", "loopy"):
        return tokens(kind, text.strip()[len(kind) + 1:], {} if games is None else games, folder)
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


def tokens(kind: str, rest: str, games: dict, folder: str | None = None) -> Component:
    """Tokens on a test case of an HDU 1524 file (``rest`` is ``FILE:CASE:V1,V2,...``): a DAG game,
    or (``kind`` ``loopy``) a loopy token game. ``games`` keeps, for the run, each file read and each
    case's game: a file named by several components is read and parsed once, and their games are
    one (issue 29, item 6). With a ``folder`` (the Sum tab: the document's), a relative FILE is
    looked for there and ``-`` is a file like any other; without, ``-`` is standard input.

    >>> tokens("dag", "x.txt", {})
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.SGStudioError: expected dag:FILE:CASE:V1,V2,... (the test case from 1, then the ...)
    """
    import importlib
    import os

    from sgstudio.console import pick, read_input
    from sgstudio.core import registry
    from sgstudio.formats import MODULES

    parts = rest.rsplit(":", 2)
    if len(parts) != 3 or not parts[0]:
        raise SGStudioError(f"expected {kind}:FILE:CASE:V1,V2,... (the test case from 1, then the "
                            "tokens' vertices)")
    file, case_text, tokens_text = parts
    if folder is not None:
        file = os.path.join(folder, os.path.expanduser(file))
    if not (case_text.isascii() and case_text.isdigit()):
        raise SGStudioError(f"the test case must be a number from 1, not {case_text!r}")
    loopy = kind == "loopy"
    key = (kind, file, int(case_text))
    if key not in games:
        if (kind, file) not in games:
            text, name = read_input(file)
            reader = importlib.import_module(MODULES["hdu1524"])  # by name: games import no other game
            games[(kind, file)] = (reader.parse(text, name, loopy), name)
        cases, name = games[(kind, file)]
        case = pick(cases, int(case_text), "test case", "test case", name)
        games[key] = registry.get(kind).game.from_judge_case(case)[0]
    game = games[key]
    n = len(game.successors)
    chosen = []
    for token in tokens_text.split(","):
        if not (token.isascii() and token.isdigit()) or int(token) >= n:
            raise SGStudioError(f"the tokens must be vertices 0..{n - 1} of test case {case_text}, "
                                f"separated by commas, not {tokens_text!r}")
        chosen.append(int(token))
    return Component(game, tuple(sorted(chosen)))
