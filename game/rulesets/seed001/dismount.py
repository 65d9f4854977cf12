"""Seed 001's dismount reaction as pure rules over plain data (numbers in brackets are seed 001's lines).

When "one's mount stops unexpectedly, perhaps due to netting or other restraint, perhaps the beast was suddenly
slain ... the rider would be thrown from the mount"; "the rider can choose to use a reaction to land on his or
her feet", with "a successful Agility check (TM:10)"; "Even if failing the save, the rider suffers only half the
normal damage from the fall and will further roll up to a standing position, thereby avoiding the prone
restriction"; "Either way, the movement penalty for dismounting will still apply" [17]. Only for "mounts that
traverse the ground", never against "special attacks designed to forcefully remove a rider" [18].
:mod:`game.rulesets.seed001.pools` has the fall (1d6, ours) and its halving.

Our readings (the README's "Reactions" lists them):

* **a mount stops short** when it is slain or incapacitated under its rider, or netted (the net is our small
  content: a thrown weighted net that stops a mount where it stands).
* **the thrown rider** lands in its mount's hex if free, else the nearest free hex; without the reaction (or
  when none is allowed) it takes the whole fall and lies prone.
* **the movement penalty for dismounting**: half the rider's species standard movement, in the round it is
  thrown (the same figure as standing by reaction [33], since the document gives none for dismounting).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.seed001 import pools
from game.rulesets.seed001.sheets import Sheet, Unhorsing, may_land
from game.rulesets.seed001.standing import penalty

KIND = "reaction:dismount"
"""The decision kind of landing on one's feet (standing orders are set per kind)."""


@dataclass(frozen=True, slots=True)
class Landing:
    """How a thrown rider came down: whether it reacted, passed its check, the Body it took, prone or not, and
    the movement it loses this round."""

    reacted: bool
    landed: bool
    damage: int
    prone: bool
    penalty_feet: int


def why_not(rider: Sheet, mount: Sheet, cause: Unhorsing, has_reaction: bool) -> str:
    """Why a thrown rider may not use its reaction to land ("" if it may) [17-18]."""
    if not mount.ground_mount:
        return f"{mount.name} does not traverse the ground [18]"
    if cause is Unhorsing.UNSEATED:
        return "no reaction against an attack made to unseat a rider [18]"
    if not has_reaction:
        return f"{rider.name} has used its reaction this round [7]"
    assert may_land(mount, cause)
    return ""


def landing(rider: Sheet, fall: int, reacted: bool, landed: bool) -> Landing:
    """The outcome of a throw: fall damage (none, half or all) and prone or not [17], and the dismount's
    movement penalty either way."""
    return Landing(reacted, reacted and landed, pools.thrown_rider_fall(fall, reacted, landed),
                   pools.thrown_rider_prone(reacted), penalty(rider.standard_feet))


def question(rider: Sheet, mount: Sheet) -> str:
    """The decision's words, with the exact chance of the Agility check."""
    need = max(1, pools.DISMOUNT_TM - rider.agility)
    chance = max(0, min(20, 21 - need)) / 20
    return (f"thrown from {mount.name}: react to land on its feet? Agility {rider.agility:+d} "
            f"against TM {pools.DISMOUNT_TM}: {chance:.0%}; half the fall even if it fails, and not prone [17]")
