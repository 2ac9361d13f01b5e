"""Main actions and free actions: their exact costs and effects.

Numbers from the component facts (components sheet, sections b, c, h) and the
rulebook. Each test builds its position on a cleared board
(tests/rules_helpers.py) so the pieces are exactly the ones it places.
"""
from __future__ import annotations

import math

import pytest

from gaia_rules.rules import IllegalMoveError

from rules_helpers import (near, ENGINE, WHEEL, area_answers, clear, dist, find, finish_round, hexes, legal_texts, moves_of,
                           planet, play, put, refused, set_player, set_turn, settle, start, take_areas, type_at_steps)

TERRANS, XENOS = 0, 1
PLANETS = tuple(WHEEL)


@pytest.fixture(scope="module")
def base():
    # round 1 scores federations only, so building gives no round VP here
    return start(["terrans", "xenos"], seed="actions",
                 round_tiles=["score4", "score1", "score2", "score3", "score5", "score6"])


@pytest.fixture
def s(base):
    state = clear(base.clone())
    return set_turn(state, TERRANS)



def resources(p):
    return (p.credits, p.ore, p.knowledge, p.qic)


# ------------------------------------------------------------------ build a mine

def test_mine_on_home_planet_costs_2_credits_and_1_ore(s):
    target, origin = near(s, "terra", 1)
    put(s, origin, TERRANS)
    after = play(s, f"p1 build m {target}. endturn")
    assert resources(after.players[TERRANS]) == (15 - 2, 5 - 1, 5, 2)
    assert (after.board[target].owner, after.board[target].piece) == (TERRANS, "m")


@pytest.mark.parametrize("level, per_step", [(0, 3), (1, 3), (2, 2), (3, 1)])
@pytest.mark.parametrize("n_steps", [1, 2, 3])
def test_mine_terraforming_ore_by_terraforming_level(s, level, per_step, n_steps):
    kind = type_at_steps("terra", n_steps)
    target, origin = near(s, kind, 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, ore=15)
    s.players[TERRANS].research["terra"] = level
    after = play(s, f"p1 build m {target}. endturn")
    assert after.players[TERRANS].ore == 15 - 1 - n_steps * per_step
    assert after.players[TERRANS].credits == 15 - 2


def test_mine_refused_when_terraforming_ore_is_short(s):
    target, origin = near(s, type_at_steps("terra", 3), 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, ore=9)  # 1 + 3 x 3 = 10 needed
    err = refused(s, f"p1 build m {target}")
    assert err.rule == "cost"


def test_mine_on_gaia_planet_costs_one_qic_and_no_terraforming(s):
    target, origin = near(s, "gaia", 2)
    put(s, origin, TERRANS)
    s.players[TERRANS].research["nav"] = 2  # range 2: no Q.I.C. for distance
    after = play(s, f"p1 build m {target}. endturn")
    assert resources(after.players[TERRANS]) == (13, 4, 5, 2 - 1)


def test_mine_on_gaia_planet_refused_without_qic(s):
    target, origin = near(s, "gaia", 2)
    put(s, origin, TERRANS)
    s.players[TERRANS].research["nav"] = 2
    set_player(s, TERRANS, qic=0)
    assert refused(s, f"p1 build m {target}").rule == "cost"


@pytest.mark.parametrize("d, nav, qic", [(1, 0, 0), (2, 0, 1), (3, 0, 1), (4, 0, 2), (5, 0, 2),
                                         (2, 2, 0), (3, 2, 1), (4, 2, 1), (4, 4, 1), (5, 4, 1)])
def test_range_costs_one_qic_per_two_extra_distance(s, d, nav, qic):
    # navigation: level 0-1 range 1, level 2-3 range 2, level 4 range 3
    target, origin = near(s, "terra", d)
    put(s, origin, TERRANS)
    s.players[TERRANS].research["nav"] = nav
    set_player(s, TERRANS, qic=3)
    after = play(s, f"p1 build m {target}. endturn")
    assert after.players[TERRANS].qic == 3 - qic
    rng = {0: 1, 2: 2, 4: 3}[nav]
    assert qic == max(0, math.ceil((d - rng) / 2))


def test_range_is_measured_from_the_nearest_own_planet(s):
    target, far, close = find(s, lambda t, a, b: planet(s, a) in PLANETS and planet(s, b) in PLANETS
                              and dist(s, t, a) == 5 and dist(s, t, b) == 3, "terra", None, None)
    put(s, far, TERRANS)
    put(s, close, TERRANS)
    set_player(s, TERRANS, qic=3)
    after = play(s, f"p1 build m {target}. endturn")
    assert after.players[TERRANS].qic == 3 - 1


def test_mine_refused_when_range_qic_is_short(s):
    target, origin = near(s, "terra", 5)  # 2 Q.I.C. needed
    put(s, origin, TERRANS)
    set_player(s, TERRANS, qic=1)
    assert refused(s, f"p1 build m {target}").rule == "cost"


