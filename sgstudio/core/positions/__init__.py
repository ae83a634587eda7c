"""Editable positions of the number games (Qt-free models the tabs edit through undo commands)."""
