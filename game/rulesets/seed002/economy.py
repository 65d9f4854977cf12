"""Seed 002's action economy (numbers in brackets are seed 002's lines) as a frozen value, one per creature.

"During a round you can take a standard, a move action (or substitute an additional move action for your
standard action), and a quick action (or substitute an additional quick action for your move action), along
with as many free actions as you wish and as many reactions as are called for, with a limit of one per Turn.
Additionally, you can only use one Area Power per round, regardless of action type used" [10]. A standard may
also pay for a free action "as usual" [41, 125] (free actions cost nothing anyway). The trades are data, the
shared :data:`SEED002_ACTIONS` (:class:`game.mechanics.actions.ActionEconomy`).

* **Reactions**: one per turn, and a turn is any creature's: the fight calls :meth:`Economy.start_turn` on
  every creature's economy at every turn start (``own`` for the creature whose turn it is), which gives each
  its reaction back [7, 20].
* **A quick action in a reaction** [16]: "you ... may even use it as part of a reaction, so long as you did not
  use it during your last turn". Our reading: on your own turn a reaction may use your quick action if it is
  left; outside it, only the quick action your last turn left unused (:attr:`Economy.spare_quick`), once.
* **Area powers**: one a round whatever its action type [10], reactions included; :meth:`Economy.start_round`
  gives it back when the round begins.
* **Ready** [41]: until the readied action is taken "you cannot take any other Reactions"
  (:attr:`Economy.readied`); the readied action itself is the turn's reaction; it is lost at your next turn.
* **No action** [21-22] (resistance checks) costs nothing and is never refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.mechanics.actions import ActionBudget, ActionEconomy
from game.rulesets.seed002.catalog import ActionType

_STANDARD, _MOVE, _QUICK = ActionType.STANDARD.value, ActionType.MOVE.value, ActionType.QUICK.value

SEED002_ACTIONS = ActionEconomy(
    per_turn=(_STANDARD, _MOVE, _QUICK),
    trades={_STANDARD: (_STANDARD,), _MOVE: (_MOVE, _STANDARD), _QUICK: (_QUICK, _MOVE, _STANDARD)},
    free=frozenset({ActionType.FREE.value, ActionType.NONE.value}),
)
"""A turn's standard, move and quick actions [3-5] and their trades [10]; free actions and no action cost
nothing [6, 8]."""

_PAID = (ActionType.STANDARD, ActionType.MOVE, ActionType.QUICK, ActionType.FREE, ActionType.NONE)


@dataclass(frozen=True, slots=True)
class Economy:
    """One creature's actions left: this turn's, this turn's reaction, this round's Area power."""

    standard: int = 1
    move: int = 1
    quick: int = 1
    on_turn: bool = False
    """Whether the turn now is this creature's own."""
    reacted: bool = False
    """Whether it has taken a reaction during the turn now (anyone's) [7]."""
    area_used: bool = False
    """Whether it has used an Area power this round [10]."""
    spare_quick: bool = False
    """Whether its last turn left its quick action unused, for a reaction outside its turn [16]."""
    readied: bool = False
    """Whether it waits with a readied action, taking no other reactions [41]."""

    # -- the turn's actions --------------------------------------------------------------------------------

    def _budget(self) -> ActionBudget:
        return ActionBudget({_STANDARD: self.standard, _MOVE: self.move, _QUICK: self.quick})

    def payer(self, kind: ActionType) -> ActionType | None:
        """The action that would pay for an action of ``kind`` (``kind`` itself for a free action or no
        action, the better one when its own is spent), or None when none may."""
        if kind not in _PAID:
            raise ValueError(f"a {kind.value} action is not paid from the turn's actions")
        paid = SEED002_ACTIONS.pay(self._budget(), kind.value, check_only=True)
        return None if paid is None else ActionType(paid)

    def why_not(self, kind: ActionType, *, area: bool = False) -> str | None:
        """Why an action of ``kind`` (``area``: an Area power) cannot be taken now, or None."""
        if kind is ActionType.NONE:
            return None
        if not self.on_turn and kind is not ActionType.FREE:
            return f"a {kind.value} action is taken on one's own turn"
        if area and self.area_used:
            return "one Area power a round [seed 002, line 10]"
        if self.payer(kind) is None:
            return f"no {kind.value} action left this turn"
        return None

    def spend(self, kind: ActionType, *, area: bool = False) -> Economy:
        """The economy after taking an action of ``kind`` on one's turn (``area``: an Area power). Raises
        ``ValueError`` with :meth:`why_not`'s reason."""
        why = self.why_not(kind, area=area)
        if why is not None:
            raise ValueError(why)
        budget = self._budget()
        SEED002_ACTIONS.pay(budget, kind.value)
        left = budget.left
        return replace(self, standard=left[_STANDARD], move=left[_MOVE], quick=left[_QUICK],
                       area_used=self.area_used or area)

    def gain_standard(self) -> Economy:
        """Surge's ADDITIONAL ACTION [125]: "an additional standard action during your turn"."""
        return replace(self, standard=self.standard + 1)

    # -- reactions ------------------------------------------------------------------------------------------

    def can_use_quick_in_reaction(self) -> bool:
        """Whether a reaction may include a quick action now [16]."""
        return self.quick > 0 if self.on_turn else self.spare_quick

    def why_no_reaction(self, *, readied: bool = False, quick: bool = False, area: bool = False) -> str | None:
        """Why a reaction cannot be taken now (``readied``: the readied action itself; ``quick``: it includes
        a quick action; ``area``: it uses an Area power), or None."""
        if self.reacted:
            return "one reaction per turn [seed 002, line 7]"
        if readied and not self.readied:
            return "no action is readied"
        if self.readied and not readied:
            return "waiting with a readied action, no other reactions [seed 002, line 41]"
        if quick and not self.can_use_quick_in_reaction():
            return ("the quick action was used during the last turn [seed 002, line 16]" if not self.on_turn
                    else "no quick action left this turn")
        if area and self.area_used:
            return "one Area power a round [seed 002, line 10]"
        return None

    def react(self, *, readied: bool = False, quick: bool = False, area: bool = False) -> Economy:
        """The economy after taking this turn's reaction. Raises ``ValueError`` with
        :meth:`why_no_reaction`'s reason."""
        why = self.why_no_reaction(readied=readied, quick=quick, area=area)
        if why is not None:
            raise ValueError(why)
        after = replace(self, reacted=True, readied=False if readied else self.readied,
                        area_used=self.area_used or area)
        if quick and self.on_turn:
            return replace(after, quick=self.quick - 1)
        if quick:
            return replace(after, spare_quick=False)
        return after

    def ready(self) -> Economy:
        """After the Ready action [40] (its standard action spent with :meth:`spend`): waiting for the
        trigger."""
        return replace(self, readied=True)

    # -- time -----------------------------------------------------------------------------------------------

    def start_turn(self, own: bool) -> Economy:
        """A turn begins, this creature's (``own``) or another's: the reaction comes back [7]. On its own
        turn it gets a standard, a move and a quick action, and loses a readied action not taken [42] and
        the spare quick action of its last turn."""
        if own:
            return Economy(on_turn=True, area_used=self.area_used)
        return replace(self, on_turn=False, reacted=False)

    def end_turn(self) -> Economy:
        """Its own turn ends: a quick action left unused may go into a reaction before its next turn [16]."""
        return replace(self, on_turn=False, spare_quick=self.quick > 0)

    def start_round(self) -> Economy:
        """A round begins: the Area power comes back [10]."""
        return replace(self, area_used=False)

    @property
    def pips(self) -> tuple[int, int, int]:
        """Standard, move and quick actions left, for the window's display."""
        return self.standard, self.move, self.quick
