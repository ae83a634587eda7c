"""The sweep's parts without a cluster: codes and patterns, the store, the layouts read back, the
progress bar, and what the package imports."""

from __future__ import annotations

import dataclasses
import io
import sqlite3
import subprocess
import sys

import pytest

from sgstudio.games.takebreak.sweep import codes as codes_module
from sgstudio.games.takebreak.sweep.codes import PatternError, expand
from sgstudio.games.takebreak.sweep.compare import compare, read_table
from sgstudio.games.takebreak.sweep.job import GameResult, pack, run_game, serial
from sgstudio.games.takebreak.sweep.progress import Progress
from sgstudio.games.takebreak.sweep.store import Store
from sgstudio.games.takebreak.sweep.table import csv_text, digits, markdown, nimbers


def test_patterns_expand_to_canonical_codes_once():
    three = expand(["0.???"])
    assert len(three) == 512 == len(set(three)) and three[0] == "0.0" and three[-1] == "0.777"
    assert "0.1" in three and "0.10" not in three and "0.100" not in three  # 0.100 is 0.1
    assert expand(["4.?", "?.7"]) == [*(f"4.{d}" for d in range(8)), "0.7"]  # 4.7 once
    assert expand(["0.1?7"]) == [f"0.1{d}7" for d in range(8)]
    assert expand(["0.F", "0.7?"])[:2] == ["0.f", "0.7"]  # hexadecimal digits as `values` reads them


@pytest.mark.parametrize(("text", "column", "start"), [
    ("0.?g", 4, "bad pattern '0.?g': column 4: expected a hexadecimal digit (0-9, a-f) or '?', found 'g'"),
    ("?", 2, "bad pattern '?': column 2: expected '.' after the digit before the point"),
    ("0.", 3, "bad code '0.': column 3: expected a hexadecimal digit after the point or '?', found the end"),
    ("2.?", 1, "bad pattern '2.?': column 1: expected 0, 4, 8 or c before the point"),
    ("snim:1,2", 1, "bad code 'snim:1,2': column 1: expected a code such as 0.77 or a pattern such as 0.??"),
])
def test_bad_codes_and_patterns_say_where(text, column, start):
    with pytest.raises(PatternError) as caught:
        expand([text])
    assert caught.value.column == column and str(caught.value).startswith(start)


def test_too_many_codes_are_refused(monkeypatch):
    monkeypatch.setattr(codes_module, "MAX_CODES", 100)
    assert len(expand(["0.??"])) == 64
    with pytest.raises(PatternError, match="names 512 codes, more than 100"):
        expand(["0.???"])
    with pytest.raises(PatternError, match="more than 100 codes"):
        expand(["0.??", "4.??"])


def test_the_store_keeps_one_row_per_game_and_n(tmp_path):
    path = str(tmp_path / "s.db")
    results = serial(["0.77", "0.07"], 300) + serial(["0.77"], 1000)
    with Store(path) as store:
        for r in results:
            store.put(r)
        store.put(results[0])  # again: replaced, not doubled
    with Store(path) as store:
        assert store.check() == "ok"
        assert sorted(store.done(["0.77", "0.07", "0.1"], 300)) == ["0.07", "0.77"]
        assert store.done(["0.07"], 1000) == set()
        assert [(r.code, r.n) for r in store.results()] == [("0.07", 300), ("0.77", 300), ("0.77", 1000)]
        assert store.get("0.77", 1000) == results[2] and store.get("0.77", 1000).seconds == results[2].seconds
        assert store.get("0.1", 300) is None
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1


def test_a_failed_write_leaves_the_store_as_it_was(tmp_path):
    path = str(tmp_path / "s.db")
    good = run_game("0.77", 300)
    with Store(path) as store:
        store.put(good)
        with pytest.raises(sqlite3.Error):  # a value SQLite cannot bind: the transaction is rolled back
            store.put(dataclasses.replace(run_game("0.07", 300), error=object()))  # type: ignore[arg-type]
        store.put(run_game("0.1", 300))  # and the store goes on
        assert store.check() == "ok" and sorted(store.done(["0.77", "0.07", "0.1"], 300)) == ["0.1", "0.77"]


