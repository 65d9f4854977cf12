"""The table's session (game/session.py): opening a file the one way the runner also uses, who plays what,
and which log lines reveal a creature's prepared reactions."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import GameError
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.model import CreatureId
from game.runner import build_encounter, play
from game.scenario import EncounterFileError
from game.rulesets.seed000.visibility import secrets
from game.session import AI, Session

REPO = Path(__file__).resolve().parents[1]
DRILL = REPO / "maps" / "crypt_drill.toml"


def drill_copy(tmp_path: Path, extra: str, sides: str = "") -> Path:
    """The crypt drill with more lines (its map found from the copy)."""
    text = DRILL.read_text(encoding="utf-8").replace('map = "square_crypt.tmx"',
                                                     f'map = "{(REPO / "maps" / "square_crypt.tmx").as_posix()}"')
    if sides:
        text = text.replace('[sides.heroes]\ncontrol = "ai"', f"[sides.heroes]\ncontrol = {sides}")
    path = tmp_path / "drill.toml"
    path.write_text(extra + "\n" + text if extra.startswith("gm") else text + "\n" + extra, encoding="utf-8")
    return path


# -- item 5: one way to open an encounter -----------------------------------------------------------


def test_the_window_session_opens_an_encounter_with_its_files_preparations() -> None:
    """crypt_drill.toml prepares Warding Gust for Mirela: the window's session has it in force, as the
    headless runner does, and both start the same fight (the same first lines of the log)."""
    session = Session.open(DRILL)
    assert session.encounter.preparation(CreatureId("mirela")).limited == "warding_gust"
    loaded = build_encounter(DRILL)
    assert loaded.encounter.preparation(CreatureId("mirela")).limited == "warding_gust"
    headless: list[ev.Event] = []
    play(loaded, auto=True, emit=headless.append)
    session.run_script()
    for _ in range(2000):
        if session.encounter.state.ended or session.encounter.state.round > 30:
            break
        session.step_ai()
    assert session.encounter.log == headless, "the window's fight is the runner's, event for event"


def test_undo_rebuilds_the_encounter_with_the_files_preparations() -> None:
    session = Session.open(DRILL)
    rebuilt, _ = session.source.begin()
    assert rebuilt.preparation(CreatureId("bugbear")) == session.encounter.preparation(CreatureId("bugbear"))
    assert rebuilt.preparation(CreatureId("bugbear")).restrictions


def test_a_preparation_for_a_creature_not_in_the_fight_is_one_line_naming_it(tmp_path: Path) -> None:
    path = drill_copy(tmp_path, "[preparations.nobody]\nlimited = \"warding_gust\"\n")
    with pytest.raises(EncounterFileError) as caught:
        Session.open(path)
    assert "preparations.nobody" in str(caught.value) and "no creature" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_file_that_is_neither_a_map_nor_an_encounter_is_refused_by_its_name(tmp_path: Path) -> None:
    picture = tmp_path / "token.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    with pytest.raises(EncounterFileError) as caught:
        Session.open(picture)
    assert "not a map or an encounter file" in str(caught.value) and "decode" not in str(caught.value)


def test_a_binary_file_named_toml_says_it_is_not_text(tmp_path: Path) -> None:
    bad = tmp_path / "fight.toml"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(EncounterFileError) as caught:
        Session.open(bad)
    assert "not a text file" in str(caught.value) and "codec" not in str(caught.value)


# -- item 13: who plays what ------------------------------------------------------------------------


def test_a_player_can_own_single_creatures_over_their_sides_controller(tmp_path: Path) -> None:
    """A GM with two players gives each their own heroes: Ann plays the heroes, Bob only Mirela."""
    path = drill_copy(tmp_path, '[creature_control]\nmirela = "Bob"\nvex = "ai"\n', sides='"Ann"')
    session = Session.open(path)
    assert session.controller_of("brannoc") == "Ann"
    assert session.controller_of("mirela") == "Bob"
    assert session.controller_of("vex") == AI
    assert session.controller_of("bugbear") == AI
    assert session.players() == ["Ann", "Bob"]
    assert session.plays("Bob") == "Mirela" and session.plays("Ann") == "Brannoc"
    assert session.may_see_secrets_of("Bob", "mirela") and not session.may_see_secrets_of("Ann", "mirela")
    assert session.gm == "Ann", "no gm in the file: the first player"


def test_control_on_the_command_line_may_name_a_creature() -> None:
    session = Session.open(DRILL, {"heroes": "Ann", "mirela": "Bob"})
    assert session.controller_of("mirela") == "Bob" and session.controller_of("vex") == "Ann"


def test_the_runner_lets_the_ai_play_only_what_it_controls_creature_by_creature(tmp_path: Path) -> None:
    """With the AI on both sides but Mirela played by Bob, ``run`` stops at Mirela's first turn."""
    path = drill_copy(tmp_path, '[creature_control]\nmirela = "Bob"\n')
    seen: list[ev.Event] = []
    enc = play(build_encounter(path), auto=False, emit=seen.append)
    assert enc.state.acting is not None and enc.state.acting.id == "mirela"
    assert not enc.state.ended


