"""Redo the README's screenshots (docs/screenshots/*.png), 1280x800 each.

Run it with a display, or headless as ``xvfb-run -a .venv/bin/python docs/make_screenshots.py``
(Qt's offscreen platform works too, with plainer fonts); a folder given as its argument gets the
pictures instead (to compare them with the README's). Every picture is the real window (or a
tab alone) driven as a person would: files imported through the window, a vertex selected, a
winning move hovered, a game played against the computer with a token caught sliding.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QSettings
from PySide6.QtWidgets import QApplication

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "screenshots"
SIZE = (1280, 800)


def wait(app: QApplication, ms: int) -> None:
    clock = QElapsedTimer()
    clock.start()
    while clock.elapsed() < ms:
        app.processEvents()


def new_window(app: QApplication):
    from sgstudio.app.main_window import MainWindow

    settings = QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.document.interactive = False  # the first test case of a file, no dialogs
    window.document.load_example()
    window.resize(*SIZE)
    window.show()
    wait(app, 600)
    window.canvas.fit_graph()
    wait(app, 200)
    return window


def done(window) -> None:
    """Close a window without the unsaved-changes question (nothing here is worth keeping)."""
    window.tabs.set_clean()
    window.close()


def save(app: QApplication, widget, name: str) -> None:
    wait(app, 300)
    path = OUT / name
    widget.grab().save(str(path))
    print("wrote", path)


def graph_shots(app: QApplication) -> None:
    from sgstudio.paths import resource_path

    window = new_window(app)
    save(app, window, "window.png")
    canvas, analysis = window.canvas, window.analysis
    canvas.select_vertices([0])  # A: the panel explains its value
    wait(app, 200)
    rows = analysis.move_rows()
    analysis.moves.setCurrentRow(1)
    canvas.highlight_move(*rows[1])  # as when the mouse is over that row
    save(app, window, "analysis.png")
    done(window)
    window = new_window(app)
    window.document.import_hdu(str(resource_path("examples", "hdu1524.txt")))
    wait(app, 300)
    window.queries.list.setCurrentRow(1)
    window.queries.query_chosen.emit(window.queries.queries[1])
    save(app, window, "hdu1524-import.png")
    done(window)


def play_shot(app: QApplication) -> None:
    from sgstudio.games.graph.tab.canvas import animation

    animation.DURATION_MS = 1200  # a slow slide, to catch the computer's token on its way
    window = new_window(app)
    panel = window.play
    panel.reply_ms = 0
    panel.start_button.click()
    wait(app, 300)
    session = panel.session
    game = session.game
    for k in range(2):  # a person who does not know the theory: a move that is not winning, but keeps
        losing = [m for m in panel.choice_moves() if game.value(game.apply(session.position, m))]
        panel.play_move(max(losing, key=lambda m: game.value((m[1],))))  # a token on a high value
        while session.computer_to_move:  # the computer answers; its token starts to slide
            app.processEvents()
        wait(app, animation.DURATION_MS + 300 if k == 0 else animation.DURATION_MS // 2)
    save(app, window, "play.png")
    done(window)


def loopy_shot(app: QApplication) -> None:
    """A loopy game: 2-cycles drawn as two curves, self-loops, purple ∞ vertices, and a DRAW that the
    computer, playing itself, keeps until a position repeats."""
    from sgstudio.app.files import Loaded
    from sgstudio.core.play.session import Mode
    from sgstudio.games.graph.model.graph import GameGraph

    window = new_window(app)
    edges = [(0, 1), (0, 4), (1, 0), (1, 2), (2, 2), (2, 3), (4, 5), (5, 4), (5, 6), (6, 3), (7, 7),
             (7, 6), (7, 0), (8, 3), (8, 6)]
    model = GameGraph.from_edges(9, edges, loopy=True)
    for v, name in enumerate("ABCDEFGHJ"):
        model.set_label(v, name)
    window.document.install(Loaded(model, "loopy.sgs"))
    window.canvas.layout_graph()
    model.add_token(2)  # C is ∞{0}, G is 1: 1 is not in {0}, so nobody can force a win
    model.add_token(6)
    wait(app, 300)
    window.canvas.fit_graph()
    panel = window.play
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    panel.speed.setValue(panel.speed.maximum())
    panel.start_button.click()
    while panel.run_button.isChecked():  # until the repetition stops it
        app.processEvents()
    wait(app, 1500)  # the last slide ends
    window.canvas.select_vertices([2])  # the panel explains why C is ∞
    save(app, window, "loopy.png")
    panel.start_button.click()
    done(window)


def tab_shots(app: QApplication) -> None:
    from sgstudio.games.board.tab import BoardTab
    from sgstudio.games.splitnim.tab import SplitNimTab
    from sgstudio.paths import resource_path

    window = new_window(app)
    window.document.import_judge("hdu1536", str(resource_path("examples", "hdu1536.txt")), case=0)
    snim = window.tabs.game_tabs["snim"]
    wait(app, 1500)
    assert snim.model.period_result is not None
    save(app, window, "tab-snim.png")
    done(window)
    split = SplitNimTab()
    split.resize(*SIZE)
    split.show()
    split.position.replace([21, 13, 9, 7, 24, 1000000007, 999999999], 3)
    split.settle()
    split.heap_view.selectRow(5)
    save(app, split, "tab-splitnim.png")
    split.close()
    board = BoardTab()
    board.resize(*SIZE)
    board.show()
    rng = random.Random(5765)  # 14 rows whose 7 winning moves all jump
    rows = [sorted(rng.sample(range(1, 21), rng.randint(1, 5))) for _ in range(14)]
    board.model.replace(rows, 20)
    wait(app, 400)
    board.analysis_panel.moves.setCurrentRow(1)  # its arrow is drawn as when hovered
    save(app, board, "tab-board.png")
    board.close()
    from sgstudio.games.nim.tab import NimTab

    nim = NimTab()  # the worked example of docs/adding-a-game.md
    nim.resize(*SIZE)
    nim.show()
    nim.model.set_heaps((3, 5, 6, 9))
    save(app, nim, "tab-nim.png")
    nim.close()
    takebreak_shot(app)


def takebreak_shot(app: QApplication) -> None:
    from sgstudio.games.takebreak.tab import TakeBreakTab

    tab = TakeBreakTab()  # Kayles, with a few heaps: its period certified from n = 71
    tab.resize(*SIZE)
    tab.show()
    tab.model.set_heaps((5, 9, 14, 30))
    assert tab.settle(60_000) and tab.plot.period == (71, 12)
    tab.analysis_panel.moves.setCurrentRow(2)
    save(app, tab, "tab-takebreak.png")
    view = tab.show_quotient()  # its Misère quotient… button: Kayles' 40 elements, P shaded
    assert view.settle(120_000) and view.solver is not None and view.solver.size == 40
    save(app, view, "quotient.png")
    view.close()
    from sgstudio.core.misere.rule import MISERE

    tab.request_play_rule(MISERE)  # the same heaps, the last move losing: the quotient decides
    assert tab.settle(60_000) and tab.is_misere
    save(app, tab, "tab-takebreak-misere.png")
    tab.close()


def sum_shot(app: QApplication) -> None:
    """The Sum tab: the Graph tab's tokens and an S-Nim position added with Edit > Add to Sum, a board
    row, a split-nim heap and a take-and-break heap from the tab's own Add menu; a winning move chosen."""
    from sgstudio.paths import resource_path

    window = new_window(app)
    window.document.import_judge("hdu1536", str(resource_path("examples", "hdu1536.txt")), case=0)
    sums = window.tabs.game_tabs["sum"]
    sums.model.set_components([])
    for key in ("graph", "snim"):
        window.tabs.show_tab(key)
        window.actions["add_to_sum"].trigger()
    for entry in (4, 2, 3):  # a board row, a split-nim heap, a take-and-break heap
        sums.add_menu.actions()[entry].trigger()
    window.tabs.show_tab("sum")
    wait(app, 400)
    sums.analysis_panel.moves.setCurrentRow(0)
    save(app, window, "tab-sum.png")
    done(window)


