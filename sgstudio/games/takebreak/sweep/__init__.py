"""Sweeps: whole families of take-and-break codes computed, certified, grouped and compared.

- :mod:`.codes`: codes and patterns (``0.??``: ``?`` any octal digit), expanded and deduplicated;
- :mod:`.job`: one game (values to N, the period and its certificate, the largest value, the rare
  heaps of the sparse-space method), by the existing engines; what a worker runs;
- :mod:`.store`: the SQLite store (versioned schema, one row per game and N, written as games finish);
- :mod:`.run`: the Dask driver (a LocalCluster by default, or a scheduler's address);
- :mod:`.groups`: games with equal values, and equal after a shift of the heap size by one;
- :mod:`.table`: the published layout (markdown and CSV); :mod:`.compare`: a published table read
  back, and every disagreement with the sweep;
- :mod:`.progress`: the terminal progress bar; :mod:`.cli`: ``sgstudio sweep``;
- :mod:`.tab`: the window's Tables panel (File > Open Sweep Results), the only module with Qt.

Nothing else here imports Qt, nor dask outside :mod:`.run` (imported only when a sweep runs).
"""
