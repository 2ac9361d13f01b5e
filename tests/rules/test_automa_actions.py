"""The Automa's actions (solo rules §7-8) on built positions: each with its condition, options and
tie-breakers, and each decision card's action under the support half of each card.

The positions are on the map of tests/automa_helpers.py (distances listed there). The Terrans
Automa (home Terra: Oxide, Ice and Gaia 1 step, Volcanic, Titanium and Transdim 2, Desert and Swamp 3)
unless a test says otherwise.
"""
from __future__ import annotations

import pytest
from automa_helpers import AUTOMA, HUMAN, SEAT, act, automa_pieces, card, position, step
from rules_helpers import CAT, ENGINE

from gaia_rules.rules.automa import select as automa_select

NO_PREFERENCE = ["structure", "structureFed"]       # final tiles whose tie-breaker prefers nothing


# ------------------------------------------------------------------ build a mine (§7.1)

def mine(state, support, **fields):
    after, turn = step(state, support, "build-mine", **fields)
    return after, turn.steps[-1]


def test_mine_goes_within_the_support_cards_range_on_the_fewest_terraforming_steps():
    # range 2 from 1B2: 1A5 transdim (2 steps), 1B0 swamp (3), 4A9 ice (1), 1A7 volcanic (2)
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=NO_PREFERENCE)
    after, record = mine(state, 4)               # card 4: range 2, left-up, no final tile
    assert (record["hex"], record["range"], record["options"]) == ("4A9", 2, 4)
    assert record["by"] == [["fewest-steps", 1]]
    assert automa_pieces(after) == {"1B2": "m", "4A9": "m"}
    assert after.turn_builds == ["4A9"]          # the charges follow the turn


def test_mine_range_4_then_closest_to_the_human_then_the_direction():
    # range 4: 1-step planets 4A9, 1A8, 5B0, 3B3, 4B0, 6B0, 5A2; closest to 2A5: 1A8 and 3B3 (4)
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=NO_PREFERENCE)
    _, right_down = mine(state, 1)               # card 1: range 4, right-down: 3B3 is on the higher row
    _, left_up = mine(state, 8)                  # card 8: range 4, left-up: 1A8 is on the lower row
    assert (right_down["hex"], left_up["hex"]) == ("3B3", "1A8")
    assert right_down["options"] == 15
    assert right_down["by"] == [["fewest-steps", 7], ["closest-to-human", 2], ["direction", 1]]


def test_mine_closest_to_the_human_decides_before_the_direction():
    state = position(pieces={"1B2": "m"}, human={"4A0": "m"}, final_tiles=NO_PREFERENCE)
    _, record = mine(state, 8)                   # 4B0 oxide is 1 from 4A0
    assert record["hex"] == "4B0"
    assert record["by"] == [["fewest-steps", 8], ["closest-to-human", 1]]


@pytest.mark.parametrize("tiles, support, expected", [
    (["gaia", "structure"], 1, "3B3"),         # top tile Gaia planets: Gaia/Transdim first, then 1 step, then closest
    (["structure", "gaia"], 8, "3B3"),         # bottom tile Gaia planets
    (["structure", "gaia"], 1, "3B3"),         # card 1 reads the top tile (structures: no preference): direction
    (["sector", "structure"], 8, "1A8"),       # card 8 reads the bottom tile: no preference, left-up
    (["structure", "sector"], 8, "3B3"),       # a new sector: not sector 1, where the Automa is
    (["structure", "planetType"], 8, "1A8"),   # every candidate type is new to it: no preference
])
def test_mine_final_tile_tiebreaker_prefers_what_the_chosen_tile_scores(tiles, support, expected):
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=tiles)
    _, record = mine(state, support)
    assert record["hex"] == expected


def test_mine_final_tile_none_skips_the_preference():
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=["gaia", "gaia"])
    _, record = mine(state, 4)                   # card 4: no final tile: the Transdim 1A5 is not preferred
    assert record["hex"] == "4A9"


def test_mine_on_transdim_makes_a_gaia_planet():
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=["gaia", "structure"])
    after, record = mine(state, 15)              # card 15: top tile, range 2: only 1A5 is Gaia/Transdim
    assert (record["hex"], record["becomes"]) == ("1A5", "gaia")
    assert ENGINE.context(after).map.planet_at(after, "1A5") == "gaia"


