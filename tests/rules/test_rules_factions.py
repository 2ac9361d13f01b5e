"""The 14 factions: starting state, ability and planetary institute (components.md i, refnotes 2, 5, 7, 8).

Every test places its pieces on a cleared board; the faction under test is player 1 (index 0).
"""
from __future__ import annotations

import pytest

from gaia_rules.state import FedTokenHeld, TechTileHeld
from rules_helpers import (near, fed_layouts, CAT, ENGINE, WHEEL, clear, dist, find, finish_round, hexes, legal_texts, make_setup, planet,
                           play, put, refused, set_player, set_turn, settle, start, total_tokens)

ME, YOU = 0, 1
PLANETS = tuple(WHEEL)
OPPONENT = {"xenos": "terrans", "gleens": "terrans"}


def game(faction, other=None, seed="factions", **kw):
    other = other or OPPONENT.get(faction, "xenos" if CAT.factions[faction].home != "desert" else "terrans")
    return start([faction, other], seed=seed, round_tiles=kw.pop("round_tiles", ["score4"] * 6), **kw)


def fresh(faction, other=None, **kw):
    s = clear(game(faction, other, **kw), power=(2, 4, 0, 0))
    return set_turn(s, ME)




# ------------------------------------------------------------------ starting state (components.md i.1)

START = {
    # faction: (credits, ore, knowledge, qic, area1, area2, research)
    "terrans": (15, 4, 3, 1, 4, 4, {"gaia": 1}),
    "lantids": (13, 4, 3, 1, 4, 0, {}),
    "xenos": (15, 4, 3, 2, 2, 4, {"int": 1}),
    "gleens": (15, 5, 3, 0, 2, 4, {"nav": 1}),
    "taklons": (15, 4, 3, 1, 2, 4, {}),
    "ambas": (15, 4, 3, 2, 2, 4, {"nav": 1}),
    "hadsch-hallas": (15, 4, 3, 1, 2, 4, {"eco": 1}),
    "ivits": (15, 4, 3, 1, 2, 4, {}),
    "geodens": (15, 6, 3, 1, 2, 4, {"terra": 1}),
    "baltaks": (15, 4, 3, 0, 2, 2, {"gaia": 1}),
    "firaks": (15, 3, 2, 1, 2, 4, {}),
    "bescods": (15, 4, 1, 1, 2, 4, {}),
    "nevlas": (15, 4, 2, 1, 2, 4, {"sci": 1}),
    "itars": (15, 5, 3, 1, 4, 4, {}),
}


@pytest.mark.parametrize("faction", sorted(START))
def test_faction_starting_resources_power_and_research(faction):
    other = "terrans" if CAT.factions[faction].home != "terra" else "xenos"
    state = ENGINE.new_game(make_setup([faction, other], seed="start"))
    p = state.players[ME]
    credits, ore, knowledge, qic, a1, a2, research = START[faction]
    assert (p.credits, p.ore, p.knowledge, p.qic, p.vp) == (credits, ore, knowledge, qic, 10)
    assert (p.power["area1"], p.power["area2"], p.power["area3"], p.power["gaia"]) == (a1, a2, 0, 0)
    assert {t: lv for t, lv in p.research.items() if lv} == research
    assert p.gaiaformers == (1 if research.get("gaia") else 0)


def test_xenos_place_a_third_mine_and_ivits_their_pi_last():
    state = ENGINE.new_game(make_setup(["ivits", "xenos", "terrans"], seed="start"))
    assert state.setup_queue == [[1, "m"], [2, "m"], [2, "m"], [1, "m"], [1, "m"], [0, "PI"]]


# ------------------------------------------------------------------ Terrans

def test_terrans_gaia_tokens_return_to_area_2_others_to_area_1():
    s = fresh("terrans")
    s.boosters_table = ["booster1", "booster6", "booster7"]  # no power income next round
    set_player(s, ME, power=(0, 0, 1, 5))
    set_player(s, YOU, power=(0, 0, 1, 5))
    s = settle(finish_round(s))
    assert s.players[ME].power == {"area1": 0, "area2": 5, "area3": 1, "gaia": 0}
    assert s.players[YOU].power == {"area1": 5, "area2": 0, "area3": 1, "gaia": 0}


def test_terrans_pi_converts_gaia_tokens_in_the_gaia_phase():
    s = fresh("terrans")
    put(s, hexes(s, "terra")[0], ME, "PI")
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, ME, power=(0, 0, 0, 6), qic=0, credits=0)
    s = finish_round(s)
    assert s.phase == "gaia" and s.decisions[0].kind == "gaia-phase" and ENGINE.to_move(s) == ME
    s = play(s, "p1 spend 4tg for 1q", "p1 spend 2tg for 2c")
    p = s.players[ME]
    assert p.qic == 1 and p.credits == 2 + 4 * 0  # PI income gives no credits
    assert p.power["gaia"] == 0 and p.power["area2"] >= 6
    assert s.phase == "actions"


