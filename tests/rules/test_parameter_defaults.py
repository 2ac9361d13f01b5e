"""Every default of content/rules/parameters.yaml is read (issue 30, typed content).

For each rule parameter a designer's overlay folder (`patch:` documents, docs/content.md)
changes that one default, and a short scripted position shows the engine built from it
doing the changed thing, beside the bundled engine doing what the printed rules say. A
parameter keyed by a component's own field (`default_from`) is changed at that field: a
structure's cost or power value on the faction board, the research board's cost, a board
action's cost. The last test checks that every parameter of parameters.yaml has a test
here, so a new parameter without one fails.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from gaia_rules.board import neighbours
from gaia_rules.content import load_catalogue, loader
from gaia_rules.rules import Engine, IllegalMoveError
from gaia_rules.rules.moves import Move
from gaia_rules.setup import build_map, random_setup, restricted_types
from gaia_rules.state import FedTokenHeld
from rules_helpers import (ENGINE as BUNDLED, area_answers, clear, dist, fed_layouts, hexes, moves_of, near, planet, put,
                           set_player, set_turn, start, type_at_steps)

P1, P2, P3 = 0, 1, 2


def param(name: str, value) -> list[dict]:
    """The overlay that changes the default of rule parameter `name` in parameters.yaml."""
    return [{"patch": "parameters", "kind": "parameters", "parameters": {name: {"default": value}}}]


# One changed default per parameter: the overlay documents laid over the bundled content.
CHANGES: dict[str, list[dict]] = {
    # player parameters
    "structure_cost": [{"patch": "default", "kind": "faction_board", "structures": {"m": {"cost": "1c, 2o"}}}],
    "structure_cost_near_opponent": [{"patch": "default", "kind": "faction_board",
                                      "structures": {"ts": {"cost_near_opponent": "4c, 1o"}}}],
    "research_cost": [{"patch": "research", "kind": "research_board", "cost": "2k"}],
    "board_action_cost": [{"patch": "power4", "kind": "board_action", "cost": "3pw"}],
    "gaia_project_rounds": param("gaia_project_rounds", 2),
    "charge_free_power": param("charge_free_power", 2),
    "range": param("range", 2),
    "range_per_qic": param("range_per_qic", 3),
    "terraform_cost": param("terraform_cost", 2),
    "gaia_project_cost": param("gaia_project_cost", 4),
    "power_value": [{"patch": "default", "kind": "faction_board", "structures": {"ts": {"power_value": 3}}}],
    "power_bonus": param("power_bonus", {"home": 1, "gaia": 2}),
    "federation_threshold": param("federation_threshold", 6),
    "federation_mode": param("federation_mode", "growing"),
    "federation_threshold_growth": param("federation_threshold_growth", 3),
    "satellite_cost": param("satellite_cost", "2o"),
    "gaia_planet_cost": param("gaia_planet_cost", "2k"),
    "token_route": param("token_route", {"gaia": "area3", "burn": "gaia", "spend": "area2"}),
    "area3_token_value": param("area3_token_value", 2),
    # game parameters
    "turn_order": param("turn_order", "pass-order"),
    "growing_federation_count": param("growing_federation_count", "formed"),
    "final_zero_scores": param("final_zero_scores", False),
    "token_discard_order": param("token_discard_order", "lowest-first"),
    "adjacency_check": param("adjacency_check", "coloured-types"),
    "neutral_player_counts": param("neutral_player_counts", [1]),
    "refuse_wasted_board_actions": param("refuse_wasted_board_actions", True),
    "temporary_range_must_help": param("temporary_range_must_help", True),
    "gaia_phase_decline_ends": param("gaia_phase_decline_ends", True),
    "opening_bids": param("opening_bids", [2, 5]),
    "bid_raise": param("bid_raise", [2, 3]),
}

TESTED: set[str] = set()


def covers(name: str):
    """Mark a test as the one for parameter `name` (the last test checks every parameter has one)."""
    assert name in CHANGES, name
    TESTED.add(name)
    return lambda test: test


@pytest.fixture(scope="module")
def parsed_once():
    """Each YAML file is parsed once for all the overlays (a copy of its data is handed out each time),
    which keeps 30 catalogue loads fast; every load still merges, types and checks the content."""
    real = loader.load_yaml
    memo: dict[tuple, tuple] = {}

    def load_yaml(path, display=None):
        key = (str(path), display, Path(path).read_bytes())
        if key not in memo:
            memo[key] = real(path, display)
        return copy.deepcopy(memo[key])

    patch = pytest.MonkeyPatch()
    patch.setattr(loader, "load_yaml", load_yaml)
    yield
    patch.undo()


@pytest.fixture(scope="module")
def changed(tmp_path_factory, parsed_once):
    """changed(name): an Engine over the bundled content with `name`'s default changed (built once)."""
    engines: dict[str, Engine] = {}

    def engine(name: str) -> Engine:
        if name not in engines:
            folder: Path = tmp_path_factory.mktemp(name)
            for i, doc in enumerate(CHANGES[name]):
                (folder / f"change{i}.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
            catalogue, problems = load_catalogue([folder])
            assert problems == [], [str(p) for p in problems]
            engines[name] = Engine(catalogue)
        return engines[name]

    return engine


# ------------------------------------------------------------------ playing with a given engine

def run(engine: Engine, state, *lines: str):
    """Apply every command of the lines with `engine`."""
    for line in lines:
        for move in moves_of(state, line):
            state = engine.apply(state, move)
    return state


def refusal(engine: Engine, state, line: str) -> IllegalMoveError:
    """The error `engine` raises for the last command of `line` (the ones before it are accepted)."""
    moves = moves_of(state, line)
    for move in moves[:-1]:
        state = engine.apply(state, move)
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, moves[-1])
    return err.value


