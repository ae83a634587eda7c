"""Ctrl+C at any moment of a subcommand's start ends in words (issues 28 and 29, item 2): a SIGINT
scan over delays finds only a normal finish or ``sgstudio: interrupted`` with exit status 130,
never a crash log, a traceback or a signal's death; with the ahead-of-time kernels and with numba's
jit (whose cached kernels load through Python called from numba: the crash of issue 28)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sgstudio.core import interrupts

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGINT as on POSIX")
DELAYS = (0.01, 0.1, 0.3, 0.7, 1.2)
STARTER = """if True:
    import os, sys
    fd = int(os.environ["SGSTUDIO_TEST_READY"])
    def ready(event, args):  # the command line's module is imported: sgstudio's main() runs
        global fd
        if event == "import" and args[0] == "sgstudio.cli.main" and fd >= 0:
            os.write(fd, b"."), os.close(fd)
            fd = -1
    sys.addaudithook(ready)
    from sgstudio.__main__ import main
    sys.exit(main())
"""


WYTHOFF = str(Path(__file__).parents[2] / "sgstudio" / "games" / "custom" / "examples" / "wythoff.py")


def chain_file(path: Path, n: int) -> Path:
    """An hdu1524 graph: a chain 0 -> 1 -> ... -> n-1, with one self-loop at the end (loopy)."""
    lines = [str(n), *(f"1 {i + 1}" for i in range(n - 1)), f"1 {n - 1}", "1 0", "0"]
    path.write_text("\n".join(lines) + "\n")
    return path


def commands(tmp: Path) -> dict[str, list[str]]:
    chain = str(chain_file(tmp / "chain.txt", 200_000))
    return {
        "values": ["values", "0.16", "3000000"],
        "period": ["period", "0.4", "--max", "2000000"],
        "sum": ["sum", f"loopy:{chain}:1:0", "0.16:400000"],
        "play": ["play", "hdu1524", chain, "--loopy", "--max-moves", "5"],
        "solve": ["solve", "hdu1524", "--loopy", chain],
        "sweep": ["sweep", "0.16", "--values", "3000", "--workers", "1"],
        "pattern": ["pattern", "0.16", "--upto", "200000"],
        "table": ["table", WYTHOFF, "60", "60"],  # the game's code in a worker process
    }


def interrupted_at(args: list[str], delay: float, env: dict[str, str]) -> tuple[int, str]:
    # the delay counts from the interpreter's start-up done (before it, no code of sgstudio runs and
    # Python's own KeyboardInterrupt is all there is): the child says on a pipe that main() runs
    ready, told = os.pipe()
    child = subprocess.Popen([sys.executable, "-c", STARTER, *args], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env={**env, "SGSTUDIO_TEST_READY": str(told)},
                             pass_fds=(told,))
    os.close(told)
    os.read(ready, 1)
    os.close(ready)
    time.sleep(delay)
    if child.poll() is None:
        child.send_signal(signal.SIGINT)
    try:
        _, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        child.kill()
        _, err = child.communicate()
    return child.returncode, err.decode(errors="replace")


def scan(tmp_path: Path, extra_env: dict[str, str]) -> list[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), **extra_env}
    runs = commands(tmp_path)
    for args in runs.values():  # numba's cache warm, the kernels built: the scan sees loading, not compiling
        subprocess.run([sys.executable, "-m", "sgstudio", *args], env=env, capture_output=True, timeout=300,
                       check=False)
    jobs = [(name, args, delay) for name, args in runs.items() for delay in DELAYS]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda job: (job[0], job[2], *interrupted_at(job[1], job[2], env)), jobs))
    bad = []
    for name, delay, status, err in results:
        normal = status == 0 and "Traceback" not in err and "internal error" not in err
        if not normal and (status, err) != (130, "sgstudio: interrupted\n"):
            bad.append(f"{name} at {delay} s: status {status}, stderr {err[-300:]!r}")
    crash = tmp_path / "cache" / "sgstudio"
    bad += [f"crash log {p.name}" for p in crash.glob("crash-*.log")] if crash.exists() else []
    return bad


def test_a_sigint_scan_over_every_subcommand_finds_only_words(tmp_path):
    assert scan(tmp_path, {}) == []


def test_the_scan_covers_every_subcommand(tmp_path):
    named = {"values", "period", "sum", "play", "solve", "table", "pattern", "sweep"}  # issue 28, item 3
    assert set(commands(tmp_path)) == named


def test_a_sigint_scan_with_numba_jit_kernels_finds_only_words(tmp_path):
    assert scan(tmp_path, {"SGSTUDIO_NO_AOT": "1"}) == []


def test_an_exception_caused_by_a_keyboard_interrupt_is_an_interruption(capsys):
    from sgstudio.cli import main as cli

    def kernel_loading():
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as err:
            raise SystemError("<function _numba_unpickle> returned a result with an exception set") from err

    assert cli.guarded(lambda: kernel_loading() or 0) == 130
    assert capsys.readouterr().err == "sgstudio: interrupted\n"


def test_a_sigint_inside_a_held_call_waits_for_its_end_then_interrupts():
    if not interrupts.install():
        pytest.skip("another SIGINT handler is in place")
    done = []

    @interrupts.guard
    def kernel():
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # Python runs here (as numba's loader does): the handler only notes it
            pass
        done.append(True)
        return 7

    with pytest.raises(KeyboardInterrupt):
        kernel()
    assert done == [True]
    assert not interrupts.pending()