def test_terrans_without_pi_are_not_asked_in_the_gaia_phase():
    s = fresh("terrans")
    set_player(s, ME, power=(0, 0, 0, 6))
    s = finish_round(s)
    assert not any(d.kind == "gaia-phase" for d in s.decisions)


# ------------------------------------------------------------------ Lantids

def test_lantids_guest_mine_on_an_opponents_planet():
    s = fresh("lantids", "xenos")
    target, origin = near(s, "desert", 1)
    put(s, origin, ME)
    put(s, target, YOU, "ts")
    set_player(s, ME, credits=10, ore=3, qic=1)
    after = play(s, f"p1 build m {target}. endturn")
    h = after.board[target]
    assert (h.owner, h.piece, h.guests) == (YOU, "ts", [ME])
    p = after.players[ME]
    assert (p.credits, p.ore, p.qic) == (8, 2, 1)  # no terraforming although desert is 3 steps from terra
    # the owner may charge from the guest mine (their trading station is on the hex)
    assert [(d.kind, d.player) for d in after.decisions] == [("charge", YOU)]
    assert legal_texts(after)[0] == "charge 2pw"


def test_lantids_guest_mine_cannot_be_upgraded_and_not_twice():
    s = fresh("lantids", "xenos")
    target, origin = near(s, "desert", 1)
    put(s, origin, ME)
    put(s, target, YOU, "m")
    s.hex(target).guests = [ME]
    refused(s, f"p1 build ts {target}")
    assert refused(s, f"p1 build m {target}").rule == "guest-mine"


def test_lantids_guest_mine_counts_as_mine_not_as_planet_type():
    s = fresh("lantids", "xenos")
    target, origin = near(s, "desert", 1)
    put(s, origin, ME)
    put(s, target, YOU, "m")
    s.hex(target).guests = [ME]
    c = ENGINE.context(s)
    assert c.holdings.counter(s, ME, "m") == 2
    assert c.holdings.counter(s, ME, "planet-type") == 1


def test_lantids_cannot_build_a_guest_mine_on_a_gaiaformer():
    s = fresh("lantids", "xenos")
    target, origin = near(s, "transdim", 1)
    put(s, origin, ME)
    put(s, target, YOU, "gf")
    s.players[YOU].gaiaformers = 1
    assert refused(s, f"p1 build m {target}")


def test_lantids_pi_gives_2_knowledge_per_guest_mine():
    s = fresh("lantids", "xenos")
    target, origin = near(s, "desert", 1)
    put(s, origin, ME, "PI")
    put(s, target, YOU, "m")
    set_player(s, ME, knowledge=3)
    after = play(s, f"p1 build m {target}. endturn")
    assert after.players[ME].knowledge == 5


def test_lantids_pi_gives_no_knowledge_for_an_ordinary_mine():
    s = fresh("lantids", "xenos")
    target, origin = near(s, "terra", 1)
    put(s, origin, ME, "PI")
    set_player(s, ME, knowledge=3)
    assert play(s, f"p1 build m {target}. endturn").players[ME].knowledge == 3


# ------------------------------------------------------------------ Xenos

def test_xenos_federation_threshold_is_6_after_the_pi():
    s = fresh("xenos", "terrans")
    a, b, c, e = fed_layouts(s)[0]
    put(s, a, ME, "ac1")
    put(s, b, ME, "m")
    put(s, c, ME, "lab")  # 3 + 1 + 2 = 6
    set_player(s, ME, power=(4, 0, 0, 0))
    fed = ",".join(sorted((a, b, c, e)))
    assert refused(s, f"p1 federation {fed} fed5").rule == "federation"
    put(s, hexes(s, "oxide")[0] if hexes(s, "oxide")[0] not in (a, b, c) else hexes(s, "oxide")[1], ME, "PI")
    after = play(s, f"p1 federation {fed} fed5. endturn")
    assert len(after.players[ME].fed_tokens) == 1


def test_xenos_pi_income_is_a_qic_instead_of_a_token():
    s = fresh("xenos", "terrans")
    put(s, hexes(s, "desert")[0], ME, "PI")
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, ME, qic=0, power=(5, 0, 0, 0))
    s = settle(finish_round(s))
    p = s.players[ME]
    assert p.qic == 1
    assert total_tokens(p) == 5  # the PI's 4pw charge, no new token
    assert p.power["area2"] == 4


# ------------------------------------------------------------------ Gleens

def test_gleens_qic_arrives_as_ore_until_academy_ac2():
    s = fresh("gleens", "terrans")
    set_player(s, ME, qic=0, ore=3, power=(0, 0, 4, 0))
    after = play(s, "p1 spend 4pw for 1q").players[ME]
    assert (after.qic, after.ore) == (0, 4)
    put(s, hexes(s, "desert")[0], ME, "ac2")
    after = play(s, "p1 spend 4pw for 1q").players[ME]
    assert (after.qic, after.ore) == (1, 3)


