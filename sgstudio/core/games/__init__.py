"""One game per module: ``dag``, ``snim``, ``splitnim``, ``board``."""
