"""Run a game file's code in a worker process, never in the caller's; every stop told in words.

A :class:`Session` starts a process (the ``spawn`` context: a fresh interpreter, nothing of the
caller's state) that loads the file and then, on each request, explores the positions reached from
the ones asked about, sending back only what is new (it keeps its dict of positions between
requests, so a loop over many positions costs no more than one exploration of them all). The
caller builds the values (no user code needed for that). While it works the worker streams
progress (positions explored); the caller may cancel (the worker is terminated). Whatever the
user's code does, a request ends with an answer or one
:class:`~sgstudio.games.custom.errors.GameError`, after which the session is over (the next
request starts a new one):

- an exception in the user's code: ``FILE.py:LINE: Type: message (in options(P))``, their traceback
  in ``details``; a bad option or return value: which position's ``options()`` returned what;
- the position limit (:class:`Limits`); the memory limit (``RLIMIT_AS`` in the worker: a
  MemoryError, or a kill by the system, each told with the limit); the time limit of a request
  (an alarm stops the user's code where it is, its line named; a worker that ignores it is ended);
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
import traceback
import types
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from sgstudio.games.custom.errors import GameError, LimitError, TimeLimit, as_data, user_frames
from sgstudio.games.custom.explore import DEFAULT_MAX_POSITIONS, Explorer, Throttle
from sgstudio.games.custom.source import call_text, load
from sgstudio.games.custom.watch import Increment, Watch

DEFAULT_MEMORY_MB = 4096
"""The worker's address space (RLIMIT_AS) unless told otherwise, in MiB."""
MEMORY_MARGIN_MB = 64
"""Room given back to the worker after a MemoryError, to tell it."""

Progress = Callable[[int, int], object]


@dataclass(frozen=True)
class Limits:
    """What a session may use: positions (and sum nodes) in all, memory in MiB (None: no limit), and
    seconds per request (None: no limit)."""

    max_positions: int = DEFAULT_MAX_POSITIONS
    memory_mb: int | None = DEFAULT_MEMORY_MB
    seconds: float | None = None


class Session:
    """A worker process holding one game file (see the module docstring).

    Parameters
    ----------
    path : str
        The game file; it is loaded at once (a GameError here if it is not a game).
    limits : Limits
        Positions, memory, time.
    progress : callable, optional
        ``progress(explored, reached)`` as the worker reports it (about ten times a second).
    cancel : callable, optional
        Polled while the file loads, as :meth:`explore` polls its own.

    Attributes ``name``, ``start`` (None when the file gives none) and ``has_text`` describe the game.
    """

    def __init__(self, path: str, limits: Limits = Limits(), progress: Progress | None = None,
                 cancel: Callable[[], bool] | None = None) -> None:
        self.path, self.limits, self.progress = path, limits, progress
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe(duplex=True)
        self._process = context.Process(target=_worker, args=(child, path, limits), daemon=True,
                                        name="sgstudio-game")
        with _hidden_main():
            self._process.start()
        child.close()
        self._end = weakref.finalize(self, _stop, self._process, self._conn)
        try:
            meta = self._watch(cancel).wait()  # cancel: an endless loop at import time is stopped too
        except BaseException:
            self.close()
            raise
        self.name, self.start, self.has_text = meta["name"], meta["start"], meta["has_text"]

    @property
    def alive(self) -> bool:
        """Whether the worker is there to answer (False after any failure or :meth:`close`)."""
        return self._end.alive and self._process.is_alive()

    def explore(self, roots: list[Any], cancel: Callable[[], bool] | None = None) -> Increment:
        """Explore from ``roots`` (positions; a list among them: a sum); what was not known before.

        ``cancel`` is polled about twenty times a second; when it returns True the worker is ended
        and :class:`~sgstudio.games.custom.errors.CancelledError` raised. Any GameError ends the
        session.
        """
        if not self.alive:
            raise GameError("this game's worker has ended; start a new session")
        try:
            self._conn.send(("explore", roots))
            return self._watch(cancel).wait()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """End the worker."""
        self._end()

    def _watch(self, cancel: Callable[[], bool] | None) -> Watch:
        return Watch(self._process, self._conn, self.limits.seconds, self.progress, cancel)


def explore_file(path: str, roots: list[Any], limits: Limits = Limits(), progress: Progress | None = None,
                 cancel: Callable[[], bool] | None = None) -> tuple[Session, Increment]:
    """One request in a session of its own, which is closed after it: ``(session, increment)``.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "heap.py")
    >>> _ = open(path, "w").write("def options(n):\\n    return range(n)\\n")
    >>> session, found = explore_file(path, [2])
    >>> session.name, found.positions, session.alive
    ('heap', [2, 0, 1], False)
    """
    session = Session(path, limits, progress)
    try:
        return session, session.explore(roots, cancel)
    finally:
        session.close()


