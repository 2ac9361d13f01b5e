"""Designs of issue 31 (tests/content/designer/v9-... to v22-...), each YAML alone, played with its exact effect.

Each design uses constructs of the effect language a designer could not write
before issue 31: every quantity counted (after `per`, in `if`, on round and
final scoring tiles), relative (`+=`, `-=`) and per-use (`for USE`) parameter
changes, new tiles, boosters and final tiles put into a game by a set-up file
(`tests/content/designer/setups/`), a value at the edge of its declared range,
conditions read by their meaning in `gaia explain`.

A statement's exact effect is measured against the same design without that
statement (`effect`): the same move is applied from the same position under
both, and what differs in the two results is what the statement did, to the
number. Whole bot games with each design are in the slow tier.
"""
from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.rules import Engine, IllegalMoveError, building, federations, holdings, special_token
from gaia_rules.rules.bound import bind
from gaia_rules.rules.moves import Move
from gaia_rules.setup import load_setup_file, random_setup, setup_arguments
from gaia_rules.state import AREAS, FedTokenHeld, GameState

from rules_helpers import clear, fed_layouts, put
import state_diff

ROOT = Path(__file__).resolve().parents[2]
DESIGNS = ROOT / "tests" / "content" / "designer"
SETUPS = DESIGNS / "setups"
runner = CliRunner()


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


# ------------------------------------------------------------------ engines: a design, and the design without one statement

@functools.cache
def engine(folder: str) -> Engine:
    return Engine(default_catalogue([DESIGNS / folder]))


_SCRATCH = Path(tempfile.mkdtemp(prefix="designer-constructs-"))


@functools.cache
def without(folder: str, statement: str) -> Engine:
    """The design with one effect string taken out of the file that holds it (its control); a component
    that must have effects keeps one that gives nothing (`0vp`)."""
    copy = _SCRATCH / f"{folder}-{len(list(_SCRATCH.iterdir()))}"
    copy.mkdir()
    found = 0
    for f in sorted((DESIGNS / folder).glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        for key, value in data.items():
            if isinstance(value, list) and statement in value:
                data[key] = [x for x in value if x != statement] or (
                    ["now: 0vp"] if data["kind"] == "federation_token" else ["on round-end: 0vp"])
                found += 1
        (copy / f.name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert found == 1, (folder, statement)
    return Engine(default_catalogue([copy]))


def differences(a: GameState, b: GameState) -> dict[str, tuple]:
    """Leaves that differ ('players[0].vp': (with, without)), bookkeeping left out (also the marks of
    `once per` limits and the VP by source: the VP themselves are compared)."""
    return state_diff.differences(a, b, lambda key: ".vp_sources" in key or ".marks[" in key)


def apply_all(eng: Engine, state: GameState, steps) -> GameState:
    """Each step in turn: a move, or a function playing on (`end_round`)."""
    for step in steps:
        state = eng.apply(state, step) if isinstance(step, Move) else step(eng, state)
    return state


def effect(folder: str, statement: str, state: GameState, *steps) -> dict[str, tuple]:
    """What one statement of a design does to the moves played from a position: (with it, without it)."""
    return differences(apply_all(engine(folder), state, steps), apply_all(without(folder, statement), state, steps))


# ------------------------------------------------------------------ positions

def setup_of(eng: Engine, name: str):
    """The set-up a file of tests/content/designer/setups/ fixes, the rest drawn from its seed."""
    args = setup_arguments(load_setup_file(eng.catalogue, SETUPS / f"{name}.yaml").fields)
    return random_setup(eng.catalogue, args["players"], args["seed"], variant=args["variant"],
                        layout=args["layout"], factions=args["factions"], fixed=args["fixed"])


def plain_setup(eng: Engine, factions: list[str], seed="constructs", **fixed):
    return random_setup(eng.catalogue, len(factions), seed, factions=factions, fixed=fixed or None)


def answer(eng: Engine, state: GameState) -> Move:
    """The first listed move; in the Gaia phase, declining the optional conversions."""
    moves = eng.legal_moves(state)
    if state.decisions and state.decisions[0].kind == "gaia-phase":
        return next(m for m in moves if m.command == "decline")
    return moves[0]


def settle(eng: Engine, state: GameState) -> GameState:
    """Answer every decision (`answer`) until an action turn (or the end)."""
    while not state.ended and not (state.phase == "actions" and not state.decisions):
        state = eng.apply(state, answer(eng, state))
    return state


def to_boosters(eng: Engine, setup) -> GameState:
    """A new game with its set-up placements made (the first legal hexes): the boosters are next."""
    return placements(eng, eng.new_game(setup))


def placements(eng: Engine, state: GameState) -> GameState:
    """The set-up placements, each on the first legal hex."""
    while state.phase != "boosters":
        state = eng.apply(state, eng.legal_moves(state)[0])
    return state


def take_boosters(eng: Engine, state: GameState, boosters: dict[int, str] | None = None) -> GameState:
    """Each player takes the booster given (else the first on the table); then to the first action turn."""
    while state.phase == "boosters" and not state.decisions:
        p = eng.to_move(state)
        state = eng.apply(state, Move(p, "booster", ((boosters or {}).get(p) or state.boosters_table[0],)))
    return edited(settle(eng, state))


def end_round(eng: Engine, state: GameState) -> GameState:
    """Every player still in the round passes (taking the first booster on the table); every question
    after it is answered (`answer`), to the next round's first action turn."""
    start = state.round
    while state.round == start and not state.ended:
        if state.decisions or state.pending or state.main_done or state.phase != "actions":
            state = eng.apply(state, answer(eng, state))
        else:
            last = state.round == eng.catalogue.game["rounds"]
            state = eng.apply(state, Move(eng.to_move(state), "pass", () if last else (state.boosters_table[0],)))
    return edited(settle(eng, state))


def edited(state: GameState) -> GameState:
    holdings.edited(state)
    return state


def set_power(state: GameState, p: int, area1: int, area2: int, area3: int, gaia: int = 0) -> None:
    state.players[p].power = dict(zip(AREAS, (area1, area2, area3, gaia)))
    holdings.edited(state, [p])


def turn_of(state: GameState, p: int) -> GameState:
    """Player p's turn, nothing pending."""
    assert not state.decisions and not state.pending
    state.current = p
    state.main_done = state.turn_done = False
    return state


def hexes(eng: Engine, state: GameState, kind: str | None = None) -> list[str]:
    m = eng.context(state).map
    return sorted(h.name for h in m.hexes.values() if kind is None or m.planet_at(state, h.name) == kind)


def distance(eng: Engine, state: GameState, a: str, b: str) -> int:
    return eng.context(state).map.distance(a, b)


def first_move(eng: Engine, state: GameState, command: str, *args: str) -> Move:
    """The legal move with this command (and these first arguments)."""
    for move in eng.legal_moves(state):
        if move.command == command and move.args[:len(args)] == args:
            return move
    raise AssertionError(f"no legal {command} {args}: {[str(m) for m in eng.legal_moves(state)]}")


# ------------------------------------------------------------------ every design validates clean

NEW = ["v9-flux", "v10-brainstone", "v11-slow-gaia", "v12-scholars", "v13-federalists", "v14-hive",
       "v15-surveyors", "v16-resonance", "v17-artisans", "v18-tinkers", "v19-latecomers", "v20-house-rules",
       "v21-capacitor", "v22-pioneers"]


@pytest.mark.parametrize("folder", NEW)
def test_each_new_design_validates_clean_and_says_what_it_is(folder):
    result = gaia("validate", "--content", DESIGNS / folder)
    assert (result.exit_code, result.stderr) == (0, ""), result.output + result.stderr   # not even a note
    assert result.output.rstrip().endswith("content is valid.")
    readme = (DESIGNS / "README.md").read_text(encoding="utf-8")
    assert f"| `{folder}` |" in readme


@pytest.mark.parametrize("name", sorted(p.stem for p in SETUPS.glob("*.yaml")))
def test_each_set_up_file_validates_with_its_design(name):
    result = gaia("validate", "--content", DESIGNS / name, "--setup", SETUPS / f"{name}.yaml")
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stderr == ""
    assert result.output.rstrip().splitlines()[-1].startswith(f"{SETUPS / name}.yaml: a valid set-up;")


def test_the_set_up_files_are_no_content_and_validate_says_how_to_check_them():
    result = gaia("validate", "--content", SETUPS)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"gaia validate: {SETUPS} holds no gaia content files")
    result = gaia("validate", SETUPS / "v9-flux.yaml")
    assert result.exit_code == 2
    assert f"is a set-up file, not content: check it with `gaia validate --setup {SETUPS / 'v9-flux.yaml'}`" in \
        result.stderr


# ------------------------------------------------------------------ v9-flux: a booster counting power areas

FLUX = "v9-flux"


def flux_turn(area1: int, area2: int, area3: int) -> GameState:
    """Terrans (p1) hold Flux, at their first action turn, with this power."""
    eng = engine(FLUX)
    state = take_boosters(eng, to_boosters(eng, setup_of(eng, FLUX)), {0: "flux"})
    assert engine(FLUX).to_move(state) == 0 and state.players[0].booster == "flux"
    set_power(state, 0, area1, area2, area3)
    return state


def test_the_set_up_file_puts_the_flux_booster_on_the_table():
    eng = engine(FLUX)
    state = to_boosters(eng, setup_of(eng, FLUX))
    assert "flux" in state.boosters_table and len(state.boosters_table) == 5
    assert [p.faction for p in state.players] == ["terrans", "taklons"]


@pytest.mark.parametrize("area3, charged", [(0, 2), (1, 0)])
def test_flux_income_charges_2_power_only_while_area_iii_is_empty(area3, charged):
    eng = engine(FLUX)
    state = to_boosters(eng, setup_of(eng, FLUX))
    set_power(state, 0, 4 - area3, 4, area3)
    diff = effect(FLUX, "if area3 = 0: income: 2pw", state,
                  Move(1, "booster", ("booster3",)), Move(0, "booster", ("flux",)))
    assert diff == ({"players[0].power.area1": (2, 4), "players[0].power.area2": (6, 4)} if charged else {})


def test_flux_each_burn_gives_one_credit_per_power_burned():
    state = flux_turn(0, 6, 0)
    c = state.players[0].credits
    assert effect(FLUX, "on burn: 1c per pw", state, Move(0, "burn", ("2",))) == \
        {"players[0].credits": (c + 2, c)}
    assert effect(FLUX, "on burn: 1c per pw", state, Move(0, "burn", ("3",))) == \
        {"players[0].credits": (c + 3, c)}


def test_flux_gives_2_vp_for_the_first_spend_of_4_power_or_more_in_a_round():
    statement = "once per round: if pw >= 4: on spend: 2vp"
    state = flux_turn(0, 0, 12)
    vp = state.players[0].vp
    assert effect(FLUX, statement, state, Move(0, "spend", ("3pw", "1o"))) == {}          # 3 power: too little
    assert effect(FLUX, statement, state, Move(0, "spend", ("4pw", "1q"))) == {"players[0].vp": (vp + 2, vp)}
    twice = (Move(0, "spend", ("4pw", "1q")), Move(0, "spend", ("4pw", "1k")))
    assert effect(FLUX, statement, state, *twice) == {"players[0].vp": (vp + 2, vp)}     # once per round
    again = finish_round_and_come_back(engine(FLUX), apply_all(engine(FLUX), state, twice))
    set_power(again, 0, 0, 0, 4)
    vp = again.players[0].vp
    assert effect(FLUX, statement, again, Move(0, "spend", ("4pw", "1q"))) == {"players[0].vp": (vp + 2, vp)}


def finish_round_and_come_back(eng: Engine, state: GameState) -> GameState:
    """Everybody passes; to Terrans' first turn of the next round, Flux in their hands again."""
    start = state.round
    while state.round == start:
        if state.decisions or state.pending or state.main_done:
            state = eng.apply(state, eng.legal_moves(state)[0])
        else:
            state = eng.apply(state, Move(eng.to_move(state), "pass", (state.boosters_table[0],)))
    state = settle(eng, state)
    while eng.to_move(state) != 0:
        state = settle(eng, eng.apply(state, first_move(eng, state, "up")))
    holdings.set_booster(state, 0, "flux")
    return edited(state)


def test_flux_sends_spent_tokens_to_area_ii():
    state = flux_turn(0, 0, 4)
    assert effect(FLUX, "set token_route[spend] = area2", state, Move(0, "spend", ("4pw", "1q"))) == \
        {"players[0].power.area1": (0, 4), "players[0].power.area2": (4, 0)}


@pytest.mark.parametrize("area1, area2, vp, qic", [(5, 5, 2, 1), (4, 5, 2, 0), (6, 1, 0, 1)])
def test_flux_on_passing_gives_1_vp_per_2_tokens_in_area_ii_and_a_qic_with_5_in_area_i(area1, area2, vp, qic):
    state = flux_turn(area1, area2, 0)
    v, q = state.players[0].vp, state.players[0].qic
    passing = Move(0, "pass", ("booster6",))
    assert effect(FLUX, "pass: 1vp per 2 area2", state, passing) == ({"players[0].vp": (v + vp, v)} if vp else {})
    assert effect(FLUX, "if area1 >= 5: pass: 1q", state, passing) == ({"players[0].qic": (q + 1, q)} if qic else {})


# ------------------------------------------------------------------ v10-brainstone: the special token and the Gaia area

BRAINSTONE = "v10-brainstone"


def taklons_turn(stone: str | None, gaia_tokens: int = 0) -> GameState:
    """Taklons (p1) at their first action turn, the brainstone in `stone`, `gaia_tokens` in the Gaia area."""
    eng = engine(BRAINSTONE)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["taklons", "terrans"], "brainstone")))
    state = turn_of(state, 0)
    set_power(state, 0, 2, 2, 0, gaia_tokens)
    special_token.send(state.players[0], stone)
    holdings.edited(state, [0])
    return state


