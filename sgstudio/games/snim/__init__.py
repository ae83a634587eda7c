"""S-Nim: subtraction games with a set S of allowed moves."""
