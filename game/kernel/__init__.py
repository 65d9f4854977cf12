"""The ruleset-free kernel: pieces on a board, steps with break points, commands, pending decisions, dice,
a clock and events.

It knows nothing of any rules system. A ruleset (a package under :mod:`game.rulesets`) supplies what its
steps mean, what happens at each break point, what it asks and of whom, its turn order and its events; the
kernel runs the stack of steps, stops where a decision is pending, resumes exactly there when it is
answered, rolls the seeded dice and keeps the log. See the README's "Rulesets" section.
"""
