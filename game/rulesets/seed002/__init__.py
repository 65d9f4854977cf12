"""Seed 002, "The Action Round" (``../shared/seeds/002_1e58761ab2413878.txt``): checks, tracks, speed ranks, sheets, the action catalogue and economy, and its fight."""
