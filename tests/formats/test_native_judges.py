"""The judge files' C pass (judges_native.c) against the formats' own readers, and the command
line's fast lane (sgstudio.fastlane) that serves it before numpy and argparse load.

The C pass answers plain files only; on those its output equals the format module's (its numpy
and exact paths, the pass switched off), on random files of both formats, and equals a search of
whole positions by the rules on small ones. On anything else it says None and the reader answers,
so the messages, exit statuses and answers beyond its bounds stay the reader's.
"""

from __future__ import annotations

import io
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio import fastlane
from sgstudio.formats import native
from sgstudio.games.snim import hdu1536
from sgstudio.games.splitnim import hdu5795

pytestmark = pytest.mark.skipif(native.EXTENSION.load() is None, reason="the C pass is not built here")


def reader(module, text: str) -> str:
    """The format module's answer with the C pass switched off."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "solve", lambda fmt, text: None)
        return module.solve(text)


spaces = st.sampled_from([" ", "\n", "\t", "\r\n", "  ", "\x0b", "\x0c"])


@st.composite
def snim_files(draw, top=10_000):
    cases = []
    for _ in range(draw(st.integers(1, 4))):
        members = draw(st.lists(st.integers(1, 30), min_size=1, max_size=8))
        positions = draw(st.lists(st.lists(st.integers(0, draw(st.sampled_from([5, 60, top]))), min_size=1,
                                           max_size=6), min_size=1, max_size=6))
        cases.append(hdu1536.SNimCase(tuple(members), tuple(map(tuple, positions))))
    text = hdu1536.generate(cases)
    sep = draw(spaces)
    return text.replace(" ", sep) if draw(st.booleans()) else text


@st.composite
def splitnim_files(draw):
    tests = draw(st.lists(st.lists(st.integers(0, draw(st.sampled_from([20, 10**6, 10**18 - 1]))), min_size=1,
                                   max_size=8), max_size=5))
    text = hdu5795.generate([hdu5795.Case(tuple(t)) for t in tests])
    return text.replace("\n", draw(spaces))


@settings(max_examples=200, deadline=None)
@given(snim_files())
def test_snim_equals_the_reader(text):
    fast = native.solve("hdu1536", text)
    assert fast is not None
    assert fast == reader(hdu1536, text)
    assert native.solve("hdu1536", text.encode()) == fast


@settings(max_examples=200, deadline=None)
@given(splitnim_files())
def test_splitnim_equals_the_reader(text):
    fast = native.solve("hdu5795", text)
    assert fast is not None
    assert fast == reader(hdu5795, text)


@cache
def snim_wins(members: tuple, heaps: tuple) -> bool:
    """Whole positions searched by the rules: take s in S from one heap; no mex, no XOR."""
    for i, h in enumerate(heaps):
        for s in members:
            if s <= h and not snim_wins(members, tuple(sorted((*heaps[:i], h - s, *heaps[i + 1:])))):
                return True
    return False


@cache
def splitnim_wins(heaps: tuple) -> bool:
    """Take any stones from one heap, or split one heap into three non-empty heaps."""
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        children = [(m,) for m in range(n)]
        children += [(a, b, n - a - b) for a in range(1, n) for b in range(1, n - a)]
        if any(not splitnim_wins(tuple(sorted(h for h in rest + c if h))) for c in children):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=3),
       st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=3), min_size=1, max_size=4))
def test_snim_against_the_rules(members, positions):
    text = hdu1536.generate([hdu1536.SNimCase(tuple(members), tuple(map(tuple, positions)))])
    expected = "".join("W" if snim_wins(tuple(sorted(set(members))), tuple(sorted(p))) else "L"
                       for p in positions)
    assert native.solve("hdu1536", text) == expected + "\n"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=3), min_size=1, max_size=4))
def test_splitnim_against_the_rules(tests):
    text = hdu5795.generate([hdu5795.Case(tuple(t)) for t in tests])
    expected = "".join(("First" if splitnim_wins(tuple(sorted(h for h in t if h))) else "Second")
                       + " player wins.\n" for t in tests)
    assert native.solve("hdu5795", text) == expected


@pytest.mark.parametrize(("fmt", "text"), [
    ("hdu1536", "2 2 5 1 2 5 12"),             # no final 0
    ("hdu1536", "2 2 5 1 2 5 12 0 7"),         # something after it
    ("hdu1536", "2 2 5 0 0"),                  # m = 0
    ("hdu1536", "1 1 1 1 -2 0"),               # a negative heap
    ("hdu1536", "1 1 1 1 +2 0"),
    ("hdu1536", "1 1 1 1 2x 0"),
    ("hdu1536", "1 1 1 1 1234567890123456789 0"),  # 19 digits
    ("hdu1536", "1 1 1 1 20000000 0"),         # beyond the pass's table: the period serves
    ("hdu1536", "1 1 1 1 2\u00a0 0"),          # not ASCII
    ("hdu1536", "99 1 2 0"),                   # k larger than the file
    ("hdu5795", "2\n1\n3\n"),                  # a test missing
    ("hdu5795", "1\n0\n"),                     # n = 0
    ("hdu5795", "1\n1\n3\n4\n"),               # something after
    ("hdu5795", ""),
    ("hdu5795", "\ufeff1\n1\n3\n"),            # a byte order mark: the reader drops it
    ("hdu1524", "1 0\n1\n0\n"),                # no C pass for this format
])
def test_anything_not_plain_is_left_to_the_reader(fmt, text):
    assert native.solve(fmt, text) is None


def test_heaps_beyond_the_pass_are_answered_by_the_reader():
    text = "1 2 1 2 20000000 1 0\n"
    assert native.solve("hdu1536", text) is None
    assert hdu1536.solve(text) == "L\n"


# -- the fast lane -------------------------------------------------------------------------------
def lane(argv, stdin: bytes, monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    monkeypatch.setattr(sys, "stdout", out)
    return fastlane.run(argv), out.getvalue()


def test_the_lane_answers_a_plain_file(tmp_path, monkeypatch):
    path = tmp_path / "in.txt"
    path.write_text("2\n2\n4 4\n3\n1 2 4\n")
    assert lane(["solve", "hdu5795", str(path)], b"", monkeypatch) == \
        (0, "Second player wins.\nFirst player wins.\n")
    assert lane(["solve", "hdu1536"], b"2 2 5 3 2 5 12 3 2 4 7 4 2 3 7 12 0", monkeypatch) == (0, "LWW\n")


@pytest.mark.parametrize("argv", [["solve", "hdu1536", "--loopy"], ["solve", "hdu1524"], ["values", "1", "2"],
                                  ["solve", "hdu1536", "a", "b"], ["solve", "nope"],
                                  ["solve", "hdu1536", "--"]])
def test_the_lane_leaves_other_command_lines_alone(argv, monkeypatch):
    assert lane(argv, b"1\n1\n3\n", monkeypatch) == (None, "")
    assert sys.stdin.read() == "1\n1\n3\n"  # nothing of standard input was read


def test_a_file_not_plain_is_handed_on_with_what_was_read(monkeypatch):
    status, out = lane(["solve", "hdu5795"], b"1\n1\n-3\n", monkeypatch)
    assert (status, out) == (None, "")
    assert sys.stdin.buffer.read() == b"1\n1\n-3\n"


def test_a_missing_file_is_the_command_lines_to_tell(tmp_path, monkeypatch):
    assert lane(["solve", "hdu5795", str(tmp_path / "none.txt")], b"", monkeypatch) == (None, "")


def run_cli(*args, stdin: str):
    return subprocess.run([sys.executable, "-X", "importtime", "-m", "sgstudio", "solve", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def imported(stderr: str) -> set[str]:
    lines = [line for line in stderr.splitlines() if line.startswith("import time:")]
    return {line.rsplit("|", 1)[-1].strip() for line in lines}


def test_a_plain_judge_file_loads_neither_numpy_nor_argparse():
    run = run_cli("hdu1536", stdin="2 2 5 3 2 5 12 3 2 4 7 4 2 3 7 12 0\n")
    assert (run.returncode, run.stdout) == (0, "LWW\n")
    modules = imported(run.stderr)
    assert "sgstudio.fastlane" in modules
    assert not {"numpy", "argparse", "numba", "sgstudio.cli", "typing"} & modules


def test_bad_input_from_stdin_gets_the_readers_message():
    run = run_cli("hdu5795", stdin="1\n1\n-3\n")
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.splitlines()[-1] == "<stdin>:3:1: expected a heap size (>= 0), found -3"
    assert "numpy" in imported(run.stderr)  # the reader answered
