"""Charging power from a neighbour's build (components.md j "Charging from a build", refnotes 3).

The offer is the power value of the player's best structure within distance 2
of the built hex, cut to what the bowls can take and to VP + 1; it costs
offer - 1 VP; players are asked clockwise from the builder, passed players too.
"""
from __future__ import annotations

import pytest

from rules_helpers import ENGINE, clear, dist, far_from, find, hexes, legal_texts, play, put, refused, set_player, set_turn, start

FACTIONS = ["terrans", "xenos", "ambas", "firaks"]


@pytest.fixture(scope="module")
def base4():
    return start(FACTIONS, seed="charging", round_tiles=["score4"] * 6)


@pytest.fixture
def s(base4):
    return set_turn(clear(base4.clone(), power=(2, 4, 0, 0), vp=20), 0)


def planets(s):
    return [h for h in hexes(s) if h in {x for k in ("terra", "oxide", "volcanic", "desert", "swamp", "titanium", "ice")
                                         for x in hexes(s, k)}]


def site(s, d_other: int = 2):
    """(a terra planet for the builder, an origin next to it, a planet at distance d_other from the target)."""
    terra = hexes(s, "terra")
    ps = planets(s)
    for t in terra:
        for o in ps:
            if o == t or dist(s, o, t) != 1:
                continue
            for x in ps:
                if x not in (t, o) and dist(s, x, t) == d_other and dist(s, x, o) >= d_other:
                    return t, o, x
    raise AssertionError("no site")


def build_by_terrans(s, target):
    return play(s, f"p1 build m {target}. endturn")


@pytest.mark.parametrize("piece, value", [("m", 1), ("ts", 2), ("lab", 2), ("PI", 3), ("ac1", 3), ("ac2", 3)])
def test_offer_is_the_power_value_of_the_best_structure_within_2(s, piece, value):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, piece)
    after = build_by_terrans(s, target)
    assert [(d.kind, d.player) for d in after.decisions] == [("charge", 1)]
    assert legal_texts(after) == [f"charge {value}pw", "decline"]


def test_the_best_structure_counts_not_the_sum(s):
    target, origin, near = _all_around(s)
    put(s, origin, 0)
    put(s, near[0], 1, "ts")
    put(s, near[1], 1, "m")
    put(s, near[2], 1, "m")
    s.players[0].research["terra"] = 3
    set_player(s, 0, ore=15)
    after = build_by_terrans(s, target)
    assert legal_texts(after) == ["charge 2pw", "decline"]


def test_tech3_makes_planetary_institute_worth_4(s):
    from gaia_rules.state import TechTileHeld
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    s.players[1].tech = [TechTileHeld("tech3", "free1")]
    after = build_by_terrans(s, target)
    assert legal_texts(after) == ["charge 4pw", "decline"]


def test_no_offer_for_structures_at_distance_3(s):
    target, origin, other = site(s, d_other=3)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    after = build_by_terrans(s, target)
    assert after.decisions == []
    assert ENGINE.to_move(after) == 1


