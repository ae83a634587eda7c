"""The document: the .sgs file and the recovery of autosaved work."""
