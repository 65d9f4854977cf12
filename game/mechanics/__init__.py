"""Mechanics that several rules systems share, for rulesets to opt into; the kernel knows none of them.

* :mod:`game.mechanics.tactics`: the board as arrays, where the pieces stand, movement and reachable cells,
  distance fields, threat and provoking on leaving, flanking and forced movement, parameterised by a
  ruleset's :class:`~game.mechanics.tactics.rules.TacticsRules`;
* :mod:`game.mechanics.hit_points`: a hit-point track with a half state and a zero state;
* :mod:`game.mechanics.conditions`: conditions with durations, stacking by name;
* :mod:`game.mechanics.actions`: a turn's actions, with the trades between them as data.

Nothing here imports a ruleset (an import contract in ``pyproject.toml``); a ruleset's words (bloodied,
staggered, minor, quick) are its own data, passed in.
"""
