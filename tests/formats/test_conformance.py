"""Every recorded game, spec case and game-option game of the bundled corpus (tests/conformance) replays exactly.

Each file is replayed from its `setup` block under the `boardgamers` variant;
the state is compared after every move (`trace`), at every round end
(`checkpoints`) and at the end (`final`). Rejection cases must refuse their
last move.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_rules.formats.replay import replay_file
from gaia_rules.rules import Engine
from gaia_rules.formats.corpus import corpus_dir, corpus_files

ROOT = Path(__file__).resolve().parents[2]
CORPUS = corpus_dir()
FILES = corpus_files("games") + corpus_files("spec") + corpus_files("variants") + corpus_files("regressions")


@pytest.fixture(scope="module")
def engine():
    return Engine()


def test_corpus_is_present():
    """The corpus ships inside the repository (tests/conformance): 38 games, 126 spec cases, 15 variant games,
    2 regression games."""
    assert len(corpus_files("games")) == 38
    assert len(corpus_files("spec")) == 126
    assert len(corpus_files("variants")) == 15
    assert [p.name for p in corpus_files("regressions")] == ["charge-order-lost-planet-4p.json",
                                                             "federation-join-group-4p.json"]


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
