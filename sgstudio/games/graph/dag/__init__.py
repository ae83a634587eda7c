"""The graph game on an acyclic graph: Grundy values."""
