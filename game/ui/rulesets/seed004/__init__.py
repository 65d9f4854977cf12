"""Seed 004's window parts: the movement traces and their replay."""
