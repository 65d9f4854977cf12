"""Seed 004's noncombat options, 2.1.1-2.1.3 [45-48] (numbers in brackets are the document's lines).

Offered to those who spent no blow or EN in the combat phase [45] (:func:`~game.rulesets.seed004.rounds.
may_choose_noncombat`), chosen secretly and resolved simultaneously (:mod:`game.rulesets.seed004.rounds`).

* Rest [46]: recover the lesser of the hourly recovery rate and one less than the EN expended during the
  previous round (never less than nothing, never above the sheet's EN).
* Adjust armour [48]: armour not worn is donned (at its basic ENC); worn armour loses WT/2 ENC, to no less than
  half its basic ENC (:meth:`~game.rulesets.seed004.sheets.Armour.adjusted_enc`). Once no adjustment changes
  anything, it is not offered.
* Cast spell [47]: not offered: the content has no spells.

Our reading of alertness [45, 47, 48]: every noncombat option leaves its user unalert ("Alert characters cease
to be alert when using a noncombat option"); rest is open to the alert, while cast spell and adjust armour
"cannot be used if alert": only one unalert when the phase begins may choose them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.kernel.decisions import PASS, Option
from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.sheets import Armour, Sheet


class Noncombat(enum.Enum):
    REST = "rest"
    ADJUST_ARMOUR = "adjust armour"


@dataclass(frozen=True, slots=True)
class Fit:
    """How a character's armour sits: worn or not, and its ENC now [48]."""

    worn: bool
    enc: int

    @staticmethod
    def worn_as_listed(armour: Armour | None) -> Fit:
        """Armour on from the start, at its basic ENC (none: nothing worn)."""
        return Fit(armour is not None, armour.enc if armour is not None else 0)


def rest_recovery(sheet: Sheet, blows: Blows) -> int:
    """2.1.1 [46]: the lesser of the hourly recovery rate and one less than the EN spent in the previous round,
    never below 0 and never past the sheet's EN."""
    return max(0, min(sheet.recovery, blows.en_last_round - 1, sheet.en - blows.en))


def adjusted(armour: Armour, fit: Fit) -> Fit:
    """2.1.3 [48]: armour not worn is donned; worn armour loses WT/2 ENC, to half its basic ENC at least."""
    if not fit.worn:
        return Fit(True, armour.enc)
    return Fit(True, armour.adjusted_enc(fit.enc))


def noncombat_options(sheet: Sheet, blows: Blows, fit: Fit) -> tuple[Option, ...]:
    """What a character who may choose a noncombat option [45] is offered: nothing (pass), rest [46] and, when
    unalert and it would change something, adjust armour [47, 48]."""
    out = [Option(PASS, "nothing"), Option(Noncombat.REST.value, f"rest (+{rest_recovery(sheet, blows)} EN)")]
    armour = sheet.armour
    if armour is not None and not blows.alert and adjusted(armour, fit) != fit:
        then = adjusted(armour, fit)
        what = f"don {armour.name}" if not fit.worn else f"adjust {armour.name} (ENC {fit.enc} to {then.enc})"
        out.append(Option(Noncombat.ADJUST_ARMOUR.value, what))
    return tuple(out)


def carry_out(option: str, sheet: Sheet, blows: Blows, fit: Fit) -> tuple[Blows, Fit]:
    """A chosen noncombat option's effect [46, 48], from the values as the phase began (the round resolves
    every option from there [49]); the user is unalert afterwards [45]. ``pass`` changes nothing."""
    if option == PASS:
        return blows, fit
    if option == Noncombat.REST.value:
        return blows.recovered(rest_recovery(sheet, blows), sheet.en).with_alert(False), fit
    if option == Noncombat.ADJUST_ARMOUR.value:
        if sheet.armour is None or blows.alert:
            raise ValueError(f"{sheet.id} cannot adjust armour now")
        return blows.with_alert(False), adjusted(sheet.armour, fit)
    raise ValueError(f"{option!r} is not a noncombat option")
