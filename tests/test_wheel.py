"""The package's own build ships the compiled kernels (issue 27): a wheel built with ``pip wheel .``
and installed in a fresh virtual environment answers ``sgstudio values 0.007 100000`` without
importing numba (``python -X importtime`` lists every module a process imports); it carries the C
extensions too (the custom games' exploration loop, the judge files' C pass: ``solve hdu5795``
answered without numpy; the period's C pass: ``period 0.45`` likewise).

Kept cheap: the wheel is built without isolation (the kernels already compiled in this tree for
their present source are taken as they are; the hook compiles the others), the fresh environment
gets no pip of its own (this one's pip installs into it) and finds the dependencies in this
environment's site-packages through a .pth file."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from oracles import takebreak_children

from sgstudio.core.mex import mex
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.values import ValueTable

ROOT = Path(__file__).resolve().parent.parent


def naive_values(digits: list[int], n: int) -> list[int]:
    """g(0..n-1) by the definition: the mex over every option of the XOR of the heaps it leaves."""
    g: list[int] = []
    for h in range(n):
        options = []
        for child in takebreak_children(h, digits, False):
            x = 0
            for part in child:
                x ^= g[part]
            options.append(x)
        g.append(mex(options))
    return g


@pytest.mark.slow
def test_an_installed_wheel_answers_values_without_numba(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path / "dist")], check=True, env=env, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("sgstudio-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("sgstudio/games/takebreak/__pycache__/takebreak_kernels_aot_") for n in names)
    # the C extensions (sgstudio.core.native) and their sources, which name them
    assert any(n.startswith("sgstudio/games/custom/__pycache__/explore_native_") for n in names)
    assert any(n.startswith("sgstudio/formats/__pycache__/judges_native_") for n in names)
    assert any(n.startswith("sgstudio/games/takebreak/__pycache__/period_native_") for n in names)
    assert {"sgstudio/games/custom/explore_native.c", "sgstudio/formats/judges_native.c",
            "sgstudio/games/takebreak/period_native.c"} <= set(names)
    assert "-none-any" not in wheel.name  # a wheel with compiled code carries its platform

    fresh = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True)
    python = fresh / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")  # numpy, numba
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                    "--no-index", "-q", str(wheel)], check=True, env=env, capture_output=True)

    where = subprocess.run([str(python), "-c", "import sgstudio; print(sgstudio.__file__)"], cwd=tmp_path,
                           check=True, capture_output=True, text=True, env=env).stdout
    assert where.startswith(purelib)  # the installed package, not this tree
    run = subprocess.run([str(python), "-X", "importtime", "-m", "sgstudio", "values", "0.007", "100000"],
                         cwd=tmp_path, check=True, capture_output=True, text=True, env=env)
    imported = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}
    assert "numba" not in imported and not any(m.startswith("numba.") for m in imported)
    assert any(m.startswith("sgstudio.games.takebreak.") for m in imported)
    values = run.stdout.split()
    assert len(values) == 100_000
    assert values[:1500] == list(map(str, naive_values([0, 0, 0, 7], 1500)))
    assert values == list(map(str, ValueTable(parse_rule("0.007")).values(100_000).tolist()))

    built = subprocess.run([str(python), "-c", "from sgstudio.games.custom import native; "
                            "from sgstudio.formats import native as judges; "
                            "print(native.load() is not None, judges.EXTENSION.load() is not None)"],
                           cwd=tmp_path, check=True, capture_output=True, text=True, env=env).stdout
    assert built.split() == ["True", "True"]
    run = subprocess.run([str(python), "-X", "importtime", "-m", "sgstudio", "solve", "hdu5795"],
                         input="2\n2\n4 4\n3\n1 2 4\n", cwd=tmp_path, check=True, capture_output=True,
                         text=True, env=env)
    assert run.stdout == "Second player wins.\nFirst player wins.\n"
    imported = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}
    assert "sgstudio.fastlane" in imported and "numpy" not in imported
    run = subprocess.run([str(python), "-X", "importtime", "-m", "sgstudio", "period", "0.45"], cwd=tmp_path,
                         check=True, capture_output=True, text=True, env=env)
    assert run.stdout.splitlines()[0] == "preperiod 498 period 20"  # the period's C pass, numpy unloaded
    imported = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}
    assert "sgstudio.games.takebreak.period_native" in imported and "numpy" not in imported
