"""Designs of issue 39 (tests/content/designer/v23-... and on), each YAML alone, played with its exact effect.

Its slow tier: test_designer_conditions.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.players import FastBot, play_game
from gaia_rules.setup import random_setup

from test_designer_constructs import engine, setup_of
from test_designer_conditions import GAMES, ISSUE_39

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("folder", ISSUE_39)
def test_fast_bots_play_a_whole_game_with_each_issue_39_design(folder):
    eng = engine(folder)
    if GAMES[folder] == "setup":   # its set-up file puts its tiles in the game
        setup = setup_of(eng, folder)
    else:
        setup = random_setup(eng.catalogue, len(GAMES[folder]), f"bots-{folder}", factions=GAMES[folder])
    end = play_game(eng, setup, [FastBot(i) for i in range(setup.players)])
    assert end.ended and end.round == eng.catalogue.game["rounds"]
    assert all(p.final_scoring is not None for p in end.players)
