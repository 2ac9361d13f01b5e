"""Income, tiles, boosters, round scoring and final scoring (components.md d, e, f, h; refnotes 1, 4.5, 10).

Positions are built on a cleared board; income is observed by ending the
round (every player passes) and reading the next round's resources.
"""
from __future__ import annotations

import pytest

from gaia_rules.state import FedTokenHeld, TechTileHeld
from rules_helpers import (near, ENGINE, WHEEL, clear, dist, finish_round, hexes, play, put, refused, set_player, set_turn,
                           settle, start, total_tokens, type_at_steps)

ME, YOU = 0, 1
PLANETS = tuple(WHEEL)
ZERO = dict(credits=0, ore=0, knowledge=0, qic=0, power=(0, 0, 0, 0), vp=20)


@pytest.fixture(scope="module")
def base():
    return start(["terrans", "xenos"], seed="scoring", round_tiles=["score4"] * 6)


@pytest.fixture
def s(base):
    return set_turn(clear(base.clone(), power=(2, 4, 0, 0), vp=20), ME)



def income(s, booster="booster5", **start_values):
    """Resources gained by the Terrans (player 1) in the next round's income, taking `booster` when passing."""
    s.boosters_table = [booster] + [b for b in ("booster1", "booster6", "booster7") if b != booster]
    set_player(s, ME, **{**ZERO, **start_values})
    after = settle(finish_round(s))
    p = after.players[ME]
    return {"credits": p.credits, "ore": p.ore, "knowledge": p.knowledge, "qic": p.qic,
            "power": (p.power["area1"], p.power["area2"], p.power["area3"]), "tokens": total_tokens(p)}


# ------------------------------------------------------------------ income of structures (components.md h)

def test_base_income_is_1_ore_1_knowledge(s):
    got = income(s, "booster5")
    assert (got["credits"], got["ore"], got["knowledge"], got["qic"]) == (0, 1, 1, 0)


@pytest.mark.parametrize("mines, ore", [(1, 1), (2, 2), (3, 2), (4, 3), (8, 7)])
def test_mine_income_third_mine_gives_nothing(s, mines, ore):
    planets = [h for k in PLANETS for h in hexes(s, k)]
    for h in planets[:mines]:
        put(s, h, ME)
    assert income(s)["ore"] == 1 + ore


@pytest.mark.parametrize("n, credits", [(1, 3), (2, 7), (3, 11), (4, 16)])
def test_trading_station_income_3_4_4_5_credits(s, n, credits):
    for h in hexes(s, "terra")[:n]:
        put(s, h, ME, "ts")
    assert income(s)["credits"] == credits


def test_research_labs_give_1_knowledge_each(s):
    for h in hexes(s, "terra")[:3]:
        put(s, h, ME, "lab")
    assert income(s)["knowledge"] == 1 + 3


def test_academy_ac1_gives_2_knowledge(s):
    put(s, hexes(s, "terra")[0], ME, "ac1")
    assert income(s)["knowledge"] == 1 + 2


def test_planetary_institute_charges_4_and_gives_1_token(s):
    put(s, hexes(s, "terra")[0], ME, "PI")
    got = income(s, "booster1", power=(4, 0, 0, 0))
    assert got["tokens"] == 5
    assert got["power"][1] + 2 * got["power"][2] == 4  # 4 power charged


def test_upgrading_a_mine_gives_up_its_income(s):
    planets = [h for k in PLANETS for h in hexes(s, k)]
    for h in planets[:2]:
        put(s, h, ME)
    put(s, planets[2], ME, "ts")
    got = income(s)
    assert (got["ore"], got["credits"]) == (1 + 2, 3)


# ------------------------------------------------------------------ boosters (components.md e)

@pytest.mark.parametrize("booster, gains", [
    ("booster1", {"ore": 1, "knowledge": 1}), ("booster3", {"credits": 2, "qic": 1}), ("booster4", {"credits": 2}),
    ("booster6", {"ore": 1}), ("booster7", {"ore": 1}), ("booster8", {"knowledge": 1}), ("booster10", {"credits": 4}),
])
def test_booster_income(s, booster, gains):
    got = income(s, booster)
    base = {"credits": 0, "ore": 1, "knowledge": 1, "qic": 0}
    for key, value in base.items():
        assert got[key] == value + gains.get(key, 0), key


def test_booster2_gives_1_ore_and_2_power_tokens(s):
    got = income(s, "booster2")
    assert got["ore"] == 2 and got["power"] == (2, 0, 0)


