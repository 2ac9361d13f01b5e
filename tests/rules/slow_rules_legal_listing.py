"""Listing legal moves: moves listed without a trial (`certain`) are accepted by `apply`, and the

Its slow tier: test_rules_legal_listing.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.lab.bench import load_games
from gaia_rules.rules.legal import candidate_moves

from test_rules_legal_listing import CORPUS, SAMPLE, accepted, engine

pytestmark = pytest.mark.slow


def test_moves_listed_without_a_trial_are_accepted(engine):
    assert accepted(engine, load_games(SAMPLE), lambda pos: candidate_moves(engine, pos.state)[1]) > 5000


def test_every_listed_federation_is_accepted(engine):
    """Late-game listings: a tree that takes in buildings beside its satellites must still be the
    fewest satellites for every part of it that reaches the power value, or it is not listed."""
    def federations(pos):  # one token each: the token does not change the check
        if not 140 <= pos.move_index <= 210:
            return []
        return list({m.args[0]: m for m in engine.legal_moves(pos.state) if m.command == "federation"}.values())

    assert accepted(engine, load_games([CORPUS / "fixture-piling-song-3477.json"]), federations) > 100