@pytest.mark.parametrize("stone, vp", [("area1", 2), ("area3", 2), ("gaia", 0), (None, 0)])
def test_brainstone_gives_2_vp_on_passing_while_it_is_in_the_power_cycle(stone, vp):
    state = taklons_turn(stone)
    v = state.players[0].vp
    assert effect(BRAINSTONE, "pass: 2vp per special-token", state, Move(0, "pass", (state.boosters_table[0],))) == \
        ({"players[0].vp": (v + vp, v)} if vp else {})


def test_brainstone_the_gaia_phase_gives_1_credit_per_token_in_the_gaia_area_before_they_return():
    state = taklons_turn("gaia", gaia_tokens=3)   # 3 tokens and the brainstone in the Gaia area
    after = engine(BRAINSTONE).apply(state, Move(0, "pass", (state.boosters_table[0],)))
    c = end_round(engine(BRAINSTONE), after).players[0].credits
    assert effect(BRAINSTONE, "on gaia-phase: 1c per area-gaia", state, end_round) == \
        {"players[0].credits": (c, c - 3)}


# ------------------------------------------------------------------ v11-slow-gaia: Gaiaformers counted where they are

SLOW_GAIA = "v11-slow-gaia"


def engineers_turn() -> GameState:
    """Gaia Engineers (p1, Gaia Project level 1: one Gaiaformer) at their first action turn."""
    eng = engine(SLOW_GAIA)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["gaia-engineers", "terrans"], "engineers")))
    assert eng.to_move(state) == 0 and state.players[0].gaiaformers == 1
    return state


def start_project(eng: Engine, state: GameState) -> GameState:
    """The Gaiaformer on the first Transdim planet in reach, its tokens taken from area II."""
    site = first_move(eng, state, "build", "gf")
    state = eng.apply(state, site)
    if not state.pending and not state.decisions:
        return state  # the tokens could come from one area only
    tokens = eng.context(state).holdings.param(state, 0, "gaia_project_cost")
    return eng.apply(state, Move(0, "areas", (f"area2={tokens}",)))


def kind_at(eng: Engine, state: GameState, name: str) -> str:
    return eng.context(state).map.kind_at(state, name)


def test_slow_gaia_projects_cost_2_tokens_less_at_every_gaia_project_level():
    state = engineers_turn()
    design, control = engine(SLOW_GAIA), without(SLOW_GAIA, "set gaia_project_cost -= 2")
    costs = {}
    for level in range(1, 6):
        holdings.set_research(state, 0, {**state.players[0].research, "gaia": level})
        costs[level] = tuple(e.context(state).holdings.param(state, 0, "gaia_project_cost") for e in (design, control))
    assert costs == {1: (4, 6), 2: (4, 6), 3: (2, 4), 4: (1, 3), 5: (1, 3)}


def test_slow_gaia_a_project_can_start_with_4_tokens():
    state = engineers_turn()
    holdings.set_research(state, 0, {**state.players[0].research, "gaia": 1})
    set_power(state, 0, 0, 4, 0)
    starts = {name: [m for m in e.legal_moves(state) if m.command == "build" and m.args[0] == "gf"]
              for name, e in (("design", engine(SLOW_GAIA)), ("control", without(SLOW_GAIA, "set gaia_project_cost -= 2")))}
    assert len(starts["design"]) >= 1 and starts["control"] == []
    after = start_project(engine(SLOW_GAIA), state)
    assert after.players[0].power == {"area1": 0, "area2": 0, "area3": 0, "gaia": 4}


def test_slow_gaia_a_project_completes_one_round_later():
    eng, control = engine(SLOW_GAIA), without(SLOW_GAIA, "set gaia_project_rounds += 1")
    state = engineers_turn()
    started = eng.apply(start_project(eng, state), Move(0, "endturn"))
    site = next(iter(started.players[0].gaia_projects))
    assert started.players[0].gaia_projects == {site: 1}
    round2 = {name: end_round(e, started) for name, e in (("design", eng), ("control", control))}
    assert (kind_at(eng, round2["design"], site), kind_at(eng, round2["control"], site)) == ("gaia-project", "gaia")
    assert kind_at(eng, end_round(eng, round2["design"]), site) == "gaia"


def test_slow_gaia_starting_a_project_gives_1_knowledge_per_gaiaformer_on_the_map_and_2_credits_for_its_transdim():
    state = engineers_turn()
    k, c = state.players[0].knowledge, state.players[0].credits
    assert effect(SLOW_GAIA, "on gaia-start: 1k per gf-map, 2c per gf-on-transdim in gaia-start", state, start_project) \
        == {"players[0].knowledge": (k + 1, k), "players[0].credits": (c + 2, c)}


def test_slow_gaia_completing_a_project_gives_1_vp_for_the_gaiaformer_on_the_gaia_planet():
    eng = engine(SLOW_GAIA)
    started = end_round(eng, eng.apply(start_project(eng, engineers_turn()), Move(0, "endturn")))
    vp = end_round(eng, started).players[0].vp
    assert effect(SLOW_GAIA, "on gaia-complete: 1vp per gf-on-gaia in gaia-complete", started, end_round) == \
        {"players[0].vp": (vp, vp - 1)}


def test_slow_gaia_a_parked_gaiaformer_gives_2_knowledge_and_1_vp_on_each_pass():
    state = engineers_turn()
    park = Move(0, "spend", ("move 1 gf>gaia", "2k"))
    k = state.players[0].knowledge
    parked = engine(SLOW_GAIA).apply(state, park)
    assert (parked.players[0].knowledge, parked.players[0].gaiaformers_in_gaia) == (k + 2, 1)
    assert park not in without(SLOW_GAIA, "free: move 1 gf>gaia -> 2k").legal_moves(state)
    vp = parked.players[0].vp
    assert effect(SLOW_GAIA, "pass: 1vp per gf-gaia", parked, Move(0, "pass", (parked.boosters_table[0],))) == \
        {"players[0].vp": (vp + 1, vp)}


def test_slow_gaia_each_gaia_project_level_reached_charges_2_power():
    state = engineers_turn()
    state.players[0].knowledge = 8
    set_power(state, 0, 4, 2, 0)
    # level 2 gives 3 tokens into area I too (4 + 3); the 2 power charged move 2 of them to area II
    assert effect(SLOW_GAIA, "on research gaia: 2pw", state, Move(0, "up", ("gaia",))) == \
        {"players[0].power.area1": (5, 7), "players[0].power.area2": (4, 2)}
    assert effect(SLOW_GAIA, "on research gaia: 2pw", state, Move(0, "up", ("eco",))) == {}


def test_slow_gaia_income_gives_1_ore_while_no_gaiaformer_is_available():
    eng = engine(SLOW_GAIA)
    state = engineers_turn()
    on_map = eng.apply(start_project(eng, state), Move(0, "endturn"))
    o = end_round(eng, on_map).players[0].ore
    assert effect(SLOW_GAIA, "if gf-available = 0: income: 1o", on_map, end_round) == {"players[0].ore": (o, o - 1)}
    assert effect(SLOW_GAIA, "if gf-available = 0: income: 1o", state, end_round) == {}


def test_slow_gaia_in_the_gaia_phase_3_credits_buy_1_ore():
    eng = engine(SLOW_GAIA)
    state = engineers_turn()
    while state.phase != "gaia":
        state = eng.apply(state, eng.legal_moves(state)[0] if state.decisions or state.main_done
                          else Move(eng.to_move(state), "pass", (state.boosters_table[0],)))
    listed = {str(m) for m in eng.legal_moves(state)}
    assert {"spend 3c 1o", "spend 6c 2o", "decline"} <= listed
    assert without(SLOW_GAIA, "gaia-phase: 3c -> 1o").legal_moves(state) == []  # no question at all
    c, o = state.players[0].credits, state.players[0].ore
    after = eng.apply(state, Move(0, "spend", ("6c", "2o")))
    assert (after.players[0].credits, after.players[0].ore) == (c - 6, o + 2)


# ------------------------------------------------------------------ v12-scholars: research counted, tiles put in by a set-up file

SCHOLARS = "v12-scholars"


def scholars_turn(research: dict[str, int] | None = None) -> GameState:
    """Terrans (p1) at their first action turn of the set-up file's game, with a trading station and these
    research levels."""
    eng = engine(SCHOLARS)
    state = take_boosters(eng, to_boosters(eng, setup_of(eng, SCHOLARS)))
    assert eng.to_move(state) == 0
    holdings.replace(state, home_mine(state, 0), 0, "ts")
    if research:
        holdings.set_research(state, 0, {**state.players[0].research, **research})
    return edited(state)


