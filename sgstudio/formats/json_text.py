"""Strict JSON for the ``.sgs`` reader: located errors, no recursion blow-up, nothing unsaveable.

:func:`decode` is ``json.loads`` (the C decoder, fast) with these rules on top, each a ParseError
with the line and column of the offending spot:

- integers of any number of digits are read exactly (Python's int-string digit limit does not
  apply; the cost of a number grows with its digits, so memory and time stay bounded by the file);
- nesting the C decoder cannot follow (it raises RecursionError at about 1,000 levels) is refused
  at the first bracket deeper than :data:`MAX_DEPTH`; :func:`check_depth` applies the same limit
  to a part that will be written back as it is (a document must be writable by the same library);
- a key that appears twice in one object is refused (the decoder would keep the last one silently);
- ``NaN``, ``Infinity`` and ``-Infinity`` (not JSON) are refused, and so is a number too large for
  a float (``1e999``) in a part written back as it is (:func:`check_depth`);
- a string holding a lone surrogate (``"\\ud800"``) is refused: it cannot be written as UTF-8.

The fast path costs one extra hook per object; the slow scan that locates a problem runs only
when there is one.

>>> decode('{"a": [1, 2]}', "f.json")
{'a': [1, 2]}
>>> decode('{"a": 1, "a": 2}', "f.json")
Traceback (most recent call last):
...
sgstudio.core.errors.ParseError: f.json:1:10: key "a" appears twice in this object
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from sgstudio.core.errors import ParseError, clip
from sgstudio.formats.tokens import decimal, line_column

MAX_DEPTH = 100
"""Arrays and objects may nest this deep (a document of sgstudio needs about 8)."""

JsonPath = tuple[str | int, ...]

_SCAN = re.compile(r'\s*(?:("(?:[^"\\]|\\.)*")|([\[\]{}:,])|([^\s\[\]{}:,"]+))', re.DOTALL)
_LONE_SURROGATE = re.compile(
    r'(?<!\\)(?:\\\\)*(\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})'
    r'|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})'
)
_CONSTANTS = ("NaN", "Infinity", "-Infinity")
_FLOAT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?[eE][+-]?[0-9]+|-?[0-9]+\.[0-9]+")


class _SuspectError(Exception):
    """The fast decoder met something the slow scan must locate."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _SuspectError
    return out


def _constant(_name: str) -> float:
    raise _SuspectError


def _long_int(token: str) -> int:
    return int(token) if len(token) < 500 else decimal(token)


def decode(text: str, file: str) -> Any:
    """The JSON value of ``text`` under the rules above; ParseError naming file, line and column."""
    try:
        data = _loads(text)
    except json.JSONDecodeError as err:  # located again: json counts only \n as a line break
        line, column = line_column(text, err.pos)
        raise ParseError(f"invalid JSON: {err.msg}", file=file, line=line, column=column) from None
    except (_SuspectError, RecursionError):
        raise _scan_error(text, file) from None
    surrogate = _LONE_SURROGATE.search(text) if "\\u" in text else None
    if surrogate is not None:
        line, column = line_column(text, surrogate.start(1))
        raise ParseError(f"the string holds a lone surrogate {surrogate.group(1)}, which UTF-8 cannot "
                         "store", file=file, line=line, column=column, expected="a string of characters")
    return data


def _loads(text: str) -> Any:
    """``json.loads`` with the hooks; integers go through the C decoder unless one is very long."""
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError:
        raise
    except ValueError:  # an integer beyond Python's int-string digit limit
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant, parse_int=_long_int)


def check_depth(value: Any, text: str, file: str) -> None:
    """ParseError (located in ``text``) if arrays and objects nest deeper than MAX_DEPTH in ``value``,
    or if it holds a float that is not finite (json writes it as ``Infinity``, which is not JSON).

    >>> check_depth([[[]]], "[[[]]]", "f.json")
    >>> deep = "[" * 101 + "]" * 101
    >>> check_depth(json.loads(deep), deep, "f.json")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: f.json:1:101: arrays and objects nest deeper than 100 levels here
    """
    if _depth(value) > MAX_DEPTH or not _finite_floats(value):
        raise _scan_error(text, file)


def _finite_floats(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return False
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def _depth(value: Any) -> int:
    """How deep arrays and objects nest in ``value`` (0 for a scalar), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children if isinstance(child, dict | list))
    return deepest


def _scan_error(text: str, file: str) -> ParseError:
    """Walk the text token by token and locate the first problem the fast decoder ran into."""
    offset, message = _first_problem(text)
    line, column = line_column(text, offset)
    return ParseError(message, file=file, line=line, column=column)


def _first_problem(text: str) -> tuple[int, str]:
    frames: list[tuple[str, set[str]]] = []
    want_key = False
    for match in _SCAN.finditer(text):
        string, mark, bare = match.groups()
        start = match.start(1 if string else 2 if mark else 3)
        if mark in ("[", "{"):
            if len(frames) >= MAX_DEPTH:
                return start, f"arrays and objects nest deeper than {MAX_DEPTH} levels here"
            frames.append((mark, set()))
            want_key = mark == "{"
        elif mark in ("]", "}"):
            if frames:
                frames.pop()
            want_key = False
        elif mark == ",":
            want_key = bool(frames) and frames[-1][0] == "{"
        elif mark == ":":
            want_key = False
        elif string is not None and want_key:
            key = json.loads(string)
            if key in frames[-1][1]:
                return start, f"key {_json_text(key)} appears twice in this object"
            frames[-1][1].add(key)
        elif bare in _CONSTANTS:
            return start, f"{bare} is not a JSON number"
        elif bare is not None and _FLOAT.fullmatch(bare) and not math.isfinite(float(bare)):
            return start, f"the number {clip(bare)} is too large for a float"
    return len(text), "invalid JSON"


def _json_text(key: str) -> str:
    return clip(json.dumps(key, ensure_ascii=False))


# -- locating a value ------------------------------------------------------------------------------
def locate(text: str, path: JsonPath) -> tuple[int, int]:
    """1-based (line, column) where the value at ``path`` starts; the deepest part found.

    >>> locate('{"a": [1,\\n  {"b": 2}]}', ("a", 1, "b"))
    (2, 9)
    >>> locate('{"a": 1}', ("zzz",))
    (1, 1)
    """
    decoder = json.JSONDecoder(parse_int=_long_int)
    ws = " \t\r\n"
    idx = _skip(text, 0, ws)
    try:
        for part in path:
            found = _child(text, idx, part, decoder, ws)
            if found is None:
                break
            idx = found
    except (json.JSONDecodeError, IndexError, RecursionError, ValueError):
        pass
    return line_column(text, idx)


def _skip(text: str, idx: int, chars: str) -> int:
    while idx < len(text) and text[idx] in chars:
        idx += 1
    return idx


def _child(text: str, idx: int, part: str | int, decoder: json.JSONDecoder, ws: str) -> int | None:
    """Start index of member ``part`` of the container starting at ``idx`` (None if absent)."""
    opener = text[idx]
    if opener not in "[{" or (opener == "[") != isinstance(part, int):
        return None
    idx = _skip(text, idx + 1, ws)
    count = 0
    while idx < len(text) and text[idx] not in "]}":
        key = None
        if opener == "{":
            key, idx = decoder.raw_decode(text, idx)
            idx = _skip(text, _skip(text, idx, ws) + 1, ws)
        if (opener == "{" and key == part) or (opener == "[" and count == part):
            return idx
        _, idx = decoder.raw_decode(text, idx)
        idx = _skip(text, _skip(text, idx, ws + ","), ws)
        count += 1
    return None
