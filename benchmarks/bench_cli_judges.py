"""`sgstudio solve` on the big judge files against the C++ references (benchmarks/cpp), whole processes.

The files are those of the other benchmarks (bench_cli_hdu1524, bench_snim, bench_board,
bench_splitnim, bench_loopy: the same seeds and sizes): a 200,000-vertex / 10^6-edge DAG with 10^5
queries, 20 S-Nim cases at the judge's maximum (and a variant whose sets all contain 1), 100 boards
of 1000 rows, 10^6 split-nim heaps, and a cyclic graph of 2 * 10^5 vertices / 10^6 edges for
``--loopy``. For each: outputs compared byte for byte, then ROUNDS interleaved rounds (sgstudio, then
C++, so that a burst of load hits both), wall time with process start included; best and median
of each, and their ratios. The target (issue 27): within 5x of C++, start included. Also printed:
whether the sgstudio process imported numba (it should not, with the kernels compiled ahead of time:
``python -X importtime``), and the floor of any Python answer (an interpreter importing numpy).
``--baseline DIR``: also a tree of an earlier commit (``git archive COMMIT | tar -x -C DIR``, its
kernels built), run in the same interleaved rounds, for the before/after ratio of a change.
Run: ``.venv/bin/python benchmarks/bench_cli_judges.py [--baseline DIR]``
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_board
import bench_cli_hdu1524
import bench_loopy
import bench_snim
import bench_splitnim
import common

ROUNDS = 7


def inputs() -> list[tuple[str, list[str], str, Path]]:
    """(label, sgstudio solve arguments, C++ reference, input file) for each big judge file."""
    common.BUILD.mkdir(exist_ok=True)
    dag = common.BUILD / "hdu1524_big.txt"
    if not dag.exists():
        bench_cli_hdu1524.make_input(dag)
    loopy = common.BUILD / "hdu1524_loopy_big.txt"
    if not loopy.exists():
        rng = np.random.default_rng(1524)
        src, dst = bench_loopy.cyclic_edges(rng)
        loopy.write_text(bench_loopy.hdu_text(src, dst, *bench_loopy.queries(rng)))
    return [
        ("hdu1524, 2*10^5 vertices, 10^6 edges, 10^5 queries", ["hdu1524"], "hdu1524", dag),
        ("hdu1524 --loopy, cyclic, 2*10^5 / 10^6", ["hdu1524", "--loopy"], "hdu1524_loopy", loopy),
        ("hdu1536, 20 cases at the judge's maximum", ["hdu1536"], "snim_solve",
         bench_snim.judge_max_file("snim_max.txt", False)),
        ("hdu1536, sets containing 1", ["hdu1536"], "snim_solve",
         bench_snim.judge_max_file("snim_one.txt", True)),
        ("hdu5724, T=100 n=1000", ["hdu5724"], "board_solve", bench_board.judge_max_file()),
        ("hdu5795, 10^6 heaps", ["hdu5795"], "splitnim_solve", bench_splitnim.judge_max_file()),
    ]


def wall(cmd: list[str], path: Path, env: dict | None = None) -> float:
    """Wall time of ``cmd`` reading ``path``; with ``env`` (the baseline's), run in the baseline's
    tree (``python -m`` looks in the current directory first)."""
    cwd = env["PYTHONPATH"] if env is not None else None
    with open(path, "rb") as stdin:
        start = time.perf_counter()
        subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=True, env=env, cwd=cwd)
        return time.perf_counter() - start


def output(cmd: list[str], path: Path) -> bytes:
    with open(path, "rb") as stdin:
        return subprocess.run(cmd, stdin=stdin, capture_output=True, check=True).stdout


def imports_numba(args: list[str], path: Path) -> bool:
    with open(path, "rb") as stdin:
        err = subprocess.run([sys.executable, "-X", "importtime", "-m", "sgstudio", "solve", *args],
                             stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             check=True).stderr
    return any(line.rsplit("|", 1)[-1].strip().split(".")[0] == "numba" for line in err.decode().splitlines())


def main() -> None:
    baseline = None
    if "--baseline" in sys.argv:
        baseline = Path(sys.argv[sys.argv.index("--baseline") + 1]).resolve()
    base_env = None
    if baseline is not None:
        import compileall

        compileall.compile_dir(str(baseline / "sgstudio"), quiet=1)
        base_env = dict(os.environ, PYTHONPATH=str(baseline))
    common.installed_like()
    rows = []
    for label, args, reference, path in inputs():
        ours_cmd = common.python_cmd("solve", *args)
        exe = common.compile_cpp(reference)
        same = exe is not None and output(ours_cmd, path) == output([str(exe)], path)
        numba = imports_numba(args, path)
        ours, cpp, before = [], [], []
        for _ in range(ROUNDS):
            ours.append(wall(ours_cmd, path))
            if exe is not None:
                cpp.append(wall([str(exe)], path))
            if base_env is not None:
                before.append(wall(ours_cmd, path, base_env))
        rows.append((label, ours, cpp, before))
        print(f"{label}: outputs identical {same}, numba imported {numba}", flush=True)
    print(f"\n{'judge file':52} {'sgstudio best/median':>21} {'C++ best/median':>17} "
          f"{'ratio best/median':>18}" + ("   baseline best/median, its ratio to C++" if baseline else ""))
    for label, ours, cpp, before in rows:
        if cpp:
            line = (f"{label:52} {min(ours):9.3f} {common.median(ours):9.3f} s {min(cpp):7.3f} "
                    f"{common.median(cpp):7.3f} s {min(ours) / min(cpp):8.1f}x "
                    f"{common.median(ours) / common.median(cpp):7.1f}x")
            if before:
                line += (f"   {min(before):6.3f} {common.median(before):6.3f} s "
                         f"{min(before) / min(cpp):5.1f}x "
                         f"{common.median(before) / common.median(cpp):5.1f}x")
            print(line)
        else:
            print(f"{label:52} {min(ours):9.3f} {common.median(ours):9.3f} s")
    floor = [wall([sys.executable, "-c", "import numpy"], Path("/dev/null")) for _ in range(ROUNDS)]
    print(f"for scale: python -c 'import numpy' best {min(floor):.3f} s, median {common.median(floor):.3f} s")


if __name__ == "__main__":
    main()
