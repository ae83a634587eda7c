"""Where the window's files are: the entries of File > Open Recent, and the folder a file dialog starts in.

An entry of Open Recent is a document's absolute path, or ``FORMAT:PATH`` for a judge file (its name
does not tell its format, so the entry does: choosing it imports the file into that format's tab
again). Entries of an older sgstudio (plain paths) read as documents.

Every file dialog (open, save as, import, export) starts in the folder of the open document, else in
the last folder a file was opened from or written to (kept in the settings), else in the home folder.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

RECENT_KEY = "recent_files"
FOLDER_KEY = "last_folder"
MAX_RECENT = 8


def recent_entry(path: str | Path, fmt: str = "") -> str:
    """The Open Recent entry of ``path`` (a document), or of a judge file of format ``fmt``.

    >>> recent_entry("/data/s.txt", "hdu1536"), recent_entry("/data/g.sgs")
    ('hdu1536:/data/s.txt', '/data/g.sgs')
    """
    return f"{fmt}:{path}" if fmt else str(path)


def split_entry(entry: str) -> tuple[str, str]:
    """``(path, format)`` of an Open Recent entry (format ``""``: a document).

    A path is absolute, so what comes before a first ``:`` is a format only when it is a word of two
    characters or more (``C:`` is a Windows drive, ``/a:b`` a path).

    >>> split_entry("hdu1536:/data/s.txt"), split_entry("/data/a:b.sgs"), split_entry("C:\\\\g.sgs")
    (('/data/s.txt', 'hdu1536'), ('/data/a:b.sgs', ''), ('C:\\\\g.sgs', ''))
    """
    fmt, colon, path = entry.partition(":")
    if colon and len(fmt) > 1 and fmt.isalnum():
        return path, fmt
    return entry, ""


class Places:
    """Open Recent's entries and the last folder used, kept in ``settings``."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def recent(self) -> list[str]:
        """The Open Recent entries, most recent first."""
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):  # a list of one comes back as a string from an INI file
            value = [value]
        return [str(v) for v in (value or [])]

    def add(self, path: str | Path, fmt: str = "") -> list[str]:
        """Put ``path`` (a judge file of format ``fmt``, or a document) first; the entries now."""
        return self._store(with_entry(self.recent(), recent_entry(Path(path).resolve(), fmt)))

    def forget(self, path: str | Path) -> list[str]:
        """Take the file ``path`` off the entries (it is gone); the entries now."""
        return self._store(without_file(self.recent(), str(Path(path).resolve())))

    def _store(self, entries: list[str]) -> list[str]:
        self.settings.setValue(RECENT_KEY, entries)
        self.settings.sync()
        return entries

    def start(self, document: Path | None) -> str:
        """Where a file dialog starts: the document's folder, else the last folder used, else home."""
        if document is not None and document.parent.is_dir():
            return str(document.parent)
        last = self.settings.value(FOLDER_KEY, "")
        if isinstance(last, str) and last and Path(last).is_dir():
            return last
        return str(Path.home())

    def used(self, path: str | Path) -> None:
        """``path`` was opened or written: its folder is the last folder used."""
        self.settings.setValue(FOLDER_KEY, str(Path(path).resolve().parent))


def with_entry(entries: list[str], entry: str) -> list[str]:
    """``entry`` first, then the others minus any of the same file (as a document or as a judge file).

    >>> with_entry(["/a.sgs", "hdu1536:/s.txt"], "hdu5795:/s.txt")
    ['hdu5795:/s.txt', '/a.sgs']
    """
    path = split_entry(entry)[0]
    return [entry, *(e for e in entries if split_entry(e)[0] != path)][:MAX_RECENT]


def without_file(entries: list[str], path: str) -> list[str]:
    """``entries`` minus those of the file ``path``.

    >>> without_file(["/a.sgs", "hdu1536:/s.txt", "/b.sgs"], "/s.txt")
    ['/a.sgs', '/b.sgs']
    """
    return [e for e in entries if split_entry(e)[0] != path]
