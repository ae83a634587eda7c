"""``sum`` reads each file once per run (issue 29, item 6): components naming one file share its
parse and their games; standard input named twice is read once; the answers are those of separate
copies of the file."""

from __future__ import annotations

import io
import sys

from sgstudio import console
from sgstudio.cli import main as cli

GRAPH = "5\n1 1\n2 2 3\n1 4\n0\n1 3\n0\n"  # one hdu1524 case: 0 -> 1 -> 2, 3; 2 -> 4 -> 3; no query


def run_sum(monkeypatch, capsys, args, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = cli.main(["sum", *args])
    return status, capsys.readouterr()


def test_one_file_named_by_many_components_is_read_once(monkeypatch, capsys, tmp_path):
    path = tmp_path / "g.txt"
    path.write_text(GRAPH)
    copies = []
    for i in range(3):
        copies.append(tmp_path / f"copy{i}.txt")
        copies[-1].write_text(GRAPH)
    reads: list[str] = []
    real = console.read_input  # the components' reader (sgstudio.games.sum.text) reads through it
    monkeypatch.setattr(console, "read_input", lambda p: reads.append(p) or real(p))
    shared = run_sum(monkeypatch, capsys, [f"loopy:{path}:1:0", f"loopy:{path}:1:1", f"loopy:{path}:1:2",
                                           f"dag:{path}:1:4"])
    assert reads == [str(path), str(path)]  # once as a loopy graph, once as a DAG
    reads.clear()
    apart = run_sum(monkeypatch, capsys, [f"loopy:{copies[0]}:1:0", f"loopy:{copies[1]}:1:1",
                                          f"loopy:{copies[2]}:1:2", f"dag:{path}:1:4"])
    assert len(reads) == 4
    assert shared[0] == apart[0] == 0 and shared[1].out == apart[1].out and shared[1].out


def test_standard_input_named_twice_is_read_once(monkeypatch, capsys, tmp_path):
    path = tmp_path / "g.txt"
    path.write_text(GRAPH)
    from_stdin = run_sum(monkeypatch, capsys, ["loopy:-:1:0", "loopy:-:1:2"], stdin=GRAPH)
    from_file = run_sum(monkeypatch, capsys, [f"loopy:{path}:1:0", f"loopy:{path}:1:2"])
    assert from_stdin[0] == 0 and from_stdin[1].out == from_file[1].out and from_stdin[1].err == ""
