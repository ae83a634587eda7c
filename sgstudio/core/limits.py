"""Sizes checked before anything is allocated: a table too large for this machine is refused in words.

Under an address-space limit (``ulimit -v``, a container) or on a small machine, numpy's
``MemoryError`` came from deep inside an engine and read as an internal error. Here a request is
weighed first: so many values, so many bytes a value (what the engine keeps, its growth included,
and what printing them takes), against what the process may still use: the room left under its
address-space limit (``resource.getrlimit(RLIMIT_AS)`` less the address space in use, from
``/proc/self/status``) and the memory the system has available (``MemAvailable`` and free swap, from
``/proc/meminfo``). A request beyond it raises :class:`TooLarge`, whose message says how many values,
about how much memory they need, how much there is and what to do.

>>> check_values(1000, 24, "values of 0.77", "a smaller N")   # 24 kB: always fits
>>> size_text(6.3 * 2**30), size_text(250 * 2**20), size_text(512)
('6.3 GB', '250 MB', '1 kB')
"""

from __future__ import annotations

import os

from sgstudio.core.errors import SGStudioError

HEADROOM = 64 << 20
"""Bytes kept back from what is available (the interpreter, the output's buffers)."""


class TooLarge(SGStudioError):  # noqa: N818 - read as "the request is too large"
    """A request that needs more memory than the process may use: bad input (exit status 2)."""


def size_text(nbytes: float) -> str:
    """A size in words a user reads (kB, MB, GB: powers of 1024, one decimal from 1 GB up)."""
    if nbytes >= 2**30:
        return f"{nbytes / 2**30:.1f} GB"
    if nbytes >= 2**20:
        return f"{max(1, round(nbytes / 2**20))} MB"
    return f"{max(1, round(nbytes / 2**10))} kB"


def _meminfo() -> dict[str, int]:
    found: dict[str, int] = {}
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                key, _, rest = line.partition(":")
                parts = rest.split()
                if parts and parts[0].isdigit():
                    found[key] = int(parts[0]) * 1024
    except OSError:
        pass
    return found


def _address_space_in_use() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def address_space_room() -> int | None:
    """Bytes of address space the process may still map (None: no limit is set)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    return max(0, soft - _address_space_in_use())


def available_bytes() -> int | None:
    """What the process may still allocate: the smaller of the room under its address-space limit
    and the system's available memory with free swap (None: nothing known to limit it)."""
    room = address_space_room()
    info = _meminfo()
    system = info["MemAvailable"] + info.get("SwapFree", 0) if "MemAvailable" in info else None
    known = [x for x in (room, system) if x is not None]
    if os.environ.get("SGSTUDIO_MEMORY_LIMIT", "").isdigit():  # a test's or a user's own bound
        known.append(int(os.environ["SGSTUDIO_MEMORY_LIMIT"]))
    return min(known) if known else None


def check_bytes(need: float, what: str, advice: str) -> None:
    """Raise :class:`TooLarge` when ``need`` bytes exceed :func:`available_bytes`: ``WHAT need
    about X of memory, and about Y is available; ADVICE``."""
    free = available_bytes()
    if free is None or need <= max(0, free - HEADROOM):
        return
    raise TooLarge(f"{what} need about {size_text(need)} of memory, and about "
                   f"{size_text(max(0, free - HEADROOM))} is available here; {advice}")


def check_values(count: int, bytes_each: float, what: str, advice: str) -> None:
    """:func:`check_bytes` for ``count`` values of ``bytes_each`` bytes (``what``: ``values of
    0.77``, written after the count)."""
    check_bytes(count * bytes_each, f"{count:,} {what}", advice)


def out_of_memory(err: MemoryError | None = None) -> str:
    """The line for a MemoryError no check foresaw (the size that failed, when numpy names it)."""
    detail = ""
    text = str(err or "")
    if "Unable to allocate" in text:
        detail = " (" + text.split(" for ")[0].replace("Unable to allocate", "could not allocate") + ")"
    return (f"not enough memory{detail}: ask for less (a smaller N, --max or a smaller input), or "
            "run where more memory is available")


def is_memory_failure(err: BaseException | None) -> bool:
    """Whether ``err`` (or an error in its chain) means the process ran out of memory: a
    MemoryError, ENOMEM, a thread that cannot start, or, under an address-space limit, a shared
    library (numba's compiler) that cannot be mapped.

    >>> is_memory_failure(MemoryError()), is_memory_failure(OSError(12, "Cannot allocate memory"))
    (True, True)
    >>> is_memory_failure(ValueError("x"))
    False
    """
    import errno

    seen: set[int] = set()
    todo = [err]
    while todo:
        err = todo.pop()
        if err is None or id(err) in seen:
            continue
        seen.add(id(err))
        text = str(err)
        if isinstance(err, MemoryError) or (isinstance(err, OSError) and err.errno == errno.ENOMEM):
            return True
        if isinstance(err, RuntimeError) and "can't start new thread" in text:
            return True
        if (isinstance(err, OSError | ImportError) and "shared object" in text
                and address_space_room() is not None):
            return True
        todo += [err.__cause__, err.__context__]
    return False
