"""Misère play (the player who makes the last move loses): theory first, search where no theorem decides.

- :mod:`.nim`: misère Nim (Bouton) and the judge rule for sums of tame components (genus theory);
- :mod:`.genus`: Conway's genus ``g^(g0 g1 g2 ...)`` of positions of heap games, and tameness;
- :mod:`.forms`: canonical misère forms (Conway's simplification), memoised;
- :mod:`.search`: a bounded whole-position search over canonical forms (progress, cancel, a clear
  message at the bound);
- :mod:`.analysis`: the one entry point a tab or the command line asks for the misère analysis of a
  sum of components (:func:`~sgstudio.core.misere.analysis.analyse_misere`).

Misère quotients of octal games (Plambeck–Siegel) are in :mod:`sgstudio.games.takebreak.quotient`.
"""