def test_mine_without_a_planet_in_range_upgrades_instead():
    human = {"1A5": "m", "1B0": "m", "4A9": "m", "1A7": "m"}     # every planet within 2 of 1B2 taken
    state = position(pieces={"1B2": "m"}, human=human)
    after, turn = step(state, 4, "build-mine")
    assert turn.steps[0] == {"do": "build-mine", "failed": "no-planet-in-range", "range": 2, "instead": "upgrade"}
    assert turn.steps[1]["do"] == "upgrade"
    assert automa_pieces(after) == {"1B2": "ts"}


def test_mine_with_no_mine_left_upgrades_instead():
    eight = ["1B2", "1A5", "1B0", "4A9", "1A7", "3A8", "1A11", "1A8"]
    state = position(pieces={h: "m" for h in eight}, human={"2A5": "m"})
    after, turn = step(state, 4, "build-mine")
    assert turn.steps[0] == {"do": "build-mine", "failed": "no-mine-left", "instead": "upgrade"}
    assert sum(1 for p in automa_pieces(after).values() if p == "ts") == 1
    assert len(automa_pieces(after)) == 8


def test_unbuildable_mine_nothing_is_a_switch_of_the_rules(monkeypatch):
    rules = AUTOMA.rules
    monkeypatch.setattr(AUTOMA, "rules", type(rules)(**{**rules.__dict__, "unbuildable_mine": "nothing"}))
    human = {"1A5": "m", "1B0": "m", "4A9": "m", "1A7": "m"}
    state = position(pieces={"1B2": "m"}, human=human)
    after, turn = step(state, 4, "build-mine")
    assert turn.steps == [{"do": "build-mine", "failed": "no-planet-in-range", "range": 2}]
    assert automa_pieces(after) == {"1B2": "m"}


def test_a_lone_mine_brings_a_satellite_with_the_satellite_final_tile():
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=["satellite", "structure"])
    after, record = mine(state, 4)               # 4A9 is 2 from 1B2: no Automa structure next to it
    assert record["satellite"] is True and after.players[SEAT].satellites == 1
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=NO_PREFERENCE)
    after, record = mine(state, 4)
    assert "satellite" not in record and after.players[SEAT].satellites == 0


def test_a_mine_next_to_an_automa_structure_brings_no_satellite():
    # only 1A5 (next to 1B2) in range 2 once the others are taken
    state = position(pieces={"1B2": "m"}, human={"1B0": "m", "4A9": "m", "1A7": "m"},
                     final_tiles=["satellite", "structure"])
    after, record = mine(state, 4)
    assert record["hex"] == "1A5" and after.players[SEAT].satellites == 0


# ------------------------------------------------------------------ upgrade (§7.2)

def upgrade(state, support=4):
    after, turn = step(state, support, "upgrade")
    return after, turn.steps[-1]


def test_upgrade_priority_pi_first():
    state = position(pieces={"1B2": "ts", "1A7": "m"}, human={"2A5": "m"})
    after, record = upgrade(state)
    assert (record["hex"], record["source"], record["target"]) == ("1B2", "ts", "PI")


def test_upgrade_priority_then_mine_to_trading_station_closest_to_the_human():
    state = position(pieces={"1B2": "m", "4A9": "m", "1A11": "m"}, human={"2A5": "m"})
    after, record = upgrade(state)
    assert (record["hex"], record["target"]) == ("1A11", "ts")     # 1 from 2A5
    assert record["by"] == [["closest-to-human", 1]]


def test_upgrade_ties_on_distance_go_by_direction():
    state = position(pieces={"1B2": "m", "1A7": "m"}, human={"2A5": "m"})   # both 4 from 2A5
    _, left_up = upgrade(state, 4)                # 1A7 is on the lower row
    _, right_down = upgrade(state, 1)
    assert (left_up["hex"], right_down["hex"]) == ("1A7", "1B2")


def test_upgrade_lab_to_academy_before_trading_station_to_lab():
    state = position(pieces={"1B2": "PI", "1A7": "lab", "4A9": "ts"}, human={"2A5": "m"})
    after, record = upgrade(state)
    assert (record["hex"], record["target"]) == ("1A7", "ac1")


def test_upgrade_academies_are_interchangeable():
    state = position(pieces={"1B2": "PI", "1A7": "lab", "4A9": "ac1"}, human={"2A5": "m"})
    _, record = upgrade(state)
    assert (record["hex"], record["target"]) == ("1A7", "ac2")


def test_upgrade_trading_station_to_lab_last():
    state = position(pieces={"1B2": "PI", "4A9": "ts"}, human={"2A5": "m"})
    _, record = upgrade(state)
    assert (record["hex"], record["source"], record["target"]) == ("4A9", "ts", "lab")


