"""``python -m sgstudio`` and the ``sgstudio`` console script."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI (subcommands) or, with no subcommand, the GUI (a judge file the C pass
    answers first: :mod:`sgstudio.fastlane`)."""
    args = sys.argv[1:] if argv is None else list(argv)
    from sgstudio import fastlane

    status = fastlane.run(args)
    if status is not None:
        return status
    from sgstudio.cli import main as cli

    return cli.main(args)


if __name__ == "__main__":
    sys.exit(main())
