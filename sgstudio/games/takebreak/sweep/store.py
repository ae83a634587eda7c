"""The sweep store: an SQLite file with one row per game and N, written as games finish.

Each result is one transaction (:meth:`Store.put`), in WAL mode: a sweep stopped at any point (Ctrl+C,
a killed process, a lost worker) leaves every finished game stored and the file consistent, and a
sweep run again skips what is stored (:meth:`Store.done`). The schema is versioned
(``PRAGMA user_version``, :data:`SCHEMA_VERSION`) and the file is marked as a sweep store
(``PRAGMA application_id``); a file that is not one, or of a newer version, is refused in one line.

>>> from sgstudio.games.takebreak.sweep.job import run_game
>>> with Store(":memory:") as store:
...     store.put(run_game("0.77", 200))
...     sorted(store.done(["0.77", "0.07"], 200)), store.get("0.77", 200).period
(['0.77'], 12)
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import astuple, fields
from types import TracebackType

from sgstudio.core.errors import SGStudioError, printable
from sgstudio.games.takebreak.sweep.job import GameResult

SCHEMA_VERSION = 1
APPLICATION_ID = 0x53475357  # "SGSW"
COLUMNS = tuple(f.name for f in fields(GameResult))
_TYPES = {"code": "TEXT NOT NULL", "n": "INTEGER NOT NULL", "status": "TEXT NOT NULL", "packed": "BLOB",
          "seconds": "REAL", "certificate": "TEXT", "method": "TEXT", "rare_mask": "TEXT", "digest": "TEXT",
          "digest_tail": "TEXT", "digest_head": "TEXT", "error": "TEXT"}
SCHEMA = ("CREATE TABLE games (" + ", ".join(f"{c} {_TYPES.get(c, 'INTEGER')}" for c in COLUMNS)
          + ", PRIMARY KEY (code, n))")


class StoreError(SGStudioError):
    """The file is not a sweep store this sgstudio can read (bad input, exit status 2)."""


class Store:
    """A sweep store (module docstring); ``path`` ``:memory:`` keeps the results in memory."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._name = printable(path)
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._open()
        except sqlite3.OperationalError as err:  # cannot open, locked, read-only
            raise StoreError(f"{self._name}: cannot open the sweep store ({err})") from None
        except sqlite3.DatabaseError as err:  # not a database at all
            raise StoreError(f"{self._name}: not a sweep store ({err})") from None

    def _open(self) -> None:
        db = self._db
        app, version = (db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("application_id", "user_version"))
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables == 0 and app == 0:
            db.execute("PRAGMA journal_mode = WAL")
            with self._transaction():
                db.execute(SCHEMA)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif app != APPLICATION_ID:
            raise StoreError(f"{self._name}: not a sweep store (an SQLite file of something else)")
        elif version != SCHEMA_VERSION:
            raise StoreError(f"{self._name}: a sweep store of schema version {version}; this sgstudio "
                             f"reads version {SCHEMA_VERSION}")
        else:
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives the process being killed

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def put(self, result: GameResult) -> None:
        """Store one result (replacing the row of the same game and N), in its own transaction.

        A file that cannot be written (read-only, a full disk) raises OSError naming it (exit status 1).
        """
        marks = ", ".join("?" * len(COLUMNS))
        try:
            with self._transaction():
                self._db.execute(f"INSERT OR REPLACE INTO games ({', '.join(COLUMNS)}) VALUES ({marks})",
                                 astuple(result))
        except sqlite3.OperationalError as err:
            raise OSError(f"{self._name}: cannot write the sweep store ({err})") from None

    def done(self, codes: Iterable[str], n: int) -> set[str]:
        """Which of ``codes`` are stored at ``n`` values."""
        wanted = set(codes)
        rows = self._db.execute("SELECT code FROM games WHERE n = ?", (n,))
        return {code for (code,) in rows if code in wanted}

    def get(self, code: str, n: int) -> GameResult | None:
        """The stored result of ``code`` at ``n`` values, or None."""
        row = self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM games WHERE code = ? AND n = ?",
                               (code, n)).fetchone()
        return GameResult(*row) if row is not None else None

    def results(self, n: int | None = None) -> Iterator[GameResult]:
        """Every stored result (at ``n`` values when given), ordered by N and code."""
        where, args = ("WHERE n = ?", (n,)) if n is not None else ("", ())
        query = f"SELECT {', '.join(COLUMNS)} FROM games {where} ORDER BY n, code"
        for row in self._db.execute(query, args).fetchall():
            yield GameResult(*row)

    def check(self) -> str:
        """SQLite's integrity check: ``ok`` for a consistent file."""
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        """Close the file (what is stored stays)."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises (Ctrl+C included)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def open_store(path: str | None) -> Store:
    """The store at ``path`` (created when missing), or one in memory for None.

    A path that cannot be opened, or is no sweep store, raises :class:`StoreError` naming it.
    """
    if path is None:
        return Store(":memory:")
    if os.path.isdir(path):
        raise StoreError(f"{printable(path)}: is a directory, not a sweep store")
    return Store(path)
