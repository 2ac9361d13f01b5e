"""Placement as data, for any piece (issue 31, item 4).

Its slow tier: test_placement_data.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.players import GreedyBot, RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

from test_placement_data import DESIGN

pytestmark = pytest.mark.slow


def test_the_outposts_design_plays_whole_bot_games_that_end_and_build_outposts():
    engine = Engine(default_catalogue([DESIGN]))
    for seed, bot, outposts in ((2, GreedyBot, 1), (6, GreedyBot, 2), (1, RandomBot, 0)):
        setup = random_setup(engine.catalogue, 3, f"outposts-{seed}", factions=["outposters", "terrans", "xenos"])
        end = play_game(engine, setup, [bot(f"outposts-{seed}-{p}") for p in range(3)])
        assert end.ended and end.round == engine.catalogue.game["rounds"]
        on_map = [n for n, h in end.board.items() if h.owner == 0 and h.piece == "op"]
        assert len(on_map) == outposts, seed
        assert all(engine.context(end).map.planet_at(end, n) == "gaia" for n in on_map)
