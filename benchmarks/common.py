"""Shared helpers for the benchmark scripts: build a C++ baseline, time things, print figures.

Benchmarks print measured figures and ratios against a baseline measured in the same run; they
never assert on time.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILD = HERE / "_build"
CPP = HERE / "cpp"


def compile_cpp(name: str) -> Path | None:
    """Compile ``benchmarks/cpp/NAME.cpp`` with ``g++ -O2`` (cached by mtime); None without g++."""
    compiler = shutil.which("g++")
    if compiler is None:
        print("g++ not found: C++ baseline skipped")
        return None
    source = CPP / f"{name}.cpp"
    exe = BUILD / name
    BUILD.mkdir(exist_ok=True)
    if not exe.exists() or exe.stat().st_mtime < source.stat().st_mtime:
        subprocess.run([compiler, "-O2", "-std=c++17", "-o", str(exe), str(source)], check=True)
    return exe


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """Smallest wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def run_timed(cmd: list[str], stdin_path: Path | None = None, repeat: int = 3) -> float:
    """Best wall time of a whole process (start included), output discarded."""
    def once() -> None:
        with open(stdin_path or "/dev/null", "rb") as stdin:
            subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
    return best_of(once, repeat)


def python_cmd(*args: str) -> list[str]:
    """The ``sgstudio`` CLI run by this interpreter."""
    return [sys.executable, "-m", "sgstudio", *args]


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile (0..100) of the samples."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def report(name: str, ours: float, baseline: float | None, unit: str = "s") -> None:
    """Print one figure, with the ratio against the baseline when there is one."""
    if baseline:
        print(f"{name}: sgstudio {ours:.4f} {unit}, C++ {baseline:.4f} {unit}, ratio {ours / baseline:.2f}x")
    else:
        print(f"{name}: sgstudio {ours:.4f} {unit}")


def installed_like() -> None:
    """Compile the package's bytecode and the kernels ahead of time, as an installed package has
    them (an editable install run with PYTHONDONTWRITEBYTECODE=1 would compile every module at each
    start, some 20-40 ms; without the kernels numba would load)."""
    import compileall

    compileall.compile_dir(HERE.parent / "sgstudio", quiet=1)
    subprocess.run([sys.executable, "-m", "sgstudio.core.compiled", "--if-missing"], check=True,
                   stdout=subprocess.DEVNULL)


median = statistics.median
