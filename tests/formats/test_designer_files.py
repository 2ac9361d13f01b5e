"""Every designer's test file under tests/content/designer/ (`*.test.yaml`), run as `gaia test` runs it:
one pytest test per file, so a design whose exact effect changes fails here with the file and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from gaia_rules.formats.testfile import find_tests
from gaia_rules.formats.testrun import run_file

DESIGNS = Path(__file__).resolve().parents[1] / "content" / "designer"
FILES = find_tests([DESIGNS])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(DESIGNS)) for p in FILES])
def test_the_designs_test_file_passes(path):
    outcome = run_file(path)
    assert outcome.passed, outcome.text()


def test_every_design_folder_has_a_test_file_pinning_its_effect():
    folders = {p.name for p in DESIGNS.iterdir() if p.is_dir() and any(p.glob("*.yaml")) and p.name != "setups"}
    tested = {p.relative_to(DESIGNS).parts[0] for p in FILES}
    assert sorted(folders - tested) == []