def legal(engine: Engine, state) -> list[str]:
    return [str(m) for m in engine.legal_moves(state)]


def end_round(engine: Engine, state):
    """Every player passes (taking the first booster on the table); income questions are answered
    with the first listed option; stops at another question (Gaia phase) or the next action turn."""
    start_round = state.round
    while state.round == start_round and not state.ended:
        p = engine.to_move(state)
        last = state.round >= engine.catalogue.game["rounds"]
        state = engine.apply(state, Move(p, "pass") if last else Move(p, "pass", (state.boosters_table[0],)))
    while state.decisions and state.decisions[0].kind in ("income", "token"):
        state = engine.apply(state, engine.legal_moves(state)[0])
    return state


def paid(before, after, p: int) -> tuple[int, int, int, int]:
    """(credits, ore, knowledge, Q.I.C.) player p paid between two states."""
    a, b = before.players[p], after.players[p]
    return (a.credits - b.credits, a.ore - b.ore, a.knowledge - b.knowledge, a.qic - b.qic)


def power(state, p: int) -> tuple[int, int, int, int]:
    return tuple(state.players[p].power[a] for a in ("area1", "area2", "area3", "gaia"))


# ------------------------------------------------------------------ positions

@pytest.fixture(scope="module")
def base():
    return start(["terrans", "xenos"], seed="params", round_tiles=["score4"] * 6)


@pytest.fixture
def s(base):
    """Terrans (p1) to move on an empty board: 15c 5o 5k 2q, power 2/4/0, 20 VP each."""
    return set_turn(clear(base.clone()), P1)


def two_layouts(state):
    """Two federation layouts (a, b, c, satellite hex) far apart from each other."""
    found = fed_layouts(state)
    first = found[0]
    second = next(x for x in found[1:] if min(dist(state, h, k) for h in x for k in first) > 3)
    return first, second


def fed_text(*names: str) -> str:
    return ",".join(sorted(names))


def federation(state, pieces=("PI", "m", "ac1"), layout=None, p=P1):
    """Put pieces of p on a one-satellite federation layout; the federation's hexes as a move argument."""
    a, b, c, e = layout or fed_layouts(state)[0]
    for h, piece in zip((a, b, c), pieces):
        put(state, h, p, piece)
    return fed_text(a, b, c, e), e


# ------------------------------------------------------------------ prices

