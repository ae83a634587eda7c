"""``sgstudio period CODE`` by the C pass (period_native.c) before numpy loads: its values against the
naive mex and the plain kernel, its answers against the command line's own, word for word, and what
a process answered by it imports."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli_rules import naive
from test_takebreak_engine import PUBLISHED, needed, plain_values

from sgstudio import fastlane
from sgstudio.cli import main as cli
from sgstudio.games.takebreak import period_native

pytestmark = pytest.mark.skipif(period_native.EXTENSION.load() is None, reason="the C pass is not built here")
SMALL = ("0.45", "0.156", "0.356", "0.644", "0.165", "0.16", "0.56", "0.127")


def digits(code: str) -> bytes:
    found = period_native.octal_digits(code)
    assert found is not None
    return found


def command_line(capsys, *args: str) -> str:
    """What the command line prints for ``period`` + args, the fast lane not asked."""
    assert cli.main(["period", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


codes = st.lists(st.integers(0, 7), min_size=1, max_size=5).filter(any).map(
    lambda ds: "0." + "".join(map(str, ds)))


@settings(max_examples=25, deadline=None)
@given(codes)
def test_values_are_the_naive_mex(code):
    """Past heap 256 the sparse-space method runs (its mask revised at 512): every value checked
    against the mex over all options from the definition."""
    assert period_native.EXTENSION.load().values(digits(code), 700) == naive(list(digits(code)), 700)


@settings(max_examples=15, deadline=None)
@given(codes)
def test_values_are_the_plain_kernels_further_on(code):
    got = period_native.EXTENSION.load().values(digits(code), 6000)
    if got is not None:  # None: a value past the pass's range (the Python engine serves those)
        assert np.array_equal(np.array(got), plain_values(code, 6000))


@pytest.mark.parametrize("code", ["0.127", "0.16", "0.165"])
def test_the_published_games_values_are_the_plain_kernels(code):
    """0.127 takes the position bit into its mask (the heap's parity), 0.16 and 0.165 do not."""
    assert np.array_equal(np.array(period_native.EXTENSION.load().values(digits(code), 30_000)),
                          plain_values(code, 30_000))


@pytest.mark.parametrize("code", SMALL)
def test_the_published_games_are_answered_as_the_command_line_answers_them(capsys, code):
    found = period_native.certify(digits(code), 10**8)
    n0, p = PUBLISHED[code]
    assert found == (n0, p, needed(code, n0, p))  # the theorem's count of values, not one more
    assert period_native.answer([code]) == command_line(capsys, code)
    assert period_native.answer([code, "--max", "10^8"]) == command_line(capsys, code, "--max", "10^8")
    assert period_native.answer([code, f"--max={needed(code, n0, p)}"]) == command_line(capsys, code)


def test_too_few_values_or_a_spent_budget_leaves_it_to_the_command_line():
    assert period_native.answer(["0.156", "--max", str(needed("0.156", 3479, 349) - 1)]) is None
    assert period_native.certify(digits("0.156"), 10**8, budget=10_000) is None
    assert period_native.answer(["0.376"]) is None  # 4.5 million values: the Python engine's work


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(codes, st.sampled_from(["", "300", "2000", "10^5", "1e6"]))
def test_random_codes_get_the_command_lines_words_or_none(capsys, code, most):
    args = [code, "--max", most] if most else [code]
    said = period_native.answer(args)
    if said is not None:
        assert said == command_line(capsys, *args)


@pytest.mark.parametrize("args", [["0.45", "--max"], ["0.45", "--max", "-3"], ["0.45", "--max", "0"],
                                  ["0.45", "--json"], ["0.4a5"], ["0.8"], ["1.45"], ["grundy"], [],
                                  ["0.45", "--max", str(1 << 29)], ["0.45", "--max", "1e999"]])
def test_anything_else_is_the_command_lines(args):
    assert period_native.answer(args) is None
    assert fastlane.run(["period", *args]) is None


def test_the_lane_writes_the_answer(capsys):
    assert fastlane.run(["period", "0.45"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "preperiod 498 period 20"


def test_a_process_answered_by_the_pass_loads_neither_numpy_nor_argparse():
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "sgstudio", "period", "0.644"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.splitlines()[0] == "preperiod 3256 period 442"
    lines = [line for line in run.stderr.splitlines() if line.startswith("import time:")]
    modules = {line.rsplit("|", 1)[-1].strip() for line in lines}
    assert "sgstudio.games.takebreak.period_native" in modules
    assert not {"numpy", "argparse", "numba", "sgstudio.cli"} & modules
