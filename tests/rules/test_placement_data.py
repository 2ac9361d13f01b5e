"""Placement as data, for any piece (issue 31, item 4).

A piece built new says in its structure row where it goes (`place_on`: planet types, `habitable`
kinds, `planet`, `space`), which planets opponents hold it may share (`guest_on`), what each planet
costs on top of its `cost` (`place_price`: amounts, or a rule parameter), what the planet becomes
(`becomes`, at once or through a Gaia Project), and what it counts as (`structure`, then
`counts_as_planet`, `in_federations`, `charges`, `range_origin`). The Gaiaformer is a row like any
other (`gaiaformer: true`), so a designer's second piece on Transdim planets is offered and plays as
written. Each test builds a position by hand and checks the exact numbers a placement changes.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.content.inventory import inventory
from gaia_rules.rules import Engine, IllegalMoveError, building, federations, holdings, phases
from gaia_rules.rules.bound import bind
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup

DESIGN = Path(__file__).resolve().parents[1] / "content" / "designer" / "placement-outposts"
ME, YOU = 0, 1


# ------------------------------------------------------------------ positions

def faction(structures: dict, *ability: str, name: str = "zorgs", home: str = "ice") -> dict:
    """A designer faction on the default board with these rows; its range of 3 reaches every hex the tests use."""
    return {"kind": "faction", "id": name, "name": name.title(), "home": home, "board": "default",
            "structures": structures, "ability": ["set range = 3", *ability]}


def engine_of(tmp_path: Path, *docs: dict) -> Engine:
    for doc in docs:
        (tmp_path / f"{doc['id']}.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    return Engine(default_catalogue([tmp_path]))


def position(engine: Engine, name: str = "zorgs", qic: int = 2):
    """A 4-player game at the first action turn of round 1 (the faction `name` in seat 1, the Terrans in
    seat 2), the board emptied, every player with 15c 5o 5k `qic`q and power 2/4/0, player 0 to move."""
    state = engine.new_game(random_setup(engine.catalogue, 4, 1, factions=[name, "terrans", "xenos", "ambas"]))
    while not (state.phase == "actions" and not state.decisions):
        state = engine.apply(state, engine.legal_moves(state)[0])
    state.board = {}
    for p in state.players:
        p.credits, p.ore, p.knowledge, p.qic, p.vp = 15, 5, 5, qic, 20
        p.power = {"area1": 2, "area2": 4, "area3": 0, "gaia": 0}
    holdings.edited(state)
    state.current, state.main_done, state.turn_done = ME, False, False
    return state


def planet(engine: Engine, state, name: str) -> str:
    return engine.context(state).map.planet_at(state, name)


def hexes_of(engine: Engine, state, planet_type: str) -> list[str]:
    ctx = engine.context(state)
    return sorted(h.name for h in ctx.map.hexes.values() if ctx.map.planet_at(state, h.name) == planet_type)


def next_to(engine: Engine, state, planet_type: str, other_type: str | None = None, d: int = 2) -> tuple[str, str]:
    """A hex of `planet_type` and a hex of a home type (or `other_type`) exactly `d` away from it."""
    ctx = engine.context(state)
    homes = [t for t in engine.catalogue.wheel] if other_type is None else [other_type]
    for a in hexes_of(engine, state, planet_type):
        for t in homes:
            for b in hexes_of(engine, state, t):
                if ctx.map.distance(a, b) == d:
                    return a, b
    raise AssertionError(f"no {planet_type} hex {d} from a {other_type or 'home'} planet")


def build(engine: Engine, state, piece: str, name: str, p: int = ME):
    return engine.apply(state, Move(p, "build", (piece, name)))


def builds(engine: Engine, state, piece: str) -> set[str]:
    return {m.args[1] for m in engine.legal_moves(state) if m.command == "build" and m.args[0] == piece}


def counter(engine: Engine, state, word: str, p: int = ME) -> int:
    return engine.context(state).holdings.counter(state, p, word)


def resources(state, p: int = ME) -> tuple[int, int, int]:
    pl = state.players[p]
    return pl.credits, pl.ore, pl.qic


# ------------------------------------------------------------------ a second piece on Transdim planets

OUTPOST = {"name": "outpost", "supply": 3, "cost": "2c, 1o", "place_on": "transdim",
           "place_price": {"transdim": "1q"}, "becomes": {"transdim": "gaia"}, "power_value": 1}


def test_a_new_piece_for_transdim_planets_is_offered_and_built_with_its_price_and_the_planet_becomes_gaia(tmp_path):
    engine = engine_of(tmp_path, faction({"op": OUTPOST}, "on build op: 3vp"))
    state = position(engine)
    transdim, home = next_to(engine, state, "transdim")
    holdings.place(state, home, ME, "m")
    holdings.edited(state)
    assert transdim in builds(engine, state, "op")
    assert builds(engine, state, "op") <= set(hexes_of(engine, state, "transdim"))
    after = build(engine, state, "op", transdim)
    assert resources(after) == (13, 4, 1)                       # 2c 1o, and 1q for the Transdim planet
    assert (after.board[transdim].owner, after.board[transdim].piece) == (ME, "op")
    assert planet(engine, after, transdim) == "gaia"             # at once: no Gaia Project
    assert after.players[ME].gaia_projects == {}
    assert after.players[ME].vp == 23                            # `on build op` fired
    assert (counter(engine, after, "planet-type"), counter(engine, after, "gaia-planet")) == (2, 1)
    assert counter(engine, after, "op") == 1


def test_the_gaiaformer_is_found_by_its_row_not_by_going_on_transdim_planets(tmp_path):
    engine = engine_of(tmp_path, faction({"op": OUTPOST}))
    state = position(engine)
    transdim, home = next_to(engine, state, "transdim")
    holdings.place(state, home, ME, "m")
    state.players[ME].gaiaformers = 1
    holdings.edited(state)
    assert engine.context(state).content.gaiaformers(state.players[ME]) == ("gf",)
    assert transdim in builds(engine, state, "gf") and transdim in builds(engine, state, "op")
    after = build(engine, state, "op", transdim)                 # the outpost uses no Gaiaformer
    assert (counter(engine, after, "gf-available"), counter(engine, after, "gf-map")) == (1, 0)
    project = build(engine, state, "gf", transdim)               # the Gaiaformer still starts a Gaia Project
    assert (counter(engine, project, "gf-available"), counter(engine, project, "gf-map")) == (0, 1)
    assert project.players[ME].power == {"area1": 0, "area2": 0, "area3": 0, "gaia": 6}
    assert planet(engine, project, transdim) == "transdim" and project.players[ME].gaia_projects == {transdim: 1}


def test_a_designer_gaiaformer_of_its_own_starts_gaia_projects_that_become_what_it_says(tmp_path):
    """A second Gaiaformer-like piece: gaia_project with its own `becomes` and price; both count as Gaiaformers."""
    terraformer = {"name": "terraformer", "place_on": "transdim", "place_price": {"transdim": ["gaia_project_cost", "1c"]},
                   "gaia_project": True, "becomes": {"transdim": "oxide"}, "gaiaformer": True, "holds_planet": True,
                   "structure": False}
    engine = engine_of(tmp_path, faction({"tf": terraformer}))
    state = position(engine)
    transdim, home = next_to(engine, state, "transdim")
    holdings.place(state, home, ME, "m")
    state.players[ME].gaiaformers = 2
    holdings.edited(state)
    after = build(engine, state, "tf", transdim)
    assert resources(after) == (14, 5, 2)
    assert after.players[ME].power["gaia"] == 6
    assert (counter(engine, after, "gf-available"), counter(engine, after, "gf-map")) == (1, 1)
    ctx = engine.context(after)
    phases.begin_gaia_phase(ctx, after)
    assert planet(engine, after, transdim) == "transdim"       # started this round: still under way
    after.round = 2
    phases.begin_gaia_phase(ctx, after)                         # the next round's Gaia phase
    assert planet(engine, after, transdim) == "oxide"


# ------------------------------------------------------------------ empty space

def test_a_piece_for_empty_space_is_offered_as_a_build_and_the_hex_stays_empty_space(tmp_path):
    beacon = {"name": "beacon", "supply": 2, "cost": "1o", "place_on": "space", "power_value": 1,
              "structure": False, "range_origin": True}
    engine = engine_of(tmp_path, faction({"bc": beacon}))
    state = position(engine)
    space, home = next_to(engine, state, "empty")
    holdings.place(state, home, ME, "m")
    holdings.edited(state)
    offered = builds(engine, state, "bc")
    assert space in offered and offered <= set(hexes_of(engine, state, "empty"))
    after = build(engine, state, "bc", space)
    assert resources(after) == (15, 4, 2)
    assert planet(engine, after, space) == "empty"
    assert (counter(engine, after, "planet-type"), counter(engine, after, "structure"), counter(engine, after, "bc")) == (1, 1, 1)
    assert space in building.range_origins(bind(engine.context(after), after, ME))   # `range_origin: true`


def test_a_space_station_stays_an_action_only_piece(tmp_path):
    engine = engine_of(tmp_path, faction({}, "action: build sp"))
    state = position(engine)
    space, home = next_to(engine, state, "empty")
    holdings.place(state, home, ME, "m")
    holdings.edited(state)
    assert builds(engine, state, "sp") == set()
    with pytest.raises(IllegalMoveError) as err:
        build(engine, state, "sp", space)
    assert err.value.rule == "build"


def test_a_lost_planet_like_piece_turns_empty_space_into_a_planet_of_a_type_no_one_has(tmp_path):
    colony = {"name": "colony", "supply": 1, "cost": "3c", "place_on": "space", "becomes": {"space": "lost"},
              "power_value": 1}
    engine = engine_of(tmp_path, faction({"col": colony}))
    state = position(engine)
    space, home = next_to(engine, state, "empty")
    holdings.place(state, home, ME, "m")
    holdings.edited(state)
    after = build(engine, state, "col", space)
    assert resources(after) == (12, 5, 2)
    assert planet(engine, after, space) == "lost"
    assert counter(engine, after, "planet-type") == 2           # the home type and the new one


# ------------------------------------------------------------------ a planet an opponent holds

def test_a_piece_allowed_on_a_planet_an_opponent_holds_goes_beside_it_as_a_guest(tmp_path):
    embassy = {"name": "embassy", "supply": 2, "cost": "3c", "guest_on": ["any"], "power_value": 2}
    engine = engine_of(tmp_path, faction({"emb": embassy}))
    state = position(engine)
    theirs, home = next_to(engine, state, "terra", "desert")
    holdings.place(state, home, ME, "m")
    holdings.place(state, theirs, YOU, "m")
    holdings.edited(state)
    offered = builds(engine, state, "emb")
    assert offered == {theirs}                                   # no free planet: it only shares
    after = build(engine, state, "emb", theirs)
    assert resources(after) == (12, 5, 2)                        # its cost only: no terraforming
    h = after.board[theirs]
    assert (h.owner, h.piece, h.guests) == (YOU, "m", [ME])
    assert counter(engine, after, "emb") == 1
    assert engine.context(after).holdings.power_value(after, ME, theirs, "federation") == 2


# ------------------------------------------------------------------ what a piece counts as

RELAY = {"name": "relay", "supply": 2, "cost": "1c", "place_on": "planet", "place_price": {"home": "terraform_cost"},
         "power_value": 3, "structure": False}


def test_a_piece_that_is_no_structure_offers_no_charge_takes_none_and_is_no_opponent_near(tmp_path):
    engine = engine_of(tmp_path, faction({"rl": RELAY}))
    state = position(engine)
    mine_hex, their_hex = next_to(engine, state, "ice", "terra", d=2)
    holdings.place(state, their_hex, YOU, "m")
    holdings.edited(state)
    for piece, offered in (("rl", []), ("m", ["charge"])):      # the relay, and a mine in its place
        after = engine.apply(build(engine, state, piece, mine_hex), Move(ME, "endturn"))
        assert [d.kind for d in after.decisions] == offered, piece
    for piece, offered, price in (("rl", [], 6), ("m", ["charge"], 3)):   # the Terrans upgrade their mine near it
        s = state.clone()
        holdings.place(s, mine_hex, ME, piece)
        holdings.edited(s)
        s.current = YOU
        after = engine.apply(build(engine, s, "ts", their_hex, p=YOU), Move(YOU, "endturn"))
        assert [(d.kind, d.player) for d in after.decisions] == [(k, ME) for k in offered], piece
        assert after.players[YOU].credits == 15 - price, piece  # a relay is no opponent near: the full 6c
    s = build(engine, state, "rl", mine_hex)
    assert (counter(engine, s, "structure"), counter(engine, s, "planet-type"), counter(engine, s, "rl")) == (0, 0, 1)


def test_a_piece_that_is_no_structure_is_left_out_of_federations_unless_it_says_so(tmp_path):
    engine = engine_of(tmp_path, faction({"rl": RELAY, "rf": {**RELAY, "name": "relay of federations",
                                                              "in_federations": True}}))
    state = position(engine)
    ctx = engine.context(state)
    a = hexes_of(engine, state, "ice")[0]
    b = ctx.map.neighbour_names[a][0]
    holdings.place(state, a, ME, "rl")
    holdings.place(state, b, ME, "rf")
    holdings.edited(state)
    assert federations.piece_value(bind(ctx, state, ME), a) == 0
    assert federations.piece_value(bind(ctx, state, ME), b) == 3
    assert federations.member_hexes(bind(ctx, state, ME)) == {b}


# ------------------------------------------------------------------ price per planet

def test_the_price_of_a_planet_is_its_most_specific_word_on_top_of_the_cost(tmp_path):
    prober = {"name": "prober", "supply": 6, "cost": "1c", "place_on": ["planet", "transdim"],
              "place_price": {"home": "terraform_cost", "terra": "1q", "gaia": ["gaia_planet_cost", "2c"],
                              "any": "1k"},
              "power_value": 1}
    engine = engine_of(tmp_path, faction({"pr": prober}, home="ice"))
    state = position(engine, qic=5)
    costs = {}
    for kind in ("ice", "titanium", "terra", "gaia", "transdim"):
        target, home = next_to(engine, state, kind)
        s = state.clone()
        holdings.place(s, home, ME, "m")
        holdings.edited(s)
        after = build(engine, s, "pr", target)
        p, q = after.players[ME], s.players[ME]
        costs[kind] = (q.credits - p.credits, q.ore - p.ore, q.qic - p.qic, q.knowledge - p.knowledge)
    assert costs == {
        "ice": (1, 0, 0, 0),          # the home type: no terraforming step
        "titanium": (1, 3, 0, 0),     # one step from ice: terraform_cost 3 ore
        "terra": (1, 0, 1, 0),        # terra names its own price: 1 Q.I.C., no terraforming
        "gaia": (3, 0, 1, 0),         # gaia_planet_cost 1 Q.I.C. and 2 credits
        "transdim": (1, 0, 0, 1),     # no word nearer than `any`: 1 knowledge
    }


def test_a_mine_on_a_gaia_planet_pays_the_gaia_planet_cost_and_on_its_own_gaiaformer_nothing_more(tmp_path):
    engine = engine_of(tmp_path, faction({}))
    state = position(engine)
    gaia, home = next_to(engine, state, "gaia")
    holdings.place(state, home, ME, "m")
    holdings.edited(state)
    assert resources(build(engine, state, "m", gaia)) == (13, 4, 1)
    holdings.place(state, gaia, ME, "gf")
    state.players[ME].gaiaformers = 1
    holdings.edited(state)
    after = build(engine, state, "m", gaia)
    assert resources(after) == (13, 4, 2)
    assert after.board[gaia].piece == "m" and counter(engine, after, "gf-available") == 1


# ------------------------------------------------------------------ validation

ZORGS = """\
kind: faction
id: zorgs
name: Zorgs
home: ice
board: default
structures:
"""


def problems(tmp_path: Path, rows: str) -> list[str]:
    """`gaia validate`'s messages for the Zorgs with these structure rows (YAML text, lines 7 on)."""
    (tmp_path / "zorgs.yaml").write_text(ZORGS + rows)
    _, found = load_catalogue([tmp_path])
    return [str(p).replace(str(tmp_path) + "/", "") for p in found]