@covers("structure_cost")
def test_structure_cost_of_a_mine_is_the_faction_board_cost(s, changed):
    target, origin = near(s, "terra", 1)
    put(s, origin, P1)
    line = f"p1 build m {target}. endturn"
    assert paid(s, run(BUNDLED, s, line), P1) == (2, 1, 0, 0)
    assert paid(s, run(changed("structure_cost"), s, line), P1) == (1, 2, 0, 0)


@covers("structure_cost_near_opponent")
def test_structure_cost_near_opponent_of_a_trading_station_is_the_faction_board_cost(s, changed):
    target, other = near(s, "terra", 1)
    put(s, target, P1)
    put(s, other, P2)
    line = f"p1 build ts {target}. endturn"
    assert paid(s, run(BUNDLED, s, line), P1) == (3, 2, 0, 0)
    assert paid(s, run(changed("structure_cost_near_opponent"), s, line), P1) == (4, 1, 0, 0)


@covers("research_cost")
def test_research_cost_is_the_research_board_cost(s, changed):
    line = "p1 up terra. endturn"  # level 1 of terraforming gives 2 ore
    assert paid(s, run(BUNDLED, s, line), P1) == (0, -2, 4, 0)
    after = run(changed("research_cost"), s, line)
    assert paid(s, after, P1) == (0, -2, 2, 0) and after.players[P1].research["terra"] == 1


@covers("board_action_cost")
def test_board_action_cost_is_the_cost_printed_on_the_action(s, changed):
    set_player(s, P1, power=(0, 0, 8, 0))
    line = "p1 action power4. endturn"
    assert power(run(BUNDLED, s, line), P1) == (4, 0, 4, 0)
    after = run(changed("board_action_cost"), s, line)
    assert power(after, P1) == (3, 0, 5, 0) and after.players[P1].credits == 15 + 7


@covers("terraform_cost")
def test_terraform_cost_is_ore_per_step_without_terraforming_research(s, changed):
    target, origin = near(s, type_at_steps("terra", 1), 1)
    put(s, origin, P1)
    assert s.players[P1].research["terra"] == 0
    line = f"p1 build m {target}. endturn"
    assert paid(s, run(BUNDLED, s, line), P1) == (2, 1 + 3, 0, 0)
    assert paid(s, run(changed("terraform_cost"), s, line), P1) == (2, 1 + 2, 0, 0)


@covers("gaia_planet_cost")
def test_gaia_planet_cost_is_paid_for_a_mine_on_a_gaia_planet(s, changed):
    target, origin = near(s, "gaia", 2)
    put(s, origin, P1)
    s.players[P1].research["nav"] = 2  # range 2: no Q.I.C. for the distance
    line = f"p1 build m {target}. endturn"
    assert paid(s, run(BUNDLED, s, line), P1) == (2, 1, 0, 1)
    assert paid(s, run(changed("gaia_planet_cost"), s, line), P1) == (2, 1, 2, 0)


@covers("satellite_cost")
def test_satellite_cost_is_paid_for_each_satellite(s, changed):
    set_player(s, P1, power=(6, 0, 0, 0))
    hexes_, _ = federation(s)
    line = f"p1 federation {hexes_} fed5. endturn"
    after = run(BUNDLED, s, line)
    assert power(after, P1) == (5, 0, 0, 0) and paid(s, after, P1)[1] == 0
    after = run(changed("satellite_cost"), s, line)
    assert power(after, P1) == (6, 0, 0, 0) and paid(s, after, P1)[1] == 2
    assert after.players[P1].satellites == 1


# ------------------------------------------------------------------ range

@covers("range")
def test_range_is_the_distance_built_at_without_qic(s, changed):
    target, origin = near(s, "terra", 2)
    put(s, origin, P1)
    line = f"p1 build m {target}. endturn"
    assert paid(s, run(BUNDLED, s, line), P1) == (2, 1, 0, 1)
    assert paid(s, run(changed("range"), s, line), P1) == (2, 1, 0, 0)