def test_gleens_research_qic_arrives_as_ore():
    s = fresh("gleens", "terrans")
    s.players[ME].research["int"] = 0
    set_player(s, ME, qic=0, ore=3, knowledge=4)
    after = play(s, "p1 up int. endturn").players[ME]
    assert (after.qic, after.ore) == (0, 4)


def test_gleens_pay_one_ore_for_a_gaia_planet_and_score_2_vp():
    s = fresh("gleens", "terrans")
    target, origin = near(s, "gaia", 2)
    put(s, origin, ME)
    s.players[ME].research["nav"] = 2
    set_player(s, ME, qic=1, ore=3, credits=10, vp=20)
    after = play(s, f"p1 build m {target}. endturn").players[ME]
    assert (after.qic, after.ore, after.credits) == (1, 1, 8)
    assert after.vp == 22


def test_gleens_pi_gives_the_gleens_federation_token():
    s = fresh("gleens", "terrans")
    ts = hexes(s, "desert")[0]
    put(s, ts, ME, "ts")
    set_player(s, ME, credits=10, ore=5, knowledge=3, vp=20)
    after = play(s, f"p1 build PI {ts}. endturn").players[ME]
    assert [(t.tile, t.green) for t in after.fed_tokens] == [("gleens", True)]
    assert (after.credits, after.ore, after.knowledge) == (10 - 6 + 2, 5 - 4 + 1, 4)
    assert after.vp == 20 + 5  # score4 in round 1: it counts as gaining a federation token


# ------------------------------------------------------------------ Taklons

def test_taklons_brainstone_starts_in_area_1():
    s = game("taklons")
    assert s.players[ME].token is not None
    state = ENGINE.new_game(make_setup(["taklons", "terrans"], seed="start"))
    assert state.players[ME].token == "area1"


def test_taklons_brainstone_is_worth_3_power_when_spent():
    s = fresh("taklons")
    set_player(s, ME, power=(0, 0, 0, 0), credits=0)
    s.players[ME].token = "area3"
    assert refused(s, "p1 action power3").rule == "cost"  # 4 power: the stone gives only 3
    after = play(s, "p1 action power7. endturn").players[ME]
    assert after.token == "area1"
    assert after.power["area1"] == 2  # the action's 2 new tokens


def test_taklons_brainstone_spends_3_power_for_3_credits():
    s = fresh("taklons")
    set_player(s, ME, power=(1, 0, 0, 0), credits=0)
    s.players[ME].token = "area3"
    after = play(s, "p1 spend 3pw for 3c").players[ME]
    assert after.credits == 3 and after.token == "area1"


@pytest.mark.parametrize("answer, power", [("area3", (0, 2, 0)), ("area2", (0, 1, 1))])
def test_taklons_brainstone_charge_asks_where_the_stone_ends(answer, power):
    # stone and 2 tokens in area I, charge 4: stone first ends in area III; tokens first leave it in area II
    s = fresh("taklons")
    set_player(s, ME, power=(2, 0, 0, 0))
    s.players[ME].token = "area1"
    s.players[ME].tech = [TechTileHeld("tech9", "free3")]
    s = play(s, "p1 special 4pw")
    assert [m.split()[-1] for m in legal_texts(s) if m.startswith("token")] == ["area3", "area2"]
    p = play(s, f"p1 brainstone {answer}. endturn").players[ME]
    assert p.token == answer
    assert (p.power["area1"], p.power["area2"], p.power["area3"]) == power


def test_taklons_pi_gains_a_token_with_each_charge():
    s = fresh("taklons", "terrans")
    target, origin, other = find(s, lambda t, o, x: planet(s, o) in PLANETS and planet(s, x) in PLANETS
                                 and dist(s, t, o) == 1 and dist(s, t, x) == 2, "terra", None, None)
    put(s, origin, YOU)
    put(s, other, ME, "PI")
    set_player(s, ME, power=(2, 4, 0, 0), vp=20)
    s.players[ME].token = "area3"
    set_turn(s, YOU)
    built = play(s, f"p2 build m {target}. endturn")
    assert legal_texts(built) == ["charge 3pw,1t", "charge 1t,3pw", "decline"]
    after = play(built, "p1 charge 3pw,1t").players[ME]
    assert after.vp == 18
    assert after.power == {"area1": 1, "area2": 5, "area3": 1, "gaia": 0}
    assert after.token == "area3"


def test_taklons_without_pi_get_no_token_with_a_charge():
    s = fresh("taklons", "terrans")
    target, origin, other = find(s, lambda t, o, x: planet(s, o) in PLANETS and planet(s, x) in PLANETS
                                 and dist(s, t, o) == 1 and dist(s, t, x) == 2, "terra", None, None)
    put(s, origin, YOU)
    put(s, other, ME, "ts")
    s.players[ME].token = "area3"
    set_turn(s, YOU)
    built = play(s, f"p2 build m {target}. endturn")
    assert legal_texts(built) == ["charge 2pw", "decline"]