@pytest.mark.parametrize("booster, charge", [("booster5", 2), ("booster9", 4)])
def test_booster_power_income(s, booster, charge):
    got = income(s, booster, power=(5, 0, 0, 0))
    assert got["power"] == (5 - charge, charge, 0)


def test_booster_income_is_paid_once(s):
    # the booster taken when passing pays in the next round only; the one returned pays no more
    s.boosters_table = ["booster10", "booster6", "booster7"]
    set_player(s, ME, **ZERO)
    s = settle(finish_round(s))
    assert s.players[ME].credits == 4
    s = set_turn(s, ME)
    s.boosters_table = ["booster6", "booster7", "booster1"]
    s = settle(finish_round(s))
    assert s.players[ME].credits == 4  # booster6 gives no credits


@pytest.mark.parametrize("booster, pieces, vp", [
    ("booster6", ["m", "m", "m", "ts"], 3),
    ("booster7", ["ts", "ts", "m"], 4),
    ("booster8", ["lab", "lab", "ts"], 6),
    ("booster9", ["PI", "ac1", "ac2", "lab"], 12),
])
def test_booster_pass_vp(s, booster, pieces, vp):
    s.players[ME].booster = booster
    for h, piece in zip([h for k in PLANETS for h in hexes(s, k)], pieces):
        put(s, h, ME, piece)
    after = play(s, f"p1 pass {s.boosters_table[0]}").players[ME]
    assert after.vp == 20 + vp


def test_booster10_pass_vp_per_gaia_planet(s):
    s.players[ME].booster = "booster10"
    for h in hexes(s, "gaia")[:2]:
        put(s, h, ME)
    put(s, hexes(s, "terra")[0], ME)
    put(s, hexes(s, "transdim")[0], ME, "gf")
    s.players[ME].gaiaformers = 1
    after = play(s, f"p1 pass {s.boosters_table[0]}").players[ME]
    assert after.vp == 22


def test_booster_pass_vp_is_not_scored_without_passing(s):
    s.players[ME].booster = "booster6"
    put(s, hexes(s, "terra")[0], ME)
    set_player(s, ME, power=(0, 0, 4, 0))
    after = play(s, "p1 action power4. endturn").players[ME]
    assert after.vp == 20


# ------------------------------------------------------------------ tech tiles (components.md d)

def take(s, tile, pos="free1"):
    """Take `tile` (put at `pos`) with the qic1 action, declining the research step."""
    s.setup.tech_tiles[pos] = tile
    set_player(s, ME, qic=s.players[ME].qic + 4)
    return play(s, f"p1 action qic1. tech {pos}. decline. endturn")


def test_tech1_gives_1_ore_1_qic_at_once(s):
    p = take(s, "tech1").players[ME]
    assert (p.ore, p.qic) == (5 + 1, 2 + 1)


def test_tech2_gives_1_knowledge_per_planet_type(s):
    for k in ("terra", "oxide", "gaia"):
        put(s, hexes(s, k)[0], ME)
    put(s, hexes(s, "terra")[1], ME)
    p = take(s, "tech2").players[ME]
    assert p.knowledge == 5 + 3


def test_tech4_gives_7_vp_at_once(s):
    assert take(s, "tech4").players[ME].vp == 27


@pytest.mark.parametrize("tile, gains", [("tech5", {"ore": 1, "charge": 1}), ("tech6", {"knowledge": 1, "credits": 1}),
                                         ("tech8", {"credits": 4})])
def test_tech_tile_income(s, tile, gains):
    s = take(s, tile)
    s = set_turn(s, ME)
    got = income(s, "booster1", power=(3, 0, 0, 0))
    assert got["credits"] == gains.get("credits", 0)
    assert got["ore"] == 2 + gains.get("ore", 0)
    assert got["knowledge"] == 2 + gains.get("knowledge", 0)
    assert got["power"] == (3 - gains.get("charge", 0), gains.get("charge", 0), 0)


def test_tech7_gives_3_vp_per_mine_on_a_gaia_planet(s):
    s.players[ME].tech = [TechTileHeld("tech7", "free1")]
    target, origin = near(s, "gaia", 2)
    put(s, origin, ME)
    s.players[ME].research["nav"] = 2
    after = play(s, f"p1 build m {target}. endturn").players[ME]
    assert after.vp == 23


def test_covered_tech_tile_stops_working(s):
    s.players[ME].tech = [TechTileHeld("tech7", "free1", enabled=False)]
    target, origin = near(s, "gaia", 2)
    put(s, origin, ME)
    s.players[ME].research["nav"] = 2
    assert play(s, f"p1 build m {target}. endturn").players[ME].vp == 20