@covers("range_per_qic")
def test_range_per_qic_is_the_extra_distance_each_qic_buys(s, changed):
    target, origin = near(s, "terra", 4)  # range 1: 3 short
    put(s, origin, P1)
    set_player(s, P1, qic=3)
    line = f"p1 build m {target}. endturn"
    assert paid(s, run(BUNDLED, s, line), P1) == (2, 1, 0, 2)
    assert paid(s, run(changed("range_per_qic"), s, line), P1) == (2, 1, 0, 1)


@covers("temporary_range_must_help")
def test_temporary_range_need_not_help_under_the_printed_rules(s, changed):
    s.players[P1].booster = "booster5"  # special: 3 range for one build
    target, origin = near(s, "terra", 1)
    put(s, origin, P1)
    line = f"p1 special range+3. build m {target}"
    assert run(BUNDLED, s, line + ". endturn").board[target].owner == P1
    assert refusal(changed("temporary_range_must_help"), s, line).rule == "temporary-range"


# ------------------------------------------------------------------ Gaia Projects

@covers("gaia_project_cost")
def test_gaia_project_cost_is_the_tokens_a_gaia_project_moves(s, changed):
    target, origin = near(s, "transdim", 1)
    put(s, origin, P1)
    player = s.players[P1]
    player.research["gaia"], player.gaiaformers = 0, 1  # no Gaia level sets the cost: the default holds
    set_player(s, P1, power=(9, 0, 0, 0))
    line = f"p1 build gf {target}. endturn"
    assert power(run(BUNDLED, s, line), P1) == (3, 0, 0, 6)
    assert power(run(changed("gaia_project_cost"), s, line), P1) == (5, 0, 0, 4)


@covers("gaia_project_rounds")
def test_gaia_project_rounds_is_the_rounds_before_the_planet_turns_gaia(s, changed):
    target, origin = near(s, "transdim", 1)
    put(s, origin, P1)
    s.players[P1].gaiaformers = 1
    set_player(s, P1, power=(6, 0, 0, 0))

    def planet_by_round(engine):
        state = run(engine, s, f"p1 build gf {target}. endturn")
        out = []
        for _ in range(2):
            state = end_round(engine, state)
            out.append((state.round, planet(state, target)))
        return out

    assert planet_by_round(BUNDLED) == [(2, "gaia"), (3, "gaia")]
    assert planet_by_round(changed("gaia_project_rounds")) == [(2, "transdim"), (3, "gaia")]


@covers("gaia_phase_decline_ends")
def test_declining_a_step_in_the_gaia_phase_does_not_end_it_under_the_printed_rules(changed):
    state = start(["itars", "xenos"], seed="params", round_tiles=["score4"] * 6)
    s = set_turn(clear(state), P1)
    put(s, hexes(s, "ice")[0], P1, "PI")  # Itars PI: 4 Gaia-area tokens buy a tech tile in the Gaia phase
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, P1, power=(0, 0, 0, 8))

    def after_decline(engine):
        state = end_round(engine, s)
        return run(engine, state, "p1 spend 4tg for tech", "p1 tech free1", "p1 decline")

    kept = after_decline(BUNDLED)
    assert kept.decisions[0].kind == "gaia-phase" and kept.players[P1].power["gaia"] == 4
    ended = after_decline(changed("gaia_phase_decline_ends"))
    assert not any(d.kind == "gaia-phase" for d in ended.decisions) and ended.players[P1].power["gaia"] == 0


# ------------------------------------------------------------------ power and charging

def charge_offer(engine, s, target: str, other: str, piece: str) -> list[str]:
    """What Xenos (p2) are offered when the Terrans build a mine on `target` near Xenos' `piece` on `other`."""
    s = s.clone()
    put(s, other, P2, piece)
    return legal(engine, run(engine, s, f"p1 build m {target}. endturn"))


@covers("charge_free_power")
def test_charge_free_power_is_the_power_charged_without_paying_vp(s, changed):
    target, other = near(s, "terra", 1)
    put(s, other, P2, "ts")
    line = f"p1 build m {target}. endturn"
    for engine, vp in ((BUNDLED, 20 - 1), (changed("charge_free_power"), 20)):
        built = run(engine, s, line)
        assert legal(engine, built) == ["charge 2pw", "decline"]
        after = run(engine, built, "p2 charge 2pw")
        assert after.players[P2].vp == vp and power(after, P2) == (0, 6, 0, 0)


