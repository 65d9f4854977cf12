"""Seed 000, "How to translate from previous framework": one test per row of the table and per special case.

The table is at lines 131-145 of ``seeds/000_286d0557333318ee.txt`` and the
special cases that add Spontaneous at lines 147-156. The last test checks that
the content loader applies the translation to a power written with
``old_action`` only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets.seed000.content import load_content
from game.rulesets.seed000.model import Frequency
from game.rulesets.seed000.translation import OLD_ACTIONS, translate

AT_WILL, ENCOUNTER = Frequency.AT_WILL, Frequency.ENCOUNTER


def test_immediate_reaction_is_a_plain_reaction() -> None:
    """Seed 000, line 134: "Immediate Reaction: Reaction" (no keyword: a Limited reaction)."""
    assert translate("immediate reaction", "hit_by_attack", ENCOUNTER) == frozenset()
    assert translate("immediate reaction", "enemy_ends_move_adjacent", AT_WILL) == frozenset()


def test_immediate_interrupt_is_an_interrupt() -> None:
    """Seed 000, line 136: "Immediate Interrupt: Reaction, Interrupt"."""
    assert translate("immediate interrupt", "targeted_by_attack", ENCOUNTER) == {"interrupt"}


def test_opportunity_attack_is_interrupt_spontaneous_repeatable() -> None:
    """Seed 000, line 138: "Opportunity attack: Reaction, Interrupt, Spontaneous, Repeatable"."""
    assert translate("opportunity attack", "enemy_leaves_threatened_cell", AT_WILL) == {
        "interrupt", "spontaneous", "repeatable"}


def test_opportunity_action_is_interrupt_spontaneous_and_repeatable_only_if_at_will() -> None:
    """Seed 000, lines 139-141: "Opportunity actions: Reaction, Interrupt, Spontaneous. Repeatable if
    at-will. Add Interrupt if triggers on attack roll" (already Interrupt)."""
    assert translate("opportunity action", "enemy_ends_move_adjacent", ENCOUNTER) == {"interrupt", "spontaneous"}
    assert translate("opportunity action", "enemy_ends_move_adjacent", AT_WILL) == {
        "interrupt", "spontaneous", "repeatable"}
    assert translate("opportunity action", "hit_by_attack", ENCOUNTER) == {"interrupt", "spontaneous"}


def test_free_action_on_ones_own_action_is_personal() -> None:
    """Seed 000, line 142: "Free Action (trigger on character's own actions): Reaction, Personal"; not
    Repeatable even at-will (ruling: Repeatable is a kind of Spontaneous, which it is not)."""
    assert translate("free action", "own_action", AT_WILL) == {"personal"}
    assert translate("free action", "own_action", ENCOUNTER) == {"personal"}


def test_free_action_with_another_trigger_is_spontaneous_and_free() -> None:
    """Seed 000, line 143: "Free Action (other trigger): Reaction, Spontaneous, Free" (an encounter
    power, not triggered by an attack roll: nothing more)."""
    assert translate("free action", "enemy_ends_move_adjacent", ENCOUNTER) == {"spontaneous", "free"}


def test_free_action_triggered_by_an_attack_roll_adds_interrupt() -> None:
    """Seed 000, line 144: "Add Interrupt if triggers on attack roll" (targeted, hit, missed, an ally
    attacked)."""
    for trigger in ("targeted_by_attack", "hit_by_attack", "missed_by_attack", "adjacent_ally_attacked"):
        assert translate("free action", trigger, ENCOUNTER) == {"spontaneous", "free", "interrupt"}, trigger


def test_free_action_at_will_adds_repeatable() -> None:
    """Seed 000, line 145: "Add Repeatable if at-will"."""
    assert translate("free action", "enemy_ends_move_adjacent", AT_WILL) == {"spontaneous", "free", "repeatable"}
    assert translate("free action", "hit_by_attack", AT_WILL) == {"spontaneous", "free", "interrupt", "repeatable"}


def test_an_at_will_class_feature_adds_spontaneous() -> None:
    """Seed 000, line 148: special case "At-will class feature (e.g. defender mark)" adds Spontaneous;
    an encounter power that is a class feature does not."""
    assert translate("immediate reaction", "adjacent_ally_attacked", AT_WILL, class_feature=True) == {"spontaneous"}
    assert translate("immediate interrupt", "adjacent_ally_attacked", AT_WILL, class_feature=True) == {
        "interrupt", "spontaneous"}
    assert translate("immediate reaction", "adjacent_ally_attacked", ENCOUNTER, class_feature=True) == frozenset()


@pytest.mark.parametrize("trigger", ["becomes_bloodied", "drops_to_zero", "suffers_condition", "spends_surge",
                                     "initiative_rolled"])
def test_trigger_special_cases_add_spontaneous(trigger: str) -> None:
    """Seed 000, lines 149-155: special cases "Become bloodied", "Reduced to 0 hp", "Suffer specific
    character condition (e.g. stunned, dominated)", "Spend a Surge", "Roll initiative" add Spontaneous."""
    assert translate("immediate reaction", trigger, ENCOUNTER) == {"spontaneous"}
    assert translate("immediate interrupt", trigger, ENCOUNTER) == {"interrupt", "spontaneous"}


def test_an_unknown_old_action_is_refused() -> None:
    with pytest.raises(ValueError, match="not an old action type"):
        translate("swift action", "hit_by_attack", AT_WILL)
    assert len(OLD_ACTIONS) == 5


def test_the_content_loader_assigns_the_keywords_of_an_old_action_type(tmp_path: Path) -> None:
    """Issue: "A content file may describe a power by its old action type and the loader assigns the
    keywords": a free action at will triggered by a hit becomes Spontaneous, Free, Interrupt,
    Repeatable; an immediate interrupt on a bloodied trigger becomes Interrupt, Spontaneous; keywords
    written beside an old action are kept."""
    (tmp_path / "spiky.toml").write_text('''
[creatures.spiky]
name = "Spiky"
level = 1
role = "brute"
hp = 30
defenses = { ac = 15, fortitude = 14, reflex = 12, will = 12 }
speed = 6
initiative = 0

[creatures.spiky.powers.claw]
name = "Claw"
action = "standard"
reach = "melee 1"
attack = "+5 vs AC"
hit = { damage = "1d8" }
basic = true

[creatures.spiky.powers.barbs]
name = "Barbs"
action = "reaction"
reach = "melee 1"
effect = { damage = "2" }
reaction = { trigger = "hit_by_attack", old_action = "free action" }

[creatures.spiky.powers.howl]
name = "Howl"
action = "reaction"
frequency = "encounter"
reach = "personal"
targets = "self"
effect = { heal_bonus = 5 }
reaction = { trigger = "becomes_bloodied", old_action = "immediate interrupt" }

[creatures.spiky.powers.glare]
name = "Glare"
action = "reaction"
frequency = "encounter"
reach = "melee 1"
attack = "+5 vs Will"
hit = { damage = "1d6" }
reaction = { trigger = "missed_by_attack", old_action = "immediate reaction", keywords = ["interrupt"] }
''', encoding="utf-8")
    spiky = load_content([tmp_path])["spiky"]
    assert spiky.power("barbs").reaction is not None
    assert spiky.power("barbs").reaction.keywords == {"spontaneous", "free", "interrupt", "repeatable"}
    assert spiky.power("howl").reaction.keywords == {"interrupt", "spontaneous"}  # type: ignore[union-attr]
    assert spiky.power("glare").reaction.keywords == {"interrupt"}  # type: ignore[union-attr]
    assert spiky.power("glare").reaction.old_action == "immediate reaction"  # type: ignore[union-attr]
