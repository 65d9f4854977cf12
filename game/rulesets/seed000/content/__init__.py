"""Creatures and powers from content files (TOML under ``assets/content/``), validated at load.

>>> library = load_content()            # every assets/content/*.toml
>>> library["goblin_cutter"].hp         # a Template, by id
1
>>> library.powers["opportunity_attack"].reaction.trigger
'enemy_leaves_threatened_cell'

Every problem is a :class:`game.errors.ContentError` naming the file, the entry
(creature or power) and the field; several come together as
:class:`game.errors.ContentProblems`. The file format is described in the README.
"""

from __future__ import annotations

from game.content_files import CONTENT_DIR, MAX_FILE_BYTES
from game.rulesets.seed000.content.loader import Library, load_content
from game.rulesets.seed000.content.text import DAMAGE_TYPES, parse_attack, parse_damage, parse_reach

__all__ = [
    "CONTENT_DIR",
    "DAMAGE_TYPES",
    "MAX_FILE_BYTES",
    "Library",
    "load_content",
    "parse_attack",
    "parse_damage",
    "parse_reach",
]