@covers("power_value")
def test_power_value_of_a_trading_station_is_the_faction_board_value(s, changed):
    target, other = near(s, "terra", 1)
    assert charge_offer(BUNDLED, s, target, other, "ts") == ["charge 2pw", "decline"]
    assert charge_offer(changed("power_value"), s, target, other, "ts") == ["charge 3pw", "decline"]


@covers("power_bonus")
def test_power_bonus_adds_nothing_on_home_or_gaia_planets_under_the_printed_rules(s, changed):
    home = near(s, "terra", 1, ["desert"])  # a Xenos mine on their home type
    gaia = near(s, "terra", 2, ["gaia"])   # a Xenos mine on a Gaia planet, in charging distance
    assert charge_offer(BUNDLED, s, *home, "m") == ["charge 1pw", "decline"]
    assert charge_offer(BUNDLED, s, *gaia, "m") == ["charge 1pw", "decline"]
    engine = changed("power_bonus")
    assert charge_offer(engine, s, *home, "m") == ["charge 2pw", "decline"]
    assert charge_offer(engine, s, *gaia, "m") == ["charge 3pw", "decline"]


@covers("area3_token_value")
def test_area3_token_value_is_the_power_of_each_spent_token(s, changed):
    set_player(s, P1, power=(0, 0, 4, 0), qic=0)
    line = "p1 spend 4pw for 1q"
    assert power(run(BUNDLED, s, line), P1) == (4, 0, 0, 0)
    after = run(changed("area3_token_value"), s, line)
    assert power(after, P1) == (2, 0, 2, 0) and after.players[P1].qic == 1


@covers("token_route")
def test_token_route_sends_spent_burned_and_gaia_tokens_to_their_areas(s, changed):
    engine = changed("token_route")
    set_player(s, P1, power=(0, 0, 4, 0))
    assert power(run(BUNDLED, s, "p1 spend 4pw for 1q"), P1) == (4, 0, 0, 0)   # spend: area I
    assert power(run(engine, s, "p1 spend 4pw for 1q"), P1) == (0, 4, 0, 0)
    set_player(s, P1, power=(0, 4, 0, 0))
    assert power(run(BUNDLED, s, "p1 burn 2"), P1) == (0, 0, 2, 0)             # burn: the supply
    assert power(run(engine, s, "p1 burn 2"), P1) == (0, 0, 2, 2)
    set_player(s, P1, power=(0, 0, 0, 0))
    set_player(s, P2, power=(0, 0, 1, 5))                                     # Xenos: no route of their own
    s.boosters_table = ["booster1", "booster6", "booster7"]                    # no power income
    assert power(end_round(BUNDLED, s), P2) == (5, 0, 1, 0)                    # Gaia phase: area I
    assert power(end_round(engine, s), P2) == (0, 0, 6, 0)


@covers("token_discard_order")
def test_token_discard_order_lets_the_player_choose_the_areas(s, changed):
    set_player(s, P1, power=(2, 4, 1, 0))
    hexes_, _ = federation(s)
    line = f"p1 federation {hexes_} fed5"
    asked = run(BUNDLED, s, line)
    assert sorted(map(str, area_answers(asked).values())) == sorted(
        map(str, [{"area1": 1}, {"area2": 1}, {"area3": 1}]))
    after = run(changed("token_discard_order"), s, line + ". endturn")
    assert power(after, P1) == (1, 4, 1, 0)


# ------------------------------------------------------------------ federations

@covers("federation_threshold")
def test_federation_threshold_is_the_power_value_a_federation_needs(s, changed):
    hexes_, _ = federation(s, ("PI", "m", "lab"))  # 3 + 1 + 2 = 6
    set_player(s, P1, power=(6, 0, 0, 0))
    line = f"p1 federation {hexes_} fed5"
    err = refusal(BUNDLED, s, line)
    assert err.rule == "federation" and "power value 7 needed" in err.message
    assert run(changed("federation_threshold"), s, line + ". endturn").players[P1].federations_formed == 1