def test_advanced_tile_needs_level_4_a_green_token_and_covers_a_standard_tile(s):
    s.setup.advanced_tiles["sci"] = "advtech4"
    p = s.players[ME]
    p.tech = [TechTileHeld("tech8", "free2")]
    p.fed_tokens = [FedTokenHeld("fed5", True)]
    p.research["sci"] = 3
    set_player(s, ME, qic=4)
    assert refused(s, "p1 action qic1. tech adv-sci").rule == "tech"  # level 3 is not enough
    s.players[ME].research["sci"] = 4
    for h in hexes(s, "terra")[:3]:
        put(s, h, ME)
    s = play(s, "p1 action qic1. tech adv-sci")
    assert s.pending[0].kind == "cover"
    s = play(s, "p1 cover free2. decline. endturn")
    p = s.players[ME]
    assert p.vp == 20 + 2 * 3  # advtech4: 2 VP per mine
    assert [(t.tile, t.enabled) for t in p.tech] == [("tech8", False), ("advtech4", True)]
    assert p.fed_tokens[0].green is False


def test_advanced_tile_refused_without_a_green_token(s):
    s.setup.advanced_tiles["sci"] = "advtech4"
    p = s.players[ME]
    p.tech = [TechTileHeld("tech8", "free2")]
    p.fed_tokens = [FedTokenHeld("fed1", False)]
    p.research["sci"] = 4
    set_player(s, ME, qic=4)
    assert refused(s, "p1 action qic1. tech adv-sci").rule == "tech"


def test_advtech14_gives_3_vp_per_mine_built(s):
    s.players[ME].tech = [TechTileHeld("advtech14", "adv-nav")]
    target, origin = near(s, "terra", 1)
    put(s, origin, ME)
    assert play(s, f"p1 build m {target}. endturn").players[ME].vp == 23


def test_advtech5_gives_3_vp_per_lab_on_pass(s):
    s.players[ME].tech = [TechTileHeld("advtech5", "adv-sci")]
    s.players[ME].booster = "booster1"
    for h in hexes(s, "terra")[:2]:
        put(s, h, ME, "lab")
    assert play(s, f"p1 pass {s.boosters_table[0]}").players[ME].vp == 26


# ------------------------------------------------------------------ round scoring tiles (components.md f)

def test_score3_gives_2_vp_per_mine_in_its_round_only(s):
    s.setup.round_tiles = ["score4", "score3", "score4", "score4", "score4", "score4"]
    target, origin = near(s, "terra", 1)
    put(s, origin, ME)
    assert play(s, f"p1 build m {target}. endturn").players[ME].vp == 20
    s.setup.round_tiles = ["score3"] * 6
    after = play(s, f"p1 build m {target}. endturn").players[ME]
    assert after.vp == 22 and after.vp_sources.get("round1") == 2


def test_score1_gives_2_vp_per_terraforming_step_free_steps_included(s):
    s.setup.round_tiles = ["score1"] * 6
    target, origin = near(s, type_at_steps("terra", 3), 1)
    put(s, origin, ME)
    set_player(s, ME, ore=15, power=(0, 0, 3, 0))
    after = play(s, f"p1 action power6. build m {target}. endturn").players[ME]
    assert after.vp == 20 + 2 * 3


def test_score2_gives_2_vp_per_research_step(s):
    s.setup.round_tiles = ["score2"] * 6
    set_player(s, ME, knowledge=4)
    assert play(s, "p1 up sci. endturn").players[ME].vp == 22


@pytest.mark.parametrize("tile, vp", [("score5", 4), ("score8", 3)])
def test_trading_station_round_tiles(s, tile, vp):
    s.setup.round_tiles = [tile] * 6
    m = hexes(s, "terra")[0]
    put(s, m, ME)
    assert play(s, f"p1 build ts {m}. endturn").players[ME].vp == 20 + vp


@pytest.mark.parametrize("tile", ["score7", "score10"])
@pytest.mark.parametrize("piece, source", [("PI", "ts"), ("ac1", "lab"), ("ac2", "lab")])
def test_pi_and_academy_round_tiles_give_5_vp(s, tile, piece, source):
    s.setup.round_tiles = [tile] * 6
    h = hexes(s, "terra")[0]
    put(s, h, ME, source)
    set_player(s, ME, ore=10)
    s = play(s, f"p1 build {piece} {h}")
    if s.pending:
        s = play(s, "p1 tech free1. decline")
    assert play(s, "p1 endturn").players[ME].vp == 25


