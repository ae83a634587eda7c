"""One game of a sweep: what a worker computes for a code and N, by the existing engines.

:func:`run_game` asks :func:`sgstudio.games.takebreak.values.make_table` for g(0..N-1) and
:func:`sgstudio.games.takebreak.period.find_period` for the period within those N values
(certified by the octal periodicity theorem, or only seen, or none), and keeps the largest value and,
where the engine went on by the sparse-space method, its mask and the rare heaps below N. The values
travel compressed (:attr:`GameResult.packed`) with digests of g[0:N], g[1:N] and g[0:N-1], from which
:mod:`.groups` finds equal games, and equal games after a shift of the heap size, without the values.

The function is deterministic: a task that Dask runs again (a lost worker) gives the same result.

>>> result = run_game("0.77", 200)                  # Kayles
>>> result.status, result.preperiod, result.period, result.largest
('certified', 71, 12, 8)
>>> result.values()[:12].tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> run_game("0.6", 100).status                      # Officers: no period shows in 100 values
'none'
"""

from __future__ import annotations

import hashlib
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

STATUSES = ("certified", "apparent", "none", "error")
"""A game's period: ``certified`` (a theorem), ``apparent`` (seen in the values, not certified),
``none`` (none seen within N values), ``error`` (the values could not be computed: :attr:`error`)."""


@dataclass(frozen=True)
class GameResult:
    """One game to N values (see the module docstring); ``seconds`` is the worker's time for it."""

    code: str
    n: int
    status: str
    preperiod: int = 0
    period: int = 0
    saltus: int = 0
    certificate: str = ""
    largest: int = 0
    largest_at: int = 0
    method: str = ""
    rare_mask: str = ""
    """The sparse-space method's bit mask in hex (empty when the method was not used)."""
    rare_twist: int = 0
    rare_class: int = 0
    rare_count: int = 0
    """Rare heaps below N (heaps whose class is ``rare_class``), when the method was used."""
    last_rare: int = -1
    packed: bytes = b""
    """g(0..N-1) as little-endian uint32, zlib-compressed (:meth:`values` unpacks them)."""
    digest: str = ""
    digest_tail: str = ""
    digest_head: str = ""
    error: str = ""
    seconds: float = field(default=0.0, compare=False)

    @property
    def certified(self) -> bool:
        """Whether a theorem certifies the period."""
        return self.status == "certified"

    def values(self) -> np.ndarray:
        """g(0), ..., g(N - 1) as a uint32 array (empty for an ``error`` result)."""
        if not self.packed:
            return np.zeros(0, np.uint32)
        return np.frombuffer(zlib.decompress(self.packed), "<u4").astype(np.uint32)

    def without_time(self) -> GameResult:
        """This result with ``seconds`` 0 (two runs of a game agree on everything else)."""
        return replace(self, seconds=0.0)


def digest(values: np.ndarray) -> str:
    """A short hash of a value sequence (equal sequences, equal digests).

    >>> digest(np.array([0, 1, 2], np.uint32)) == digest(np.array([0, 1, 2], np.uint64))
    True
    """
    data = np.ascontiguousarray(values, "<u4").tobytes()
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def pack(values: np.ndarray) -> bytes:
    """``values`` as little-endian uint32, zlib-compressed (see :meth:`GameResult.values`)."""
    return zlib.compress(np.ascontiguousarray(values, "<u4").tobytes(), 6)


def run_game(code: str, n: int) -> GameResult:
    """Compute one game: ``code`` (a code :mod:`.codes` reads) to ``n`` >= 1 values.

    A game whose values cannot be computed (too large for the engine) gives an ``error`` result
    saying why; a bad code raises (the driver checks every code before it sends any).
    """
    from sgstudio.games.takebreak.period import find_period
    from sgstudio.games.takebreak.sweep.codes import read_code
    from sgstudio.games.takebreak.values import TakeBreakError, make_table

    started = time.perf_counter()
    table = make_table(read_code(code))
    try:
        report = find_period(table, max_values=n)
        values = np.asarray(table.values(n), np.uint32)
    except TakeBreakError as err:
        return GameResult(code, n, "error", error=str(err), seconds=time.perf_counter() - started)
    status = "certified" if report.certified else "apparent" if report.found else "none"
    top = int(np.argmax(values)) if values.size else 0
    return GameResult(
        code, n, status, report.preperiod, report.period, report.saltus, report.certificate,
        largest=int(values[top]) if values.size else 0, largest_at=top, method=table.method,
        **_rare(table, values), packed=pack(values), digest=digest(values),
        digest_tail=digest(values[1:]), digest_head=digest(values[:-1]),
        seconds=time.perf_counter() - started)


def run_batch(task: Callable[[str, int], GameResult], codes: Sequence[str], n: int) -> list[GameResult]:
    """``task(code, n)`` for each code in turn: one Dask task of several small games (:mod:`.run`)."""
    return [task(code, n) for code in codes]


def serial(codes: Iterable[str], n: int) -> list[GameResult]:
    """Each game in turn in this process: what a sweep on a cluster must equal, game by game."""
    return [run_game(code, n) for code in codes]


def _rare(table: object, values: np.ndarray) -> dict[str, object]:
    """The sparse-space method's mask and rare heaps below N, where the engine used it."""
    from sgstudio.games.takebreak.values import heap_classes

    if getattr(table, "method", "") != "sparse":
        return {}
    mask, twist, rho = int(table.mask), int(table.twist), int(table.rho)  # type: ignore[attr-defined]
    heaps = np.arange(1, values.size)
    rare = heaps[heap_classes(values[1:], heaps, mask, twist) == rho]
    return {"rare_mask": f"{mask:x}", "rare_twist": twist, "rare_class": rho, "rare_count": int(rare.size),
            "last_rare": int(rare[-1]) if rare.size else -1}
