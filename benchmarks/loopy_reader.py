"""A small reader of HDU 1524 text whose graphs may have cycles: one WIN, LOSE or DRAW per query.

A stand-in for ``sgstudio solve hdu1524 --loopy`` (the flag comes with the CLI rework), so that
bench_loopy.py can time the loopy path end to end as a process. Plain well-formed input only: it
reads the numbers at once with numpy and trusts them (the real reader reports bad input).

Run: .venv/bin/python benchmarks/loopy_reader.py < input.txt
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sgstudio.core.games.loopy import generalized_values_auto
from sgstudio.core.games.loopy_sums import query_codes

WORDS = np.array(["LOSE\n", "WIN\n", "DRAW\n"])


def _numbers(text: str) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.fromstring(text, dtype=np.int64, sep=" ")


def _case(ints: list[int], arr: np.ndarray, p: int) -> tuple[str, int]:
    """Solve the test case starting at token p; return its output and the next token index."""
    n = ints[p]
    p += 1
    heads = np.empty(n, np.int64)
    for i in range(n):
        heads[i] = p
        p += ints[p] + 1
    counts = arr[heads]
    keep = np.ones(p - heads[0] if n else 0, bool)
    keep[heads - heads[0] if n else []] = False
    dst = arr[heads[0]:p][keep] if n else np.zeros(0, np.int64)
    src = np.repeat(np.arange(n), counts)
    qstart = p
    lengths = []
    while ints[p]:
        lengths.append(ints[p])
        p += ints[p] + 1
    q_len = np.array(lengths, np.int64)
    marks = np.zeros(p - qstart, bool)
    marks[np.cumsum(q_len + 1) - q_len - 1] = True
    flat = arr[qstart:p][~marks]
    codes = query_codes(generalized_values_auto(n, src, dst), flat, q_len)
    return "".join(WORDS[codes].tolist()), p + 1


def solve_text(text: str) -> str:
    """The output for an HDU 1524 input: a line WIN, LOSE or DRAW per query.

    >>> solve_text("2\\n1 1\\n1 0\\n1 0\\n2 0 1\\n0\\n3\\n1 1\\n1 2\\n0\\n1 0\\n0\\n")
    'DRAW\\nDRAW\\nLOSE\\n'
    """
    arr = _numbers(text)
    ints = arr.tolist()
    out, p = [], 0
    while p < len(ints):
        text_out, p = _case(ints, arr, p)
        out.append(text_out)
    return "".join(out)


if __name__ == "__main__":
    sys.stdout.write(solve_text(sys.stdin.read()))
