"""Designs of issue 31 (tests/content/designer/v9-... to v22-...), each YAML alone, played with its exact effect.

Its slow tier: test_designer_constructs.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.players import FastBot, play_game
from gaia_rules.setup import random_setup

from test_designer_constructs import GAMES, NEW, engine, setup_of

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("folder", NEW)
def test_fast_bots_play_a_whole_game_with_each_design(folder):
    eng = engine(folder)
    how = GAMES[folder]
    if how[0] == "setup":
        setup = setup_of(eng, folder)
    else:
        setup = random_setup(eng.catalogue, len(how[0]), f"bots-{folder}", variant=how[1] if len(how) > 1 else "rules",
                             factions=how[0])
    end = play_game(eng, setup, [FastBot(i) for i in range(setup.players)])
    assert end.ended and end.round == eng.catalogue.game["rounds"]
    assert all(p.final_scoring is not None for p in end.players)
