"""Set-up placements as data (docs/content.md, "Set-up placements"): which piece each faction places,
in which pass of the game's `setup_order` (the rules' snake: pass 1 in seat order, pass 2 reversed,
then the passes only some factions use), or at which place of the whole sequence.

The bundled factions are instances of the data (the Xenos' third mine is in pass 3, the Ivits'
planetary institute in the last pass, the more-balanced Ivits' at place 1), and a designer's faction
can write "your first set-up placement is a research lab instead of a mine"
(tests/content/designer/setup-lab-first).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.rules import Engine, IllegalMoveError
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState

DESIGN = Path(__file__).resolve().parents[1] / "content" / "designer" / "setup-lab-first"
BUNDLED = Engine(default_catalogue())


def new_game(engine: Engine, factions: list[str], seed="setup-order", **options) -> GameState:
    return engine.new_game(random_setup(engine.catalogue, len(factions), seed, factions=factions, **options))


def queue(state: GameState) -> list[tuple[int, str]]:
    return [(p, piece) for p, piece in state.setup_queue]


def overlay(tmp_path: Path, name: str, **fields) -> Path:
    """A copy of the design's faction with some fields changed, in its own folder."""
    data = yaml.safe_load((DESIGN / "lab-settlers.yaml").read_text())
    data.update(fields)
    folder = tmp_path / name
    folder.mkdir()
    (folder / "lab-settlers.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return folder


# ------------------------------------------------------------------ the bundled factions, as data

def test_the_rules_snake_with_a_third_mine_in_pass_3_and_the_ivits_planetary_institute_last():
    state = new_game(BUNDLED, ["terrans", "xenos", "ivits"])
    assert queue(state) == [(0, "m"), (1, "m"),            # pass 1, in seat order (the Ivits place no mine)
                            (1, "m"), (0, "m"),            # pass 2, from the last seat
                            (1, "m"),                      # pass 3: the Xenos' third mine
                            (2, "PI")]                     # the last pass: the Ivits' planetary institute


def test_four_players_each_pass_in_its_direction():
    state = new_game(BUNDLED, ["ivits", "terrans", "xenos", "ambas"])
    assert queue(state) == [(1, "m"), (2, "m"), (3, "m"), (3, "m"), (2, "m"), (1, "m"), (2, "m"), (0, "PI")]


def test_the_more_balanced_ivits_place_their_planetary_institute_at_place_1_of_the_sequence():
    state = new_game(BUNDLED, ["terrans", "ivits"], faction_variant="more-balanced")
    assert queue(state) == [(0, "m"), (1, "PI"), (0, "m")]
    state = new_game(BUNDLED, ["ivits", "terrans"], faction_variant="more-balanced")
    assert queue(state) == [(1, "m"), (0, "PI"), (1, "m")]


def test_legal_moves_during_set_up_offer_the_declared_piece_on_every_home_planet():
    state = new_game(BUNDLED, ["ivits", "terrans"])
    for _ in range(2):
        state = BUNDLED.apply(state, BUNDLED.legal_moves(state)[0])
    moves = BUNDLED.legal_moves(state)
    ctx = BUNDLED.context(state)
    assert {m.args[0] for m in moves} == {"PI"} and {m.player for m in moves} == {0}
    assert sorted(m.args[1] for m in moves) == sorted(h.name for h in ctx.map.hexes.values() if h.planet == "oxide")


# ------------------------------------------------------------------ a designer's faction: a lab first

@pytest.fixture(scope="module")
def design() -> Engine:
    return Engine(default_catalogue([DESIGN]))


def test_the_first_set_up_placement_of_the_design_is_a_research_lab(design):
    state = new_game(design, ["lab-settlers", "terrans", "hadsch-hallas"])
    assert queue(state) == [(0, "lab"), (1, "m"), (2, "m"), (2, "m"), (1, "m"), (0, "m")]
    moves = design.legal_moves(state)
    ice = sorted(h.name for h in design.context(state).map.hexes.values() if h.planet == "ice")
    assert [str(m) for m in moves] == [f"build lab {n}" for n in sorted(m.args[1] for m in moves)]
    assert sorted(m.args[1] for m in moves) == ice
    with pytest.raises(IllegalMoveError) as err:
        design.apply(state, Move(0, "build", ("m", ice[0])))
    assert err.value.rule == "setup" and err.value.message == "place a starting research lab (build lab <hex>)"


def test_a_set_up_lab_fires_the_setup_event_and_not_the_labs_now(tmp_path):
    engine = Engine(default_catalogue([overlay(tmp_path, "heard", ability=["on setup lab: 1q", "on setup m: 2c"])]))
    state = new_game(engine, ["lab-settlers", "terrans"])
    q, c = state.players[0].qic, state.players[0].credits
    after = engine.apply(state, engine.legal_moves(state)[0])
    assert (after.players[0].qic, after.players[0].credits) == (q + 1, c)
    assert after.players[0].tech == [] and after.decisions == [] and after.pending == []   # no tech tile at set-up


def first_action_turn(engine: Engine, factions: list[str], hexes: dict[int, list[str]]) -> GameState:
    """Set-up with the given hexes for each player, the first boosters on the table, the first income."""
    state = new_game(engine, factions, seed="lab-first")
    while state.phase == "setup":
        p, piece = state.setup_queue[0]
        state = engine.apply(state, Move(p, "build", (piece, hexes[p].pop(0))))
    while state.phase != "actions" or state.decisions:
        state = engine.apply(state, engine.legal_moves(state)[0])
    return state


def test_the_set_up_lab_gives_its_income_and_power_value(design, tmp_path):
    control = Engine(default_catalogue([overlay(tmp_path, "control", setup=["m", "m"])]))
    probe = new_game(design, ["lab-settlers", "terrans"], seed="lab-first")
    ctx = design.context(probe)
    ice = sorted(h.name for h in ctx.map.hexes.values() if h.planet == "ice")
    terra = sorted(h.name for h in ctx.map.hexes.values() if h.planet == "terra")
    plan = {0: ice[:2], 1: terra[:2]}
    lab = first_action_turn(design, ["lab-settlers", "terrans"], {p: list(h) for p, h in plan.items()})
    mines = first_action_turn(control, ["lab-settlers", "terrans"], {p: list(h) for p, h in plan.items()})
    assert (lab.board[ice[0]].piece, lab.board[ice[1]].piece) == ("lab", "m")
    assert (mines.board[ice[0]].piece, mines.board[ice[1]].piece) == ("m", "m")
    a, b = lab.players[0], mines.players[0]
    # income: the base 1o 1k, the first mine's 1o, and the first lab's 1k instead of the second mine's 1o
    assert (a.ore, a.knowledge) == (b.ore - 1, b.knowledge + 1)
    assert (a.credits, a.qic, a.vp, a.power) == (b.credits, b.qic, b.vp, b.power)
    for state, engine, value in ((lab, design, 2), (mines, control, 1)):
        assert engine.context(state).holdings.power_value(state, 0, ice[0], "federation") == value
        assert engine.context(state).holdings.power_value(state, 0, ice[0], "charge") == value
    assert design.context(lab).holdings.count(lab, 0, "lab") == 1


def test_the_set_up_lab_upgrades_to_an_academy(design):
    probe = new_game(design, ["lab-settlers", "terrans"], seed="lab-first")
    ctx = design.context(probe)
    ice = sorted(h.name for h in ctx.map.hexes.values() if h.planet == "ice")
    terra = sorted(h.name for h in ctx.map.hexes.values() if h.planet == "terra")
    state = first_action_turn(design, ["lab-settlers", "terrans"], {0: ice[:2], 1: terra[:2]})
    assert f"build ac1 {ice[0]}" in [str(m) for m in design.legal_moves(state)]


# ------------------------------------------------------------------ validation

def faction(tmp_path: Path, setup: str) -> Path:
    (tmp_path / "zorgs.yaml").write_text("kind: faction\nid: zorgs\nname: Zorgs\nhome: ice\nboard: default\n"
                                         f"setup: {setup}\n")
    return tmp_path


@pytest.mark.parametrize("setup, message", [
    ("[{piece: lab, pass: 11}]", "zorgs.yaml:6:28: setup.0.pass: 11 is outside its declared range 1..10"),
    ("[{piece: lab, pass: lats}]", "zorgs.yaml:6:28: setup.0.pass: 'lats' is not one of ['last'] (did you mean "
                                   "'last'?)"),
    ("[{piece: lab, pass: 5}]", "zorgs.yaml:6:28: set-up placement 1 ('lab') is in pass 5, but the game has 4 "
                                "passes (setup_order in the game file); give it a pass from 1 to 4, or 'last'"),
    ("[m, m, m, m, m]", "zorgs.yaml:6:21: set-up placement 5 ('m') is in pass 5, but the game has 4 passes"),
    ("[{piece: lab, pass: 1, at: 0}]", "zorgs.yaml:6:9: a set-up placement is in a 'pass' or 'at' a place of the "
                                       "sequence, not both"),
    ("[{piece: lba}]", "zorgs.yaml:6:17: unknown structure 'lba' (did you mean 'lab'?)"),
    ("[gf, m]", "zorgs.yaml:6:9: a 'gf' cannot be placed at set-up: set-up pieces go on planets of the home type, "
                "and a 'gf' goes on transdim"),
    ("[lab, lab, lab, lab]", "zorgs.yaml:6:24: set-up places 4 'lab', more than the 3 of its supply"),
])
def test_a_wrong_set_up_placement_is_reported_at_its_place(tmp_path, setup, message):
    result = CliRunner().invoke(app, ["validate", "--content", str(faction(tmp_path, setup))])
    assert result.exit_code == 1
    assert any(message in line for line in result.stdout.splitlines()), result.stdout


def test_the_design_validates_clean():
    _, problems = load_catalogue([DESIGN])
    assert problems == []


# ------------------------------------------------------------------ whole games