def test_mine_refused_on_an_occupied_planet(s):
    target, origin = near(s, "terra", 1)
    put(s, origin, TERRANS)
    put(s, target, XENOS)
    assert refused(s, f"p1 build m {target}").rule == "occupied"


def test_mine_refused_on_transdim_and_empty_space(s):
    target, origin = near(s, "transdim", 1)
    put(s, origin, TERRANS)
    refused(s, f"p1 build m {target}")
    space = next(h for h in hexes(s, "empty") if dist(s, h, origin) == 1)
    refused(s, f"p1 build m {space}")


def test_mine_supply_is_eight(s):
    planets = [h for k in PLANETS for h in hexes(s, k)]
    for h in planets[:8]:
        put(s, h, TERRANS)
    s.players[TERRANS].research["nav"] = 4
    set_player(s, TERRANS, qic=10, ore=15)
    assert refused(s, f"p1 build m {planets[8]}").rule == "supply"
    put(s, planets[7], None, None)
    play(s, f"p1 build m {planets[8]}. endturn")


def test_one_main_action_per_turn(s):
    target, origin = near(s, "terra", 1)
    put(s, origin, TERRANS)
    err = refused(s, f"p1 build m {target}. action power4")
    assert err.rule == "one-main-action"


def test_endturn_needs_a_main_action(s):
    assert refused(s, "p1 endturn").rule == "main-action"


def test_turn_passes_to_the_next_player_after_endturn(s):
    target, origin = near(s, "terra", 1)
    put(s, origin, TERRANS)
    after = play(s, f"p1 build m {target}")
    assert ENGINE.to_move(after) == TERRANS
    after = play(after, "p1 endturn")
    assert ENGINE.to_move(after) == XENOS


def test_a_refused_move_changes_nothing(s):
    target, origin = near(s, type_at_steps("terra", 3), 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, ore=5)  # 1 + 9 ore needed
    before = s.to_json()
    with pytest.raises(IllegalMoveError):
        ENGINE.apply(s, moves_of(s, f"p1 build m {target}")[0])
    assert s.to_json() == before


# ------------------------------------------------------------------ Gaia Project

@pytest.mark.parametrize("gaia_level, formers, cost", [(1, 1, 6), (2, 1, 6), (3, 2, 4), (4, 3, 3), (5, 3, 3)])
def test_gaia_project_moves_6_4_3_tokens_to_the_gaia_area(s, gaia_level, formers, cost):
    target, origin = near(s, "transdim", 1)
    put(s, origin, TERRANS)
    p = s.players[TERRANS]
    p.research["gaia"], p.gaiaformers = gaia_level, formers
    set_player(s, TERRANS, power=(9, 0, 0, 0))  # one way to take the tokens: no question
    after = play(s, f"p1 build gf {target}. endturn")
    q = after.players[TERRANS]
    assert q.power == {"area1": 9 - cost, "area2": 0, "area3": 0, "gaia": cost}
    assert resources(q) == resources(p)  # nothing else is paid
    assert (after.board[target].owner, after.board[target].piece) == (TERRANS, "gf")


def test_gaia_project_tokens_come_from_the_areas_the_player_chooses(s):
    target, origin = near(s, "transdim", 1)
    put(s, origin, TERRANS)
    s.players[TERRANS].research["gaia"], s.players[TERRANS].gaiaformers = 1, 1
    set_player(s, TERRANS, power=(3, 4, 2, 0))
    s = play(s, f"p1 build gf {target}")
    answers = area_answers(s)
    assert all(sum(a.values()) == 6 for a in answers.values())
    assert {"area1": 3, "area2": 3} in answers.values() and {"area2": 4, "area3": 2} in answers.values()
    after = play(take_areas(s, TERRANS, area2=4, area3=2), "p1 endturn")
    assert after.players[TERRANS].power == {"area1": 3, "area2": 0, "area3": 0, "gaia": 6}


def test_gaia_project_takes_tokens_from_area_one_first_under_the_site_engine():
    state = start(["terrans", "xenos"], seed="actions", variant="boardgamers")
    s = set_turn(clear(state), TERRANS)
    target, origin = near(s, "transdim", 1)
    put(s, origin, TERRANS)
    s.players[TERRANS].research["gaia"], s.players[TERRANS].gaiaformers = 1, 1
    set_player(s, TERRANS, power=(4, 3, 2, 0))
    after = play(s, f"p1 build gf {target}. endturn")
    assert after.players[TERRANS].power == {"area1": 0, "area2": 1, "area3": 2, "gaia": 6}


