"""Where the shipped resources are, in a wheel and in a checkout alike."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """Path of a shipped resource file, e.g. ``resource_path("examples", "hdu1524.txt")``.

    An installed wheel has ``sgstudio/resources``; an editable checkout has ``resources/`` at the top.
    """
    packaged = resources.files("sgstudio").joinpath("resources", *parts)
    if packaged.is_file() or packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent.joinpath("resources", *parts)