def _stop(process: Any, conn: Any) -> None:
    """End a worker: asked first, then terminated, then killed."""
    with suppress(OSError, ValueError):
        conn.send(("close",))
    process.join(0.5)
    if process.is_alive():
        process.terminate()
        process.join(1.0)
        if process.is_alive():
            process.kill()
    process.join()
    conn.close()


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


class _State:
    """What the worker knows of its progress, for the messages of its stops."""

    def __init__(self) -> None:
        self.explorer: Explorer | None = None

    def so_far(self) -> str:
        explored = self.explorer.explored if self.explorer is not None else 0
        return f"after {explored:,} positions explored" if explored else "before any position was explored"


def _worker(conn: Any, path: str, limits: Limits) -> None:  # pragma: no cover - a process
    """The worker process: load, then explore on request; a failure is sent and ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the caller's to handle (it ends the worker)
    send = _Sender(conn)
    state = _State()
    _limit_memory(limits.memory_mb)
    signal.signal(signal.SIGALRM, _time_up)
    try:
        _serve(conn, send, path, limits, state)
    except GameError as exc:
        send("error", as_data(exc))
    except TimeLimit as exc:
        send("error", as_data(_time_error(exc, limits, state)))
    except MemoryError as exc:
        _memory_back()
        error = _memory_error(exc, limits, state)
        del exc
        send("error", as_data(error))
    except BaseException as exc:
        send("error", as_data(GameError(f"internal error in the game's worker: {type(exc).__name__}: {exc}",
                                        traceback.format_exc())))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        conn.close()


def _serve(conn: Any, send: _Sender, path: str, limits: Limits, state: _State) -> None:
    _alarm(limits)
    source = load(path, keep_path=True)
    signal.setitimer(signal.ITIMER_REAL, 0)
    send("loaded", {"name": source.name, "start": source.start, "has_text": source.text is not None})
    explorer = state.explorer = Explorer(
        source.options, max_positions=limits.max_positions, path=source.path, line=source.line,
        shown_path=source.shown_path,
        progress=Throttle(lambda done, reached: send("progress", done, reached)))
    while True:
        request = conn.recv()
        if request[0] != "explore":
            return
        first, edges = len(explorer.positions), len(explorer.heads)
        _alarm(limits)
        for root in request[1]:
            explorer.add(root)
        explorer.run()
        texts = _texts(source, explorer, first) if source.text is not None else None
        signal.setitimer(signal.ITIMER_REAL, 0)
        send("done", {"first": first, "positions": explorer.positions[first:], "texts": texts})
        send.raw(explorer.start[first + 1:])
        send.raw(explorer.heads[edges:])
        send.raw(explorer.is_sum[first:])


def _alarm(limits: Limits) -> None:  # pragma: no cover - a process
    if limits.seconds:
        signal.setitimer(signal.ITIMER_REAL, limits.seconds)


def _texts(source: Any, explorer: Explorer, first: int) -> list[str | None]:
    """The game's ``text`` of every new plain position (sum nodes: None)."""
    text_of, out = source.text, []
    for p, flag in zip(explorer.positions[first:], explorer.is_sum[first:], strict=True):
        out.append(None if flag else call_text(text_of, p, source))
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
    global _EFFECTIVE_MB
    _EFFECTIVE_MB = soft >> 20  # lower than asked under a limit the studio was started with (ulimit -v)


_EFFECTIVE_MB: int | None = None
"""The worker's memory limit as set, in MiB (None: not set)."""


def _memory_back() -> None:  # pragma: no cover - a process
    """After a MemoryError: the margin back (up to the hard limit), to tell it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def _time_up(signum: int, frame: Any) -> None:  # pragma: no cover - a process
    raise TimeLimit


def _where_user_was(exc: BaseException) -> str:
    """``; the game's code was running at FILE:LINE (in options)`` from an exception's traceback."""
    frames = user_frames(exc)
    if not frames:
        return ""
    last = frames[-1]
    where = f"{os.path.basename(last.filename)}:{last.lineno}"
    return f"; the game's code was running at {where} (in {last.name})"


def _time_error(exc: TimeLimit, limits: Limits, state: _State) -> LimitError:
    frames = user_frames(exc)
    line = frames[-1].lineno if frames else None
    file = frames[-1].filename if frames else None
    message = f"stopped after {limits.seconds:g} s (the time limit), {state.so_far()}{_where_user_was(exc)}"
    return LimitError(message, "".join(frames.format()), file, line)


def _memory_error(exc: MemoryError, limits: Limits, state: _State) -> LimitError:
    where = _where_user_was(exc)
    so_far = state.so_far()
    if state.explorer is not None:  # let the exploration go before telling it
        state.explorer.release()
    traceback.clear_frames(exc.__traceback__)
    limit = limits.memory_mb if _EFFECTIVE_MB is None else _EFFECTIVE_MB
    whose = "the memory limit" if limit == limits.memory_mb else \
        "the memory limit, lowered by the address-space limit sgstudio was started under"
    return LimitError(f"stopped: the game used more than {limit:,} MB ({whose}), {so_far}{where}")
