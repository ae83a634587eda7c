"""``python -m sgstudio`` and the ``sgstudio`` console script."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: its import alone would double the fast lane's start
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def _raise_later(previous: Callable[[Any], object]) -> Callable[[Any], object]:
    """A Ctrl+C that lands in a callback of the import system (where Python cannot raise) is printed
    as "Exception ignored" and lost; from the first line on it is raised again a moment later, in
    the main thread (``core.interrupts`` takes over once the command line runs)."""

    def hook(unraisable: Any) -> object:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            return previous(unraisable)
        import _thread
        import time

        _thread.start_new_thread(lambda: (time.sleep(0.01), _thread.interrupt_main()), ())
        return None

    return hook


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI (subcommands) or, with no subcommand, the GUI (a judge file the C pass
    answers first: :mod:`sgstudio.fastlane`). A Ctrl+C while the command line itself loads is an
    interruption too: ``sgstudio: interrupted``, exit status 130."""
    args = sys.argv[1:] if argv is None else list(argv)
    if argv is None:
        sys.unraisablehook = _raise_later(sys.unraisablehook)
    try:
        from sgstudio import fastlane

        status = fastlane.run(args)
        if status is not None:
            return status
        from sgstudio.cli import main as cli

        # cli.main's guard catches what its run raises; a Ctrl+C on the way in (the check at the
        # entry of a call, before its try) or on the way out is caught here
        status = cli.main(args)
        if argv is None:  # the run is over, its output flushed: a Ctrl+C now would only kill the exit
            import signal

            signal.signal(signal.SIGINT, signal.SIG_IGN)
    except BaseException as err:
        from sgstudio.core.interrupts import EXIT_INTERRUPTED, is_interruption

        if not is_interruption(err):
            raise
        print("sgstudio: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


if __name__ == "__main__":
    sys.exit(main())
