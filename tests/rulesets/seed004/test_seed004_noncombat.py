"""Seed 004's noncombat options, 2.1.1-2.1.3 (``../shared/seeds/004_683255cd0bfe0fc3.txt``, lines 45-49)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.noncombat import Fit, Noncombat, adjusted, carry_out, noncombat_options, rest_recovery
from game.rulesets.seed004.sheets import Armour
from tests.rulesets.seed004.fighters004 import sheet

MAIL = Armour("mail", ac=-3, enc=9, wt=4)


def test_rest_recovers_the_lesser_of_the_hourly_rate_and_one_less_than_last_rounds_en() -> None:
    """Seed 004, line 46, 2.1.1: "Recover the lesser of the hourly recovery rate and one less than the EN expended
    during the previous round"."""
    s = replace(sheet(en=20), recovery=3)
    tired = replace(Blows.start(s), en=10, en_last_round=6)
    assert rest_recovery(s, tired) == 3
    assert rest_recovery(s, replace(tired, en_last_round=2)) == 1
    assert rest_recovery(s, replace(tired, en_last_round=0)) == 0
    assert rest_recovery(s, replace(tired, en=19)) == 1   # never past the sheet's EN
    after, _ = carry_out(Noncombat.REST.value, s, tired, Fit(False, 0))
    assert after.en == 13 and not after.alert


def test_adjust_armour_dons_it_then_takes_half_its_wt_off_its_enc_down_to_half() -> None:
    """Seed 004, line 48, 2.1.3: "Don armor if not already worn; reduces ENC of the armor by WT/2, not to go below a
    minimum of half the basic armor ENC"."""
    fit = adjusted(MAIL, Fit(False, 0))
    assert fit == Fit(True, 9)
    fit = adjusted(MAIL, fit)
    assert fit == Fit(True, 7)
    assert adjusted(MAIL, adjusted(MAIL, fit)) == Fit(True, 5)


def test_adjust_armour_is_offered_only_to_the_unalert_and_when_it_changes_something() -> None:
    """Seed 004, line 48, 2.1.3: adjust armor "Cannot be used if alert"; line 47, 2.1.2: cast spell is not offered
    (no spells in the content); line 45: the options are chosen by those who spent nothing."""
    s = replace(sheet(), armour=MAIL)
    unalert = Blows.start(s, alert=False)
    keys = [o.key for o in noncombat_options(s, unalert, Fit(True, 9))]
    assert keys == ["pass", "rest", "adjust armour"]
    assert [o.key for o in noncombat_options(s, unalert.with_alert(True), Fit(True, 9))] == ["pass", "rest"]
    assert [o.key for o in noncombat_options(s, unalert, Fit(True, 5))] == ["pass", "rest"]
    assert noncombat_options(s, unalert, Fit(False, 0))[2].label == "don mail"
    with pytest.raises(ValueError, match="cannot adjust armour now"):
        carry_out(Noncombat.ADJUST_ARMOUR.value, s, unalert.with_alert(True), Fit(True, 9))
