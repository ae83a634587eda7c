"""sgstudio: a desktop studio for impartial games under the Sprague-Grundy theory."""

__version__ = "0.1.0"
