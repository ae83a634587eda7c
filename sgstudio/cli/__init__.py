"""The command line: the dispatcher (main.py) and the subcommands over all games."""
