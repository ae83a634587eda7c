"""The Sum game: several games side by side, a move in one of them."""
