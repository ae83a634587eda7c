"""The canvas of big graphs: a grid of points, drawn in bulk."""
