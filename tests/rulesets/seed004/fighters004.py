"""Characters for seed 004's sequence tests: an id, a side, a cell, a sheet and the blow economy's state (what
initiative, the round and maneuvers read through their protocols)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.grid import Cell, Square
from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.sheets import DamageDice, EnDie, Sheet, Weapon


def sheet(dx: int = 12, en: int = 20, active: int = 2, reactive: int = 2) -> Sheet:
    sword = Weapon("sword", "Sword", DamageDice(1, 8), to_hit=16, breakage=3)
    return Sheet("tam", "Tam", el=3, en_die=EnDie.AD6, en=en, bd=10, dx=dx, st=12, active_blows=active,
                 reactive_blows=reactive, move=6, recovery=2, ac=10, first_modifier=0, second_modifier=0,
                 weapons=(sword,))


@dataclass(frozen=True, slots=True)
class F:
    id: str
    side: str
    blows: Blows
    cell: Cell = Square(0, 0)
    sheet: Sheet = sheet()


def fighter(id: str, active: int = 1, reactive: int = 1, en: int = 10, *, side: str = "a", conscious: bool = True,
            acted: bool = False, alert: bool = True, fallen: bool = False, dx: int = 12,
            cell: Cell = Square(0, 0)) -> F:
    """A character with ``active`` and ``reactive`` blows left and ``en`` EN (none spent yet unless ``acted``:
    then one blow spent, so each further blow costs 1 EN)."""
    s = sheet(dx=dx, en=max(en, 1), active=max(active, 1), reactive=max(reactive, 1))
    b = replace(Blows.start(s, alert=alert, fallen=fallen), active=active, reactive=reactive, en=en,
                bd=10 if conscious else 0, spent=1 if acted else 0)
    return F(id, side, b, cell, s)