def test_gaia_project_refused_without_a_free_gaiaformer(s):
    target, origin = near(s, "transdim", 1)
    put(s, origin, TERRANS)
    p = s.players[TERRANS]
    p.research["gaia"], p.gaiaformers = 1, 0
    assert refused(s, f"p1 build gf {target}").rule == "supply"   # a Gaiaformer's copies are those gained


def test_gaia_project_refused_with_too_few_tokens(s):
    target, origin = near(s, "transdim", 1)
    put(s, origin, TERRANS)
    p = s.players[TERRANS]
    p.research["gaia"], p.gaiaformers = 1, 1
    set_player(s, TERRANS, power=(1, 2, 2, 0))
    assert refused(s, f"p1 build gf {target}").rule == "gaia-project"


def test_gaia_project_needs_a_transdim_planet(s):
    target, origin = near(s, "terra", 1)
    put(s, origin, TERRANS)
    s.players[TERRANS].gaiaformers = 1
    refused(s, f"p1 build gf {target}")


def test_transdim_becomes_gaia_next_round_and_its_mine_costs_no_qic(s):
    target, origin = near(s, "transdim", 3)
    put(s, origin, TERRANS)
    p = s.players[TERRANS]
    p.research["gaia"], p.gaiaformers = 1, 1
    set_player(s, TERRANS, qic=1, power=(6, 0, 0, 0))  # one way to pay: no question
    s = play(s, f"p1 build gf {target}. endturn")
    assert s.players[TERRANS].qic == 0  # distance 3 cost one range Q.I.C.
    assert planet(s, target) == "transdim"
    s = play(s, f"p2 pass {s.boosters_table[0]}", f"p1 pass {s.boosters_table[1]}")
    s = settle(s)
    assert s.round == 2 and planet(s, target) == "gaia"
    p = s.players[TERRANS]
    assert p.power["gaia"] == 0
    set_player(s, TERRANS, credits=10, ore=3, qic=0)
    set_turn(s, TERRANS)
    s = play(s, f"p1 build m {target}. endturn")
    q = s.players[TERRANS]
    assert (q.credits, q.ore, q.qic) == (8, 2, 0)
    assert s.board[target].piece == "m"
    # the Gaiaformer is free again
    assert q.gaiaformers == 1 and not any(h.piece == "gf" for h in s.board.values())


# ------------------------------------------------------------------ upgrades

def test_trading_station_costs_6_credits_2_ore_when_isolated(s):
    mine = hexes(s, "terra")[0]
    put(s, mine, TERRANS)
    after = play(s, f"p1 build ts {mine}. endturn")
    assert resources(after.players[TERRANS])[:2] == (15 - 6, 5 - 2)
    assert after.board[mine].piece == "ts"


@pytest.mark.parametrize("d, cheap", [(1, True), (2, True), (3, False)])
def test_trading_station_costs_3_credits_near_an_opponent_within_distance_2(s, d, cheap):
    mine, other = find(s, lambda a, b: dist(s, a, b) == d, "terra", None)
    put(s, mine, TERRANS)
    put(s, other, XENOS)
    after = play(s, f"p1 build ts {mine}. endturn")
    assert after.players[TERRANS].credits == 15 - (3 if cheap else 6)
    assert after.players[TERRANS].ore == 3


def test_opponent_gaiaformer_does_not_make_the_trading_station_cheap(s):
    mine, gf = find(s, lambda a, b: dist(s, a, b) <= 2, "terra", "transdim")
    put(s, mine, TERRANS)
    put(s, gf, XENOS, "gf")
    s.players[XENOS].gaiaformers = 1
    after = play(s, f"p1 build ts {mine}. endturn")
    assert after.players[TERRANS].credits == 15 - 6


def test_own_structures_do_not_make_the_trading_station_cheap(s):
    mine, other = find(s, lambda a, b: dist(s, a, b) == 1, "terra", None)
    put(s, mine, TERRANS)
    put(s, other, TERRANS)
    after = play(s, f"p1 build ts {mine}. endturn")
    assert after.players[TERRANS].credits == 15 - 6


def test_research_lab_costs_5_credits_3_ore_and_gives_a_tech_tile(s):
    ts = hexes(s, "terra")[0]
    put(s, ts, TERRANS, "ts")
    s = play(s, f"p1 build lab {ts}")
    p = s.players[TERRANS]
    assert resources(p)[:2] == (10, 2)
    assert s.pending and s.pending[0].kind == "tech"
    assert refused(s, "p1 endturn")  # the tile must be taken first
    tile = s.setup.tech_tiles["free2"]
    s = play(s, "p1 tech free2")
    assert [t.tile for t in s.players[TERRANS].tech] == [tile]
    assert s.tech_supply["free2"] == 1  # 2 copies in a 2-player game, one taken
    assert s.pending[0].kind == "up" and s.pending[0].data["track"] == "any"


