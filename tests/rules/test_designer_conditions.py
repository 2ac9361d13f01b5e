"""Designs of issue 39 (tests/content/designer/v23-... and on), each YAML alone, played with its exact effect.

Each statement's effect is measured as in tests/rules/test_designer_constructs.py: the same position and
moves under the design and under the design without that statement (`effect`, `without`), or the
rule value each one reads. Whole bot games with each design are in the slow tier.
"""
from __future__ import annotations

import pytest

from gaia_rules.rules import IllegalMoveError, holdings
from gaia_rules.rules.bound import bind
from gaia_rules.rules.conversions import conversions
from gaia_rules.rules.moves import Move
from gaia_rules.state import Pending

from rules_helpers import clear, put
from test_designer_constructs import (DESIGNS, edited, effect, end_round, engine, gaia, hexes, plain_setup, setup_of,
                                      take_boosters, to_boosters, turn_of, without)

# ------------------------------------------------------------------ every design validates clean

ISSUE_39 = ["v23-late-bloomers", "v24-seed-growers", "v25-neighbours", "v26-homesteaders", "v27-peak-climbers",
            "v28-frontier", "v29-gaia-hurriers", "v30-quartermaster", "v31-gaia-capitals", "v32-stubborn-scholars"]
GAMES = {"v23-late-bloomers": ["late-bloomers", "terrans", "xenos"], "v24-seed-growers": ["seed-growers", "terrans", "xenos"],
         "v25-neighbours": ["neighbours", "terrans", "xenos"], "v26-homesteaders": ["homesteaders", "terrans", "ivits"],
         "v27-peak-climbers": ["peak-climbers", "terrans", "xenos"],
         "v28-frontier": "setup", "v29-gaia-hurriers": ["gaia-hurriers", "terrans", "xenos"],
         "v30-quartermaster": "setup", "v31-gaia-capitals": "setup",
         "v32-stubborn-scholars": ["stubborn-scholars", "terrans", "xenos"]}


@pytest.mark.parametrize("folder", ISSUE_39)
def test_each_issue_39_design_validates_clean_and_is_listed(folder):
    result = gaia("validate", "--content", DESIGNS / folder)
    assert (result.exit_code, result.stderr) == (0, ""), result.output + result.stderr
    assert f"| `{folder}` |" in (DESIGNS / "README.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------ v23-late-bloomers: conditions and limits everywhere

BLOOM = "v23-late-bloomers"


def bloomers_turn():
    """Late Bloomers (p1) at their first action turn against the Terrans."""
    eng = engine(BLOOM)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["late-bloomers", "terrans"], "bloomers")))
    assert eng.to_move(state) == 0
    return state


def param(eng, state, name, key=None):
    return eng.context(state).holdings.param(state, 0, name, key)


def test_bloomers_range_is_one_more_only_from_round_4():
    state = bloomers_turn()
    design, control = engine(BLOOM), without(BLOOM, "if round >= 4: set range += 1")
    seen = {}
    for rnd in (1, 3, 4, 6):
        state.round = rnd
        seen[rnd] = (param(design, state, "range"), param(control, state, "range"))
    assert seen == {1: (1, 1), 3: (1, 1), 4: (2, 1), 6: (2, 1)}


def test_bloomers_trading_stations_cost_1_credit_and_1_ore_less_with_6_planet_types():
    state = bloomers_turn()
    eng = engine(BLOOM)
    control = without(BLOOM, "if planet-type >= 6: set structure_cost[ts] -= 1c, 1o")
    clear(state)
    kinds = {}
    for name in hexes(eng, state):
        kind = eng.context(state).map.planet_at(state, name)
        if kind not in kinds and kind not in (None, "empty", "gaia-project", "lost"):
            kinds[kind] = name
    placed = list(kinds.values())
    costs = {}
    for n in (5, 6):
        clear(state)
        for name in placed[:n]:
            put(state, name, 0, "m")
        edited(state)
        costs[n] = tuple(e.context(state).holdings.structure_cost(state, 0, "ts") for e in (eng, control))
    printed = control.context(state).holdings.structure_cost(state, 0, "ts")
    assert [(p.count, p.resource) for p in printed] == [(6, "c"), (2, "o")]
    assert costs[5][0] == costs[5][1] == printed
    assert [(p.count, p.resource) for p in costs[6][0]] == [(5, "c"), (1, "o")]