# ------------------------------------------------------------------ Ambas

def test_ambas_pi_swaps_with_a_mine_once_per_round():
    s = fresh("ambas")
    pi, mine = hexes(s, "swamp")[:2]
    put(s, pi, ME, "PI")
    put(s, mine, ME, "m")
    before = s.players[ME]
    after = play(s, "p1 special swap-PI", f"p1 swap-PI {mine}", "p1 endturn")
    assert (after.board[pi].piece, after.board[mine].piece) == ("m", "PI")
    p = after.players[ME]
    assert (p.vp, p.credits, p.ore) == (before.vp, before.credits, before.ore)
    assert after.decisions == []
    s2 = play(after, f"p2 pass {after.boosters_table[0]}")
    assert refused(s2, "p1 special swap-PI").rule == "special-action"


def test_ambas_have_no_swap_without_pi():
    s = fresh("ambas")
    put(s, hexes(s, "swamp")[0], ME, "m")
    assert refused(s, "p1 special swap-PI").rule == "special-action"


def test_ambas_base_income_is_2_ore_1_knowledge():
    s = fresh("ambas")
    s.boosters_table = ["booster3", "booster4", "booster5"]
    set_player(s, ME, ore=0, knowledge=0)
    s = settle(finish_round(s))
    assert (s.players[ME].ore, s.players[ME].knowledge) == (2, 1)


# ------------------------------------------------------------------ Hadsch Hallas

@pytest.mark.parametrize("cost, gain, field", [("4c", "1q", "qic"), ("3c", "1o", "ore"), ("4c", "1k", "knowledge")])
def test_hadsch_hallas_convert_credits_after_the_pi(cost, gain, field):
    s = fresh("hadsch-hallas")
    set_player(s, ME, credits=10, qic=0, ore=0, knowledge=0, power=(0, 0, 0, 0))
    assert refused(s, f"p1 spend {cost} for {gain}").rule == "free-action"
    put(s, hexes(s, "oxide")[0], ME, "PI")
    after = play(s, f"p1 spend {cost} for {gain}").players[ME]
    assert after.credits == 10 - int(cost[0]) and getattr(after, field) == 1


def test_hadsch_hallas_base_income_includes_3_credits():
    s = fresh("hadsch-hallas")
    s.players[ME].research["eco"] = 0
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, ME, credits=0, ore=0, knowledge=0)
    s = settle(finish_round(s))
    assert (s.players[ME].credits, s.players[ME].ore, s.players[ME].knowledge) == (3, 2, 2)


# ------------------------------------------------------------------ Ivits

def test_ivits_place_their_pi_at_setup_on_oxide():
    state = ENGINE.new_game(make_setup(["ivits", "xenos"], seed="start"))
    while state.phase == "setup":
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    pis = [n for n, h in state.board.items() if h.owner == ME]
    assert len(pis) == 1 and state.board[pis[0]].piece == "PI" and planet(state, pis[0]) == "oxide"


def test_ivits_space_station_on_empty_space_in_range():
    s = fresh("ivits")
    pi = hexes(s, "oxide")[0]
    put(s, pi, ME, "PI")
    space = next(h for h in hexes(s, "empty") if dist(s, h, pi) == 3)
    set_player(s, ME, qic=1)
    after = play(s, "p1 special space-station", f"p1 build sp {space}. endturn")
    assert (after.board[space].owner, after.board[space].piece) == (ME, "sp")
    assert after.players[ME].qic == 0  # distance 3 with range 1: one Q.I.C.
    assert after.decisions == []
    c = ENGINE.context(after)
    assert c.holdings.counter(after, ME, "satellite") == 1
    assert c.holdings.counter(after, ME, "structure") == 1  # the station is not a structure


def test_a_space_station_is_placed_only_by_the_action_not_as_a_build():
    """Without the PI special a station cannot be built as a main action, by Ivits or anyone else."""
    for faction in ("ivits", "terrans"):
        s = fresh(faction)
        pi = hexes(s, "oxide")[0]
        put(s, pi, ME, "PI")
        space = next(h for h in hexes(s, "empty") if dist(s, h, pi) == 1)
        err = refused(s, f"p1 build sp {space}")
        assert err.rule == "build" and "placed only by an action" in err.message
        assert f"build sp {space}" not in legal_texts(s)


def test_ivits_space_station_is_a_range_origin():
    s = fresh("ivits")
    pi = hexes(s, "oxide")[0]
    target = next(h for h in hexes(s, "oxide") if dist(s, h, pi) >= 5)
    station = next(h for h in hexes(s, "empty") if dist(s, h, target) == 1)
    put(s, pi, ME, "PI")
    put(s, station, ME, "sp")
    set_player(s, ME, qic=0)
    after = play(s, f"p1 build m {target}. endturn")
    assert after.board[target].piece == "m"


