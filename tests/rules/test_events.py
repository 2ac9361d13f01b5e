"""Events with data, conditions and limits (docs/effects.md, "Events").

Each test gives one faction a statement through an overlay (a copy of its
bundled file with other abilities), builds a small position with the rule
helpers, and checks the exact effect of the event.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gaia_rules.content import bundled_content_dir, default_catalogue
from gaia_rules.rules import Engine
from gaia_rules.state import GameState

from rules_helpers import clear, dist, hexes, play_on, put, set_player, set_turn, start

FACTIONS = ["terrans", "xenos", "ambas", "firaks"]


@pytest.fixture(scope="module")
def base():
    return start(FACTIONS, seed="charging", round_tiles=["score4"] * 6)


def engine_with(tmp_path: Path, faction: str, *ability: str, round_tile: str | None = None) -> Engine:
    """The bundled content with `faction`'s abilities replaced by `ability` (and a round tile's effects)."""
    folder = tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    data = yaml.safe_load((bundled_content_dir() / "factions" / f"{faction}.yaml").read_text())
    data["ability"] = list(ability)
    (folder / f"{faction}.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    if round_tile is not None:
        tile = yaml.safe_load((bundled_content_dir() / "tiles" / "round" / "score4.yaml").read_text())
        tile["effects"] = [round_tile]
        (folder / "score4.yaml").write_text(yaml.safe_dump(tile, sort_keys=False))
    return Engine(default_catalogue([folder]))


def texts(engine: Engine, state: GameState) -> list[str]:
    return [str(m) for m in engine.legal_moves(state)]


def neighbour_site(s: GameState) -> tuple[str, str, str]:
    """(a terra planet for terrans to build on, a terrans mine next to it, a planet of xenos 2 away)."""
    planets = [h for h in hexes(s) if h not in hexes(s, "space")]
    for t in hexes(s, "terra"):
        for o in planets:
            if o != t and dist(s, o, t) == 1:
                for x in planets:
                    if x not in (t, o) and dist(s, x, t) == 2 and dist(s, x, o) >= 2:
                        return t, o, x
    raise AssertionError("no site")


def charge_position(base, power=(2, 4, 0, 0), piece="ts"):
    s = set_turn(clear(base.clone(), vp=20), 0)
    target, origin, other = neighbour_site(s)
    put(s, origin, 0)
    put(s, other, 1, piece)
    set_player(s, 1, power=power)
    return s, target


# ------------------------------------------------------------------ charge through the common machinery

def test_on_charge_vp_never_offers_a_charge_of_no_power(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "on charge: 1vp")
    s, target = charge_position(base, power=(0, 0, 6, 0))  # every token in area III: nothing to charge
    after = play_on(engine, s, f"p1 build m {target}. endturn")
    assert [d.kind for d in after.decisions] == []


def test_on_charge_vp_follows_an_accepted_charge(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "on charge: 1vp")
    s, target = charge_position(base)
    after = play_on(engine, s, f"p1 build m {target}. endturn")
    assert texts(engine, after) == ["charge 2pw", "decline"]
    vp = after.players[1].vp
    charged = play_on(engine, after, "p2 charge 2pw")
    assert charged.players[1].vp == vp - 1 + 1  # the charge costs 1 VP, the statement gives 1
    declined = play_on(engine, after, "p2 decline")
    assert declined.players[1].vp == vp


def test_on_charge_up_any_keeps_the_charge_and_asks_for_the_step(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "on charge: up any")
    s, target = charge_position(base)
    after = play_on(engine, s, f"p1 build m {target}. endturn")
    assert texts(engine, after) == ["charge 2pw", "decline"]
    charged = play_on(engine, after, "p2 charge 2pw")
    assert [(d.kind, d.player) for d in charged.decisions] == [("up", 1)]
    stepped = play_on(engine, charged, "p2 up eco")
    assert stepped.players[1].research["eco"] == after.players[1].research["eco"] + 1


def test_per_pw_counts_the_power_charged(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "on charge: 2c per pw")
    s, target = charge_position(base, piece="PI")
    after = play_on(engine, s, f"p1 build m {target}. endturn")
    assert texts(engine, after) == ["charge 3pw", "decline"]
    charged = play_on(engine, after, "p2 charge 3pw")
    assert charged.players[1].credits == after.players[1].credits + 6


def test_a_round_tile_listens_to_charges_too(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", round_tile="on charge: 1k")
    s, target = charge_position(base)
    after = play_on(engine, play_on(engine, s, f"p1 build m {target}. endturn"), "p2 charge 2pw")
    assert after.players[1].knowledge == s.players[1].knowledge + 1


def test_charge_free_power_makes_a_two_power_charge_free(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "set charge_free_power = 2")
    s, target = charge_position(base, piece="PI")
    after = play_on(engine, s, f"p1 build m {target}. endturn")
    vp = after.players[1].vp
    assert play_on(engine, after, "p2 charge 3pw").players[1].vp == vp - 1


def test_opponent_build_fires_for_the_neighbour_with_the_power_it_could_charge(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "on opponent-build m: 1o per pw")
    s, target = charge_position(base, piece="PI")
    after = play_on(engine, s, f"p1 build m {target}. endturn")
    assert after.players[1].ore == s.players[1].ore + 3


# ------------------------------------------------------------------ event data, filters, conditions, limits

def mine_site(s: GameState) -> list[str]:
    """Three terra planets: a terrans mine on the first (the tests give terrans range 10 to reach the others)."""
    return hexes(s, "terra")[:3]


REACH = "set range = 10"


def mine_turn(base, tmp_path, rule: str):
    """Terrans with `rule` (and reach), 20 VP, a mine on the site's origin: (engine, state, two free sites)."""
    engine = engine_with(tmp_path, "terrans", rule, REACH)
    s = set_turn(clear(base.clone(), vp=20), 0)
    origin, a, b = mine_site(s)
    put(s, origin, 0)
    return engine, s, a, b


