"""Run a game file's code in a worker process, never in the caller's; every stop told in words.

:func:`explore_file` starts a process (the ``spawn`` context: a fresh interpreter, nothing of the
caller's state), which loads the file, explores the positions reached from the ones asked about and
sends back what it found; the caller builds the values from that (no user code needed any more).
While it runs, the worker streams progress (positions explored); the caller may cancel (the worker
is terminated). Whatever the user's code does, the caller gets an answer or one
:class:`~sgstudio.games.custom.errors.GameError`:

- an exception in the user's code: ``FILE.py:LINE: Type: message (in options(P))``, their traceback
  in ``details``; a bad option or return value: which position's ``options()`` returned what;
- the position limit (:class:`Limits`); the memory limit (``RLIMIT_AS`` in the worker: a
  MemoryError, or a kill by the system, each told with the limit); the time limit (an alarm
  stops the user's code where it is, its line named; a worker that ignores it is ended);
- a crash (a segfault, ``os._exit``): the exit status or signal, in words; Cancel: "cancelled".

The worker imports no numpy: it starts in a fraction of a second, and its memory is the game's.
The caller's ``__main__`` is hidden from the spawn, so that a script calling this without an
``if __name__ == "__main__":`` guard is not run again in the worker (nor a notebook kernel's
launcher imported there).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sgstudio.games.custom.errors import (
    CancelledError,
    GameError,
    LimitError,
    TimeLimit,
    WorkerCrash,
    as_data,
    from_data,
    user_frames,
)
from sgstudio.games.custom.explore import DEFAULT_MAX_POSITIONS, Explorer, Throttle
from sgstudio.games.custom.source import call_text, load

DEFAULT_MEMORY_MB = 4096
"""The worker's address space (RLIMIT_AS) unless told otherwise, in MiB."""
MEMORY_MARGIN_MB = 64
"""Room given back to the worker after a MemoryError, to tell it."""
GRACE = 2.0
"""Seconds a worker has past its time limit to stop by itself before it is ended."""
POLL = 0.05


@dataclass(frozen=True)
class Limits:
    """What an exploration may use: positions (and sum nodes), memory in MiB (None: no limit), and
    seconds (None: no limit)."""

    max_positions: int = DEFAULT_MAX_POSITIONS
    memory_mb: int | None = DEFAULT_MEMORY_MB
    seconds: float | None = None


@dataclass
class Explored:
    """What a worker sends back: the game's name and start, and the exploration (the arrays as bytes:
    ``start`` int64, ``heads`` int32, ``is_sum`` uint8; ``texts`` when the game has ``text``)."""

    name: str
    start_position: Any
    has_text: bool
    positions: list[Any] = field(default_factory=list)
    start: bytes = b"\0" * 8
    heads: bytes = b""
    is_sum: bytes = b""
    texts: list[str | None] | None = None


Progress = Callable[[int, int], object]


def explore_file(path: str, roots: list[Any], limits: Limits = Limits(), progress: Progress | None = None,
                 cancel: Callable[[], bool] | None = None) -> Explored:
    """Load the game file ``path`` in a worker and explore from ``roots`` (none: only load it).

    Parameters
    ----------
    path : str
        The game file.
    roots : list
        The positions asked about (a list among them: a sum).
    limits : Limits
        Positions, memory, time.
    progress : callable, optional
        ``progress(explored, reached)`` as the worker reports it (about ten times a second).
    cancel : callable, optional
        Polled about twenty times a second; when it returns True the worker is ended and
        :class:`CancelledError` raised.

    Raises
    ------
    GameError
        One of its kinds, with one line of words (see the module docstring).
    """
    context = multiprocessing.get_context("spawn")
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=_worker, args=(writer, path, roots, limits), daemon=True,
                              name="sgstudio-game")
    with _hidden_main():
        process.start()
    writer.close()
    watch = _Watch(process, reader, limits, progress, cancel)
    try:
        return watch.wait()
    finally:
        if process.is_alive():
            process.terminate()
            process.join(1.0)
            if process.is_alive():
                process.kill()
        process.join()
        reader.close()


