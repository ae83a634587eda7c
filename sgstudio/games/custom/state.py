"""The "Your game" tab's saved state: the user's code, the position typed, the table's size, the limit.

A document keeps ``{"code": str, "position": str, "table": [A, B], "max_positions": int, "name": str}``
under ``tabs["custom"]``; every key but ``code`` may be missing (an older or a hand-written
document). The code is data: reading a state never runs it (the tab asks before it does, and the
command line wants ``--trust``). :meth:`CustomState.from_state` checks it strictly, naming where a
part is wrong.

>>> state, view = CustomState.from_state({"code": "def options(n):\\n    return range(n)\\n",
...                                       "position": "7"})
>>> state.position, state.table, state.has_code
('7', (30, 30), True)
>>> CustomState.from_state({"code": 3})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: the Your game state: code must be a string, not 3
>>> CustomState.from_state({"code": "", "table": [0, 5]})[0]
Traceback (most recent call last):
...
sgstudio.core.state.StateError: the Your game state: table must be two sizes from 1 to 400, ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sgstudio.core.state import StateError, check_keys, is_int, mapping
from sgstudio.games.custom.explore import DEFAULT_MAX_POSITIONS

WHAT = "the Your game state"
MAX_TABLE = 400
"""The largest side of the values table / heat map."""
DEFAULT_TABLE = (30, 30)
"""The default size: g(0..29) for a game on integers, 30 x 30 pairs for a game on pairs."""
MAX_LIMIT = 10**8
"""The largest position limit a document may hold."""


@dataclass(frozen=True)
class CustomState:
    """What the tab keeps: the code, the position as typed, the table's size, the limit, the name."""

    code: str = ""
    position: str = ""
    table: tuple[int, int] = DEFAULT_TABLE
    max_positions: int = DEFAULT_MAX_POSITIONS
    name: str = field(default="game")

    @property
    def has_code(self) -> bool:
        """Whether there is code (anything but blanks)."""
        return bool(self.code.strip())

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON data (:meth:`from_state` reads it back)."""
        return {"code": self.code, "position": self.position, "table": list(self.table),
                "max_positions": self.max_positions, "name": self.name}

    @classmethod
    def empty_state(cls) -> dict[str, Any]:
        """No code at all (File > New)."""
        return cls().to_dict()

    @classmethod
    def from_state(cls, state: Any) -> tuple[CustomState, dict[str, Any]]:
        """The state of a document, checked strictly (StateError naming the key); no view settings."""
        data = mapping(state, WHAT, "code")
        check_keys(data, ("code",), ("position", "table", "max_positions", "name"), WHAT, "code")
        for key in ("code", "position", "name"):
            if key in data and not isinstance(data[key], str):
                raise StateError(f"{WHAT}: {key} must be a string, not {data[key]!r}", (key,))
        table = data.get("table", list(DEFAULT_TABLE))
        if not (isinstance(table, list) and len(table) == 2
                and all(is_int(x) and 1 <= x <= MAX_TABLE for x in table)):
            raise StateError(f"{WHAT}: table must be two sizes from 1 to {MAX_TABLE}, not {table!r}",
                             ("table",))
        limit = data.get("max_positions", DEFAULT_MAX_POSITIONS)
        if not (is_int(limit) and 1 <= limit <= MAX_LIMIT):
            raise StateError(f"{WHAT}: max_positions must be an integer from 1 to {MAX_LIMIT:,}, "
                             f"not {limit!r}",
                             ("max_positions",))
        return cls(data["code"], data.get("position", ""), (table[0], table[1]), limit,
                   data.get("name", "game") or "game"), {}
