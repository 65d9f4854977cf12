"""The short text forms of content files: damage, reach, attack."""

from __future__ import annotations

import pytest

from game.rulesets.seed000.content import parse_attack, parse_damage, parse_reach
from game.rulesets.seed000.model import Attack, DamageRoll, Defense, Reach, RangeKind


@pytest.mark.parametrize(("text", "expected"), [
    ("1d8+3 fire", DamageRoll(1, 8, 3, "fire")),
    ("2d6", DamageRoll(2, 6)),
    ("1d10 - 1 Cold", DamageRoll(1, 10, -1, "cold")),
    ("4", DamageRoll(0, 0, 4)),
    ("5 necrotic", DamageRoll(0, 0, 5, "necrotic")),
])
def test_damage_text_reads_dice_bonus_and_type(text: str, expected: DamageRoll) -> None:
    assert parse_damage(text) == expected


@pytest.mark.parametrize("roll", [DamageRoll(1, 8, 3, "fire"), DamageRoll(3, 6, -2), DamageRoll(0, 0, 4, "acid")])
def test_damage_written_back_reads_the_same(roll: DamageRoll) -> None:
    assert parse_damage(str(roll)) == roll


@pytest.mark.parametrize("text", ["", "d6", "1d", "1d6+", "1d1", "0d6", "1d6 fire ice", "1d6 fier", "99d6"])
def test_damage_text_that_is_not_damage_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_damage(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("melee", Reach(RangeKind.MELEE, reach=1)),
    ("melee 2", Reach(RangeKind.MELEE, reach=2)),
    ("ranged 10", Reach(RangeKind.RANGED, reach=0, range=10)),
    ("close burst 1", Reach(RangeKind.CLOSE_BURST, reach=0, size=1)),
    ("Close  Blast 3", Reach(RangeKind.CLOSE_BLAST, reach=0, size=3)),
    ("area burst 1 within 10", Reach(RangeKind.AREA_BURST, reach=0, range=10, size=1)),
    ("personal", Reach(RangeKind.PERSONAL, reach=0)),
])
def test_reach_text_reads_kind_and_distances(text: str, expected: Reach) -> None:
    assert parse_reach(text) == expected


@pytest.mark.parametrize("text", ["ranged", "close burst", "area burst 1", "burst 1", "ranged 10 within 5",
                                  "personal 1", "melee 0", "ranged 500"])
def test_reach_text_missing_a_distance_or_malformed_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_reach(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("+6 vs AC", Attack(6, Defense.AC)),
    ("+5 vs Fortitude", Attack(5, Defense.FORTITUDE)),
    ("+5 vs Fort", Attack(5, Defense.FORTITUDE)),
    ("4 vs. ref", Attack(4, Defense.REFLEX)),
    ("-1 vs Will", Attack(-1, Defense.WILL)),
])
def test_attack_text_reads_bonus_and_defense_with_short_forms(text: str, expected: Attack) -> None:
    assert parse_attack(text) == expected


@pytest.mark.parametrize("text", ["+5 vs Armor", "+5 AC", "vs AC", "+5 vs"])
def test_attack_text_against_no_known_defense_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="attack like|not a defense"):
        parse_attack(text)
