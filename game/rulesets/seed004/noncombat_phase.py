"""Seed 004's noncombat phase, 2.1-2.2 [44-49] (numbers in brackets are the document's lines), as pure
functions the fight calls: who is asked, what, and how the answers take effect.

* Asked [45]: every conscious character who spent no blow and no EN in the combat phase
  (:func:`~game.rulesets.seed004.rounds.may_choose_noncombat`); one offered only "nothing" is not asked.
* Secret and simultaneous [45]: one question each, ``secret=True``, all opened as one kernel decision group
  (answers hidden until all are in, then revealed together): :func:`questions`.
* Options [46-48] (:func:`~game.rulesets.seed004.noncombat.noncombat_options`): nothing, rest, adjust armour
  (unalert only). Cast spell [47] is never offered: seed 004's content has no spells.
* Resolved simultaneously [49] (:func:`resolve`): every effect is worked out from the values as the phase began,
  so the order the answers came in changes nothing. Whoever uses an option ceases to be alert [45]; "nothing" is
  no option used (ours), so it keeps alertness and does not halve its movement [51].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from game.kernel.decisions import PASS, Question
from game.kernel.engine import Impossible
from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.noncombat import Fit, Noncombat, carry_out, noncombat_options, rest_recovery
from game.rulesets.seed004.rounds import noncombat_questions
from game.rulesets.seed004.sheets import Sheet

SPELLS_OFFERED = False
"""Cast spell [47] needs spells; seed 004's content has none, so the option is never offered."""


@dataclass(frozen=True, slots=True)
class Standing:
    """What the noncombat phase reads and changes of one character (a Fighter for the round's helpers)."""

    id: str
    side: str
    sheet: Sheet
    blows: Blows
    fit: Fit
    name: str = ""
    """Its name at the table (the sheet's when not given)."""

    @property
    def shown(self) -> str:
        return self.name or self.sheet.name


@dataclass(frozen=True, slots=True)
class Outcome:
    """The phase resolved [49]."""

    after: Mapping[str, Standing]
    """Everyone, with the options' effects."""
    acted: frozenset[str]
    """Who performed a noncombat action: half movement and no reacting in the movement phase [51]."""
    lines: tuple[str, ...]
    """What the log says, one line per option used, in the order of ``after``."""


def questions(characters: Sequence[Standing]) -> tuple[Question, ...]:
    """2.1 [45]: the secret questions of the phase, one per character who may choose, to be opened together."""
    offered = {c.id: noncombat_options(c.sheet, c.blows, c.fit) for c in characters}
    return noncombat_questions(characters, lambda c: offered[c.id])


def resolve(characters: Sequence[Standing], choices: Mapping[str, str]) -> Outcome:
    """2.2 [49]: every answer takes effect at once, from the values as the phase began. ``choices`` is who ->
    option key; a character not asked, or an option not offered, is refused in one line (nothing changes)."""
    before = {c.id: c for c in characters}
    offered = {q.chooser: {o.key for o in q.options} for q in questions(characters)}
    for who, option in sorted(choices.items()):
        if who not in offered:
            raise Impossible(f"{who} may not choose a noncombat option: it spent a blow or EN this round, "
                             f"or is not in the fight")
        if option not in offered[who]:
            raise Impossible(f"{who} cannot choose {option!r} now; offered: {', '.join(sorted(offered[who]))}")
    after = dict(before)
    lines: list[str] = []
    for who in before:   # effects read only ``before``: simultaneous [49]
        option = choices.get(who, PASS)
        if option == PASS:
            continue
        c = before[who]
        blows, fit = carry_out(option, c.sheet, c.blows, c.fit)
        after[who] = replace(c, blows=blows, fit=fit)
        lines.append(_line(c, option, blows, fit))
    acted = frozenset(w for w, o in choices.items() if o != PASS)
    return Outcome(after, acted, tuple(lines))


def _line(c: Standing, option: str, blows: Blows, fit: Fit) -> str:
    alert = ", no longer alert" if c.blows.alert and not blows.alert else ""
    if option == Noncombat.REST.value:
        return f"{c.shown} rests: EN {c.blows.en} -> {blows.en} (+{rest_recovery(c.sheet, c.blows)}){alert}"
    armour = c.sheet.armour.name if c.sheet.armour is not None else "armour"
    if not c.fit.worn:
        return f"{c.shown} dons {armour} (ENC {fit.enc}){alert}"
    return f"{c.shown} adjusts {armour}: ENC {c.fit.enc} -> {fit.enc}{alert}"
