"""Seed 004, "Detailed sequence" (``../shared/seeds/004_683255cd0bfe0fc3.txt``): blows, initiative each segment, parries, secret simultaneous choices and movement traces."""