def test_validation_names_an_unknown_planet_word_with_the_nearest_one(tmp_path):
    assert problems(tmp_path, "  op: {name: outpost, supply: 1, place_on: [gaia, transdm]}\n") == [
        "zorgs.yaml:7:51: unknown planet type 'transdm' (did you mean 'transdim'?)"]


def test_validation_refuses_a_piece_that_can_go_nowhere(tmp_path):
    assert problems(tmp_path, "  x: {name: nothing, supply: 1, cost: 1c}\n") == [
        "zorgs.yaml:7:6: structure 'x' can go nowhere: give it place_on (planet types, `planet`, `space`, ...) "
        "or upgrades_from (the structure it replaces)"]


def test_validation_refuses_a_place_price_that_never_applies_and_an_unknown_price_parameter(tmp_path):
    rows = ("  op:\n"
            "    place_on: transdim\n"
            "    place_price: {gaia: 1q, transdim: gaia_planet_cots}\n")
    assert problems(tmp_path, rows) == [
        "zorgs.yaml:9:25: place_price 'gaia' of structure 'op' never applies: it goes only on transdim",
        "zorgs.yaml:9:39: unknown price parameter 'gaia_planet_cots' (did you mean 'gaia_planet_cost'?); a place "
        "price names amounts ('1q') or one of: gaia_planet_cost, gaia_project_cost, satellite_cost, terraform_cost"]