def test_upgrade_impossible_does_nothing_but_the_card_vp_count():
    state = position(pieces={"1B2": "PI", "4A9": "ac1", "1A7": "ac2"}, human={"2A5": "m"})
    after, turn = act(state, 10, 4)               # card 10: upgrade, 3 VP
    assert turn.steps == [{"do": "upgrade", "failed": "nothing-to-upgrade"}]
    assert (turn.vp, after.players[SEAT].vp) == (3, 23)


# ------------------------------------------------------------------ research (§7.3-7.5)

def research(state, support, action="research-highest", **fields):
    after, turn = step(state, support, action, **fields)
    return after, turn.steps[-1]


def test_research_highest_ties_go_by_numbered_selection():
    state = position(pieces={"1B2": "m"}, research={"terra": 2, "gaia": 2, "nav": 1})
    _, from_left = research(state, 1)             # card 1: "1 ->": the leftmost of terra, gaia
    _, from_right = research(state, 9)            # card 9: "<- 2": the second from the right: terra
    _, wraps = research(state, 2)                 # card 2: "2 ->": gaia
    assert (from_left["track"], from_right["track"], wraps["track"]) == ("terra", "terra", "gaia")
    assert from_left["level"] == 3


def test_research_at_level_4_takes_the_advanced_tile_out_of_the_game():
    state = position(pieces={"1B2": "m"}, research={"eco": 4})
    after, record = research(state, 1)
    assert record["tile"] == after.setup.advanced_tiles["eco"]
    assert after.tech_supply["adv-eco"] == 0 and after.players[SEAT].research["eco"] == 4


def test_research_to_the_top_level_once_the_tile_is_gone_if_nobody_stands_there():
    state = position(pieces={"1B2": "m"}, research={"eco": 4})
    state.tech_supply["adv-eco"] = 0
    after, record = research(state, 1)
    assert (record["track"], record["level"]) == ("eco", 5)


def test_research_top_level_taken_by_the_human_is_not_an_option():
    state = position(pieces={"1B2": "m"}, research={"eco": 4, "sci": 2})
    state.tech_supply["adv-eco"] = 0
    state.players[HUMAN].research["eco"] = 5
    _, record = research(state, 1)
    assert record["track"] == "sci"


def test_research_random_counts_among_every_area_it_can_advance():
    state = position(pieces={"1B2": "m"}, research={"terra": 5, "eco": 3})
    _, record = research(state, 7, "research-random")    # card 7: "4 ->" over nav, int, gaia, eco, sci
    assert record["track"] == "eco"
    _, record = research(state, 5, "research-random")    # card 5: "<- 5" over the same five: nav
    assert record["track"] == "nav"


def test_research_with_no_area_left_does_nothing():
    state = position(pieces={"1B2": "m"}, research={t: 5 for t in CAT.tracks})
    _, turn = act(state, 3, 1)
    assert turn.steps == [{"do": "research-highest", "failed": "no-research-area"}]
    assert turn.vp == 1


# ------------------------------------------------------------------ power and Q.I.C. action spaces (§7.6)

SPACES = list(AUTOMA.rules.action_spaces)


@pytest.mark.parametrize("support, expected", [(1, "power1"), (2, "power2"), (5, "power6"), (12, "qic3"),
                                               (17, "power5"), (9, "qic2")])
def test_power_qic_numbered_selection_over_the_open_spaces(support, expected):
    state = position(pieces={"1B2": "m"})
    after, turn = step(state, support, "power-qic")
    assert turn.steps == [{"do": "power-qic", "space": expected, "options": 10}]
    assert after.board_actions_used == [expected]


def test_power_qic_skips_the_spaces_taken_and_counts_round():
    state = position(pieces={"1B2": "m"})
    state.board_actions_used = SPACES[:8]                # only qic2, qic3 open
    _, turn = step(state, 7, "power-qic")                # card 7: "4 ->": qic2, qic3, qic2, qic3
    assert turn.steps[0]["space"] == "qic3"


def test_power_qic_with_every_space_taken_does_nothing():
    state = position(pieces={"1B2": "m"})
    state.board_actions_used = list(SPACES)
    after, turn = act(state, 14, 1)                      # card 14: 3 VP
    assert turn.steps == [{"do": "power-qic", "failed": "no-space-left"}]
    assert after.players[SEAT].vp == 23


# ------------------------------------------------------------------ the faction cards (§8)

