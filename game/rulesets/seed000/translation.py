"""Seed 000, "How to translate from previous framework": old action types -> reaction keywords.

The table (seed 000, lines "[Previous type of action] : [new type of Reaction]"):

=============================================  ===========================================
old action type                                keywords
=============================================  ===========================================
Immediate Reaction                             (none)             + special cases
Immediate Interrupt                            Interrupt          + special cases
Opportunity attack                             Interrupt, Spontaneous, Repeatable
Opportunity action                             Interrupt, Spontaneous; Repeatable if at-will
Free action triggered by one's own actions     Personal; Interrupt if it triggers on an attack roll
Free action with any other trigger             Spontaneous, Free; Interrupt if it triggers on an
                                               attack roll; Repeatable if at-will
=============================================  ===========================================

Special cases that add Spontaneous: an at-will class feature (a defender's
mark), and the triggers "become bloodied", "reduced to 0 hp", "suffer a
specific condition", "spend a surge", "roll initiative".

Rulings where the table is unclear (also in the README):

* Under "Opportunity actions" the seed repeats "Add Interrupt if triggers on
  attack roll"; opportunity actions are Interrupt already, so the line adds
  nothing there. It is read as belonging to the free actions that follow, as it
  does under the second kind of free action: both kinds of free action add
  Interrupt when they trigger on an attack roll.
* "Repeatable if at-will" is written for opportunity actions and for free
  actions with another trigger. It is not applied to Personal free actions:
  Repeatable is a kind of Spontaneous reaction, and they are not Spontaneous.
* The special cases apply to every row (for most rows they add nothing new).
* Keywords written in a content file are kept; the translation only adds.
"""

from __future__ import annotations

from game.rulesets.seed000.model import Frequency
from game.rulesets.seed000.triggers import TRIGGERS

OLD_ACTIONS = ("immediate reaction", "immediate interrupt", "opportunity attack", "opportunity action",
               "free action")
"""The old action types a content file may describe a reaction with."""


def translate(old_action: str, trigger: str, frequency: Frequency, *, class_feature: bool = False) -> frozenset[str]:
    """The seed-000 keywords of a reaction described by its old action type.

    ``trigger`` is a name from ``TRIGGERS``; a free action whose trigger is
    ``own_action`` is "triggered by the character's own actions".
    """
    info = TRIGGERS[trigger]
    at_will = frequency is Frequency.AT_WILL
    keywords: set[str] = set()
    match old_action:
        case "immediate reaction":
            pass
        case "immediate interrupt":
            keywords.add("interrupt")
        case "opportunity attack":
            keywords |= {"interrupt", "spontaneous", "repeatable"}
        case "opportunity action":
            keywords |= {"interrupt", "spontaneous"}
            if at_will:
                keywords.add("repeatable")
        case "free action" if trigger == "own_action":
            keywords.add("personal")
            if info.on_attack_roll:
                keywords.add("interrupt")
        case "free action":
            keywords |= {"spontaneous", "free"}
            if info.on_attack_roll:
                keywords.add("interrupt")
            if at_will:
                keywords.add("repeatable")
        case _:
            raise ValueError(f"'{old_action}' is not an old action type; use one of: {', '.join(OLD_ACTIONS)}")
    if (class_feature and at_will) or info.spontaneous:
        keywords.add("spontaneous")
    return frozenset(keywords)
