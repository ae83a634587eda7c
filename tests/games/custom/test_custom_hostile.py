"""Hostile game files: each ends in one clear message, in time, and the caller goes on working.

The files are written to a temporary folder by the tests (never kept under tests/, where the
doctest collector would import them). Limits are small so that the suite stays fast.
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from sgstudio import Game
from sgstudio.games.custom.errors import (
    CancelledError,
    GameFileError,
    LimitError,
    PositionError,
    UserCodeError,
    WorkerCrashError,
)
from sgstudio.games.custom.worker import Limits, explore_file

QUICK = Limits(max_positions=100_000, memory_mb=512, seconds=20)


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def failure(path: str, roots: list, limits: Limits = QUICK) -> tuple[Exception, float]:
    began = time.monotonic()
    with pytest.raises(Exception) as info:
        explore_file(path, roots, limits)
    return info.value, time.monotonic() - began


def test_an_exception_in_options_is_told_as_the_users_with_their_traceback(tmp_path):
    path = write(tmp_path, "bad.py", "def helper(n):\n    return n - 1 + 0 * (10 // (n - 3))\n\n"
                                     "def options(n):\n    return [helper(n)] if n > 0 else []\n")
    error, _ = failure(path, [5])
    assert isinstance(error, UserCodeError)
    assert error.message == f"{path}:2: ZeroDivisionError: integer division or modulo by zero (in options(3))"
    assert (error.file, error.line) == (path, 2)
    lines = error.details.splitlines()
    assert lines[0] == "Traceback (most recent call last):" and lines[-1].startswith("ZeroDivisionError")
    assert sum("line 5, in options" in x for x in lines) == 1
    assert sum("line 2, in helper" in x for x in lines) == 1
    assert "sgstudio" not in error.details  # their frames only


def test_an_endless_loop_is_stopped_by_the_time_limit_naming_its_line(tmp_path):
    path = write(tmp_path, "loop.py", "def options(n):\n    k = 0\n    while True:\n        k += 1\n")
    error, took = failure(path, [0], Limits(seconds=1.0))
    assert isinstance(error, LimitError)
    assert error.message.startswith("stopped after 1 s (the time limit), before any position was explored")
    assert "loop.py:3" in error.message or "loop.py:4" in error.message
    assert took < 10


def test_a_loop_that_swallows_the_alarm_is_ended_by_the_caller(tmp_path):
    path = write(tmp_path, "stubborn.py", "def options(n):\n    while True:\n        try:\n"
                                          "            while True:\n                pass\n"
                                          "        except BaseException:\n            pass\n")
    error, took = failure(path, [0], Limits(seconds=0.5))
    assert isinstance(error, LimitError)
    assert "did not stop by itself and the worker was ended" in error.message
    assert took < 10


def test_an_unhashable_option_names_the_position_whose_options_returned_it(tmp_path):
    path = write(tmp_path, "unhashable.py", "def options(p):\n    return [(1, {2: 3})] if p == 7 else [7]\n")
    error, _ = failure(path, [0])
    assert isinstance(error, PositionError)
    assert error.message.startswith(f"{path}:1: options(7) returned (1, {{2: 3}}): which is not hashable")


def test_an_option_of_another_kind_is_told_what_it_is(tmp_path):
    path = write(tmp_path, "float.py", "def options(p):\n    return [p / 2] if p else []\n")
    error, _ = failure(path, [3])
    assert isinstance(error, PositionError)
    assert "options(3) returned 1.5: it is a float; a position is built of ints" in error.message


def test_ten_million_positions_stop_at_the_default_limit(tmp_path):
    path = write(tmp_path, "many.py", "def options(n):\n    return [n + 1] if n < 10**7 else []\n")
    limits = Limits(memory_mb=2048, seconds=120)
    error, _ = failure(path, [0], limits)
    assert isinstance(error, LimitError)
    assert error.message.startswith(f"stopped: more than {limits.max_positions:,} positions are reachable "
                                    "(the position limit)")


def test_a_return_that_is_not_iterable_is_one_message(tmp_path):
    path = write(tmp_path, "none.py", "def options(n):\n    if n:\n        [n - 1]\n")
    error, _ = failure(path, [2])
    assert isinstance(error, PositionError)
    assert error.message == (f"{path}:1: options(2) returned None, not a list or a generator of options "
                             "(does it miss a return?)")
    path = write(tmp_path, "number.py", "def options(n):\n    return n - 1\n")
    assert "options(2) returned 1, an int, not a list" in failure(path, [2])[0].message
    path = write(tmp_path, "text.py", "def options(n):\n    return 'ab'\n")
    assert "returned the string 'ab'; return a list of options" in failure(path, ["x"])[0].message


def test_deep_recursion_inside_options_is_one_message(tmp_path):
    path = write(tmp_path, "deep.py", "def depth(n):\n    return depth(n + 1)\n\n"
                                      "def options(n):\n    return [depth(0)]\n")
    error, _ = failure(path, [0])
    assert isinstance(error, UserCodeError)
    assert error.message.startswith(f"{path}:2: RecursionError: maximum recursion depth exceeded")
    assert error.message.endswith("(in options(0))")
    assert "Previous line repeated" in error.details and len(error.details.splitlines()) < 20


def test_a_mistake_at_import_and_a_syntax_error_are_told_with_their_lines(tmp_path):
    path = write(tmp_path, "import.py", "x = 1\ny = undefined_name + 1\n\ndef options(p):\n    return []\n")
    error, _ = failure(path, [])
    assert isinstance(error, UserCodeError)
    assert error.message == (f"{path}:2: NameError: name 'undefined_name' is not defined "
                             "(while loading the file)")
    path = write(tmp_path, "syntax.py", "def options(p)\n    return []\n")
    error, _ = failure(path, [])
    assert isinstance(error, UserCodeError) and error.message.startswith(f"{path}:1:")
    assert "SyntaxError" in error.message and error.line == 1


def test_a_file_without_options_or_with_a_bad_start_is_refused(tmp_path):
    error, _ = failure(write(tmp_path, "empty.py", "name = 'nothing'\n"), [])
    assert isinstance(error, GameFileError)
    assert error.message.endswith("the file defines no options(position) function")
    error, _ = failure(write(tmp_path, "start.py", "def options(p):\n    return []\n\nstart = [1, {2}]\n"),
                       [])
    assert isinstance(error, GameFileError)
    error, _ = failure(write(tmp_path, "start2.py", "def options(p):\n    return []\n\nstart = 2.5\n"), [])
    assert error.message.endswith("start2.py:4: start = 2.5 is not a position: it is a float")
    error, _ = failure(str(tmp_path / "missing.py"), [])
    assert isinstance(error, GameFileError) and "cannot read the file" in error.message


def test_a_crash_and_os_exit_are_told_in_words(tmp_path):
    segv = write(tmp_path, "segv.py", "import ctypes\n\ndef options(p):\n    ctypes.string_at(0)\n")
    error, _ = failure(segv, [1])
    assert isinstance(error, WorkerCrashError)
    assert "segmentation fault" in error.message and "SIGSEGV" in error.message
    error, _ = failure(write(tmp_path, "exit.py", "import os\n\ndef options(p):\n    os._exit(3)\n"), [1])
    assert isinstance(error, WorkerCrashError) and "exit status 3" in error.message


def test_sys_exit_in_options_is_the_users_mistake(tmp_path):
    error, _ = failure(write(tmp_path, "sysexit.py", "import sys\n\ndef options(p):\n    sys.exit(4)\n"), [1])
    assert isinstance(error, UserCodeError) and error.message.endswith(":4: SystemExit: 4 (in options(1))")


def test_the_memory_limit_stops_a_runaway_in_words(tmp_path):
    path = write(tmp_path, "hog.py", "def options(n):\n    hoard = [0] * (10 ** 9)\n    return []\n")
    error, _ = failure(path, [0], Limits(memory_mb=200))
    assert isinstance(error, LimitError)
    assert error.message.startswith("stopped: the game used more than 200 MB (the memory limit)")
    assert "hog.py:2" in error.message


def test_progress_streams_and_cancel_ends_the_worker(tmp_path):
    path = write(tmp_path, "slow.py",
                 "import time\n\ndef options(n):\n    time.sleep(0.0005)\n    return [n + 1]\n")
    heard: list[int] = []
    stop = threading.Event()

    def progress(explored: int, reached: int) -> None:
        heard.append(explored)
        if explored >= 1000:
            stop.set()

    began = time.monotonic()
    with pytest.raises(CancelledError, match=r"^cancelled, after [\d,]+ positions explored$"):
        explore_file(path, [0], Limits(seconds=60), progress=progress, cancel=stop.is_set)
    assert heard and heard == sorted(heard) and heard[-1] >= 1000
    assert time.monotonic() - began < 30


def test_the_caller_keeps_working_after_every_failure(tmp_path):
    write(tmp_path, "neighbour.py", "STEP = 2\n")
    path = write(tmp_path, "fine.py", "from neighbour import STEP\n\n"
                                      "def options(n):\n    return [n - k for k in (1, STEP) if k <= n]\n")
    game = Game.from_file(path)
    assert game.values(7) == [0, 1, 2, 0, 1, 2, 0]
    assert os.getpid() == os.getpid()  # still here, after the failures above in this process


def test_an_in_process_game_tells_the_users_mistakes_alike():
    def options(p):
        if p == 2:
            return [[1, {3}]]
        return [p - 1] if p else []

    with pytest.raises(PositionError, match=r"options\(2\) returned \[1, \{3\}\]: its part \{3\} is not "):
        Game(options).value(3)

    def broken(p):
        return [p // 0]

    with pytest.raises(UserCodeError, match=r"hostile.py:\d+: ZeroDivisionError: .* \(in options\(1\)\)"):
        Game(broken).value(1)