def home_mine(state: GameState, p: int) -> str:
    return next(n for n, h in sorted(state.board.items()) if h.owner == p and h.piece == "m")


def build_lab_taking(eng: Engine, state: GameState, position: str) -> GameState:
    """A research lab on the trading station, and the tech tile at `position` for it."""
    ts = next(n for n, h in sorted(state.board.items()) if h.owner == 0 and h.piece == "ts")
    state = eng.apply(state, Move(0, "build", ("lab", ts)))
    return eng.apply(state, Move(0, "tech", (position,)))


def test_the_set_up_file_puts_library_summit_and_erudition_in_the_game():
    state = scholars_turn()
    assert state.setup.tech_tiles["free1"] == "library"
    assert state.setup.advanced_tiles["sci"] == "summit"
    assert state.setup.final_tiles[0] == "erudition"


def test_library_makes_a_research_step_cost_3_knowledge():
    eng = engine(SCHOLARS)
    state = build_lab_taking(eng, scholars_turn(), "free1")
    state = eng.apply(eng.apply(state, Move(0, "up", ("terra",))), Move(0, "endturn"))   # the tile's free step
    state = turn_of(edited(settle(eng, state)), 0)
    assert [t.tile for t in state.players[0].tech] == ["library"]
    k = state.players[0].knowledge
    assert effect(SCHOLARS, "set research_cost = 3k", state, Move(0, "up", ("nav",))) == \
        {"players[0].knowledge": (k - 3, k - 4)}


@pytest.mark.parametrize("eco, credits", [(0, 0), (1, 0), (2, 2), (3, 2)])
def test_library_reaching_level_3_or_higher_gives_2_credits(eco, credits):
    eng = engine(SCHOLARS)
    state = scholars_turn({"eco": eco})
    holdings.take_tile(state, 0, "library", "free1")
    holdings.edited(state, [0])
    c = eng.apply(state, Move(0, "up", ("eco",))).players[0].credits
    assert effect(SCHOLARS, "if level >= 3: on research: 2c", state, Move(0, "up", ("eco",))) == \
        ({"players[0].credits": (c, c - 2)} if credits else {})


def summit_position() -> GameState:
    """Terrans hold the Library and a green federation token, Science 4, Navigation and Gaia Project 0."""
    state = scholars_turn({"terra": 1, "nav": 0, "int": 2, "gaia": 0, "eco": 1, "sci": 4})
    holdings.take_tile(state, 0, "library", "free1")
    state.players[0].fed_tokens = [FedTokenHeld("fed1", True)]
    return edited(state)


def test_summit_covers_a_tile_then_steps_up_on_a_lowest_track_then_anywhere():
    eng, control = engine(SCHOLARS), without(SCHOLARS, "now: up lowest")
    taken = build_lab_taking(eng, summit_position(), "adv-sci")
    state = eng.apply(taken, Move(0, "cover", ("free1",)))
    assert [str(m) for m in eng.legal_moves(state) if m.command == "up"] == ["up nav", "up gaia"]
    plain = control.apply(taken, Move(0, "cover", ("free1",)))   # without it: the tile's free step only
    assert [str(m) for m in control.legal_moves(plain) if m.command == "up"] == \
        ["up terra", "up nav", "up int", "up gaia", "up eco"]
    state = eng.apply(state, Move(0, "up", ("gaia",)))
    assert state.players[0].research["gaia"] == 1
    assert [str(m) for m in eng.legal_moves(state) if m.command == "up"] == \
        ["up terra", "up nav", "up int", "up gaia", "up eco"]   # then the tile's free step (Science 5 needs a token)


def test_summit_gives_2_credits_as_it_is_taken_and_for_each_standard_tile_taken_after():
    eng = engine(SCHOLARS)
    statement = "on tech standard|summit: 2c"
    state = build_lab_taking(eng, summit_position(), "adv-sci")
    c = eng.apply(state, Move(0, "cover", ("free1",))).players[0].credits
    assert effect(SCHOLARS, statement, state, Move(0, "cover", ("free1",))) == {"players[0].credits": (c, c - 2)}
    holder = scholars_turn()
    holdings.take_tile(holder, 0, "summit", "adv-sci")
    holder = edited(holder)
    c = build_lab_taking(eng, holder, "free2").players[0].credits
    assert effect(SCHOLARS, statement, holder, lambda e, s: build_lab_taking(e, s, "free2")) == \
        {"players[0].credits": (c, c - 2)}


def test_library_taking_an_advanced_tile_while_it_is_held_gives_2_vp():
    eng = engine(SCHOLARS)
    state = summit_position()
    holdings.take_tile(state, 0, "tech2", "free2")      # the Summit covers this one: the Library stays held
    state = build_lab_taking(eng, edited(state), "adv-sci")
    v = eng.apply(state, Move(0, "cover", ("free2",))).players[0].vp
    assert effect(SCHOLARS, "on tech advanced: 2vp", state, Move(0, "cover", ("free2",))) == \
        {"players[0].vp": (v, v - 2)}
    assert effect(SCHOLARS, "on tech advanced: 2vp", state, Move(0, "cover", ("free1",))) == {}   # covered first


@pytest.mark.parametrize("eco, sci, vp", [(0, 0, 0), (2, 3, 5), (5, 0, 5)])
def test_summit_on_passing_gives_1_vp_per_level_on_economy_and_science(eco, sci, vp):
    state = scholars_turn({"eco": eco, "sci": sci})
    holdings.take_tile(state, 0, "summit", "adv-sci")
    state = edited(state)
    v = state.players[0].vp
    passing = Move(0, "pass", (state.boosters_table[0],))
    assert effect(SCHOLARS, "pass: 1vp per research-eco|research-sci", state, passing) == \
        ({"players[0].vp": (v + vp, v)} if vp else {})


@pytest.mark.parametrize("levels, qic", [((3, 3, 3, 3, 2, 1), 1), ((3, 3, 3, 3, 2, 0), 0)])
def test_summit_income_gives_a_qic_with_15_research_levels_in_all(levels, qic):
    state = scholars_turn(dict(zip(["terra", "nav", "int", "gaia", "eco", "sci"], levels)))
    holdings.take_tile(state, 0, "summit", "adv-sci")
    state = edited(state)
    q = end_round(engine(SCHOLARS), state).players[0].qic
    assert effect(SCHOLARS, "if research >= 15: income: 1q", state, end_round) == \
        ({"players[0].qic": (q, q - 1)} if qic else {})


def test_erudition_ranks_the_players_by_their_research_levels_in_all():
    eng = engine(SCHOLARS)
    state = scholars_turn({"terra": 3, "nav": 2, "int": 2, "gaia": 1, "eco": 2, "sci": 2})   # 12
    holdings.set_research(state, 1, {"terra": 1, "nav": 1, "int": 2, "gaia": 1, "eco": 1, "sci": 0})  # 6
    state.round = eng.catalogue.game["rounds"]
    end = end_round(eng, edited(state))
    assert end.ended
    first = [p.final_scoring["final_tile_1"] for p in end.players]
    # the neutral player (10) takes second place in a 2-player game
    assert first == [{"tile": "erudition", "count": 12, "vp": 18}, {"tile": "erudition", "count": 6, "vp": 6}]


# ------------------------------------------------------------------ v13-federalists: federations counted

FEDERALISTS = "v13-federalists"


def federalists_turn(pieces=("PI", "m", "lab"), power=(6, 0, 0)) -> tuple[GameState, str]:
    """Federalists (p1) at their first action turn on a cleared board, with three structures that one
    satellite joins (PI, mine, lab: power value 6); the federation move's hexes."""
    eng = engine(FEDERALISTS)
    state = take_boosters(eng, to_boosters(eng, setup_of(eng, FEDERALISTS)))
    state = turn_of(clear(state, vp=20), 0)
    set_power(state, 0, *power)
    a, b, c, e = fed_layouts(state)[0]
    for name, piece in zip((a, b, c), pieces):
        put(state, name, 0, piece)
    return edited(state), ",".join(sorted((a, b, c, e)))


def form(hexes: str, token: str = "fed5") -> Move:
    return Move(0, "federation", (hexes, token))


def test_the_set_up_file_puts_charter_on_the_terraforming_track_and_union_in_round_1():
    state, _ = federalists_turn()
    assert state.terraforming_token == "charter" and state.fed_supply["charter"] == 1
    assert state.setup.round_tiles[0] == "union"


def test_federalists_form_a_federation_of_power_value_6():
    state, hexes = federalists_turn()
    design, control = engine(FEDERALISTS), without(FEDERALISTS, "set federation_threshold -= 1")
    assert form(hexes) in design.legal_moves(state)
    assert form(hexes) not in control.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="7"):
        control.apply(state, form(hexes))
    assert design.apply(state, form(hexes)).players[0].federations == [hexes.split(",")]


def test_federalists_forming_a_federation_gives_2_credits_per_satellite_placed():
    state, hexes = federalists_turn()
    c = state.players[0].credits + 6   # fed5: 7 VP and 6 credits
    assert effect(FEDERALISTS, "on federation formed: 2c per satellite", state, form(hexes)) == \
        {"players[0].credits": (c + 2, c)}


def test_federalists_the_first_federation_formed_gives_a_tech_tile_the_second_none():
    eng = engine(FEDERALISTS)
    state, hexes = federalists_turn()
    first = eng.apply(state, form(hexes))
    assert [p.kind for p in first.pending] == ["tech"]
    assert without(FEDERALISTS, "once per game: on federation formed: tech").apply(state, form(hexes)).pending == []
    first = eng.apply(first, Move(0, "tech", ("free1",)))
    first = eng.apply(first, first_move(eng, first, "up"))
    again = edited(first.clone())
    again.players[0].federations = []     # the same federation formed again, later
    for name in hexes.split(","):
        again.board[name].federations = []
        again.board[name].satellites = []
    again = turn_of(again, 0)
    assert eng.apply(again, form(hexes, "fed4")).pending == []


@pytest.mark.parametrize("federations, qic", [(1, 0), (2, 1)])
def test_federalists_income_gives_a_qic_with_2_federations(federations, qic):
    state, hexes = federalists_turn()
    state.players[0].federations = [hexes.split(",")] * federations
    state = edited(state)
    q = end_round(engine(FEDERALISTS), state).players[0].qic
    assert effect(FEDERALISTS, "if federation >= 2: income: 1q", state, end_round) == \
        ({"players[0].qic": (q, q - 1)} if qic else {})


@pytest.mark.parametrize("satellites, vp", [(1, 0), (3, 1), (4, 2)])
def test_federalists_on_passing_gain_1_vp_per_2_satellites(satellites, vp):
    state, _ = federalists_turn()
    state.players[0].satellites = satellites
    state = edited(state)
    passing = Move(0, "pass", (state.boosters_table[0],))
    v = engine(FEDERALISTS).apply(state, passing).players[0].vp    # with the booster's VP for passing
    assert effect(FEDERALISTS, "pass: 1vp per 2 satellite", state, passing) == \
        ({"players[0].vp": (v, v - vp)} if vp else {})


