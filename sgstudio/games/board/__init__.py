"""The board game of HDU 5724: chips on rows of a board."""
