"""``sgstudio sum`` of 1,000 components (issue 21 item 11): wall time, time to the outcome line, peak
memory, against the old path measured in the same run.

Two sums, each drawn with a fixed seed:

1. **mixed**: 1,000 heaps of 1..3,000 under split:3, grundy, 0.137, 0.77 and subtract:squares;
2. **kayles**: 1,000 Kayles heaps of 10^18 + 0..10^6.

``sgstudio`` is the command as shipped (a whole process: components of one rule share one game
whose table is computed once to the largest heap; each (rule, heap, target value) is searched once;
values through a certified period looked up all at once; the outcome line flushed before any move
is searched, the moves streamed). The **old path** is what the command did before, run in a child
process of this script (``--old FILE``): one game and one table per component, each value through
the period heap by heap, the three-heap splits searched first heap by first heap, everything
printed at the end. Both outputs are compared (the same lines, in the same order). Peak memory is
the child's maximum resident set (``os.wait4``). Figures only: nothing here asserts on time.

Run: ``.venv/bin/python benchmarks/bench_sum.py``
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RULES = ["split:3", "grundy", "0.137", "0.77", "subtract:squares"]


def mixed(seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [f"{rng.choice(RULES)}:{rng.randint(1, 3000)}" for _ in range(1000)]


def kayles(seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [f"0.77:{10**18 + rng.randint(0, 10**6)}" for _ in range(1000)]


def run(cmd: list[str]) -> tuple[float, float, float, float, bytes]:
    """(seconds to the first line, seconds in all, CPU seconds, peak MB, stdout) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE)
    assert child.stdout is not None
    first_line = child.stdout.readline()
    first = time.perf_counter() - start
    out = first_line + child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    total = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{cmd[:4]} failed with status {child.returncode}")
    return first, total, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out


def old_path(texts: list[str]) -> str:
    """The sum's text output as the command computed it before issue 21 item 11 (module docstring)."""
    import numpy as np

    from sgstudio.games.sum.game import SumGame
    from sgstudio.games.sum.text import parse_component
    from sgstudio.games.takebreak import game as takebreak
    from sgstudio.games.takebreak.game import TakeBreakGame

    def triples_one_first_at_a_time(self, m, firsts, window, target):
        found = []
        for a, ga in zip(firsts.tolist(), self.grundy_many(firsts).tolist(), strict=True):
            top = (m - a) // 2 if window is None else min((m - a) // 2, window - 1)
            b = np.arange(a, top + 1)
            hits = b[(ga ^ self.grundy_many(b) ^ self.grundy_many(takebreak._minus(m - a, b))) == target]
            found += [(a, int(x), m - a - int(x)) for x in hits]
        return found

    takebreak._fits = lambda report, top: False  # every value beyond the table through grundy(), one by one
    TakeBreakGame._triples_to = triples_one_first_at_a_time
    components = [parse_component(text) for text in texts]  # no shared games: a table per component
    for component in components:
        component.value()
    game, position = SumGame.of(components)
    value = game.value(position)
    moves = game.winning_moves(position)  # all of them before anything is printed
    lines = [game.outcome(position).value, f"nim-sum {value}", *(game.move_text(m, position) for m in moves)]
    return "".join(line + "\n" for line in lines)


def main() -> None:
    if sys.argv[1:2] == ["--old"]:
        sys.stdout.write(old_path(Path(sys.argv[2]).read_text().split()))
        return
    print("sgstudio sum of 1,000 components: the command against the old path, each a fresh process")
    for name, texts in (("mixed", mixed()), ("kayles", kayles())):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write(" ".join(texts))
        try:
            new = run([sys.executable, "-m", "sgstudio", "sum", *texts])
            old = run([sys.executable, __file__, "--old", handle.name])
        finally:
            os.unlink(handle.name)
        moves = new[4].count(b"\n") - 2
        same = "same output" if new[4] == old[4] else "OUTPUTS DIFFER"
        print(f"{name}: {moves:,} winning moves ({same})")
        for who, (first, total, cpu, peak, _) in (("sgstudio", new), ("old path", old)):
            print(f"  {who}: outcome line after {first:.2f} s, all in {total:.2f} s ({cpu:.2f} s CPU), "
                  f"peak {peak:.0f} MB")
        print(f"  ratio sgstudio / old: {new[1] / old[1]:.3f}x wall, {new[2] / old[2]:.3f}x CPU, "
              f"{new[0] / old[0]:.3f}x to the outcome line, {new[3] / old[3]:.2f}x memory")


if __name__ == "__main__":
    main()
