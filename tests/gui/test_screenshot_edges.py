"""``--screenshot`` at its edges (issue 29, item 10): a folder for OUT.png is told in one line naming
that folder (never the temporary file), before anything is drawn; ``--tab sum|takebreak|nim`` with a
saved document shows that document's tab (a document is known by its name or its first bytes, as
File > Open knows it); a judge file on the wrong tab is one sentence, then the hint."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from sgstudio.formats.atomic import write_atomic
from sgstudio.paths import resource_path

TABS = {"nim": {"heaps": [21, 2, 13, 1, 8]},
        "takebreak": {"rule": "0.137", "heaps": [33, 7], "plot_limit": None, "search_limit": None},
        "sum": {"components": [{"game": "nim", "rule": {}, "position": [12]},
                               {"game": "takebreak", "rule": {"rule": "0.77"}, "position": [40]}]}}


def shoot(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)
    return subprocess.run([sys.executable, "-m", "sgstudio", "--screenshot", *args], capture_output=True,
                          text=True, env=env, timeout=180, cwd=tmp_path, check=False)


def pixels(path) -> list[int]:
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1280, 800)
    return [image.pixel(x, y) for x in range(0, 1280, 5) for y in range(0, 800, 5)]


def test_a_folder_for_the_png_is_told_by_its_name(tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    done = shoot(tmp_path, str(folder))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (f"sgstudio: cannot write the screenshot to {folder}: it is a folder; name the PNG "
                           f"file, such as {folder / 'shot.png'}\n")
    assert os.listdir(folder) == [] and not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_an_atomic_write_that_fails_names_the_target_not_its_temporary(tmp_path):
    (tmp_path / "taken").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        write_atomic(tmp_path / "taken", b"png")
    assert caught.value.filename == str(tmp_path / "taken")
    assert os.listdir(tmp_path) == ["taken"]  # the temporary is gone


@pytest.mark.parametrize("key", sorted(TABS))
def test_a_saved_documents_tab_is_shot(qtbot, window, tmp_path, key):
    from PySide6.QtWidgets import QApplication

    from sgstudio.app.start import screenshot

    document = json.loads(resource_path("examples", "default.sgs").read_text(encoding="utf-8"))
    document["tabs"] = {key: TABS[key]}
    name = tmp_path / ("game.sgs" if key != "sum" else "saved-game")  # no .sgs: known by its first bytes
    name.write_text(json.dumps(document), encoding="utf-8")
    assert screenshot(QApplication.instance(), window, str(name), str(tmp_path / "doc.png"), key) == 0
    assert window.tabs.current_tab().key == key
    state = window.tabs.game_tabs[key].to_state()
    assert {k: state[k] for k in TABS[key]} == TABS[key]  # the document's, not the example's
    assert len(set(pixels(tmp_path / "doc.png"))) > 20


def test_a_judge_file_on_a_tab_of_no_judge_format_is_refused_in_one_sentence(tmp_path):
    sample = str(resource_path("examples", "hdu1536.txt"))
    done = shoot(tmp_path, "x.png", "--tab", "sum", sample)  # (the Nim tab reads HDU 1907 files)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and not (tmp_path / "x.png").exists()
    assert "the Sum tab reads no judge file (open it without --tab sum)" in done.stderr
    done = shoot(tmp_path, "x.png", sample)  # read as HDU 1524: its error, a full stop, the hint
    assert ", found 5. If it is an HDU 1536, 5795 or 5724 input" in done.stderr