def test_ivits_satellites_cost_qic_and_federation_must_grow():
    s = fresh("ivits")
    a, b, c, e = fed_layouts(s)[0]
    put(s, a, ME, "PI")
    put(s, b, ME, "m")
    put(s, c, ME, "ac1")
    set_player(s, ME, qic=1, power=(2, 4, 0, 0))
    fed = ",".join(sorted((a, b, c, e)))
    after = play(s, f"p1 federation {fed} fed5. endturn")
    p = after.players[ME]
    assert p.qic == 0 and total_tokens(p) == 6
    assert p.satellites == 1


def _fed_layouts(s, n):
    """n federation layouts (a, b, c, e) far apart from each other."""
    out = []
    planets = {h for k in PLANETS + ("gaia", "transdim") for h in hexes(s, k)}
    empty = set(hexes(s, "empty"))
    for a in sorted(planets):
        for b in sorted(planets):
            if dist(s, a, b) != 1:
                continue
            for c in sorted(planets):
                if c in (a, b) or dist(s, b, c) != 2 or dist(s, a, c) < 3:
                    continue
                common = [e for e in empty if dist(s, e, b) == 1 and dist(s, e, c) == 1]
                others = [x for x in planets - {a, b, c} if min(dist(s, x, y) for y in (a, b, c)) == 1]
                if len(common) != 1 or others:
                    continue
                lay = (a, b, c, common[0])
                if all(min(dist(s, x, y) for x in lay for y in o) > 3 for o in out):
                    out.append(lay)
                    if len(out) == n:
                        return out
    raise AssertionError("not enough layouts")


def test_ivits_new_federation_must_extend_the_first():
    s = fresh("ivits")
    first, second = _fed_layouts(s, 2)
    for h, piece in zip(first[:3], ("PI", "m", "ac1")):
        put(s, h, ME, piece)
    for h, piece in zip(second[:3], ("ac2", "lab", "lab")):
        put(s, h, ME, piece)
    set_player(s, ME, qic=5)
    s = play(s, f"p1 federation {','.join(sorted(first))} fed5. endturn", f"p2 pass {s.boosters_table[0]}")
    assert s.players[ME].federations_formed == 1
    err = refused(s, f"p1 federation {','.join(sorted(second))} fed4")
    assert err.rule == "federation" and "extend" in err.message


@pytest.mark.parametrize("variant, tokens, accepted", [
    ("rules", 0, True), ("rules", 1, False),            # printed rules: 7 x (tokens owned + 1)
    ("boardgamers", 0, True), ("boardgamers", 1, True),  # the site: 7 x (federations formed + 1)
])
def test_ivits_federation_target_is_7_times_count_plus_1(variant, tokens, accepted):
    s = fresh("ivits", variant=variant)
    a, b, c, e = fed_layouts(s)[0]
    for h, piece in zip((a, b, c), ("PI", "m", "ac1")):  # value 7
        put(s, h, ME, piece)
    s.players[ME].fed_tokens = [FedTokenHeld("fed4", True)] * tokens  # e.g. the terraforming token
    set_player(s, ME, qic=2)
    line = f"p1 federation {','.join(sorted((a, b, c, e)))} fed5"
    if accepted:
        assert play(s, line + ". endturn").players[ME].federations_formed == 1
    else:
        assert refused(s, line).rule == "federation"


def test_ivits_refused_a_federation_without_qic_for_satellites():
    s = fresh("ivits")
    a, b, c, e = fed_layouts(s)[0]
    put(s, a, ME, "PI")
    put(s, b, ME, "m")
    put(s, c, ME, "ac1")
    set_player(s, ME, qic=0, power=(5, 5, 5, 0))
    fed = ",".join(sorted((a, b, c, e)))
    assert refused(s, f"p1 federation {fed} fed5").rule == "federation"


# ------------------------------------------------------------------ Geodens

def test_geodens_pi_gives_3_knowledge_for_a_new_planet_type():
    s = fresh("geodens")
    target, origin = near(s, "oxide", 1, ("volcanic",))
    put(s, origin, ME, "PI")
    s.players[ME].research["terra"] = 3
    set_player(s, ME, knowledge=2, ore=5)
    after = play(s, f"p1 build m {target}. endturn").players[ME]
    assert after.knowledge == 5


def test_geodens_no_knowledge_for_a_type_already_colonized():
    s = fresh("geodens")
    target, origin = near(s, "oxide", 1, ("volcanic",))
    put(s, origin, ME, "PI")
    other_oxide = next(h for h in hexes(s, "oxide") if h != target)
    put(s, other_oxide, ME, "m")
    s.players[ME].research["terra"] = 3
    set_player(s, ME, knowledge=2, ore=5)
    assert play(s, f"p1 build m {target}. endturn").players[ME].knowledge == 2


