"""Seed 004's options and responses in the fight: a full tie's secret declarations [21], the passes [24], drawing
[25], grabbing [26], great blows [27], heavy weapons [34], parries and breakage [34, 40] (numbers in brackets are
seed 004's lines)."""

from __future__ import annotations

import pytest

from game.kernel import events as kev
from game.kernel.decisions import PASS, Answer
from game.kernel.engine import Impossible
from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.blows import Blow
from game.rulesets.seed004.commands import AttackOption, DrawWeapon, GrabObject, PassOption, PrepareBlow, key
from game.rulesets.seed004.fight import PARRY, Lying
from game.rulesets.seed004.initiative import DECLARE
from tests.rulesets.seed004.fight004 import at, events, fight_of


def test_a_full_tie_declares_secretly_and_a_weapon_used_in_ones_own_option_cannot_parry() -> None:
    """Seed 004, line 21, 1.1.3: "If there are multiple eligible characters tied for active blows, reactive
    blows, and current EN, the characters have simultaneous initiative and must declare their options
    simultaneously. Only weapons not used in one's own option can be used in responses to others' options"."""
    f = fight_of(("a", "oswin_hale", "x", (2, 2)), ("b", "oswin_hale", "y", (3, 2)), faces=(1, 2, 1, 2))
    seg = events(f, ev.SegmentBegan)[0]
    assert seg.holders == ("a", "b") and "simultaneous" in seg.why
    asked = f.pending
    assert [(d.chooser, d.kind, d.secret) for d in asked] == [("a", DECLARE, True), ("b", DECLARE, True)]
    assert len({d.group for d in asked}) == 1 and f.acting is None
    f.apply(Answer(asked[0].id, key(AttackOption("a", "b", "arming_sword"))))
    assert [e for e in f.log if isinstance(e, kev.DecisionAnswered)][-1].option == ""
    assert events(f, ev.OptionChosen) == []
    f.apply(Answer(asked[1].id, key(AttackOption("b", "a", "arming_sword"))))
    revealed = [e for e in f.log if isinstance(e, kev.DecisionsRevealed)][0]
    assert [who for who, _ in revealed.answers] == ["a", "b"]
    # both attacks are made; neither is offered a parry with the sword its own option used
    assert [(e.attacker, e.target) for e in events(f, ev.AttackMade)] == [("a", "b"), ("b", "a")]
    assert not any(d.kind == PARRY for d in f.pending) and events(f, ev.ParryMade) == []


def test_a_pass_may_drop_what_is_in_hand_fall_and_become_alert() -> None:
    """Seed 004, line 24, 1.2.1: "drop items held in either or both hands; fall to the ground; become alert.
    This option does not require the expenditure of any blows"."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (6, 2)),
                 starts={"oswin": {"alert": False}})
    f.apply(PassOption("oswin", drop=("arming_sword",), fall=True, alert=True))
    o = f.char("oswin")
    assert o.in_hand == () and o.blows.fallen and o.alert and o.blows.spent == 0
    assert "oswin.arming_sword" in f.lying
    assert events(f, ev.Passed) == [ev.Passed("oswin", ("Arming Sword",), True, True)]


def test_grabbing_a_dropped_weapon_takes_an_active_blow_and_a_d20_dx_check_when_alert() -> None:
    """Seed 004, line 26, 1.2.3: "Requires expenditure of an active blow. Grab one item within reach; requires
    a D20 DX check to succeed if alert" (ours: the check succeeds at or below DX; within reach: the cell or one
    next to it)."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "company", (6, 2)),
                 ("pell", "pell_quickhand", "beasts", (3, 2), {"active_blows": 4}), faces=(20, 5))
    sword = f.char("oswin").weapon("arming_sword")
    assert sword is not None
    f.lying["oswin.arming_sword"] = Lying("oswin.arming_sword", "oswin", sword, at(f, 2, 2))
    assert f.acting is not None and f.acting.id == "pell"
    f.apply(GrabObject("pell", "oswin.arming_sword"))   # D20 20 > DX: fails
    assert events(f, ev.ObjectGrabbed)[-1] == ev.ObjectGrabbed("pell", "Arming Sword", False)
    assert f.char("pell").blows.active == 3
    assert f.acting is not None and f.acting.id == "pell"
    f.apply(GrabObject("pell", "oswin.arming_sword"))   # D20 5: got it
    pell = f.char("pell")
    assert "oswin.arming_sword" in pell.in_hand and pell.weapon("oswin.arming_sword") is not None
    assert f.lying == {}
    far = fight_of(("pell", "pell_quickhand", "beasts", (3, 2)), ("wolf", "fen_wolf", "company", (9, 2)))
    far.lying["x.y"] = Lying("x.y", "x", sword, at(far, 8, 8))
    with pytest.raises(Impossible, match="not within reach"):
        far.apply(GrabObject("pell", "x.y"))


