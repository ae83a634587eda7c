"""From a table to a formula: the pattern in a game's values, how far it holds, and its certificate.

- :mod:`.sequence`: one-number tables g(0..N-1) (periodic, arithmetic-periodic, n plus a periodic
  correction, linear on residue classes, eventually constant), with :mod:`.kernels` for the loops.
- :mod:`.plane`: two-number tables g(x, y) (x XOR y, a disguised sum f(x) XOR h(y), P-positions on
  lines and residue classes) and :mod:`.beatty` (P-positions on Beatty pairs, with :mod:`.surd` for
  the closed forms (a + b sqrt d) / c).
- :mod:`.certify`: how sure (a theorem a game plugs in); :mod:`.check`: the first counterexample in a
  longer table; :mod:`.expression`: the pattern as a Python expression; :mod:`.report`: in words.
"""
