"""The subtraction engine: values of subtraction games, named sets, blocked kernels."""
