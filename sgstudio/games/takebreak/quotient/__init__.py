"""Misère quotients (Plambeck–Siegel) of take-and-break games, heap by heap up to a bound.

- :mod:`.monoid`: a finite commutative monoid as a table, with its P-portion; presentations;
- :mod:`.solver`: the quotient of the heaps up to n, extended heap by heap (:class:`~.solver.QuotientSolver`);
- :mod:`.sums`: sums of heaps decided by multiplying their elements in Q;
- :mod:`.decide`: the decider :func:`sgstudio.core.misere.analysis.analyse_misere` loads by name;
- :mod:`.cli`: ``sgstudio quotient CODE [--max-heap N]``.
"""