def test_tech_tile_under_a_track_advances_only_that_track(s):
    ts = hexes(s, "terra")[0]
    put(s, ts, TERRANS, "ts")
    s = play(s, f"p1 build lab {ts}. tech eco")
    assert refused(s, "p1 up sci").rule == "up"
    s = play(s, "p1 up eco. endturn")
    assert s.players[TERRANS].research["eco"] == 1


def test_the_free_research_step_of_a_tech_tile_may_be_declined(s):
    ts = hexes(s, "terra")[0]
    put(s, ts, TERRANS, "ts")
    s = play(s, f"p1 build lab {ts}. tech free1. decline. endturn")
    assert sum(s.players[TERRANS].research.values()) == 1  # only the Terrans' starting gaia level


def test_a_tech_tile_type_cannot_be_owned_twice(s):
    ts = hexes(s, "terra")[0]
    put(s, ts, TERRANS, "ts")
    from gaia_rules.state import TechTileHeld
    s.players[TERRANS].tech.append(TechTileHeld(s.setup.tech_tiles["free1"], "free1"))
    err = refused(s, f"p1 build lab {ts}. tech free1")
    assert err.rule == "tech"


def test_planetary_institute_costs_6_credits_4_ore(s):
    ts = hexes(s, "terra")[0]
    put(s, ts, TERRANS, "ts")
    after = play(s, f"p1 build PI {ts}. endturn")
    assert resources(after.players[TERRANS])[:2] == (9, 1)
    assert after.board[ts].piece == "PI"
    assert not after.pending


def test_second_planetary_institute_is_refused(s):
    a, b = hexes(s, "terra")[:2]
    put(s, a, TERRANS, "PI")
    put(s, b, TERRANS, "ts")
    assert refused(s, f"p1 build PI {b}").rule == "supply"


@pytest.mark.parametrize("academy", ["ac1", "ac2"])
def test_academy_costs_6_credits_6_ore_and_gives_a_tech_tile(s, academy):
    lab = hexes(s, "terra")[0]
    put(s, lab, TERRANS, "lab")
    set_player(s, TERRANS, ore=7)
    s = play(s, f"p1 build {academy} {lab}")
    assert resources(s.players[TERRANS])[:2] == (9, 1)
    assert s.pending[0].kind == "tech"


def test_upgrade_refused_from_the_wrong_structure(s):
    m = hexes(s, "terra")[0]
    put(s, m, TERRANS)
    assert refused(s, f"p1 build lab {m}").rule == "upgrade"
    assert refused(s, f"p1 build PI {m}").rule == "upgrade"


def test_trading_station_supply_is_four(s):
    for h in hexes(s, "terra")[:4]:
        put(s, h, TERRANS, "ts")
    m = hexes(s, "oxide")[0]
    put(s, m, TERRANS)
    assert refused(s, f"p1 build ts {m}").rule == "supply"


# ------------------------------------------------------------------ research

def test_research_costs_4_knowledge_and_raises_one_level(s):
    set_player(s, TERRANS, knowledge=6)
    after = play(s, "p1 up sci. endturn")
    p = after.players[TERRANS]
    assert p.knowledge == 2 and p.research["sci"] == 1


def test_research_refused_with_3_knowledge(s):
    set_player(s, TERRANS, knowledge=3)
    assert refused(s, "p1 up sci").rule == "cost"


@pytest.mark.parametrize("track", ["terra", "nav", "int", "gaia", "eco", "sci"])
def test_level_3_of_every_track_charges_3_power(s, track):
    s.players[TERRANS].research[track] = 2
    set_player(s, TERRANS, knowledge=4, power=(3, 1, 0, 0))
    after = play(s, f"p1 up {track}. endturn")
    assert after.players[TERRANS].power == {"area1": 0, "area2": 4, "area3": 0, "gaia": 0}


@pytest.mark.parametrize("track, level, gained", [
    ("terra", 1, {"ore": 2}), ("terra", 4, {"ore": 2}),
    ("nav", 1, {"qic": 1}), ("nav", 3, {"qic": 1}),
    ("int", 1, {"qic": 1}), ("int", 2, {"qic": 1}), ("int", 3, {"qic": 2}), ("int", 4, {"qic": 2}),
    ("sci", 1, {}), ("eco", 1, {}),
])
def test_research_level_immediate_bonus(s, track, level, gained):
    s.players[TERRANS].research[track] = level - 1
    set_player(s, TERRANS, knowledge=4, power=(0, 0, 0, 0))
    before = s.players[TERRANS]
    after = play(s, f"p1 up {track}. endturn").players[TERRANS]
    for key in ("credits", "ore", "knowledge", "qic"):
        want = getattr(before, key) + gained.get(key, 0) - (4 if key == "knowledge" else 0)
        assert getattr(after, key) == want, key


def test_gaia_level_2_gives_3_power_tokens(s):
    s.players[TERRANS].research["gaia"] = 1
    set_player(s, TERRANS, knowledge=4, power=(0, 1, 0, 0))
    after = play(s, "p1 up gaia. endturn")
    assert after.players[TERRANS].power["area1"] == 3