@contextmanager
def _hidden_main() -> Iterator[None]:
    """A bare ``__main__`` while the worker is spawned (the spawn would import the real one)."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


class _Watch:
    """The caller's side: messages, progress, cancel, the hard deadline, and the worker's end."""

    def __init__(self, process: Any, reader: Any, limits: Limits, progress: Progress | None,
                 cancel: Callable[[], bool] | None) -> None:
        self.process, self.reader, self.limits = process, reader, limits
        self.progress, self.cancel = progress, cancel
        self.explored = 0
        self.meta: dict[str, Any] | None = None
        self.deadline = time.monotonic() + limits.seconds + GRACE if limits.seconds else None

    def wait(self) -> Explored:
        while True:
            if self.cancel is not None and self.cancel():
                raise CancelledError(f"cancelled, {self._so_far()}")
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise LimitError(f"stopped after {self.limits.seconds:g} s (the time limit), {self._so_far()}; "
                                 "the game's code did not stop by itself and the worker was ended")
            if not self.reader.poll(POLL):
                continue
            try:
                message = self.reader.recv()
            except (EOFError, OSError):
                raise self._crash() from None
            result = self._handle(message)
            if result is not None:
                return result

    def _handle(self, message: tuple) -> Explored | None:
        kind = message[0]
        if kind == "progress":
            self.explored = message[1]
            if self.progress is not None:
                self.progress(message[1], message[2])
        elif kind == "loaded":
            self.meta = message[1]
        elif kind == "error":
            raise from_data(message[1])
        elif kind == "done":
            return self._result(message[1])
        return None

    def _result(self, data: dict[str, Any]) -> Explored:
        try:
            start, heads, is_sum = (self.reader.recv_bytes() for _ in range(3))
        except (EOFError, OSError):
            raise self._crash() from None
        meta = self.meta or {}
        return Explored(meta.get("name", "game"), meta.get("start"), meta.get("has_text", False),
                        data["positions"], start, heads, is_sum, data["texts"])

    def _so_far(self) -> str:
        return f"after {self.explored:,} positions explored" if self.explored else "before any position was explored"

    def _crash(self) -> WorkerCrash:
        self.process.join(2.0)
        code = self.process.exitcode
        if code is not None and code < 0:
            number = -code
            name = signal.Signals(number).name if number in signal.valid_signals() else f"signal {number}"
            why = {signal.SIGSEGV: "the game's code crashed it (a segmentation fault)",
                   signal.SIGKILL: "it was killed (by the system, for lack of memory?)",
                   signal.SIGABRT: "it aborted"}.get(number, f"it was stopped by {name}")
            return WorkerCrash(f"the worker process ended {self._so_far()}: {why} ({name})")
        if code:
            return WorkerCrash(f"the worker process ended {self._so_far()} with exit status {code} "
                               "(does the game's code call os._exit?)")
        return WorkerCrash(f"the worker process ended {self._so_far()} without an answer")


# -- the worker's side ---------------------------------------------------------------------------------
class _Sender:
    """Messages to the caller, each whole: the alarm is held off while one is written."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def __call__(self, *message: Any) -> None:
        with _alarm_held():
            self.conn.send(message)

    def raw(self, data: Any) -> None:
        with _alarm_held():
            self.conn.send_bytes(data)


@contextmanager
def _alarm_held() -> Iterator[None]:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})


