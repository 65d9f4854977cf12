"""Seed 004's noncombat phase, 2.1-2.2 (``../shared/seeds/004_683255cd0bfe0fc3.txt``, lines 44-49)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.kernel.engine import Impossible
from game.rulesets.seed004.blows import Blow, Blows
from game.rulesets.seed004.noncombat import Fit
from game.rulesets.seed004.noncombat_phase import Standing, questions, resolve
from game.rulesets.seed004.sheets import Armour
from tests.rulesets.seed004.fighters004 import sheet

MAIL = Armour("mail", ac=-3, enc=9, wt=4)


def standing(id: str, *, alert: bool = False, en: int = 12, spent: bool = False, en_spent: bool = False,
             last: int = 5, armour: bool = True) -> Standing:
    s = replace(sheet(en=20), id=id, name=id.title(), recovery=3, armour=MAIL if armour else None)
    b = replace(Blows.start(s, alert=alert), en=en, en_last_round=last)
    if spent:
        b = b.spend(Blow.ACTIVE)
    if en_spent:
        b = b.spend_en(1)
    return Standing(id, "a", s, b, Fit(True, MAIL.enc) if armour else Fit(False, 0))


def test_only_those_who_spent_no_blow_or_en_in_the_combat_phase_are_asked() -> None:
    """Seed 004, line 45, 2.1: "Characters who did not expend blows or EN in the combat phase (1.-2.) can choose a
    noncombat option"."""
    asked = questions([standing("ann"), standing("bo", spent=True), standing("cy", en_spent=True)])
    assert [q.chooser for q in asked] == ["ann"]
    with pytest.raises(Impossible, match="bo may not choose a noncombat option"):
        resolve([standing("ann"), standing("bo", spent=True)], {"bo": "rest"})


def test_the_options_are_asked_secretly_one_question_each_with_no_spells() -> None:
    """Seed 004, line 45, 2.1: "Noncombat actions are selected secretly and simultaneously"; line 47, 2.1.2: cast
    spell (our content has no spells, so it is never offered); lines 47-48: adjust armour "Cannot be used if
    alert"."""
    asked = questions([standing("ann"), standing("bo", alert=True)])
    assert all(q.secret for q in asked)
    assert [o.key for o in asked[0].options] == ["pass", "rest", "adjust armour"]
    assert [o.key for o in asked[1].options] == ["pass", "rest"]
    assert not any("spell" in o.label for q in asked for o in q.options)


def test_alert_characters_cease_to_be_alert_when_they_use_an_option() -> None:
    """Seed 004, line 45, 2.1: "Alert characters cease to be alert when using a noncombat option"."""
    people = [standing("ann", alert=True), standing("bo", alert=True)]
    out = resolve(people, {"ann": "rest", "bo": "pass"})
    assert not out.after["ann"].blows.alert and out.after["ann"].blows.en == 15
    assert out.after["bo"].blows.alert and out.after["bo"] == people[1]
    assert out.acted == frozenset({"ann"})
    assert out.lines == ("Ann rests: EN 12 -> 15 (+3), no longer alert",)


def test_adjusting_armour_is_logged_and_changes_the_fit() -> None:
    """Seed 004, line 48, 2.1.3: adjusting worn armour "reduces ENC of the armor by WT/2"."""
    out = resolve([standing("ann")], {"ann": "adjust armour"})
    assert out.after["ann"].fit == Fit(True, 7)
    assert out.lines == ("Ann adjusts mail: ENC 9 -> 7",)
    with pytest.raises(Impossible, match="cannot choose 'adjust armour'"):
        resolve([standing("bo", alert=True)], {"bo": "adjust armour"})


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["pass", "rest", "adjust armour"]), min_size=3, max_size=3), st.randoms())
def test_options_resolve_simultaneously_whatever_order_the_answers_came_in(picks: list[str], rnd: object) -> None:
    """Seed 004, line 49, 2.2: "The effects of noncombat options are considered to take effect simultaneously"
    (each effect from the values as the phase began)."""
    people = [standing("ann", en=10), standing("bo", en=14, last=2), standing("cy", en=20)]
    choices = dict(zip(["ann", "bo", "cy"], picks, strict=True))
    shuffled = list(choices.items())
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    a, b = resolve(people, choices), resolve(people, dict(shuffled))
    assert a == b
    for p in people:   # each one's result depends on its own start and choice only
        alone = resolve([p], {p.id: choices[p.id]})
        assert a.after[p.id] == alone.after[p.id]


def test_in_the_fight_the_noncombat_options_are_a_secret_group_and_rest_takes_effect() -> None:
    """Seed 004, line 45, 2.1: chosen "secretly and simultaneously" by those who spent no blow or EN; line 46,
    2.1.1: rest; line 45: the alert cease to be alert when using an option (through the fight's phase hooks)."""
    from game.kernel import events as kev
    from game.kernel.decisions import Answer
    from game.rulesets.seed004.commands import PassOption
    from game.rulesets.seed004.phases import NoncombatTaken, Phases
    from tests.rulesets.seed004.fight004 import events, fight_of

    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (8, 2)), start=False)
    f.extensions.append(Phases())
    f.start()
    f.put(replace(f.char("oswin"), blows=replace(f.char("oswin").blows, en=10, en_last_round=4)))
    for _ in range(2):
        acting = f.acting
        assert acting is not None
        f.apply(PassOption(acting.id))
    asked = f.pending
    assert [(d.chooser, d.kind, d.secret) for d in asked] == [("oswin", "noncombat", True), ("wolf", "noncombat", True)]
    f.apply(Answer(asked[0].id, "rest"))
    assert not events(f, NoncombatTaken)          # nothing happens before all have answered
    f.apply(Answer(asked[1].id, "pass"))
    assert [e.text for e in events(f, NoncombatTaken)] == ["Oswin Hale rests: EN 10 -> 13 (+3), no longer alert"]
    assert f.char("oswin").blows.en == 13 and not f.char("oswin").blows.alert
    assert events(f, kev.DecisionsRevealed)[-1].answers == (("oswin", "rest"), ("wolf", "pass"))
    assert {d.kind for d in f.pending} == {"trace"}   # the movement phase follows
