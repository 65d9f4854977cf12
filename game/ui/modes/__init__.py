"""The table window's input modes, one small object each (as python-tcod's event handlers).

The table keeps a stack of them (``Table.modes``): at the bottom the fight's mode (moving, aiming a
power, charging), above it the reaction-preparation panel when it is open, and on top a screen that
hides the fight (the handoff, the setup dialog). The table sends each input to the top mode; a mode
answers with the mode to go to next (``None``: stay).
"""
