"""Relative parameter changes (`set NAME += N`, `-= N`) and changes for one use (`set NAME for USE = V`)
(issue 31, items 2 and 3).

A player's parameter is folded in one fixed order, whatever order its sources were gained in: the
default, then the most specific absolute `set` held (among equals the last in the source order of
`catalogue.PARAMETER_SOURCES`), then every relative change held, added up. Validation checks every
value a player can reach against the declared range, naming the statements responsible.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.rules.bound import bind
from gaia_rules.rules import Engine, charges, effects, federations, holdings
from gaia_rules.setup import random_setup

DESIGN = Path(__file__).resolve().parents[1] / "content" / "designer" / "v8-relative"
P0, P1 = 0, 1


def write(folder: Path, *docs: dict) -> Path:
    for i, doc in enumerate(docs):
        (folder / f"{doc.get('id') or doc.get('patch')}-{i}.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    return folder


def faction(*ability: str, name: str = "zorgs") -> dict:
    return {"kind": "faction", "id": name, "name": name.title(), "home": "ice", "board": "default",
            "ability": list(ability)}


def patch(kind: str, cid: str, *effects_: str) -> dict:
    return {"patch": cid, "kind": kind, "effects": list(effects_)}


def engine_of(tmp_path: Path, *docs: dict) -> Engine:
    return Engine(default_catalogue([write(tmp_path, *docs)]))


def game(engine: Engine, name: str = "zorgs"):
    return engine.new_game(random_setup(engine.catalogue, 2, 1, factions=[name, "terrans"]))


def value(engine: Engine, state, name: str, key: str | None = None, use: str | None = None, p: int = P0):
    return engine.context(state).holdings.param(state, p, name, key, use)


def messages(folder: Path) -> list[str]:
    _, problems = load_catalogue([folder])
    return [str(p) for p in problems]


# ------------------------------------------------------------------ += and -=

def test_plus_adds_to_the_range_each_navigation_level_sets(tmp_path):
    engine = engine_of(tmp_path, faction("set range += 1"))
    state = game(engine)
    assert value(engine, state, "range") == 2            # default 1, + 1
    for level, expected in ((2, 3), (4, 4), (5, 5)):     # nav sets 2, 3, 4; + 1
        holdings.set_research(state, P0, {**state.players[P0].research, "nav": level})
        assert value(engine, state, "range") == expected
    assert value(engine, state, "range", p=P1) == 1      # the Terrans hold no change


def test_minus_takes_from_the_terraforming_cost_each_terraforming_level_sets(tmp_path):
    engine = engine_of(tmp_path, faction("set terraform_cost -= 1"))
    state = game(engine)
    assert value(engine, state, "terraform_cost") == 2   # default 3, - 1
    holdings.set_research(state, P0, {**state.players[P0].research, "terra": 2})
    assert value(engine, state, "terraform_cost") == 1   # terra 2 sets 2, - 1
    holdings.set_research(state, P0, {**state.players[P0].research, "terra": 3})
    assert value(engine, state, "terraform_cost") == 0   # terra 3 sets 1, - 1


def test_changes_from_a_tile_and_a_booster_add_up_on_the_charge_free_power(tmp_path):
    engine = engine_of(tmp_path, faction("set charge_free_power += 2"),
                       patch("tech_tile", "tech1", "set charge_free_power += 1"),
                       patch("booster", "booster1", "set charge_free_power -= 1"))
    state = game(engine)
    assert value(engine, state, "charge_free_power") == 3        # 1 + 2
    holdings.take_tile(state, P0, "tech1", "terra")
    assert value(engine, state, "charge_free_power") == 4        # 1 + 2 + 1
    holdings.set_booster(state, P0, "booster1")
    assert value(engine, state, "charge_free_power") == 3        # 1 + 2 + 1 - 1


def test_the_value_does_not_depend_on_the_order_tiles_were_gained_in(tmp_path):
    engine = engine_of(tmp_path, faction(),
                       patch("tech_tile", "tech1", "set range = 3", "set terraform_cost += 2"),
                       patch("tech_tile", "tech2", "set range = 5", "set terraform_cost -= 1"))
    one, two = game(engine), game(engine)
    holdings.take_tile(one, P0, "tech1", "terra")
    holdings.take_tile(one, P0, "tech2", "nav")
    holdings.take_tile(two, P0, "tech2", "nav")
    holdings.take_tile(two, P0, "tech1", "terra")
    assert [t.tile for t in one.players[P0].tech] != [t.tile for t in two.players[P0].tech]
    # tech2 comes after tech1 in the catalogue: its absolute set wins in both games
    assert value(engine, one, "range") == value(engine, two, "range") == 5
    assert value(engine, one, "terraform_cost") == value(engine, two, "terraform_cost") == 4   # 3 + 2 - 1


def test_a_relative_change_is_added_after_every_absolute_set_whatever_its_source(tmp_path):
    # the faction comes first in the source order, the booster last: the faction's += still applies
    engine = engine_of(tmp_path, faction("set range += 2"), patch("booster", "booster1", "set range = 3"))
    state = game(engine)
    holdings.set_booster(state, P0, "booster1")
    assert value(engine, state, "range") == 5
    holdings.set_research(state, P0, {**state.players[P0].research, "nav": 5})   # nav 5 sets 4; the booster wins
    assert value(engine, state, "range") == 5


def test_an_absolute_set_later_in_the_source_order_wins(tmp_path):
    engine = engine_of(tmp_path, faction("set range = 6"), patch("booster", "booster1", "set range = 2"))
    state = game(engine)
    holdings.set_research(state, P0, {**state.players[P0].research, "nav": 4})   # nav 4 sets 3
    assert value(engine, state, "range") == 3          # research comes after the faction
    holdings.set_booster(state, P0, "booster1")
    assert value(engine, state, "range") == 2          # the booster comes after research


# ------------------------------------------------------------------ validation of reachable values

def test_a_change_that_pushes_range_past_its_maximum_at_some_level_is_an_error_naming_the_statements(tmp_path):
    write(tmp_path, faction("set range += 7"))
    found = messages(tmp_path)
    assert len(found) == 1, found
    # nav 5 sets 4; 4 + 7 = 11 > 10
    assert "zorgs-0.yaml:7:7: " in found[0]
    assert "'range' can reach 11 (faction zorgs, holding: set range = 4 at " in found[0]
    assert "content/research/nav.yaml:11:31; " in found[0]
    assert "set range += 7 at " in found[0] and found[0].endswith("above its declared range 0..10")


def test_a_change_below_the_minimum_at_the_last_terraforming_level_is_an_error(tmp_path):
    write(tmp_path, faction("set terraform_cost -= 2"))
    found = messages(tmp_path)
    assert len(found) == 1, found
    assert "'terraform_cost' can reach -1" in found[0] and "set terraform_cost = 1 at " in found[0]
    assert found[0].endswith("below its declared range 0..10")


def test_changes_within_the_range_at_every_level_validate_clean(tmp_path):
    write(tmp_path, faction("set range += 6", "set terraform_cost -= 1"))   # at most 4 + 6 = 10, at least 1 - 1 = 0
    assert messages(tmp_path) == []


def test_a_relative_change_of_a_price_takes_amounts_and_of_a_choice_is_an_error(tmp_path):
    write(tmp_path, faction("set satellite_cost += 1", "set federation_mode += 1", "set research_cost -= 1kk"))
    found = messages(tmp_path)
    assert any("'+=' on a price takes amounts, e.g. set satellite_cost += 1c, got 1" in m for m in found), found
    assert any("'+=' changes only whole-number parameters and prices; 'federation_mode' is a choice" in m
               for m in found), found
    assert any("unknown resource 'kk'" in m for m in found), found
    assert len(found) == 3, found


def test_relative_price_changes_validate_clean(tmp_path):
    write(tmp_path, faction("set research_cost -= 1k", "set structure_cost[ts] += 1o, 1c"))
    assert messages(tmp_path) == []


# ------------------------------------------------------------------ one use

def adjacent_planets(engine: Engine, state) -> tuple[str, str]:
    ctx = engine.context(state)
    names = sorted(h.name for h in ctx.map.hexes.values() if ctx.map.planet_at(state, h.name) not in (None, "space"))
    return next((a, b) for a in names for b in names if ctx.map.distance(a, b) == 1)


def charge_offer(engine: Engine, state, ts_hex: str, mine_hex: str) -> tuple[int, int, int]:
    """(power a charge offers P0 from their ts, its value for federations, its value for charges)."""
    state.board = {}
    holdings.edited(state)
    holdings.place(state, ts_hex, P0, "ts")
    holdings.place(state, mine_hex, P1, "m")
    state.decisions = []
    ctx = engine.context(state)
    charges.offer_charges(ctx, state, P1, mine_hex)
    offer = next(d for d in state.decisions if d.kind == "charge" and d.player == P0)
    return (offer.data["max"], federations.piece_value(bind(ctx, state, P0), ts_hex),
            ctx.holdings.power_value(state, P0, ts_hex, "charge"))


def test_a_power_value_set_for_charges_changes_the_charge_offered_not_the_federation_value(tmp_path):
    design = engine_of(tmp_path, faction("set power_value[ts] for charge = 1"))
    state = game(design)
    ts_hex, mine_hex = adjacent_planets(design, state)
    assert charge_offer(design, state, ts_hex, mine_hex) == (1, 2, 1)     # a ts is worth 2 on the board
    (tmp_path / "plain").mkdir()
    plain = Engine(default_catalogue([write(tmp_path / "plain", faction())]))
    state = game(plain)
    assert charge_offer(plain, state, ts_hex, mine_hex) == (2, 2, 2)


def test_a_power_value_change_for_federations_leaves_the_charge_alone(tmp_path):
    design = engine_of(tmp_path, faction("set power_value[ts] for federation += 2"))
    state = game(design)
    ts_hex, mine_hex = adjacent_planets(design, state)
    assert charge_offer(design, state, ts_hex, mine_hex) == (2, 4, 2)


def test_an_area3_token_value_for_conversions_leaves_board_power_actions_alone(tmp_path):
    design = engine_of(tmp_path, faction("set area3_token_value for conversion += 1"))
    state = game(design)
    state.players[P0].power = {"area1": 0, "area2": 0, "area3": 3, "gaia": 0}
    holdings.edited(state, [P0])
    b = bind(design.context(state), state, P0)
    assert effects.can_pay(b, [effects.ast.Pay(6, "pw")], "conversion") is None
    assert effects.can_pay(b, [effects.ast.Pay(6, "pw")], "power-action") == \
        "6 power needed in area III, you have 3"
    assert value(design, state, "area3_token_value", use="final-scoring") == 1


def test_an_unknown_use_is_an_error_with_a_suggestion(tmp_path):
    write(tmp_path, faction("set power_value[ts] for charges = 1", "set range for federation = 2"))
    found = messages(tmp_path)
    assert any("unknown use 'charges' of 'power_value' (did you mean 'charge'?) (its uses: federation, charge)" in m
               for m in found), found
    assert any("'range' has one use only: write it without 'for federation'" in m for m in found), found


def test_every_use_a_reader_passes_is_declared_in_parameters_yaml():
    import re
    root = Path(__file__).resolve().parents[2] / "gaia_rules"
    uses = {n: set(p.uses) for n, p in default_catalogue().parameters.items()}
    text = "\n".join(f.read_text(encoding="utf-8") for f in root.rglob("*.py"))
    passed = set(re.findall(r'"(area3_token_value)", use=(?:use|"([a-z-]+)")', text))
    passed |= {("area3_token_value", u) for u in re.findall(r'special_token\.spending\(b, "([a-z-]+)"\)', text)}
    assert ("area3_token_value", "final-scoring") in passed
    readers = re.findall(r'(?:can_pay|short_of|spend_with_choice)\(.*, "([a-z-]+)"\)(?: is (?:not )?None:)?$', text, re.M)
    assert set(readers) == {"power-action", "conversion"}
    for name, use in passed:
        assert not use or use in uses[name], (name, use)
    for use in re.findall(r'power_value\(state, p, \w+, "([a-z-]+)"\)', text):
        assert use in uses["power_value"] and use in uses["power_bonus"], use
    for use in re.findall(r'(?:can_pay|short_of|spend_with_choice)\(.*, "([a-z-]+)"\)(?: is (?:not )?None:)?$', text, re.M):
        assert use in uses["area3_token_value"], use


# ------------------------------------------------------------------ the designer design

def test_the_relative_design_validates_clean():
    _, problems = load_catalogue([DESIGN])
    assert problems == []


def test_the_relative_design_adds_range_and_makes_charges_from_trading_stations_smaller():
    engine = Engine(default_catalogue([DESIGN]))
    state = game(engine, "far-reachers")
    assert value(engine, state, "range") == 2                          # 1 + 1
    holdings.set_research(state, P0, {**state.players[P0].research, "nav": 5})
    assert value(engine, state, "range") == 5                          # nav 5 sets 4, + 1
    ts_hex, mine_hex = adjacent_planets(engine, state)
    assert charge_offer(engine, state, ts_hex, mine_hex) == (1, 2, 1)   # ts: 2 - 1 for charges only


# ------------------------------------------------------------------ the docs

DOC = Path(__file__).resolve().parents[2] / "docs" / "effects.md"


def doc_table(heading: str) -> list[list[str]]:
    """The rows of the first table after a heading of docs/effects.md, cells without backticks."""
    text = DOC.read_text(encoding="utf-8")
    body = text[text.index(heading):]
    body = body[body.index("\n|"):].split("\n\n")[0]
    return [[c.strip().strip("`") for c in line.strip("|").split("|")] for line in body.strip().splitlines()[2:]]


def test_the_docs_list_every_use_of_each_parameter_as_parameters_yaml_declares():
    declared = [[name, use, meaning] for name, p in default_catalogue().parameters.items()
                for use, meaning in p.uses.items()]
    assert doc_table("### Uses: one parameter, several rules") == declared


def test_the_docs_say_who_sets_each_parameter_absolutely_in_the_bundled_content():
    from gaia_rules.language import ast
    set_absolutely = {st.clause.name for _, e in default_catalogue().effect_sources() for st in e.statements
                      if isinstance(st.clause, ast.Set) and not st.clause.relative}
    rows = doc_table("**Which source wins, per parameter.**")
    named = {n.strip().strip("`") for row in rows[:-1] for n in row[0].split(",")}
    assert named == set_absolutely