@covers("federation_threshold_growth")
def test_federation_threshold_growth_adds_nothing_per_token_under_the_printed_rules(s, changed):
    hexes_, _ = federation(s)  # value 7
    set_player(s, P1, power=(6, 0, 0, 0))
    s.players[P1].fed_tokens = [FedTokenHeld("fed4", True)]
    line = f"p1 federation {hexes_} fed5"
    assert run(BUNDLED, s, line + ". endturn").players[P1].federations_formed == 1
    err = refusal(changed("federation_threshold_growth"), s, line)
    assert err.rule == "federation" and "power value 10 needed" in err.message


@covers("federation_mode")
def test_federation_mode_separate_lets_a_second_federation_stand_apart(s, changed):
    first, second = two_layouts(s)
    one, _ = federation(s, ("PI", "m", "ac1"), first)
    two, _ = federation(s, ("ac2", "lab", "lab"), second)
    set_player(s, P1, power=(6, 0, 0, 0))
    lines = (f"p1 federation {one} fed5. endturn", f"p2 pass {s.boosters_table[0]}")
    after = run(BUNDLED, run(BUNDLED, s, *lines), f"p1 federation {two} fed4. endturn")
    assert after.players[P1].federations_formed == 2
    engine = changed("federation_mode")
    err = refusal(engine, run(engine, s, *lines), f"p1 federation {two} fed4")
    assert err.rule == "federation" and "extend" in err.message


@covers("growing_federation_count")
def test_growing_federation_count_counts_tokens_owned_under_the_printed_rules(changed):
    state = start(["ivits", "xenos"], seed="params", round_tiles=["score4"] * 6)
    s = set_turn(clear(state), P1)
    hexes_, _ = federation(s)  # value 7; Ivits: 7 more per x
    s.players[P1].fed_tokens = [FedTokenHeld("fed4", True)]  # one token, no federation formed
    line = f"p1 federation {hexes_} fed5"
    err = refusal(BUNDLED, s, line)
    assert err.rule == "federation" and "power value 14 needed" in err.message
    assert run(changed("growing_federation_count"), s, line + ". endturn").players[P1].federations_formed == 1


# ------------------------------------------------------------------ board actions

@covers("refuse_wasted_board_actions")
def test_a_board_action_wasted_on_resource_caps_is_allowed_under_the_printed_rules(s, changed):
    set_player(s, P1, credits=30, power=(0, 0, 4, 0))  # credits at their cap
    line = "p1 action power4"
    after = run(BUNDLED, s, line + ". endturn")
    assert after.players[P1].credits == 30 and power(after, P1) == (4, 0, 0, 0)
    assert refusal(changed("refuse_wasted_board_actions"), s, line).rule == "board-action"


# ------------------------------------------------------------------ order of play

@covers("turn_order")
def test_turn_order_first_passer_then_clockwise(changed):
    state = start(["terrans", "xenos", "taklons"], seed="params")
    s = set_turn(clear(state), P2)
    set_player(s, P3, power=(0, 0, 8, 0))

    def order(engine):
        state = run(engine, s, f"p2 pass {s.boosters_table[0]}")
        state = run(engine, state, "p3 action power4. endturn")
        state = run(engine, state, f"p1 pass {state.boosters_table[0]}")
        state = end_round(engine, state)
        return state.round, state.turn_order

    assert order(BUNDLED) == (2, [P2, P3, P1])
    assert order(changed("turn_order")) == (2, [P2, P1, P3])


# ------------------------------------------------------------------ final scoring

