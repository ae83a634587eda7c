"""Typed errors raised by the core and the format readers.

The GUI and the CLI catch :class:`SGStudioError` and tell the user in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence


class SGStudioError(Exception):
    """Base class of every error sgstudio raises on purpose."""


class CycleError(SGStudioError, ValueError):
    """An edit or an input would make a graph that must be acyclic cyclic.

    Parameters
    ----------
    cycle : sequence of int
        The vertices of the cycle in order; the last one has an edge back to the first.
    message : str, optional
        A sentence for the user; by default one that names the cycle.

    Examples
    --------
    >>> err = CycleError([0, 1, 2])
    >>> err.cycle
    [0, 1, 2]
    >>> str(err)
    'the edge would close the cycle 0 -> 1 -> 2 -> 0'
    """

    def __init__(self, cycle: Sequence[int], message: str | None = None) -> None:
        self.cycle = list(cycle)
        if message is None:
            message = f"the edge would close the cycle {format_cycle(self.cycle)}"
        super().__init__(message)


def format_cycle(cycle: Sequence[object]) -> str:
    """Write a cycle as ``a -> b -> ... -> a``.

    >>> format_cycle([3, 3])
    '3 -> 3 -> 3'
    >>> format_cycle([])
    ''
    """
    if not cycle:
        return ""
    return " -> ".join(str(v) for v in [*cycle, cycle[0]])


class ParseError(SGStudioError, ValueError):
    """Malformed input: where it is and what was expected there.

    Parameters
    ----------
    message : str
        What is wrong, in plain words (e.g. ``"expected an integer, found 'x'"``).
    file : str
        The file name as the user gave it (``"<stdin>"`` for standard input).
    line, column : int or None
        1-based position of the offending token, when known.
    expected : str or None
        What the reader expected there (e.g. ``"a vertex number in 0..3"``).

    Examples
    --------
    >>> e = ParseError("expected an integer, found 'x'", file="a.txt", line=3, column=7)
    >>> str(e)
    "a.txt:3:7: expected an integer, found 'x'"
    >>> (e.file, e.line, e.column)
    ('a.txt', 3, 7)
    """

    def __init__(
        self,
        message: str,
        *,
        file: str = "<string>",
        line: int | None = None,
        column: int | None = None,
        expected: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.expected = expected
        super().__init__(self.location() + ": " + message)

    def location(self) -> str:
        """``file:line:column`` with the parts that are known."""
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)