def test_terrans_faction_action_gaia_research_then_a_range_4_mine_on_transdim():
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=NO_PREFERENCE)
    after, turn = act(state, 13, 4)
    assert [s["do"] for s in turn.steps] == ["research-track", "build-mine"]
    assert turn.steps[0]["level"] == 1
    mine_step = turn.steps[1]
    assert (mine_step["hex"], mine_step["range"], mine_step["by"][0]) == ("3A8", 4, ["faction", 2])
    assert mine_step["faction_tiebreaker"] == "transdim"
    assert turn.vp == 2 and after.players[SEAT].vp == 22


def test_terrans_faction_action_when_gaia_project_cannot_advance_researches_elsewhere():
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, research={"gaia": 5, "nav": 2})
    _, turn = act(state, 13, 4)
    assert turn.steps[0] == {"do": "research-track", "failed": "no-research-area", "track": "gaia",
                             "otherwise": True}
    assert turn.steps[1]["do"] == "research-random"


def test_taklons_faction_mine_range_3_closest_to_the_human_first():
    state = position("automa-taklons", pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=NO_PREFERENCE)
    after, turn = act(state, 9, 4)
    assert (turn.steps[0]["hex"], turn.steps[0]["range"]) == ("1A11", 3)   # 1 from 2A5
    assert turn.steps[1]["do"] == "power-qic" and turn.vp == 2
    _, plain = step(state, 4, "build-mine")           # a card's mine: the Swamp 1B0, 0 steps
    assert plain.steps[0]["hex"] == "1B0"


def test_xenos_does_a_cards_power_qic_action_twice_with_the_same_support():
    state = position("automa-xenos", pieces={"1B2": "m"})
    after, turn = act(state, 5, 1)                    # card 5 (1 VP) with card 1 ("1 ->")
    assert [s["space"] for s in turn.steps] == ["power1", "power2"]
    assert after.board_actions_used == ["power1", "power2"] and turn.vp == 1


def test_xenos_with_one_space_open_takes_it_and_skips_the_second():
    state = position("automa-xenos", pieces={"1B2": "m"})
    state.board_actions_used = SPACES[:9]
    after, turn = act(state, 5, 1)
    assert turn.steps == [{"do": "power-qic", "space": "qic3", "options": 1},
                          {"do": "power-qic", "failed": "no-space-left"}]


def test_xenos_faction_action_mine_then_one_power_qic():
    state = position("automa-xenos", pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=NO_PREFERENCE)
    _, turn = act(state, 9, 1)
    assert [s["do"] for s in turn.steps] == ["build-mine", "power-qic"] and turn.vp == 2


def test_itars_faction_action_two_power_qic_spaces_for_4_vp():
    state = position("automa-itars", pieces={"1B2": "m"})
    after, turn = act(state, 13, 12)                  # card 12: "<- 1": the rightmost open, twice
    assert [s["space"] for s in turn.steps] == ["qic3", "qic2"] and turn.vp == 4


def test_hadsch_hallas_gain_3_vp_for_each_trading_station_upgrade():
    state = position("automa-hadsch-hallas", pieces={"1B2": "m"}, human={"2A5": "m"})
    after, turn = act(state, 11, 4)                   # card 11: upgrade, 2 VP
    assert turn.steps[0]["target"] == "ts" and turn.steps[0]["vp"] == {"faction-rule": 3}
    assert turn.vp == 5 and after.players[SEAT].vp_sources == {"automa-rule": 3, "automa-card": 2}


def test_hadsch_hallas_faction_action_falls_back_to_a_range_3_mine():
    state = position("automa-hadsch-hallas", pieces={"1B2": "PI", "4A9": "ac1", "1A7": "ac2"}, human={"2A5": "m"},
                     final_tiles=NO_PREFERENCE)
    _, turn = act(state, 9, 4)
    assert turn.steps[0] == {"do": "upgrade", "failed": "nothing-to-upgrade", "otherwise": True}
    assert (turn.steps[1]["do"], turn.steps[1]["range"]) == ("build-mine", 3)
    assert turn.vp == 1


def test_geodens_gain_2_vp_for_a_mine_on_a_new_planet_type():
    # Geodens (Volcanic): Oxide, Desert and Gaia 1 step; the Automa stands on Terra and Volcanic
    state = position("automa-geodens", pieces={"1B2": "m", "1A7": "m"}, human={"2A5": "m"},
                     final_tiles=NO_PREFERENCE)
    after, turn = act(state, 4, 4)
    assert (turn.steps[0]["hex"], turn.steps[0]["planet"]) == ("1A8", "oxide")
    assert turn.steps[0]["vp"] == {"faction-rule": 2}
    assert turn.vp == 3 and after.players[SEAT].vp_sources == {"automa-rule": 2, "automa-card": 1}


