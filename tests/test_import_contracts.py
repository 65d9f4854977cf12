"""The import contracts of ``pyproject.toml`` hold (issue 14 item 9; STYLE.md: imports point one way).

import-linter reads every import of the program, those inside functions and under ``TYPE_CHECKING``
too: nothing below the window imports pygame, pygame_gui, pytmx or the window; the packages are layered;
no package has an import circle (the window had ``table <-> preparation`` and ``table <-> script``, the
rules ``encounter <-> decisions <-> reactions <-> rulesets``); the kernel imports no ruleset; no ruleset
imports pygame or the window.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

LINT = ("import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))\n")


def lint(config: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on ``config`` in a fresh interpreter, from the repository's root."""
    return subprocess.run([sys.executable, "-c", LINT, str(config)], capture_output=True, text=True, cwd=REPO)


def test_the_import_contracts_hold() -> None:
    result = lint(REPO / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_contracts_the_issue_names_are_checked() -> None:
    """Nobody can keep the suite green by deleting a contract: the four that must hold are there, over
    the packages they name."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    contracts = {c["id"]: c for c in config["contracts"]}
    assert {"headless", "layers", "acyclic", "kernel", "rulesets-headless", "ui-generic-no-seed000"} <= set(contracts)
    headless = contracts["headless"]
    assert {"pygame", "pygame_gui", "pytmx"} <= set(headless["forbidden_modules"])
    assert {"game.rulesets", "game.grid", "game.board", "game.scenario", "game.session",
            "game.runner", "game.tiled", "game.kernel"} <= set(headless["source_modules"])
    assert contracts["acyclic"]["ancestors"] == ["game"]  # every package under it, the window's and the rules' too
    assert {"game.rulesets", "game.ui", "game.scenario", "game.session"} <= set(
        contracts["kernel"]["forbidden_modules"])  # the kernel imports no ruleset
    assert contracts["rulesets-headless"]["source_modules"] == ["game.rulesets"]
    generic = contracts["ui-generic-no-seed000"]  # the window's generic parts import no seed 000 (item 9)
    assert {"game.ui.table", "game.ui.overlays", "game.ui.animation", "game.ui.combat_log", "game.ui.modes",
            "game.ui.parts"} <= set(generic["source_modules"])
    assert "game.rulesets.seed000" in generic["forbidden_modules"]
    own = contracts["ui-seed000-own-ruleset"]  # the window's seed 000 parts import only their own ruleset
    others = sorted(f"game.rulesets.{p.name}" for p in (REPO / "game" / "rulesets").iterdir()
                    if (p / "__init__.py").is_file() and p.name != "seed000")
    assert own["source_modules"] == ["game.ui.rulesets.seed000"] and sorted(own["forbidden_modules"]) == others


def test_a_circle_through_a_type_checking_import_fails_the_check(tmp_path: Path) -> None:
    """The check has teeth, and sees what a run of the program cannot: a module that imports its importer
    only under ``TYPE_CHECKING`` (as ``game.ui.rulesets.seed000.preparation`` imported ``game.ui.table``) closes a circle."""
    toy = tmp_path / "toy"
    toy.mkdir()
    (toy / "__init__.py").write_text("")
    (toy / "table.py").write_text("def run() -> None:\n    from toy import panel\n")
    (toy / "panel.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy.table import run\n")
    config = tmp_path / "contracts.toml"
    config.write_text('[tool.importlinter]\nroot_package = "toy"\n\n[[tool.importlinter.contracts]]\n'
                      'name = "toy acyclic"\ntype = "acyclic_siblings"\nancestors = ["toy"]\n')
    result = subprocess.run([sys.executable, "-c", LINT, str(config)], capture_output=True, text=True,
                            cwd=tmp_path)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "BROKEN" in result.stdout
    assert ".table -> .panel" in result.stdout or ".panel -> .table" in result.stdout


def test_the_shared_mechanics_import_no_ruleset() -> None:
    """Issue 14 item 3: the mechanics several rules systems share (``game.mechanics``) are where rulesets opt
    in, so they import no ruleset, and sit in the layers between the rulesets and the Tiled reader."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    contracts = {c["id"]: c for c in config["contracts"]}
    assert contracts["mechanics"]["source_modules"] == ["game.mechanics"]
    assert {"game.rulesets", "game.ui", "game.scenario", "game.session"} <= set(
        contracts["mechanics"]["forbidden_modules"])
    layers = contracts["layers"]["layers"]
    assert layers.index("rulesets") < layers.index("mechanics") < layers.index("tiled")
    assert "game.mechanics" in contracts["headless"]["source_modules"]


def test_the_rulesets_that_exist_are_independent_of_each_other() -> None:
    """Issue 15: seed 003 "must go entirely through the kernel's seam": no ruleset imports another, and every
    ruleset package that exists is in the independence contract (import-linter refuses a missing one)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    contracts = {c["id"]: c for c in config["contracts"]}
    packages = sorted(f"game.rulesets.{p.name}" for p in (REPO / "game" / "rulesets").iterdir()
                      if (p / "__init__.py").is_file())
    assert contracts["rulesets-independent"]["type"] == "independence"
    assert sorted(contracts["rulesets-independent"]["modules"]) == packages
    assert "game.rulesets.seed003" in packages