def test_once_per_round_limits_a_build_bonus(base, tmp_path):
    engine, s, a, b = mine_turn(base, tmp_path, "once per round: on build m: 2vp")
    first = play_on(engine, s, f"p1 build m {a}. endturn")
    assert first.players[0].vp == 22
    first.decisions = []  # (charge offers to the others: not this test's matter)
    second = play_on(engine, set_turn(first, 0), f"p1 build m {b}. endturn")
    assert second.players[0].vp == 22  # not a second time this round
    second.decisions = []
    from gaia_rules.rules import phases

    phases.start_round(engine.context(second), second, second.round + 1)  # a new round: the limit starts again
    assert second.players[0].marks == []
    second.decisions, second.phase, second.setup_queue = [], "actions", []
    third = play_on(engine, set_turn(second, 0), f"p1 build m {hexes(s, 'terra')[3]}. endturn")
    assert third.players[0].vp == 24


def test_if_condition_is_checked_as_the_statement_fires(base, tmp_path):
    engine, s, a, b = mine_turn(base, tmp_path, "if m >= 3: on build m: 5vp")
    first = play_on(engine, s, f"p1 build m {a}. endturn")
    assert first.players[0].vp == 20  # two mines after the build: the condition fails
    first.decisions = []
    second = play_on(engine, set_turn(first, 0), f"p1 build m {b}. endturn")
    assert second.players[0].vp == 25  # three mines


def test_research_level_is_countable(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "on research eco: 1vp per level")
    s = set_turn(clear(base.clone(), vp=20), 0)
    s.players[0].research["eco"] = 2
    s.players[0].knowledge = 10
    after = play_on(engine, s, "p1 up eco. endturn")
    assert after.players[0].vp == 23  # level 3 reached
    other = play_on(engine, s, "p1 up sci. endturn")
    assert other.players[0].vp == 20  # the filter: only Economy


def test_after_an_event_holds_once_it_has_happened(base, tmp_path):
    engine, s, a, b = mine_turn(base, tmp_path, "after research: on build m: 3vp")
    before = play_on(engine, s, f"p1 build m {a}. endturn")
    assert before.players[0].vp == 20
    s.players[0].knowledge = 10
    researched = play_on(engine, s, "p1 up eco. endturn")
    assert "event:research" in researched.players[0].marks
    researched.decisions = []
    built = play_on(engine, set_turn(researched, 0), f"p1 build m {a}. endturn")
    assert built.players[0].vp == researched.players[0].vp + 3