def test_bloomers_a_research_step_costs_3_knowledge():
    state = bloomers_turn()
    state.players[0].knowledge = 5
    edited(state)
    diff = effect(BLOOM, "set research_cost -= 1k", state, Move(0, "up", ("terra",)))
    assert diff["players[0].knowledge"] == (2, 1)


def test_bloomers_2_credits_buy_1_knowledge_once_each_round():
    eng = engine(BLOOM)
    state = bloomers_turn()
    state.players[0].credits, state.players[0].knowledge = 10, 1
    edited(state)
    offered = [m for m in eng.legal_moves(state) if m.command == "spend" and m.args == ("2c", "1k")]
    assert offered and not [m for m in eng.legal_moves(state) if m.command == "spend" and m.args == ("4c", "2k")]
    once = eng.apply(state, Move(0, "spend", ("2c", "1k")))
    assert (once.players[0].credits, once.players[0].knowledge) == (8, 2)
    with pytest.raises(IllegalMoveError) as err:
        eng.apply(once, Move(0, "spend", ("2c", "1k")))
    assert err.value.rule == "free-action"
    with pytest.raises(IllegalMoveError) as twice:
        eng.apply(state, Move(0, "spend", ("4c", "2k")))
    assert twice.value.rule == "once-per"
    control = without(BLOOM, "once per round: free: 2c -> 1k")
    with pytest.raises(IllegalMoveError):
        control.apply(state, Move(0, "spend", ("2c", "1k")))
    next_round = turn_of(end_round(eng, once), 0)
    assert next_round.round == 2
    again = eng.apply(next_round, Move(0, "spend", ("2c", "1k")))
    assert again.players[0].credits == next_round.players[0].credits - 2


def test_bloomers_1_ore_buys_2_power_tokens_once_in_the_game_with_2_research_labs():
    eng = engine(BLOOM)
    state = bloomers_turn()
    clear(state)
    spend = Move(0, "spend", ("1o", "2t"))
    with pytest.raises(IllegalMoveError):
        eng.apply(state, spend)   # no research lab: the conversion is not open
    labs = [n for n in hexes(eng, state) if eng.context(state).map.planet_at(state, n) not in (None, "empty")][:2]
    for name in labs:
        put(state, name, 0, "lab")
    edited(state)
    after = eng.apply(state, spend)
    assert (after.players[0].ore, after.players[0].power["area1"]) == (4, 4)
    with pytest.raises(IllegalMoveError):
        eng.apply(turn_of(end_round(eng, after), 0), spend)


def test_bloomers_qic_arrive_as_ore_while_they_hold_no_academy():
    eng = engine(BLOOM)
    state = bloomers_turn()
    ctx = eng.context(state)
    assert ctx.holdings.replacements(state, 0) == {"q": "o"}
    clear(state)
    put(state, hexes(eng, state, "swamp")[0], 0, "ac2")
    edited(state)
    assert ctx.holdings.replacements(state, 0) == {}


def test_bloomers_planetary_institute_costs_1_ore_more():
    state = bloomers_turn()
    costs = [[(p.count, p.resource) for p in e.context(state).holdings.structure_cost(state, 0, "PI")]
             for e in (engine(BLOOM), without(BLOOM, "set structure_cost[PI] += 1o"))]
    assert costs == [[(6, "c"), (5, "o")], [(6, "c"), (4, "o")]]


# ------------------------------------------------------------------ v24-seed-growers: Gaia Projects never half done

GROWERS = "v24-seed-growers"


