"""Seed 004, the detailed sequence (``../shared/seeds/004_683255cd0bfe0fc3.txt``): blows, EN, initiative each segment, the hit procedure and movement traces."""
