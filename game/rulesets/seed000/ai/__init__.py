"""The automatic player: the next command for the creature whose turn it is.

``choose_command(encounter, creature)`` is asked again after every command
until it answers :class:`EndTurnCommand`. Each answer is worked out afresh
from the state, so a turn is a short plan re-made after each step (stand up,
heal, move, attack, step back), and the same state always gives the same
answer. (What it remembers between calls changes no answer: after its own
move or shift, when nothing else has changed, a creature's next decision
takes over what the last one worked out, ``_Mind.adopt``; what an attack does
to a target is kept while the target is unchanged, ``_OUTCOMES``; both are kept in the encounter's memo,
``EncounterState.memo``, and dropped with it.) It draws
no random numbers of its own; ties go to the earlier option in a fixed order
(kind of option, then movement cost, then cell order, then the sheet's power
order, then initiative order), so a seed and the commands reproduce a fight.

What it may do now is the engine's legal-commands query, not a check of its own (issue 14 item 6): the
powers it may use (``Encounter.usable_powers``), whether an action of a kind is left
(``Encounter.action_problem``), where a move or a shift may end (``Encounter.move_routes``), where a
charge may end (``Encounter.charge_cells``), and whether a command is legal (``Encounter.why_illegal``,
apply's own checks run dry), which every use of a power it weighs and the command it answers pass; what
the query refuses it never answers (it ends the turn instead), so a command never raises
:class:`Impossible`. The order in which it looks at its options and
what they are worth are its own. Everything else it knows about the board comes from
:mod:`game.rulesets.seed000.tactics`, the queries the window highlights.

Where the parts are
-------------------

One decision is one ``_Mind``, a chain of classes, each part in its own
module and each a subclass of the one before, so that a part sees every
method the earlier ones define: :mod:`.mind` (``_MindBase``: the state, the
memory from the last decision, bookkeeping), :mod:`.worth` (``_Worth``: what a
use of a power is worth), :mod:`.bounds` (``_Bounds``: upper bounds),
:mod:`.standing` (``_Standing``: where to stand, charges) and :mod:`.turn`
(``_Mind``: when there is nothing to hit, the turn). The weights, the small
sums and the facts about powers are in :mod:`.weights`, the options a decision
weighs in :mod:`.options`.

How it chooses
--------------

* **Worth of an attack** on one target, in hit points: the chance to hit
  (attack bonus with combat advantage, prone, marks; defence with prone
  against ranged) times the hit's worth, plus the miss's and the effect's
  worth. Damage counts up to the target's hit points, weighted up as the
  target is worn down, plus a bonus for a likely kill (the target's own
  damage per round); conditions count from a table (stunned > dazed >
  weakened > ...), for longer if "save ends"; forced movement counts the
  damage of the dangerous terrain it can end in (the automatic decision puts
  enemies there first). A heal counts the hit points it restores (more on a
  bloodied ally; a dying ally back on its feet is worth the most). Encounter
  powers count 90 %, daily powers 75 %: they are kept for a better moment
  only when an at-will power is nearly as good. Area powers add up their
  targets and are never used when an ally would be caught.
* **Where to stand.** Melee creatures look at every reachable cell within
  reach of an enemy; cells where they flank (``tactics.flanking_cells``) add
  a bonus on top of the +2 of combat advantage. Ranged creatures look at the
  safest reachable cells first (not threatened, not dangerous, not
  provoking, farther from enemies). A cell costs the opportunity attacks its
  safest route provokes (``Route.safest_provokers``, each enemy's expected
  damage), the dangerous terrain the route enters and ends in, and, for a
  ranged power, the opportunity attacks of enemies next to that cell.
  Shifting provokes nothing, so an archer next to an enemy shifts away
  before it shoots when it can.
* **Charge** when a melee creature cannot move and then attack (its move
  action is gone, or it is dazed), at +1 with its melee basic attack.
* **Nothing to attack this turn:** close in on the nearest enemy (by walking
  distance, ``tactics.distance_field``) without provoking when possible;
  ranged creatures stop at a useful range. After attacking, a ranged
  creature next to an enemy steps away (shifting when it can), and anyone
  standing in dangerous terrain steps out.
* **Minor actions** (a leader's heal) are used whenever they are worth it.

Hypothetical positions: to ask a query "as if it stood on X", the creature is
put on X for the duration of the query and put back (``_standing_at``). That
is exact for every query (reach, line of effect, flanking, blast shapes) and
leaves the state as it was.

Searching less, same answer
---------------------------

A decision works out each query once (targets per cell and reach, the worth
of a power on a target per combat advantage, forced movement per cell) and
skips what cannot change the answer. Every power and every cell first gets
an upper bound, cheap to work out: the targets within reach (with line of
effect for melee and ranged powers, which it finds itself, exactly as
``tactics.valid_targets`` does), each counted at its best worth (with combat
advantage where a flanking cell or a condition gives it, forced movement into
the worst terrain on the board), an area counting only creatures that fit in
one blast or burst. A cell (or a power) whose bound cannot beat the best plan
found so far is not worked out; with nothing anywhere in reach of a move or
a shift that could beat it, the moves are not even listed. Cells are worked
out most promising first. Scores within ``_MARGIN`` of each other count as
tied, and a tie goes to the earlier kind of option, as above. With
``weights.CHECK_BOUNDS`` set (tests) each decision also runs the full search and
checks it agrees.
"""

from __future__ import annotations

from game.rulesets.seed000.ai import weights as weights  # CHECK_BOUNDS lives there (tests set it)
# What the tests reach through ``ai.`` (``as``: re-exported): the decision, its hypothetical positions and
# power facts, and the model names they borrow.
from game.rulesets.seed000.ai.turn import _Mind as _Mind
from game.rulesets.seed000.ai.weights import _facts as _facts
from game.rulesets.seed000.ai.weights import _standing_at as _standing_at
from game.rulesets.seed000.commands import Command, EndTurnCommand
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import ConditionSpec as ConditionSpec
from game.rulesets.seed000.model import Duration as Duration
from game.rulesets.seed000.state import Creature

__all__ = ["choose_command"]

_LAST = "ai.last"
"""The name in the encounter's memo of the last decision's mind (a list of at most one): the next decision
of the same creature adopts what it worked out when nothing but that creature's own cell has changed since
(``_Mind.adopt``)."""


def choose_command(encounter: Encounter, creature: Creature) -> Command:
    """The next command for ``creature``, whose turn it is; :class:`EndTurnCommand` when nothing useful is left.

    Never a command the engine refuses (see the module's docstring for how it chooses). The end of a
    turn carries the creature's preparation of its reactions (``game.rulesets.seed000.ai_preparation``).
    """
    mind = _Mind(encounter, creature)
    last: list[_Mind] = encounter.state.memo.kept(_LAST, list)
    if last:
        mind.adopt(last.pop())
    decided = mind.decide()
    command = decided
    if not isinstance(decided, EndTurnCommand):  # (after the end of my turn, the next decision is not mine)
        mind.print = mind.fingerprint()  # the state is as it was at the start: a decision changes nothing
        last.append(mind)
        if decided != mind.legal and encounter.why_illegal(decided):  # the engine's query has the last word: what it refuses, I do not do
            command = EndTurnCommand(creature.id)
    if weights.CHECK_BOUNDS:
        assert _Mind(encounter, creature).decide() == decided, "an adopted memory changed the decision"
    if isinstance(command, EndTurnCommand) and command.preparation is None:
        from game.rulesets.seed000.ai_preparation import prepare

        command = EndTurnCommand(creature.id, prepare(encounter, creature))
    return command
