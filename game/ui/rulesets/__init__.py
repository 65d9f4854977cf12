"""The window's ruleset-specific parts, one package per ruleset; each imports its own ruleset only."""