def test_the_federalists_planetary_institute_brings_the_charter():
    eng = engine(FEDERALISTS)
    state, _ = federalists_turn(pieces=("ts", "m", "lab"))
    site = next(n for n, h in state.board.items() if h.piece == "ts")
    p = state.players[0]
    after = eng.apply(state, Move(0, "build", ("PI", site))).players[0]
    # the Charter: 2 ore, 1 VP per federated structure (none), 1 VP per federation token (the Charter itself)
    assert [t.tile for t in after.fed_tokens] == ["charter"]
    assert (after.ore, after.vp) == (p.ore - 4 + 2, p.vp + 1)


@pytest.mark.parametrize("token, knowledge", [("charter", 2), ("fed5", 0)])
def test_federalists_gaining_the_charter_gives_2_knowledge(token, knowledge):
    state, hexes = federalists_turn()
    k = engine(FEDERALISTS).apply(state, form(hexes, token)).players[0].knowledge
    assert effect(FEDERALISTS, "on federation charter: 2k", state, form(hexes, token)) == \
        ({"players[0].knowledge": (k, k - 2)} if knowledge else {})


def test_the_charter_taken_for_a_federation_pays_1_vp_per_structure_in_it():
    state, hexes = federalists_turn()
    p = state.players[0]
    after = engine(FEDERALISTS).apply(state, form(hexes, "charter")).players[0]
    # 2 ore; 3 VP for the structures of the federation, 1 VP for the token; Union: 2 VP for 1 federation
    assert (after.ore, after.vp) == (p.ore + 2, p.vp + 3 + 1 + 2)


@pytest.mark.parametrize("held, vp", [(0, 2), (1, 4)])
def test_union_scores_2_vp_per_federation_held_for_each_token_gained_in_its_round(held, vp):
    state, hexes = federalists_turn()
    state.players[0].federations = [["elsewhere"]] * held
    state = edited(state)
    v = engine(FEDERALISTS).apply(state, form(hexes, "fed4")).players[0].vp
    assert effect(FEDERALISTS, "on federation: 2vp per federation", state, form(hexes, "fed4")) == \
        {"players[0].vp": (v, v - vp)}


# ------------------------------------------------------------------ v14-hive: one growing federation, satellites for credits

HIVE = "v14-hive"


def hive_turn() -> tuple[GameState, list[tuple[str, str, str, str]]]:
    """The Hive (p1) at their first action turn on a cleared board; two places for a federation of power
    value 7 (PI, mine, academy and one satellite) far apart."""
    eng = engine(HIVE)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["hive", "terrans"], "hive-2")))
    state = turn_of(clear(state, vp=20), 0)
    set_power(state, 0, 6, 0, 0)
    layouts = fed_layouts(state)
    first = layouts[0]
    second = next(x for x in layouts if all(distance(eng, state, a, b) > 3 for a in x for b in first))
    return edited(state), [first, second]


def pieces_for(state: GameState, layout, pieces=("PI", "m", "ac1")) -> str:
    for name, piece in zip(layout[:3], pieces):
        put(state, name, 0, piece)
    holdings.edited(state, [0])
    return ",".join(sorted(layout))


def test_hive_satellites_cost_2_credits_each_instead_of_a_power_token():
    state, (layout, _) = hive_turn()
    hexes = pieces_for(state, layout)
    c = state.players[0].credits + 6     # fed5: 7 VP and 6 credits
    assert effect(HIVE, "set satellite_cost = 2c", state, form(hexes)) == {
        "players[0].credits": (c - 2, c), "players[0].power.area1": (6, 5)}


def test_hive_the_power_needed_grows_by_5_for_each_federation_token_held():
    state, (layout, _) = hive_turn()
    hexes = pieces_for(state, layout)
    state.players[0].fed_tokens = [FedTokenHeld("fed4", True)]
    state = edited(state)
    with pytest.raises(IllegalMoveError, match="power value 12 needed"):
        engine(HIVE).apply(state, form(hexes))
    assert without(HIVE, "set federation_threshold_growth = 5").apply(state, form(hexes)).players[0].federations_formed == 1


def test_hive_a_second_federation_must_extend_the_first():
    eng = engine(HIVE)
    state, (first, second) = hive_turn()
    one, two = pieces_for(state, first), pieces_for(state, second, ("ac2", "lab", "lab"))
    control = without(HIVE, "set federation_mode = growing")
    for e in (eng, control):
        formed = turn_of(settle(e, e.apply(e.apply(state, form(one)), Move(0, "endturn"))), 0)
        formed.players[0].fed_tokens = []    # no growth by tokens: only the mode differs
        formed = edited(formed)
        if e is eng:
            with pytest.raises(IllegalMoveError, match="extend"):
                e.apply(formed, form(two, "fed4"))
        else:
            assert e.apply(formed, form(two, "fed4")).players[0].federations_formed == 2


# ------------------------------------------------------------------ v15-surveyors: the map counted

SURVEYORS = "v15-surveyors"


def surveyors_turn() -> GameState:
    """Surveyors (p1) at their first action turn of the set-up file's game, the board cleared."""
    eng = engine(SURVEYORS)
    state = take_boosters(eng, to_boosters(eng, setup_of(eng, SURVEYORS)))
    return edited(turn_of(clear(state, vp=20), 0))


def in_sectors(eng: Engine, state: GameState, n: int, kind: str | None = None) -> list[str]:
    """One planet (of a kind) in each of n sectors."""
    m = eng.context(state).map
    seen: dict[str, str] = {}
    for name in hexes(eng, state, kind) if kind else [h for k in eng.catalogue.wheel for h in hexes(eng, state, k)]:
        seen.setdefault(m.sector_tile(name), name)
    assert len(seen) >= n
    return sorted(seen.values())[:n]


def test_the_set_up_file_puts_gaia_rush_in_round_1_and_gaia_settlers_among_the_final_tiles():
    state = surveyors_turn()
    assert state.setup.round_tiles[0] == "gaia-rush" and state.setup.final_tiles[0] == "gaia-settlers"


@pytest.mark.parametrize("sectors, knowledge", [(3, 0), (4, 1)])
def test_surveyors_income_gives_1_knowledge_in_4_sectors_or_more(sectors, knowledge):
    eng = engine(SURVEYORS)
    state = surveyors_turn()
    for name in in_sectors(eng, state, sectors):
        put(state, name, 0, "m")
    state = edited(state)
    k = end_round(eng, state).players[0].knowledge
    assert effect(SURVEYORS, "if sector >= 4: income: 1k", state, end_round) == \
        ({"players[0].knowledge": (k, k - 1)} if knowledge else {})


@pytest.mark.parametrize("on_gaia, qic", [(1, 0), (2, 1)])
def test_surveyors_income_gives_a_qic_with_2_structures_on_gaia_planets(on_gaia, qic):
    eng = engine(SURVEYORS)
    state = surveyors_turn()
    for name, piece in zip(hexes(eng, state, "gaia")[:on_gaia], ("m", "ts")):
        put(state, name, 0, piece)
    put(state, hexes(eng, state, "desert")[0], 0, "m")
    state = edited(state)
    q = end_round(eng, state).players[0].qic
    assert effect(SURVEYORS, "if structure-on-gaia >= 2: income: 1q", state, end_round) == \
        ({"players[0].qic": (q, q - 1)} if qic else {})


@pytest.mark.parametrize("structures, vp", [(2, 0), (3, 1), (7, 2)])
def test_surveyors_on_passing_gain_1_vp_per_3_structures(structures, vp):
    eng = engine(SURVEYORS)
    state = surveyors_turn()
    for name in [h for k in eng.catalogue.wheel for h in hexes(eng, state, k)][:structures]:
        put(state, name, 0, "m")
    state = edited(state)
    passing = Move(0, "pass", (state.boosters_table[0],))
    v = eng.apply(state, passing).players[0].vp
    assert effect(SURVEYORS, "pass: 1vp per 3 structure", state, passing) == \
        ({"players[0].vp": (v, v - vp)} if vp else {})


def next_to(eng: Engine, state: GameState, kind: str) -> tuple[str, str]:
    """(an empty planet of `kind`, the nearest empty planet of another colour: 1 or 2 hexes away)."""
    m = eng.context(state).map
    for d in (1, 2):
        for target in hexes(eng, state, kind):
            for origin in hexes(eng, state):
                if (m.planet_at(state, origin) in eng.catalogue.wheel and m.planet_at(state, origin) != kind
                        and distance(eng, state, origin, target) == d
                        and target not in state.board and origin not in state.board):
                    return target, origin
    raise AssertionError(kind)


def types_held(eng: Engine, state: GameState, n: int, site: str, origin: str) -> GameState:
    """Mines on `origin` and on planets of other types until n types are colonized (none of `site`'s)."""
    m = eng.context(state).map
    put(state, origin, 0, "m")
    kinds = [k for k in eng.catalogue.wheel if k not in (m.planet_at(state, site), m.planet_at(state, origin))]
    for kind in kinds[:n - 1]:
        put(state, next(h for h in hexes(eng, state, kind) if h not in state.board), 0, "m")
    return edited(state)


@pytest.mark.parametrize("before, vp", [(2, 0), (3, 4)])
def test_surveyors_once_in_the_game_a_mine_built_with_4_planet_types_gives_4_vp(before, vp):
    eng = engine(SURVEYORS)
    statement = "once per game: if planet-type >= 4: on build m: 4vp"
    state = surveyors_turn()
    site, origin = next_to(eng, state, "desert")
    state = types_held(eng, state, before, site, origin)
    build = Move(0, "build", ("m", site))
    v = eng.apply(state, build).players[0].vp
    assert effect(SURVEYORS, statement, state, build) == ({"players[0].vp": (v, v - vp)} if vp else {})


def test_surveyors_the_4_vp_for_4_planet_types_come_once_in_the_game():
    eng = engine(SURVEYORS)
    statement = "once per game: if planet-type >= 4: on build m: 4vp"
    state = surveyors_turn()
    site, origin = next_to(eng, state, "desert")
    state = types_held(eng, state, 3, site, origin)
    first = settle(eng, eng.apply(eng.apply(state, Move(0, "build", ("m", site))), Move(0, "endturn")))
    later = turn_of(edited(first), 0)
    again, _ = next_to(eng, later, "desert")
    put(later, next(h for h in hexes(eng, later) if distance(eng, later, h, again) == 1
                    and eng.context(later).map.planet_at(later, h) in eng.catalogue.wheel and h not in later.board), 0, "m")
    assert effect(SURVEYORS, statement, edited(later), Move(0, "build", ("m", again))) == {}


@pytest.mark.parametrize("kind, held, gaia, new, home", [
    ("gaia", False, 1, 1, 0), ("desert", False, 0, 1, 1), ("desert", True, 0, 0, 1)])
def test_surveyors_a_mine_gains_by_where_it_is_built(kind, held, gaia, new, home):
    """1 knowledge on a Gaia planet, 1 credit on a type new to them, 1 ore on their home type (Desert)."""
    eng = engine(SURVEYORS)
    state = surveyors_turn()
    site, origin = next_to(eng, state, kind)
    put(state, origin, 0, "m")
    if held:
        put(state, next(h for h in hexes(eng, state, "desert") if h != site), 0, "m")
    state = edited(state)
    build = Move(0, "build", ("m", site))
    after = eng.apply(state, build).players[0]
    for statement, field, n in (("on build m on gaia: 1k", "knowledge", gaia), ("on build m on new-type: 1c", "credits", new),
                                ("on build m on home: 1o", "ore", home)):
        value = getattr(after, field)
        assert effect(SURVEYORS, statement, state, build) == ({f"players[0].{field}": (value, value - n)} if n else {})