def test_geodens_no_knowledge_without_pi():
    s = fresh("geodens")
    target, origin = near(s, "oxide", 1, ("volcanic",))
    put(s, origin, ME, "ts")
    s.players[ME].research["terra"] = 3
    set_player(s, ME, knowledge=2, ore=5)
    assert play(s, f"p1 build m {target}. endturn").players[ME].knowledge == 2


# ------------------------------------------------------------------ Bal T'aks

def test_baltaks_cannot_research_navigation_before_the_pi():
    s = fresh("baltaks")
    set_player(s, ME, knowledge=8)
    assert refused(s, "p1 up nav").rule == "research"
    put(s, hexes(s, "volcanic")[0], ME, "PI")
    after = play(s, "p1 up nav. endturn").players[ME]
    assert after.research["nav"] == 1 and after.knowledge == 4


def test_baltaks_navigation_tech_tile_step_must_be_declined_before_the_pi():
    """The tile's step exists but the track is locked: the site requires an explicit `decline up`."""
    s = fresh("baltaks")
    ts = hexes(s, "volcanic")[0]
    put(s, ts, ME, "ts")
    s = play(s, f"p1 build lab {ts}. tech nav")
    assert [f.kind for f in s.pending] == ["up"]
    assert refused(s, "p1 endturn").rule == "sequence"
    assert refused(s, "p1 up nav").rule == "research"
    after = play(s, "p1 decline up. endturn")
    assert after.players[ME].research["nav"] == 0


def test_baltaks_gaiaformer_to_gaia_area_for_1_qic_and_it_returns():
    s = fresh("baltaks")
    p = s.players[ME]
    set_player(s, ME, qic=0)
    assert p.gaiaformers == 1
    s = play(s, "p1 spend 1gf for 1q")
    p = s.players[ME]
    assert p.qic == 1 and p.gaiaformers_in_gaia == 1
    assert refused(s, "p1 spend 1gf for 1q").rule in ("cost", "gaiaformer", "free-action")
    s = settle(finish_round(s))
    assert s.players[ME].gaiaformers_in_gaia == 0 and s.players[ME].gaiaformers == 1


def test_baltaks_academy_ac2_gives_4_credits():
    s = fresh("baltaks")
    put(s, hexes(s, "volcanic")[0], ME, "ac2")
    set_player(s, ME, credits=10, qic=0)
    after = play(s, "p1 special 4c. endturn").players[ME]
    assert (after.credits, after.qic) == (14, 0)


# ------------------------------------------------------------------ Firaks

def test_firaks_pi_downgrades_a_lab_and_advances_research():
    s = fresh("firaks")
    pi, lab = hexes(s, "titanium")[:2]
    put(s, pi, ME, "PI")
    put(s, lab, ME, "lab")
    s.setup.round_tiles[0] = "score5"
    set_player(s, ME, vp=20, knowledge=0, credits=5, ore=1)
    s = play(s, "p1 special down-lab", f"p1 build ts {lab}")
    assert s.board[lab].piece == "ts"
    s = play(s, "p1 up sci. endturn")
    p = s.players[ME]
    assert p.research["sci"] == 1
    assert p.vp == 24  # score5: 4 VP for the trading station
    assert (p.knowledge, p.credits, p.ore) == (0, 5, 1)


def test_firaks_downgrade_causes_charges():
    s = fresh("firaks")
    lab, other, pi = find(s, lambda a, b, c: dist(s, a, b) <= 2 and planet(s, b) in PLANETS and dist(s, a, c) > 2
                          and dist(s, b, c) > 2, "titanium", None, "titanium")
    put(s, pi, ME, "PI")
    put(s, lab, ME, "lab")
    put(s, other, YOU, "m")
    after = play(s, "p1 special down-lab", f"p1 build ts {lab}", "p1 decline", "p1 endturn")
    assert after.board[lab].piece == "ts"
    assert [(d.kind, d.player) for d in after.decisions] == [("charge", YOU)]
    assert legal_texts(after)[0] == "charge 1pw"


def test_firaks_need_the_pi_to_downgrade():
    s = fresh("firaks")
    put(s, hexes(s, "titanium")[0], ME, "lab")
    assert refused(s, "p1 special down-lab").rule == "special-action"


def test_firaks_base_income_is_1_ore_2_knowledge():
    s = fresh("firaks")
    s.boosters_table = ["booster3", "booster4", "booster5"]
    set_player(s, ME, ore=0, knowledge=0)
    s = settle(finish_round(s))
    assert (s.players[ME].ore, s.players[ME].knowledge) == (1, 2)


# ------------------------------------------------------------------ Bescods

