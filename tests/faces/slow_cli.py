"""The game commands of `gaia`: new, show, moves, move, undo, play, replay.

Its slow tier: test_cli.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from test_cli import gaia

pytestmark = pytest.mark.slow


def test_play_gives_the_search_bots_their_budget_and_refuses_it_for_other_bots():
    refused = gaia("play", "--players", "2", "--bot", "fast", "--think", "2", "--quiet")
    assert refused.exit_code == 2
    assert refused.stderr.strip() == "gaia play: --think and --iterations set the search bot's budget: " \
                                     "give them with --bot search"
    both = gaia("play", "--players", "2", "--bot", "search", "--think", "1", "--iterations", "5", "--quiet")
    assert (both.exit_code, both.stderr.strip()) == (2, "gaia play: give either --think or --iterations, not both")
    # no budget: the search bot plays its fast prior at once, a whole game in seconds
    searched = gaia("play", "--players", "2", "--bots", "2", "--seed", "7", "--bot", "search", "--iterations", "0",
                    "--quiet")
    assert searched.exit_code == 0 and "game over after" in searched.stdout
