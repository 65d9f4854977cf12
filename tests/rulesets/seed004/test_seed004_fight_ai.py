"""Seed 004's AI in the combat phase: who it attacks, when it prepares a great blow, when it parries, and when it
becomes alert or unalert for a bow or a thrown weapon (numbers in brackets are seed 004's lines; the policy is
ours, in ``game/rulesets/seed004/ai.py``)."""

from __future__ import annotations

from game.rulesets.seed004.ai import choose_command, expected
from game.rulesets.seed004.commands import AttackOption, DrawWeapon, PassOption, PrepareBlow
from game.rulesets.seed004.fight import PARRY
from game.rulesets.seed004.sheets import DamageDice
from tests.rulesets.seed004.fight004 import fight_of


def test_it_attacks_the_enemy_in_reach_it_expects_to_hurt_most() -> None:
    """Line 34, 1.2.5: an attack on a target in reach; ours: the most expected damage by the exact odds."""
    f = fight_of(("oswin", "oswin_hale", "company", (3, 3), {"active_blows": 3}),
                 ("g", "garrick_thorne", "raiders", (4, 3)),
                 ("wolf", "fen_wolf", "raiders", (2, 3), {"active_blows": 1}))
    assert f.acting is not None and f.acting.id == "oswin"
    got = choose_command(f)
    assert got == AttackOption("oswin", "wolf", "arming_sword")
    assert expected(f, AttackOption("oswin", "wolf", "arming_sword")) > expected(f, AttackOption("oswin", "g",
                                                                                                "arming_sword"))


def test_it_prepares_a_great_blow_when_one_prepared_attack_beats_two_plain_ones() -> None:
    """Line 27, 1.2.4: a preparation gives +2 damage (and -1 to hit, +1 to critical): worth an active blow with a
    weapon whose own damage is small."""
    weak = fight_of(("oswin", "oswin_hale", "company", (3, 3)),
                    ("wolf", "fen_wolf", "raiders", (4, 3), {"active_blows": 1}))
    sword = weak.char("oswin").weapon("arming_sword")
    assert sword is not None
    from dataclasses import replace

    c = weak.char("oswin")
    weak.put(replace(c, sheet=replace(c.sheet, weapons=(replace(sword, damage=DamageDice(1, 2)),))))
    assert choose_command(weak) == PrepareBlow("oswin", "arming_sword")
    strong = fight_of(("oswin", "oswin_hale", "company", (3, 3)),
                      ("wolf", "fen_wolf", "raiders", (4, 3), {"active_blows": 1}))
    assert choose_command(strong) == AttackOption("oswin", "wolf", "arming_sword")


def test_an_archer_becomes_unalert_to_shoot_and_alert_when_a_foe_is_in_reach() -> None:
    """Line 34, 1.2.5: "only unalert characters may select this option for thrown and missile attacks"; line 24:
    a pass may become alert (ours: or unalert)."""
    f = fight_of(("ilse", "ilse_farrow", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (7, 2)))
    assert choose_command(f) == PassOption("ilse", alert=False)
    g = fight_of(("ilse", "ilse_farrow", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (3, 2)),
                 starts={"ilse": {"alert": False, "in_hand": ("yew_bow", "short_sword")}})
    assert choose_command(g) == PassOption("ilse", alert=True)


def test_a_thrower_keeps_its_last_weapon_and_draws_when_its_hands_are_empty() -> None:
    """Ours: a thrown weapon flies only when another is left to fight with; line 25: draw a sheathed one."""
    f = fight_of(("maren", "maren_voss", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (6, 2)),
                 starts={"maren": {"alert": False}})
    assert choose_command(f) == PassOption("maren", alert=True)
    g = fight_of(("pell", "pell_quickhand", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (9, 2)),
                 starts={"pell": {"in_hand": ()}})
    assert choose_command(g) == DrawWeapon("pell", "throwing_knife")


def test_the_target_parries_with_a_blow_left_and_a_bystander_only_with_a_reactive_one() -> None:
    """Line 34, 1.2.5: each parrying character spends a blow, which may be reactive; ours: a bystander parries
    only with a reactive blow it can pay for, the target with any."""
    f = fight_of(("wolf", "fen_wolf", "beasts", (3, 2), {"active_blows": 3}),
                 ("oswin", "oswin_hale", "company", (2, 2)), ("g", "garrick_thorne", "company", (4, 2)))
    f.apply(AttackOption("wolf", "oswin", "bite"))
    asked = {d.chooser: d for d in f.pending}
    assert all(d.kind == PARRY for d in asked.values())
    assert f.ai_answer(asked["oswin"]) == "parry:arming_sword"
    assert f.ai_answer(asked["g"]) == "parry:greataxe"
    from dataclasses import replace

    g = f.char("g")
    f.put(replace(g, blows=replace(g.blows, reactive=0)))
    assert f.ai_answer(asked["g"]) == "pass"