def test_accepting_charges_power_and_costs_offer_minus_1_vp(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    set_player(s, 1, power=(2, 4, 0, 0), vp=20)
    after = play(build_by_terrans(s, target), "p2 charge 3pw")
    x = after.players[1]
    assert x.power == {"area1": 0, "area2": 5, "area3": 1, "gaia": 0}
    assert x.vp == 18
    assert x.vp_sources.get("charge") == -2


def test_charging_one_costs_nothing(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "m")
    after = play(build_by_terrans(s, target), "p2 charge 1pw")
    assert after.players[1].vp == 20
    assert after.players[1].power["area2"] == 5


def test_declining_changes_nothing(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    built = build_by_terrans(s, target)
    after = play(built, "p2 decline")
    assert after.players[1].power == built.players[1].power
    assert after.players[1].vp == built.players[1].vp
    assert after.decisions == []


def test_only_the_exact_offer_is_accepted(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    built = build_by_terrans(s, target)
    assert refused(built, "p2 charge 2pw").rule == "charge"


def test_offer_is_cut_to_what_the_bowls_can_take(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    set_player(s, 1, power=(0, 2, 6, 0))
    assert legal_texts(build_by_terrans(s, target)) == ["charge 2pw", "decline"]


def test_charge_capacity_counts_two_steps_per_area_1_token(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    set_player(s, 1, power=(1, 0, 6, 0))
    after = play(build_by_terrans(s, target), "p2 charge 2pw")
    assert after.players[1].power == {"area1": 0, "area2": 0, "area3": 7, "gaia": 0}


def test_no_offer_when_no_power_can_move(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    set_player(s, 1, power=(0, 0, 6, 0))
    after = build_by_terrans(s, target)
    assert after.decisions == []


@pytest.mark.parametrize("vp, offer", [(0, 1), (1, 2), (2, 3)])
def test_offer_is_cut_to_vp_plus_1(s, vp, offer):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    set_player(s, 1, vp=vp)
    built = build_by_terrans(s, target)
    assert legal_texts(built) == [f"charge {offer}pw", "decline"]
    assert play(built, f"p2 charge {offer}pw").players[1].vp == vp - (offer - 1)


def _all_around(s):
    """A terra target with a planet within 2 for each of the three opponents (not the builder's origin)."""
    ps = planets(s)
    for t in hexes(s, "terra"):
        origin = next((o for o in ps if o != t and dist(s, o, t) == 1), None)
        if origin is None:
            continue
        near = [h for h in ps if h not in (t, origin) and dist(s, h, t) <= 2]
        if len(near) >= 3:
            return t, origin, near[:3]
    raise AssertionError("no site")


@pytest.mark.parametrize("builder, order", [(0, [1, 2, 3]), (1, [2, 3, 0]), (2, [3, 0, 1]), (3, [0, 1, 2])])
def test_offers_go_clockwise_from_the_builder(s, builder, order):
    target, origin, near = _all_around(s)
    put(s, origin, builder)
    for p, h in zip([p for p in range(4) if p != builder], near):
        put(s, h, p, "m")
    set_player(s, builder, ore=15)
    s.players[builder].research["terra"] = 3
    set_turn(s, builder)
    after = play(s, f"p{builder + 1} build m {target}. endturn")
    assert [d.player for d in after.decisions] == order
    for p in order:
        assert ENGINE.to_move(after) == p
        after = play(after, f"p{p + 1} decline")
    assert after.decisions == []


def test_passed_players_are_still_offered_a_charge(s):
    target, origin, other = site(s)
    put(s, origin, 0)
    put(s, other, 1, "ts")
    set_turn(s, 1)
    s = play(s, f"p2 pass {s.boosters_table[0]}")
    assert s.players[1].passed
    set_turn(s, 0)
    after = build_by_terrans(s, target)
    assert [d.player for d in after.decisions] == [1]
    after = play(after, "p2 charge 2pw")
    assert after.players[1].power["area2"] == 6


def test_upgrades_cause_charges_too(s):
    target, origin, other = site(s)
    put(s, target, 0)
    put(s, other, 1, "m")
    after = play(s, f"p1 build ts {target}. endturn")
    assert legal_texts(after) == ["charge 1pw", "decline"]


def test_a_gaia_project_causes_no_charge(s):
    ps = planets(s)
    t, origin, other = find(s, lambda a, b, c: b in ps and c in ps and dist(s, a, b) == 1 and dist(s, a, c) <= 2,
                            "transdim", None, None)
    put(s, origin, 0)
    put(s, other, 1, "PI")
    s.players[0].gaiaformers = 1
    s.players[0].research["gaia"] = 1
    after = play(s, f"p1 build gf {t}. endturn")
    assert after.board[t].piece == "gf"
    assert after.decisions == []


def test_own_structures_are_not_offered_a_charge(s):
    target, origin, other = site(s)
    put(s, origin, 0, "PI")
    after = build_by_terrans(s, target)
    assert after.decisions == []


def test_play_continues_with_the_player_after_the_builder_once_charges_are_answered(s):
    target, origin, near = _all_around(s)
    put(s, origin, 0)
    for p, h in zip((1, 2, 3), near):
        put(s, h, p, "m")
    s.players[0].research["terra"] = 3
    set_player(s, 0, ore=15)
    after = play(s, f"p1 build m {target}. endturn", "p2 decline", "p3 charge 1pw", "p4 decline")
    assert ENGINE.to_move(after) == 1
    assert after.players[2].power["area2"] == 5


# ------------------------------------------------------------------ the order of several builds' offers

def _two_sources(s, builder_kind):
    """(the builder's planet, an opponent planet within 2 of it only, an empty space hex within 3 of the
    builder's planet, an opponent planet within 2 of that space hex only)."""
    ps, empty = planets(s), hexes(s, "empty")
    for x in hexes(s, builder_kind):
        for lost in (e for e in empty if dist(s, e, x) == 3):
            a = next((h for h in ps if h != x and dist(s, h, x) <= 2 < dist(s, h, lost)), None)
            b = next((h for h in ps if h != x and dist(s, h, lost) <= 2 < dist(s, h, x)), None)
            if a and b:
                return x, a, lost, b
    raise AssertionError("no site")


def _offers(state):
    """Each charge offer of the turn in the order made, answering each with a decline."""
    out = []
    while state.decisions:
        d = state.decisions[0]
        out.append((d.player, d.data["amount"]))
        state = play(state, f"p{d.player + 1} decline")
    return out


def test_a_research_lab_finishes_after_the_lost_planet_its_tech_tile_brings_so_it_is_offered_first(s):
    """Reference engine (boardgamers; spec case ambas-accept-02): a lab's build finishes only after its tech
    tile and that tile's research step (here navigation 5 and its Lost Planet); the build that finished
    last is offered first."""
    from gaia_rules.state import FedTokenHeld
    lab, theirs, lost, near_lost = _two_sources(s, "terra")
    put(s, lab, 0, "ts")
    put(s, theirs, 1, "ts")        # within 2 of the lab: offered 2
    put(s, near_lost, 2, "m")      # within 2 of the Lost Planet: offered 1
    s.players[0].research["nav"], s.players[0].fed_tokens = 4, [FedTokenHeld("fed4", True)]
    after = play(s, f"p1 build lab {lab}. tech nav. up nav. lostPlanet {lost}. endturn")
    assert _offers(after) == [(1, 2), (2, 1)]


def test_a_build_that_finished_before_the_research_step_is_offered_after_the_lost_planet(s):
    """Reference engine (boardgamers; regression game charge-order-lost-planet-4p): the Firaks' trading
    station is built (finished) before the research step of their ability places the Lost Planet, so the
    Lost Planet, finished last, is offered first."""
    from gaia_rules.state import FedTokenHeld
    lab, theirs, lost, near_lost = _two_sources(s, "titanium")
    pi = next(h for h in hexes(s, "titanium") if far_from(s, h, (lab, theirs, lost, near_lost), 2))
    put(s, pi, 3, "PI")
    put(s, lab, 3, "lab")
    put(s, theirs, 1, "ts")        # within 2 of the trading station: offered 2
    put(s, near_lost, 2, "m")      # within 2 of the Lost Planet: offered 1
    s.players[3].research["nav"], s.players[3].fed_tokens = 4, [FedTokenHeld("fed4", True)]
    set_turn(s, 3)
    after = play(s, f"p4 special down-lab. build ts {lab}. up nav. lostPlanet {lost}. endturn")
    assert after.board[lab].piece == "ts"
    assert _offers(after) == [(2, 1), (1, 2)]
