"""A desktop tactical-combat table: Tiled battle maps and a rules engine."""