def custom_shot(app: QApplication) -> None:
    """The Your game tab: Wythoff's game from the Examples, its heat map of g(x, y) with the
    P-positions marked, the position (4, 7) answered."""
    import sgstudio.games.custom.examples as examples

    window = new_window(app)
    window.tabs.show_tab("custom")
    tab = window.tabs.game_tabs["custom"]
    tab.load_example(str(Path(examples.__file__).with_name("wythoff.py")))
    assert tab.settle(120_000)
    tab.position.setText("(4, 7)")
    tab.go()
    assert tab.settle(60_000)
    save(app, window, "tab-custom.png")
    done(window)


def tables_shot(app: QApplication) -> None:
    """File > Open Sweep Results: the Tables panel beside Analysis, on a sweep of 0.?? to 1000 values."""
    from sgstudio.games.takebreak.sweep.codes import expand
    from sgstudio.games.takebreak.sweep.job import serial
    from sgstudio.games.takebreak.sweep.store import Store

    path = Path(tempfile.mkdtemp()) / "sweep.db"
    with Store(str(path)) as store:
        for result in serial(expand(["0.??"]), 1000):
            store.put(result)
    window = new_window(app)
    window.tabs.show_tab("takebreak")
    window.tables.open(str(path))
    window.docks["tables"].show()
    window.docks["tables"].raise_()
    wait(app, 400)
    save(app, window, "tables.png")
    done(window)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    OUT.mkdir(exist_ok=True)
    graph_shots(app)
    loopy_shot(app)
    play_shot(app)
    tab_shots(app)
    sum_shot(app)
    custom_shot(app)
    tables_shot(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
