"""Every action of seed 002 as data (numbers in brackets are seed 002's lines): its name, its action type, its
bracket and provoking tag exactly as the document prints them, whether this table plays it, and its line.

The document heads each action with a bracket, ``ATTACK, RANGED [Standard, OA]`` [30]: the action type, then
what provokes an Opportunity Attack: ``OA`` (using it provokes), ``OA from movement`` (leaving a threatened
square provokes [39, 69]), ``OA from Certain Movement`` (leaving provokes except as the action says [77, 79,
80]), ``OA Varies`` (the GM's call [157]) or nothing. :data:`ACTIONS` keeps each bracket as printed (its capital
letters too) beside the reading (:class:`Provoking`); ``tests/rulesets/seed002/test_catalog.py`` reads the
document and checks every heading against it, so that the catalogue cannot drift.

ATTACK, CLOSE has no OA tag, but "Attacking an armed opponent while unarmed normally provokes an Opportunity
Attack" [26]: :attr:`Action.unarmed_provokes`.

Social and scene actions (court, rumor, influence, gossip, edit scene, inspiration, assessment, trick, assist,
command) are out of scope, and so are those that act on no board thing this table has (objects, ammunition,
alternate effects, skills and devices at the GM's call): ``in_scope`` is False and ``note`` says why.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class ActionType(enum.Enum):
    """What an action costs [3-8]."""

    STANDARD = "standard"
    MOVE = "move"
    QUICK = "quick"
    FREE = "free"
    REACTION = "reaction"
    NONE = "no action"
    VARIES = "varies"


class Provoking(enum.Enum):
    """When an action provokes an Opportunity Attack from a creature threatening the actor [122]."""

    NEVER = "none"
    """No tag: it does not provoke (ATTACK, CLOSE: see :attr:`Action.unarmed_provokes`)."""
    ON_USE = "OA"
    """``OA``: taking it in a threatened square provokes."""
    LEAVING = "OA from movement"
    """``OA from movement``: "Exiting out of a square threatened by another creature provokes" [39, 69]."""
    LEAVING_EXCEPT = "OA from certain movement"
    """``OA from Certain Movement``: leaving provokes, except toward the nearest enemy (advance [77]), away from
    it (withdraw [79]) or from one's grabber (escape [80])."""
    VARIES = "OA varies"
    """``OA Varies``: "Use GM's discretion" [157, 159]."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action of the document."""

    name: str
    """As the document's heading prints it (``ATTACK, CLOSE``)."""
    type: ActionType
    bracket: str
    """The heading's bracket exactly as printed, without the brackets (``Move, OA from Movement``)."""
    provokes: Provoking
    line: int
    """The heading's line in seed 002."""
    in_scope: bool = True
    """Whether this table plays it (issue 19 item 2)."""
    note: str = ""
    unarmed_provokes: bool = False
    """Made unarmed against an armed opponent, it "normally provokes an Opportunity Attack" [26]."""

    @property
    def tag(self) -> str:
        """The provoking tag as printed (``OA from Movement``), "" when the bracket has none."""
        _, _, rest = self.bracket.partition(", ")
        return rest


_S, _M, _Q, _F, _R, _N, _V = (ActionType.STANDARD, ActionType.MOVE, ActionType.QUICK, ActionType.FREE,
                              ActionType.REACTION, ActionType.NONE, ActionType.VARIES)
_NO, _OA, _LEAVE, _EXCEPT, _VAR = (Provoking.NEVER, Provoking.ON_USE, Provoking.LEAVING, Provoking.LEAVING_EXCEPT,
                                   Provoking.VARIES)
SOCIAL = "a social or scene action: out of scope"
NO_OBJECTS = "acts on objects the board does not hold: out of scope"

