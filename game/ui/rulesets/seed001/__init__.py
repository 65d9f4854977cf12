"""Seed 001's window parts: the second-counter's timeline."""