def test_top_level_needs_a_green_federation_token_which_is_flipped(s):
    from gaia_rules.state import FedTokenHeld
    s.players[TERRANS].research["sci"] = 4
    set_player(s, TERRANS, knowledge=4)
    assert refused(s, "p1 up sci").rule == "research"
    s.players[TERRANS].fed_tokens = [FedTokenHeld("fed1", False)]
    assert refused(s, "p1 up sci").rule == "research"  # the 12 VP token is grey
    s.players[TERRANS].fed_tokens = [FedTokenHeld("fed1", False), FedTokenHeld("fed4", True)]
    after = play(s, "p1 up sci. endturn")
    p = after.players[TERRANS]
    assert p.research["sci"] == 5
    assert [t.green for t in p.fed_tokens] == [False, False]
    assert p.knowledge == 0 + 9  # science 5: 9 knowledge at once


def test_top_level_can_be_reached_by_only_one_player(s):
    from gaia_rules.state import FedTokenHeld
    s.players[XENOS].research["sci"] = 5
    s.players[TERRANS].research["sci"] = 4
    s.players[TERRANS].fed_tokens = [FedTokenHeld("fed4", True)]
    set_player(s, TERRANS, knowledge=4)
    assert refused(s, "p1 up sci").rule == "research"


def test_no_research_beyond_level_5(s):
    s.players[TERRANS].research["sci"] = 5
    set_player(s, TERRANS, knowledge=10)
    assert refused(s, "p1 up sci").rule == "research"


def test_terraforming_5_gives_the_federation_token_lying_there(s):
    from gaia_rules.state import FedTokenHeld
    token = s.terraforming_token
    s.players[TERRANS].research["terra"] = 4
    s.players[TERRANS].fed_tokens = [FedTokenHeld("fed6", True)]
    set_player(s, TERRANS, knowledge=4)
    after = play(s, "p1 up terra. endturn")
    p = after.players[TERRANS]
    assert [t.tile for t in p.fed_tokens] == ["fed6", token]
    assert p.fed_tokens[0].green is False  # flipped before the new one arrives
    assert after.terraforming_token is None


# ------------------------------------------------------------------ power and Q.I.C. actions

@pytest.mark.parametrize("action, cost, gains", [
    ("power1", 7, {"knowledge": 3}), ("power3", 4, {"ore": 2}), ("power4", 4, {"credits": 7}),
    ("power5", 4, {"knowledge": 2}),
])
def test_power_action_costs_and_gains(s, action, cost, gains):
    set_player(s, TERRANS, power=(0, 0, 8, 0), credits=10, ore=3, knowledge=3)
    after = play(s, f"p1 action {action}. endturn")
    p = after.players[TERRANS]
    assert p.power == {"area1": cost, "area2": 0, "area3": 8 - cost, "gaia": 0}
    for key, base in (("credits", 10), ("ore", 3), ("knowledge", 3)):
        assert getattr(p, key) == base + gains.get(key, 0)


def test_power7_costs_3_power_and_gives_2_tokens(s):
    set_player(s, TERRANS, power=(0, 0, 3, 0))
    after = play(s, "p1 action power7. endturn")
    assert after.players[TERRANS].power == {"area1": 5, "area2": 0, "area3": 0, "gaia": 0}


@pytest.mark.parametrize("action, cost, free_steps", [("power6", 3, 1), ("power2", 5, 2)])
def test_terraforming_power_actions_give_free_steps_for_a_mine(s, action, cost, free_steps):
    target, origin = near(s, type_at_steps("terra", 3), 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, power=(0, 0, 5, 0), ore=15)
    s = play(s, f"p1 action {action}")
    assert s.pending[0].kind == "build"
    assert refused(s, "p1 endturn")
    after = play(s, f"p1 build m {target}. endturn")
    p = after.players[TERRANS]
    assert p.ore == 15 - 1 - 3 * (3 - free_steps)
    assert p.power["area3"] == 5 - cost


def test_free_steps_cannot_be_used_on_a_gaia_planet(s):
    target, origin = near(s, "gaia", 2)
    put(s, origin, TERRANS)
    s.players[TERRANS].research["nav"] = 2
    set_player(s, TERRANS, power=(0, 0, 5, 0))
    s = play(s, "p1 action power6")
    assert refused(s, f"p1 build m {target}").rule == "free-steps"


def test_power_action_refused_without_enough_power_in_area_3(s):
    set_player(s, TERRANS, power=(0, 6, 3, 0))
    assert refused(s, "p1 action power3").rule == "cost"


