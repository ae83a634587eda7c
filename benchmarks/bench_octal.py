"""The solved octal games of the published tables, certified by sgstudio and by the peer side by side.

The peer is tczajka/octal-games' C++ ``analyze`` (MIT; its source and build script sit outside this
project, in ../shared/peers: the benchmark builds it there with ``build-octal-games.sh`` into
benchmarks/_build, and skips the comparison with a message when they are absent). For each of the
ten codes (0.45, 0.156, 0.356, 0.644, 0.165, 0.16, 0.56, 0.127, 0.376, 0.354), in interleaved rounds
(peer, then sgstudio, code after code, so that a burst of load hits both):

- the peer: ``octal_analyze CODE`` as a process, until it prints ``Found period start=P period=Q``
  (it checks at powers of two);
- sgstudio's engine alone: the same search in a warm process (numpy imported, the kernels loaded:
  what a session, or the window, pays), best of three;
- sgstudio: ``sgstudio period CODE --max 10^8`` in a fresh process (``sgstudio.__main__.main``, the
  console script's function, called by a line of Python, which then prints how long the call took:
  the search, with the fast lane's C pass or the command line's imports, without the interpreter's
  start); the process's wall time includes everything.

Both must find the published preperiod and period; the values computed (sgstudio stops at the
octal periodicity theorem's count, 2 (n0 + p) + t - 1; the peer at the next power of two) are shown.
Reported: best and median of each, the ratios (process to process, and sgstudio's search to the
peer's process), and the sum over the ten. Run: ``.venv/bin/python benchmarks/bench_octal.py
[--rounds N] [--big-rounds M] [--only CODE,...]``
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import common

PEERS = Path(__file__).resolve().parents[2] / "shared" / "peers"
if not PEERS.exists():
    PEERS = Path("/work/shared/peers")
PUBLISHED = {"0.45": (498, 20), "0.156": (3479, 349), "0.356": (7315, 142), "0.644": (3256, 442),
             "0.165": (5181, 1550), "0.16": (105351, 149459), "0.56": (326640, 144), "0.127": (46578, 4),
             "0.376": (2268248, 4), "0.354": (10061916, 1180)}
BIG = ("0.376", "0.354")
WARM = """
import sys, time
from sgstudio.games.takebreak.period import find_period
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.values import make_table
find_period(make_table(parse_rule("0.137")), 10**4)  # numpy imported, the kernels loaded
best = float("inf")
for _ in range(int(sys.argv[2])):
    began = time.perf_counter()
    find_period(make_table(parse_rule(sys.argv[1])), 10**8)
    best = min(best, time.perf_counter() - began)
print(best)
"""
OURS = """
import sys, time
from sgstudio.__main__ import main
called = time.perf_counter()
main(["period", sys.argv[1], "--max", "10^8"])  # the console script's path: the fast lane first
print(time.perf_counter() - called)
"""


def build_peer() -> Path | None:
    script = PEERS / "build-octal-games.sh"
    if not script.exists():
        print(f"the peer's source is not at {PEERS}: sgstudio alone")
        return None
    exe = common.BUILD / "peer" / "octal_analyze"
    if not exe.exists():
        subprocess.run(["bash", str(script), str(exe.parent)], check=True, capture_output=True)
    return exe


def run_peer(exe: Path, code: str) -> tuple[float, tuple[int, int], int]:
    began = time.perf_counter()
    out = subprocess.run([str(exe), code[1:]], capture_output=True, text=True, check=True).stdout
    seconds = time.perf_counter() - began
    found = re.search(r"Found period start=(\d+) period=(\d+)", out)
    powers = re.findall(r"n=2\^(\d+)", out)
    return seconds, (int(found[1]), int(found[2])) if found else (0, 0), 1 << int(powers[-1]) if powers else 0


def run_ours(code: str) -> tuple[float, float, tuple[int, int], int]:
    """(process wall time, the command's time inside it, (n0, p), values needed by the certificate)."""
    began = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", OURS, code], capture_output=True, text=True,
                         check=True).stdout
    seconds = time.perf_counter() - began
    headline, certificate, inside = out.splitlines()
    words = headline.split()
    n0, p = int(words[1]), int(words[3])
    bound = int(re.search(r"<= n < (\d+)", certificate)[1])
    return seconds, float(inside), (n0, p), bound + p


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--big-rounds", type=int, default=1)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    codes = args.only.split(",") if args.only else list(PUBLISHED)
    common.installed_like()
    exe = build_peer()
    subprocess.run([sys.executable, "-m", "sgstudio", "values", "0.16", "5000"], check=True,
                   capture_output=True)  # loads the kernels once (page cache), like the peer's binary
    ours: dict[str, list[tuple]] = {c: [] for c in codes}
    peer: dict[str, list[tuple]] = {c: [] for c in codes}
    for rnd in range(max(args.rounds, args.big_rounds)):
        for code in codes:
            if rnd >= (args.big_rounds if code in BIG else args.rounds):
                continue
            if exe is not None:
                peer[code].append(run_peer(exe, code))
            warm = subprocess.run([sys.executable, "-c", WARM, code, "1" if code in BIG else "3"],
                                  capture_output=True, text=True, check=True).stdout
            ours[code].append((*run_ours(code), float(warm)))
            print(f"round {rnd + 1} {code}: sgstudio {ours[code][-1][0]:.2f} s"
                  + (f", peer {peer[code][-1][0]:.2f} s" if exe is not None else ""), flush=True)
    print(f"\n{'game':6} {'published':>15}  {'sgstudio process':>16} {'search':>15} {'engine':>7} "
          f"{'peer process':>15}  {'ratio':>11} {'search/peer':>11} {'engine/peer':>11}  "
          "values (sgstudio, peer)")
    totals = [0.0, 0.0, 0.0, 0.0]
    for code in (c for c in codes if ours[c]):
        walls, searches = [r[0] for r in ours[code]], [r[1] for r in ours[code]]
        right = all(r[2] == PUBLISHED[code] for r in ours[code])
        n0, p = PUBLISHED[code]
        engine = min(r[4] for r in ours[code])
        line = (f"{code:6} {n0:>8} {p:>6}  {min(walls):7.3f} {common.median(walls):7.3f} s "
                f"{min(searches):6.3f} {common.median(searches):6.3f} s {engine:7.3f} s")
        totals[0] += min(walls)
        totals[1] += min(searches)
        totals[3] += engine
        if exe is not None and peer[code]:
            pw = [r[0] for r in peer[code]]
            right = right and all(r[1] == PUBLISHED[code] for r in peer[code])
            totals[2] += min(pw)
            line += (f" {min(pw):7.3f} {common.median(pw):7.3f} s {min(walls) / min(pw):5.2f}x "
                     f"{common.median(walls) / common.median(pw):5.2f}x {min(searches) / min(pw):10.2f}x "
                     f"{engine / min(pw):10.2f}x  {ours[code][0][3]:,}, {peer[code][0][2]:,}")
        else:
            line += f"  {ours[code][0][3]:,}"
        print(line + ("" if right else "  WRONG PERIOD"))
    print(f"sum of the best times: sgstudio {totals[0]:.1f} s (searches {totals[1]:.1f} s, engine "
          f"{totals[3]:.1f} s)"
          + (f", peer {totals[2]:.1f} s" if exe is not None else ""))
    print("(best and median of the rounds, the ratios best/best and median/median; 'search': the "
          "command's time inside sgstudio's process, "
          "without "
          "the interpreter's start and the first imports)")


if __name__ == "__main__":
    main()
