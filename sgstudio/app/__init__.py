"""The window: its start, the main window, files, autosave, actions, help, preferences (Qt)."""