@pytest.mark.parametrize("kind, piece, vp", [("gaia", "m", 2), ("desert", "m", 0), ("gaia", "ts", 2)])
def test_gaia_rush_scores_2_vp_for_each_structure_built_on_a_gaia_planet(kind, piece, vp):
    eng = engine(SURVEYORS)
    state = surveyors_turn()
    site, origin = next_to(eng, state, kind)
    put(state, origin, 0, "m")
    if piece == "ts":
        put(state, site, 0, "m")
    state = edited(state)
    build = Move(0, "build", (piece, site))
    v = eng.apply(state, build).players[0].vp
    assert effect(SURVEYORS, "on build m|ts|lab|PI|ac1|ac2: 2vp per gaia-planet in build", state, build) == \
        ({"players[0].vp": (v, v - vp)} if vp else {})


def test_gaia_settlers_ranks_the_players_by_their_structures_on_gaia_planets():
    eng = engine(SURVEYORS)
    state = surveyors_turn()
    gaia = hexes(eng, state, "gaia")
    for name, piece in zip(gaia[:4], ("m", "ts", "PI", "lab")):
        put(state, name, 0, piece)
    put(state, gaia[4], 1, "m")
    state.round = eng.catalogue.game["rounds"]
    end = end_round(eng, edited(state))
    # the neutral player (3) between the Surveyors (4) and the Terrans (1)
    assert [p.final_scoring["final_tile_1"] for p in end.players] == [
        {"tile": "gaia-settlers", "count": 4, "vp": 18}, {"tile": "gaia-settlers", "count": 1, "vp": 6}]


# ------------------------------------------------------------------ v16-resonance: charges and per-use power values

RESONANCE = "v16-resonance"


def resonance_turn(piece: str = "PI", target: str = "terra") -> tuple[GameState, str, str]:
    """Terrans (p2) to play, on a cleared board: a Terrans' mine near an empty planet of `target`, a
    Resonators' `piece` on a planet at most 2 hexes from it. (the state, the planet, the Resonators' hex)"""
    eng = engine(RESONANCE)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["resonators", "terrans"], "resonance")))
    state = turn_of(clear(state, vp=20), 1)
    site, origin = next_to(eng, state, target)
    put(state, origin, 1, "m")
    m = eng.context(state).map
    mine = next(h for h in hexes(eng, state) if h not in (site, origin) and distance(eng, state, h, site) <= 2
                and m.planet_at(state, h) in (*eng.catalogue.wheel, "gaia"))
    put(state, mine, 0, piece)
    return edited(state), site, mine


def opponent_builds(site: str):
    return (Move(1, "build", ("m", site)), Move(1, "endturn"))


def test_resonators_a_3_power_charge_costs_them_1_vp_not_2():
    state, site, _ = resonance_turn("PI")
    steps = (*opponent_builds(site), Move(0, "charge", ("3pw",)))
    v = apply_all(engine(RESONANCE), state, steps).players[0].vp
    assert v == 20 - 1
    assert effect(RESONANCE, "set charge_free_power += 1", state, *steps) == {"players[0].vp": (19, 18)}


def test_resonators_a_charge_gives_1_credit_per_power_charged():
    state, site, _ = resonance_turn("PI")
    c = state.players[0].credits
    steps = (*opponent_builds(site), Move(0, "charge", ("3pw",)))
    assert effect(RESONANCE, "on charge m: 1c per pw", state, *steps) == {"players[0].credits": (c + 3, c)}
    assert effect(RESONANCE, "on charge m: 1c per pw", state, *opponent_builds(site), Move(0, "decline")) == {}


@pytest.mark.parametrize("piece, knowledge", [("PI", 1), ("ts", 0), ("m", 0)])
def test_resonators_gain_1_knowledge_when_an_opponent_builds_near_for_3_power_or_more(piece, knowledge):
    state, site, _ = resonance_turn(piece)      # a PI offers 3, a trading station 2, a mine 1
    k = state.players[0].knowledge
    assert effect(RESONANCE, "if pw >= 3: on opponent-build m: 1k", state, *opponent_builds(site)) == \
        ({"players[0].knowledge": (k + 1, k)} if knowledge else {})


def test_resonators_an_opponents_upgrade_near_them_gives_no_credits_and_no_knowledge():
    state, site, _ = resonance_turn("PI")
    put(state, site, 1, "m")                  # the Terrans' mine next to the PI, upgraded
    state = edited(state)
    steps = (Move(1, "build", ("ts", site)), Move(1, "endturn"), Move(0, "charge", ("3pw",)))
    assert effect(RESONANCE, "on charge m: 1c per pw", state, *steps) == {}
    assert effect(RESONANCE, "if pw >= 3: on opponent-build m: 1k", state, *steps) == {}
    assert apply_all(engine(RESONANCE), state, steps).players[0].power["area3"] == 1   # the charge was taken


@pytest.mark.parametrize("target, vp", [("gaia", 1), ("terra", 0)])
def test_resonators_gain_1_vp_when_an_opponent_builds_near_on_a_gaia_planet(target, vp):
    state, site, _ = resonance_turn("m", target)
    v = state.players[0].vp
    assert effect(RESONANCE, "on opponent-build: 1vp per gaia-planet in opponent-build", state,
                  *opponent_builds(site)) == ({"players[0].vp": (v + 1, v)} if vp else {})


def test_resonators_structures_on_gaia_planets_count_2_more_for_federations_only():
    eng = engine(RESONANCE)
    state, _, mine = resonance_turn("m", "terra")
    gaia = hexes(eng, state, "gaia")[0]
    put(state, gaia, 0, "m")
    state = edited(state)
    value = {(name, use): e.context(state).holdings.power_value(state, 0, gaia, use)
             for name, e in (("design", eng), ("control", without(RESONANCE, "set power_bonus[gaia] for federation = 2")))
             for use in ("federation", "charge")}
    assert value == {("design", "federation"): 3, ("design", "charge"): 1,
                     ("control", "federation"): 1, ("control", "charge"): 1}


def test_resonators_a_gaia_mine_next_to_an_opponents_build_still_offers_1_power():
    state, site, _ = resonance_turn("m", "terra")
    eng = engine(RESONANCE)
    near_gaia = next((h for h in hexes(eng, state, "gaia") if distance(eng, state, h, site) <= 2), None)
    assert near_gaia is not None
    for name, piece in list(state.board.items()):
        if piece.owner == 0:
            del state.board[name]
    put(state, near_gaia, 0, "m")
    after = apply_all(eng, edited(state), opponent_builds(site))
    assert [(d.kind, d.data["amount"]) for d in after.decisions] == [("charge", 1)]


def test_resonators_research_labs_count_1_more_for_federations_only():
    eng = engine(RESONANCE)
    state, _, lab = resonance_turn("lab")
    value = {(name, use): e.context(state).holdings.power_value(state, 0, lab, use)
             for name, e in (("design", eng), ("control", without(RESONANCE, "set power_value[lab] for federation += 1")))
             for use in ("federation", "charge")}
    assert value == {("design", "federation"): 3, ("design", "charge"): 2,
                     ("control", "federation"): 2, ("control", "charge"): 2}


# ------------------------------------------------------------------ v17-artisans: prices, steps, and a range at its edge

ARTISANS = "v17-artisans"


def artisans_turn() -> GameState:
    """Artisans (p1, home Terra) at their first action turn on a cleared board."""
    eng = engine(ARTISANS)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["artisans", "xenos"], "artisans")))
    return edited(turn_of(clear(state, vp=20, ore=15, credits=20), 0))


def test_artisans_terraforming_costs_1_ore_less_at_every_terraforming_level_down_to_0():
    state = artisans_turn()
    design, control = engine(ARTISANS), without(ARTISANS, "set terraform_cost -= 1")
    costs = []
    for level in range(6):
        holdings.set_research(state, 0, {**state.players[0].research, "terra": level})
        costs.append(tuple(e.context(state).holdings.param(state, 0, "terraform_cost") for e in (design, control)))
    assert costs == [(2, 3), (2, 3), (1, 2), (0, 1), (0, 1), (0, 1)]


def two_steps_away(eng: Engine, state: GameState) -> Move:
    """A mine on a Volcanic planet (2 steps from Terra) next to an Artisans' mine put there."""
    site, origin = next_to(eng, state, "volcanic")
    put(state, origin, 0, "m")
    holdings.edited(state, [0])
    return Move(0, "build", ("m", site))


def test_artisans_a_mine_2_steps_away_costs_4_ore_and_gives_2_credits_and_2_vp():
    eng = engine(ARTISANS)
    state = artisans_turn()
    build = two_steps_away(eng, state)
    p, after = state.players[0], eng.apply(state, build).players[0]
    assert after.ore == p.ore - 1 - 2 * 2           # the mine's ore, 2 steps at 2 ore
    assert effect(ARTISANS, "set terraform_cost -= 1", state, build) == {"players[0].ore": (after.ore, after.ore - 2)}
    assert effect(ARTISANS, "on step paid: 1c per step", state, build) == \
        {"players[0].credits": (after.credits, after.credits - 2)}
    assert effect(ARTISANS, "on build m: 1vp per paid-step, 1k per free-step", state, build) == \
        {"players[0].vp": (after.vp, after.vp - 2)}


def test_artisans_a_mine_a_power_action_terraforms_for_free_gives_knowledge_per_free_step_and_no_credit():
    eng = engine(ARTISANS)
    state = artisans_turn()
    set_power(state, 0, 0, 0, 5)
    site, origin = next_to(eng, state, "volcanic")       # 2 steps from Terra: the power action's 2 free steps
    put(state, origin, 0, "m")
    state = edited(state)
    steps = (Move(0, "action", ("power2",)), Move(0, "build", ("m", site)))
    after = apply_all(eng, state, steps).players[0]
    assert after.ore == state.players[0].ore - 1          # no ore for steps
    assert effect(ARTISANS, "on build m: 1vp per paid-step, 1k per free-step", state, *steps) == \
        {"players[0].knowledge": (after.knowledge, after.knowledge - 2)}
    assert effect(ARTISANS, "on step paid: 1c per step", state, *steps) == {}


def test_artisans_a_mine_on_their_home_type_pays_no_step_and_gets_nothing_for_steps():
    eng = engine(ARTISANS)
    state = artisans_turn()
    site, origin = next_to(eng, state, "terra")
    put(state, origin, 0, "m")
    state = edited(state)
    build = Move(0, "build", ("m", site))
    assert effect(ARTISANS, "on step paid: 1c per step", state, build) == {}
    assert effect(ARTISANS, "on build m: 1vp per paid-step, 1k per free-step", state, build) == {}


def test_artisans_research_labs_cost_4_credits_and_3_ore():
    eng = engine(ARTISANS)
    state = artisans_turn()
    site = hexes(eng, state, "terra")[0]
    put(state, site, 0, "ts")
    build = Move(0, "build", ("lab", site))
    p, after = edited(state).players[0], eng.apply(state, build).players[0]
    assert (p.credits - after.credits, p.ore - after.ore) == (4, 3)
    assert effect(ARTISANS, "set structure_cost[lab] = 4c, 3o", state, build) == \
        {"players[0].credits": (after.credits, after.credits - 1)}