@pytest.mark.parametrize("tile, vp", [("score6", 4), ("score9", 3)])
def test_gaia_mine_round_tiles(s, tile, vp):
    s.setup.round_tiles = [tile] * 6
    target, origin = near(s, "gaia", 2)
    put(s, origin, ME)
    s.players[ME].research["nav"] = 2
    assert play(s, f"p1 build m {target}. endturn").players[ME].vp == 20 + vp
    other = next(h for h in hexes(s, "terra") if h != origin and dist(s, h, origin) <= 6)
    set_player(s, ME, qic=5)
    assert play(s, f"p1 build m {other}. endturn").players[ME].vp == 20  # not a Gaia planet


# ------------------------------------------------------------------ final scoring (components.md f, b; refnotes 10)

def final_game(factions, variant="rules", final_tiles=("structure", "planetType"), seed="final"):
    state = start(list(factions), seed=seed, variant=variant, round_tiles=["score4"] * 6, final_tiles=list(final_tiles))
    s = clear(state, credits=0, ore=0, knowledge=0, qic=0, power=(0, 0, 0, 0), vp=0)
    for p in s.players:
        p.booster = None
    s.round = 6
    return set_turn(s, 0)


def end(s):
    after = finish_round(s)
    assert after.ended
    return after


def planets_list(s):
    return [h for k in PLANETS for h in hexes(s, k)]


FOUR = ["terrans", "xenos", "taklons", "firaks"]


@pytest.mark.parametrize("counts, vps", [
    ((3, 2, 1, 0), (18, 12, 6, 0)),
    ((3, 3, 1, 1), (15, 15, 3, 3)),
    ((2, 2, 2, 1), (12, 12, 12, 0)),
    ((4, 1, 1, 1), (18, 6, 6, 6)),
    ((1, 1, 1, 1), (9, 9, 9, 9)),
])
def test_final_tile_ties_share_the_sum_of_the_places(counts, vps):
    s = final_game(FOUR)
    planets = planets_list(s)
    i = 0
    for p, n in enumerate(counts):
        for _ in range(n):
            put(s, planets[i], p)
            i += 1
    after = end(s)
    assert tuple(p.vp_sources.get("final1", 0) for p in after.players) == vps


@pytest.mark.parametrize("mine, yours, vps", [
    (12, 2, (18, 6)),   # the neutral player (11) takes second place
    (11, 2, (15, 6)),   # tied with the neutral player: (18 + 12) / 2
    (5, 3, (12, 6)),    # the neutral player first
    (5, 5, (9, 9)),     # both tied second behind the neutral player: (12 + 6) / 2
])
def test_neutral_player_ranks_in_2_player_games(mine, yours, vps):
    s = final_game(["terrans", "xenos"], final_tiles=("structure", "gaia"))
    planets = planets_list(s) + hexes(s, "gaia")
    for h in planets[:mine]:
        put(s, h, ME, "ts" if h in planets[8:] else "m")
    for h in planets[mine:mine + yours]:
        put(s, h, YOU)
    after = end(s)
    assert tuple(p.vp_sources.get("final1", 0) for p in after.players) == vps


def test_no_neutral_player_in_3_player_games():
    s = final_game(["terrans", "xenos", "taklons"])
    planets = planets_list(s)
    put(s, planets[0], 0)
    put(s, planets[1], 0)
    put(s, planets[2], 1)
    after = end(s)
    assert [p.vp_sources.get("final1", 0) for p in after.players][:2] == [18, 12]


def test_site_engine_count_zero_scores_nothing():
    s = final_game(["terrans", "xenos", "taklons"], variant="boardgamers")
    planets = planets_list(s)
    put(s, planets[0], 0)
    put(s, planets[1], 1)
    after = end(s)
    assert [p.vp_sources.get("final1", 0) for p in after.players] == [15, 15, 0]


@pytest.mark.parametrize("level, vp", [(0, 0), (2, 0), (3, 4), (4, 8), (5, 12)])
def test_research_vp_4_per_level_from_3(level, vp):
    s = final_game(["terrans", "xenos"])
    s.players[ME].research = {t: 0 for t in s.players[ME].research}
    s.players[ME].research["eco"] = level
    after = end(s).players[ME]
    assert after.vp_sources.get("eco", 0) == vp


def test_research_vp_on_every_track():
    s = final_game(["terrans", "xenos"])
    s.players[ME].research = {"terra": 3, "nav": 4, "int": 5, "gaia": 1, "eco": 3, "sci": 0}
    after = end(s).players[ME]
    assert sum(after.vp_sources.get(t, 0) for t in ("terra", "nav", "int", "gaia", "eco", "sci")) == 4 + 8 + 12 + 4


