"""docs/tour.ipynb runs clean on a real Jupyter kernel (nbclient), the kernel being this interpreter."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TOUR = Path(__file__).resolve().parents[3] / "docs" / "tour.ipynb"


def test_the_tour_notebook_runs_clean(tmp_path, monkeypatch):
    # jupyter_client starts the "python3" kernel with sys.executable; this interpreter's folder first on
    # PATH as well, so that nothing else in the kernel resolves to another Python
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    notebook = nbformat.read(TOUR, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell("import sys; print(sys.executable)"))
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [cell.get("outputs", []) for cell in notebook.cells if cell.cell_type == "code"]
    assert not [o for cell in outputs for o in cell if o.get("output_type") == "error"]
    assert outputs[0][0]["text"].strip() == sys.executable
    data = [o.get("data", {}) for cell in outputs for o in cell]
    html = [d["text/html"] for d in data if "text/html" in d]
    assert any("winning moves" in h for h in html)  # the report
    assert any("<table" in h and "font-weight:bold" in h for h in html)  # the table
    assert any("hsl(30,100%" in h for h in html)  # the heat map
    assert any(d.get("image/svg+xml", "").startswith("<svg") for d in data)  # the picture
    printed = "".join(o.get("text", "") for cell in outputs for o in cell)
    assert "[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]" in printed
