"""What seed 004's strip says (numbers in brackets are seed 004's lines): the round, its phase and segment
[5, 7-13], who holds the initiative and why (1.1.2 [20]: most active blows left, then most reactive blows, then
most current EN; a full tie declares simultaneously, 1.1.3 [21]), and each character's blows and EN left for this
phase (the first blow free, each further one 1 EN, EN spent per phase capped [5, 17]), with alert / unalert and
fallen.

Plain text from the foundations' values (``rounds.Round``, ``blows.Blows``, ``initiative.Fighter``), so the tests
read exactly what the strip draws; and the log's colours (a GM call in its own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rulesets.seed004.initiative import Fighter, is_eligible
from game.rulesets.seed004.rounds import Phase, Round
from game.ui.board_view import RGB
from game.ui.combat_log import DEFAULT_COLOUR, KERNEL_COLOURS

MAX_ROWS = 12
"""Most characters the strip lists (a bigger fight ends with "and n more")."""


def headline(rnd: Round, name: Callable[[str], str]) -> str:
    """"Round 2 · combat phase · segment 3 · initiative: Ann" with names, as ``Round.shown`` says it with ids."""
    text = f"Round {rnd.number} · {rnd.phase.value} phase"
    if rnd.phase is Phase.COMBAT and rnd.segment:
        text += f" · segment {rnd.segment}"
        if rnd.holders:
            text += " · initiative: " + " + ".join(name(h) for h in rnd.holders)
    return text


def _standing(f: Fighter) -> tuple[int, int, int]:
    b = f.blows
    return (b.active, b.reactive, b.en)


def initiative_reason(rnd: Round, fighters: Sequence[Fighter]) -> str:
    """Why the segment's initiative went where it did [19-21]: the first place where the holder's standing
    (active blows, reactive blows, current EN) beats the best other eligible character's; "" outside a segment.
    Read from the standings as they are now, which are the segment's until its option is taken."""
    if rnd.phase is not Phase.COMBAT or not rnd.holders:
        return ""
    if len(rnd.holders) > 1:
        return "tied on active and reactive blows and EN: they declare simultaneously and secretly (1.1.3)"
    holder = next((f for f in fighters if f.id == rnd.holders[0]), None)
    others = [f for f in fighters if f.id != rnd.holders[0] and is_eligible(f, rnd.passed)]
    if holder is None:
        return ""
    if not others:
        return "the only one eligible (1.1.1)"
    mine, best = _standing(holder), max(_standing(f) for f in others)
    for words, a, b in (("most active blows", mine[0], best[0]), ("most reactive blows", mine[1], best[1]),
                        ("most EN", mine[2], best[2])):
        if a != b:
            tied = {"most reactive blows": " (active blows tied)", "most EN": " (blows tied)"}.get(words, "")
            return f"{words}: {a} to {b}{tied} (1.1.2)"
    return "tied: they declare simultaneously (1.1.3)"


@dataclass(frozen=True, slots=True)
class Row:
    """One character as the strip shows it."""

    id: str
    text: str
    """"Ann  A 1/2 · R 2/2 · EN 12 (4 this phase) · alert"."""
    holds: bool
    """Holds the initiative in this segment."""
    out: bool
    """Not eligible for initiative now (passed, no blow left, unconscious): drawn dimmed."""


def en_this_phase(f: Fighter) -> int:
    """EN the character may still spend in this phase [5]: its cap less what it spent, no more than it has."""
    b = f.blows
    return max(0, min(b.en, b.cap - b.en_phase))


def rows(rnd: Round, fighters: Sequence[Fighter], name: Callable[[str], str]) -> list[Row]:
    """Each character's row: active and reactive blows left of the round's, EN now and spendable this phase,
    alert or unalert, fallen, passed [5, 17, 19]."""
    out: list[Row] = []
    for f in fighters[:MAX_ROWS]:
        b = f.blows
        marks = ["alert" if b.alert else "unalert"]
        if b.fallen:
            marks.append("fallen")
        if not b.conscious:
            marks.append("unconscious")
        if f.id in rnd.passed:
            marks.append("passed")
        text = (f"{name(f.id)}  A {b.active}/{b.per_round_active} · R {b.reactive}/{b.per_round_reactive} · "
                f"EN {b.en} ({en_this_phase(f)} this phase) · {', '.join(marks)}")
        out.append(Row(f.id, text, f.id in rnd.holders,
                       rnd.phase is not Phase.COMBAT or not is_eligible(f, rnd.passed)))
    if len(fighters) > MAX_ROWS:
        out.append(Row("", f"and {len(fighters) - MAX_ROWS} more", False, True))
    return out


# -- the log's colours ------------------------------------------------------------------------------------------

GM: RGB = (235, 130, 235)
"""A call the document leaves to the gamesmaster (1.2.5: "consult the gamesmaster"), logged with its default."""
PHASE: RGB = (250, 210, 90)
SECRET: RGB = (110, 210, 230)
PARRY: RGB = (120, 190, 255)
HURT: RGB = (245, 120, 110)
DOWN: RGB = (255, 90, 90)
MOVE: RGB = (200, 205, 215)
SPENT: RGB = (130, 135, 150)

WORDS: tuple[tuple[str, RGB], ...] = (
    ("Gm", GM), ("Gamesmaster", GM), ("Round", PHASE), ("Phase", PHASE), ("Segment", PHASE), ("Initiative", PHASE),
    ("Revealed", SECRET), ("Declared", SECRET), ("Parr", PARRY), ("Broke", DOWN), ("Unconscious", DOWN),
    ("Fell", DOWN), ("Hurt", HURT), ("Damage", HURT), ("Critical", HURT), ("Moved", MOVE), ("Trace", MOVE),
    ("Maneuver", MOVE), ("Spent", SPENT), ("Blow", SPENT), ("Passed", SPENT),
)
"""Seed 004's events coloured by a word of their class name, the first that matches (the fight's events are
s004fight's and s004move's; a name added later still gets its word's colour); a GM call first, in its own."""


def colour_of(event: object) -> RGB:
    """The colour of an event's log line: the kernel's own events as everywhere, seed 004's by their name's word."""
    found = KERNEL_COLOURS.get(type(event))
    if found is not None:
        return found
    name = type(event).__name__
    for word, colour in WORDS:
        if word in name:
            return colour
    return DEFAULT_COLOUR
