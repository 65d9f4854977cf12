"""Seed 002's action-economy display (issue 19 item 6; numbers in brackets are seed 002's lines): a creature's
standard, move and quick pips this turn (left, spent, or traded: spent to pay for a lesser action [10]), its
reaction of the turn now (free, used, or held by a Ready [41]) and its Area power of this round [10].

What is shown is read from the fight, never worked out here: the pips left are the creature's ``Economy``, the
spent ones and what each paid for are the turn's ``ActionSpent`` events (kind needed, action paid). The panel
draws :class:`EconomyShown` as pips (``parts.draw_economy``); the initiative row shows :func:`row_text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.state import Creature

KINDS = ("standard", "move", "quick")
LOOK_BACK = 400
"""Most log events read back for the turn's spent actions (a turn has far fewer)."""


@dataclass(frozen=True, slots=True)
class Pip:
    """One action of the turn: its kind, whether it is left, and, spent, what it paid for ("" for itself)."""

    kind: str
    left: bool
    paid_for: str = ""

    @property
    def traded(self) -> bool:
        return not self.left and bool(self.paid_for) and self.paid_for != self.kind


@dataclass(frozen=True, slots=True)
class EconomyShown:
    pips: tuple[Pip, ...]
    reaction: str
    """"free", "used" or "held by Ready" (a readied action waits: no other reaction [41])."""
    area: str
    """"free" or "used" (one Area power a round [10])."""
    on_turn: bool


def spent_this_turn(creature: Creature, log: Sequence[object]) -> list[ev.ActionSpent]:
    """The creature's ``ActionSpent`` events of its turn now (or its last turn), oldest first."""
    out: list[ev.ActionSpent] = []
    for event in reversed(log[-LOOK_BACK:]):
        if isinstance(event, ev.TurnStarted) and event.creature == creature.id:
            break
        if isinstance(event, ev.ActionSpent) and event.creature == creature.id:
            out.append(event)
    out.reverse()
    return out


def shown(creature: Creature, log: Sequence[object]) -> EconomyShown:
    """What the display shows of ``creature``'s actions now."""
    economy = creature.economy
    left = dict(zip(KINDS, economy.pips))
    pips: list[Pip] = []
    spent = [e for e in spent_this_turn(creature, log) if e.paid in KINDS] if economy.on_turn else []
    for kind in KINDS:
        pips += [Pip(kind, False, e.kind) for e in spent if e.paid == kind]
        pips += [Pip(kind, True) for _ in range(max(0, left[kind]))]
    if not economy.on_turn:
        pips = [Pip(kind, True) for kind in KINDS]
    reaction = "used" if economy.reacted else ("held by Ready" if economy.readied else "free")
    return EconomyShown(tuple(pips), reaction, "used" if economy.area_used else "free", economy.on_turn)




def row_text(seen: EconomyShown) -> str:
    """The initiative row's small form: on its turn the pips in brackets ("[S·q]": a letter per action left,
    S standard, M move, Q quick; · spent; a small letter: spent on that lesser action), then the reaction (R
    free, r used, R! held by a Ready) and the Area power (A free, a used)."""
    parts: list[str] = []
    if seen.on_turn:
        parts.append("[" + "".join(p.kind[0].upper() if p.left else (p.paid_for[0] if p.traded else "·")
                                   for p in seen.pips) + "]")
    parts.append({"free": "R", "used": "r", "held by Ready": "R!"}[seen.reaction])
    parts.append("A" if seen.area == "free" else "a")
    return " ".join(parts)


def words(seen: EconomyShown) -> list[str]:
    """The panel's lines under the pips: the trades made and the reaction and Area power."""
    lines = [f"{p.kind} action spent on a {p.paid_for} action (traded down [10])" for p in seen.pips if p.traded]
    lines.append({"free": "reaction: free this turn [7]", "used": "reaction: used this turn [7]",
                  "held by Ready": "reaction: waiting with a readied action, no other [41]"}[seen.reaction])
    lines.append("Area power: free this round [10]" if seen.area == "free" else "Area power: used this round [10]")
    return lines