def test_bescods_up_lowest_once_per_round_from_the_start():
    s = fresh("bescods")
    p = s.players[ME]
    p.research.update({"terra": 1, "nav": 1, "int": 0, "gaia": 1, "eco": 1, "sci": 0})
    set_player(s, ME, knowledge=0)
    s = play(s, "p1 special up-lowest")
    assert refused(s, "p1 up eco").rule == "up-lowest"
    s = play(s, "p1 up int. endturn")
    assert s.players[ME].research["int"] == 1 and s.players[ME].knowledge == 0
    s = play(s, f"p2 pass {s.boosters_table[0]}")
    assert refused(s, "p1 special up-lowest").rule == "special-action"


def test_bescods_pi_comes_from_a_lab_and_academies_from_a_trading_station():
    s = fresh("bescods")
    ts, lab = hexes(s, "titanium")[:2]
    put(s, ts, ME, "ts")
    put(s, lab, ME, "lab")
    assert refused(s, f"p1 build PI {ts}").rule == "upgrade"
    set_player(s, ME, credits=20, ore=10)
    after = play(s, f"p1 build PI {lab}. endturn")
    assert after.board[lab].piece == "PI"
    assert (after.players[ME].credits, after.players[ME].ore) == (14, 6)
    s = play(set_turn(s, ME), f"p1 build ac1 {ts}")
    assert s.pending[0].kind == "tech"
    assert (s.players[ME].credits, s.players[ME].ore) == (14, 4)


def test_bescods_pi_adds_1_power_value_on_titanium():
    s = fresh("bescods", "terrans")
    target, origin, other = find(s, lambda t, o, x: planet(s, o) in PLANETS and dist(s, t, o) == 1
                                 and dist(s, t, x) <= 2, "terra", None, "titanium")
    put(s, origin, YOU)
    put(s, other, ME, "ts")
    pi = next(h for h in hexes(s, "ice") if h not in (target, origin, other))
    set_turn(s, YOU)
    assert legal_texts(play(s, f"p2 build m {target}. endturn"))[0] == "charge 2pw"
    put(s, pi, ME, "PI")
    assert legal_texts(play(s, f"p2 build m {target}. endturn"))[0] == "charge 3pw"


def test_bescods_income_trading_station_knowledge_lab_credits_no_base_knowledge():
    s = fresh("bescods")
    put(s, hexes(s, "titanium")[0], ME, "ts")
    put(s, hexes(s, "titanium")[1], ME, "lab")
    s.boosters_table = ["booster5", "booster4", "booster3"]  # booster5: income 2 power only
    set_player(s, ME, credits=0, ore=0, knowledge=0)
    s = settle(finish_round(s))
    p = s.players[ME]
    assert (p.credits, p.ore, p.knowledge) == (3, 1, 1)


# ------------------------------------------------------------------ Nevlas

def test_nevlas_move_an_area_3_token_to_gaia_for_1_knowledge():
    s = fresh("nevlas")
    set_player(s, ME, power=(0, 0, 2, 0), knowledge=0)
    after = play(s, "p1 spend 1t-a3 for 1k").players[ME]
    assert after.knowledge == 1 and after.power == {"area1": 0, "area2": 0, "area3": 1, "gaia": 1}


def test_nevlas_area_3_tokens_are_worth_2_power_after_the_pi():
    s = fresh("nevlas")
    set_player(s, ME, power=(0, 0, 2, 0), credits=0)
    assert refused(s, "p1 action power4").rule == "cost"
    put(s, hexes(s, "ice")[0], ME, "PI")
    after = play(s, "p1 action power4. endturn").players[ME]
    assert after.credits == 7
    assert after.power == {"area1": 2, "area2": 0, "area3": 0, "gaia": 0}


def test_nevlas_odd_power_costs_waste_the_extra_after_the_pi():
    s = fresh("nevlas")
    put(s, hexes(s, "ice")[0], ME, "PI")
    set_player(s, ME, power=(0, 0, 2, 0), ore=0)
    after = play(s, "p1 spend 3pw for 1o").players[ME]
    assert after.ore == 1 and after.power["area3"] == 0


def test_nevlas_labs_charge_2_power_income():
    s = fresh("nevlas")
    s.players[ME].research["sci"] = 0
    put(s, hexes(s, "ice")[0], ME, "lab")
    s.boosters_table = ["booster3", "booster6", "booster7"]  # booster3: 2 credits, 1 Q.I.C.
    set_player(s, ME, power=(3, 0, 0, 0), knowledge=0)
    s = settle(finish_round(s))
    p = s.players[ME]
    assert p.power["area2"] == 2 and p.knowledge == 1  # base income only


# ------------------------------------------------------------------ Itars

def test_itars_burned_tokens_go_to_the_gaia_area():
    s = fresh("itars")
    set_player(s, ME, power=(0, 4, 0, 0))
    after = play(s, "p1 burn 2").players[ME]
    assert after.power == {"area1": 0, "area2": 0, "area3": 2, "gaia": 2}