def growers_position(eng, faction="seed-growers"):
    """The faction (p1, Gaia Project level 1) with a mine beside each of two Desert planets, 6 tokens in area II."""
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, [faction, "terrans"], "growers")))
    clear(state, power=(0, 6, 0, 0))
    m = eng.context(state).map
    planets = [n for n in hexes(eng, state) if m.planet_at(state, n) not in (None, "empty", "desert")]
    found = []
    for desert in hexes(eng, state, "desert"):
        beside = next((n for n in planets if m.distance(n, desert) == 1 and n not in found), None)
        if beside is not None:
            put(state, beside, 0, "m")
            found.append(desert)
        if len(found) == 2:
            edited(state)
            return state, found[0], found[1]
    raise AssertionError("no planets beside two deserts")


def seed(eng, state, site, piece=None):
    """The faction's Gaiaformer piece placed on `site` (a seeder on a Desert, a gf elsewhere), its questions answered."""
    piece = piece or ("sd" if eng.context(state).map.planet_at(state, site) == "desert" else "gf")
    state = eng.apply(state, Move(0, "build", (piece, site)))
    while state.pending or state.decisions:
        state = eng.apply(state, eng.legal_moves(state)[0])
    return state


def test_a_mine_without_over_gaia_project_is_refused_on_a_project_under_way():
    eng = engine("v22-pioneers")
    state, desert, _ = growers_position(eng, "pioneers")
    state = seed(eng, state, desert)
    assert state.players[0].gaia_projects == {desert: 1}
    state.current, state.main_done, state.turn_done = 0, False, False
    assert not [m for m in eng.legal_moves(state) if m.command == "build" and m.args[1:] == (desert,)]
    with pytest.raises(IllegalMoveError) as err:
        eng.apply(state, Move(0, "build", ("m", desert)))
    assert err.value.rule == "gaia-project" and "still under way" in err.value.message


def test_growers_mine_on_a_project_under_way_completes_it_and_pays_a_gaia_planet():
    eng = engine(GROWERS)
    state, desert, _ = growers_position(eng)
    state = seed(eng, state, desert)
    state.current, state.main_done, state.turn_done = 0, False, False
    before = state.players[0]
    assert Move(0, "build", ("m", desert)) in eng.legal_moves(state)
    after = eng.apply(state, Move(0, "build", ("m", desert)))
    p = after.players[0]
    assert eng.context(after).map.planet_at(after, desert) == "gaia"
    assert p.gaia_projects == {} and after.board[desert].piece == "m"
    assert (before.credits - p.credits, before.ore - p.ore, before.qic - p.qic) == (2, 1, 1)   # mine + gaia_planet_cost
    assert p.vp - before.vp == 2   # on gaia-complete: 2vp


def test_growers_mine_on_a_free_desert_costs_1_credit_and_no_terraforming():
    eng = engine(GROWERS)
    state, _, desert = growers_position(eng)
    before = state.players[0]
    p = eng.apply(state, Move(0, "build", ("m", desert))).players[0]
    assert (before.credits - p.credits, before.ore - p.ore) == (3, 1)
    ctx = eng.context(state)
    price = ctx.content.placement(state.players[0], "m").price
    assert sorted(price) == sorted(set(price))   # the board's home and gaia prices kept, desert added
    assert {"desert", "gaia", "terra"} <= set(price)


def test_growers_projects_complete_as_they_start_once_the_pi_stands():
    eng = engine(GROWERS)
    state, desert, _ = growers_position(eng)
    home = next(n for n, h in state.board.items() if h.owner == 0)
    put(state, home, 0, "PI")
    edited(state)
    assert eng.context(state).holdings.param(state, 0, "gaia_project_rounds") == 0
    vp = state.players[0].vp
    after = seed(eng, state, desert)
    assert eng.context(after).map.planet_at(after, desert) == "gaia"
    assert after.players[0].gaia_projects == {} and after.players[0].vp - vp == 2


# ------------------------------------------------------------------ v25-neighbours: opponents' pieces in a place

NEIGHBOURS = "v25-neighbours"


