"""The shared content-file helpers (game/content_files.py): what the seed 003 loader needs of them beyond
seed 000's use (a cap on the files read from a folder, list-length errors, fields known by their alias),
with seed 000's use unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.content_files import FileReport, content_files, explain
from game.errors import ContentError


def _folder(tmp_path: Path, count: int) -> Path:
    for i in range(count):
        (tmp_path / f"f{i}.toml").write_text("")
    (tmp_path / ".hidden.toml").write_text("")
    return tmp_path


def test_a_folder_with_more_files_than_the_cap_is_read_up_to_it_and_said_so(tmp_path: Path) -> None:
    problems: list[ContentError] = []
    files = content_files([_folder(tmp_path, 3)], 2, problems)
    assert [f.name for f in files] == ["f0.toml", "f1.toml"]
    (problem,) = problems
    assert "holds 3 content files; at most 2 are read from one folder" in str(problem)


def test_without_a_cap_every_file_is_read_in_name_order(tmp_path: Path) -> None:
    files = content_files([_folder(tmp_path, 3), tmp_path / "f0.toml"])
    assert [f.name for f in files] == ["f0.toml", "f1.toml", "f2.toml", "f0.toml"]


class _Inner(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    class_name: str = Field("", alias="class")
    tags: Annotated[list[str], Field(min_length=1, max_length=2)] = ["a"]


class _Outer(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    inner: list[_Inner]


def _errors(value: object) -> list[str]:
    try:
        _Outer.model_validate(value)
    except ValidationError as exc:
        return [explain(_Outer, e) for e in exc.errors()]
    return []


def test_list_lengths_are_said_in_a_game_masters_words() -> None:
    assert _errors({"inner": [{"tags": ["a", "b", "c"]}]}) == ["holds at most 2 items"]
    assert _errors({"inner": [{"tags": []}]}) == ["needs at least 1 item(s)"]


def test_an_unknown_field_suggests_the_name_written_in_files_not_the_python_name() -> None:
    assert _errors({"inner": [{"clas": "x"}]}) == ["unknown field (did you mean 'class'?)"]


def test_a_files_report_names_the_file_entry_and_field_and_caps_schema_errors_when_asked() -> None:
    bad = {"inner": [{"tags": []}, {"tags": []}, {"tags": []}]}
    report = FileReport("mine.toml", [])
    assert report.validate(_Outer, bad, "creature 'x'", "powers.p") is None
    assert [str(p) for p in report.problems][0] == ("mine.toml: creature 'x', field 'powers.p.inner[0].tags': "
                                                     "needs at least 1 item(s)")
    assert len(report.problems) == 3
    capped = FileReport("mine.toml", [])
    assert capped.validate(_Outer, bad, "creature 'x'", max_errors=2) is None
    assert len(capped.problems) == 2