def test_itars_pi_buys_a_tech_tile_with_4_gaia_tokens_in_the_gaia_phase():
    s = fresh("itars")
    put(s, hexes(s, "ice")[0], ME, "PI")
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, ME, power=(0, 0, 0, 5))
    s = finish_round(s)
    assert s.decisions[0].kind == "gaia-phase" and ENGINE.to_move(s) == ME
    s = play(s, "p1 spend 4tg for tech", "p1 tech free1", "p1 decline")
    p = s.players[ME]
    assert [t.tile for t in p.tech] == [s.setup.tech_tiles["free1"]]
    assert p.power["gaia"] == 0
    assert total_tokens(p) == 5 - 4 + 2  # 4 discarded; the base and PI incomes' tokens arrived


def test_itars_may_decline_the_tech_tile_in_the_gaia_phase():
    s = fresh("itars")
    put(s, hexes(s, "ice")[0], ME, "PI")
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, ME, power=(0, 0, 0, 4))
    s = play(finish_round(s), "p1 decline")
    p = s.players[ME]
    assert p.tech == [] and p.power["gaia"] == 0 and p.power["area1"] >= 4


def test_itars_academy_ac1_gives_3_knowledge_income():
    s = fresh("itars")
    put(s, hexes(s, "ice")[0], ME, "ac1")
    s.boosters_table = ["booster3", "booster4", "booster5"]
    set_player(s, ME, knowledge=0)
    s = settle(finish_round(s))
    assert s.players[ME].knowledge == 1 + 3


# ------------------------------------------------------------------ more faction details

def test_lantids_guest_mine_makes_the_owners_trading_station_cheap_and_is_offered_a_charge():
    s = set_turn(fresh("lantids", "xenos"), YOU)
    t = hexes(s, "desert")[0]
    put(s, t, YOU, "m")
    s.hex(t).guests = [ME]
    after = play(s, f"p2 build ts {t}. endturn")
    assert after.players[YOU].credits == 15 - 3  # the guest mine is an opponent at distance 0
    assert [(d.kind, d.player) for d in after.decisions] == [("charge", ME)]
    assert legal_texts(after)[0] == "charge 1pw"


def test_taklons_brainstone_in_the_gaia_area_returns_to_area_1():
    s = fresh("taklons")
    s.players[ME].token = "gaia"
    set_player(s, ME, power=(0, 0, 0, 2))
    s.boosters_table = ["booster1", "booster6", "booster7"]
    s = settle(finish_round(s))
    assert s.players[ME].token == "area1" and s.players[ME].power["area1"] == 2


def test_gleens_receive_qic_from_a_tile_taken_with_their_academy_ac2():
    s = fresh("gleens", "terrans")
    lab = hexes(s, "desert")[0]
    put(s, lab, ME, "lab")
    s.setup.tech_tiles["free1"] = "tech1"
    set_player(s, ME, ore=6, qic=0)
    after = play(s, f"p1 build ac2 {lab}. tech free1. decline. endturn").players[ME]
    assert (after.qic, after.ore) == (1, 1)


def test_taklons_pi_are_offered_the_token_even_when_nothing_can_be_charged():
    s = fresh("taklons", "terrans")
    target, origin, other = find(s, lambda t, o, x: planet(s, o) in PLANETS and planet(s, x) in PLANETS
                                 and dist(s, t, o) == 1 and dist(s, t, x) == 2, "terra", None, None)
    put(s, origin, YOU)
    put(s, other, ME, "PI")
    set_player(s, ME, power=(0, 0, 6, 0), vp=20)
    s.players[ME].token = "area3"
    built = play(set_turn(s, YOU), f"p2 build m {target}. endturn")
    # token first: the new area-I token makes 2 power chargeable (cut to the PI's 3)
    assert legal_texts(built) == ["charge 0pw,1t", "charge 1t,2pw", "decline"]
    after = play(built, "p1 charge 1t,2pw").players[ME]
    assert after.power == {"area1": 0, "area2": 0, "area3": 7, "gaia": 0} and after.vp == 19


def test_taklons_burn_moves_the_brainstone_from_area_2_first():
    s = fresh("taklons")
    set_player(s, ME, power=(0, 3, 0, 0))
    s.players[ME].token = "area2"
    after = play(s, "p1 burn 1").players[ME]
    assert after.token == "area3" and after.power == {"area1": 0, "area2": 2, "area3": 0, "gaia": 0}


@pytest.mark.parametrize("labs, credits", [(1, 3), (2, 7), (3, 12)])
def test_bescods_labs_give_3_4_5_credits(labs, credits):
    s = fresh("bescods")
    for h in hexes(s, "titanium")[:labs]:
        put(s, h, ME, "lab")
    s.boosters_table = ["booster5", "booster4", "booster3"]
    set_player(s, ME, credits=0)
    s = settle(finish_round(s))
    assert s.players[ME].credits == credits
