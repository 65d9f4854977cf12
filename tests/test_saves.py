"""Saves: a fight saved and resumed plays on exactly as it would have; bad saves are refused in one line.

Issue 16 item 1: "Loading resumes exactly where it stopped, pending decision included. A corrupt, truncated,
or newer-version file is refused with one clear line, and every other save stays intact. Never pickle."
Item 5: "Hundreds of random encounters ... saved and replayed give byte-identical logs; a save interrupted by
killing the writing process leaves the previous file readable; ... a save made in one ruleset resumes in it."
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest

import game.files
from game.session import AI, Session
from game.saves import AUTOSAVES_KEPT, SaveError, read_save

REPO = Path(__file__).resolve().parent.parent
SAMPLES = [REPO / "maps" / name for name in ("crypt_skirmish.toml", "marsh_ambush.toml", "ridge_crossing.toml",
                                            "crypt_drill.toml")]
ALL_AI = {"heroes": AI, "monsters": AI}


def _log(session: Session) -> bytes:
    """The fight's log as ``run --json`` writes its events: the bytes compared."""
    fight = session.encounter
    return "".join(json.dumps(fight.event_json(e), separators=(",", ":")) + "\n" for e in fight.log).encode()


def _opened(path: Path, seed: int) -> Session:
    session = Session.open(path, dict(ALL_AI))
    session.source.seed = seed
    return Session(session.source, dict(ALL_AI))


def _steps(session: Session, n: int) -> None:
    for _ in range(n):
        if session.encounter.over:
            return
        session.step_ai()


def test_hundreds_of_random_fights_saved_and_resumed_give_byte_identical_logs(tmp_path: Path) -> None:
    """Seed 000 fights played by the AI on every sample encounter and several seeds, saved at a random
    point and resumed: the resumed log is the same bytes, and so is the log after both play on."""
    rng = random.Random(16)
    cases = 0
    for path in SAMPLES:
        base = Session.open(path, dict(ALL_AI))
        for seed in range(1, 51):
            base.source.seed = seed
            played = Session(base.source, dict(ALL_AI))
            _steps(played, rng.randrange(0, 40))
            save = played.save(tmp_path / "fight.jsonl")
            resumed = Session.resume(save)
            assert _log(resumed) == _log(played), (path.name, seed)
            assert [(p.by, p.round, p.turn) for p in resumed.played] == [(p.by, p.round, p.turn) for p in played.played]
            more = rng.randrange(1, 12)
            _steps(played, more)
            _steps(resumed, more)
            assert _log(resumed) == _log(played), (path.name, seed, "after playing on")
            cases += 1
    assert cases == 200


def test_a_fight_saved_at_its_end_resumes_over_with_the_same_winner(tmp_path: Path) -> None:
    played = _opened(SAMPLES[3], 5)
    _steps(played, 5000)
    assert played.encounter.over
    resumed = Session.resume(played.save(tmp_path / "end.jsonl"))
    assert resumed.encounter.over and resumed.encounter.winner == played.encounter.winner
    assert _log(resumed) == _log(played)


def test_the_save_keeps_who_plays_what_and_the_standing_orders(tmp_path: Path) -> None:
    from game.kernel.decisions import StandingOrder

    session = Session.open(SAMPLES[0], {"heroes": "Ann", "monsters": AI, "brannoc": "Bob"})
    session.gm_name = "Cy"
    session.standing_orders = {"Ann": {"reaction": StandingOrder.NEVER}}
    resumed = Session.resume(session.save(tmp_path / "who.jsonl"))
    assert resumed.controllers == session.controllers and resumed.creature_controllers == {"brannoc": "Bob"}
    assert resumed.gm == "Cy" and resumed.standing_orders == {"Ann": {"reaction": StandingOrder.NEVER}}


