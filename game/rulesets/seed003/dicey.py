"""Seed 003's Dicey Moves [169-171] (numbers in brackets are seed 003's lines): :class:`DiceyMoves`, a part of the
fight object.

"If you want to do something with movement that might be risky or has a chance of failure, your character makes
a Dicey Move as a move action. This involves rolling a skill check against an appropriate Difficulty for the
environment." Our smallest reading on a grid: an encounter's ``[options] dicey = N`` (else the map's property
``dicey``) makes the map's dangerous terrain *risky* and N its Difficulty. A plain move never enters a risky
cell; a Dicey Move (``dicey``, ``to``) is a move action to a cell one move action reaches only across or onto
risky cells. Its check is 3d6 against N (the document defines no skills: the bare roll, as the disengage
check). On a success the creature moves there (provoking as any move) and has 1 Advantage on its next attack
this turn ("1 Advantage on an attack performed right" [171]); on a failure it stays and the move action is
lost (as a failed disengage [163]).
"""

from __future__ import annotations

from game.grid import Cell
from game.kernel.engine import Impossible
from game.mechanics import tactics
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import DiceyMove
from game.rulesets.seed003.orders import Orders
from game.rulesets.seed003.sheets import Condition
from game.rulesets.seed003.state import Creature, FightState
from game.rulesets.seed003.tactics_rules import Seed003Tactics


class DiceyMoves(Orders):
    dicey: int
    """The Difficulty of a Dicey Move; 0: no risky terrain in this encounter."""
    _dicey_state: FightState | None

    def risky(self, cell: Cell) -> bool:
        return bool(self.dicey) and self.state.board.terrain(cell).is_dangerous

    def dicey_routes(self, actor: Creature) -> dict[Cell, tuple[Cell, ...]]:
        """The cells a Dicey Move of ``actor`` may end on, with its path: those one move action reaches when
        risky terrain may be entered, along a path that enters some (the others are a plain move's)."""
        if not self.dicey or actor.has(Condition.STUCK):
            return {}
        if self._dicey_state is None:
            rules = self.state.tactics_rules
            assert isinstance(rules, Seed003Tactics)
            self._dicey_state = FightState(self.state.board, self.state.creatures,
                                           Seed003Tactics(rules.nearby, risky=False))
        routes = tactics.reachable(self._dicey_state, actor, "move")
        out: dict[Cell, tuple[Cell, ...]] = {}
        for cell, route in routes.items():
            path = tuple(route.safest_path)
            if any(self.risky(c) for c in path):
                out[cell] = path
        return out

    def dicey_move(self, actor: Creature, command: DiceyMove, dry: bool) -> None:
        if not self.dicey:
            raise Impossible("there is no risky terrain in this encounter (its option 'dicey')")
        if actor.has(Condition.STUCK):
            raise Impossible(f"{actor.name} is stuck and cannot move")
        path = self.dicey_routes(actor).get(command.to)
        if path is None:
            raise Impossible(f"{actor.name} cannot reach {self.state.board.grid.cell_to_offset(command.to)} across "
                             f"risky terrain with one move action")
        self.pay(actor, "move", "a dicey move", dry)
        if dry:
            return
        check = at.roll_check(self.engine.dice, 0, f"{actor.name}'s dicey move")
        made = check.natural >= self.dicey
        self.emit(ev.DiceyMoveRolled(actor.id, command.to, check.kept, self.dicey, made))
        if made:
            self.edge.add(actor.id)
            self.walk(actor, path)

    def dicey_turn_over(self, creature: Creature) -> None:
        self.edge.discard(creature.id)
