"""Every number has a range; the moves and inputs the rules should refuse are refused.

- Content: every whole number a schema accepts declares `minimum` and `maximum`; numbers
  written in effects and prices are bounded by `effect_limits` of the game file; a value
  outside its range is one message naming the field, the value and the range, at its place.
- Work: listing moves does not grow with what a player holds beyond what the board makes
  useful (Q.I.C. for range, power tokens to burn).
- Moves: a spend that exchanges nothing, or gives back its price, is refused (`empty-spend`);
  in the last round a pass names no booster but the site's spellings (a booster id, `undefined`).
- `--content DIR` reads only files that can be content, and says so when a folder holds none.
- Seeds: text of 1 to `SEED_MOST_CHARS` printable characters, on every `--seed`.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.content import bundled_content_dir, load_catalogue
from gaia_rules.content import loader as content_loader
from gaia_rules.content.loader import content_files, schema_dir
from gaia_rules.faces.cli import app
from gaia_rules.formats.notation import parse_line
from gaia_rules.rules import IllegalMoveError
from gaia_rules.rules.legal import MOST_TIMES
from gaia_rules.rules.moves import Move
from gaia_rules.setup import SEED_MOST_CHARS, build_map

from rules_helpers import CAT, ENGINE, start

runner = CliRunner()


def gaia(*args: str):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


def overlay(tmp_path: Path, files: dict[str, str]) -> list[str]:
    """The problems of the bundled content with a new folder of these files laid over it (`name:line:col: ...`)."""
    folder = tmp_path / f"mine{len(list(tmp_path.glob('mine*')))}"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    _catalogue, problems = load_catalogue([folder])
    return [f"{Path(d.file).name}:{d.line}:{d.column}: {d.message}" for d in problems]


# ------------------------------------------------------------------ ranges in the schemas

def _integers(node, where: str):
    """(place, schema) of every whole number a schema accepts, at any depth."""
    if isinstance(node, dict):
        if node.get("type") == "integer" or (isinstance(node.get("type"), list) and "integer" in node["type"]):
            yield where, node
        for key, sub in node.items():
            yield from _integers(sub, f"{where}.{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _integers(sub, f"{where}[{i}]")


def test_every_whole_number_of_every_schema_declares_its_range():
    found = {}
    for path in sorted(schema_dir().glob("*.schema.json")):
        for where, node in _integers(json.loads(path.read_text(encoding="utf-8")), path.name):
            found[where] = (node.get("minimum"), node.get("maximum"))
    assert len(found) > 60
    assert [w for w, (low, high) in found.items() if low is None or high is None] == []
    assert [w for w, (low, high) in found.items() if low > high] == []


def test_a_start_resource_beyond_its_range_is_refused_naming_the_field_the_value_and_the_range(tmp_path):
    text = "kind: faction\npatch: terrans\nstart:\n  qic: 99999999999999999999999\n"
    assert overlay(tmp_path, {"terrans.yaml": text}) == [
        "terrans.yaml:4:8: start.qic: 99999999999999999999999 is outside its declared range 0..100"]


@pytest.mark.parametrize("text, message", [
    ("kind: faction\npatch: terrans\nstructures:\n  m: {supply: 101}\n",
     "terrans.yaml:4:15: structures.m.supply: 101 is outside its declared range 0..100"),
    ("kind: faction\npatch: terrans\nstart:\n  power: {area2: -1}\n",
     "terrans.yaml:4:18: start.power.area2: -1 is outside its declared range 0..100"),
    ("kind: game\npatch: base\nrounds: 21\n",
     "terrans.yaml:3:9: rounds: 21 is outside its declared range 1..20"),
    ("kind: resources\npatch: resources\nresources:\n  c: {cap: 1001}\n",
     "terrans.yaml:4:12: resources.c.cap: 1001 is outside its declared range 0..1000"),
])
def test_counts_caps_and_game_numbers_beyond_their_range_are_refused(tmp_path, text, message):
    assert message in overlay(tmp_path, {"terrans.yaml": text})


# ------------------------------------------------------------------ ranges in effects and prices

LIMITS = CAT.game["effect_limits"]


def test_the_effect_limits_are_content_of_the_game_file():
    assert LIMITS == {"amount": 30, "price": 30, "count": 100}


@pytest.mark.parametrize("ability, message", [
    ("income: 31vp", "ability.0: the amount 31 of '31vp' is outside its declared range 0..30 "
                     "(effect_limits.amount of the game file)"),
    ("free: 31pw -> 1q", "ability.0: the price 31 of '31pw' is outside its declared range 0..30 "
                         "(effect_limits.price of the game file)"),
    ("if lab >= 101: income: 1q", "ability.0: the count 101 of '>= 101' is outside its declared range 0..100 "
                                  "(effect_limits.count of the game file)"),
    ("income: 1vp per 101 m", "ability.0: the count 101 of 'per 101 m' is outside its declared range 0..100 "
                              "(effect_limits.count of the game file)"),
    ("set satellite_cost = 31t", "'satellite_cost': the price 31 of '31t' is outside its declared range 0..30 "
                                 "(effect_limits.price of the game file)"),
])
def test_an_amount_price_or_count_above_effect_limits_is_refused_at_its_place(tmp_path, ability, message):
    text = f'kind: faction\npatch: terrans\nability:\n  - "{ability}"\n'
    problems = overlay(tmp_path, {"terrans.yaml": text})
    assert len(problems) == 1 and problems[0].startswith("terrans.yaml:4:") and problems[0].endswith(message)


def test_the_amount_points_at_its_own_column(tmp_path):
    text = 'kind: faction\npatch: terrans\nability:\n  - "income: 1o, 31vp"\n'
    assert overlay(tmp_path, {"terrans.yaml": text}) == [
        "terrans.yaml:4:18: ability.0: the amount 31 of '31vp' is outside its declared range 0..30 "
        "(effect_limits.amount of the game file)"]


def test_a_price_field_above_effect_limits_is_refused(tmp_path):
    text = 'kind: faction\npatch: terrans\nstructures:\n  ts: {cost: "40c, 2o"}\n'
    assert overlay(tmp_path, {"terrans.yaml": text}) == [
        "terrans.yaml:4:15: structures.ts.cost: the price 40 of '40c' is outside its declared range 0..30 "
        "(effect_limits.price of the game file)"]
    action = 'kind: board_action\npatch: power1\ncost: "31pw"\n'
    assert overlay(tmp_path, {"power1.yaml": action})[-1] == (
        "power1.yaml:3:8: cost: the price 31 of '31pw' is outside its declared range 0..30 "
        "(effect_limits.price of the game file)")


def test_the_limits_are_read_from_content_not_from_the_engine(tmp_path):
    """Lowering effect_limits.amount to 6 makes the bundled board action `action: 7c` too big."""
    text = "kind: game\npatch: base\neffect_limits: {amount: 6, price: 30, count: 100}\n"
    problems = overlay(tmp_path, {"game.yaml": text})
    assert "power4.yaml:5:14: effects.0: the amount 7 of '7c' is outside its declared range 0..6 " \
           "(effect_limits.amount of the game file)" in problems


def test_a_list_parameter_holds_its_range_for_each_item(tmp_path):
    text = "kind: variant\nid: generous\nparameters:\n  opening_bids: [0, 1000]\n"
    assert overlay(tmp_path, {"generous.yaml": text}) == [
        "generous.yaml:4:17: 'opening_bids': item 1: 1000 is outside its declared range 0..50"]


def test_an_int_parameter_without_a_declared_range_is_refused(tmp_path):
    text = ("kind: parameters\npatch: parameters\nparameters:\n"
            "  extra_turns: {scope: player, type: int, default: 0, doc: 'turns more'}\n")
    assert overlay(tmp_path, {"parameters.yaml": text}) == [
        "parameters.yaml:4:16: int parameter 'extra_turns' needs a declared range: give 'min' and 'max'"]


# ------------------------------------------------------------------ listing work bounded by the board

def _q_spent(move: Move) -> int:
    found = re.search(r"(\d+)q\b", move.args[0]) if move.command == "spend" else None
    return int(found.group(1)) if found else 0


def test_listing_with_a_million_qic_is_the_listing_at_the_qic_the_farthest_hex_needs():
    state = start(["terrans", "xenos"])
    p = ENGINE.to_move(state)
    span = build_map(CAT, list(state.setup.sectors)).span
    enough = math.ceil(span / CAT.parameters["range_per_qic"].default)   # reaches every hex of the map
    rich, capped = state.clone(), state.clone()
    rich.players[p].qic, capped.players[p].qic = 10 ** 6, enough
    many, few = ENGINE.legal_moves(rich), ENGINE.legal_moves(capped)
    assert [m for m in many if _q_spent(m) <= enough] == few
    assert {_q_spent(m) for m in many} - {_q_spent(m) for m in few} == set(range(enough + 1, MOST_TIMES + 1))
    assert len(many) <= 100


def test_a_reach_wider_than_the_map_searches_no_wider_than_the_map():
    state = start(["terrans", "xenos"])
    game_map = build_map(CAT, list(state.setup.sectors))
    centre = next(iter(game_map.hexes))
    assert game_map.span == 14
    assert game_map.within(centre, 10 ** 12) == game_map.within(centre, game_map.span)
    assert len(game_map.within(centre, 10 ** 12)) == len(game_map.hexes)


def test_burns_are_listed_up_to_most_times_and_a_bigger_burn_is_still_legal():
    state = start(["terrans", "xenos"])
    p = ENGINE.to_move(state)
    state.players[p].power["area2"] = 10 ** 6
    burns = [m for m in ENGINE.legal_moves(state) if m.command == "burn"]
    assert burns == [Move(p, "burn", (str(n),)) for n in range(1, MOST_TIMES + 1)]
    after = ENGINE.apply(state, Move(p, "burn", ("1000",)))
    assert after.players[p].power["area3"] == state.players[p].power["area3"] + 1000


# ------------------------------------------------------------------ spends that change nothing

@pytest.mark.parametrize("price, gain, why", [
    ("0o", "0c", "exchanges nothing"),
    ("1k", "1k", "gives back what it takes"),
    ("3o", "3o", "gives back what it takes"),
    ("1o, 1c", "1c, 1o", "gives back what it takes"),
])
def test_a_spend_that_changes_nothing_is_refused_as_empty_spend(price, gain, why):
    state = start(["terrans", "xenos"])
    p = ENGINE.to_move(state)
    with pytest.raises(IllegalMoveError) as refused:
        ENGINE.apply(state, Move(p, "spend", (price, gain)))
    assert refused.value.rule == "empty-spend"
    assert refused.value.message == f"'spend {price} for {gain}' {why}"


def test_a_spend_that_exchanges_something_is_still_played():
    state = start(["terrans", "xenos"])
    p = ENGINE.to_move(state)
    after = ENGINE.apply(state, Move(p, "spend", ("2o", "1o, 1c")))   # 1o for 1c, written long
    assert (after.players[p].ore, after.players[p].credits) == (state.players[p].ore - 1,
                                                                state.players[p].credits + 1)


# ------------------------------------------------------------------ a pass in the last round

@pytest.fixture
def last_round():
    state = start(["terrans", "xenos"])
    state.round = CAT.game["rounds"]
    return state, ENGINE.to_move(state)


def test_a_last_round_pass_naming_an_unknown_word_is_refused(last_round):
    state, p = last_round
    with pytest.raises(IllegalMoveError) as refused:
        ENGINE.apply(state, ENGINE.normalize(state, Move(p, "pass", ("x",))))
    assert refused.value.rule == "pass"
    assert refused.value.message == "in the last round a pass takes no booster: write 'pass', not 'pass x'"


def test_a_last_round_pass_naming_a_booster_id_is_the_plain_pass_the_site_means(last_round):
    state, p = last_round
    assert ENGINE.normalize(state, Move(p, "pass", ("booster3",))) == Move(p, "pass")
    after = ENGINE.apply(state, Move(p, "pass", ("booster3",)))
    assert after.players[p].booster is None and "booster3" in after.boosters_table   # taken by nobody
    assert [m for m in ENGINE.legal_moves(state) if m.command == "pass"] == [Move(p, "pass")]


def test_the_sites_pass_undefined_reads_as_pass():
    assert parse_line("p1 pass undefined", {}, 2).moves == [Move(0, "pass")]


# ------------------------------------------------------------------ --content reads only content

def _unrelated(folder: Path, n: int) -> None:
    for i in range(n):
        sub = folder / f"project{i % 20}" / "ci"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"job{i}.yaml").write_text(f"name: job {i}\nsteps:\n  - run: make test\n", encoding="utf-8")


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """The files the loader parses (every parse goes through `load_yaml`)."""
    names: list[str] = []
    real = content_loader.load_yaml

    def counting(path, display=None):
        names.append(str(path))
        return real(path, display)

    monkeypatch.setattr(content_loader, "load_yaml", counting)
    return names


def test_a_folder_of_unrelated_yaml_holds_no_content_and_none_of_it_is_parsed(tmp_path, parsed):
    other = tmp_path / "other"
    _unrelated(other, 2000)
    result = gaia("validate", "--content", other)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"gaia validate: {other} holds no gaia content files (looked for .yaml/.yml files with a top-level "
        f"'kind:' naming a content kind, or 'patch:', in their first 64 lines; at most 10000 files of at most "
        f"1000000 bytes; 2000 other YAML files passed over)"]
    assert parsed == []
    _catalogue, problems = load_catalogue([other])
    assert [d.message for d in problems] == [
        "the folder holds no gaia content files (looked for .yaml/.yml files with a top-level 'kind:' naming a "
        "content kind, or 'patch:', in their first 64 lines; at most 10000 files of at most 1000000 bytes; "
        "2000 other YAML files passed over)"]
    assert len(parsed) == len(content_files(bundled_content_dir()).files)


def test_in_a_mixed_folder_only_content_is_parsed_and_a_misspelt_kind_still_is(tmp_path, parsed):
    mine = tmp_path / "mine"
    _unrelated(mine, 50)
    (mine / "deploy.yaml").write_text("kind: Deployment\nmetadata: {name: web}\n", encoding="utf-8")
    (mine / "terrans.yaml").write_text("kind: faction\npatch: terrans\nstart:\n  credits: 20\n", encoding="utf-8")
    (mine / "typo.yaml").write_text("kind: boster\nid: zz\n", encoding="utf-8")
    catalogue, problems = load_catalogue([mine])
    bundled = len(content_files(bundled_content_dir()).files)
    assert sorted(Path(p).name for p in parsed[bundled:]) == ["terrans.yaml", "typo.yaml"]
    assert [d.message.split(";")[0] for d in problems] == ["unknown kind 'boster' (did you mean 'booster'?)"]
    passed = [n for n in catalogue.notes if "passed over" in n]
    assert passed[0] == f"{mine / 'deploy.yaml'}: note: passed over, not gaia content: its kind 'Deployment' is not " \
                        "a content kind"
    assert passed[1] == f"{mine / 'project0' / 'ci' / 'job0.yaml'}: note: passed over, not gaia content: no " \
                        "top-level 'kind:' or 'patch:' in its first 64 lines"
    assert len(passed) == 21 and passed[-1] == (
        f"{mine}: note: passed over 31 more YAML files that are not gaia content (looked for .yaml/.yml files with a "
        "top-level 'kind:' naming a content kind, or 'patch:', in their first 64 lines; at most 10000 files of at "
        "most 1000000 bytes)")


def test_a_file_above_most_bytes_is_reported_not_parsed(tmp_path, parsed, monkeypatch):
    monkeypatch.setattr(content_loader, "MOST_BYTES", 40)
    text = "kind: faction\npatch: terrans\nstart:\n  credits: 20\n"
    assert overlay(tmp_path, {"terrans.yaml": text})[-1] == (
        f"terrans.yaml:1:1: {len(text)} bytes: a content file holds at most 40 (not read)")
    assert not any(p.endswith("terrans.yaml") and "mine" in p for p in parsed)


def test_a_folder_with_more_yaml_files_than_most_files_is_not_a_content_folder(tmp_path, parsed, monkeypatch):
    monkeypatch.setattr(content_loader, "MOST_FILES", 10)
    other = tmp_path / "other"
    _unrelated(other, 11)
    result = gaia("validate", "--content", other)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"gaia validate: {other} holds more than 10 YAML files: not a content folder (gaia reads at most 10 YAML files; "
        f"give the folder of the content)"]
    assert parsed == []


def test_every_command_taking_content_refuses_a_folder_without_content(tmp_path):
    other = tmp_path / "other"
    _unrelated(other, 3)
    result = gaia("new", "--players", "2", "-o", tmp_path / "g.json", "--content", other)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"gaia new: {other} holds no gaia content files (")
    assert not (tmp_path / "g.json").exists()


# ------------------------------------------------------------------ seeds

BAD_SEEDS = [
    ("", "not an empty text"),
    ("x" * (SEED_MOST_CHARS + 1), f"not {SEED_MOST_CHARS + 1} characters"),
    ("a\nb", "character 2 is not printable ('\\n')"),
    ("tab\there", "character 4 is not printable ('\\t')"),
]
SEEDED = {
    "new": ["new", "--players", "2", "-o", "{tmp}/g.json"],
    "play": ["play", "--players", "2", "--bots", "2", "--quiet"],
    "arena": ["arena", "--bots", "random,random", "--deals", "1"],
    "tune": ["tune", "--generations", "1"],
    "simulate": ["simulate", "--games", "1", "-o", "{tmp}/s.jsonl"],
}


@pytest.mark.parametrize("command", sorted(SEEDED))
@pytest.mark.parametrize("seed, why", BAD_SEEDS)
def test_every_seed_option_refuses_what_a_seed_may_not_be_in_one_line(tmp_path, command, seed, why):
    args = [a.replace("{tmp}", str(tmp_path)) for a in SEEDED[command]]
    result = gaia(*args, "--seed", seed)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"gaia {command}: Invalid value for '--seed': a seed is 1 to {SEED_MOST_CHARS} printable characters "
        f"(such as 7 or deal-3)" + ("; " if why.startswith("character") else ", ") + why]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seed", ["7", "deal 3", "été", "y" * SEED_MOST_CHARS])
def test_a_seed_of_printable_characters_up_to_the_limit_draws_a_game(tmp_path, seed):
    result = gaia("new", "--players", "2", "--seed", seed, "-o", tmp_path / "g.json")
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["setup"]["seed"] == seed
