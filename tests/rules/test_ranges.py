"""Every range the rules can reach (issue 39, item 7): docs/ranges.md holds each one, and games are played
at the ends that matter.

- The table of docs/ranges.md holds every `minimum`/`maximum` of `schemas/**/*.json` and every ranged
  option of the commands, with the same numbers; a new range fails here until it is written there.
- At the ends: bot games played to the end with content at each end of the ranges the rules read
  in play (the slow tier plays them all; the fast tier the ends that were fixed), and the ends that
  are refused are refused at their place, in one line.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer

from gaia_rules.content import default_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.players import RandomBot, play_game
from gaia_rules.rules import Engine, power
from gaia_rules.setup import random_setup
from gaia_rules.state import PlayerState

from test_designer_constructs import ROOT, gaia

DOC = ROOT / "docs" / "ranges.md"
SCHEMAS = ROOT / "schemas"


def _field(path: list[str]) -> str:
    """A schema path as the table names it: `structures.*.supply`, `setup[].pass` (a component and its patch
    share one row)."""
    text = re.sub(r"^\$defs/(component|patch)/", "", "/".join(path))
    text = text.replace("additionalProperties", "*").replace("/items", "[]").replace("properties/", "")
    return re.sub(r"/(else|anyOf/\d+|oneOf/\d+)", "", text).replace("/", ".")


def schema_ranges(root: Path = SCHEMAS) -> dict[tuple[str, str], str]:
    """(schema file, field) -> `min..max` of every number a schema bounds."""
    found: dict[tuple[str, str], str] = {}

    def walk(node, path, name):
        if isinstance(node, dict):
            if "minimum" in node or "maximum" in node:
                found.setdefault((name, _field(path)), f"{node.get('minimum', '')}..{node.get('maximum', '')}")
            for key, value in node.items():
                walk(value, path + [key], name)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + [str(i)], name)

    for f in sorted(root.rglob("*.json")):
        walk(json.loads(f.read_text(encoding="utf-8")), [], f.relative_to(root).as_posix())
    return found


def option_ranges() -> dict[tuple[str, str], str]:
    """(command, option) -> `min..max` of every command option with a range."""
    found = {}

    def walk(cmd, prefix):
        for name, sub in sorted(getattr(cmd, "commands", {}).items()):
            walk(sub, prefix + [name])
        for p in getattr(cmd, "params", []) if not hasattr(cmd, "commands") else []:
            if getattr(p, "min", None) is not None or getattr(p, "max", None) is not None:
                found[(" ".join(prefix), p.opts[0])] = f"{'' if p.min is None else p.min}..{'' if p.max is None else p.max}"

    walk(typer.main.get_command(app), ["gaia"])
    return found


def table(section: str) -> dict[tuple[str, str], str]:
    """(first column, second column) -> range of each row of one section's table in docs/ranges.md."""
    text = DOC.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| `([^`]+)` \| (-?[\d.]*\.\.-?[\d.]*) \|", text, re.M)
    return {(a, b): r for a, b, r in rows}


def test_every_range_of_every_schema_is_in_the_table_with_its_numbers():
    assert schema_ranges() == table("Schemas")


def test_every_ranged_command_option_is_in_the_table_with_its_numbers():
    assert option_ranges() == table("Command options")


def test_a_new_range_in_a_schema_is_missed_by_the_table(tmp_path):
    (tmp_path / "x.schema.json").write_text('{"properties": {"n": {"type": "integer", "minimum": 0, "maximum": 3}}}')
    assert schema_ranges(tmp_path) == {("x.schema.json", "n"): "0..3"}
    assert ("x.schema.json", "n") not in table("Schemas")


# ------------------------------------------------------------------ the ends, played


def _engine(tmp_path: Path, files: dict[str, str]) -> Engine:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return Engine(default_catalogue([tmp_path]))


def _played(eng: Engine, factions=("terrans", "xenos")):
    setup = random_setup(eng.catalogue, len(factions), "ends", factions=list(factions))
    return play_game(eng, setup, [RandomBot(i) for i in range(len(factions))])


def _plays_to_the_end(tmp_path: Path, files: dict[str, str]) -> None:
    eng = _engine(tmp_path, files)
    end = _played(eng)
    assert end.ended and end.round == eng.catalogue.game["rounds"]
    assert all(p.final_scoring is not None for p in end.players)


GAME = "kind: game\npatch: base\n"
FIXED_ENDS = {
    "boosters.extra 1 (the last to pass finds one)": {"g.yaml": GAME + "boosters: {extra: 1}\n"},
    "rounds 1, the Automa's left value never counting": {
        "g.yaml": GAME + "rounds: 1\n",
        "a.yaml": "kind: automa_round_scoring\npatch: automa-round-scoring\nleft_until_round: 0\n"},
}
ENDS = {
    "rounds 10 (every bundled round tile)": {"g.yaml": GAME + "rounds: 10\n"},
    "cap 0 on credits and ore": {"r.yaml": "kind: resources\npatch: resources\nresources:\n  c: {cap: 0}\n  o: {cap: 0}\n"},
    "cap 1000": {"r.yaml": "kind: resources\npatch: resources\nresources:\n  c: {cap: 1000}\n  o: {cap: 1000}\n"},
    "tech_tile_copies 0": {"g.yaml": GAME + "tech_tile_copies: 0\n"},
    "tech_tile_copies 10": {"g.yaml": GAME + "tech_tile_copies: 10\n"},
    "final_tiles 1": {"g.yaml": GAME + "final_tiles: 1\n"},
    "distances 0": {"g.yaml": GAME + "charge: {distance: 0}\nnear_opponent_distance: 0\n"},
    "distances 10": {"g.yaml": GAME + "charge: {distance: 10}\nnear_opponent_distance: 10\n"},
    "satellite_limit 0": {"g.yaml": GAME + "satellite_limit: 0\n"},
    "resource_vp.per 1 and final VP 100": {"g.yaml": GAME + "resource_vp: {per: 1}\nfinal_scoring_vp: [100, 100, 100, 100]\n"},
    "resource_vp.per 100 and final VP 0": {"g.yaml": GAME + "resource_vp: {per: 100}\nfinal_scoring_vp: [0, 0, 0, 0]\n"},
    "burn take 1 keep 0": {"b.yaml": "kind: free_actions\npatch: standard\nburn: {from: area2, to: area3, take: 1, keep: 0}\n"},
    "burn take 10 keep 10": {"b.yaml": "kind: free_actions\npatch: standard\nburn: {from: area2, to: area3, take: 10, keep: 10}\n"},
    "start 0 everywhere": {"f.yaml": "kind: faction\npatch: terrans\nstart: {vp: 0, credits: 0, ore: 0, knowledge: 0, qic: 0, "
                                     "power: {area1: 0, area2: 0, area3: 0, gaia: 0}}\n"},
    "start at the caps, 100 VP, Q.I.C. and tokens": {
        "f.yaml": "kind: faction\npatch: terrans\nstart: {vp: 100, credits: 30, ore: 15, knowledge: 15, qic: 100, "
                  "power: {area1: 100, area2: 100, area3: 100, gaia: 100}}\n"},
    "power values 0 and 10": {"f.yaml": "kind: faction\npatch: terrans\nstructures: {m: {power_value: 10}, ts: {power_value: 0}}\n"},
    "federation token copies 1": {"t.yaml": "kind: federation_token\npatch: fed1\ncopies: 1\n"},
}


@pytest.mark.parametrize("files", FIXED_ENDS.values(), ids=list(FIXED_ENDS))
def test_bots_play_to_the_end_at_the_ends_that_were_fixed(tmp_path, files):
    _plays_to_the_end(tmp_path, files)


@pytest.mark.parametrize("text, message", [
    ("kind: game\npatch: base\nboosters: {extra: 0}\n", "boosters.extra: 0 is outside its declared range 1..20"),
    ("kind: free_actions\npatch: standard\nburn: {from: area2, to: area3, take: 2, keep: 3}\n",
     "a burn keeps 3 of the 2 tokens it takes: 'keep' is at most 'take'"),
    ("kind: free_actions\npatch: standard\nburn: {from: area9, to: area3, take: 2, keep: 1}\n",
     "unknown power area 'area9' (did you mean 'area3'?)"),
])
def test_an_end_the_rules_cannot_play_is_refused_at_its_place(tmp_path, text, message):
    (tmp_path / "x.yaml").write_text(text, encoding="utf-8")
    result = gaia("validate", "--content", tmp_path)
    assert result.exit_code == 1
    assert message in result.output + result.stderr


def test_a_burn_takes_and_keeps_what_the_content_says(tmp_path):
    rule = _engine(tmp_path, {"b.yaml": "kind: free_actions\npatch: standard\nburn: {from: area2, to: area3, take: 3, "
                                        "keep: 1}\n"}).catalogue.burn
    player = PlayerState(0)
    player.power = {"area1": 0, "area2": 7, "area3": 0, "gaia": 0}
    assert power.burnable(player, rule) == 2
    power.burn(player, 2, "supply", rule)
    assert player.power == {"area1": 0, "area2": 1, "area3": 2, "gaia": 0}


def test_a_start_above_its_cap_is_noted_and_the_game_starts_at_the_cap(tmp_path):
    (tmp_path / "f.yaml").write_text("kind: faction\npatch: terrans\nstart: {ore: 16, credits: 30}\n", encoding="utf-8")
    result = gaia("validate", "--content", tmp_path)
    assert result.exit_code == 0
    assert (f"{tmp_path}/f.yaml:3:14: note: start ore 16 is more than the cap 15 of 'o' (resources.yaml): the game "
            f"starts with 15") in result.stderr
    eng = Engine(default_catalogue([tmp_path]))
    state = eng.new_game(random_setup(eng.catalogue, 2, "ends", factions=["terrans", "xenos"]))
    terrans = next(p for p in state.players if p.faction == "terrans")
    assert (terrans.ore, terrans.credits) == (15, 30)
