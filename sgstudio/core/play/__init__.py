"""Play: a session, the choice of a move (policy) and draws of loopy games."""
