"""Ctrl+C never runs Python inside compiled code: one mechanism for every kernel call.

A SIGINT makes Python run its handler at the next bytecode of the main thread. While a compiled
kernel (ahead of time or numba's jit) runs, that bytecode may be numba's own: the unpickling of a
cached kernel, a ctypes callback, the linking of a freshly compiled function. A KeyboardInterrupt
raised there surfaced as ``SystemError: ... returned a result with an exception set``, and once the
kernel was left half loaded, as a segmentation fault.

So every kernel call runs inside :func:`held` (:func:`guard` wraps a kernel in it): there the
handler only notes the signal, and the KeyboardInterrupt is raised when the outermost held call
returns, in plain Python, between two chunks of work. A chunk loop that holds over several calls
asks :func:`check`. A second Ctrl+C while the first waits ends the process at once
(``sgstudio: interrupted``, exit status 130): nothing of Python runs further.

Any exception whose chain (``__cause__`` / ``__context__``) holds a KeyboardInterrupt is an
interruption (:func:`is_interruption`): a signal that came while a module was imported, say.

Only the main thread receives Python's signals; elsewhere (the window's worker threads) :func:`held`
costs a thread check and nothing more.

>>> @guard
... def twice(x):
...     return 2 * x
>>> twice(21), pending()
(42, False)
>>> is_interruption(ValueError("x")), is_interruption(KeyboardInterrupt())
(False, True)
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

EXIT_INTERRUPTED = 130
_MAIN = threading.main_thread().ident
_state = {"depth": 0, "pending": False, "installed": False}


def _handler(signum: int, frame: object) -> None:
    """SIGINT: a KeyboardInterrupt at once outside kernels; inside, noted (a second one exits)."""
    if _state["depth"] == 0:
        raise KeyboardInterrupt
    if _state["pending"]:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            sys.stderr.write("sgstudio: interrupted\n")
            sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED)
    _state["pending"] = True


def install() -> bool:
    """Put the deferring handler in place of Python's default one (in the main thread only; a
    handler someone else set is left alone). Returns whether it is in place."""
    if _state["installed"]:
        return signal.getsignal(signal.SIGINT) is _handler
    if threading.get_ident() != _MAIN:
        return False
    with contextlib.suppress(ValueError, OSError):
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _handler)
            _state["installed"] = True
            sys.unraisablehook = _unraisable(sys.unraisablehook)
    return _state["installed"]


def _unraisable(previous: Callable[[Any], object]) -> Callable[[Any], object]:
    """A KeyboardInterrupt raised where Python cannot raise (a weakref callback of the import system,
    a ``__del__``) was printed as "Exception ignored" and lost; now it is raised again, in the main
    thread, a moment later (once the callback is over), and nothing is printed."""

    def hook(unraisable: Any) -> object:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            import _thread

            threading.Timer(0.01, _thread.interrupt_main).start()
            return None
        return previous(unraisable)

    return hook


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Run the block with Ctrl+C deferred to its end (a KeyboardInterrupt raised there)."""
    if threading.get_ident() != _MAIN or not (_state["installed"] or install()):
        yield
        return
    _state["depth"] += 1
    try:
        yield
    finally:
        _state["depth"] -= 1
        if _state["depth"] == 0:
            check()


def check() -> None:
    """Raise the KeyboardInterrupt a held block noted (nothing when none came)."""
    if _state["pending"] and _state["depth"] == 0:
        _state["pending"] = False
        raise KeyboardInterrupt


def pending() -> bool:
    """Whether a Ctrl+C came during a held block and waits to be raised."""
    return bool(_state["pending"])


def guard(fn: F) -> F:
    """``fn`` called inside :func:`held` (the kernels' wrapper; a guarded function is not wrapped
    twice)."""
    if fn is None or getattr(fn, "_sgstudio_held", False):
        return fn

    @functools.wraps(fn, updated=())
    def call(*args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() != _MAIN:
            return fn(*args, **kwargs)
        with held():
            return fn(*args, **kwargs)

    call._sgstudio_held = True  # type: ignore[attr-defined]
    return call  # type: ignore[return-value]


def is_interruption(err: BaseException | None) -> bool:
    """Whether ``err`` is a KeyboardInterrupt or has one in its chain of causes and contexts.

    >>> try:
    ...     try:
    ...         raise KeyboardInterrupt
    ...     except KeyboardInterrupt as inner:
    ...         raise SystemError("returned a result with an exception set") from inner
    ... except SystemError as outer:
    ...     is_interruption(outer)
    True
    """
    seen: set[int] = set()
    todo = [err]
    while todo:
        err = todo.pop()
        if err is None or id(err) in seen:
            continue
        if isinstance(err, KeyboardInterrupt):
            return True
        seen.add(id(err))
        todo += [err.__cause__, err.__context__]
    return False
