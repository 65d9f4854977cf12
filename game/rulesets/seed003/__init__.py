"""Seed 003, "Combat Rules" on 3d6 (``../shared/seeds/003_c2dc3d650823e22d.txt``): its sheets and content, its
attack arithmetic, its clock of initiative bands with the escalation die, and its fight (``fight.py``: the
kernel's ``Rules`` and the table's ``Fight``), played headless through ``package.py``'s ``RULESET``.

It imports only the kernel, the shared mechanics and the table's seam, never another ruleset. Its window
parts are still to come (see the README's "Seed 003").
"""
