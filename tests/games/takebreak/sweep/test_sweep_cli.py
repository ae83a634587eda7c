"""``sgstudio sweep`` on the command line, from a filled store (no cluster): the layouts, --compare, the
errors (one line, exit status 2, checked before any cluster starts), and what the command imports."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from sgstudio.cli import main as cli
from sgstudio.games.takebreak.sweep.codes import expand
from sgstudio.games.takebreak.sweep.job import serial
from sgstudio.games.takebreak.sweep.store import Store

CODES = expand(["0.?"])


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.db"
    with Store(str(path)) as s:
        for result in serial([*CODES, "0.77"], 1000):
            s.put(result)
    return path


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_published_layout_and_the_groups(capsys, store):
    status, out, err = run(capsys, "sweep", "0.?", "0.77", "0.1", "--store", str(store))
    assert (status, err) == (0, "")
    table, legend, groups = out.rstrip("\n").split("\n\n")
    lines = table.splitlines()
    assert lines[:2] == ["game | preperiod | period | nimbers", ":--- | ---: | ---: | :---"]
    assert [line.split(" | ")[0] for line in lines[2:]] == [*CODES, "0.77"]  # 0.1 named twice: once
    assert "0.1 | 2 | 1 | 01(0)" in lines and "0.77 | 71 | 12 | " + "0123143214264127" in lines[-1]
    assert "0.6 | - | - | 0" in "\n".join(lines)  # Officers: no period within 1000 values
    assert legend.startswith("`?`: a period seen in the 1000 values, not certified; `-`: no period")
    assert groups.splitlines()[0] == "group | games | heap n + 1 = heap n of"
    assert "\n0.2 | 0.2 | 0.3\n0.3 | 0.3 0.5 0.7 | -\n" in groups  # .2 on heaps one larger is .3


def test_csv(capsys, store):
    status, out, _ = run(capsys, "sweep", "0.1", "0.6", "0.77", "--store", str(store), "--csv")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "code,preperiod,period,certified,largest,nimbers"
    assert lines[1] == "0.1,2,1,yes,1,01(0)"
    assert lines[2].startswith("0.6,,,no,") and len(lines[2].split(",")[5]) >= 1000
    assert lines[3].startswith("0.77,71,12,yes,8,0123")


def test_compare_lists_every_disagreement(capsys, store, tmp_path):
    table = tmp_path / "published.md"
    table.write_text("# A table\n\ngame | prefix | period | nimbers\n:-- | --: | --: | :--\n"
                     ".1 | 2 | 1 | 01(0)\n.2 | 0 | 2 | (01)\n.4 | 0 | 1 | (0)\n.44 | 0 | 1 | (0)\n")
    status, out, err = run(capsys, "sweep", "0.?", "--store", str(store), "--compare", str(table))
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"{table}:7: 0.4: g(3) = 1 here, 0 in the table",  # .2 agrees, listed from heap 1 as (01)
        "3 rows compared: 2 agree (certified here), 0 agree up to N, 1 disagree; 1 not swept"]
    csv = tmp_path / "ours.csv"  # our own CSV, read back: it agrees with itself
    run(capsys, "sweep", "0.?", "--store", str(store), "--csv")
    csv.write_text(run(capsys, "sweep", "0.?", "--store", str(store), "--csv")[1])
    out = run(capsys, "sweep", "0.?", "--store", str(store), "--compare", str(csv))[1]
    assert out == "8 rows compared: 7 agree (certified here), 1 agree up to N, 0 disagree; 0 not swept\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["0.1g"], "sgstudio: bad code '0.1g': column 4: expected a hexadecimal digit"),
    (["0.?x"], "sgstudio: bad pattern '0.?x': column 4: expected a hexadecimal digit (0-9, a-f) or '?', "
               "found 'x'"),
    (["grundy"], "sgstudio: bad code 'grundy': column 1: expected a code such as 0.77 or a pattern"),
    (["0.1", "--values", "0"], "sgstudio: sweep: --values must be an integer from 1 to"),
    (["0.1", "--values", "many"], "sgstudio: sweep: --values must be an integer"),
    (["0.1", "--workers", "-2"], "sgstudio: sweep: --workers must be an integer from 1 to"),
    (["0.1", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "sgstudio: sweep: --workers sizes the "
                                                                    "local cluster"),
    (["--csv"], "sgstudio: sweep: the following arguments are required: CODE"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, "sweep", *argv)
    assert (status, out) == (2, "") and err.startswith(message) and err.count("\n") == 1, err


def test_a_bad_table_is_refused_with_its_line_and_column(capsys, store, tmp_path):
    cases = {
        "game | prefix | period | nimbers\n.1 | 2 | 1 | 01(0)\n.1x | 2 | 1 | 01(0)\n":
            ":3:3: expected a hexadecimal digit (0-9, a-f) or '?', found 'x'",
        "game | prefix | period | nimbers\nkayles | 2 | 1 | 01(0)\n":
            ":2:1: expected a code such as .77 or 4.3, found 'kayles'",
        "game | prefix | period | nimbers\n.1 | two | 1 | 01(0)\n":
            ":2:6: expected the preperiod (an integer",
        "game | prefix | period | nimbers\n.1 |  2 | 1 | 01(0\n": ":2:19: expected ')' closing the period",
        "game | prefix | period | nimbers\n.1 | 2 | 1 | 01(0)x\n": ":2:18: expected a digit 0-9 or A-Z",
        "game | prefix | period | nimbers\n.1 | 2 | 1\n": ":2:11: expected 4 cells, found 3",
        "code,preperiod,period,certified,largest,nimbers\n0.1,2,1,maybe,1,01(0)\n":
            ":2:9: expected 'yes' or 'no', found 'maybe'",
        "game | n | largest\n.6 | 2^21 | 319\n": ":1:1: expected a table with the header 'game | preperiod",
    }
    for number, (text, message) in enumerate(cases.items()):
        table = tmp_path / f"t{number}.md"
        table.write_text(text)
        status, out, err = run(capsys, "sweep", "0.1", "--store", str(store), "--compare", str(table))
        assert (status, out) == (2, "") and err.startswith(f"{table}{message}"), (text, err)
    status, _, err = run(capsys, "sweep", "0.1", "--compare", str(tmp_path / "missing.md"))
    assert (status, err) == (2, f"{tmp_path / 'missing.md'}: cannot read: No such file or directory\n")


def test_a_file_that_is_no_store_is_refused(capsys, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database, but long enough to be read as one by sqlite3 " * 20)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    newer = tmp_path / "newer.db"
    Store(str(newer)).close()
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 7")
    for path, message in [(text, "not a sweep store (file is not a database)"),
                          (other, "not a sweep store (an SQLite file of something else)"),
                          (newer, "a sweep store of schema version 7; this sgstudio reads version 1"),
                          (tmp_path, "is a directory, not a sweep store")]:
        status, out, err = run(capsys, "sweep", "0.1", "--store", str(path))
        assert (status, out, err) == (2, "", f"{path}: {message}\n")


def test_the_command_starts_lazily(store):
    code = ("import sys\nfrom sgstudio.cli import main as cli\n"
            "cli.main(['sweep', '0.1', '0.77', '--store', sys.argv[1], '--csv'])\n"
            "loaded = [m for m in ('dask', 'distributed', 'numba', 'PySide6') if m in sys.modules]\n"
            "sys.stderr.write(repr(loaded))\n")
    done = subprocess.run([sys.executable, "-c", code, str(store)], capture_output=True, text=True,
                          check=True)
    assert done.stderr == "[]" and done.stdout.startswith("code,")  # all stored: no cluster, no dask
    done = subprocess.run([sys.executable, "-m", "sgstudio", "sweep", "--help"], capture_output=True,
                          text=True)
    assert done.returncode == 0 and "--scheduler ADDRESS" in done.stdout