def test_artisans_a_trading_station_next_to_an_opponent_costs_2_credits_and_2_ore():
    eng = engine(ARTISANS)
    state = artisans_turn()
    site, other = next_to(eng, state, "terra")
    put(state, site, 0, "m")
    put(state, other, 1, "m")
    build = Move(0, "build", ("ts", site))
    p, after = edited(state).players[0], eng.apply(state, build).players[0]
    assert (p.credits - after.credits, p.ore - after.ore) == (2, 2)
    assert effect(ARTISANS, "set structure_cost_near_opponent[ts] = 2c, 2o", state, build) == \
        {"players[0].credits": (after.credits, after.credits - 1)}


def test_artisans_each_qic_buys_3_range():
    eng, control = engine(ARTISANS), without(ARTISANS, "set range_per_qic += 1")
    state = artisans_turn()
    oxide = hexes(eng, state, "oxide")     # one step from Terra: 2 ore, for both
    origin, far = next((a, b) for a in oxide for b in oxide if distance(eng, state, a, b) == 4)
    put(state, origin, 0, "m")
    state = edited(state)
    build = Move(0, "build", ("m", far))
    assert (state.players[0].qic - eng.apply(state, build).players[0].qic,
            state.players[0].qic - control.apply(state, build).players[0].qic) == (1, 2)


def test_artisans_a_mine_on_a_gaia_planet_costs_2_credits_instead_of_a_qic():
    eng = engine(ARTISANS)
    state = artisans_turn()
    site, origin = next_to(eng, state, "gaia")
    put(state, origin, 0, "m")
    state = edited(state)
    build = Move(0, "build", ("m", site))
    after = eng.apply(state, build).players[0]
    assert effect(ARTISANS, "set gaia_planet_cost = 2c", state, build) == \
        {"players[0].credits": (after.credits, after.credits + 2), "players[0].qic": (after.qic, after.qic - 1)}


def test_artisans_the_cost_at_its_edge_validates_and_one_step_past_it_is_refused(tmp_path):
    assert load_catalogue([DESIGNS / ARTISANS])[1] == []     # 0 ore at Terraforming 3: the edge of 0..10
    text = (DESIGNS / ARTISANS / "artisans.yaml").read_text(encoding="utf-8")
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "terraform_cost -= 1" in x)
    (tmp_path / "artisans.yaml").write_text(text.replace("terraform_cost -= 1", "terraform_cost -= 2"), encoding="utf-8")
    result = gaia("validate", "--content", tmp_path)
    assert result.exit_code == 1
    terra = (ROOT / "content" / "research" / "terra.yaml").read_text(encoding="utf-8").splitlines()
    at = next(f"{i}:{x.index('terraform_cost = 1') + 1}" for i, x in enumerate(terra, 1) if "terraform_cost = 1" in x)
    assert result.output.splitlines()[0] == (
        f"{tmp_path / 'artisans.yaml'}:{line}:10: 'terraform_cost' can reach -1 (faction artisans, holding: "
        f"set terraform_cost = 1 at content/research/terra.yaml:{at}; set terraform_cost -= 2 at "
        f"{tmp_path / 'artisans.yaml'}:{line}:10), below its declared range 0..10")
    assert "1 problem found." in result.stderr


# ------------------------------------------------------------------ v18-tinkers: actions, specials, swaps, pieces turned into others

TINKERS = "v18-tinkers"


def tinkers_turn(lab_and_mine_in_one_sector: bool = False) -> tuple[GameState, dict[str, str]]:
    """Tinkers (p1, home Ice) at their first action turn on a cleared board, 8 power in area III, with their
    planetary institute, a research lab and a mine (in another sector than the lab, or the same)."""
    eng = engine(TINKERS)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["tinkers", "terrans"], "tinkers")))
    state = turn_of(clear(state, vp=20, power=(0, 0, 8, 0)), 0)
    m = eng.context(state).map
    ice = hexes(eng, state, "ice")
    lab = ice[1]
    mine = next(h for h in hexes(eng, state) if h != lab and m.planet_at(state, h) in eng.catalogue.wheel
                and (m.sector_tile(h) == m.sector_tile(lab)) == lab_and_mine_in_one_sector)
    where = {"PI": ice[0], "lab": lab, "m": mine}
    for piece, name in where.items():
        put(state, name, 0, piece)
    return edited(state), where


def test_tinkers_each_special_action_gives_1_credit():
    state, _ = tinkers_turn()
    c = state.players[0].credits
    for name in ("range+1", "swap-lab", "ts-from-m"):
        assert effect(TINKERS, "on special-action: 1c", state, Move(0, "special", (name,))) == \
            {"players[0].credits": (c + 1, c)}


@pytest.mark.parametrize("action, vp", [("power3", 1), ("power4", 1), ("power5", 0)])
def test_tinkers_the_power_actions_for_ore_and_credits_give_1_vp(action, vp):
    state, _ = tinkers_turn()
    v = state.players[0].vp
    assert effect(TINKERS, "on board-action power3|power4: 1vp", state, Move(0, "action", (action,))) == \
        ({"players[0].vp": (v + 1, v)} if vp else {})


def test_tinkers_the_7_credit_power_action_costs_them_3_power():
    state, _ = tinkers_turn()
    assert effect(TINKERS, "set board_action_cost[power4] = 3pw", state, Move(0, "action", ("power4",))) == {
        "players[0].power.area1": (3, 4), "players[0].power.area3": (5, 4)}


def test_tinkers_planetary_institute_places_the_lost_planet_as_it_is_built():
    eng = engine(TINKERS)
    state, where = tinkers_turn()
    del state.board[where["PI"]]
    put(state, where["PI"], 0, "ts")
    state = edited(state)
    build = Move(0, "build", ("PI", where["PI"]))
    assert [p.kind for p in eng.apply(state, build).pending] == ["lostPlanet"]
    assert without(TINKERS, "now: lost-planet").apply(state, build).pending == []
    placed = eng.apply(eng.apply(state, build), first_move(eng, eng.apply(state, build), "lostPlanet"))
    assert sum(1 for h in placed.board.values() if h.owner == 0 and h.piece == "m") == 2


@pytest.mark.parametrize("one_sector, vp", [(False, 2), (True, 1)])
def test_tinkers_a_lab_and_a_mine_trade_places_for_1_vp_per_sector_they_stand_in(one_sector, vp):
    eng = engine(TINKERS)
    state, where = tinkers_turn(one_sector)
    steps = (Move(0, "special", ("swap-lab",)), Move(0, "swap-lab", (where["m"],)))
    after = apply_all(eng, state, steps)
    assert (after.board[where["lab"]].piece, after.board[where["m"]].piece) == ("m", "lab")
    assert effect(TINKERS, "on swap lab: 1vp per sector in swap", state, *steps) == \
        {"players[0].vp": (after.players[0].vp, after.players[0].vp - vp)}


def test_tinkers_once_in_the_game_a_mine_becomes_a_trading_station():
    eng = engine(TINKERS)
    state, where = tinkers_turn()
    assert Move(0, "special", ("ts-from-m",)) in eng.legal_moves(state)
    assert Move(0, "special", ("ts-from-m",)) not in without(TINKERS, "once per game: action: build ts from m").legal_moves(state)
    turned = apply_all(eng, state, (Move(0, "special", ("ts-from-m",)), Move(0, "build", ("ts", where["m"]))))
    assert turned.board[where["m"]].piece == "ts"
    # free; 1 credit for a special action, 1 ore for a trading station built from a mine
    assert (turned.players[0].credits, turned.players[0].ore) == (state.players[0].credits + 1, state.players[0].ore + 1)
    later = end_round(eng, eng.apply(turned, Move(0, "endturn")))
    later = turn_of(edited(later), 0)
    assert "special ts-from-m" not in [str(m) for m in eng.legal_moves(later)]
    assert "special range+1" in [str(m) for m in eng.legal_moves(later)]


def test_tinkers_a_trading_station_built_from_a_mine_gives_1_ore_whatever_builds_it():
    state, where = tinkers_turn()
    for steps in ((Move(0, "build", ("ts", where["m"])),),
                  (Move(0, "special", ("ts-from-m",)), Move(0, "build", ("ts", where["m"])))):
        o = apply_all(engine(TINKERS), state, steps).players[0].ore
        assert effect(TINKERS, "on build ts from m: 1o", state, *steps) == {"players[0].ore": (o, o - 1)}


def test_tinkers_a_mine_a_board_action_builds_gives_1_vp_per_step_and_each_free_step_1_credit():
    eng = engine(TINKERS)
    state, where = tinkers_turn()
    site = next(h for h in hexes(eng, state, "swamp") if h not in state.board)   # Swamp: 2 steps from Ice
    steps = (Move(0, "action", ("power2",)), Move(0, "build", ("m", site)))
    after = apply_all(eng, state, steps).players[0]
    assert effect(TINKERS, "on build m by board-action: 1vp per step", state, *steps) == \
        {"players[0].vp": (after.vp, after.vp - 2)}
    assert effect(TINKERS, "on step free: 1c", state, *steps) == {"players[0].credits": (after.credits, after.credits - 2)}
    titanium = next(h for h in hexes(eng, state, "titanium") if h not in state.board
                    and min(distance(eng, state, h, x) for x in where.values()) <= 2)   # 1 step from Ice
    special = (Move(0, "special", ("range+1",)), Move(0, "build", ("m", titanium)))   # a special action's mine
    assert apply_all(eng, state, special).players[0].ore == state.players[0].ore - 1 - 3
    assert effect(TINKERS, "on build m by board-action: 1vp per step", state, *special) == {}


def test_tinkers_the_lost_planet_their_planetary_institute_places_gives_3_credits():
    eng = engine(TINKERS)
    state, where = tinkers_turn()
    del state.board[where["PI"]]
    put(state, where["PI"], 0, "ts")
    state = edited(state)
    built = eng.apply(state, Move(0, "build", ("PI", where["PI"])))
    place = first_move(eng, built, "lostPlanet")
    c = eng.apply(built, place).players[0].credits
    assert effect(TINKERS, "on build m by reward: 3c", state, Move(0, "build", ("PI", where["PI"])), place) == \
        {"players[0].credits": (c, c - 3)}


def test_tinkers_special_build_reaches_2_hexes_without_qic():
    eng = engine(TINKERS)
    state, where = tinkers_turn()
    m = eng.context(state).map
    site = next(h for h in hexes(eng, state, "ice") if h not in state.board and
                min(distance(eng, state, h, x) for x in where.values()) == 2)
    steps = (Move(0, "special", ("range+1",)), Move(0, "build", ("m", site)))
    after = apply_all(eng, state, steps)
    assert after.board[site].owner == 0 and after.players[0].qic == state.players[0].qic
    assert m.planet_at(state, site) == "ice"


# ------------------------------------------------------------------ v19-latecomers: moments of the game, scopes and limits

LATECOMERS = "v19-latecomers"


def latecomers_setup():
    return plain_setup(engine(LATECOMERS), ["latecomers", "terrans"], "latecomers")


def latecomers_turn() -> GameState:
    eng = engine(LATECOMERS)
    return turn_of(take_boosters(eng, to_boosters(eng, latecomers_setup())), 0)


