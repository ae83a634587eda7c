"""Games people write in a few lines of Python: a file with ``options(position)``, explored, valued, drawn.

The pieces, each Qt-free: :mod:`.source` loads the user's file, :mod:`.explore` walks the positions
it reaches into arrays, :mod:`.values` and :mod:`.remoteness` find who wins and how fast,
:mod:`.solution` answers questions about one exploration, :mod:`.worker` runs the user's code in a
process of its own, :mod:`.api` is the ``Game`` of notebooks and scripts (``from sgstudio import
Game``), and :mod:`.svg` and :mod:`.html` draw for Jupyter. ``examples/`` holds games to start from.
"""
