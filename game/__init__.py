"""A desktop tactical-combat table: Tiled battle maps and a rules engine."""

from game import _native

_native.guard()