def test_structure_cost_is_a_parameter_per_player(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "set structure_cost[ts] = 1c, 1o", "set structure_cost_near_opponent[ts] = 1c")
    s = set_turn(clear(base.clone(), vp=20), 0)
    home = hexes(s, "terra")[0]
    put(s, home, 0)
    alone = play_on(engine, s, f"p1 build ts {home}. endturn")
    assert (alone.players[0].credits, alone.players[0].ore) == (14, 4)  # not 6c 2o
    other = next(h for h in hexes(s) if h not in hexes(s, "space") and dist(s, h, home) == 2)
    put(s, other, 1)
    near = play_on(engine, s, f"p1 build ts {home}. endturn")
    assert (near.players[0].credits, near.players[0].ore) == (14, 5)  # not 3c 2o
    bundled = play_on(Engine(default_catalogue()), s, f"p1 build ts {home}. endturn")
    assert (bundled.players[0].credits, bundled.players[0].ore) == (12, 3)  # the board's 3c 2o near an opponent


def test_research_cost_is_a_parameter_per_player(base, tmp_path):
    """`set research_cost = 3k`: a research step for 3 knowledge; the others still pay the board's 4."""
    engine = engine_with(tmp_path, "terrans", "set research_cost = 3k")
    s = set_turn(clear(base.clone(), vp=20), 0)
    s.players[0].knowledge = 3
    assert "up eco" in texts(engine, s)
    assert play_on(engine, s, "p1 up eco. endturn").players[0].knowledge == 0
    assert "up eco" not in texts(Engine(default_catalogue()), s)  # the board's price is 4k


def test_board_action_cost_is_a_parameter_per_player_and_per_action(base, tmp_path):
    """`set board_action_cost[qic1] = 3q`: that action for 3 Q.I.C.; the others keep the board's price."""
    engine = engine_with(tmp_path, "terrans", "set board_action_cost[qic1] = 3q")
    bundled = Engine(default_catalogue())
    s = set_turn(clear(base.clone(), vp=20), 0)
    s.players[0].qic = 3
    assert "action qic1" not in texts(bundled, s)          # the board's price is 4 Q.I.C.
    assert "action qic1" in texts(engine, s)
    after = play_on(engine, s, "p1 action qic1")
    assert after.players[0].qic == 0
    assert ("action qic2" in texts(engine, s)) == ("action qic2" in texts(bundled, s))   # unchanged


def booked(engine: Engine, state: GameState) -> dict[str, int]:
    """A player's VP by source group, as the final table and the lab read them."""
    from gaia_rules.rules.scoring import source_groups
    p = state.players[0]
    return source_groups(engine.catalogue, p.vp, p.vp_sources)


def test_vp_paid_in_a_free_action_is_booked_under_free_actions_not_start(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "free: 3vp -> 1o")
    s = set_turn(clear(base.clone(), vp=20, ore=0), 0)
    after = play_on(engine, s, "p1 spend 3vp for 1o")
    assert (after.players[0].vp, after.players[0].ore) == (17, 1)
    assert after.players[0].vp_sources == {"free-action": -3}
    assert booked(engine, after) == {"start": 20, "free actions": -3}


def test_vp_paid_for_a_structure_is_booked_under_the_faction(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "set structure_cost[ts] = 2vp")
    s = set_turn(clear(base.clone(), vp=20), 0)
    home = hexes(s, "terra")[0]
    put(s, home, 0)
    after = play_on(engine, s, f"p1 build ts {home}. endturn")
    assert after.players[0].vp == 18 and after.players[0].credits == 15   # no credits, no ore paid
    assert after.players[0].vp_sources == {"terrans": -2}
    assert booked(engine, after) == {"start": 20, "faction": -2}


def test_vp_paid_for_a_board_action_and_a_research_step_is_booked_under_each(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "set board_action_cost[qic1] = 4vp", "set research_cost = 1vp")
    s = set_turn(clear(base.clone(), vp=20), 0)
    after = play_on(engine, s, "p1 up eco. endturn")
    assert after.players[0].vp_sources == {"eco": -1} and after.players[0].vp == 19
    after = play_on(engine, s, "p1 action qic1")
    assert after.players[0].vp_sources == {"qic1": -4} and after.players[0].vp == 16
    assert booked(engine, after) == {"start": 20, "actions": -4}


