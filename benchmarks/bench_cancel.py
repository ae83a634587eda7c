"""Cancel latency of the take-and-break values engine (issue 29, item 4): the time from a cancel
(the progress callback raising, as the window's Cancel and Ctrl+C do between chunks) to the end of
the computation, for Grundy's game (few moves a heap) and for rules with many removals (chunks were sized
without them: 8-21 s). Also Ctrl+C on the command line: SIGINT to ``sgstudio values`` until it exits.
Figures only; the ratio is against Grundy's game measured in the same run."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

from sgstudio.games.takebreak.rules import parse_rule
from sgstudio.games.takebreak.values import make_table

RULES = ("grundy", "0." + "6" * 60, "0." + "7" * 30, "4." + "7" * 20)
WAIT = 1.5  # seconds of work before the cancel


class CancelledError(Exception):
    pass


def cancel_latency(rule: str, n: int = 3_000_000) -> float:
    table = make_table(parse_rule(rule))
    asked: list[float] = []
    threading.Timer(WAIT, lambda: asked.append(time.perf_counter())).start()

    def progress(done: int, total: int) -> None:
        if asked:
            raise CancelledError

    try:
        table.values(n, progress)
    except CancelledError:
        return time.perf_counter() - asked[0]
    return 0.0  # finished before the cancel


def sigint_latency(rule: str) -> float:
    child = subprocess.Popen([sys.executable, "-m", "sgstudio", "values", rule, "100000000"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(WAIT + 1.0)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    child.wait(timeout=120)
    return time.perf_counter() - sent


def main() -> None:
    base = cancel_latency(RULES[0])
    print(f"cancel latency, {RULES[0]}: {base:.3f} s (baseline)")
    for rule in RULES[1:]:
        t = cancel_latency(rule)
        print(f"cancel latency, {rule[:12]}... ({len(rule) - 2} digits): {t:.3f} s, "
              f"{t / base if base else float('inf'):.1f}x the baseline")
    for rule in ("0.77", RULES[1]):
        print(f"Ctrl+C on `sgstudio values {rule[:12]}... 10^8`: exits {sigint_latency(rule):.3f} s after")


if __name__ == "__main__":
    main()
