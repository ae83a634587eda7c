"""Docked panels that follow the model: analysis (WIN/LOSE, nim-sum, winning moves, mex) and queries."""
