"""Seed 001's reaction catalogue: every heading of the document at its line, each reaction under its heading,
read back from the document so that the catalogue cannot drift."""

from __future__ import annotations

from pathlib import Path

from game.rulesets.seed001 import catalog
from game.rulesets.seed001.catalog import HEADINGS, REACTIONS

REPO = Path(__file__).resolve().parents[3]
NAME = "001_13597638813275a1.txt"


def document_lines() -> list[str]:
    """Seed 001's document, ``shared/seeds/`` beside the repository or beside a folder above it (a worktree)."""
    for folder in REPO.parents:
        place = folder / "shared" / "seeds" / NAME
        if place.is_file():
            return place.read_text(encoding="utf-8").splitlines()
    raise AssertionError(f"seed 001's document {NAME} is not in shared/seeds/ beside the repository")


def document_headings() -> dict[int, str]:
    """The document's headings: short lines (under 40 characters) that are not a sentence, after its title."""
    return {n: text for n, text in enumerate(document_lines(), start=1)
            if n > 1 and len(text) < 40 and not text.rstrip().endswith(".")}


def test_every_heading_of_the_document_is_in_the_catalogue() -> None:
    """Seed 001, line 5: "Dodge & Deflect"; line 9: "Flee Attack (No More)"; line 19: "Impalement"; line 30:
    "Standing Up": each heading as printed, at its line."""
    assert dict(HEADINGS) == document_headings()


def test_every_reaction_sits_under_a_heading_and_quotes_a_line_below_it() -> None:
    """Seed 001, line 3: "this section will address the timing and details of the most common reactions"."""
    lines = document_lines()
    starts = sorted(HEADINGS)
    for r in REACTIONS:
        assert r.heading in HEADINGS, r
        after = [h for h in starts if h > r.heading]
        end = after[0] if after else len(lines) + 1
        assert r.heading < r.line < end, r
    assert len({r.id for r in REACTIONS}) == len(REACTIONS)


def test_one_action_and_one_reaction_a_round() -> None:
    """Seed 001, line 3: "Like only one action is permitted in a combat round, only one reaction is granted for
    a like duration"."""
    assert catalog.ACTIONS_PER_ROUND == 1 and catalog.REACTIONS_PER_ROUND == 1


def test_the_flee_attack_is_never_played() -> None:
    """Seed 001, line 10: "it is VITAL TO NOTE that the 'flee attack' no longer exists"."""
    assert not catalog.reaction("flee_attack").in_scope
    assert "flee_attack" not in {r.id for r in catalog.in_scope()}


def test_the_played_reactions_are_the_issues() -> None:
    """Seed 001, line 6: "dodge, deflect missiles, deflect bolts, rebuff"; line 11: "this permits an attack of
    opportunity"; line 17: dismount; line 20: impalement; line 32: standing up by reaction."""
    assert {r.id for r in catalog.in_scope()} == {"dodge", "rebuff", "deflect_missiles", "attack_of_opportunity",
                                                  "dismount", "impalement", "stand_up"}
