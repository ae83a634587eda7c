"""The graph game: tokens on a directed graph (DAG or loopy), its model, engines and tab."""
