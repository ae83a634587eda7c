"""The core must never import Qt: a fresh interpreter imports every core module and checks."""

import subprocess
import sys

CORE_MODULES = [
    "sgstudio.core",
    "sgstudio.core.errors",
    "sgstudio.core.events",
    "sgstudio.core.mex",
    "sgstudio.games.graph.model.graph",
    "sgstudio.games.graph.dag.game",
    "sgstudio.cli.main",
    "sgstudio.cli.play",
    "sgstudio.core.play.policy",
    "sgstudio.formats.tokens",
]


def test_core_and_cli_import_without_pyside6():
    code = (
        "import importlib, pkgutil, sys\n"
        "import sgstudio.core, sgstudio.games.graph.dag, sgstudio.formats\n"
        f"for name in {CORE_MODULES!r}: importlib.import_module(name)\n"
        "for pkg in (sgstudio.core, sgstudio.games.graph.dag, sgstudio.formats):\n"
        "    for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