def test_the_file_may_name_the_game_master(tmp_path: Path) -> None:
    path = drill_copy(tmp_path, 'gm = "Gwen"', sides='"Ann"')
    assert Session.open(path).gm == "Gwen"


@pytest.mark.parametrize("extra, sides, place", [
    ("", '""', "sides.heroes.control"),
    ('[creature_control]\nmirela = ""\n', "", "creature_control.mirela"),
    ('[creature_control]\nnobody = "Bob"\n', "", "creature_control.nobody"),
])
def test_an_empty_or_unknown_controller_in_the_file_is_one_line_naming_the_place(
        tmp_path: Path, extra: str, sides: str, place: str) -> None:
    path = drill_copy(tmp_path, extra, sides=sides)
    with pytest.raises(EncounterFileError) as caught:
        Session.open(path)
    assert place in str(caught.value) and "\n" not in str(caught.value)


def test_an_empty_name_on_the_command_line_is_refused_not_turned_into_the_ai() -> None:
    with pytest.raises(GameError) as caught:
        Session.open(DRILL, {"heroes": " "})
    assert "name" in str(caught.value)


# -- item 13: no log line reveals an opponent's preparation -----------------------------------------


def test_a_reaction_allowed_then_fizzled_is_private_and_a_used_one_public_but_for_its_budget_check() -> None:
    trig = ev.ReactionTriggered("mirela", "warding_gust", "enemy_adjacent", "orc", False, "the orc comes close")
    events: list[ev.Event] = [
        trig, ev.BudgetChecked("mirela", "warding_gust", True, "Limited; the prepared Limited reaction"),
        ev.BreakPoint("before", "begin_reaction", "mirela", "Mirela reacts with warding_gust"),
        ev.ReactionFizzled("mirela", "warding_gust", "the orc is gone"),
        ev.ReactionTriggered("brannoc", "rebuke", "hit_by_attack", "orc", False, "hit"),
        ev.BudgetChecked("brannoc", "rebuke", True, "restriction met: only against the orc"),
        ev.ReactionResolved("brannoc", "rebuke", False, ("its reaction of Orc's turn",)),
        ev.RandomChoice("push Orc", ("(1, 1)",), 0),
        ev.Decision("brannoc", "push Orc", "(1, 1)", "restriction: rebuke: toward (14, 14)", ("(1, 1)", "(2, 2)")),
        ev.Decision("orc", "push Vex", "(3, 3)", "the safest landing", ("(3, 3)",)),
    ]
    assert secrets(events) == ["mirela", "mirela", "mirela", "mirela", None, "brannoc", None, "brannoc", "brannoc",
                               None]


def test_in_a_real_fight_no_public_line_names_a_preparation_or_quotes_a_restriction() -> None:
    """The crypt drill's preparations (restrictions, a Limited reaction) show within a few rounds; played
    command by command as the window does, every line another player may see is free of them, and every
    trigger shown is one that resolved."""
    leaks: list[str] = []
    for seed in (1, 2, 3):
        session = Session(Session.open(DRILL).source, {})
        session.source.seed = seed
        session.encounter, session.start_events = session.source.begin()
        batches = [session.start_events]
        for _ in range(400):
            if session.encounter.state.ended:
                break
            batches.append(session.step_ai())
        for batch in batches:
            for event, owner in zip(batch, secrets(batch)):
                if owner is not None:
                    continue
                line = session.encounter.describe(event)
                if ("restriction" in line or "prepares reactions" in line or "fizzles, not spent" in line
                        or isinstance(event, ev.BudgetChecked)):
                    leaks.append(f"seed {seed}: {line}")
            used = {(e.reactor, e.power) for e in batch if isinstance(e, ev.ReactionResolved)}
            for event, owner in zip(batch, secrets(batch)):
                if isinstance(event, ev.ReactionTriggered) and owner is None:
                    assert (event.reactor, event.power) in used
    assert not leaks, "\n".join(leaks[:10])