def neighbours_position():
    """Neighbours (p1) to build a mine on a Swamp planet T (their home type) from a mine beside it; an empty board."""
    eng = engine(NEIGHBOURS)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["neighbours", "terrans"], "neighbours")))
    clear(state)
    m = eng.context(state).map
    planets = [n for n in hexes(eng, state) if m.planet_at(state, n) not in (None, "empty")]
    for target in hexes(eng, state, "swamp"):
        beside = next((n for n in planets if m.distance(n, target) == 1), None)
        if beside is not None:
            put(state, beside, 0, "m")
            edited(state)
            return eng, state, target, beside
    raise AssertionError("no swamp planet beside another planet")


def opponent_ring(eng, state, target, beside, near: int, far: int):
    """`near` Terran structures within distance 2 of target (not in its sector), `far` at distance 3 or more."""
    m = eng.context(state).map
    sector = m.sector_tile(target)
    free = [n for n in hexes(eng, state) if n not in (target, beside) and m.planet_at(state, n) not in (None, "empty")
            and m.sector_tile(n) != sector]
    close = [n for n in free if m.distance(n, target) <= 2][:near]
    away = [n for n in free if m.distance(n, target) >= 3][:far]
    assert len(close) == near and len(away) == far
    for n in close + away:
        put(state, n, 1, "ts")
    edited(state)


def test_neighbours_a_mine_scores_1_vp_per_opponent_structure_within_distance_2():
    eng, state, target, beside = neighbours_position()
    opponent_ring(eng, state, target, beside, near=2, far=3)
    diff = effect(NEIGHBOURS, "on build m: 1vp per opponent-structure within 2", state, Move(0, "build", ("m", target)))
    assert diff["players[0].vp"][0] - diff["players[0].vp"][1] == 2


def test_neighbours_a_mine_in_a_sector_without_opponents_gives_2_credits():
    eng, state, target, beside = neighbours_position()
    opponent_ring(eng, state, target, beside, near=1, far=0)   # not in the sector of the target
    statement = "if opponent-structure in sector = 0: on build m: 2c"
    assert effect(NEIGHBOURS, statement, state, Move(0, "build", ("m", target)))["players[0].credits"] == (
        state.players[0].credits - 2 + 2, state.players[0].credits - 2)
    m = eng.context(state).map
    same = next(n for n in hexes(eng, state) if m.sector_tile(n) == m.sector_tile(target)
                and n not in (target, beside) and m.planet_at(state, n) not in (None, "empty"))
    put(state, same, 1, "m")
    edited(state)
    assert "players[0].credits" not in effect(NEIGHBOURS, statement, state, Move(0, "build", ("m", target)))


def test_neighbours_passing_gives_1_knowledge_per_3_opponent_mines():
    eng, state, target, beside = neighbours_position()
    m = eng.context(state).map
    spots = [n for n in hexes(eng, state) if n not in (target, beside) and m.planet_at(state, n) not in (None, "empty")]
    for n in spots[:7]:
        put(state, n, 1, "m")
    edited(state)
    diff = effect(NEIGHBOURS, "pass: 1k per 3 opponent-m", state, Move(0, "pass", (state.boosters_table[0],)))
    assert diff["players[0].knowledge"][0] - diff["players[0].knowledge"][1] == 2


def test_trade_hubs_ranks_players_by_trading_stations_and_planetary_institutes_together():
    eng, state, target, beside = neighbours_position()
    m = eng.context(state).map
    spots = [n for n in hexes(eng, state) if n not in (target, beside) and m.planet_at(state, n) not in (None, "empty")]
    for n, piece in zip(spots, ["ts", "ts", "PI", "lab"]):
        put(state, n, 0, piece)
    edited(state)
    assert eng.context(state).holdings.count_of(state, 0, "ts|PI") == 3
    result = gaia("explain", "trade-hubs", "--content", DESIGNS / NEIGHBOURS)
    assert "1 per trading station and planetary institute (`ts|PI`)" in result.output


def test_the_set_up_file_puts_trade_hubs_in_the_game():
    result = gaia("validate", "--content", DESIGNS / NEIGHBOURS, "--setup", DESIGNS / "setups" / "v25-neighbours.yaml")
    assert result.exit_code == 0, result.output
    assert "final tiles" in result.output


