"""The hooks the noncombat and movement phases (s004move) build on: where a phase begins and ends, a secret
decision group opened by a phase and revealed together, and an attack made from outside the combat phase with
blows borrowed from the next round (numbers in brackets are seed 004's lines)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from game.kernel import events as kev
from game.kernel.decisions import Answer, Decision, Option, Question
from game.kernel.events import Event
from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.commands import PassOption
from game.rulesets.seed004.fight import Seed004Fight
from tests.rulesets.seed004.fight004 import events, fight_of


@dataclass(frozen=True, slots=True)
class Choose:
    action: int
    creature: str = ""


class Phases:
    """A stand-in for s004move's extension: a secret group in the noncombat phase, an attack in the movement
    phase."""

    def __init__(self, attack: tuple[str, str, str] | None = None) -> None:
        self.seen: list[tuple[str, tuple[str, ...]]] = []
        self.attack = attack

    def phase_steps(self, fight: Seed004Fight, phase: str) -> list[Any]:
        if phase == "noncombat" and not self.seen:
            return [Choose(fight.engine.new_action())]
        if phase == "movement" and self.attack is not None:
            who, target, weapon = self.attack
            self.attack = None
            assert fight.why_not_attack(who, target, weapon, borrowed=True) is None
            return list(fight.attack_steps(who, target, weapon, borrowed=True))
        return []

    def before(self, fight: Seed004Fight, step: Any) -> list[Any]:
        return []

    def question(self, fight: Seed004Fight, step: Any) -> Sequence[Question]:
        if not isinstance(step, Choose):
            return ()
        opts = (Option("rest", "rest"), Option("pass", "nothing"))
        return tuple(Question(c.side, c.id, "noncombat", f"{c.id}: choose", opts, secret=True)
                     for c in fight.fighters())

    def resolve(self, fight: Seed004Fight, step: Any, answers: Sequence[Option]) -> bool:
        if isinstance(step, Choose):
            self.seen.append((fight.rnd.phase.value, tuple(a.key for a in answers)))
            return True
        return False

    def after(self, fight: Seed004Fight, step: Any) -> list[Any]:
        return []

    def ai_answer(self, fight: Seed004Fight, decision: Decision) -> str | None:
        return None

    def describe(self, event: Event, name: Any) -> str | None:
        return None


def test_a_phase_opens_a_secret_group_whose_answers_are_hidden_until_all_are_in() -> None:
    """Seed 004, line 11, 2.1: "Select options (simultaneous and secret ...)"; line 12, 2.2: resolved together:
    the phase's step asks one secret question per character, the kernel reveals them together."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)), start=False)
    x = Phases()
    f.extensions.append(x)
    f.start()
    f.apply(PassOption("oswin"))
    f.apply(PassOption("wolf"))
    asked = f.pending
    assert [d.chooser for d in asked] == ["oswin", "wolf"] and all(d.secret for d in asked)
    f.apply(Answer(asked[0].id, "rest"))
    answered = [e for e in f.log if isinstance(e, kev.DecisionAnswered)]
    assert answered[-1].option == ""   # hidden
    assert x.seen == []
    f.apply(Answer(asked[1].id, "pass"))
    revealed = [e for e in f.log if isinstance(e, kev.DecisionsRevealed)]
    assert revealed[-1].answers == (("oswin", "rest"), ("wolf", "pass"))
    assert x.seen == [("noncombat", ("rest", "pass"))]
    assert [(e.round, e.phase) for e in events(f, ev.PhaseBegan)][-2:] == [(1, "movement"), (2, "combat")]


def test_an_attack_from_the_movement_phase_borrows_blows_from_the_next_round() -> None:
    """Seed 004, line 51: a character who ends movement may act "borrowing" blows from the next round; line 56:
    an attack on a mover: the attack, its parries and the hit procedure run as in the combat phase."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (3, 2), {"en": 40}),
                 start=False, faces=(9, 9, 1, 8))
    f.extensions.append(Phases(attack=("oswin", "wolf", "arming_sword")))
    f.start()
    for who in ("wolf", "oswin"):   # the wolf's EN 40 gives it the initiative
        f.apply(PassOption(who))
    # the noncombat phase's secret group
    for d in f.pending:
        f.apply(Answer(d.id, "pass"))
    chosen = events(f, ev.OptionChosen)
    assert chosen[-1].creature == "oswin" and chosen[-1].borrowed
    assert events(f, ev.AttackResolved)[-1].en_damage == 8
    assert f.rnd.number == 2
    oswin = f.char("oswin").blows
    assert (oswin.active, oswin.spent) == (1, 1)   # one active blow of round 2 already spent


def test_an_attack_pushed_for_one_who_cannot_make_it_any_more_fizzles_with_the_reason() -> None:
    """An attack outside the combat phase is checked again when its step comes up (the attacker may have been
    put down, or the mover gone out of reach, since it was pushed): it fizzles, logged, and spends nothing."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (6, 2)))
    steps = f.attack_steps("oswin", "wolf", "arming_sword")
    f.engine.run(steps)
    fizzled = [e for e in f.log if isinstance(e, kev.StepFizzled)]
    assert fizzled and "beyond Arming Sword's reach" in fizzled[-1].reason
    assert f.char("oswin").blows.borrowed_active == 0 and events(f, ev.AttackMade) == []
