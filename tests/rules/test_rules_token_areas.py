"""Printed rules: the player chooses the areas of the tokens a Gaia Project or satellites take.

The site's engine takes them from area I first (`token_discard_order: lowest-first`, the
`boardgamers` variant); the printed rules leave the choice to the player (`choice`).
"""
from __future__ import annotations

import pytest

from gaia_rules.rules import Engine, IllegalMoveError, Move
from gaia_rules.setup import random_setup


def _gaia_project_position(variant: str):
    engine = Engine()
    setup = random_setup(engine.catalogue, 2, "areas", variant=variant, factions=["terrans", "xenos"])
    state = engine.new_game(setup)
    ctx = engine.context(state)
    # play set-up quickly: first legal move until the action phase
    while state.phase != "actions":
        state = engine.apply(state, engine.legal_moves(state)[0])
    p = next(i for i, pl in enumerate(state.players) if pl.faction == "terrans")
    state.current = p
    player = state.players[p]
    player.qic = 10  # reach any Transdim planet
    player.power.update({"area1": 3, "area2": 5, "area3": 0, "gaia": 0})
    target = next(h.name for h in ctx.map.hexes.values() if h.planet == "transdim")
    return engine, state, p, target


def test_printed_rules_let_the_player_choose_the_areas_of_a_gaia_project():
    engine, state, p, target = _gaia_project_position("rules")
    after = engine.apply(state, Move(p, "build", ("gf", target)))
    assert after.pending[0].kind == "areas"
    # 6 tokens from 3 in area I and 5 in area II
    assert after.pending[0].data["options"] == ["area1=1,area2=5", "area1=2,area2=4", "area1=3,area2=3"]
    done = engine.apply(after, Move(p, "areas", ("area1=1,area2=5",)))
    assert done.players[p].power == {"area1": 2, "area2": 0, "area3": 0, "gaia": 6}


def test_an_area_split_that_is_not_offered_is_refused():
    engine, state, p, target = _gaia_project_position("rules")
    after = engine.apply(state, Move(p, "build", ("gf", target)))
    with pytest.raises(IllegalMoveError):
        engine.apply(after, Move(p, "areas", ("area1=6",)))


def test_the_site_takes_area_one_first():
    engine, state, p, target = _gaia_project_position("boardgamers")
    done = engine.apply(state, Move(p, "build", ("gf", target)))
    assert done.players[p].power == {"area1": 0, "area2": 2, "area3": 0, "gaia": 6}
