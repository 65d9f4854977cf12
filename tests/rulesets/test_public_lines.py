"""How each ruleset's events read for players (``PublicTelling.public_line``, the players' display's log):
whole fights played by the AI, every public event's line for players checked against what is the game
master's (issue 17 item 2: "enemies' exact hit points ... the AI's reasons and candidates")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rulesets.seed000 import events as ev0
from game.rulesets.seed003 import events as ev3
from game.session import AI, Session

MAPS = Path(__file__).resolve().parents[2] / "maps"
GM_ONLY = re.compile(r"\bhp\b|hit points|\bvs\b|\b(AC|PD|MD|Fort|Ref|Will)\b \d|decision|candidate|\d+d\d+|\[\d")


def played(name: str, sides: dict[str, str]) -> Session:
    session = Session.open(MAPS / name, sides)
    for _ in range(3000):
        if session.encounter.over:
            break
        session.step_ai()
    return session


@pytest.mark.parametrize("name, sides", [("crypt_skirmish.toml", {"heroes": AI, "monsters": AI}),
                                         ("crypt_vigil_003.toml", {"party": AI, "keepers": AI})])
def test_no_line_for_players_gives_hit_points_defences_dice_or_the_ais_reasons(name: str,
                                                                                sides: dict[str, str]) -> None:
    session = played(name, sides)
    events = session.all_events()
    owners = session.secrets(events)
    lines = [session.public_line(e) for e, owner in zip(events, owners) if owner is None]
    told = [line for line in lines if line is not None]
    assert len(told) > 20
    for line in told:
        assert not GM_ONLY.search(line.text), line.text
        assert line.text == line.text.strip() and not line.text.endswith(("to", "at", "("))
        assert all(session.encounter.piece(c) is not None for c in line.creatures), line


def test_seed000_damage_and_a_fall_read_without_what_is_left() -> None:
    """Seed 000: the blow's damage is told, the hit points left are not; dropping to 0 reads as a fall (the
    regex of before left "Ghoul drops to")."""
    session = Session.open(MAPS / "crypt_skirmish.toml", {"heroes": AI, "monsters": AI})
    line = session.public_line(ev0.DamageDealt("ghoul", 9, "", 0, "vex", "Anvil Blow"))
    assert line is not None and line.text == "Ghoul takes 9 damage" and line.creatures == ("ghoul",)
    fall = session.public_line(ev0.DroppedToZero("ghoul", False))
    assert fall is not None and fall.text == "Ghoul falls"
    assert session.public_line(ev0.Decision("ghoul", "target", "vex", "weakest", ("vex", "ilsa"))) is None
    attack = session.public_line(ev0.AttackRolled("ghoul", "vex", "claw", 17, 23, "AC", 18, True, False))
    assert attack is not None and attack.text == "Ghoul attacks Vex: hit" and set(attack.creatures) == {"ghoul", "vex"}


def test_seed003_attack_reads_its_outcome_not_its_dice_nor_the_defence() -> None:
    session = Session.open(MAPS / "crypt_vigil_003.toml", {"party": AI, "keepers": AI})
    pieces = session.encounter.pieces()
    a, b = pieces[0].id, pieces[-1].id
    attack = ev3.AttackRolled(a, b, "Longsword", (5, 5, 2), (5, 5, 2), 0, 2, 3, 0, 0, 17, "AC", 18, "miss", 17, False)
    line = session.public_line(attack)
    assert line is not None and line.text.endswith("with Longsword: miss") and "18" not in line.text
    hurt = session.public_line(ev3.DamageTaken(b, 7, 12, "Longsword"))
    assert hurt is not None and hurt.text.endswith("takes 7 damage")
