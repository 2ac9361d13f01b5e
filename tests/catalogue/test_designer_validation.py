"""What `gaia validate` tells a designer: statements that can never fire, values out of range,
replaced components, ids unlike their file names, YAML merge keys and misspelt keywords."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gaia_rules.content import bundled_content_dir, default_catalogue, load_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

runner = CliRunner()


def faction_file(folder: Path, name: str = "zorgs", **fields) -> Path:
    data = {"kind": "faction", "id": name, "name": name.title(), "home": "ice", "board": "default", **fields}
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def messages(folder: Path) -> list[str]:
    _, problems = load_catalogue([folder])
    return [p.message for p in problems]


@pytest.mark.parametrize("fields, expected", [
    ({"ability": ["now: 2o"]}, "'now' can never fire in a faction's abilities"),
    ({"ability": ["now: 2o"]}, "(for a gain at the start write 'on game-start:', for one as the PI is built put it "
                               "in planetary_institute)"),
    ({"structures": {"lab": {"effects": ["income: 1q"]}}}, "'income' can never fire in a structure's effects"),
    ({"structures": {"lab": {"effects": ["on build m: 1vp"]}}}, "'on' can never fire in a structure's effects"),
    ({"planetary_institute": ["until PI: income: 1q"]},
     "'until PI' can never hold in a faction's planetary institute list"),
    ({"ability": ["on build gf: 1vp"]}, "'build gf' can never fire: placing a gf starts a Gaia Project"),
    ({"ability": ["set terraform_cost = -1"]}, "'terraform_cost': -1 is outside its declared range 0..10"),
    ({"ability": ["on build m: 1vp per level"]}, "'level' is counted only in a statement on 'research'"),
    ({"ability": ["on build m: 1o per m in federation"]},
     "'in federation' counts the pieces of a 'federation' event, but this statement fires on 'build'"),
    ({"ability": ["set range = 2; once per round: set range = 3"]},
     "'once per' applies to statements that fire or convert (action, free, gaia-phase, income, now, on, pass), "
     "not to 'set', which is held, not fired"),
    ({"ability": ["if level >= 2: set range = 3"]}, "'level' is counted only in a statement on 'research'"),
    ({"ability": ["on research navv: 1vp"]}, "unknown research filter 'navv' (did you mean 'nav'?)"),
    ({"ability": ["on biuld m: 1vp"]}, "unknown event 'biuld' (did you mean 'build'?)"),
    ({"ability": ["action: biuld m"]}, "('biuld' is not a keyword: did you mean `build`?)"),
    ({"ability": ["once per turn: income: 1o"]}, "unknown period 'turn'"),
])
def test_a_statement_that_can_never_fire_is_an_error_saying_where(tmp_path, fields, expected):
    faction_file(tmp_path, **fields)
    found = messages(tmp_path)
    assert any(expected in m for m in found), found


def test_event_names_and_structures_are_both_scopes(tmp_path):
    faction_file(tmp_path, ability=["after federation: income: 1o", "until PI: on charge: 1vp",
                                    "on round-start: 1c", "on tech advanced: 2vp"])
    assert messages(tmp_path) == []


def test_a_setup_event_never_reaches_a_tech_tile(tmp_path):
    (tmp_path / "tech1.yaml").write_text('kind: tech_tile\nid: tech1\neffects: ["on setup m: 1o"]\n')
    assert any("'on setup' can never fire on a tech tile" in m for m in messages(tmp_path))


def test_a_copied_bundled_faction_is_named_as_replaced(tmp_path):
    (tmp_path / "my-gleens.yaml").write_text((bundled_content_dir() / "factions" / "gleens.yaml").read_text())
    result = runner.invoke(app, ["validate", "--content", str(tmp_path)])
    assert result.exit_code == 0
    assert "my-gleens.yaml: note: replaces the faction 'gleens' of the bundled factions/gleens.yaml" in result.stderr
    assert "note: its id is 'gleens', not its file name 'my-gleens'" in result.stderr


def test_yaml_merge_keys_are_refused_with_a_message(tmp_path):
    (tmp_path / "b.yaml").write_text('kind: booster\nid: b\nbase: &b {name: x}\n<<: *b\neffects: ["income: 1o"]\n')
    assert messages(tmp_path) == ["merge keys ('<<') are not supported; write the keys out"]


def test_tech_tile_copies_is_read(tmp_path):
    game = yaml.safe_load((bundled_content_dir() / "rules" / "game.yaml").read_text())
    game["tech_tile_copies"] = 1
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(game))
    engine = Engine(default_catalogue([tmp_path]))
    state = engine.new_game(random_setup(engine.catalogue, 3, 1, factions=["terrans", "xenos", "ambas"]))
    assert {n for pos, n in state.tech_supply.items() if not pos.startswith("adv-")} == {1}
    bundled = Engine(default_catalogue())
    state = bundled.new_game(random_setup(bundled.catalogue, 3, 1, factions=["terrans", "xenos", "ambas"]))
    assert {n for pos, n in state.tech_supply.items() if not pos.startswith("adv-")} == {3}  # min(players, 4)