def test_a_store_that_cannot_be_written_is_an_os_error(tmp_path):
    path = tmp_path / "s.db"
    with Store(str(path)) as store:
        store._db.close()  # as if the file had become read-only under it (root writes read-only files)
        store._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        with pytest.raises(OSError, match=r"s\.db: cannot write the sweep store \(attempt to write"):
            store.put(run_game("0.1", 10))


def test_nimbers_in_base_36_with_the_period_in_parentheses():
    assert digits(range(38)) == "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ{36}{37}"
    result = GameResult("0.5", 6, "certified", 2, 3, packed=pack([0, 40, 1, 2, 3, 1]))  # made up
    assert nimbers(result) == "0{40}(123)"
    seen = dataclasses.replace(result, status="apparent")
    assert markdown([seen], with_groups=False).splitlines()[2] == "0.5 | 2 | 3? | 0{40}(123)"
    row = read_table(markdown([seen], with_groups=False), "t")[0]
    assert (row.preperiod, row.period, row.certified) == (2, 3, False)
    assert (row.prefix, row.cycle) == ((0, 40), (1, 2, 3))


def test_the_layouts_read_back_agree_with_the_sweep():
    results = serial(expand(["0.??"]), 1000)
    by_code = {r.code: r for r in results}
    for text in (markdown(results), csv_text(results)):
        found = compare(read_table(text, "t"), by_code)
        assert not found.disagreements and not found.missing
        assert sorted(found.agreed) == sorted(r.code for r in results if r.certified)
        assert sorted(found.unconfirmed) == sorted(r.code for r in results if not r.certified)


def test_the_progress_bar_draws_on_a_terminal_only():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    bar = Progress(4, screen, already=1)
    for _ in range(3):
        bar.advance()
    bar.finish()
    drawn = screen.getvalue()
    assert drawn.startswith("\r[") and drawn.endswith("\n") and "4/4 games" in drawn and "ETA" in drawn
    assert " 1/4 games" in drawn.split("\r")[1]  # a resumed sweep starts with what is stored
    quiet = io.StringIO()
    bar = Progress(4, quiet)
    bar.advance(4)
    bar.finish()
    assert quiet.getvalue() == ""


def test_the_package_imports_no_qt_but_in_its_tab_and_dask_only_in_the_driver():
    code = ("import importlib, pkgutil, sys\n"
            "import sgstudio.games.takebreak.sweep as pkg\n"
            "for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + '.'):\n"
            "    if info.name.endswith(('.run', '.tab')): continue\n"
            "    importlib.import_module(info.name)\n"
            "before = sorted(m for m in ('dask', 'distributed', 'PySide6') if m in sys.modules)\n"
            "importlib.import_module(pkg.__name__ + '.run')\n"
            "after = sorted(m for m in ('dask', 'distributed', 'PySide6') if m in sys.modules)\n"
            "print(before, after)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[] ['dask', 'distributed']"


def test_the_rare_mask_and_count_of_a_game_that_goes_sparse():
    """0.16 to 10^5 values goes on by the sparse-space method: its mask and rare heaps are stored, and
    counted again here from the values (a heap is rare when the parity of g & mask, twisted by the
    heap's parity, is the rare class), the rare class holding few heaps."""
    game = run_game("0.16", 10**5)
    assert game.method == "sparse" and game.rare_mask, game
    mask, values = int(game.rare_mask, 16), game.values()
    rare = [n for n in range(1, game.n) if
            (bin(int(values[n]) & mask).count("1") + (game.rare_twist & n)) % 2 == game.rare_class]
    assert game.rare_count == len(rare) and 0 < len(rare) < game.n // 100
    assert game.last_rare == rare[-1]
    assert run_game("0.77", 1000).rare_mask == ""  # Kayles: periodic early, no sparse space
