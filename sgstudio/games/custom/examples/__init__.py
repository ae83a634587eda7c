"""Games written in Python, one a file, to start from: the Examples menu of the "Your game" tab lists them.

Each file is a game as a user writes it (``options``, and ``name``, ``start``, ``text`` when
useful); :func:`files` lists them in menu order.

>>> [name for name, _ in files()][:3]
['Wythoff', 'Cutting game (POJ 2311)', "Euclid's game"]
"""

from __future__ import annotations

import os

ORDER = ("wythoff", "cutting", "euclid", "northcott", "digital_deletions", "multiplication", "grundy",
         "loopy_subtraction")


def files() -> list[tuple[str, str]]:
    """``(title, path)`` of every example, in menu order (the title is the file's ``name``)."""
    folder = os.path.dirname(os.path.abspath(__file__))
    out = []
    for stem in ORDER:
        path = os.path.join(folder, stem + ".py")
        out.append((_name(path), path))
    return out


def _name(path: str) -> str:
    """The ``name = "..."`` line of a file, read without running it."""
    import ast

    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        named = isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "name" for t in node.targets)
        if named and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    return os.path.splitext(os.path.basename(path))[0]