def test_a_board_action_is_taken_once_per_round_by_one_player(s):
    set_player(s, TERRANS, power=(0, 0, 8, 0))
    set_player(s, XENOS, power=(0, 0, 8, 0))
    s = play(s, "p1 action power4. endturn")
    assert refused(s, "p2 action power4").rule == "board-action"
    s = play(s, "p2 action power3. endturn")
    assert refused(s, "p1 action power3").rule == "board-action"


def test_board_actions_are_free_again_next_round(s):
    set_player(s, TERRANS, power=(0, 0, 8, 0))
    s = play(s, "p1 action power4. endturn", f"p2 pass {s.boosters_table[0]}")
    s = play(s, f"p1 pass {s.boosters_table[1]}")
    s = settle(s)
    assert s.round == 2 and s.board_actions_used == []
    set_player(s, TERRANS, power=(0, 0, 8, 0))
    set_turn(s, TERRANS)
    play(s, "p1 action power4. endturn")


def test_qic1_costs_4_qic_and_gives_a_tech_tile(s):
    set_player(s, TERRANS, qic=5)
    s = play(s, "p1 action qic1")
    assert s.players[TERRANS].qic == 1
    assert s.pending[0].kind == "tech"
    s = play(s, "p1 tech free3. decline. endturn")
    assert [t.tile for t in s.players[TERRANS].tech] == [s.setup.tech_tiles["free3"]]


def test_qic2_costs_3_qic_and_rescores_an_own_federation_token(s):
    from gaia_rules.state import FedTokenHeld
    assert refused(s, "p1 action qic2").rule == "board-action"  # needs a token
    s.players[TERRANS].fed_tokens = [FedTokenHeld("fed5", False)]
    set_player(s, TERRANS, qic=3, credits=10, vp=20)
    s = play(s, "p1 action qic2")
    assert refused(s, "p1 fedtile fed4").rule == "fedtile"
    after = play(s, "p1 fedtile fed5. endturn")
    p = after.players[TERRANS]
    assert (p.qic, p.credits, p.vp) == (0, 16, 27)
    assert len(p.fed_tokens) == 1


def test_qic3_costs_2_qic_and_gives_3_vp_plus_1_per_planet_type(s):
    put(s, hexes(s, "terra")[0], TERRANS)
    put(s, hexes(s, "terra")[1], TERRANS)
    put(s, hexes(s, "oxide")[0], TERRANS, "ts")
    put(s, hexes(s, "gaia")[0], TERRANS)
    put(s, hexes(s, "transdim")[0], TERRANS, "gf")  # a Gaiaformer does not colonize
    s.players[TERRANS].gaiaformers = 1
    set_player(s, TERRANS, qic=2, vp=20)
    after = play(s, "p1 action qic3. endturn")
    p = after.players[TERRANS]
    assert (p.qic, p.vp) == (0, 20 + 3 + 3)


def test_qic_action_refused_without_enough_qic(s):
    set_player(s, TERRANS, qic=3)
    assert refused(s, "p1 action qic1").rule == "cost"


# ------------------------------------------------------------------ special actions

def test_academy_qic_action_once_per_round(s):
    lab = hexes(s, "terra")[0]
    put(s, lab, TERRANS, "ac2")
    set_player(s, TERRANS, qic=0)
    s = play(s, "p1 special q. endturn")
    assert s.players[TERRANS].qic == 1
    s = play(s, f"p2 pass {s.boosters_table[0]}")
    assert ENGINE.to_move(s) == TERRANS
    assert refused(s, "p1 special q").rule == "special-action"


def test_special_action_is_refused_without_its_source(s):
    assert refused(s, "p1 special q").rule == "special-action"


def test_booster_special_step_gives_one_free_step(s):
    s.players[TERRANS].booster = "booster4"
    target, origin = near(s, type_at_steps("terra", 2), 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, ore=5)
    s = play(s, "p1 special step")
    assert s.pending[0].kind == "build"
    after = play(s, f"p1 build m {target}. endturn")
    assert after.players[TERRANS].ore == 5 - 1 - 3
    assert refused(set_turn(after, TERRANS), "p1 special step").rule == "special-action"


def test_booster_special_range_adds_3_range_for_one_build(s):
    s.players[TERRANS].booster = "booster5"
    target, origin = near(s, "terra", 4)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, qic=0)
    after = play(s, "p1 special range+3", f"p1 build m {target}. endturn")
    assert after.board[target].piece == "m" and after.players[TERRANS].qic == 0


def test_tech9_special_charges_4_power_once_per_round(s):
    from gaia_rules.state import TechTileHeld
    s.players[TERRANS].tech = [TechTileHeld("tech9", "free3")]
    set_player(s, TERRANS, power=(4, 2, 0, 0))
    s = play(s, "p1 special 4pw. endturn")
    assert s.players[TERRANS].power == {"area1": 0, "area2": 6, "area3": 0, "gaia": 0}
    s = play(s, f"p2 pass {s.boosters_table[0]}")
    assert refused(s, "p1 special 4pw").rule == "special-action"


