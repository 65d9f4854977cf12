"""Every reaction of seed 001 as data (numbers in brackets are seed 001's lines): its name, the heading it is
under exactly as the document prints it, its trigger, what it may be used with, whether this table plays it,
and its line.

The document is one section, "Reactions" [2], with seven headings [5, 9, 16, 19, 26, 28, 30]; one of them
("Flee Attack (No More)" [9]) describes an attack of opportunity and a reaction that no longer exists.
``tests/rulesets/seed001/test_seed001_catalog.py`` reads the document and checks every heading against
:data:`HEADINGS`, so the catalogue cannot drift. Spells cast as reactions [4], maneuver responses [27] and
reactions paired with an action [29] depend on skills and spells the document does not give: ``in_scope`` is
False and ``note`` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

REACTIONS_PER_ROUND = 1
""""only one reaction is granted for a like duration" [3]; "only one reaction can be used per round" [7]."""
ACTIONS_PER_ROUND = 1
""""only one action is permitted in a combat round" [3]."""

HEADINGS: MappingProxyType[int, str] = MappingProxyType({
    2: "Reactions",
    5: "Dodge & Deflect",
    9: "Flee Attack (No More)",
    16: "Dismount",
    19: "Impalement",
    26: "Maneuver Response",
    28: "Paired With Action",
    30: "Standing Up",
})
"""The document's headings by line, as printed."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """One reaction of the document."""

    id: str
    name: str
    heading: int
    """The line of the heading it is under (a key of :data:`HEADINGS`)."""
    line: int
    """The line that defines its trigger."""
    trigger: str
    """Its trigger, in our words."""
    in_scope: bool = True
    note: str = ""
    """Why it is out of scope, or a reading worth knowing."""


REACTIONS: tuple[Reaction, ...] = (
    Reaction("dodge", "Dodge", 5, 6, "just before suffering Body damage from a melee strike, with the dodge skill",
             note="the d6 adjustment is taken off the lowest successful die (ours)"),
    Reaction("rebuff", "Rebuff", 5, 7, "just before suffering Body damage from a melee strike, with the rebuff skill",
             note="the d6 adjustment is taken off the highest successful die (ours)"),
    Reaction("deflect_missiles", "Deflect Missiles", 5, 7,
             "just before suffering Body damage from a missile, with a deflection skill",
             note="deflect bolts [6] (spell bolts) has no spells to answer here: only missiles"),
    Reaction("attack_of_opportunity", "Attack of Opportunity", 9, 11,
             "a creature moves through a hex adjacent to you without challenging you, while you are stationary, "
             "hold a ready melee weapon in the primary hand (or have a savage attack) and have your reaction"),
    Reaction("flee_attack", "Flee Attack", 9, 10, "a foe retreating without withdrawing defensively",
             in_scope=False, note="\"the 'flee attack' no longer exists\" [10]: never offered"),
    Reaction("dismount", "Dismount", 16, 17,
             "one's ground mount stops short (restrained or slain) and throws its rider",
             note="not against attacks designed to unseat a rider, such as a ranseur's [18]"),
    Reaction("impalement", "Impalement", 19, 21,
             "an enemy closes from 20 feet or farther to engage and attack one whom the polearm wielder is "
             "adjacent to or directly behind (or the wielder itself)"),
    Reaction("maneuver_response", "Maneuver Response", 26, 27,
             "an opponent's maneuver that allows its target a reaction (the drive skill)",
             in_scope=False, note="each is defined by a skill description the document does not give [27]"),
    Reaction("paired_with_action", "Paired With Action", 28, 29,
             "a reaction spent together with an action (a touch attack, a knockout blow)",
             in_scope=False, note="defined by skill descriptions the document does not give [29]"),
    Reaction("stand_up", "Standing Up", 30, 31,
             "when prone: at the start of the round or just after being knocked down",
             note="an action stands at once; a reaction costs half the species standard movement and takes "
                  "effect after a d4-second delay on the counter [32-34]"),
    Reaction("spell", "Spell as a Reaction", 2, 4, "an incantation or axiom that may be cast as a reaction",
             in_scope=False, note="no spells in this table's content"),
)
"""Every reaction, in the document's order."""


def reaction(reaction_id: str) -> Reaction:
    found = next((r for r in REACTIONS if r.id == reaction_id), None)
    if found is None:
        raise KeyError(f"no seed 001 reaction '{reaction_id}'")
    return found


def in_scope() -> tuple[Reaction, ...]:
    """The reactions this table plays."""
    return tuple(r for r in REACTIONS if r.in_scope)
