"""The graph game on a graph with cycles: generalized Sprague-Grundy values, draws."""