def test_charge_filters_name_the_piece_built_and_the_builder(base, tmp_path):
    engine = engine_with(tmp_path, "xenos", "on charge ts|PI: 1k", "on charge terrans: 1c")
    s, target = charge_position(base)
    after = play_on(engine, play_on(engine, s, f"p1 build m {target}. endturn"), "p2 charge 2pw")
    assert after.players[1].knowledge == s.players[1].knowledge  # a mine was built: not ts or PI
    assert after.players[1].credits == s.players[1].credits + 1  # the terrans built it


def specials(engine: Engine, state: GameState) -> list[str]:
    return [t for t in texts(engine, state) if t.startswith("special")]


def test_a_special_action_is_offered_while_its_condition_holds(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "if lab >= 1: action: 1q")
    s = set_turn(clear(base.clone(), vp=20), 0)
    home = hexes(s, "terra")[0]
    put(s, home, 0, "ts")
    assert specials(engine, s) == []
    put(s, home, 0, "lab")
    assert specials(engine, s) == ["special q"]


def test_once_per_game_special_action_is_gone_after_its_use(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "once per game: action: 3k")
    s = set_turn(clear(base.clone(), vp=20), 0)
    assert specials(engine, s) == ["special 3k"]
    used = play_on(engine, s, "p1 special 3k. endturn")
    assert used.players[0].knowledge == 8
    used.decisions = []
    used.players[0].specials_used = []  # a new round (clean-up)
    assert specials(engine, set_turn(used, 0)) == []


def test_gaia_project_rounds_delays_the_completion(base, tmp_path):
    from gaia_rules.rules import phases

    engine = engine_with(tmp_path, "terrans", "set gaia_project_rounds = 2", "on gaia-complete: 2vp")
    s = set_turn(clear(base.clone(), vp=20), 0)
    transdim = hexes(s, "transdim")[0]
    put(s, transdim, 0, "gf")
    s.players[0].gaia_projects = {transdim: s.round}
    ctx = engine.context(s)
    s.round += 1
    phases.begin_gaia_phase(ctx, s)
    assert s.board[transdim].planet is None and s.players[0].vp == 20  # one round later: still under way
    s.round += 1
    phases.begin_gaia_phase(ctx, s)
    assert ctx.map.kind_at(s, transdim) == "gaia" and s.players[0].vp == 22
    assert s.players[0].gaia_projects == {}


def test_once_per_round_fires_once_for_several_steps_of_one_build(base, tmp_path):
    from rules_helpers import steps

    engine = engine_with(tmp_path, "terrans", "once per round: on step: 1vp", "on step: 1c", REACH)
    s = set_turn(clear(base.clone(), vp=20, ore=15), 0)
    home = hexes(s, "terra")[0]
    put(s, home, 0)
    far, n = next((h, steps("terra", k)) for k in ("ice", "oxide", "volcanic", "desert", "swamp", "titanium")
                  for h in hexes(s, k) if steps("terra", k) >= 2 and dist(s, h, home) <= 10)
    after = play_on(engine, s, f"p1 build m {far}. endturn")
    assert after.players[0].ore == 15 - 1 - 3 * n
    assert after.players[0].vp == 21                               # once, not once per step
    assert after.players[0].credits == s.players[0].credits - 2 + n  # the unlimited one: once per step


def test_swap_is_an_event_with_its_two_hexes(base, tmp_path):
    engine = engine_with(tmp_path, "terrans", "action: swap PI with m", "on swap: 1k per structure in swap")
    s = set_turn(clear(base.clone(), vp=20), 0)
    pi, mine = hexes(s, "terra")[:2]
    put(s, pi, 0, "PI")
    put(s, mine, 0, "m")
    asked = play_on(engine, s, "p1 special swap-PI")
    swap = next(m for m in engine.legal_moves(asked) if m.command.startswith("swap"))
    after = engine.apply(asked, swap)
    assert (after.board[pi].piece, after.board[mine].piece) == ("m", "PI")
    assert after.players[0].knowledge == s.players[0].knowledge + 2  # both hexes hold a structure of the holder
