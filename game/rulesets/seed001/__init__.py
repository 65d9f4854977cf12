"""Seed 001, "Enchanted Realms" (``../shared/seeds/001_13597638813275a1.txt``): its core (ours: d20 pools,
Body and Endurance, sheets and content) and its reactions, on hexes."""
