"""Research track specials: level-5 bonuses, income levels, the Lost Planet (components.md b, refnotes 5.6, 6).
"""
from __future__ import annotations

import pytest

from gaia_rules.state import FedTokenHeld, TechTileHeld
from rules_helpers import (ENGINE, WHEEL, clear, dist, finish_round, hexes, legal_texts, planet, play, put, refused,
                           set_player, set_turn, settle, start)

ME, YOU = 0, 1


@pytest.fixture(scope="module")
def base():
    return start(["terrans", "xenos"], seed="research", round_tiles=["score4"] * 6)


@pytest.fixture
def s(base):
    state = set_turn(clear(base.clone(), power=(2, 4, 0, 0), vp=20), ME)
    state.players[ME].fed_tokens = [FedTokenHeld("fed4", True)]  # pays for a top level
    return state


def test_gaia_level_5_gives_4_vp_plus_1_per_gaia_planet(s):
    for h in hexes(s, "gaia")[:2]:
        put(s, h, ME)
    put(s, hexes(s, "terra")[0], ME)
    s.players[ME].research["gaia"] = 4
    set_player(s, ME, knowledge=4)
    assert play(s, "p1 up gaia. endturn").players[ME].vp == 20 + 4 + 2


def test_economy_level_5_gives_6_credits_3_ore_charge_6_and_no_more_income(s):
    s.players[ME].research["eco"] = 4
    set_player(s, ME, knowledge=4, credits=0, ore=0, power=(6, 0, 0, 0))
    s = play(s, "p1 up eco. endturn")
    p = s.players[ME]
    assert (p.credits, p.ore) == (6, 3) and p.power == {"area1": 0, "area2": 6, "area3": 0, "gaia": 0}
    s = set_turn(s, ME)
    s.boosters_table = ["booster5", "booster6", "booster7"]
    set_player(s, ME, credits=0, ore=0)
    s = settle(finish_round(s))
    assert (s.players[ME].credits, s.players[ME].ore) == (0, 1)  # base income only


@pytest.mark.parametrize("level, credits, ore, charge", [(1, 2, 0, 1), (2, 2, 1, 2), (3, 3, 1, 3), (4, 4, 2, 4)])
def test_economy_income_by_level(s, level, credits, ore, charge):
    s.players[ME].research["eco"] = level
    s.boosters_table = ["booster3", "booster6", "booster7"]  # booster3: 2 credits, 1 Q.I.C.
    set_player(s, ME, credits=0, ore=0, power=(5, 0, 0, 0))
    s = settle(finish_round(s))
    p = s.players[ME]
    assert (p.credits, p.ore) == (credits + 2, ore + 1)
    assert p.power["area2"] == charge


@pytest.mark.parametrize("level, knowledge", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 0)])
def test_science_income_by_level(s, level, knowledge):
    s.players[ME].research["sci"] = level
    s.boosters_table = ["booster3", "booster6", "booster7"]
    set_player(s, ME, knowledge=0)
    s = settle(finish_round(s))
    assert s.players[ME].knowledge == knowledge + 1


def test_science_level_5_gives_9_knowledge(s):
    s.players[ME].research["sci"] = 4
    set_player(s, ME, knowledge=4)
    assert play(s, "p1 up sci. endturn").players[ME].knowledge == 9


def test_artificial_intelligence_level_5_gives_4_qic(s):
    s.players[ME].research["int"] = 4
    set_player(s, ME, knowledge=4, qic=0)
    assert play(s, "p1 up int. endturn").players[ME].qic == 4


