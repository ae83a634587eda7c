"""The package layout's rules, checked on the sources (docs/adding-a-game.md, the layout):

- every module outside the window (``sgstudio.app``), the Qt kit (``sgstudio.gui``) and the games'
  tabs imports, in a fresh interpreter, without loading Qt;
- no import circle among sgstudio's modules, imports inside functions counted (those under
  ``if TYPE_CHECKING:`` are not). The AOT build of the kernels loads them by name
  (:data:`sgstudio.core.compiled.KERNEL_MODULES`), no import statement: it is no circle here.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import sgstudio

ROOT = Path(sgstudio.__file__).resolve().parent
QT_FREE_SKIPS = ("sgstudio.app", "sgstudio.gui")


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ["sgstudio", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_tab(name: str) -> bool:
    """A game's tab (``sgstudio.games.snim.tab``, its modules, take-and-break's ``sweep.tab``)."""
    return name.startswith("sgstudio.games.") and "tab" in name.split(".")[3:]


def qt_free_modules() -> list[str]:
    """Every module but the window's, the Qt kit's, the tabs' and the ``__main__`` scripts."""
    return [m for m in _modules() if not m.startswith(QT_FREE_SKIPS) and not _is_tab(m)
            and not m.endswith(".__main__")]


def test_every_module_outside_the_window_the_qt_kit_and_the_tabs_imports_without_qt():
    names = qt_free_modules()
    assert "sgstudio.games.catalogue" in names and "sgstudio.cli.main" in names
    code = ("import importlib, sys\n"
            f"for name in {names!r}: importlib.import_module(name)\n"
            "qt = ('PySide6', 'shiboken6', 'pyqtgraph')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in qt))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The sgstudio modules ``name`` imports anywhere in its source (functions included), but under
    ``if TYPE_CHECKING:``."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]

    def resolve(target: str) -> str | None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        return target or None

    found: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(filter(None, (resolve(a.name) for a in node.names)))
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            mod = ".".join(filter(None, [base, node.module or ""]))
            for alias in node.names:
                full = f"{mod}.{alias.name}"
                hit = full if full in modules else resolve(mod)
                if hit:
                    found.add(hit)
        stack.extend(ast.iter_child_nodes(node))
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion).

    >>> circles({"a": {"b"}, "b": {"a", "c"}, "c": set()})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_circle_among_the_modules():
    found = circles(import_graph())
    assert found == [], found


def test_the_circles_are_found_through_imports_inside_functions():
    graph = import_graph()
    assert "sgstudio.games.custom.builtin" in graph["sgstudio.games.custom.api"]  # imported in a function
    assert "sgstudio.games.sum.game" not in graph["sgstudio.games.sum.analysis"]  # under TYPE_CHECKING
    closed = {**graph, "sgstudio.core.mex": {"sgstudio.core.registry"},  # a circle the test makes
              "sgstudio.core.registry": {"sgstudio.core.mex"}}
    assert ["sgstudio.core.mex", "sgstudio.core.registry"] in circles(closed)
