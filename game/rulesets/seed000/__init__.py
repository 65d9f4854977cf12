"""Seed 000, "Rules for Reactions": the 4E-style combat it plays (standard / move / minor actions, d20
against defences, hit points, surges, conditions and saves, charge, opportunity attacks) and its
reaction system with automatic decisions, on the kernel (game.kernel). See the README, "Rulesets".
"""
