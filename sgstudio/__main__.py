"""``python -m sgstudio`` and the ``sgstudio`` console script."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI (subcommands) or, with no subcommand, the GUI."""
    from sgstudio.cli import main as cli

    return cli.main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
