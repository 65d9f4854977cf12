"""Seed 003, "Combat Rules" on 3d6 (``../shared/seeds/003_c2dc3d650823e22d.txt``): its sheets and content, its
attack arithmetic, its clock of initiative bands with the escalation die.

It imports only the kernel (and the registry of ruleset names), never another ruleset. Not playable yet:
engagement, intercept, opportunity attacks and the ruleset seam come next (see the README's "Seed 003").
"""
