"""The ruleset-free kernel: pieces on a board, steps and break points, commands, decisions, dice, a clock and events."""