def final_vp(engine, factions, counts) -> list[int]:
    """VP of the first final tile (structures) when player i has counts[i] mines."""
    state = start(list(factions), seed="params", round_tiles=["score4"] * 6, final_tiles=["structure", "planetType"])
    s = clear(state, credits=0, ore=0, knowledge=0, qic=0, power=(0, 0, 0, 0), vp=0)
    for p in s.players:
        p.booster = None
    s.round = engine.catalogue.game["rounds"]
    planets = [h for k in BUNDLED.catalogue.wheel for h in hexes(s, k)]
    i = 0
    for p, n in enumerate(counts):
        for h in planets[i:i + n]:
            put(s, h, p)
        i += n
    after = end_round(engine, set_turn(s, P1))
    assert after.ended
    return [p.vp_sources.get("final1", 0) for p in after.players]


@covers("final_zero_scores")
def test_a_count_of_zero_on_a_final_tile_still_scores_under_the_printed_rules(changed):
    factions = ["terrans", "xenos", "taklons"]  # three players: no neutral player
    assert final_vp(BUNDLED, factions, (2, 1, 0)) == [18, 12, 6]
    assert final_vp(changed("final_zero_scores"), factions, (2, 1, 0)) == [18, 12, 0]


@covers("neutral_player_counts")
def test_the_neutral_player_ranks_in_two_player_games(changed):
    # structure tile: the neutral player counts 11
    assert final_vp(BUNDLED, ["terrans", "xenos"], (5, 3)) == [12, 6]
    assert final_vp(changed("neutral_player_counts"), ["terrans", "xenos"], (5, 3)) == [18, 12]


# ------------------------------------------------------------------ set-up and auctions

def same_type_neighbours(catalogue, setup) -> set[str]:
    """Planet types that touch a planet of their own type across two sectors on the drawn board."""
    game_map = build_map(catalogue, setup.sectors)
    found = set()
    for coord, h in game_map.hexes.items():
        for n in neighbours(coord):
            other = game_map.hexes.get(n)
            if other is not None and other.planet == h.planet and other.sector != h.sector:
                found.add(h.planet)
    return found - {p.id for p in catalogue.planets.values() if p.habitable == "space"}


@covers("adjacency_check")
def test_adjacency_check_keeps_every_planet_type_apart_under_the_printed_rules(changed):
    engine = changed("adjacency_check")
    wheel = set(BUNDLED.catalogue.wheel)
    assert restricted_types(BUNDLED.catalogue, "rules") == wheel | {"gaia", "transdim", "lost"}
    assert restricted_types(engine.catalogue, "rules") == wheel
    bundled = [same_type_neighbours(BUNDLED.catalogue, random_setup(BUNDLED.catalogue, 2, seed, layout="random"))
               for seed in range(6)]
    coloured = [same_type_neighbours(engine.catalogue, random_setup(engine.catalogue, 2, seed, layout="random"))
                for seed in range(6)]
    assert bundled == [set()] * 6
    assert any(coloured) and all(types and not types & wheel for types in coloured if types)


def auction(engine: Engine, *lines: str):
    state = engine.new_game(random_setup(engine.catalogue, 2, "auction", auction="choose-bid"))
    return run(engine, state, "p1 faction nevlas", "p2 faction taklons", *lines)


def bids(engine: Engine, state, faction: str) -> list[int]:
    return [int(m.split()[-1]) for m in legal(engine, state) if m.startswith(f"bid {faction} ")]


@covers("opening_bids")
def test_opening_bids_on_a_faction_nobody_holds(changed):
    assert bids(BUNDLED, auction(BUNDLED), "nevlas") == list(range(0, 9))
    engine = changed("opening_bids")
    assert bids(engine, auction(engine), "nevlas") == [2, 3, 4, 5]
    assert refusal(engine, auction(engine), "p1 bid nevlas 6").rule == "bid"


@covers("bid_raise")
def test_bid_raise_on_a_held_faction(changed):
    assert bids(BUNDLED, auction(BUNDLED, "p1 bid nevlas 3"), "nevlas") == list(range(4, 13))
    engine = changed("bid_raise")
    assert bids(engine, auction(engine, "p1 bid nevlas 3"), "nevlas") == [5, 6]


# ------------------------------------------------------------------ every parameter is covered

def test_every_rule_parameter_has_a_changed_default_test():
    declared = set(BUNDLED.catalogue.parameters)
    assert set(CHANGES) == declared
    assert TESTED == declared

