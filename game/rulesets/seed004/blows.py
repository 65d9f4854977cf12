"""Seed 004's blow economy (numbers in brackets are seed 004's lines): one character's blows, EN and standing
through a round, as a frozen value. Every change returns a new value; a refused one raises
:class:`BlowRefused` with the reason in one line and changes nothing.

* Each round starts with the sheet's active and reactive blows [15]. The first blow expended in the round costs
  no EN, each later one 1 EN [17]; a blow needs both the right kind of blow and the EN [17].
* An option asks for an active blow, or for "a blow" which "may be either active or reactive" [23]: the
  chooser names which (:class:`Blow`), :meth:`Blows.kinds_for` lists what it may give.
* A heavy weapon's attack spends an active blow and a second blow, which may be reactive [34].
* No more than EL+2 / +4 / +6 EN (by the EN die) is spent in one phase [5] (:attr:`Blows.cap`).
* Ours: EN is spent only while at least 1 is left ("available" EN is all but the last point), so spending never
  knocks a character out; damage takes EN and BD down to 0, not below; a character is conscious while both EN
  and BD are above 0.
* Who spent a blow or EN in the round takes no noncombat option [15, 45]; movement is 1" less per blow spent
  [51] (:attr:`Blows.acted`, :attr:`Blows.movement_loss`).
* A character who ends its movement may act at once "borrowing" blows from the next round [51, 56]: a borrowed
  blow is taken off the next round's allowance and counts as spent in it (ours: it costs EN now as the next
  round's blow would, the first borrowed blow free, each later one 1 EN, within this phase's cap).
* Alert and unalert [4]; fallen (a pass may fall [24]; rising is part of a maneuver [28]).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.rulesets.seed004.sheets import Sheet


class Blow(enum.Enum):
    """One blow, as spent."""

    ACTIVE = "active"
    REACTIVE = "reactive"


class Need(enum.Enum):
    """What an option asks for: an active blow, or any blow ("either active or reactive unless an active blow
    is specified" [23])."""

    ACTIVE = "active"
    ANY = "any"


class BlowRefused(ValueError):
    """A blow or EN that cannot be spent: the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class Blows:
    """One character's blows, EN, BD and standing in the current round."""

    per_round_active: int
    per_round_reactive: int
    active: int
    """Active blows left this round."""
    reactive: int
    """Reactive blows left this round."""
    en: int
    """Current EN."""
    bd: int
    """Current BD."""
    cap: int
    """EN that may be spent in one phase [5]."""
    spent: int = 0
    """Blows spent this round (borrowed ones included when the round began)."""
    en_phase: int = 0
    """EN spent in the current phase."""
    en_round: int = 0
    """EN spent this round."""
    en_last_round: int = 0
    """EN spent in the round before (what resting reads [46])."""
    borrowed_active: int = 0
    """Active blows taken from the next round's allowance [56]."""
    borrowed_reactive: int = 0
    alert: bool = True
    fallen: bool = False

    @staticmethod
    def start(sheet: Sheet, *, alert: bool = True, fallen: bool = False) -> Blows:
        """A character's state as a fight begins: full blows, full EN and BD."""
        return Blows(sheet.active_blows, sheet.reactive_blows, sheet.active_blows, sheet.reactive_blows,
                     sheet.en, sheet.bd, sheet.phase_cap, alert=alert, fallen=fallen)

    # -- questions -------------------------------------------------------------------------------------------

    @property
    def conscious(self) -> bool:
        """Ours: EN and BD both above 0."""
        return self.en > 0 and self.bd > 0

    @property
    def has_blow(self) -> bool:
        """At least one active or reactive blow left [19]."""
        return self.active + self.reactive > 0

    @property
    def acted(self) -> bool:
        """Spent a blow or EN this round: no noncombat option [15, 45]."""
        return self.spent > 0 or self.en_round > 0

    @property
    def movement_loss(self) -> int:
        """Movement lost this round: 1" per blow expended [51]."""
        return self.spent

    def cost(self, count: int = 1) -> int:
        """EN the next ``count`` blows cost: the first of the round is free, each later one 1 EN [17]."""
        return count - (1 if self.spent == 0 and count > 0 else 0)

    def left(self, blow: Blow) -> int:
        return self.active if blow is Blow.ACTIVE else self.reactive

    def kinds_for(self, need: Need) -> tuple[Blow, ...]:
        """The blows it has left that meet ``need``."""
        kinds = (Blow.ACTIVE,) if need is Need.ACTIVE else (Blow.ACTIVE, Blow.REACTIVE)
        return tuple(k for k in kinds if self.left(k) > 0)

    def why_not(self, *blows: Blow) -> str | None:
        """Why ``blows`` cannot be spent now (None: they can)."""
        if not self.conscious:
            return "an unconscious character spends no blows"
        for kind in Blow:
            wanted = sum(1 for b in blows if b is kind)
            if wanted > self.left(kind):
                return f"{wanted} {kind.value} blow{'s' if wanted > 1 else ''} wanted, {self.left(kind)} left"
        return self._why_not_en(self.cost(len(blows)))

    def why_not_en(self, amount: int) -> str | None:
        """Why ``amount`` EN cannot be spent now, outside a blow (None: it can)."""
        if amount < 0:
            return "EN spent is never negative"
        return self._why_not_en(amount)

    def _why_not_en(self, amount: int) -> str | None:
        if amount > self.en - 1:
            return f"{amount} EN wanted, {max(0, self.en - 1)} available (EN {self.en}; the last point stays)"
        if self.en_phase + amount > self.cap:
            return f"{amount} EN more would pass this phase's cap of {self.cap} ({self.en_phase} spent)"
        return None

    def why_not_attack(self, heavy: bool, second: Blow = Blow.REACTIVE) -> str | None:
        """Why an attack cannot be made: an active blow, and for a heavy weapon a second blow ``second`` [34]."""
        return self.why_not(*self._attack_blows(heavy, second))

    # -- changes ---------------------------------------------------------------------------------------------

    def spend(self, *blows: Blow) -> Blows:
        """Spend ``blows`` (and their EN) at once."""
        why = self.why_not(*blows)
        if why is not None:
            raise BlowRefused(why)
        en = self.cost(len(blows))
        active = sum(1 for b in blows if b is Blow.ACTIVE)
        return replace(self, active=self.active - active, reactive=self.reactive - (len(blows) - active),
                       spent=self.spent + len(blows), en=self.en - en, en_phase=self.en_phase + en,
                       en_round=self.en_round + en)

    def spend_for(self, need: Need, blow: Blow | None = None) -> Blows:
        """Spend one blow that meets ``need``: ``blow`` if given, else an active one for ACTIVE and for ANY a
        reactive one while any is left (ours: a default that keeps active blows, which win initiative [20])."""
        kinds = self.kinds_for(need)
        if blow is None:
            blow = Blow.REACTIVE if Blow.REACTIVE in kinds else Blow.ACTIVE
        elif need is Need.ACTIVE and blow is not Blow.ACTIVE:
            raise BlowRefused("this option needs an active blow")
        return self.spend(blow)

    def attack(self, heavy: bool, second: Blow = Blow.REACTIVE) -> Blows:
        """Spend an attack's blows [34]."""
        return self.spend(*self._attack_blows(heavy, second))

    @staticmethod
    def _attack_blows(heavy: bool, second: Blow) -> tuple[Blow, ...]:
        return (Blow.ACTIVE, second) if heavy else (Blow.ACTIVE,)

    def spend_en(self, amount: int) -> Blows:
        """Spend EN outside a blow (within the phase's cap)."""
        why = self.why_not_en(amount)
        if why is not None:
            raise BlowRefused(why)
        return replace(self, en=self.en - amount, en_phase=self.en_phase + amount, en_round=self.en_round + amount)

    def why_not_borrow(self, *blows: Blow) -> str | None:
        """Why ``blows`` cannot be borrowed from the next round [56] (None: they can)."""
        if not self.conscious:
            return "an unconscious character spends no blows"
        for kind in Blow:
            wanted = sum(1 for b in blows if b is kind)
            borrowed = self.borrowed_active if kind is Blow.ACTIVE else self.borrowed_reactive
            allowance = self.per_round_active if kind is Blow.ACTIVE else self.per_round_reactive
            if borrowed + wanted > allowance:
                return (f"{wanted} {kind.value} blow{'s' if wanted > 1 else ''} wanted from the next round, "
                        f"{allowance - borrowed} left to borrow")
        return self._why_not_en(self._borrow_cost(len(blows)))

    def _borrow_cost(self, count: int) -> int:
        first_free = 1 if self.borrowed_active + self.borrowed_reactive == 0 and count > 0 else 0
        return count - first_free

    def borrow(self, *blows: Blow) -> Blows:
        """Spend ``blows`` taken from the next round's allowance [51, 56]."""
        why = self.why_not_borrow(*blows)
        if why is not None:
            raise BlowRefused(why)
        en = self._borrow_cost(len(blows))
        active = sum(1 for b in blows if b is Blow.ACTIVE)
        return replace(self, borrowed_active=self.borrowed_active + active,
                       borrowed_reactive=self.borrowed_reactive + len(blows) - active, en=self.en - en,
                       en_phase=self.en_phase + en, en_round=self.en_round + en)

    def new_phase(self) -> Blows:
        """A new phase: its EN cap starts again [5]."""
        return replace(self, en_phase=0)

    def new_round(self) -> Blows:
        """A new round: the full complement of blows less those borrowed [15, 56]; EN spent this round becomes
        the previous round's."""
        return replace(self, active=self.per_round_active - self.borrowed_active,
                       reactive=self.per_round_reactive - self.borrowed_reactive,
                       spent=self.borrowed_active + self.borrowed_reactive, en_phase=0, en_round=0,
                       en_last_round=self.en_round, borrowed_active=0, borrowed_reactive=0)

    def damaged(self, en: int, bd: int = 0) -> Blows:
        """EN and BD taken off by a hit [43] (down to 0)."""
        if en < 0 or bd < 0:
            raise ValueError("damage is never negative")
        return replace(self, en=max(0, self.en - en), bd=max(0, self.bd - bd))

    def recovered(self, en: int, most: int) -> Blows:
        """EN back (resting [46]), up to ``most`` (the sheet's EN)."""
        return replace(self, en=min(most, self.en + max(0, en)))

    def with_alert(self, alert: bool) -> Blows:
        return replace(self, alert=alert)

    def with_fallen(self, fallen: bool) -> Blows:
        return replace(self, fallen=fallen)


def blows_of(blows: Iterable[Blow]) -> str:
    """Blows in words ("1 active, 1 reactive")."""
    listed = list(blows)
    parts = [f"{n} {k.value}" for k in Blow if (n := sum(1 for b in listed if b is k))]
    return ", ".join(parts) or "no blow"