def test_a_save_killed_mid_write_leaves_the_previous_file_readable(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The new save goes to a temporary file beside the old one and is renamed over it only when whole:
    a process killed before the rename (the temporary file written, never renamed) leaves the old save."""
    session = _opened(SAMPLES[0], 3)
    _steps(session, 10)
    path = session.save(tmp_path / "fight.jsonl")
    before = path.read_bytes()
    _steps(session, 10)
    # a writer killed between writing the temporary file and renaming it:
    (tmp_path / ".fight.jsonl.x1y2.tmp").write_bytes(session.save_bytes()[:1000])

    def killed(src: object, dst: object) -> None:
        raise KeyboardInterrupt  # as a kill (SIGINT) lands between the write and the rename

    monkeypatch.setattr(game.files.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        session.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert len(Session.resume(path).played) == 10


HOSTILE = {
    "truncated": lambda text: text[:-40],
    "cut mid-line with a newline": lambda text: text[:text.rindex("\n", 0, -1) - 10] + "\n",
    "not JSON": lambda text: text.replace('"by"', '"by', 1),
    "newer format": lambda text: text.replace('"format":2', '"format":3', 1),
    "not a save": lambda text: '{"hello":1}\n',
    "empty": lambda text: "",
    "binary": lambda text: "\xff\xfe",
    "deeply nested": lambda text: text.split("\n")[0] + "\n" + "[" * 200_000 + "\n",
    "huge line": lambda text: text + "x" * 300_000 + "\n",
    "wrong type seed": lambda text: text.replace('"seed":3', '"seed":"3"', 1),
    "wrong type events": lambda text: text.replace('"events":[', '"events":[1,', 1),
    "wrong type controllers": lambda text: text.replace('"controllers":{', '"controllers":{"x":[1],', 1),
    "a line too many": lambda text: text + text.split("\n")[1] + "\n",
    "unknown command": lambda text: text.replace('"do":"', '"do":"fly', 1),
    "bad standing order": lambda text: text.replace('"standing_orders":{}', '"standing_orders":{"Ann":{"r":"maybe"}}'),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_truncated_corrupt_hostile_or_newer_save_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    session = _opened(SAMPLES[0], 3)
    _steps(session, 8)
    good = session.save(tmp_path / "good.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(HOSTILE[name](good.read_text()).encode("utf-8", "surrogateescape")
                    if name != "binary" else b"\xff\xfe")
    with pytest.raises(SaveError) as caught:
        Session.resume(bad)
    line = str(caught.value)
    assert "\n" not in line and line.startswith(f"{bad}: ") and len(line) < 400, line
    if name not in ("empty", "binary"):
        assert "line " in line, line
    if name == "newer format":
        assert "newer program" in line
    assert Session.resume(good).played  # the other save is intact


def test_a_save_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as out:
        out.truncate(33 * 1024 * 1024)
    with pytest.raises(SaveError, match="big.jsonl: .*(larger|limit|MiB)"):
        read_save(big)


def test_autosaves_follow_the_turns_and_keep_the_newest_few(tmp_path: Path) -> None:
    session = _opened(SAMPLES[0], 2)
    session.autosave = tmp_path / "auto"
    turns = 0
    for _ in range(300):
        mark = session.encounter.turn_mark
        session.step_ai()
        turns += session.encounter.turn_mark != mark
    kept = sorted((tmp_path / "auto").glob("*.jsonl"))
    assert turns > AUTOSAVES_KEPT and len(kept) == AUTOSAVES_KEPT
    newest = Session.resume(kept[-1])
    assert newest.encounter.turn_mark == session.encounter.turn_mark or session.encounter.over
    assert _log(newest) == _log(session)[:len(_log(newest))]


def test_replay_names_the_first_command_whose_events_differ_from_the_recording(tmp_path: Path) -> None:
    session = _opened(SAMPLES[0], 3)
    _steps(session, 12)
    path = session.save(tmp_path / "fight.jsonl")
    lines = path.read_text().split("\n")
    record = json.loads(lines[6])
    record["events"][0] = "00000000" if record["events"][0] != "00000000" else "11111111"
    lines[6] = json.dumps(record, separators=(",", ":"))
    path.write_text("\n".join(lines))
    resumed, parted = Session.replay_save(path)
    assert parted is not None and "line 7:" in str(parted) and "its event 1 is now" in str(parted)
    assert len(resumed.played) == 12  # the replay plays on past the parting
    with pytest.raises(SaveError, match="line 7"):
        Session.resume(path)


def test_replay_says_which_files_changed_since_the_save(tmp_path: Path) -> None:
    text = SAMPLES[0].read_text().replace('map = "', f'map = "{SAMPLES[0].parent.as_posix()}/', 1)
    encounter = tmp_path / "copy.toml"
    encounter.write_text(text)
    session = Session.open(encounter, dict(ALL_AI))
    _steps(session, 6)
    path = session.save(tmp_path / "fight.jsonl")
    encounter.write_text(text.replace("title = ", "title = 'Renamed' #", 1))
    from io import StringIO

    from game.runner import replay_save

    out, err = StringIO(), StringIO()
    assert replay_save(str(path), as_json=False, out=out, err=err) == 0
    assert "changed since the save (encounter file copy.toml)" in err.getvalue()
    assert out.getvalue().count("\n") == len(session.encounter.log) + 1


def test_replay_json_prints_what_run_json_prints(tmp_path: Path) -> None:
    from io import StringIO

    from game.runner import replay_save

    session = _opened(SAMPLES[1], 4)
    _steps(session, 20)
    path = session.save(tmp_path / "fight.jsonl")
    out = StringIO()
    assert replay_save(str(path), as_json=True, out=out, err=StringIO()) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert rows[0]["seed"] == 4 and rows[1]["seq"] == 1
    assert [{k: v for k, v in r.items() if k != "seq"} for r in rows[1:-1]] == [
        session.encounter.event_json(e) for e in session.encounter.log]


def test_the_temporary_data_folder_is_used_by_the_suite() -> None:
    from game.saves import data_dir

    assert str(data_dir()).startswith(tempfile.gettempdir())


def test_the_game_masters_undo_takes_back_any_number_of_steps_past_rolls(tmp_path: Path) -> None:
    """Issue 16 item 3: "GM undo built on replay: any number of steps back, including past rolls and
    reactions, clearly marked as the GM's (the players' undo keeps today's rule ...)"."""
    session = _opened(SAMPLES[0], 3)
    session.gm_name = "Cy"
    _steps(session, 40)
    steps_then, log_then = session.gm_steps(), _log(session)
    assert steps_then > 20
    _steps(session, 15)
    assert session.undo_refusal()  # a player could not take the AI's rolls back
    before = len(session.played)
    undo = session.gm_undo(session.gm_steps() - steps_then)
    assert undo.by == "Cy" and len(undo.taken) == before - len(session.played)
    assert _log(session) == log_then and session.gm_undos == [undo]
    assert any(type(p.command).__name__ != "Answer" for p in undo.taken)
    session.gm_undo(3)
    twin = _opened(SAMPLES[0], 3)
    for p in session.played:
        twin.replay(p.command, by=p.by)
    assert _log(twin) == _log(session)
    assert _log(session) == log_then[:len(_log(session))]
    with pytest.raises(Exception, match="cannot undo"):
        session.gm_undo(session.gm_steps() + 1)


def test_the_next_start_after_a_crash_names_the_newest_autosave(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from game import saves

    monkeypatch.setenv(saves.DATA_ENV, str(tmp_path))
    session = _opened(SAMPLES[0], 2)
    session.autosave = saves.autosaves_dir()
    saves.mark_running()
    assert saves.left_by_a_crash() is None  # this process is alive: its window is still open
    _steps(session, 60)
    (tmp_path / saves.RUNNING).write_text("999999999")  # a window whose process is gone
    found = saves.left_by_a_crash()
    assert found is not None and found == sorted(saves.autosaves_dir().glob("*.jsonl"))[-1]
    saves.mark_closed()
    assert saves.left_by_a_crash() is None


def test_a_game_masters_undo_is_in_the_save_and_a_resumed_fight_keeps_it(tmp_path: Path) -> None:
    """Issue 16 item 3 (GM undo, "clearly marked as the GM's") with item 1 (a save resumes "exactly where it
    stopped"): played, undone by the game master, saved and resumed, the fight has the same state, log and
    record of the undo (who, what was taken back), and plays on alike."""
    session = _opened(SAMPLES[0], 3)
    session.gm_name = "Cy"
    _steps(session, 30)
    session.gm_undo(4)
    _steps(session, 5)
    session.gm_undo(2)
    resumed = Session.resume(session.save(tmp_path / "fight.jsonl"))
    assert _log(resumed) == _log(session)
    assert resumed.encounter.turn_mark == session.encounter.turn_mark
    assert [(p.by, p.round, p.turn) for p in resumed.played] == [(p.by, p.round, p.turn) for p in session.played]
    assert [(u.by, [(p.by, p.round, p.turn, repr(p.command)) for p in u.taken]) for u in resumed.gm_undos] == \
        [(u.by, [(p.by, p.round, p.turn, repr(p.command)) for p in u.taken]) for u in session.gm_undos]
    assert len(resumed.gm_undos) == 2 and resumed.gm_undos[0].by == "Cy"
    assert resumed.save_bytes().split(b"\n")[1:] == session.save_bytes().split(b"\n")[1:]
    lines = [json.loads(line) for line in session.save_bytes().decode().splitlines()[1:]]
    assert [line for line in lines if "undo" in line] == [{"by": "Cy", "undo": len(u.taken), "gm": True}
                                                         for u in session.gm_undos]
    _steps(session, 10)
    _steps(resumed, 10)
    assert _log(resumed) == _log(session)


def test_an_undo_line_that_takes_back_more_than_was_given_is_refused_in_one_line(tmp_path: Path) -> None:
    session = _opened(SAMPLES[0], 3)
    session.gm_name = "Cy"
    _steps(session, 6)
    session.gm_undo(1)
    text = session.save(tmp_path / "good.jsonl").read_text()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text.replace('"undo":', '"undo":9', 1))
    with pytest.raises(SaveError) as caught:
        read_save(bad)
    assert str(caught.value).startswith(f"{bad}: line ") and ": undo: an undo of 9" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_format_1_save_without_undos_still_resumes(tmp_path: Path) -> None:
    session = _opened(SAMPLES[0], 5)
    _steps(session, 12)
    head, *rest = session.save_bytes().decode().splitlines()
    header = json.loads(head)
    header["format"] = 1
    del header["round"], header["saved"]
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join([json.dumps(header, separators=(",", ":")), *rest]) + "\n")
    resumed = Session.resume(old)
    assert _log(resumed) == _log(session) and read_save(old).header.round is None


