"""Seed 002's Ready [40-42] (numbers in brackets are seed 002's lines): what a readied action is, the
triggers a table can test, and when a readied action fires, lapses or bars other reactions.

"You can ready a single standard action, which can be exchanged for a move or quick action, as usual. To do
so, specify the action you will take and the trigger after which you will take it. Then, any time before your
next turn, you may take the readied action as a Reaction to that trigger. However, until you take your
readied action, you cannot take any other Reactions [...]" [41]; "If you come to your next turn and have not
yet performed your readied action, [...] you just lose that action" [42].

Our readings:

* the action readied is an attack (a standard action; the attack the command names) or a move to a named
  square (the standard exchanged for a move, [41] "as usual"); readying spends the turn's standard action;
* the document lets a player name any trigger; a table tests only what a board can tell, so the player picks
  from :data:`TRIGGERS` (``in_reach``: an enemy comes within the readied attack's reach, a readied move's
  reach being the squares next to the readier; ``moves_near``: an enemy moves to within ``within`` squares;
  ``attacks``: an enemy attacks anyone; ``ally_attacked``: an enemy attacks one of the readier's allies),
  optionally only for the one enemy ``watch`` names;
* each time the trigger fires the readier's player decides (a decision of kind :data:`READIED`, with
  standing orders; the AI for its sides): take it now, or keep waiting. Taking it is the readier's reaction
  of that turn; a readied attack needs its target in reach then, a readied move its square still reachable;
* "until you take your readied action, you cannot take any other Reactions" [41]: :func:`barred` — no
  opportunity attack, Surge, Smash, Slam, Raise or Hunch while it waits;
* not taken, it lapses when the readier's next turn starts [42] (:class:`ReadiedActionLapsed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.grid import Cell

READIED = "reaction:readied"
"""The kind of decision a readied action's trigger opens (standing orders are set per kind)."""

IN_REACH = "in_reach"
MOVES_NEAR = "moves_near"
ATTACKS = "attacks"
ALLY_ATTACKED = "ally_attacked"
TRIGGERS: dict[str, str] = {
    IN_REACH: "an enemy comes within its reach",
    MOVES_NEAR: "an enemy moves within {within} squares",
    ATTACKS: "an enemy attacks",
    ALLY_ATTACKED: "an ally is attacked",
}
"""The triggers a player may name, with their words for the log."""

DEFAULT_WITHIN = 2
"""``moves_near``'s distance when the command names none."""
MAX_WITHIN = 12
"""The farthest ``moves_near`` may watch (squares)."""

ENTERED = "entered"
"""A :class:`Happening`: a creature entered a square."""
ATTACKING = "attacking"
"""A :class:`Happening`: a creature starts an attack (before its attack check)."""


@dataclass(frozen=True, slots=True)
class Readied:
    """An action a creature has readied [41]."""

    attack: str
    """The attack readied (its id), or "" for a readied move."""
    to: Cell | None
    """A readied move's square (None for an attack)."""
    trigger: str
    """A key of :data:`TRIGGERS`."""
    within: int
    """``moves_near``: how near the enemy must come (squares)."""
    watch: str
    """Only this enemy sets it off ("" for any)."""
    kind: str
    """The action it stands for: "standard" (an attack) or "move" (the standard exchanged [41])."""

    @property
    def is_move(self) -> bool:
        return self.to is not None


def trigger_words(trigger: str, within: int = DEFAULT_WITHIN, watched: str = "") -> str:
    """The trigger in words for the log ("an enemy moves within 2 squares"; with ``watched``, that
    creature's name in place of "an enemy")."""
    words = TRIGGERS[trigger].format(within=within)
    return words.replace("an enemy", watched) if watched else words


def ready_problem(trigger: str, within: int, *, attack: str, to: Cell | None, has_attack: bool) -> str:
    """Why a Ready with these parts cannot be made ("" when it can): a known trigger, a sensible distance,
    exactly one of an attack the creature has and a square."""
    if trigger not in TRIGGERS:
        return f"there is no trigger {trigger!r}; triggers: {', '.join(TRIGGERS)}"
    if trigger == MOVES_NEAR and not 1 <= within <= MAX_WITHIN:
        return f"'within' is 1 to {MAX_WITHIN} squares, not {within}"
    if to is not None and attack:
        return "a readied action is an attack or a move to a square, not both"
    if to is None and not attack:
        return "a readied action names an attack or a square to move to"
    if to is None and not has_attack:
        return f"there is no attack {attack!r} to ready"
    return ""


def make(trigger: str, *, attack: str = "", to: Cell | None = None, within: int = DEFAULT_WITHIN,
         watch: str = "") -> Readied:
    """The readied action of a valid Ready (see :func:`ready_problem`)."""
    return Readied(attack, to, trigger, within, watch, "move" if to is not None else "standard")


@dataclass(frozen=True, slots=True)
class Happening:
    """Something on the board a readied action may answer, as the fight tells it."""

    what: str
    """:data:`ENTERED` (``actor`` entered a square; ``distance`` is from there, ``was`` from where it came)
    or :data:`ATTACKING` (``actor`` starts an attack on ``target``)."""
    actor: str
    actor_side: str
    distance: int = 0
    """Squares between the actor and the readier now."""
    was: int = 0
    """Squares between them before the step (``entered``)."""
    target: str = ""
    target_side: str = ""


def fires(readied: Readied, readier: str, side: str, reach: int, happening: Happening) -> bool:
    """Whether ``happening`` is ``readied``'s trigger, for a readier ``readier`` of ``side`` whose readied
    attack reaches ``reach`` squares (a readied move: 1). Only enemies set a readied action off, and with
    ``watch`` only that one."""
    h = happening
    if h.actor_side == side or h.actor == readier or (readied.watch and h.actor != readied.watch):
        return False
    match readied.trigger:
        case "in_reach":
            return h.what == ENTERED and h.distance <= reach < h.was
        case "moves_near":
            return h.what == ENTERED and h.distance <= readied.within
        case "attacks":
            return h.what == ATTACKING
        case "ally_attacked":
            return h.what == ATTACKING and h.target_side == side and h.target != readier
    return False


def barred(readied: Readied | None) -> bool:
    """"until you take your readied action, you cannot take any other Reactions" [41]: whether a creature
    with ``readied`` waiting may take no reaction but it."""
    return readied is not None


# -- events ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionReadied:
    """``creature`` readies ``what`` (an attack's name, or "a move to (c, r)") for ``trigger`` (in words)."""

    creature: str
    what: str
    kind: str
    trigger: str


@dataclass(frozen=True, slots=True)
class ReadiedActionTaken:
    """The readied action goes off, as ``target`` (the creature that set it off) acts."""

    creature: str
    target: str
    what: str


@dataclass(frozen=True, slots=True)
class ReadiedActionLapsed:
    """"If you come to your next turn and have not yet performed your readied action [...] you just lose that
    action" [42]."""

    creature: str
    what: str


def describe(event: object, n: Callable[[str], str]) -> str | None:
    """The log line of one of this module's events (``n``: a creature id's name), or None."""
    match event:
        case ActionReadied():
            return f"{n(event.creature)} readies {event.what} (a {event.kind} action) for when {event.trigger}"
        case ReadiedActionTaken():
            return f"{n(event.creature)} takes its readied {event.what} as {n(event.target)} acts"
        case ReadiedActionLapsed():
            return f"{n(event.creature)}'s readied {event.what} lapses: its turn has come"
    return None