ACTIONS: tuple[Action, ...] = (
    Action("ATTACK, CLOSE", _S, "Standard", _NO, 25, unarmed_provokes=True),
    Action("ATTACK, COURT", _S, "Standard", _NO, 27, False, SOCIAL),
    Action("ATTACK, RANGED", _S, "Standard, OA", _OA, 30),
    Action("ATTACK, RUMOR", _S, "Standard, OA", _OA, 32, False, SOCIAL),
    Action("DEFEND", _S, "Standard", _NO, 34),
    Action("RECOVER", _S, "Standard", _NO, 36),
    Action("CHARGE", _S, "Standard, OA from movement", _LEAVE, 38),
    Action("READY", _S, "Standard", _NO, 40),
    Action("TRICK", _S, "Standard", _NO, 43, False, SOCIAL),
    Action("STUNT", _S, "Standard, OA", _OA, 45),
    Action("ASSIST", _S, "Standard", _NO, 54, False, SOCIAL),
    Action("ASSESSMENT", _S, "Standard, OA", _OA, 61, False, SOCIAL),
    Action("MOVE", _M, "Move, OA from Movement", _LEAVE, 68, note="walk, run, squeeze, crawl [70-73]"),
    Action("STAND", _M, "Move, OA", _OA, 74),
    Action("ADVANCE", _M, "Move, OA from Certain Movement", _EXCEPT, 76),
    Action("WITHDRAW", _M, "Move, OA from Certain Movement", _EXCEPT, 78),
    Action("ESCAPE", _M, "Move, OA from Certain Movement", _EXCEPT, 80),
    Action("RETRIEVE OR STORE OBJECTS", _M, "Move, OA", _OA, 81, False, NO_OBJECTS),
    Action("AIM", _M, "Move, OA", _OA, 83),
    Action("GAMBIT", _M, "Move, OA", _OA, 87, False, "a skill check for Advantage at the GM's call: out of scope"),
    Action("COMMAND", _M, "Move", _NO, 89, False, SOCIAL),
    Action("INFLUENCE", _M, "Move, OA", _OA, 91, False, SOCIAL),
    Action("DRAW OR SHEATHE WEAPONS", _Q, "Quick", _NO, 95, False, NO_OBJECTS),
    Action("PICK UP OR MANIPULATE OBJECT", _Q, "Quick", _NO, 97, False, NO_OBJECTS),
    Action("STUDY", _Q, "Quick", _NO, 99, False, SOCIAL),
    Action("STANCE", _Q, "Quick", _NO, 101, False, "trading Advantage between attack and defense: not built yet"),
    Action("SWITCH ALTERNATE EFFECT", _Q, "Quick", _NO, 103, False, "sheets have no alternate effects"),
    Action("TALK", _F, "Free", _NO, 106, False, SOCIAL),
    Action("DROP", _F, "Free", _NO, 108, note="dropping prone; dropping an item is out of scope"),
    Action("DRAW OR STORE AMMO", _F, "Free", _NO, 110, False, NO_OBJECTS),
    Action("SPEND DESTINY, FATE, OR CORRUPTION", _F, "Free", _NO, 112,
           note="only its Recover, which takes away a Surge's fatigue [118, 133]; edit scene and inspiration "
                "are social or scene uses: out of scope"),
    Action("OPPORTUNITY ATTACK", _R, "Reaction", _NO, 121),
    Action("SURGE", _R, "Reaction", _NO, 123),
    Action("SMASH", _R, "Reaction", _NO, 134),
    Action("SLAM", _R, "Reaction", _NO, 136),
    Action("RAISE", _R, "Reaction", _NO, 138),
    Action("HUNCH", _R, "Reaction", _NO, 140),
    Action("DELAY", _N, "No action", _NO, 143),
    Action("USE POWER, PERSONAL", _V, "Varies", _NO, 146, False, "sheets have no personal powers"),
    Action("USE POWER, CLOSE", _V, "Varies", _NO, 148, False, "a sheet's powers are its attacks"),
    Action("USE POWER, RANGED", _V, "Varies, OA", _OA, 150, False, "a sheet's powers are its attacks"),
    Action("USE POWER, COURT", _V, "Varies", _NO, 152, False, SOCIAL),
    Action("USE POWER, GOSSIP", _V, "Varies, OA", _OA, 154, False, SOCIAL),
    Action("USE SKILL", _V, "Varies, OA Varies", _VAR, 156, False, "the GM's call for each use: out of scope"),
    Action("USE TOOL OR DEVICE", _V, "Varies, OA Varies", _VAR, 158, False, NO_OBJECTS),
    Action("LOAD COMPLEX WEAPONS", _V, "VARIES, OA", _OA, 160, False, "sheets have no complex weapons"),
)
"""Every action heading of seed 002, in the document's order."""

BY_NAME = {a.name: a for a in ACTIONS}


def action(name: str) -> Action:
    """The action named as the document's heading prints it (``"ATTACK, CLOSE"``)."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"seed 002 has no action {name!r}") from None


def in_scope() -> tuple[Action, ...]:
    """The actions this table plays."""
    return tuple(a for a in ACTIONS if a.in_scope)
