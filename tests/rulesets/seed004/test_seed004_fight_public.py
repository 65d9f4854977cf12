"""How seed 004's fight reads for players: the initiative and why, the options, parries and hits, never the dice,
the EN left or the damage (the players' display, :class:`game.rulesets.package.PublicTelling`)."""

from __future__ import annotations

from game.kernel.decisions import Answer
from game.rulesets.seed004.commands import AttackOption
from game.rulesets.seed004.package import RULESET
from tests.rulesets.seed004.fight004 import fight_of


def test_players_read_the_initiative_the_parry_and_the_hit_but_not_the_dice_or_the_damage() -> None:
    """Seed 004, line 20, 1.1.2 (why the initiative), line 34 (a parry): public; the EN left is the GM's."""
    f = fight_of(("wolf", "fen_wolf", "beasts", (3, 2), {"active_blows": 3}),
                 ("oswin", "oswin_hale", "company", (2, 2)), faces=(9, 9, 1, 5))
    f.apply(AttackOption("wolf", "oswin", "bite"))
    f.apply(Answer(f.pending[0].id, "parry:arming_sword"))
    lines = [p.text for p in (RULESET.public_line(e, f.name) for e in f.log) if p is not None]
    assert "Segment 1: Fen Wolf (most active blows (3 to 2))" in lines
    assert "Oswin Hale parries with Arming Sword" in lines
    assert "Fen Wolf hits Oswin Hale" in lines
    text = "\n".join(lines)
    assert "rolled" not in text and "EN" not in text