def test_latecomers_gain_2_credits_for_each_starting_mine():
    eng = engine(LATECOMERS)
    state = eng.new_game(latecomers_setup())
    c = state.players[0].credits
    assert effect(LATECOMERS, "on setup m: 2c per m in setup", state, placements) == {"players[0].credits": (c + 4, c)}


def test_latecomers_gain_a_qic_as_the_game_starts():
    eng = engine(LATECOMERS)
    state = to_boosters(eng, latecomers_setup())
    q = take_boosters(eng, state).players[0].qic
    assert effect(LATECOMERS, "on game-start: 1q", state, take_boosters) == {"players[0].qic": (q, q - 1)}


@pytest.mark.parametrize("tiles, knowledge", [((), 0), (("tech1",), 1), (("tech1", "tech5"), 2)])
def test_latecomers_each_round_start_gives_1_knowledge_per_tech_tile(tiles, knowledge):
    state = latecomers_turn()
    for tile, pos in zip(tiles, ("free1", "free2")):
        holdings.take_tile(state, 0, tile, pos)
    state = edited(state)
    c = end_round(engine(LATECOMERS), state).players[0].credits    # knowledge arrives as credits before the PI
    assert effect(LATECOMERS, "on round-start: 1k per tech-tile", state, end_round) == \
        ({"players[0].credits": (c, c - knowledge)} if knowledge else {})


def test_latecomers_each_round_end_gives_2_vp_per_advanced_tile():
    state = latecomers_turn()
    holdings.take_tile(state, 0, "advtech4", "adv-terra")
    state = edited(state)
    v = end_round(engine(LATECOMERS), state).players[0].vp
    assert effect(LATECOMERS, "on round-end: 2vp per adv-tile", state, end_round) == {"players[0].vp": (v, v - 2)}


def test_latecomers_can_never_advance_on_economy():
    state = latecomers_turn()
    state.players[0].knowledge = 8
    state = edited(state)
    ups = {e: {m.args[0] for m in e.legal_moves(state) if m.command == "up"}
           for e in (engine(LATECOMERS), without(LATECOMERS, "lock up eco"))}
    assert ups == {engine(LATECOMERS): {"terra", "nav", "int", "gaia", "sci"},
                   without(LATECOMERS, "lock up eco"): {"terra", "nav", "int", "gaia", "eco", "sci"}}


def test_latecomers_a_mine_a_board_action_builds_gives_no_vp_for_the_first_mine():
    eng = engine(LATECOMERS)
    state = latecomers_turn()
    set_power(state, 0, 0, 0, 5)
    action = Move(0, "action", ("power2",))
    mine = next(m for m in eng.legal_moves(eng.apply(state, action)) if m.command == "build")
    assert effect(LATECOMERS, "once per round: on build m by main-action: 1vp", state, action, mine) == {}


def planetary_institute(state: GameState) -> GameState:
    put(state, home_mine(state, 0), 0, "PI")
    return edited(state)


def test_latecomers_knowledge_arrives_as_credits_until_their_planetary_institute_stands():
    state = latecomers_turn()
    k, c = state.players[0].knowledge, state.players[0].credits
    after = end_round(engine(LATECOMERS), state).players[0]
    plain = end_round(without(LATECOMERS, "until PI: replace k with c"), state).players[0]
    assert (after.knowledge - k, plain.knowledge - k) == (0, 1)        # the base income's 1 knowledge
    assert after.credits - plain.credits == 1
    with_pi = planetary_institute(latecomers_turn())
    assert effect(LATECOMERS, "until PI: replace k with c", with_pi, end_round) == {}


def test_latecomers_gain_a_qic_of_income_once_their_planetary_institute_stands():
    assert effect(LATECOMERS, "after PI: income: 1q", latecomers_turn(), end_round) == {}
    state = planetary_institute(latecomers_turn())
    q = end_round(engine(LATECOMERS), state).players[0].qic
    assert effect(LATECOMERS, "after PI: income: 1q", state, end_round) == {"players[0].qic": (q, q - 1)}


def test_latecomers_the_first_mine_of_each_round_gives_1_vp():
    eng = engine(LATECOMERS)
    statement = "once per round: on build m by main-action: 1vp"
    state = latecomers_turn()
    state.players[0].ore, state.players[0].credits = 15, 30
    state = edited(state)
    mines = [m for m in eng.legal_moves(state) if m.command == "build" and m.args[0] == "m"]
    first = apply_all(eng, state, (mines[0], Move(0, "endturn")))
    v = first.players[0].vp
    assert effect(LATECOMERS, statement, state, mines[0]) == {"players[0].vp": (v, v - 1)}
    second = turn_of(edited(settle(eng, first)), 0)
    again = next(m for m in eng.legal_moves(second) if m.command == "build" and m.args[0] == "m")
    assert effect(LATECOMERS, statement, second, again) == {}                       # the same round
    next_round = turn_of(edited(end_round(eng, second)), 0)
    again = next(m for m in eng.legal_moves(next_round) if m.command == "build" and m.args[0] == "m")
    v = eng.apply(next_round, again).players[0].vp
    assert effect(LATECOMERS, statement, next_round, again) == {"players[0].vp": (v, v - 1)}


# ------------------------------------------------------------------ v20-house-rules: a rules variant of game parameters

HOUSE = "v20-house-rules"


def house_game(variant: str, players: int = 3, **fixed) -> GameState:
    eng = engine(HOUSE)
    setup = random_setup(eng.catalogue, players, "house", variant=variant,
                         factions=["terrans", "xenos", "taklons"][:players], fixed=fixed or None)
    return take_boosters(eng, to_boosters(eng, setup))


def test_house_rules_set_every_game_parameter_it_names():
    state = house_game("house-rules")
    params = engine(HOUSE).context(state).content.game_params
    assert {k: params[k] for k in engine(HOUSE).catalogue.variants["house-rules"].parameters} == {
        "turn_order": "pass-order", "final_zero_scores": False, "neutral_player_counts": (2, 3),
        "opening_bids": (2, 6), "bid_raise": (2, 5), "growing_federation_count": "formed",
        "token_discard_order": "lowest-first", "adjacency_check": "coloured-types",
        "refuse_wasted_board_actions": True, "temporary_range_must_help": True, "gaia_phase_decline_ends": True}


@pytest.mark.parametrize("variant, order", [("house-rules", [1, 0, 2]), ("rules", [1, 2, 0])])
def test_house_rules_the_next_round_is_played_in_the_order_players_passed(variant, order):
    eng = engine(HOUSE)
    state = house_game(variant)
    passes = [1, 0, 2]     # the second seat passes first, then the first, then the third; before, they build
    while passes:
        p = eng.to_move(state)
        if p == passes[0]:
            state = eng.apply(state, Move(p, "pass", (state.boosters_table[0],)))
            passes.pop(0)
        else:
            mine = next(m for m in eng.legal_moves(state) if m.command == "build" and m.args[0] == "m")
            state = apply_all(eng, state, (mine, Move(p, "endturn")))
        state = settle(eng, state)
    assert state.round == 2 and state.turn_order == order


@pytest.mark.parametrize("variant, vp", [("house-rules", [18, 6, 0]), ("rules", [18, 12, 6])])
def test_house_rules_a_count_of_0_scores_nothing_and_the_neutral_player_ranks_in_3_player_games(variant, vp):
    eng = engine(HOUSE)
    state = house_game(variant, final_tiles=["structure", "gaia"])
    state.board = {}
    planets = [h for k in eng.catalogue.wheel for h in hexes(eng, state, k)]
    for name in planets[:12]:
        put(state, name, 0, "m")          # 12: above the neutral player's 11
    for name in planets[12:17]:
        put(state, name, 1, "m")          # 5: below it; the Taklons have none
    state.round = eng.catalogue.game["rounds"]
    end = end_round(eng, edited(state))
    assert [p.final_scoring["final_tile_1"]["count"] for p in end.players] == [12, 5, 0]
    assert [p.final_scoring["final_tile_1"]["vp"] for p in end.players] == vp


def test_house_rules_auctions_open_at_2_to_6_and_raise_by_2_to_5():
    eng = engine(HOUSE)
    state = eng.new_game(random_setup(eng.catalogue, 2, "house", variant="house-rules", auction="choose-bid"))
    state = apply_all(eng, state, (Move(0, "faction", ("nevlas",)), Move(1, "faction", ("taklons",))))
    assert [int(m.args[1]) for m in eng.legal_moves(state) if m.command == "bid" and m.args[0] == "nevlas"] == \
        [2, 3, 4, 5, 6]
    state = eng.apply(state, Move(0, "bid", ("nevlas", "3")))
    assert [int(m.args[1]) for m in eng.legal_moves(state) if m.command == "bid" and m.args[0] == "nevlas"] == \
        [5, 6, 7, 8]


# ------------------------------------------------------------------ v21-capacitor: a parameter changed for one use

CAPACITOR = "v21-capacitor"


def capacitor_turn(power=(0, 0, 8)) -> GameState:
    """Nevlas (p1, no planetary institute) hold the Capacitor, at their first action turn."""
    eng = engine(CAPACITOR)
    state = take_boosters(eng, to_boosters(eng, setup_of(eng, CAPACITOR)))
    assert state.setup.tech_tiles["free2"] == "capacitor"
    state = turn_of(state, 0)
    holdings.take_tile(state, 0, "capacitor", "free2")
    set_power(state, 0, *power)
    return edited(state)


def test_capacitor_board_power_actions_take_half_the_tokens():
    state = capacitor_turn()
    assert effect(CAPACITOR, "set area3_token_value for power-action += 1", state, Move(0, "action", ("power3",))) == {
        "players[0].power.area1": (2, 4), "players[0].power.area3": (6, 4)}


def test_capacitor_conversions_and_other_prices_are_unchanged():
    state = capacitor_turn()
    assert effect(CAPACITOR, "set area3_token_value for power-action += 1", state,
                  Move(0, "spend", ("4pw", "1q"))) == {}
    ctx = engine(CAPACITOR).context(state)
    assert {use: ctx.holdings.param(state, 0, "area3_token_value", use=use)
            for use in ("power-action", "conversion", "price", "final-scoring")} == \
        {"power-action": 2, "conversion": 1, "price": 1, "final-scoring": 3}


def test_capacitor_each_area_iii_token_is_worth_3_credits_at_the_end():
    eng = engine(CAPACITOR)
    state = capacitor_turn(power=(0, 0, 3))
    for field in ("credits", "ore", "knowledge", "qic"):
        setattr(state.players[0], field, 0)
    state.round = eng.catalogue.game["rounds"]
    state = edited(state)
    ends = {name: end_round(e, state).players[0].final_scoring["resources_vp"]
            for name, e in (("design", eng), ("control", without(CAPACITOR, "set area3_token_value for final-scoring = 3")))}
    assert ends == {"design": 3, "control": 1}     # 9 credits, or 3


# ------------------------------------------------------------------ every design read by its meaning

