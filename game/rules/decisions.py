"""The automatic choices of seed 000 ("Taking decisions during Reactions"), each with its reason.

Every function returns the choice, a reason people can read, and how many
candidates it chose among; the caller logs them as a ``Decision`` event. With
the encounter option ``random_decisions`` every choice is the seed's simpler
rule: "when multiple options are available for a Reaction, choose one at random".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.grid import Cell
from game.rules.model import ForcedKind
from game.rules.state import Creature
from game.rules.tactics import ForcedOptions

if TYPE_CHECKING:
    from game.rules.encounter import Encounter


def forced_landing(encounter: Encounter, actor: Creature, target: Creature, kind: ForcedKind,
                   options: ForcedOptions) -> tuple[Cell, str, int]:
    """Seed 000, Forced movement: dangerous terrain first; else where the target is flanked and not
    flanking; else a cell at the maximum distance. Each tier picks at random.

    Ruling: when the target is the actor's ally (a leader sliding a friend), the
    tiers turn around: safe cells only, where it flanks and is not flanked first.
    """
    st = encounter.state
    cells = sorted(options.finals, key=lambda c: encounter.offset(c))
    total = len(cells)
    dice = encounter.dice
    label = lambda c: str(encounter.offset(c))  # noqa: E731
    if st.options.get("random_decisions"):
        return dice.choose(cells, f"{kind.value} landing (random rule)", label), "random (table option)", total
    if st.is_enemy(actor, target):
        dangerous = [c for c in cells if options.finals[c].dangerous]
        if dangerous:
            return (dice.choose(dangerous, f"{kind.value} landing", label),
                    f"dangerous terrain, 1 of {len(dangerous)} candidates", total)
        flanked = [c for c in cells if options.finals[c].flanked and not options.finals[c].flanking]
        if flanked:
            return (dice.choose(flanked, f"{kind.value} landing", label),
                    f"target flanked and not flanking, 1 of {len(flanked)} candidates", total)
    else:
        safe = [c for c in cells if not options.finals[c].dangerous] or cells
        good = [c for c in safe if options.finals[c].flanking and not options.finals[c].flanked]
        if good:
            return (dice.choose(good, f"{kind.value} landing", label),
                    f"ally flanking and not flanked, 1 of {len(good)} candidates", total)
        cells = safe
    # "at the maximum forced movement distance": the landings that take the most
    # steps to reach at the least (a slide could reach a near cell by doubling back)
    farthest = max(options.finals[c].steps for c in cells)
    far = [c for c in cells if options.finals[c].steps == farthest]
    return (dice.choose(far, f"{kind.value} landing", label),
            f"maximum distance {farthest}, 1 of {len(far)} candidates", total)