def _worker(conn: Any, path: str, roots: list[Any], limits: Limits) -> None:  # pragma: no cover - a process
    """The worker process: load, explore, send; every failure sent as an error message."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the caller's to handle (it ends the worker)
    send = _Sender(conn)
    state = _State(limits)
    _limit_memory(limits.memory_mb)
    if limits.seconds:
        signal.signal(signal.SIGALRM, _time_up)
        signal.setitimer(signal.ITIMER_REAL, limits.seconds)
    try:
        _explore(send, path, roots, limits, state)
    except GameError as exc:
        send("error", as_data(exc))
    except TimeLimit as exc:
        send("error", as_data(_time_error(exc, limits, state)))
    except MemoryError as exc:
        _memory_back()
        error = _memory_error(exc, limits, state)
        del exc
        send("error", as_data(error))
    except BaseException as exc:  # noqa: BLE001 - a bug of the engine's: told, not hidden
        send("error", as_data(GameError(f"internal error in the game's worker: {type(exc).__name__}: {exc}",
                                        traceback.format_exc())))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        conn.close()


class _State:
    """What the worker knows of its progress, for the messages of its stops."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.explorer: Explorer | None = None

    def so_far(self) -> str:
        explored = self.explorer.explored if self.explorer is not None else 0
        return f"after {explored:,} positions explored" if explored else "before any position was explored"


def _explore(send: _Sender, path: str, roots: list[Any], limits: Limits, state: _State) -> None:
    source = load(path, keep_path=True)
    send("loaded", {"name": source.name, "start": source.start, "has_text": source.text is not None})
    explorer = state.explorer = Explorer(
        source.options, max_positions=limits.max_positions, path=source.path, line=source.line,
        shown_path=source.shown_path, progress=Throttle(lambda done, reached: send("progress", done, reached)))
    for root in roots:
        explorer.add(root)
    explorer.run()
    texts = _texts(source, explorer) if source.text is not None and roots else None
    signal.setitimer(signal.ITIMER_REAL, 0)
    send("done", {"positions": explorer.positions, "texts": texts})
    send.raw(explorer.start)
    send.raw(explorer.heads)
    send.raw(explorer.is_sum)


def _texts(source: Any, explorer: Explorer) -> list[str | None]:
    """The game's ``text`` of every plain position (sum nodes: None)."""
    text_of, out = source.text, []
    for p, flag in zip(explorer.positions, explorer.is_sum, strict=True):
        if flag:
            out.append(None)
            continue
        out.append(call_text(text_of, p, source))
    return out


def _limit_memory(memory_mb: int | None) -> None:  # pragma: no cover - a process
    if memory_mb is None:
        return
    import resource

    soft = memory_mb << 20
    hard = soft + (MEMORY_MARGIN_MB << 20)
    _, old_hard = resource.getrlimit(resource.RLIMIT_AS)
    if old_hard != resource.RLIM_INFINITY:
        soft, hard = min(soft, old_hard), min(hard, old_hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _memory_back() -> None:  # pragma: no cover - a process
    """After a MemoryError: the margin back (up to the hard limit), to tell it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def _time_up(signum: int, frame: Any) -> None:  # pragma: no cover - a process
    raise TimeLimit


def _where_user_was(exc: BaseException) -> str:
    """``; the game's code was in options((3, 5)) at FILE:LINE`` from an exception's traceback."""
    frames = user_frames(exc)
    if not frames:
        return ""
    last = frames[-1]
    return f"; the game's code was running at {os.path.basename(last.filename)}:{last.lineno} (in {last.name})"


def _time_error(exc: TimeLimit, limits: Limits, state: _State) -> LimitError:
    frames = user_frames(exc)
    line = frames[-1].lineno if frames else None
    file = frames[-1].filename if frames else None
    return LimitError(f"stopped after {limits.seconds:g} s (the time limit), {state.so_far()}{_where_user_was(exc)}",
                      "".join(frames.format()), file, line)


def _memory_error(exc: MemoryError, limits: Limits, state: _State) -> LimitError:
    where = _where_user_was(exc)
    so_far = state.so_far()
    if state.explorer is not None:  # let the exploration go before telling it
        state.explorer.positions, state.explorer.index = [], {}
    traceback.clear_frames(exc.__traceback__)
    return LimitError(f"stopped: the game used more than {limits.memory_mb:,} MB (the memory limit), {so_far}{where}")
