"""What happens instead, for every gain a rule cuts short (issue 39, item 6; docs/effects.md).

Its slow tier: test_refusals.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.players import FastBot, play_game
from gaia_rules.setup import random_setup

from test_designer_constructs import engine
from test_refusals import REFUSALS

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("folder", sorted(REFUSALS))
def test_fast_bots_play_a_whole_game_with_each_refusal_design(folder):
    eng = engine(folder)
    setup = random_setup(eng.catalogue, 3, f"bots-{folder}", factions=REFUSALS[folder])
    end = play_game(eng, setup, [FastBot(i) for i in range(3)])
    assert end.ended and end.round == eng.catalogue.game["rounds"]
    assert all(p.final_scoring is not None for p in end.players)