# ------------------------------------------------------------------ v26-homesteaders: keyed by structure and planet kind

HOMESTEADERS = "v26-homesteaders"


def homesteaders_position():
    """Homesteaders (p1, home: desert) with a mine beside a Desert planet and beside a planet of another type."""
    eng = engine(HOMESTEADERS)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["homesteaders", "terrans"], "homesteaders")))
    clear(state, ore=10, credits=20)
    m = eng.context(state).map
    planets = [n for n in hexes(eng, state) if m.planet_at(state, n) not in (None, "empty", "transdim", "lost")]
    found = {}
    for kind, test in (("home", lambda k: k == "desert"), ("other", lambda k: k not in ("desert", "gaia"))):
        for target in planets:
            if test(m.planet_at(state, target)) and target not in found.values():
                beside = next((n for n in planets if m.distance(n, target) == 1 and n not in found.values()
                               and state.board.get(n) is None), None)
                if beside is not None:
                    put(state, beside, 0, "m")
                    found[kind] = target
                    break
    edited(state)
    return eng, state, found


def paid(before, after):
    return (before.credits - after.credits, before.ore - after.ore)


def test_homesteaders_mines_cost_3c_1o_but_1c_1o_on_their_home_type():
    eng, state, found = homesteaders_position()
    home = eng.apply(state, Move(0, "build", ("m", found["home"])))
    assert paid(state.players[0], home.players[0]) == (1, 1)
    other = eng.apply(state, Move(0, "build", ("m", found["other"])))
    steps = eng.context(state).holdings.param(state, 0, "terraform_cost")
    from gaia_rules.rules.building import terraform_steps
    n = terraform_steps(eng.context(state), "desert", eng.context(state).map.planet_at(state, found["other"]))
    assert paid(state.players[0], other.players[0]) == (3, 1 + n * steps)
    control = without(HOMESTEADERS, "set structure_cost[m-on-home] = 1c, 1o")
    assert paid(state.players[0], control.apply(state, Move(0, "build", ("m", found["home"]))).players[0]) == (3, 1)


def test_homesteaders_a_trading_station_on_a_gaia_planet_has_power_value_3():
    eng, state, _ = homesteaders_position()
    ctx = eng.context(state)
    gaia_hex = hexes(eng, state, "gaia")[0]
    plain = next(n for n in hexes(eng, state, "terra") if state.board.get(n) is None)
    put(state, gaia_hex, 0, "ts")
    put(state, plain, 0, "ts")
    edited(state)
    values = {name: (eng.context(state).holdings.power_value(state, 0, name, "federation"),
                     without(HOMESTEADERS, "set power_value[ts-on-gaia] = 3").context(state).holdings.power_value(
                         state, 0, name, "federation")) for name in (gaia_hex, plain)}
    assert values == {gaia_hex: (3, 2), plain: (2, 2)}
    assert ctx is not None


def test_homesteaders_an_academy_on_their_home_type_costs_1_ore_less():
    eng, state, found = homesteaders_position()
    h = eng.context(state).holdings
    costs = {kind: [(p.count, p.resource) for p in h.structure_cost(state, 0, "ac1", planet=planet)]
             for kind, planet in (("home", "desert"), ("other", "terra"))}
    assert costs == {"home": [(6, "c"), (5, "o")], "other": [(6, "c"), (6, "o")]}


def test_a_key_on_a_planet_kind_is_checked(tmp_path):
    (tmp_path / "f.yaml").write_text(
        "kind: faction\nid: zorgs\nname: Zorgs\nhome: terra\nboard: default\nability:\n"
        "  - \"set power_value[ts-on-gaiaa] = 3\"\n  - \"set range[m-on-gaia] = 2\"\n", encoding="utf-8")
    result = gaia("validate", "--content", tmp_path)
    assert "unknown planet kind 'gaiaa' in key 'ts-on-gaiaa' (did you mean 'gaia'?)" in result.output
    assert "'range' takes no key" in result.output


# ------------------------------------------------------------------ v27-peak-climbers: what happens instead

PEAK = "v27-peak-climbers"


