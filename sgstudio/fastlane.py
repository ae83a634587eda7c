"""``sgstudio solve FORMAT [FILE]`` and ``sgstudio period CODE`` answered before the command line
loads, where a C pass serves.

A judge file of a format that :mod:`sgstudio.formats.native` answers takes the C pass some
milliseconds; loading the command line (argparse and its translations, the subcommands, numpy for
the formats' readers) took several times that. So :func:`run` looks at the arguments first: exactly
``solve FORMAT`` or ``solve FORMAT FILE``, FORMAT one of :data:`sgstudio.formats.native.SOLVERS`,
the C pass built, the file readable and plain. Then the answer is written and that is all; in any
other case (an option, a file that cannot be read, a file that is not plain: anything the command
line has something to say about) it returns None and the command line runs as if this were not
here (standard input already read is handed on), so every message and exit status stays its own.
Likewise ``period CODE [--max N]`` for an octal code whose certificate the C pass of
:mod:`sgstudio.games.takebreak.period_native` finds within its budget (0.45: well under 1 ms).

>>> run(["values", "0.77", "10"]) is None   # not for this lane
True
"""

from __future__ import annotations

import sys


def run(argv: list[str]) -> int | None:
    """The exit status when answered here; None: the command line takes over."""
    if argv[:1] == ["period"]:
        return _period(argv[1:])
    if len(argv) not in (2, 3) or argv[0] != "solve":
        return None
    fmt, path = argv[1], argv[2] if len(argv) == 3 else "-"
    if path.startswith("-") and path != "-":
        return None
    try:
        from sgstudio.formats import native

        if fmt not in native.SOLVERS or native.EXTENSION.load() is None:
            return None
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except KeyboardInterrupt as err:
        return _failure(err)
    except Exception:
        return None
    try:
        out = native.solve(fmt, data)
    except KeyboardInterrupt as err:
        return _failure(err)
    except Exception:
        out = None
    if out is None:
        if path == "-":  # the command line reads standard input again: what was read is handed on
            import io

            sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")
        return None
    return _write(out)


def _period(args: list[str]) -> int | None:
    """``period CODE [--max N]`` where the C pass certifies the period soon
    (:func:`sgstudio.games.takebreak.period_native.answer`)."""
    try:
        from sgstudio.games.takebreak import period_native

        text = period_native.answer(args)
    except KeyboardInterrupt as err:
        return _failure(err)
    except Exception:
        return None
    return None if text is None else _write(text)


def _write(text: str) -> int:
    try:
        from sgstudio.output import write_all

        write_all(text.encode())  # in a loop: a short write is an error, never a silent cut
    except BaseException as err:  # a closed pipe, a full disk, Ctrl+C: the command line's words
        if isinstance(err, OSError | AttributeError):
            from sgstudio.console import OutputError

            err = OutputError(getattr(err, "errno", None), getattr(err, "strerror", None) or
                              "standard output is closed")
        return _failure(err)
    return 0


def _failure(err: BaseException) -> int:
    from sgstudio.cli import main as cli

    return cli.failure(err)
