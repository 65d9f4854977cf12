"""The shipped content: it loads, the party covers the roles, the monsters cover the kinds,
every reaction keyword and trigger is used, and every creature on the sample maps exists."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.rulesets.seed000.content import CONTENT_DIR, Library, load_content
from game.rulesets.seed000.model import ActionType, ForcedKind, RangeKind, Role, Template
from game.rulesets.seed000.preparation import BUILTIN_REACTIONS
from game.rulesets.seed000.triggers import REACTION_KEYWORDS, TRIGGERS
from game.tiled import load_board

REPO = Path(__file__).resolve().parents[4]
HEROES = ("fighter", "rogue", "wizard", "cleric", "ranger")


@pytest.fixture(scope="module")
def library() -> Library:
    return load_content()


def creatures(library: Library) -> list[Template]:
    return list(library.values())


def monsters(library: Library) -> list[Template]:
    return [t for t in library.values() if t.id not in HEROES]


def test_shipped_content_loads_from_the_default_folder(library: Library) -> None:
    assert CONTENT_DIR == REPO / "assets" / "content"
    assert len(library) >= 13
    assert set(load_content([CONTENT_DIR])) == set(library)


def test_the_party_has_a_defender_striker_controller_leader_and_archer(library: Library) -> None:
    roles = {hero: library[hero].role for hero in HEROES}
    assert roles == {"fighter": Role.DEFENDER, "rogue": Role.STRIKER, "wizard": Role.CONTROLLER,
                     "cleric": Role.LEADER, "ranger": Role.STRIKER}
    ranger = library["ranger"]
    assert ranger.reaction_defaults.basic_attack is not None
    assert ranger.power(ranger.reaction_defaults.basic_attack).reach.kind is RangeKind.RANGED


def test_heroes_have_level_one_numbers(library: Library) -> None:
    for hero in (library[h] for h in HEROES):
        assert hero.level == 1 and 24 <= hero.hp <= 34 and 15 <= hero.defenses.ac <= 18, hero.id
        assert 5 <= hero.speed <= 6 and 6 <= hero.surges <= 8, hero.id
        for power in hero.powers:
            if power.attack is not None:
                assert 5 <= power.attack.bonus <= 7, (hero.id, power.id)


def test_every_creature_has_a_melee_basic_attack_and_names_its_defaults(library: Library) -> None:
    for creature in creatures(library):
        defaults = creature.reaction_defaults
        assert any(p.basic and p.is_melee for p in creature.powers), creature.id
        assert defaults.basic_attack is not None and defaults.opportunity_attack is not None, creature.id
        assert creature.power(defaults.opportunity_attack).is_melee, creature.id


def test_every_hero_has_a_ranged_basic_attack_and_reactions_of_its_own(library: Library) -> None:
    shared = set(library.powers) | {p.id for p in BUILTIN_REACTIONS}
    for hero in (library[h] for h in HEROES):
        assert any(p.basic and p.reach.kind is RangeKind.RANGED for p in hero.powers), hero.id
        own_reactions = [p for p in hero.powers if p.reaction is not None and p.id not in shared]
        assert 1 <= len(own_reactions) <= 3, hero.id


def test_the_defender_marks_and_has_a_spontaneous_class_feature_reaction(library: Library) -> None:
    fighter = library["fighter"]
    assert any(p.marks and p.is_melee and p.frequency.value == "at-will" for p in fighter.powers)
    rebuke = fighter.power("wardens_rebuke")
    assert rebuke.reaction is not None and rebuke.reaction.keywords == {"spontaneous"}
    assert fighter.power("opportunity_attack").reaction is not None


def test_the_defender_has_a_reaction_that_moves_it_toward_the_attacker(library: Library) -> None:
    """Issue 13, item 8: a reaction that moves its user (``move_self``, a move, not a shift), so that seed
    000's Movement decision ("paths that normally provoke ... are not considered valid") applies to it."""
    fighter = library["fighter"]
    close = fighter.power("close_the_gap")
    assert close.reaction is not None and close.reaction.trigger == "adjacent_ally_attacked"
    assert close.effect.move_self == 2 and not close.effect.shift_self
    assert any(r.power == "close_the_gap" and r.kind.value == "move_toward" and r.triggerer
               for r in fighter.reaction_defaults.restrictions)


