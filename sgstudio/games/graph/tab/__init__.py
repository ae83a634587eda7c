"""The Graph tab (tokens on a graph): :class:`GraphTab`, its Analysis panel and its play mouse mode."""

from sgstudio.games.graph.tab.tab import GraphTab

__all__ = ["GraphTab"]