EXPLAINED = [
    ("v9-flux", "flux", "Income, if you have no power tokens in area III: charge 2 power. (`if area3 = 0: income: 2pw`)"),
    ("v9-flux", "flux", "Each time you spend power (at most once each round), if the power spent is at least 4: 2 VP. "
                        "(`once per round: if pw >= 4: on spend: 2vp`)"),
    ("v9-flux", "flux", "When you pass: 1 VP per 2 power tokens in area II. (`pass: 1vp per 2 area2`)"),
    ("v9-flux", "flux", "When you pass, if you have at least 5 power tokens in area I: 1 Q.I.C. (`if area1 >= 5: pass: 1q`)"),
    ("v11-slow-gaia", "gaia-engineers", "Income, if you have no available Gaiaformers: 1 ore. (`if gf-available = 0: income: 1o`)"),
    ("v12-scholars", "library", "Each time you gain a research level, if the level reached is at least 3: 2 credits. "
                                "(`if level >= 3: on research: 2c`)"),
    ("v12-scholars", "summit", "Income, if you have at least 15 research levels (all tracks added up): 1 Q.I.C. "
                               "(`if research >= 15: income: 1q`)"),
    ("v13-federalists", "federalists", "Income, if you have at least 2 federations: 1 Q.I.C. (`if federation >= 2: income: 1q`)"),
    ("v13-federalists", "federalists", "When you pass: 1 VP per 2 satellites (and pieces counting as one). "
                                       "(`pass: 1vp per 2 satellite`)"),
    ("v15-surveyors", "surveyors", "Income, if you have structures in at least 4 sectors: 1 knowledge. "
                                   "(`if sector >= 4: income: 1k`)"),
    ("v15-surveyors", "surveyors", "Income, if you have at least 2 structures on Gaia planets: 1 Q.I.C. "
                                   "(`if structure-on-gaia >= 2: income: 1q`)"),
    ("v15-surveyors", "surveyors", "Each time you build a mine (at most once in the game), if you have colonized at least 4 "
                                   "planet types: 4 VP. (`once per game: if planet-type >= 4: on build m: 4vp`)"),
    ("v16-resonance", "resonators", "Each time an opponent builds near one of your structures (a mine), if the power you could "
                                    "charge from it is at least 3: 1 knowledge. (`if pw >= 3: on opponent-build m: 1k`)"),
    ("v13-federalists", "federalists", "Each time you gain a federation token (Charter): 2 knowledge. "
                                       "(`on federation charter: 2k`)"),
    ("v19-latecomers", "latecomers", "Each time you build a mine as your main action (at most once each round): 1 VP. "
                                     "(`once per round: on build m by main-action: 1vp`)"),
    ("v16-resonance", "resonators", "Rule: power bonus of gaia (for federation only) is 2. "
                                    "(`set power_bonus[gaia] for federation = 2`)"),
    ("v17-artisans", "artisans", "Rule: terraform cost is 1 less. (`set terraform_cost -= 1`)"),
    ("v19-latecomers", "latecomers", "Until you build a planetary institute: gain credits instead of knowledge. "
                                     "(`until PI: replace k with c`)"),
    ("v19-latecomers", "latecomers", "Once you have built a planetary institute: income: 1 Q.I.C. (`after PI: income: 1q`)"),
    ("v21-capacitor", "capacitor", "Rule: area3 token value (for power action only) is 1 more. "
                                   "(`set area3_token_value for power-action += 1`)"),
]


@pytest.mark.parametrize("folder, component, line", EXPLAINED)
def test_explain_reads_each_designs_conditions_and_counts_by_their_meaning(folder, component, line):
    result = gaia("explain", component, "--content", DESIGNS / folder)
    assert result.exit_code == 0, result.output
    assert f"- {line}" in result.output.splitlines()


def test_explain_names_a_special_action_after_what_it_builds():
    eng = engine(TINKERS)
    state, _ = tinkers_turn()
    specials = sorted(m.args[0] for m in eng.legal_moves(state) if m.command == "special")
    assert specials == ["range+1", "swap-lab", "ts-from-m"]    # not `down-m`: a trading station is built up from a mine
    from gaia_rules.faces.view import special_note
    assert special_note(eng, state, 0, "ts-from-m") == "turn a mine of yours into a trading station"


# ------------------------------------------------------------------ whole bot games with each design

# folder -> how its game is set up: a set-up file of setups/ (its name), or the factions by seat (and a variant)
GAMES: dict[str, tuple] = {
    "v9-flux": ("setup",),
    "v10-brainstone": (["taklons", "terrans", "xenos"],),
    "v11-slow-gaia": (["gaia-engineers", "terrans"],),
    "v12-scholars": ("setup",),
    "v13-federalists": ("setup",),
    "v14-hive": (["hive", "terrans", "xenos"],),
    "v15-surveyors": ("setup",),
    "v16-resonance": (["resonators", "terrans", "xenos"],),
    "v17-artisans": (["artisans", "xenos"],),
    "v18-tinkers": (["tinkers", "terrans", "xenos"],),
    "v19-latecomers": (["latecomers", "terrans"],),
    "v20-house-rules": (["terrans", "xenos", "taklons"], "house-rules"),
    "v21-capacitor": ("setup",),
    "v22-pioneers": (["pioneers", "terrans", "xenos"],),
}


def test_every_new_design_has_a_bot_game():
    assert sorted(GAMES) == sorted(NEW)
    # issue 39's designs with a set-up file, played in tests/rules/test_designer_conditions.py
    others = ["v25-neighbours", "v28-frontier", "v30-quartermaster", "v31-gaia-capitals"]
    assert sorted(p.stem for p in SETUPS.glob("*.yaml")) == sorted([f for f, g in GAMES.items() if g[0] == "setup"]
                                                                   + others)


# ------------------------------------------------------------------ v22-pioneers: pieces written as placement data

PIONEERS = "v22-pioneers"


def pioneers_turn() -> GameState:
    """Pioneers (p1, home Oxide, one Gaiaformer) at their first action turn on a cleared board."""
    eng = engine(PIONEERS)
    state = take_boosters(eng, to_boosters(eng, plain_setup(eng, ["pioneers", "terrans"], "pioneers")))
    state = turn_of(clear(state, vp=20), 0)
    state.players[0].gaiaformers = 1
    return edited(state)


def count(eng: Engine, state: GameState, word: str, p: int = 0) -> int:
    return eng.context(state).holdings.counter(state, p, word)


def test_pioneers_a_seeder_is_a_gaiaformer_that_turns_a_desert_into_a_gaia_planet_their_mine_replaces():
    eng = engine(PIONEERS)
    state = pioneers_turn()
    desert, origin = next_to(eng, state, "desert")
    put(state, origin, 0, "m")
    state = edited(state)
    seeded = eng.apply(state, Move(0, "build", ("sd", desert)))
    assert seeded.players[0].power == {"area1": 0, "area2": 0, "area3": 0, "gaia": 6}   # gaia_project_cost: 6 tokens
    assert (count(eng, seeded, "gf-map"), count(eng, seeded, "gf-available")) == (1, 0)
    assert "build sd" not in {f"{m.command} {m.args[0]}" for m in eng.legal_moves(turn_of(settle(
        eng, eng.apply(seeded, Move(0, "endturn"))), 0)) if m.command == "build"}    # its one Gaiaformer is out
    later = turn_of(end_round(eng, eng.apply(seeded, Move(0, "endturn"))), 0)
    assert eng.context(later).map.planet_at(later, desert) == "gaia"
    p = later.players[0]
    mine = eng.apply(later, Move(0, "build", ("m", desert)))
    assert (mine.board[desert].owner, mine.board[desert].piece) == (0, "m")
    assert (mine.players[0].credits, mine.players[0].ore, mine.players[0].qic) == (p.credits - 2, p.ore - 1, p.qic)


def test_pioneers_a_habitat_colonises_a_free_gaia_planet_without_being_a_structure():
    eng = engine(PIONEERS)
    state = pioneers_turn()
    gaia, origin = next_to(eng, state, "gaia")
    put(state, origin, 0, "m")
    state = edited(state)
    words = ("planet-type", "gaia-planet", "sector", "structure", "hb")
    before = {w: count(eng, state, w) for w in words}
    after = eng.apply(state, Move(0, "build", ("hb", gaia)))
    # its cost, and 1 Q.I.C. of range (2 hexes away): no Gaia planet price, a habitat has no place_price
    assert (after.players[0].credits, after.players[0].qic) == (state.players[0].credits - 3, state.players[0].qic - 1)
    assert effect(PIONEERS, "on build hb on guest: 1vp", state, Move(0, "build", ("hb", gaia))) == {}
    m = eng.context(state).map
    new_sector = int(m.sector_tile(gaia) != m.sector_tile(origin))
    assert {w: count(eng, after, w) - before[w] for w in words} == \
        {"planet-type": 1, "gaia-planet": 1, "sector": new_sector, "structure": 0, "hb": 1}


def test_pioneers_a_habitat_shares_an_opponents_planet_as_no_structure_and_offers_no_charge():
    eng = engine(PIONEERS)
    state = pioneers_turn()
    theirs, origin = next_to(eng, state, "terra")
    put(state, origin, 0, "m")
    put(state, theirs, 1, "m")
    state = edited(state)
    assert theirs in {m.args[1] for m in eng.legal_moves(state) if m.command == "build" and m.args[0] == "hb"}
    words = ("planet-type", "structure", "hb")
    before = {w: count(eng, state, w) for w in words}
    after = eng.apply(eng.apply(state, Move(0, "build", ("hb", theirs))), Move(0, "endturn"))
    assert after.board[theirs].guests == [0] and after.players[0].credits == state.players[0].credits - 3
    assert {w: count(eng, after, w) - before[w] for w in words} == {"planet-type": 0, "structure": 0, "hb": 1}
    assert [d.kind for d in after.decisions] == []        # no structure: the Terrans are offered no charge
    v = after.players[0].vp
    assert effect(PIONEERS, "on build hb on guest: 1vp", state, Move(0, "build", ("hb", theirs))) == \
        {"players[0].vp": (v, v - 1)}


def test_pioneers_beacons_are_placed_by_the_planetary_institutes_action_only():
    eng = engine(PIONEERS)
    state = pioneers_turn()
    space, origin = next_to(eng, state, "empty")
    put(state, origin, 0, "m")
    state = edited(state)
    assert not [m for m in eng.legal_moves(state) if m.command == "build" and m.args[0] == "bc"]
    put(state, hexes(eng, state, "oxide")[-1], 0, "PI")
    state = edited(state)
    special = next(m for m in eng.legal_moves(state) if m.command == "special")
    placed = eng.apply(eng.apply(state, special), Move(0, "build", ("bc", space)))
    assert placed.players[0].credits == state.players[0].credits - 2
    assert (count(eng, placed, "satellite"), count(eng, placed, "structure")) == (1, count(eng, state, "structure"))


def test_pioneers_a_beacon_is_a_range_origin_and_counts_2_in_federations():
    eng = engine(PIONEERS)
    state = pioneers_turn()
    space = hexes(eng, state, "empty")[0]
    put(state, space, 0, "bc")
    state = edited(state)
    ctx = eng.context(state)
    assert space in building.range_origins(bind(ctx, state, 0))
    assert federations.piece_value(bind(ctx, state, 0), space) == 2
    near = {h for h in hexes(eng, state) if distance(eng, state, h, space) == 1
            and ctx.map.planet_at(state, h) == "oxide"}
    offered = {m.args[1] for m in eng.legal_moves(state) if m.command == "build" and m.args[0] == "m"}
    assert near <= offered
