"""Set-up placements as data (docs/content.md, "Set-up placements"): which piece each faction places,

Its slow tier: test_setup_order.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.players import RandomBot, play_game
from gaia_rules.setup import random_setup

from test_setup_order import design

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("players", [2, 4])
def test_the_lab_first_design_plays_to_the_end(design, players):
    others = ["terrans", "hadsch-hallas", "ambas"][: players - 1]
    setup = random_setup(design.catalogue, players, 7, factions=["lab-settlers", *others])
    end = play_game(design, setup, [RandomBot(i) for i in range(players)])
    assert end.ended and end.round == design.catalogue.game["rounds"]


def test_in_bot_games_the_design_places_its_lab_first_and_earns_its_knowledge(design):
    for seed in range(1, 4):
        setup = random_setup(design.catalogue, 3, seed, factions=["terrans", "lab-settlers", "hadsch-hallas"])
        state = design.new_game(setup)
        bots = [RandomBot(seed * 10 + i) for i in range(3)]
        placed = []
        while state.phase in ("setup", "boosters"):
            p = design.to_move(state)
            move, state = bots[p].play(design, state)
            if move.command == "build":
                placed.append((move.player, move.args[0]))
        assert placed == [(0, "m"), (1, "lab"), (2, "m"), (2, "m"), (1, "m"), (0, "m")]
        ctx = design.context(state)
        assert ctx.holdings.count(state, 1, "lab") == 1 and ctx.holdings.count(state, 1, "m") == 1
