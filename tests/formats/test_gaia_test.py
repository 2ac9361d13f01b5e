"""`gaia test` (formats/testfile.py, testrun.py, faces/cli_designer.py): a test file passes when exactly its
expectations hold, fails at the line of the first that does not, and cannot run when it is malformed."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.formats.testrun import run_file

runner = CliRunner()

# seed 7: terrans (seat 1) hold a trading station on 1B2 and a mine on 3A3; 4A10 is a terra planet
# two hexes from 1B2 (a mine there needs 1 Q.I.C. of range); round 1 scores 5 VP per PI
POSITION = """\
players: 2
factions: [terrans, xenos]
seed: 7
seats:
  - resources: {c: 20, o: 10, k: 8, q: 1}
    power: {area1: 2, area2: 4, area3: 0}
    pieces: {1B2: ts, 3A3: m}
"""


def write_test(tmp_path: Path, moves: list[str], expect: str, position: str = "base.position.yaml") -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "base.position.yaml").write_text(POSITION, encoding="utf-8")
    listed = "\n".join(f"  - {m}" for m in moves)
    path = tmp_path / "t.test.yaml"
    path.write_text(f"content: []\nposition: {position}\nmoves:\n{listed}\nexpect:\n"
                    + textwrap.indent(textwrap.dedent(expect), "  "), encoding="utf-8")
    return path


# the expectations start on line 7 of the file (6 with one move)
PASSING = [
    (["build m 4A10"], "resources:\n  terrans: {c: -2, o: -1, q: -1}\npieces:\n  p1: {4A10: m}\n"),
    (["build PI 1B2"], "vp:\n  p1: 5\nresources:\n  p1: {c: -6, o: -4}\n"),
    (["build PI 1B2"], "vp:\n  p1: {round1: 5}\npieces:\n  p1: {1B2: PI}\n"),
    (["up terra"], "research:\n  p1: {terra: 1}\nresources:\n  p1: {k: -4, o: 2}\n"),
    (["burn 1"], "power:\n  p1: {area2: -2, area3: 1}\n"),
    (["build lab 1B2", "tech free1"], "tiles:\n  p1: [tech9]\nfired: [p1 tech standard]\nnot_fired: [research]\n"),
    (["build m 6B0"], "refused: cost\n"),
    (["build m 4A10"], "resources:\n  p2: {}\n"),
]


@pytest.mark.parametrize("moves, expect", PASSING)
def test_a_test_whose_expectations_hold_passes(tmp_path, moves, expect):
    outcome = run_file(write_test(tmp_path, moves, expect))
    assert outcome.passed, outcome.text()
    assert outcome.text() == f"pass  {tmp_path / 't.test.yaml'}"


@pytest.mark.parametrize("moves, expect, line, message", [
    (["build m 4A10"], "resources:\n  p1: {c: -2, o: -2, q: -1}\n", 7, "p1 resource o: expected -2, got -1"),
    (["build m 4A10"], "resources:\n  p1: {c: -2, o: -1}\n", 7, "p1 resource q: expected +0 (not named: unchanged), got -1"),
    (["build PI 1B2"], "vp:\n  p1: 4\n", 7, "p1 vp: expected +4, got +5 (by source: round1 +5)"),
    (["build PI 1B2"], "vp:\n  p1: {booster: 5}\n", 7, "p1 vp from booster: expected +5, got +0"),
    (["up terra"], "research:\n  p1: {terra: 2}\n", 7, "p1 research track terra: expected +2, got +1"),
    (["burn 1"], "power:\n  p1: {area2: -2}\n", 7, "p1 power area area3: expected +0 (not named: unchanged), got +1"),
    (["build m 4A10"], "pieces:\n  p1: {4A10: ts}\n", 7, "p1 piece on 4A10: expected ts, got m"),
    (["build PI 1B2"], "pieces:\n  p1: {}\n", 7, "p1 piece on 1B2: expected unchanged (ts, not named), got PI"),
    (["build lab 1B2", "tech free1"], "tiles:\n  p1: [tech8]\n", 8, "p1 tiles gained: expected ['tech8'], got ['tech9']"),
    (["build m 4A10"], "federation_tokens:\n  p1: [fed1]\n", 7, "p1 federation tokens gained: expected ['fed1'], got none"),
    (["build m 4A10"], "fired: [p2 build]\n", 6, "event 'p2 build': expected fired, got not fired"),
    (["build m 4A10"], "not_fired: [build m home]\n", 6, "event 'build m home': expected not fired, got fired 1 time (for p1)"),
    (["build m 6B0"], "refused: range\n", 6, "move 1 'build m 6B0' refused: expected rule range, got cost (2q needed, you have 1)"),
    (["build m 4A10"], "refused: cost\n", 6, "move 1 'build m 4A10': expected refused (rule cost), got accepted"),
    (["build m 6B0", "endturn"], "refused: cost\n", 4, "move 1 'build m 6B0' refused: 2q needed, you have 1 [cost]"),
])
def test_a_test_fails_at_the_line_of_the_first_difference(tmp_path, moves, expect, line, message):
    path = write_test(tmp_path, moves, expect)
    outcome = run_file(path)
    assert not outcome.passed and not outcome.error
    assert (outcome.line, outcome.message) == (line, message)
    assert outcome.text() == f"FAIL  {path}:{line}: {message}"


@pytest.mark.parametrize("moves, expect, position, message", [
    (["build m 4A10"], "resources:\n  p3: {c: 1}\n", "base.position.yaml", ":7:5: no seat 'p3' in this game"),
    (["build m 4A10"], "resources:\n  p1: {credits: 1}\n", "base.position.yaml", ":7:10: unknown resource 'credits'"),
    (["build m 4A10"], "fired: [p1 builds]\n", "base.position.yaml", ":6:11: unknown event 'builds' (did you mean 'build'?"),
    (["fly 4A10"], "resources:\n  p1: {}\n", "base.position.yaml", ":4:5: not a move: 'fly 4A10'"),
    (["build m 4A10"], "colour: red\n", "base.position.yaml", ":6:3: unknown key 'colour' in expect"),
    (["build m 4A10"], "refused: cost\n", "nowhere.position.yaml", ":2:11: no such position file"),
    (["build m 4A10"], "refused: cost\n", "{players: 2, round: 0}", "position.round: 0 is outside its declared range 1..100"),
    (["build m 4A10"], "refused: cost\n", "{players: 2, seats: [{pieces: {9Z9: m}}]}", "unknown hex '9Z9'"),
])
def test_a_test_file_that_cannot_run_is_an_error_at_its_line(tmp_path, moves, expect, position, message):
    outcome = run_file(write_test(tmp_path, moves, expect, position))
    assert outcome.error and not outcome.passed
    assert message in outcome.message, outcome.message
    assert outcome.text().startswith(f"ERROR {tmp_path / 't.test.yaml'}:")


def test_an_inline_position_is_read_as_a_position_file(tmp_path):
    inline = "{players: 2, factions: [terrans, xenos], seed: 7, seats: [{resources: {q: 0}, pieces: {1B2: m}}]}"
    outcome = run_file(write_test(tmp_path, ["build m 4A10"], "refused: cost\n", inline))
    assert outcome.passed, outcome.text()


# ------------------------------------------------------------------ the command

def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


def test_gaia_test_prints_one_line_per_test_and_exits_1_when_one_fails(tmp_path):
    good = write_test(tmp_path / "a", ["build m 4A10"], "resources:\n  p1: {c: -2, o: -1, q: -1}\n")
    bad = write_test(tmp_path / "b", ["build m 4A10"], "resources:\n  p1: {c: -3, o: -1, q: -1}\n")
    result = gaia("test", tmp_path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"pass  {good}", f"FAIL  {bad}:7: p1 resource c: expected -3, got -2",
                                          "2 tests: 1 passed, 1 failed."]
    assert gaia("test", good).exit_code == 0


def test_gaia_test_json_holds_each_outcome(tmp_path):
    path = write_test(tmp_path, ["build m 4A10"], "resources:\n  p1: {c: -3, o: -1, q: -1}\n")
    result = gaia("test", path, "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert (data["passed"], data["failed"], data["errors"]) == (0, 1, 0)
    assert data["tests"] == [{"file": str(path), "passed": False, "error": False, "line": 7, "expected": -3,
                              "got": -2, "message": "p1 resource c: expected -3, got -2", "description": ""}]


def test_gaia_test_exits_2_for_a_file_that_cannot_run_or_a_path_without_tests(tmp_path):
    path = write_test(tmp_path, ["fly"], "refused: cost\n")
    result = gaia("test", path)
    assert result.exit_code == 2 and result.output.startswith(f"ERROR {path}:4:5: ")
    (tmp_path / "empty").mkdir()
    result = gaia("test", tmp_path / "empty")
    assert result.exit_code == 2
    assert result.output.strip() == f"gaia test: {tmp_path / 'empty'}: holds no test files (*.test.yaml)"
    assert gaia("test", tmp_path / "nowhere").exit_code == 2


def test_gaia_validate_checks_test_and_position_files_named_or_in_a_folder(tmp_path):
    path = write_test(tmp_path, ["build m 4A10"], "fired: [p1 builds]\n")
    result = gaia("validate", path)
    assert result.exit_code == 1 and f"{path}:6:11: unknown event 'builds'" in result.output
    (tmp_path / "t.test.yaml").unlink()
    (tmp_path / "base.position.yaml").write_text(POSITION + "    booster: nope\n", encoding="utf-8")
    result = gaia("validate", tmp_path / "base.position.yaml")
    assert result.exit_code == 1 and "base.position.yaml:8:14: booster 'nope' is not in this game" in result.output
