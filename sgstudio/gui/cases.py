"""Choosing a test case of a judge file: one voice for the four formats, never wider than the screen.

Every chooser asks "FILE has N test cases. Import which one?" under the title "Import HDU NNNN",
and names each case as ``case K: details`` (the details are the format's: positions, edges and
queries; S and positions; heaps; rows and the judge's answer). A case's line is cut with "…" when
it is longer than :data:`MAX_ITEM`, so that the dialog fits on the screen whatever the file holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QInputDialog, QWidget

MAX_ITEM = 90
"""A case's line in the chooser has at most this many characters."""


def judge_name(fmt: str) -> str:
    """The judge problem of a format, as people write it.

    >>> judge_name("hdu1536"), judge_name("hdu5724")
    ('HDU 1536', 'HDU 5724')
    """
    return f"{fmt[:3].upper()} {fmt[3:]}"


def counted(count: int, thing: str, plural: str | None = None) -> str:
    """``1 query``, ``3 queries``, ``1,000 heaps``.

    >>> counted(1, "query", "queries"), counted(3, "query", "queries"), counted(1000, "heap")
    ('1 query', '3 queries', '1,000 heaps')
    """
    return f"{count:,} {thing if count == 1 else plural or thing + 's'}"


def case_item(index: int, details: str, limit: int = MAX_ITEM) -> str:
    """The chooser's line for case ``index`` (0-based), cut with "…" past ``limit`` characters.

    >>> case_item(0, "4 positions, 5 edges, 2 queries")
    'case 1: 4 positions, 5 edges, 2 queries'
    >>> case_item(1, "S = " + "9" * 200, limit=20)
    'case 2: S = 9999999…'
    """
    item = f"case {index + 1}: {details}"
    return item if len(item) <= limit else item[:limit - 1] + "…"


def choose_case(parent: QWidget | None, fmt: str, file: str, details: Sequence[str]) -> int | None:
    """Ask which case of ``file`` (a ``fmt`` file) to import; its 0-based index, None when cancelled.

    ``details`` describe the cases in file order. One case is chosen without asking.
    """
    if len(details) == 1:
        return 0
    items = [case_item(i, d) for i, d in enumerate(details)]
    question = f"{Path(file).name} has {len(items):,} test cases. Import which one?"
    item, ok = QInputDialog.getItem(parent, f"Import {judge_name(fmt)}", question, items, 0, False)
    return items.index(item) if ok and item in items else None