def test_drawing_a_heavy_weapon_needs_an_active_blow() -> None:
    """Seed 004, line 25, 1.2.2: "Requires expenditure of a blow, which must be active if the weapon drawn is
    heavy"."""
    f = fight_of(("g", "garrick_thorne", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (6, 2)),
                 starts={"g": {"in_hand": ()}})
    assert f.char("g").sheathed == ("greataxe", "belt_knife")
    f.apply(DrawWeapon("g", "greataxe"))
    assert events(f, ev.OptionChosen)[0].blows == "1 active"
    assert "greataxe" in f.char("g").in_hand


def test_a_heavy_weapons_attack_spends_an_active_and_a_second_blow() -> None:
    """Seed 004, line 34, 1.2.5: "a second blow (which may be reactive) must also be expended for attacks with a
    heavy weapon"."""
    f = fight_of(("g", "garrick_thorne", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (3, 2)),
                 faces=(1, 2))
    f.apply(AttackOption("g", "wolf", "greataxe"))
    chosen = events(f, ev.OptionChosen)[0]
    assert (chosen.blows, chosen.en_spent) == ("1 active, 1 reactive", 1)


def test_a_bows_great_blow_keeps_the_initiative_until_the_attack() -> None:
    """Seed 004, line 27, 1.2.4: "If used with a thrusting weapon or bow, must be immediately followed by another
    preparation or an attack ... (thus, a series of preparations and an attack will be resolved prior to
    redetermination of initiative)"."""
    f = fight_of(("ilse", "ilse_farrow", "company", (2, 2), {"active_blows": 3}),
                 ("wolf", "fen_wolf", "beasts", (6, 2), {"active_blows": 3, "reactive_blows": 3}),
                 starts={"ilse": {"alert": False}}, faces=(1, 2))
    # the wolf has the initiative (more reactive blows); it passes, then Ilse prepares
    f.apply(PassOption("wolf"))
    f.apply(PrepareBlow("ilse", "yew_bow"))
    seg = events(f, ev.SegmentBegan)[-1]
    assert seg.holders == ("ilse",) and "must follow at once" in seg.why
    f.apply(AttackOption("ilse", "wolf", "yew_bow"))
    assert events(f, ev.AttackMade)[-1].preparations == 1
    assert events(f, ev.SegmentBegan)[-1].holders == ("wolf",)


def test_a_melee_attack_needs_the_attacker_alert_and_a_missile_unalert() -> None:
    """Seed 004, line 34, 1.2.5: "Only alert characters may select this option for melee attacks, and only
    unalert characters may select this option for thrown and missile attacks"."""
    f = fight_of(("ilse", "ilse_farrow", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (6, 2)))
    assert f.acting is not None and f.acting.id == "ilse"
    with pytest.raises(Impossible, match="not a melee weapon"):
        f.apply(AttackOption("ilse", "wolf", "yew_bow"))
    assert [key(o) for o in f.options_of(f.char("ilse")) if isinstance(o, AttackOption)] == []


def test_an_exact_hit_checks_the_attacking_and_the_parrying_weapon_for_breakage() -> None:
    """Seed 004, line 40: "If the result equals the required number, the attack hits and a D100 breakage check is
    made for the attacking weapon and each parrying weapon"; line 41: it breaks when the D100 does not exceed
    the multiplied breakage number."""
    # Oswin (sword, to hit 15) on Garrick (AC 10-3 = 7, first -1), parried with the greataxe (-1):
    # 2D10 5+5 = 10 + 7 - 1 - 1 = 15: exactly. Breakage: the sword 1 x 3 (D100 2: breaks), the greataxe 1 x 4
    # (D100 90: holds). Then the D12 and the damage.
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2), {"active_blows": 3}),
                 ("g", "garrick_thorne", "raiders", (3, 2)), faces=(5, 5, 2, 90, 1, 1))
    f.apply(AttackOption("oswin", "g", "arming_sword"))
    (asked,) = f.pending
    f.apply(Answer(asked.id, "parry:greataxe"))
    assert events(f, ev.AttackResolved)[0].outcome == "exactly"
    assert events(f, ev.ItemBroke) == [ev.ItemBroke("oswin", "Arming Sword", "attacking weapon")]
    o = f.char("oswin")
    assert "arming_sword" not in o.in_hand and o.broken == ("arming_sword",)
