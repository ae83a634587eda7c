"""Split-nim: take from a heap, or split it in two."""
