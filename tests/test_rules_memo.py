"""The engine keeps each player's signature (what decides the statements they hold) while it works
on a state, and forgets it wherever the rules change holdings. With `Context.check_memo` every kept
signature is re-read and compared, so a rule change that forgot `holdings_changed` fails here.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from gaia_rules.players import RandomBot, play_game
from gaia_rules.formats.replay import replay_file
from gaia_rules.rules import Engine
from gaia_rules.rules.context import Context
from gaia_rules.setup import random_setup
from gaia_rules.formats.corpus import corpus_dir

CORPUS = corpus_dir()


@pytest.fixture
def checking(monkeypatch):
    monkeypatch.setattr(Context, "check_memo", True)
    return Engine()


def test_kept_signatures_are_never_stale_in_the_corpus(checking):
    files = sorted(CORPUS.glob("*.json")) + sorted((CORPUS / "spec").glob("*.json"))
    assert len(files) == 164
    for path in files:
        result = replay_file(checking, path)  # a stale signature raises AssertionError
        assert result.first_divergence is None, f"{path.name}: {result.first_divergence}"


@pytest.mark.parametrize("players", (2, 3, 4))
def test_kept_signatures_are_never_stale_in_random_games(checking, players):
    for g in range(3):
        seed = f"memo-{players}-{g}"
        state = play_game(checking, random_setup(checking.catalogue, players, seed),
                          [RandomBot(f"{seed}/{i}") for i in range(players)])
        assert state.ended


def test_a_forgotten_holdings_change_is_caught(checking):
    """The check itself can fail: change a booster behind the engine's back inside a kept scope."""
    state = checking.new_game(random_setup(checking.catalogue, 2, "memo-stale"))
    bots = [RandomBot("a"), RandomBot("b")]
    while state.phase != "actions":
        _, state = bots[checking.to_move(state)].play(checking, state)
    ctx = checking.context(state)
    with ctx.remembering(state):
        ctx.held(state, 0)
        state.players[0].booster = next(b for b in state.boosters_table)
        with pytest.raises(AssertionError, match="holdings_changed"):
            ctx.held(state, 0)
