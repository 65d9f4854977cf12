"""Seed 004's fight state (numbers in brackets are seed 004's lines): each character as it stands now.

A :class:`Character` is a frozen value (the fight keeps the current one by id and replaces it on every change):
its sheet, cell, :class:`~game.rulesets.seed004.blows.Blows` (blows, EN, BD, alert, fallen), the weapons in its
hands and in their sheaths, its great-blow preparation, whether its shield is still whole. It reads as
initiative's ``Fighter`` and the maneuvers' ``Mover``. Items lying on the map (a dropped or thrown weapon) are
:class:`Lying`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.grid import Cell
from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.preparations import Preparation
from game.rulesets.seed004.sheets import ArmourClass, Sheet, Weapon


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    side: str
    sheet: Sheet
    cell: Cell
    blows: Blows
    in_hand: tuple[str, ...]
    """The weapons it wields (ids of its sheet's weapons; natural weapons always)."""
    sheathed: tuple[str, ...] = ()
    """Weapons on its body, to be drawn [25]."""
    broken: tuple[str, ...] = ()
    """Weapons broken in this fight [40-41]."""
    preparation: Preparation | None = None
    shield_whole: bool = True
    """Its shield (if its sheet has one) has not broken [40]."""
    carried: tuple[Weapon, ...] = ()
    """Weapons picked up from the map that are not its sheet's [26]: each a copy whose id is where it came from,
    ``owner.weapon`` (its number to hit as its owner's sheet has it, ours)."""

    @property
    def dead(self) -> bool:
        """Out of the fight: unconscious (ours: an unconscious character neither acts nor is attacked)."""
        return not self.blows.conscious

    @property
    def alert(self) -> bool:
        return self.blows.alert

    def weapon(self, wid: str) -> Weapon | None:
        return self.sheet.weapon(wid) or next((w for w in self.carried if w.id == wid), None)

    def wielded(self) -> tuple[Weapon, ...]:
        """The weapons in hand, in the sheet's order, then those picked up."""
        return tuple(w for w in (*self.sheet.weapons, *self.carried) if w.id in self.in_hand)

    def armour_class(self) -> ArmourClass:
        """Its AC as an attack sees it: armour, and its shield while whole [39]."""
        return self.sheet.armour_class(shield=self.shield_whole)
