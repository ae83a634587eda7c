"""Standard output written in full or not at all: no silently cut output (issue 29, item 1).

Once some bytes have gone out, CPython's buffered writers may report a short count instead of
raising (a disk that fills up half-way), and a caller that does not check it exits 0 with a
truncated file. :func:`write_all` writes to the file descriptor itself, in a loop until every byte
is out; a failed write raises OSError (ENOSPC, EPIPE...), a write that makes no progress raises
OSError(EIO). Where standard output is no file (a test's capture), its binary or text layer is
written in the same loop.

>>> import io
>>> class Short(io.RawIOBase):   # a writer that takes at most 3 bytes a call
...     def __init__(self): self.got = b""
...     def writable(self): return True
...     def write(self, b): self.got += bytes(b[:3]); return min(3, len(b))
>>> sink = Short()
>>> write_all(b"0 1 2 3 4 5", sink)
>>> sink.got
b'0 1 2 3 4 5'
"""

from __future__ import annotations

import errno
import io
import os
import sys

TYPE_CHECKING = False  # typing costs the judge fast lane some ms
if TYPE_CHECKING:
    from typing import Any

EXIT_CLOSED_PIPE = 141
"""The status of a command whose reader went away (128 + SIGPIPE, as a shell reports it)."""


def write_all(data: bytes, stream: Any = None) -> None:
    """Write every byte of ``data`` to ``stream`` (default: standard output, through its file
    descriptor when it has one); OSError when it cannot be done."""
    out = sys.stdout if stream is None else stream
    if out is None:
        raise OSError(errno.EBADF, "standard output is closed")
    fd = _descriptor(out)
    if fd is not None:
        out.flush()  # what went through the text layer first
        put = lambda view: os.write(fd, view)  # noqa: E731 - the loop below serves both
    else:
        binary = getattr(out, "buffer", None)
        if binary is None and isinstance(out, io.TextIOBase):
            out.write(data.decode(getattr(out, "encoding", None) or "utf-8", "replace"))
            return
        target = out if binary is None else binary
        if binary is not None:
            out.flush()
        put = target.write
    view = memoryview(data)
    while view:
        done = put(view)
        if not done or done < 0:
            raise OSError(errno.EIO, "the output took no more bytes")
        view = view[done:]


def _descriptor(stream: Any) -> int | None:
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    return fd if isinstance(fd, int) and fd >= 0 else None