def test_validation_refuses_a_gaia_project_without_becomes_and_becomes_to_an_unknown_type(tmp_path):
    assert problems(tmp_path, "  op: {place_on: transdim, gaia_project: true, becomes: {transdim: gaa}}\n") == [
        "zorgs.yaml:7:68: unknown planet type 'gaa' (did you mean 'gaia'?)"]
    assert problems(tmp_path, "  op: {place_on: transdim, gaia_project: true}\n") == [
        "zorgs.yaml:7:42: structure 'op' starts a Gaia Project but changes no planet: give it becomes "
        "(e.g. {transdim: gaia})"]


def test_validation_refuses_an_upgrade_with_a_placement_and_a_second_piece_sharing_planets(tmp_path):
    assert problems(tmp_path, "  ts: {place_on: planet}\n") == [
        "zorgs.yaml:7:18: structure 'ts' upgrades 'm' and goes where it stands: place_on would never be read"]
    assert problems(tmp_path, "  m: {guest_on: [any]}\n  emb: {name: embassy, guest_on: [gaia]}\n") == [
        "zorgs.yaml:8:34: structures 'm' and 'emb' both have guest_on: one piece of a faction at most may go on "
        "planets opponents hold"]


def test_validation_refuses_a_supply_for_a_gaiaformer(tmp_path):
    assert problems(tmp_path, "  gf: {supply: 2}\n") == [
        "zorgs.yaml:7:16: structure 'gf' is a Gaiaformer: its copies are the Gaiaformers gained (`gf`), so its "
        "supply is never read; leave supply out"]


