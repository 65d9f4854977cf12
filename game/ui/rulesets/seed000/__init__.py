"""The window's seed 000 parts: the reaction-preparation panel and the charge mode."""