def test_special_actions_are_free_again_next_round(s):
    put(s, hexes(s, "terra")[0], TERRANS, "ac2")
    s = play(s, "p1 special q. endturn", f"p2 pass {s.boosters_table[0]}", f"p1 pass {s.boosters_table[1]}")
    s = settle(s)
    assert s.players[TERRANS].specials_used == []
    before = s.players[TERRANS].qic
    after = play(set_turn(s, TERRANS), "p1 special q. endturn")
    assert after.players[TERRANS].qic == before + 1


# ------------------------------------------------------------------ pass

def test_pass_returns_the_booster_and_takes_another(s):
    old = s.players[TERRANS].booster
    table = list(s.boosters_table)
    after = play(s, f"p1 pass {table[0]}")
    p = after.players[TERRANS]
    assert p.booster == table[0] and p.passed
    assert old in after.boosters_table and table[0] not in after.boosters_table
    assert sorted(after.boosters_table) == sorted(table[1:] + [old])


def test_pass_cannot_take_the_booster_just_returned(s):
    old = s.players[TERRANS].booster
    assert refused(s, f"p1 pass {old}").rule == "pass"


def test_pass_may_take_a_booster_another_player_returned_this_round(s):
    old = s.players[TERRANS].booster
    s = play(s, f"p1 pass {s.boosters_table[0]}")
    assert old in s.boosters_table
    after = play(s, f"p2 pass {old}")
    assert after.players[XENOS].booster == old


def test_pass_requires_a_booster_in_rounds_1_to_5(s):
    assert refused(s, "p1 pass").rule == "pass"


def test_booster6_scores_1_vp_per_mine_on_pass(s):
    s.players[TERRANS].booster = "booster6"
    for h in hexes(s, "terra")[:3]:
        put(s, h, TERRANS)
    put(s, hexes(s, "oxide")[0], TERRANS, "ts")
    set_player(s, TERRANS, vp=20)
    after = play(s, f"p1 pass {s.boosters_table[0]}")
    assert after.players[TERRANS].vp == 23
    assert sum(v for k, v in after.players[TERRANS].vp_sources.items() if "booster6" in k) == 3


def test_first_player_to_pass_starts_the_next_round(s):
    s = play(s, f"p1 pass {s.boosters_table[0]}")
    s = settle(play(s, f"p2 pass {s.boosters_table[0]}"))
    assert s.round == 2 and ENGINE.to_move(s) == TERRANS
    s = set_turn(s, XENOS)
    s = play(s, f"p2 pass {s.boosters_table[0]}")
    s = settle(play(s, f"p1 pass {s.boosters_table[0]}"))
    assert s.round == 3
    assert s.turn_order[0] == XENOS and ENGINE.to_move(s) == XENOS


def test_passed_player_takes_no_more_turns(s):
    s = play(s, f"p1 pass {s.boosters_table[0]}")
    assert ENGINE.to_move(s) == XENOS
    set_player(s, XENOS, power=(0, 0, 8, 0))
    s = play(s, "p2 action power4. endturn")
    assert ENGINE.to_move(s) == XENOS


# ------------------------------------------------------------------ burn and free conversions

def test_burn_moves_one_token_to_area_3_per_two_from_area_2(s):
    set_player(s, TERRANS, power=(1, 5, 0, 0))
    after = play(s, "p1 burn 2")
    assert after.players[TERRANS].power == {"area1": 1, "area2": 1, "area3": 2, "gaia": 0}


def test_burn_refused_without_two_tokens_per_burn_in_area_2(s):
    set_player(s, TERRANS, power=(4, 3, 0, 0))
    assert refused(s, "p1 burn 2").rule == "burn"


@pytest.mark.parametrize("cost, gain, before, after", [
    ("4pw", "1q", dict(qic=0), dict(qic=1)),
    ("3pw", "1o", dict(ore=0), dict(ore=1)),
    ("4pw", "1k", dict(knowledge=0), dict(knowledge=1)),
    ("1pw", "1c", dict(credits=0), dict(credits=1)),
    ("1q", "1o", dict(qic=1, ore=0), dict(qic=0, ore=1)),
    ("1k", "1c", dict(knowledge=1, credits=0), dict(knowledge=0, credits=1)),
    ("1o", "1c", dict(ore=1, credits=0), dict(ore=0, credits=1)),
])
def test_standard_free_conversions(s, cost, gain, before, after):
    set_player(s, TERRANS, power=(0, 0, 4, 0), **before)
    result = play(s, f"p1 spend {cost} for {gain}").players[TERRANS]
    for key, value in after.items():
        assert getattr(result, key) == value
    spent = int(cost[0]) if cost.endswith("pw") else 0
    assert result.power["area3"] == 4 - spent and result.power["area1"] == spent


