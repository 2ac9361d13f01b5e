"""Primitives that replaced one-faction switches, each used with other numbers than the bundled faction's.

Designer design V5 lives in `tests/content/designer/v5-gaia-guests/` (YAML only):
the Lantids' guest mines narrowed to Gaia planets. The test faction in
`tests/content/primitives/` uses every primitive with its own numbers, so the
engine cannot depend on which faction a primitive serves.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.formats.movetext import token_words
from gaia_rules.formats.notation import parse_line
from gaia_rules.players import RandomBot, play_game
from gaia_rules.rules.bound import bind
from gaia_rules.rules import Engine, IllegalMoveError
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState
from rules_helpers import clear, hexes, neighbours, put, set_player, set_turn, start

ROOT = Path(__file__).resolve().parents[2]
V5 = ROOT / "tests" / "content" / "designer" / "v5-gaia-guests"
ME, YOU = 0, 1


def play_with(engine: Engine, state: GameState, line: str) -> GameState:
    names = {p.faction: p.index for p in state.players}
    for move in parse_line(line, names, state.setup.players, token_words(engine)).moves:
        state = engine.apply(state, move)
    return state


def refused_with(engine: Engine, state: GameState, line: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        play_with(engine, state, line)
    return err.value


# ------------------------------------------------------------------ placement filter (V5)

@pytest.fixture(scope="module")
def v5() -> Engine:
    return Engine(default_catalogue([V5]))


def guest_position(kind: str):
    """Lantids (player 1) with a mine next to an opponent's mine on a planet of `kind`."""
    s = set_turn(clear(start(["lantids", "xenos"], seed="v5")), ME)
    target = hexes(s, kind)[0]
    put(s, neighbours(s, target)[0], ME)
    put(s, target, YOU)
    set_player(s, ME, credits=10, ore=3, qic=1)
    return s, target


def test_v5_guest_mine_on_an_opponents_gaia_planet_costs_only_the_mine(v5):
    s, target = guest_position("gaia")
    after = play_with(v5, s, f"p1 build m {target}. endturn")
    h = after.board[target]
    assert (h.owner, h.piece, h.guests) == (YOU, "m", [ME])
    p = after.players[ME]
    assert (p.credits, p.ore, p.qic) == (8, 2, 1)  # 2c, 1o: no Gaia-planet Q.I.C. for a guest


def test_v5_guest_mine_refused_on_an_opponents_planet_of_another_kind(v5):
    s, target = guest_position("desert")
    assert refused_with(v5, s, f"p1 build m {target}").rule == "occupied"
    assert not any(m.command == "build" and m.args[1] == target for m in v5.legal_moves(s))


def test_bundled_lantids_still_guest_on_any_kind():
    from rules_helpers import ENGINE

    s, target = guest_position("desert")
    assert play_with(ENGINE, s, f"p1 build m {target}").board[target].guests == [ME]


def test_v5_lantids_play_whole_bot_games_offered_guest_mines_on_gaia_planets_only(v5):
    """Three bot games; at each Lantids turn, the listed mines on opponents' planets are all on Gaia planets."""
    offered: list[str] = []

    def look(step):
        st = step.state
        if st.ended or v5.to_move(st) != ME:
            return
        for m in v5.legal_moves(st):
            h = st.board.get(m.args[1]) if m.command == "build" and m.args[0] == "m" else None
            if h is not None and h.piece is not None and h.owner != ME:
                offered.append(v5.context(st).map.planet_at(st, m.args[1]))

    for seed in range(3):
        setup = random_setup(v5.catalogue, 3, f"v5-{seed}", factions=["lantids", "gleens", "ambas"])
        state = play_game(v5, setup, [RandomBot(f"v5-{seed}-{p}") for p in range(3)], on_move=look)
        assert state.ended and all(p.final_scoring is not None for p in state.players)
    assert offered and set(offered) == {"gaia"}


# ------------------------------------------------------------------ the primitives test faction

PRIMITIVES = ROOT / "tests" / "content" / "primitives"
TEST_FACTION = ROOT / "tests" / "content" / "test-faction"


@pytest.fixture(scope="module")
def tinkers() -> Engine:
    return Engine(default_catalogue([PRIMITIVES, TEST_FACTION]))


def tinkers_turn(engine: Engine, seed: str = "tinkers") -> GameState:
    """Tinkers (player 1) against the Testers at their first action turn, on an empty board."""
    s = engine.new_game(random_setup(engine.catalogue, 2, seed, factions=["tinkers", "testers"]))
    while not (s.phase == "actions" and not s.decisions):
        s = engine.apply(s, engine.legal_moves(s)[0])
    s = set_turn(clear(s), ME)
    s.players[ME].token = "area1"  # out of the way unless a test places it
    return s


