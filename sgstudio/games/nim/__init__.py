"""Nim: heaps, any number taken from one heap (the worked example of docs/adding-a-game.md)."""
