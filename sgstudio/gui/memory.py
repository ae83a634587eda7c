"""Will a game fit in this machine's memory? Opening refuses an input too large for it *before*
allocating anything for it, with a message saying why and what the limit is, rather than dying
of an out-of-memory kill half-way.

What opening costs (peak resident memory above the empty window's) was measured, as
``benchmarks/bench_big_graph.py`` measures the peak of a ``--screenshot`` process, over graphs of
several shapes (the files of ``benchmarks/make_big_graphs.py`` and smaller ones) and fitted as

    peak = BYTES_PER_VERTEX * vertices + BYTES_PER_EDGE * edges + BYTES_PER_FILE_BYTE * file size

(the model with its values and order, the layout, the drawing's arrays and grid, the copies made
while building them, and the text with its tokens while it is parsed). Two checks use it:

- :func:`check_file`, before a file is read: the file alone (text and tokens) must fit;
- :func:`check_graph`, once the counts are known (an HDU 1524 header and the first pass over the
  lists, before any graph is built): the whole graph must fit.

The memory available is the kernel's estimate (``MemAvailable`` in /proc/meminfo; elsewhere the
free physical pages), lowered to a control group's limit where one is set; :data:`SHARE` of it
may be used. ``LIMIT_BYTES`` overrides it (tests set a small one).

>>> graph_bytes(0, 0), graph_bytes(200_000, 1_000_000) > graph_bytes(200_000, 200_000)
(0, True)
>>> check_graph("g.txt", 1000, 2000)
>>> check_graph("g.txt", 10**12, 10**13)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sgstudio.gui.memory.TooBigError: g.txt: the graph has 1,000,000,000,000 vertices and ...
"""

from __future__ import annotations

import os
from pathlib import Path

from sgstudio.core.errors import SGStudioError

BYTES_PER_VERTEX = 420
BYTES_PER_EDGE = 150
BYTES_PER_FILE_BYTE = 12
SHARE = 0.8  # of the memory available, what one document may take
LIMIT_BYTES: int | None = None  # overrides the measured memory available (tests)


class TooBigError(SGStudioError):
    """An input needs more memory than this machine has available."""


def available_bytes() -> int:
    """Memory this process may still take: :data:`LIMIT_BYTES` if set, else :data:`SHARE` of what
    the kernel says is available (and of the control group's room, where it has a limit)."""
    if LIMIT_BYTES is not None:
        return LIMIT_BYTES
    room = [_meminfo_available()]
    for limit, usage in (("memory.max", "memory.current"),
                         ("memory/memory.limit_in_bytes", "memory/memory.usage_in_bytes")):
        cap, used = _read_int(f"/sys/fs/cgroup/{limit}"), _read_int(f"/sys/fs/cgroup/{usage}")
        if cap is not None and used is not None and cap < 2**60:
            room.append(cap - used)
    return max(0, int(SHARE * min(r for r in room if r is not None)))


def _meminfo_available() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return None


def _read_int(path: str) -> int | None:
    try:
        return int(Path(path).read_text().strip())
    except (OSError, ValueError):
        return None


def graph_bytes(vertices: int, edges: int) -> int:
    """Peak memory of opening a graph of that size in the window (see the module docstring)."""
    return BYTES_PER_VERTEX * vertices + BYTES_PER_EDGE * edges


def _gb(n: float) -> str:
    return f"{n / 2**30:.1f} GB" if n >= 2**30 else f"{n / 2**20:.0f} MB"


def check_file(path: str, size: int) -> None:
    """Raise :class:`TooBigError` if reading a file of ``size`` bytes would not fit."""
    need, room = BYTES_PER_FILE_BYTE * size, available_bytes()
    if need > room:
        largest = room // BYTES_PER_FILE_BYTE
        raise TooBigError(
            f"{path}: the file is {_gb(size)}, and reading it would take about {_gb(need)} of memory "
            f"({BYTES_PER_FILE_BYTE} bytes per byte of text), but only {_gb(room)} is available: files up "
            f"to about {_gb(largest)} fit now. Close other programs and try again, or answer its "
            f"queries with the command line (sgstudio solve hdu1524 FILE), which needs far less.")


def check_graph(path: str, vertices: int, edges: int) -> None:
    """Raise :class:`TooBigError` if a graph of that size would not fit (nothing is allocated)."""
    need, room = graph_bytes(vertices, edges), available_bytes()
    if need > room:
        share = room / need
        raise TooBigError(
            f"{path}: the graph has {vertices:,} vertices and {edges:,} edges and would take about "
            f"{_gb(need)} of memory in the window ({BYTES_PER_VERTEX} bytes a vertex and "
            f"{BYTES_PER_EDGE} an edge), but only {_gb(room)} is available: graphs up to about "
            f"{int(vertices * share):,} vertices with {int(edges * share):,} edges fit now. Close other "
            f"programs and try again, or answer its queries with the command line "
            f"(sgstudio solve hdu1524 FILE), which needs far less.")