def test_every_bundled_faction_places_its_pieces_as_before():
    """The bundled rows: the mine on planets with terraforming and the Gaia planet price, the Gaiaformer a
    Gaia Project on Transdim planets, the space station only by an action, in federations."""
    cat = default_catalogue()
    for f in cat.factions.values():
        m, gf, sp = f.structures["m"], f.structures["gf"], f.structures["sp"]
        assert (m.place_on, [(p.word, p.parameters) for p in m.place_price]) == (
            ("planet",), [("home", ("terraform_cost",)), ("gaia", ("gaia_planet_cost",))])
        assert (gf.place_on, gf.gaiaformer, gf.gaia_project, gf.becomes, gf.holds_planet) == (
            ("transdim",), True, True, (("transdim", "gaia"),), True)
        assert (sp.place_on, sp.action_only, sorted(sp.counts_for)) == (("space",), True, ["federation", "range"])


# ------------------------------------------------------------------ the designer design

def test_the_outposts_design_validates_clean():
    _, problems = load_catalogue([DESIGN])
    assert problems == []


def test_the_outposts_design_builds_an_outpost_on_a_transdim_planet_that_offers_no_charge():
    engine = Engine(default_catalogue([DESIGN]))
    state = position(engine, name="outposters")
    transdim, home = next_to(engine, state, "transdim", "titanium", d=2)
    ctx = engine.context(state)
    terrans = next(h.name for h in ctx.map.hexes.values() if h.planet in engine.catalogue.wheel
                   and ctx.map.distance(h.name, transdim) <= 2 and h.name != home)
    holdings.place(state, home, ME, "m")
    holdings.place(state, terrans, YOU, "m")
    holdings.edited(state)
    assert transdim in builds(engine, state, "op")
    after = build(engine, state, "op", transdim)
    assert resources(after) == (13, 4, 0)                        # 2c 1o, 1q for Transdim, 1q for range 2
    assert planet(engine, after, transdim) == "gaia"
    assert (counter(engine, after, "planet-type"), counter(engine, after, "gaia-planet"), counter(engine, after, "op")) == (2, 1, 1)
    assert engine.apply(after, Move(ME, "endturn")).decisions == []   # the Terrans near it are offered no charge


def test_explain_mechanisms_lists_the_placement_fields_and_who_sets_them():
    bundled = {i.name: i.users for i in inventory(default_catalogue()) if i.category == "placement field"}
    assert list(bundled) == ["place_on", "guest_on", "place_price", "becomes", "gaia_project", "gaiaformer",
                             "holds_planet", "over_gaia_project", "action_only", "structure", "counts_as_planet",
                             "in_federations",
                             "charges", "range_origin", "counts_as_satellite"]
    assert (bundled["gaiaformer"], bundled["guest_on"], bundled["charges"]) == (
        ["faction_board default"], ["faction lantids"], [])
    designed = {i.name: i.users for i in inventory(default_catalogue([DESIGN])) if i.category == "placement field"}
    assert (designed["becomes"], designed["charges"]) == (["faction_board default", "faction outposters"],
                                                          ["faction outposters"])
