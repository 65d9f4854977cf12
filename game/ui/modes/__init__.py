"""The table window's input modes, one small object each (as python-tcod's event handlers).

The table keeps a stack of them (``Table.modes``): at the bottom the fight's mode (the ruleset's own,
``FightMode``: seed 000's moving, aiming a power and charging are in ``game.ui.rulesets.seed000``), above
it a ruleset's panel when one is open (seed 000's reaction preparation), and on top a screen that hides
the fight (the handoff, the setup dialog, a decision's prompt). These generic modes import no ruleset. The table sends each input to the top mode; a mode
answers with the mode to go to next (``None``: stay).
"""