def test_ore_converts_to_a_power_token(s):
    set_player(s, TERRANS, ore=1, power=(0, 0, 0, 0))
    result = play(s, "p1 spend 1o for 1t").players[TERRANS]
    assert result.ore == 0 and result.power["area1"] == 1


def test_free_conversions_are_allowed_before_and_after_the_main_action(s):
    set_player(s, TERRANS, power=(0, 0, 6, 0), knowledge=0)
    after = play(s, "p1 spend 1pw for 1c. action power7. spend 1pw for 1c. endturn")
    assert after.players[TERRANS].credits == 17


@pytest.mark.parametrize("cost, gain", [("2pw", "1c"), ("1q", "2o"), ("3pw", "1q"), ("1c", "1o")])
def test_conversions_that_do_not_add_up_exactly_are_refused(s, cost, gain):
    set_player(s, TERRANS, power=(0, 0, 4, 0))
    assert refused(s, f"p1 spend {cost} for {gain}").rule == "free-action"


def test_conversions_chain_one_qic_into_one_credit(s):
    set_player(s, TERRANS, qic=1, ore=0, credits=0)
    after = play(s, "p1 spend 1q for 1c").players[TERRANS]
    assert (after.qic, after.ore, after.credits) == (0, 0, 1)


def test_several_conversions_in_one_spend(s):
    set_player(s, TERRANS, power=(0, 0, 8, 0), qic=0)
    after = play(s, "p1 spend 8pw for 2q").players[TERRANS]
    assert after.qic == 2 and after.power["area3"] == 0


def test_conversion_without_the_resources_is_refused(s):
    set_player(s, TERRANS, power=(0, 0, 3, 0))
    err = refused(s, "p1 spend 4pw for 1q")
    assert err.rule in ("cost", "power")


def test_free_action_is_refused_outside_ones_turn(s):
    set_player(s, XENOS, power=(0, 0, 4, 0))
    assert refused(s, "p2 spend 1pw for 1c").rule == "turn"


def test_gains_are_capped_credits_30_ore_15_knowledge_15(s):
    set_player(s, TERRANS, credits=29, ore=15, knowledge=15, power=(0, 0, 8, 0))
    after = play(s, "p1 action power4. spend 3pw for 1o. endturn").players[TERRANS]
    assert (after.credits, after.ore, after.knowledge) == (30, 15, 15)


# ------------------------------------------------------------------ turn order

@pytest.mark.parametrize("variant, order", [
    ("rules", [1, 2, 0]),        # printed rules: the first to pass starts, then clockwise
    ("boardgamers", [1, 0, 2]),  # the site: the order of passing
])
def test_next_rounds_turn_order(variant, order):
    s = set_turn(clear(start(["terrans", "xenos", "taklons"], seed="order", variant=variant)), 1)
    set_player(s, 2, power=(0, 0, 8, 0))
    s = play(s, f"p2 pass {s.boosters_table[0]}")
    s = play(s, "p3 action power4. endturn")
    s = play(s, f"p1 pass {s.boosters_table[0]}")
    s = settle(play(s, f"p3 pass {s.boosters_table[0]}"))
    assert s.round == 2 and s.turn_order == order
    assert ENGINE.to_move(s) == 1


def test_income_order_is_asked_when_tokens_and_charges_are_both_due():
    s = set_turn(clear(start(["itars", "xenos"], seed="order")), 0)
    s.boosters_table = ["booster5", "booster6", "booster7"]  # Itars base income has a token; booster5 charges 2
    s = finish_round(s, answer_income=False)
    assert s.decisions[0].kind == "income" and ENGINE.to_move(s) == 0
    assert legal_texts(s) == ["income 1t", "income 2pw"]


def test_free_steps_beyond_those_needed_are_lost(s):
    target, origin = near(s, type_at_steps("terra", 1), 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, power=(0, 0, 5, 0), ore=5)
    after = play(s, f"p1 action power2. build m {target}. endturn").players[TERRANS]
    assert after.ore == 5 - 1


def test_free_action_refused_between_an_action_and_its_build(s):
    target, origin = near(s, type_at_steps("terra", 1), 1)
    put(s, origin, TERRANS)
    set_player(s, TERRANS, power=(0, 0, 5, 0))
    s = play(s, "p1 action power6")
    assert refused(s, "p1 spend 1pw for 1c").rule == "sequence"


def test_both_academies_can_be_built(s):
    a, b = hexes(s, "terra")[:2]
    put(s, a, TERRANS, "ac1")
    put(s, b, TERRANS, "lab")
    set_player(s, TERRANS, ore=6)
    s = play(s, f"p1 build ac2 {b}")
    assert s.board[b].piece == "ac2"
    assert refused(set_turn(play(s, "p1 tech free1. decline. endturn"), TERRANS), f"p1 build ac1 {b}").rule == "upgrade"