def test_navigation_level_5_places_the_lost_planet(s):
    home = hexes(s, "terra")[0]
    put(s, home, ME)
    s.players[ME].research["nav"] = 4
    set_player(s, ME, knowledge=4, qic=0)
    s = play(s, "p1 up nav")
    assert s.pending[0].kind == "lostPlanet"
    assert refused(s, "p1 endturn")
    assert refused(s, f"p1 lostPlanet {hexes(s, 'oxide')[0]}").rule == "lost-planet"  # not empty space
    target = next(h for h in hexes(s, "empty") if dist(s, h, home) <= 4)
    after = play(s, f"p1 lostPlanet {target}. endturn")
    h = after.board[target]
    assert (h.owner, h.piece, planet(after, target)) == (ME, "m", "lost")
    p = after.players[ME]
    assert p.lost_planet == target and p.qic == 0  # no Q.I.C. at level 5, none for range (range 4)
    c = ENGINE.context(after)
    assert c.holdings.counter(after, ME, "planet-type") == 2  # the Lost Planet is its own type
    assert c.holdings.supply_used(after, ME, "m") == 1  # it takes no mine from the board


def test_lost_planet_mine_cannot_be_upgraded(s):
    lost = hexes(s, "empty")[0]
    put(s, lost, ME)
    s.hex(lost).planet = "lost"
    s.players[ME].lost_planet = lost
    assert refused(s, f"p1 build ts {lost}").rule == "upgrade"


def test_lost_planet_causes_charges(s):
    home = hexes(s, "terra")[0]
    put(s, home, ME)
    s.players[ME].research["nav"] = 4
    set_player(s, ME, knowledge=4)
    s = play(s, "p1 up nav")
    target, other = next((h, o) for h in hexes(s, "empty") if dist(s, h, home) <= 4
                         for o in hexes(s) if planet(s, o) in WHEEL and o != home and dist(s, h, o) <= 2)
    put(s, other, YOU, "ts")
    after = play(s, f"p1 lostPlanet {target}. endturn")
    assert legal_texts(after) == ["charge 2pw", "decline"]


def test_terraforming_level_5_token_counts_as_a_federation_token(s):
    s.setup.round_tiles = ["score4"] * 6
    s.players[ME].research["terra"] = 4
    token = s.terraforming_token
    set_player(s, ME, knowledge=4)
    after = play(s, "p1 up terra. endturn").players[ME]
    assert [t.tile for t in after.fed_tokens] == ["fed4", token]
    assert after.vp_sources.get("round1") == 5
    assert after.federations_formed == 0


def test_reaching_level_5_by_a_tech_tile_step_also_needs_a_green_token(s):
    s.players[ME].fed_tokens = []
    s.players[ME].research["sci"] = 4
    set_player(s, ME, qic=4)
    s = play(s, "p1 action qic1. tech free1")
    assert refused(s, "p1 up sci").rule == "research"


def test_advtech2_scores_2_vp_for_each_research_step_including_the_one_after_taking_it(s):
    s.setup.advanced_tiles["sci"] = "advtech2"
    p = s.players[ME]
    p.tech = [TechTileHeld("tech8", "free2")]
    p.research["sci"] = 4
    set_player(s, ME, qic=4, knowledge=4)
    after = play(s, "p1 action qic1. tech adv-sci. cover free2. up terra. endturn")
    assert after.players[ME].vp == 22
    after = play(set_turn(after, ME), "p1 up nav. endturn")
    assert after.players[ME].vp == 24


def test_lost_planet_cannot_go_on_a_hex_with_a_satellite(s):
    home = hexes(s, "terra")[0]
    put(s, home, ME)
    s.players[ME].research["nav"] = 4
    set_player(s, ME, knowledge=4)
    sat = next(h for h in hexes(s, "empty") if dist(s, h, home) <= 3)
    s.hex(sat).satellites, s.hex(sat).federations = [YOU], [YOU]
    s = play(s, "p1 up nav")
    assert refused(s, f"p1 lostPlanet {sat}").rule == "lost-planet"


def test_tech_tile_of_a_finished_track_leaves_a_step_to_decline(s):
    """As on the site: the tile's step is still asked for, and only `decline up` answers it."""
    s.players[ME].research["sci"] = 5
    set_player(s, ME, qic=4)
    after = play(s, "p1 action qic1. tech sci")
    assert [f.kind for f in after.pending] == ["up"]
    assert refused(after, "p1 endturn").rule == "sequence"
    assert play(after, "p1 decline up. endturn").players[ME].research["sci"] == 5
