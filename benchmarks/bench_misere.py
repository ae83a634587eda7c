"""A misère sum of 10^6 Kayles heaps decided through the misère quotient of 0.77.

1. The quotient itself: ``QuotientSolver("0.77").run(200)`` (it stabilises at heap 167), once.
2. The decision: 10^6 random heaps of 0..10^6 mapped to their elements (numpy, through the period)
   and multiplied in Q (equal elements counted, then raised to their counts) — against the
   baseline measured in the same run: the plain normal-play nim-sum of the same heaps
   (``TakeBreakGame("0.77").grundy_many`` and an XOR reduce), which decides normal play.
   Target: under a second for the misère decision.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common

from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.quotient.solver import QuotientSolver
from sgstudio.games.takebreak.quotient.sums import misere_wins

HEAPS = 1_000_000


def main() -> None:
    start = time.perf_counter()
    solver = QuotientSolver("0.77")
    solver.run(200)
    built = time.perf_counter() - start
    print(f"misère quotient of 0.77: |Q| = {solver.size}, |P| = {solver.p_size}, "
          f"solved at heap {solver.solved.heap if solver.solved else None}, built in {built:.2f} s")
    heaps = np.random.default_rng(25).integers(0, 1_000_000, HEAPS)
    game = TakeBreakGame("0.77")
    game.grundy_many(heaps[:10])  # the normal-play table and its period, outside the timing

    def normal() -> int:
        return int(np.bitwise_xor.reduce(game.grundy_many(heaps)))

    ours = common.best_of(lambda: misere_wins(solver, heaps), 5)
    baseline = common.best_of(normal, 5)
    print(f"misère sum of {HEAPS:,} Kayles heaps through Q: {ours:.4f} s "
          f"({'under' if ours < 1 else 'OVER'} the 1 s target); baseline, the normal nim-sum of the same "
          f"heaps: {baseline:.4f} s; ratio {ours / baseline:.2f}x")


if __name__ == "__main__":
    main()
