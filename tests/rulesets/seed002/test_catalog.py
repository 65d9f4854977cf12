"""Seed 002's action catalogue (issue 19 items 2 and 3): every action heading of the document, its type and
its provoking tag exactly as printed, read back from the document so that the catalogue cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rulesets.seed002 import catalog
from game.rulesets.seed002.catalog import ACTIONS, ActionType, Provoking

REPO = Path(__file__).resolve().parents[3]
NAME = "002_1e58761ab2413878.txt"
HEADING = re.compile(r"([A-Z][A-Z ,]*[A-Z]) \[([^\]]+)\]")


def document_lines() -> list[str]:
    """Seed 002's document, ``shared/seeds/`` beside the repository or beside a folder above it (a worktree)."""
    for folder in REPO.parents:
        place = folder / "shared" / "seeds" / NAME
        if place.is_file():
            return place.read_text(encoding="utf-8").splitlines()
    raise AssertionError(f"seed 002's document {NAME} is not in shared/seeds/ beside the repository")


def headings() -> dict[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}
    for number, text in enumerate(document_lines(), start=1):
        match = HEADING.match(text)
        if match:
            out[number] = (match[1], match[2])
    return out


def test_every_heading_of_the_document_is_in_the_catalogue_with_its_bracket_as_printed() -> None:
    """Seed 002, line 30: "ATTACK, RANGED [Standard, OA]"; line 68: "MOVE [Move, OA from Movement]"; line 76:
    "ADVANCE [Move, OA from Certain Movement]": each heading's name and bracket, at its line."""
    found = headings()
    assert len(found) == len(ACTIONS)
    assert {a.line: (a.name, a.bracket) for a in ACTIONS} == found


def test_each_in_scope_action_provokes_as_its_bracket_says() -> None:
    """Seed 002, line 39: charge "[Standard, OA from movement]"; line 80: escape "[Move, OA from Certain
    Movement]"; line 74: stand "[Move, OA]": the reading of every in-scope bracket matches its printed tag."""
    found = headings()
    tags = {"": Provoking.NEVER, "oa": Provoking.ON_USE, "oa from movement": Provoking.LEAVING,
            "oa from certain movement": Provoking.LEAVING_EXCEPT, "oa varies": Provoking.VARIES}
    for action in catalog.in_scope():
        _, bracket = found[action.line]
        kind, _, tag = bracket.partition(", ")
        assert action.provokes is tags[tag.lower()], action.name
        assert action.type is ActionType(kind.lower()), action.name
        assert action.tag == tag


def test_the_types_of_every_action_read_from_its_bracket() -> None:
    """Seed 002, line 143: "DELAY [No action]"; line 160: "LOAD COMPLEX WEAPONS [VARIES, OA]"."""
    for action in ACTIONS:
        assert action.type is ActionType(action.bracket.partition(", ")[0].lower())


def test_the_in_scope_actions_are_the_issues() -> None:
    """Seed 002, line 39: CHARGE; line 45: STUNT; line 83: AIM; line 108: DROP; line 143: DELAY; the reactions
    [121-141]; social and scene actions out of scope (line 27: ATTACK, COURT; line 91: INFLUENCE)."""
    names = {a.name for a in catalog.in_scope()}
    assert names == {"ATTACK, CLOSE", "ATTACK, RANGED", "DEFEND", "RECOVER", "CHARGE", "READY", "STUNT", "MOVE",
                     "STAND", "ADVANCE", "WITHDRAW", "ESCAPE", "AIM", "DROP", "SPEND DESTINY, FATE, OR CORRUPTION",
                     "OPPORTUNITY ATTACK", "SURGE", "SMASH", "SLAM", "RAISE", "HUNCH", "DELAY"}
    for social in ("ATTACK, COURT", "ATTACK, RUMOR", "INFLUENCE", "USE POWER, GOSSIP", "TRICK", "ASSIST",
                   "ASSESSMENT", "COMMAND"):
        assert not catalog.action(social).in_scope and "social" in catalog.action(social).note
    assert all(a.note for a in ACTIONS if not a.in_scope)


def test_close_attack_has_no_tag_but_unarmed_against_armed_provokes() -> None:
    """Seed 002, line 26: "Attacking an armed opponent while unarmed normally provokes an Opportunity Attack"."""
    close = catalog.action("ATTACK, CLOSE")
    assert close.provokes is Provoking.NEVER and close.tag == "" and close.unarmed_provokes
    assert not any(a.unarmed_provokes for a in ACTIONS if a is not close)
    with pytest.raises(KeyError, match="no action"):
        catalog.action("ATTACK, MELEE")
