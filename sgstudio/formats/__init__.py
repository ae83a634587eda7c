"""Readers and writers of the judge input files, one module per format.

Each format lives in the package of the game whose positions it holds (``sgstudio.games.snim.hdu1536``);
:data:`MODULES` names each module by its dotted path (the one lookup: nothing here imports a game).
Every format module offers the same small surface:

- ``parse(text, file="<string>")`` -> a list of test cases (format-specific dataclasses);
- ``generate(cases) -> str``, so that ``parse(generate(cases)) == cases`` (round trip);
- ``solve(text, file="<string>") -> str``, exactly the judge's output for the input text;
- ``read(path)`` / ``write(path, cases)``, thin file wrappers.

Bad input raises :class:`sgstudio.core.errors.ParseError` with the file, line and column.
"""

FORMATS: dict[str, str] = {
    "hdu1524": "A Chess Game: tokens on a DAG (WIN/LOSE per query)",
    "hdu1536": "S-Nim: subtraction sets (one line of W/L per test case)",
    "hdu5724": "Chess: rows of an n x 20 board (YES/NO per test)",
    "hdu5795": "A Simple Nim: take or split into three (First/Second player wins.)",
    "hdu1907": "John: misère Nim (John/Brother per test)",
    "hdu2509": "Be the Winner: misère, take consecutive apples from a row (Yes/No per test)",
}
MODULES: dict[str, str] = {
    "hdu1524": "sgstudio.games.graph.hdu1524",
    "hdu1536": "sgstudio.games.snim.hdu1536",
    "hdu5724": "sgstudio.games.board.hdu5724",
    "hdu5795": "sgstudio.games.splitnim.hdu5795",
    "hdu1907": "sgstudio.games.nim.hdu1907",
    "hdu2509": "sgstudio.games.takebreak.hdu2509",
}
"""The dotted path of each format's module.

>>> sorted(MODULES) == sorted(FORMATS)
True
"""