def test_geodens_gain_nothing_more_for_a_planet_type_it_has():
    state = position("automa-geodens", pieces={"1B2": "m", "4B4": "m"}, human={"2A5": "m"},
                     final_tiles=NO_PREFERENCE)
    _, turn = act(state, 4, 4)                        # the Volcanic 1A7 (0 steps); 4B4 is Volcanic already
    assert turn.steps[0]["hex"] == "1A7" and "vp" not in turn.steps[0]
    assert turn.vp == 1


def test_firaks_downgrade_second_in_every_upgrade_then_a_research_step_after_ts_to_lab():
    state = position("automa-firaks", pieces={"1B2": "lab", "1A7": "m"}, human={"2A5": "m"})
    after, turn = act(state, 11, 4)                   # downgrade before mine -> trading station
    assert (turn.steps[0]["source"], turn.steps[0]["target"]) == ("lab", "ts")
    after, turn = act(position("automa-firaks", pieces={"1B2": "PI", "4A9": "ts"}, human={"2A5": "m"}), 11, 7)
    assert [s["do"] for s in turn.steps] == ["upgrade", "research-random"]
    assert turn.steps[1]["track"] == "gaia"           # card 7: "4 ->" over the six tracks


# ------------------------------------------------------------------ every card under every support

def oracle_mine(state, support):
    """The mine the rules of §7.1 choose, written as one sort key (preferred first, fewest steps,
    closest to the human, reading order)."""
    ctx = ENGINE.context(state)
    sup = AUTOMA.cards[card(support)]
    own = ("1B2", "1A7")
    cands = [n for n, _ in ctx.map.planets_by_name if ctx.map.planet_at(state, n) != "empty"
             and state.board.get(n) is None and min(ctx.map.distance(n, o) for o in own) <= sup.range]
    tile = automa_select.final_tile(state, sup)
    pref = AUTOMA.rules.final_tile_preferences.get(tile) if tile else None
    wheel = CAT.wheel

    def steps(n):
        p = ctx.map.planet_at(state, n)
        return min(abs(wheel.index(p)), 7 - abs(wheel.index(p))) if p in wheel else {"gaia": 1, "transdim": 2}[p]

    def preferred(n):
        p = ctx.map.planet_at(state, n)
        return {"gaia-or-transdim": p in ("gaia", "transdim"), "new-sector": ctx.map.sector_tile(n) != 1,
                "new-planet-type": p not in ("terra", "volcanic"), None: True}[pref]

    sign = 1 if sup.direction == "right-down" else -1
    return min(cands, key=lambda n: (not preferred(n), steps(n), ctx.map.distance(n, "2A5"),
                                     tuple(sign * k for k in automa_select.reading_key(ctx.map, n))))


CARDS = sorted(AUTOMA.cards.values(), key=lambda c: c.number)


@pytest.mark.parametrize("support", [c.number for c in CARDS])
@pytest.mark.parametrize("action", [c.number for c in CARDS])
def test_each_card_action_under_each_support_card(action, support):
    state = position(pieces={"1B2": "m", "1A7": "ts"}, human={"2A5": "m"}, final_tiles=["gaia", "sector"],
                     research={"terra": 1, "nav": 1, "int": 2})
    a, s = AUTOMA.cards[card(action)], AUTOMA.cards[card(support)]
    after, turn = act(state, action, support)
    first = turn.steps[0]
    if a.action == "build-mine":
        assert first["hex"] == oracle_mine(state, support) and first["range"] == s.range
    elif a.action == "upgrade":        # ts -> PI is first
        assert (first["hex"], first["target"]) == ("1A7", "PI")
    elif a.action == "research-highest":
        assert first["track"] == "int"
    elif a.action == "research-random":
        assert first["track"] == automa_select.numbered(["terra", "nav", "int", "gaia", "eco", "sci"], s.numbered)
    elif a.action == "power-qic":
        assert first["space"] == automa_select.numbered(SPACES, s.numbered)
    else:                              # the Terrans' faction action
        assert [x["do"] for x in turn.steps] == ["research-track", "build-mine"]
        assert turn.steps[1]["range"] == 4
    vp = AUTOMA.factions["automa-terrans"].vp if a.action == "faction" else a.vp
    assert after.players[SEAT].vp == 20 + vp