def step_owed(track: str, nav: int = 0):
    """Peak Climbers (p1, Navigation at `nav`) owed a step up `track` (as a tech tile or an `up` gives one)."""
    eng = engine(PEAK)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["peak-climbers", "terrans"], "peak")))
    holdings.set_research(state, 0, {**state.players[0].research, "nav": nav})
    state.pending = [Pending("up", 0, {"track": track, "source": "test"})]
    return edited(state)


def test_peak_climbers_a_step_on_their_locked_track_gives_2_ore_instead():
    state = step_owed("terra")
    diff = effect(PEAK, "on refused terra: 2o", state, Move(0, "decline"))
    assert diff == {"players[0].ore": (state.players[0].ore + 2, state.players[0].ore)}


def test_peak_climbers_the_first_step_their_lock_refuses_gives_1_qic_too():
    eng = engine(PEAK)
    state = step_owed("terra")
    statement = "once per game: on refused locked: 1q"
    assert effect(PEAK, statement, state, Move(0, "decline")) == {
        "players[0].qic": (state.players[0].qic + 1, state.players[0].qic)}
    once = eng.apply(state, Move(0, "decline"))
    once.pending = [Pending("up", 0, {"track": "terra", "source": "test"})]
    twice = eng.apply(once, Move(0, "decline"))
    assert (twice.players[0].qic, twice.players[0].ore) == (once.players[0].qic, once.players[0].ore + 2)


def test_peak_climbers_a_step_past_the_top_gives_3_vp_instead():
    state = step_owed("nav", nav=5)
    diff = effect(PEAK, "on refused top: 3vp per step", state, Move(0, "decline"))
    assert diff == {"players[0].vp": (state.players[0].vp + 3, state.players[0].vp)}


def test_peak_climbers_a_step_they_could_take_and_decline_gives_nothing():
    eng = engine(PEAK)
    state = step_owed("nav", nav=2)
    after = eng.apply(state, Move(0, "decline"))
    assert (after.players[0].vp, after.players[0].ore) == (state.players[0].vp, state.players[0].ore)


def test_a_reward_on_a_track_the_faction_always_locks_is_noted(tmp_path):
    (tmp_path / "zorgs.yaml").write_text(
        "kind: faction\nid: zorgs\nname: Zorgs\nhome: terra\nboard: default\nability:\n"
        "  - \"lock up nav\"\n  - \"on research nav: 2vp\"\nplanetary_institute:\n  - \"now: up nav, 1o\"\n",
        encoding="utf-8")
    result = gaia("validate", "--content", tmp_path)
    assert result.exit_code == 0
    assert (f"{tmp_path}/zorgs.yaml:8:18: note: a step on 'nav' can never be taken: this faction always locks it "
            f"('lock up nav'); write what it gets instead with 'on refused nav: ...'") in result.stderr
    assert f"{tmp_path}/zorgs.yaml:10:14: note: a step on 'nav'" in result.stderr


# ------------------------------------------------------------------ v28-frontier: conditions and places on a tile

FRONTIER = "v28-frontier"


def frontier_turn():
    """The Terrans (p1) holding the Frontier charter at their first action turn, an empty board."""
    eng = engine(FRONTIER)
    state = take_boosters(eng, to_boosters(eng, setup_of(eng, FRONTIER)))
    holdings.take_tile(state, 0, "frontier-charter", "free1")
    clear(state)
    return eng, edited(state)


def test_the_set_up_file_puts_the_frontier_charter_on_the_table():
    eng = engine(FRONTIER)
    assert setup_of(eng, FRONTIER).tech_tiles["free1"] == "frontier-charter"


def test_frontier_a_gaia_planet_costs_no_qic_with_structures_in_3_sectors():
    eng, state = frontier_turn()
    m = eng.context(state).map
    by_sector = {}
    for n in hexes(eng, state):
        if m.planet_at(state, n) not in (None, "empty"):
            by_sector.setdefault(m.sector_tile(n), n)
    seen = {}
    for k in (2, 3):
        clear(state)
        for n in list(by_sector.values())[:k]:
            put(state, n, 0, "m")
        edited(state)
        seen[k] = [(p.count, p.resource) for p in eng.context(state).holdings.param(state, 0, "gaia_planet_cost")]
    assert seen == {2: [(1, "q")], 3: []}