def test_a_save_writes_each_command_once_however_often_it_saves(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Noted in session 4: "Each autosave recomputes digests of the whole log, so its cost grows with the
    fight". A session makes each command's line (its JSON and its events' digests) once, and a later save only
    the lines of what was given since."""
    import game.session

    session = _opened(SAMPLES[0], 3)
    session.autosave = tmp_path / "auto"
    made: list[str] = []
    real = game.session.command_line
    monkeypatch.setattr(game.session, "command_line", lambda *a: made.append(a[0]) or real(*a))
    _steps(session, 60)
    assert len(list((tmp_path / "auto").glob("*.jsonl"))) > 3  # several autosaves
    assert len(made) <= len(session.history)
    session.save(tmp_path / "last.jsonl")
    assert len(made) == len(session.history) == len(set(map(id, session.history)))
    session.save(tmp_path / "again.jsonl")
    assert len(made) == len(session.history)
    assert _log(Session.resume(tmp_path / "again.jsonl")) == _log(session)


def _player_moves(session: Session, player: str, count: int) -> int:
    """Up to ``count`` one-cell moves of the acting creature by ``player``, each one a player may undo."""
    from game.kernel.engine import Impossible
    from game.rulesets.seed000.commands import MoveCommand

    made = 0
    for _ in range(count):
        acting = session.encounter.acting
        assert acting is not None and session.acting_controller == player
        for cell in session.source.board.grid.neighbours(acting.cell):
            try:
                session.apply(MoveCommand(acting.id, cell), by=player)
            except Impossible:
                continue
            if session.undo_refusal():
                session.gm_undo(1)
                continue
            made += 1
            break
    return made


def test_a_players_undo_after_a_game_masters_undo_is_in_the_save_too(tmp_path: Path) -> None:
    """A player's undo of the last thing given drops it from the save (it revealed nothing); one of a command
    given before a game master's undo is a line of its own, so the resumed fight is the same."""
    session = Session.open(SAMPLES[0], {"heroes": "Ann", "monsters": AI})
    session.gm_name = "Cy"
    for _ in range(200):
        if session.acting_controller == "Ann":
            break
        session.step_ai()
    assert _player_moves(session, "Ann", 2) == 2
    given = len(session.history)
    session.undo()
    assert len(session.history) == given - 1  # dropped: nothing of it is kept
    assert _player_moves(session, "Ann", 1) == 1
    session.gm_undo(1)
    session.undo()  # Ann takes back her first move, given before the game master's undo
    assert [type(h).__name__ for h in session.history[-2:]] == ["Undone", "Undone"]
    text = session.save(tmp_path / "fight.jsonl").read_text()
    assert '{"by":"Cy","undo":1,"gm":true}' in text and '{"by":"Ann","undo":1,"gm":false}' in text
    resumed = Session.resume(tmp_path / "fight.jsonl")
    assert _log(resumed) == _log(session) and len(resumed.gm_undos) == 1
    assert [p.command for p in resumed.played] == [p.command for p in session.played]
    assert resumed.save_bytes().split(b"\n")[1:] == session.save_bytes().split(b"\n")[1:]
