"""The package's build hook (hatchling): the kernels compiled ahead of time go into the wheel.

``pip install .`` / ``pip wheel .`` build a wheel: this hook first compiles every kernel module of
:data:`sgstudio.core.compiled.KERNEL_MODULES` with numba.pycc for the building machine's CPU (those
already built for their present source in the tree's ``__pycache__`` are taken as they are) and adds
the extensions to the wheel, which then carries the interpreter's and the platform's tags. An
editable install (``pip install -e .``, what ``make`` does) gets them beside the sources, where the
package looks. Where there is no compiler, or numba cannot build, the wheel is built without them
and numba's jit serves the kernels at run time (only slower to start). ``SGSTUDIO_NO_KERNELS=1``
skips the step.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class KernelsBuildHook(BuildHookInterface):
    """Compile the kernels ahead of time and ship them in the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get("SGSTUDIO_NO_KERNELS"):
            return
        root = Path(self.root)
        sys.path.insert(0, str(root))
        try:
            from sgstudio.core import compiled

            built = compiled.build_all(if_missing=True, report=lambda text: print(f"sgstudio: {text}"))
        except Exception as err:  # no numba, no compiler: a wheel without them (the jit serves)
            print(f"sgstudio: kernels not compiled ahead of time ({type(err).__name__}: {err})")
            return
        finally:
            sys.path.remove(str(root))
            for name in [m for m in sys.modules if m == "sgstudio" or m.startswith("sgstudio.")]:
                del sys.modules[name]  # the build's own copies: not the package being built
        if version == "editable" or not built:
            return  # an editable install imports them from the tree
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(root).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