def test_resource_vp_one_per_three_after_burning_spending_power_and_qic_to_ore():
    s = final_game(["terrans", "xenos"])
    set_player(s, ME, credits=10, ore=4, knowledge=3, qic=2, power=(3, 5, 1, 2))
    after = end(s).players[ME]
    # burn 2 (area III 1 + 2 = 3 power -> 3 credits), 2 Q.I.C. -> 2 ore: 13 + 6 + 3 = 22 -> 7 VP
    assert after.vp_sources.get("spend") == 7


def test_resource_conversion_respects_caps():
    s = final_game(["terrans", "xenos"])
    set_player(s, ME, credits=28, ore=14, knowledge=15, qic=5, power=(0, 0, 6, 0))
    after = end(s).players[ME]
    assert after.vp_sources.get("spend") == (30 + 15 + 15) // 3


def test_final_scoring_runs_after_the_last_pass_of_round_6():
    s = final_game(["terrans", "xenos"])
    s = play(s, "p1 pass")
    assert not s.ended
    s = play(s, "p2 pass")
    assert s.ended and ENGINE.to_move(s) is None and ENGINE.legal_moves(s) == []
    assert all(p.final_scoring is not None for p in s.players)


def test_no_booster_is_taken_when_passing_in_round_6():
    s = final_game(["terrans", "xenos"])
    s.players[ME].booster = "booster6"
    after = play(s, "p1 pass")
    assert after.players[ME].booster is None


def test_final_tile_counts_sectors_satellites_gaia_planets_and_federated_structures():
    s = final_game(FOUR, final_tiles=("sector", "satellite"))
    c = ENGINE.context(s)
    by_sector: dict[int, list[str]] = {}
    for h in planets_list(s):
        by_sector.setdefault(c.map.hexes[c.map.by_name[h]].tile, []).append(h)
    sectors = sorted(by_sector)
    for sector in sectors[:3]:  # 3 sectors, 2 structures in the first
        put(s, by_sector[sector][0], 0)
    put(s, by_sector[sectors[0]][1], 0, "ts")
    put(s, by_sector[sectors[3]][0], 1)
    s.players[1].satellites = 4
    s.players[2].satellites = 2
    after = end(s)
    # printed rules: a count of 0 still ranks (two players tied last share (6 + 0) / 2)
    assert [p.vp_sources.get("final1", 0) for p in after.players] == [18, 12, 3, 3]  # sectors 3, 1, 0, 0
    assert [p.vp_sources.get("final2", 0) for p in after.players] == [3, 18, 12, 3]  # satellites 0, 4, 2, 0


def test_final_tile_gaia_planets_and_structures_in_federations():
    s = final_game(FOUR, final_tiles=("gaia", "structureFed"))
    gaia = hexes(s, "gaia")
    put(s, gaia[0], 0)
    put(s, gaia[1], 0)
    put(s, gaia[2], 1)
    put(s, hexes(s, "transdim")[0], 2, "gf")  # a Gaiaformer is not a Gaia planet
    s.players[2].gaiaformers = 1
    terra = hexes(s, "terra")
    for h in terra[:3]:
        put(s, h, 3, "m")
        s.hex(h).federations = [3]
    put(s, terra[3], 1)
    after = end(s)
    assert [p.vp_sources.get("final1", 0) for p in after.players] == [18, 12, 3, 3]
    assert [p.vp_sources.get("final2", 0) for p in after.players][3] == 18


def test_advtech1_gives_3_vp_per_federation_token_on_pass(s):
    s.players[ME].tech = [TechTileHeld("advtech1", "adv-eco")]
    s.players[ME].booster = "booster1"
    s.players[ME].fed_tokens = [FedTokenHeld("fed4", False), FedTokenHeld("fed5", True)]
    assert play(s, f"p1 pass {s.boosters_table[0]}").players[ME].vp == 26


def test_advtech7_gives_1_vp_per_planet_type_on_pass(s):
    s.players[ME].tech = [TechTileHeld("advtech7", "adv-nav")]
    s.players[ME].booster = "booster1"
    for k in ("terra", "oxide", "ice"):
        put(s, hexes(s, k)[0], ME)
    put(s, hexes(s, "terra")[1], ME)
    assert play(s, f"p1 pass {s.boosters_table[0]}").players[ME].vp == 23


def test_pass_vp_is_scored_in_round_6_too(s):
    s.round = 6
    s.players[ME].booster = "booster6"
    put(s, hexes(s, "terra")[0], ME)
    assert play(s, "p1 pass").players[ME].vp == 21