def test_frontier_3_credits_buy_1_qic_once_a_round():
    eng, state = frontier_turn()
    once = eng.apply(state, Move(0, "spend", ("3c", "1q")))
    assert (state.players[0].credits - once.players[0].credits, once.players[0].qic - state.players[0].qic) == (3, 1)
    with pytest.raises(IllegalMoveError):
        eng.apply(once, Move(0, "spend", ("3c", "1q")))


def test_frontier_a_mine_with_no_opponent_within_1_gives_1_knowledge():
    eng, state = frontier_turn()
    m = eng.context(state).map
    planets = [n for n in hexes(eng, state) if m.planet_at(state, n) == "terra"]   # the Terrans' home type
    target = planets[0]
    beside = next(n for n in hexes(eng, state) if m.distance(n, target) == 1 and m.planet_at(state, n) not in (None, "empty"))
    put(state, beside, 0, "m")
    edited(state)
    statement = "if opponent-structure within 1 = 0: on build m: 1k"
    k = state.players[0].knowledge
    assert effect(FRONTIER, statement, state, Move(0, "build", ("m", target)))["players[0].knowledge"] == (k + 1, k)
    near = next(n for n in hexes(eng, state) if m.distance(n, target) == 1 and n != beside)
    put(state, near, 1, "ts")   # an opponent's structure beside it (where does not matter to the count)
    edited(state)
    assert "players[0].knowledge" not in effect(FRONTIER, statement, state, Move(0, "build", ("m", target)))


# ------------------------------------------------------------------ v29-gaia-hurriers: projects of 0 rounds

HURRIERS = "v29-gaia-hurriers"


def hurriers_position(opponents: int):
    """Gaia Hurriers (p1, Gaia Project level 1) beside a Transdim planet, `opponents` Terran structures within 2."""
    eng = engine(HURRIERS)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["gaia-hurriers", "terrans"], "hurriers")))
    clear(state, power=(0, 6, 0, 0))
    m = eng.context(state).map
    site = hexes(eng, state, "transdim")[0]
    around = [n for n in hexes(eng, state) if n != site and m.distance(n, site) <= 2]
    put(state, next(n for n in around if m.distance(n, site) == 1), 0, "m")
    for n in [n for n in around if state.board.get(n) is None][:opponents]:
        put(state, n, 1, "ts")
    return eng, edited(state), site


def test_hurriers_a_gaia_project_completes_as_it_starts():
    eng, state, site = hurriers_position(opponents=0)
    after = seed(eng, state, site)   # the Gaiaformer placed, its tokens answered
    assert eng.context(after).map.planet_at(after, site) == "gaia" and after.players[0].gaia_projects == {}
    control = without(HURRIERS, "set gaia_project_rounds = 0")
    later = control.apply(state, Move(0, "build", ("gf", site)))
    while later.pending or later.decisions:
        later = control.apply(later, control.legal_moves(later)[0])
    assert control.context(later).map.planet_at(later, site) == "transdim" and later.players[0].gaia_projects == {site: 1}


def test_hurriers_a_completed_project_gives_1_vp_per_opponent_structure_within_2():
    eng, state, site = hurriers_position(opponents=3)
    vp = state.players[0].vp
    assert seed(eng, state, site).players[0].vp - vp == 3


def test_hurriers_the_gaia_phase_conversion_is_open_only_with_2_gaia_planets():
    eng, state, _ = hurriers_position(opponents=0)
    gaia_planets = hexes(eng, state, "gaia")
    seen = {}
    for k in (1, 2):
        for n in gaia_planets[:k]:
            put(state, n, 0, "m")
        edited(state)
        seen[k] = [(c[0].count, c[0].resource) for c, g in conversions(bind(eng.context(state), state, 0), gaia_phase=True)]
    assert seen == {1: [], 2: [(2, "c")]}
