"""How seed 001's events read in the window (``game.ui.rulesets.seed001.presentation``): log colours, board
pictures and reaction banners for the document's reactions."""

from __future__ import annotations

from game.rulesets.seed001 import events as ev
from game.rulesets.seed001 import reaction_events as rev
from game.ui.combat_log import DEFAULT_COLOUR
from game.ui.rulesets.seed001 import presentation as p

NAMES = {"wren": "Wren Quickstep", "hound": "Bog Hound", "pike": "Hollin Pikeman", "bandit": "Road Bandit"}


def name(who: str) -> str:
    return NAMES.get(who, who)


def test_an_attack_of_opportunity_and_an_impalement_read_as_reactions_with_why() -> None:
    """Seed 001, line 11: "moves through the adjacent space around someone, without challenging that someone";
    line 21: "closes from 20 feet or farther to engage and attack": each attack rolled as a reaction is coloured as
    such and opens a banner naming who reacts, on whom, and the trigger."""
    aoo = ev.AttackRolled("bandit", "wren", "club", "opportunity", (14, 3), 13, 1)
    impale = ev.AttackRolled("pike", "hound", "pike", "impalement", (19, 12, 4), 11, 2)
    plain = ev.AttackRolled("hound", "pike", "bite", "savage", (3, 5), 11, 0)
    assert p.colour_of(aoo) == p.OPPORTUNITY and p.colour_of(impale) == p.IMPALE and p.colour_of(plain) == p.MISS
    banner = p.reaction_banner(name, [aoo], 0)
    assert banner is not None and banner.headline == "Road Bandit: attack of opportunity on Wren Quickstep"
    assert "without challenging" in banner.detail and banner.reactor == "bandit"
    banner = p.reaction_banner(name, [impale], 0)
    assert banner is not None and banner.headline == "Hollin Pikeman impales Bog Hound" and "20 feet" in banner.detail
    assert p.pictures(impale).floating == ("hound", "IMPALED", p.IMPALE)
    assert p.reaction_banner(name, [plain], 0) is None


def test_a_dodge_that_cancels_a_success_says_how_much_body_damage_it_saved() -> None:
    """Seed 001, line 6: the reaction comes "just before receiving the damage, as the reaction has the chance to
    prevent or lessen the wounding": the banner and the floating words give the damage before and after."""
    dodge = rev.Defended("wren", "hound", "dodge", "d6", 5, True, 4, 2)
    banner = p.reaction_banner(name, [dodge], 0)
    assert banner is not None and banner.headline == "Wren Quickstep: dodge against Bog Hound"
    assert "4 -> 2" in banner.detail
    assert p.colour_of(dodge) == p.DEFENCE
    assert p.pictures(dodge).floating == ("wren", "dodge: 4 -> 2 Body", p.DEFENCE)
    failed = rev.Defended("wren", "hound", "dodge", "2d6kl1", 1, False, 4, 4)
    assert p.colour_of(failed) == p.MISS and "no success lost" in p.reaction_banner(name, [failed], 0).detail  # type: ignore[union-attr]


def test_every_event_of_the_fight_and_its_reactions_has_a_colour_of_its_own() -> None:
    """No line of seed 001's log is left in the default colour: each event class the fight or the reactions log
    is coloured."""
    samples: list[object] = [
        ev.RoundStarted(1), ev.TurnStarted("wren", 1, 9), ev.Hurt("wren", 3, 6), ev.Incapacitated("wren"),
        ev.StoodUp("wren", "reaction"), ev.KnockedProne("wren", "thrown"), ev.Scheduled("wren", "stands", 2, 10),
        ev.CameDue("wren", "stands"), rev.ReactionUsed("wren", "stand up"), rev.LandingTried("wren", True),
        rev.MovementPenalised("wren", 20, "stood up by reaction")]
    assert all(p.colour_of(e) != DEFAULT_COLOUR for e in samples)
    stand = p.reaction_banner(name, [rev.ReactionUsed("wren", "stand up")], 0)
    assert stand is not None and "d4" in stand.detail