def test_the_striker_has_a_shifting_attack(library: Library) -> None:
    rogue = library["rogue"]
    assert any(p.attack and (p.effect.shift_self or p.hit.shift_self) for p in rogue.powers)


def test_the_controller_pushes_pulls_slides_and_slows_at_range_or_in_areas(library: Library) -> None:
    wizard = library["wizard"]
    forced = {p.hit.forced.kind: p for p in wizard.powers if p.hit.forced is not None}
    assert set(forced) == {ForcedKind.PUSH, ForcedKind.PULL, ForcedKind.SLIDE}
    assert forced[ForcedKind.PUSH].reach.kind is RangeKind.CLOSE_BLAST
    assert forced[ForcedKind.PULL].reach.kind is RangeKind.RANGED
    assert any(p.reach.kind is RangeKind.AREA_BURST and any(c.kind.value == "slowed" for c in p.hit.conditions)
               for p in wizard.powers)


def test_the_leader_heals_with_a_minor_action_and_opens_foes_to_allies(library: Library) -> None:
    cleric = library["cleric"]
    assert any(p.action is ActionType.MINOR and p.effect.heal_surge for p in cleric.powers)
    assert any(p.attack and any(c.kind.value == "granting combat advantage" for c in p.hit.conditions)
               for p in cleric.powers)


def test_monsters_include_at_least_eight_kinds_with_minion_brute_soldier_artillery_skirmisher_and_large(
        library: Library) -> None:
    found = monsters(library)
    assert len(found) >= 8
    roles = {m.role for m in found}
    assert {Role.MINION, Role.BRUTE, Role.SOLDIER, Role.ARTILLERY, Role.SKIRMISHER} <= roles
    assert roles & {Role.LURKER, Role.CONTROLLER} and Role.LEADER in roles
    assert any(m.size == 2 for m in found)
    assert sum(1 for m in found if any(p.id == "opportunity_attack" for p in m.powers)) >= 4


def test_minions_have_one_hit_point_and_deal_fixed_damage(library: Library) -> None:
    minions = [m for m in monsters(library) if m.minion]
    assert minions
    for minion in minions:
        assert minion.hp == 1
        damages = [o.damage for p in minion.powers for o in (p.hit, p.miss, p.effect) if o.damage is not None]
        assert damages and all(d.count == 0 for d in damages), minion.id


def test_every_reaction_keyword_is_used_somewhere(library: Library) -> None:
    used = {k for t in creatures(library) for p in t.powers if p.reaction for k in p.reaction.keywords}
    assert used == REACTION_KEYWORDS


def test_every_trigger_is_used_somewhere(library: Library) -> None:
    used = {p.reaction.trigger for t in creatures(library) for p in t.powers if p.reaction}
    assert used == set(TRIGGERS)


def test_both_ways_of_writing_a_reaction_are_used_and_old_actions_are_kept(library: Library) -> None:
    reactions = [p.reaction for t in creatures(library) for p in t.powers if p.reaction]
    assert any(r.old_action == "immediate reaction" and not r.keywords for r in reactions)
    assert any(not r.old_action and r.keywords for r in reactions)


def test_every_power_a_creature_lists_as_a_reaction_is_a_reaction(library: Library) -> None:
    for creature in creatures(library):
        for power in creature.powers:
            assert (power.action is ActionType.REACTION) == (power.reaction is not None), (creature.id, power.id)
        for pid in creature.reaction_defaults.priority:
            assert creature.power(pid).reaction is not None


def test_every_creature_template_on_the_sample_maps_exists(library: Library) -> None:
    maps = sorted((REPO / "maps").glob("*.tmx"))
    assert maps
    used = {p.template for path in maps for p in load_board(path)[1].placements}
    assert used >= set(HEROES)
    assert used <= set(library), f"missing: {sorted(used - set(library))}"


def test_an_unknown_template_id_raises_a_key_error_with_a_suggestion(library: Library) -> None:
    with pytest.raises(KeyError, match="did you mean 'goblin_cutter'"):
        library["goblin_cuter"]


def test_loading_content_imports_neither_pygame_nor_pytmx() -> None:
    code = ("import sys\nfrom game.rulesets.seed000.content import load_content\nload_content()\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx', 'pygame_gui'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert result.stdout.strip() == ""
