"""The editable graph of a document (GameGraph), its stores, topological order and adjacency."""
