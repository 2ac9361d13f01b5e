"""Every recorded game and every spec case of shared/conformance replays exactly.

Each file is replayed from its `setup` block under the `boardgamers` variant;
the state is compared after every move (`trace`), at every round end
(`checkpoints`) and at the end (`final`). Rejection cases must refuse their
last move.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_rules.replay import replay_file
from gaia_rules.rules import Engine

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "conformance"
FILES = sorted(CORPUS.glob("*.json")) + sorted((CORPUS / "spec").glob("*.json"))


@pytest.fixture(scope="module")
def engine():
    return Engine()


def test_corpus_is_present():
    """The corpus ships beside the repository (../shared/conformance): 38 games and 126 spec cases."""
    assert len(list(CORPUS.glob("*.json"))) == 38
    assert len(list((CORPUS / "spec").glob("*.json"))) == 126


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_recorded_game_replays_exactly(engine, path):
    result = replay_file(engine, path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert result.first_divergence is None, str(result.first_divergence)
    assert result.checkpoints_matched == result.checkpoints_total
    if "expect_rejected" in record:
        assert result.expect_rejected_ok, f"the engine accepted {record['expect_rejected']['move']!r}"
    else:
        assert result.final_matched
