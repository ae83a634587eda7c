"""The Grundy table of the n x 20 board's rows: every row mask of a width, in one sweep.

A row of HDU 5724 "Chess" (:mod:`sgstudio.games.board.game`) is encoded as a mask (bit ``c - 1`` set =
a chess in column ``c``). Every move makes the mask strictly larger, so the masks taken in
decreasing numeric order meet every successor before the position itself: one sweep from
``2**width - 1`` down to 0 computes ``g(mask) = mex{ g(succ) }`` with no recursion and no graph.
The 20-wide table ships with sgstudio; other widths are computed by a numba kernel.
"""

from __future__ import annotations

import functools

import numpy as np

DEFAULT_WIDTH = 20
MAX_WIDTH = 24
TABLE_FILE = "board20.npy"

_TABLES: dict[int, np.ndarray] = {}



def _table_kernel(width, out):  # pragma: no cover - compiled by numba in _compiled_kernel()
    """Fill ``out[mask] = g(mask)`` for every mask, in decreasing order (successors are larger).

    Scanning the columns from the right keeps ``free``, the first empty column to the right of
    the current one; a chess at ``c`` moves to ``free`` when there is one. ``seen`` is the set of
    successor values as a bit set, and the mex is its lowest clear bit.
    """
    for mask in range((1 << width) - 1, -1, -1):
        seen = 0
        free = -1
        for c in range(width - 1, -1, -1):
            bit = 1 << c
            if mask & bit == 0:
                free = c
            elif free >= 0:
                seen |= 1 << np.int64(out[mask ^ bit ^ (1 << free)])
        g = 0
        while seen & 1:
            seen >>= 1
            g += 1
        out[mask] = g


@functools.cache
def _compiled_kernel():
    """``_table_kernel`` compiled with numba (imported only now, so readers of a shipped table
    never pay for importing numba)."""
    from numba import njit

    return njit(cache=True, nogil=True)(_table_kernel)


def check_width(width: int) -> int:
    """Validate a board width (1..24); return it.

    >>> check_width(25)
    Traceback (most recent call last):
    ...
    ValueError: the width must be an integer in 1..24, not 25
    """
    if isinstance(width, bool) or not isinstance(width, int | np.integer) or not 1 <= width <= MAX_WIDTH:
        raise ValueError(f"the width must be an integer in 1..{MAX_WIDTH}, not {width!r}")
    return int(width)


def compute_grundy_table(width: int = DEFAULT_WIDTH) -> np.ndarray:
    """Compute the Grundy value of every row mask with the compiled kernel (no cache, no file).

    >>> compute_grundy_table(3).tolist()   # masks 0..7: {}, {1}, {2}, {1,2}, {3}, {1,3}, {2,3}, all
    [0, 0, 1, 2, 0, 1, 0, 0]

    {1,2} has the moves 1 -> 3 (to {2,3}, value 0) and 2 -> 3 (to {1,3}, value 1), so its value is 2.
    """
    width = check_width(width)
    out = np.zeros(1 << width, dtype=np.uint8)
    _compiled_kernel()(np.int64(width), out)
    return out


def _load_shipped(width: int) -> np.ndarray | None:
    """The table shipped in ``resources/tables`` for this width, or None."""
    if width != DEFAULT_WIDTH:
        return None
    from sgstudio.paths import resource_path

    path = resource_path("tables", TABLE_FILE)
    if not path.is_file():
        return None
    table = np.load(path, allow_pickle=False)
    if table.dtype != np.uint8 or table.shape != (1 << width,):
        return None
    return table


def grundy_table(width: int = DEFAULT_WIDTH) -> np.ndarray:
    """Grundy value of every row of the given width, indexed by mask (bit c-1 = column c).

    The 20-wide table is loaded from the shipped ``resources/tables/board20.npy`` (1 MiB; a test
    recomputes it); other widths are computed by the numba kernel (see the module docstring for
    why decreasing mask order is a valid evaluation order). Tables are cached per width in the
    process and returned read-only.

    Returns
    -------
    numpy.ndarray of uint8, shape (2**width,)

    Examples
    --------
    >>> t = grundy_table(20)
    >>> t.shape, t.dtype, int(t[(1 << 18) | (1 << 19)])   # columns 19 and 20: no move
    ((1048576,), dtype('uint8'), 0)
    >>> grundy_table(4).tolist()[:4]   # {}, {1}, {2}, {1,2} on a board 4 wide
    [0, 1, 0, 0]
    """
    width = check_width(width)
    table = _TABLES.get(width)
    if table is None:
        table = _load_shipped(width)
        if table is None:
            table = compute_grundy_table(width)
        table.flags.writeable = False
        _TABLES[width] = table
    return table