def test_special_token_data_start_and_spend_value(tinkers):
    s = tinkers.new_game(random_setup(tinkers.catalogue, 2, "tinkers", factions=["tinkers", "testers"]))
    assert (s.players[ME].token, s.players[YOU].token) == ("area2", None)
    s = tinkers_turn(tinkers)
    set_player(s, ME, power=(0, 0, 1, 0), credits=0)
    s.players[ME].token = "area3"
    after = play_with(tinkers, s, "p1 spend 3pw for 3c").players[ME]  # 1 plain token + the keystone worth 2
    assert (after.credits, after.token, after.power["area3"]) == (3, "area2", 0)  # routed like a plain token


def test_token_route_spend_sends_spent_tokens_to_area_2(tinkers):
    s = tinkers_turn(tinkers)
    set_player(s, ME, power=(0, 0, 4, 0), qic=0)
    after = play_with(tinkers, s, "p1 spend 4pw for 1q").players[ME]
    assert (after.qic, after.power) == (1, {"area1": 0, "area2": 4, "area3": 0, "gaia": 0})


def test_token_route_burn_keeps_the_burned_token_in_area_1(tinkers):
    s = tinkers_turn(tinkers)
    set_player(s, ME, power=(0, 4, 0, 0))
    after = play_with(tinkers, s, "p1 burn 2").players[ME]
    assert after.power == {"area1": 2, "area2": 0, "area3": 2, "gaia": 0}


def test_token_route_gaia_returns_gaia_tokens_to_area_3(tinkers):
    from gaia_rules.rules import phases

    s = tinkers_turn(tinkers)
    set_player(s, ME, power=(1, 0, 0, 3))
    phases.return_gaia_tokens(bind(tinkers.context(s), s, ME))
    assert s.players[ME].power == {"area1": 1, "area2": 0, "area3": 3, "gaia": 0}


@pytest.mark.parametrize("kind, accepted", [("terra", True), ("gaia", True), ("desert", False)])
def test_placement_filter_guest_mine_only_on_the_listed_planet_types(tinkers, kind, accepted):
    s = tinkers_turn(tinkers)
    target = hexes(s, kind)[0]
    put(s, neighbours(s, target)[0], ME)
    put(s, target, YOU)
    set_player(s, ME, credits=10, ore=3, qic=1)
    if accepted:
        after = play_with(tinkers, s, f"p1 build m {target}")
        assert after.board[target].guests == [ME]
        assert (after.players[ME].credits, after.players[ME].ore, after.players[ME].qic) == (8, 2, 1)
    else:
        assert refused_with(tinkers, s, f"p1 build m {target}").rule == "occupied"


def test_action_template_build_a_mine_from_a_trading_station(tinkers):
    s = tinkers_turn(tinkers)
    ts = hexes(s, "volcanic")[0]
    put(s, ts, ME, "ts")
    set_player(s, ME, credits=0)
    after = play_with(tinkers, s, f"p1 special down-ts. build m {ts}")
    assert (after.board[ts].owner, after.board[ts].piece, after.players[ME].credits) == (ME, "m", 2)


def test_action_template_swap_a_lab_with_a_mine(tinkers):
    s = tinkers_turn(tinkers)
    lab, mine = hexes(s, "volcanic")[:2]
    put(s, lab, ME, "lab")
    put(s, mine, ME, "m")
    chosen = play_with(tinkers, s, "p1 special swap-lab")
    assert [str(m) for m in tinkers.legal_moves(chosen)] == [f"swap-lab {mine}"]  # the command names the piece that moves
    assert refused_with(tinkers, chosen, f"p1 swap-PI {mine}").rule == "sequence"
    after = play_with(tinkers, chosen, f"p1 swap-lab {mine}")
    assert (after.board[lab].piece, after.board[mine].piece) == ("m", "lab")


def test_power_bonus_by_planet_filter_counts_on_gaia_planets_once_the_pi_stands(tinkers):
    s = tinkers_turn(tinkers)
    gaia, other = hexes(s, "gaia")[0], hexes(s, "volcanic")[0]
    put(s, gaia, ME)
    put(s, other, ME)
    c = tinkers.context(s)
    assert (c.holdings.power_value(s, ME, gaia, "charge"), c.holdings.power_value(s, ME, other, "charge")) == (1, 1)
    put(s, hexes(s, "terra")[0], ME, "PI")
    c = tinkers.context(s)
    assert (c.holdings.power_value(s, ME, gaia, "charge"), c.holdings.power_value(s, ME, other, "charge")) == (2, 1)  # Bescods' bonus is on `home`


def test_federation_threshold_grows_by_its_own_step_per_federation_token(tinkers):
    from gaia_rules.rules import federations
    from gaia_rules.state import FedTokenHeld

    s = tinkers_turn(tinkers)
    c = tinkers.context(s)
    assert (federations.threshold(bind(c, s, ME)), federations.threshold(bind(c, s, YOU))) == (5, 7)
    s.players[ME].fed_tokens = [FedTokenHeld("fed1", True), FedTokenHeld("fed2", True)]
    s.players[YOU].fed_tokens = [FedTokenHeld("fed1", True)]
    assert (federations.threshold(bind(c, s, ME)), federations.threshold(bind(c, s, YOU))) == (9, 7)  # 5 + 2 x 2; Testers stay at 7
