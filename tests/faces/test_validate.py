"""`gaia validate` on deliberately broken copies of the bundled content.

Each breakage must be reported as `file:line:col: message` at the exact place
of the mistake, with exit code 1; clean content exits 0 with the summary.
"""
from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.content import bundled_content_dir

runner = CliRunner()


def validate(*args: str):
    return runner.invoke(app, ["validate", *args])


@pytest.fixture
def copy(tmp_path, monkeypatch) -> Path:
    """A fresh copy of the bundled content at tmp_path/content, with tmp_path as the working folder
    (so paths are shown relative to it: `content/...`)."""
    target = tmp_path / "content"
    shutil.copytree(bundled_content_dir(), target, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.chdir(tmp_path)
    return target


def position(text: str, needle: str, shift: int = 0) -> tuple[int, int]:
    """1-based line and column of the first `needle` in `text`, `shift` columns further right."""
    index = text.index(needle)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column + shift


def shown(path: Path) -> str:
    """How the CLI shows a file under the working folder."""
    return os.path.relpath(path)


@dataclass(frozen=True)
class Breakage:
    name: str
    file: str                 # relative to the content folder
    old: str                  # text replaced (must occur in the file)
    new: str                  # its replacement
    at: str                   # text in the broken file where the problem is reported
    shift: int                # columns from the start of `at`
    words: tuple[str, ...]    # parts of the message; {line} and {col} are where `context` is
    context: str = ""         # text in the broken file that the message refers to


BREAKAGES = [
    Breakage("tab_in_indentation", "factions/terrans.yaml",
             "  power: {area1: 4, area2: 4}", "\tpower: {area1: 4, area2: 4}", "\tpower", 0,
             ("tab used for indentation; YAML needs spaces",)),
    Breakage("duplicate_key", "tiles/tech/tech5.yaml",
             "name: ", "name: Twice\nname: ", "name: Ore", 0,
             ("duplicate key 'name' (first given on line {line})",), "name: Twice"),
    Breakage("unclosed_bracket", "sectors/layouts/standard-2p.yaml",
             "players: [2]", "players: [2", "slots:", 5,
             ("malformed YAML: expected ',' or ']', but got ':'",
              "(while parsing a flow sequence that starts at line {line}, column {col})"), "[2\n"),
    Breakage("unknown_top_level_key_near_miss", "factions/geodens.yaml",
             "research: [terra]", "reserch: [terra]", "reserch", 0,
             ("unknown key 'reserch' at the top level (did you mean 'research'?); allowed: kind, id, name",)),
    Breakage("unknown_nested_key_is_reported_at_the_key", "factions/itars.yaml",
             'ac1: {slots: ["income: 3k"]}', 'ac1: {slots: ["income: 3k"], suply: 1}', "suply", 0,
             ("unknown key 'suply' in structures.ac1 (did you mean 'supply'?)",)),
    Breakage("unknown_kind_near_miss", "boosters/booster3.yaml",
             "kind: booster", "kind: boster", "boster", 0,
             ("unknown kind 'boster' (did you mean 'booster'?); expected one of: advanced_tech_tile,",)),
    Breakage("missing_required_key", "factions/firaks.yaml",
             "home: titanium\n", "", "kind", 0,
             ("faction: 'home' is a required property",)),
    Breakage("missing_game_number", "rules/game.yaml",
             "satellite_limit: 25\n", "", "kind", 0,
             ("game: 'satellite_limit' is a required property",)),
    Breakage("missing_count_of_final_scoring_tiles", "rules/game.yaml",
             "final_tiles: 2 ", "# ", "kind", 0,
             ("game: 'final_tiles' is a required property",)),
    Breakage("more_final_tiles_drawn_than_the_content_holds", "rules/game.yaml",
             "final_tiles: 2 ", "final_tiles: 7 ", "7 ", 0,
             ("a game draws 7 final scoring tiles, the content has 6",)),
    Breakage("more_rounds_than_round_tiles", "rules/game.yaml",
             "rounds: 6", "rounds: 11", "11", 0,
             ("a game draws 11 round scoring tiles, the content has 10",)),
    Breakage("fewer_players_at_most_than_at_least", "rules/game.yaml",
             "players: {min: 2, max: 4}", "players: {min: 5, max: 4}", "{min", 0,
             ("at least 5 players but at most 4",)),
    Breakage("missing_required_key_in_a_nested_mapping", "rules/game.yaml",
             "players: {min: 2, max: 4}", "players: {min: 2}", "{min", 0,
             ("game: 'max' is a required property in players",)),
    Breakage("wrong_value_type", "tiles/federation/fed2.yaml",
             "copies: 3", "copies: three", "three", 0,
             ("copies: 'three' is not of type 'integer'",)),
    Breakage("effect_keyword_typo", "boosters/booster1.yaml",
             '"income: 1k; income: 1o"', '"incom: 1k; income: 1o"', "incom: 1k", 0,
             ("unexpected 'incom'", "(did you mean 'income'?)", ": 'incom: 1k; income: 1o'")),
    Breakage("effect_keyword_run_into_the_next_word", "tiles/tech/tech8.yaml",
             '"income: 4c"', '"incomes: 4c"', "incomes", 0,
             ("unexpected 'incomes'", "(did you mean 'income'?)", ": 'incomes: 4c'")),
    Breakage("keyword_run_into_a_word_inside_a_statement", "factions/gleens.yaml",
             "replace q with o", "replace q witho", "witho", 0,
             ("unexpected 'witho'; expected 'with'", ": 'until ac2: replace q witho'")),
    Breakage("effect_syntax_error_in_unquoted_string", "tiles/tech/tech4.yaml",
             '- "now: 7vp"', "- now 7vp", "now 7vp", 4,
             ("unexpected '7'; expected ':'", ": 'now 7vp'")),
    Breakage("unknown_resource", "boosters/booster5.yaml",
             '"income: 2pw"', '"income: 2pww"', "2pww", 0,
             ("unknown resource 'pww' (did you mean 'pw'?)",)),
    Breakage("unknown_resource_in_structure_cost", "factions/default-board.yaml",
             'cost: "5c, 3o"', 'cost: "5c, 3ore"', "3ore", 0,
             ("unknown resource 'ore' (did you mean 'o'?)",)),
    Breakage("unknown_rule_parameter_in_set", "research/nav.yaml",
             '"set range = 2"', '"set rnage = 2"', "rnage", 0,
             ("unknown rule parameter 'rnage' (did you mean 'range'?)",)),
    Breakage("game_parameter_in_set", "tiles/tech/tech3.yaml",
             '"set power_value[PI, ac1, ac2] = 4"', '"set turn_order = pass-order"', "turn_order", 0,
             ("unknown rule parameter 'turn_order' (a game parameter: change it in a variant)",)),
    Breakage("wrong_set_value", "factions/xenos.yaml",
             '"set federation_threshold = 6"', '"set federation_threshold = 6q"', "federation_threshold", 0,
             ("'federation_threshold': expected a whole number, got (6, 'q')",)),
    Breakage("unknown_resource_in_set_cost_value", "factions/ivits.yaml",
             '"set satellite_cost = 1q"', '"set satellite_cost = qq"', "satellite_cost", 0,
             ("'satellite_cost': expected a price such as 1q, got 'qq': unknown resource 'qq' (did you mean 'q'?)",)),
    Breakage("non_power_area_in_set_area_value", "factions/terrans.yaml",
             '"set token_route[gaia] = area2"', '"set token_route[gaia] = gf"', "token_route", 0,
             ("'token_route': expected one of area1, area2, area3, gaia, supply, got 'gf'",)),
    Breakage("unknown_key_of_a_keyed_parameter", "factions/terrans.yaml",
             '"set token_route[gaia] = area2"', '"set token_route[gaai] = area2"', "gaai", 0,
             ("unknown token flow 'gaai' (did you mean 'gaia'?)",)),
    Breakage("unknown_structure_in_build", "boosters/booster5.yaml",
             "build m|gf", "build m|gff", "m|gff", 2,
             ("unknown structure 'gff' (did you mean 'gf'?)",)),
    Breakage("unknown_structure_in_build_source", "factions/firaks.yaml",
             "build ts from lab", "build ts from labb", "labb", 0,
             ("unknown structure 'labb' (did you mean 'lab'?)",)),
    Breakage("unknown_place_in_move", "factions/nevlas.yaml",
             "move 1 area3>gaia", "move 1 area3>gaya", "gaya", 0,
             ("unknown place 'gaya' (did you mean 'gaia'?)",)),
    Breakage("unknown_structure_key_in_set", "tiles/tech/tech3.yaml",
             "[PI, ac1, ac2]", "[PI, ac1, acc2]", "acc2", 0,
             ("unknown structure 'acc2' (did you mean 'ac2'?)",)),
    Breakage("unknown_research_track_after_up", "factions/bescods.yaml",
             "up lowest", "up lowset", "lowset", 0,
             ("unknown research track 'lowset' (did you mean 'lowest'?)",)),
    Breakage("unknown_resource_after_with", "factions/gleens.yaml",
             "replace q with o", "replace q with oo", "with oo", 5,
             ("unknown resource 'oo' (did you mean 'o'?)",)),
    Breakage("unknown_event", "tiles/round/score1.yaml",
             '"on step: 2vp"', '"on stepp: 2vp"', "stepp", 0,
             ("unknown event 'stepp' (did you mean 'step'?)",)),
    Breakage("unknown_counter", "boosters/booster6.yaml",
             '"pass: 1vp per m"', '"pass: 1vp per mines"', "mines", 0,
             ("unknown counter 'mines'",)),
    Breakage("unknown_second_counter", "boosters/booster9.yaml",
             "per PI|ac1|ac2", "per PI|ac1|acc2", "acc2", 0,
             ("unknown counter 'acc2'",)),
    Breakage("trigger_that_can_never_fire_on_federation_token", "tiles/federation/fed1.yaml",
             '"now: 12vp"', '"income: 12vp"', "income: 12vp", 0,
             ("'income' can never fire on a federation token; use one of: now",)),
    Breakage("trigger_that_can_never_fire_on_booster", "boosters/booster2.yaml",
             '"income: 1o; income: 2t"', '"income: 1o; now: 2t"', "now: 2t", 0,
             ("'now' can never fire on a booster; use one of: action, free, income, on, pass, set",)),
    Breakage("trigger_that_can_never_fire_on_round_scoring_tile", "tiles/round/score2.yaml",
             '"on research: 2vp"', '"pass: 2vp"', "pass: 2vp", 0,
             ("'pass' can never fire on a round scoring tile; use one of: on",)),
    Breakage("faction_income_field_takes_only_income", "factions/ambas.yaml",
             '"income: 2o, 1k"', '"now: 2o, 1k"', "now: 2o", 0,
             ("'now' can never fire in a faction's base income; use one of: income",)),
    Breakage("sector_with_18_hexes", "sectors/1.yaml",
             "  C: empty\n", "", "A0: empty", 0,
             ("a sector needs 19 hexes, this one has 18; missing C",)),
    Breakage("sector_with_17_hexes", "sectors/2.yaml",
             "  A0: titanium\n  A1: empty\n", "", "A2: empty", 0,
             ("a sector needs 19 hexes, this one has 17; missing A0, A1",)),
    Breakage("sector_with_an_unknown_hex_position", "sectors/4.yaml",
             "  C: empty\n", "  C: empty\n  D: empty\n", "D: empty", 0,
             ("unexpected key 'D' in hexes; keys must match",)),
    Breakage("research_track_with_5_levels", "research/sci.yaml",
             '  - ["now: 9k"]   # 5\n', "", "- []", 0,
             ("a research track needs 6 levels (0-5), this one has 5",)),
    Breakage("layout_sector_count_differs_from_slot_count", "sectors/layouts/standard-2p.yaml",
             '"7B"]', '"7B", "8"]', '["1"', 0,
             ("8 sectors for 7 slots; they must match",)),
    Breakage("unknown_home_planet", "factions/lantids.yaml",
             "home: terra", "home: terrra", "terrra", 0,
             ("unknown home planet type 'terrra' (did you mean 'terra'?)",)),
    Breakage("unknown_faction_board", "factions/nevlas.yaml",
             "board: default", "board: defualt", "defualt", 0,
             ("unknown faction board 'defualt' (did you mean 'default'?)",)),
    Breakage("slots_differ_from_supply", "factions/itars.yaml",
             'ac1: {slots: ["income: 3k"]}', 'ac1: {slots: ["income: 3k", "income: 1k"]}', "[", 0,
             ("structure 'ac1' has 2 income slots but a supply of 1; they must match",)),
    Breakage("special_planet_kind_missing", "rules/planets.yaml",
             "colour: none, habitable: lost}", "colour: none, habitable: never}", "terra:", 0,
             ("the rules need exactly one planet type with habitable: lost; found none",)),
    Breakage("unknown_game_parameter_value_in_variant", "rules/variants/boardgamers.yaml",
             "turn_order: pass-order", "turn_order: pass-ordr", "pass-ordr", 0,
             ("'turn_order': expected one of first-passer-clockwise, pass-order, got 'pass-ordr' "
              "(did you mean 'pass-order'?)",)),
]


def apply(copy: Path, b: Breakage) -> tuple[int, int, tuple[str, ...]]:
    """Break one file of the copy; returns where the problem must be reported and the message parts."""
    path = copy / b.file
    text = path.read_text(encoding="utf-8")
    assert b.old in text, f"{b.file} no longer contains {b.old!r}"
    broken = text.replace(b.old, b.new, 1)
    path.write_text(broken, encoding="utf-8")
    line, col = position(broken, b.at, b.shift)
    words = b.words
    if b.context:
        ctx_line, ctx_col = position(broken, b.context)
        words = tuple(w.format(line=ctx_line, col=ctx_col) for w in words)
    return line, col, words


@pytest.mark.parametrize("b", BREAKAGES, ids=[b.name for b in BREAKAGES])
def test_breakage_is_reported_at_its_file_line_and_column(copy, b):
    line, col, words = apply(copy, b)
    result = validate(str(copy))
    assert result.exit_code == 1, result.output
    expected = f"{shown(copy / b.file)}:{line}:{col}: "
    lines = [ln for ln in result.stdout.splitlines() if ln.startswith(expected)]
    assert lines, f"no line starting with {expected!r} in:\n{result.stdout}"
    for word in words:
        assert word in lines[0], f"{word!r} not in {lines[0]!r}"


def test_duplicate_id_is_reported_in_the_second_file(copy):
    original = copy / "tiles" / "tech" / "tech1.yaml"
    second = copy / "tiles" / "tech" / "tech1b.yaml"
    shutil.copyfile(original, second)
    line, col = position(second.read_text(), "tech1", 0)
    result = validate(str(copy))
    assert result.exit_code == 1
    assert (f"{shown(second)}:{line}:{col}: duplicate id 'tech1' for kind 'tech_tile' "
            f"(also in {shown(original)})") in result.stdout.splitlines()


def test_a_broken_file_reports_only_its_own_problem(copy):
    apply(copy, BREAKAGES[0])  # the tab
    result = validate(str(copy))
    assert len(result.stdout.splitlines()) == 1
    assert "1 problem found." in result.stderr


def test_unknown_faction_board_is_the_only_problem_reported(copy):
    """The faction's structure overrides cannot be checked against a board that does not exist:
    no follow-on messages about supplies."""
    b = next(b for b in BREAKAGES if b.name == "unknown_faction_board")
    line, col, _words = apply(copy, b)
    result = validate(str(copy))
    assert result.stdout.splitlines() == [
        f"{shown(copy / b.file)}:{line}:{col}: unknown faction board 'defualt' (did you mean 'default'?)"]


def test_clean_bundled_content_exits_0_with_summary():
    result = validate()
    assert result.exit_code == 0, result.output
    assert re.search(r"^\s+factions: 14$", result.stdout, re.M)
    assert re.search(r"^\s+federation tokens: 7$", result.stdout, re.M)
    assert result.stdout.rstrip().endswith("content is valid.")


def test_clean_copy_exits_0(copy):
    result = validate(str(copy))
    assert result.exit_code == 0, result.output
    assert "factions: 14" in result.stdout
    assert "content is valid." in result.stdout


def test_several_breakages_in_different_files_are_all_reported(copy):
    chosen = [b for b in BREAKAGES if b.name in (
        "tab_in_indentation", "duplicate_key", "unclosed_bracket", "effect_keyword_typo",
        "unknown_rule_parameter_in_set", "trigger_that_can_never_fire_on_federation_token",
        "research_track_with_5_levels", "unknown_home_planet")]
    assert len({b.file for b in chosen}) == len(chosen) == 8
    places = {b.file: apply(copy, b) for b in chosen}
    result = validate(str(copy))
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    for b in chosen:
        line, col, words = places[b.file]
        assert any(o.startswith(f"{shown(copy / b.file)}:{line}:{col}: ") and words[0] in o for o in out), b.name
    assert len(out) == 8
    assert "8 problems found." in result.stderr


def test_problems_are_sorted_by_file_line_and_column(copy):
    for b in BREAKAGES:
        if b.name in ("unknown_resource", "unknown_structure_in_build", "unknown_home_planet", "unknown_event"):
            apply(copy, b)
    out = validate(str(copy)).stdout.splitlines()
    keys = []
    for o in out:
        file, line, col, _ = o.split(":", 3)
        keys.append((file, int(line), int(col)))
    assert keys == sorted(keys)
    assert len(keys) == 4


def test_paths_outside_the_working_folder_are_shown_absolute(copy, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    b = next(b for b in BREAKAGES if b.name == "unknown_home_planet")
    line, col, _words = apply(copy, b)
    result = validate(str(copy))
    assert result.exit_code == 1
    assert f"{copy / b.file}:{line}:{col}: unknown home planet type 'terrra'" in result.stdout


ZORGS = """\
kind: faction
id: zorgs
name: Zorgs
home: ice
board: default
start:
  ore: 5
ability:
  - "on build m: 1pww"
"""


def test_content_overlay_broken_file_is_reported_under_its_own_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "my-faction"
    folder.mkdir()
    (folder / "zorgs.yaml").write_text(ZORGS)
    line, col = position(ZORGS, "1pww")
    result = validate("--content", "my-faction")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{Path('my-faction') / 'zorgs.yaml'}:{line}:{col}: unknown resource 'pww' (did you mean 'pw'?)"]


def test_content_overlay_adds_a_faction(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "my-faction"
    folder.mkdir()
    (folder / "zorgs.yaml").write_text(ZORGS.replace("1pww", "1pw"))
    result = validate("--content", str(folder))
    assert result.exit_code == 0, result.output
    assert re.search(r"^\s+factions: 15$", result.stdout, re.M)


def test_overlay_replaces_a_bundled_component_with_the_same_id(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "retune"
    folder.mkdir()
    original = (bundled_content_dir() / "boosters" / "booster1.yaml").read_text()
    text = original.replace("income: 1k;", "income: 2k;")
    assert text != original
    (folder / "booster1.yaml").write_text(text)
    result = validate("--content", "retune")
    assert result.exit_code == 0, result.output
    assert re.search(r"^\s+boosters: 10$", result.stdout, re.M)


def test_folder_without_game_yaml_is_laid_over_the_bundled_content(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "zorgs.yaml").write_text(ZORGS.replace("1pww", "1pw"))
    result = validate("mine")  # positional, but no game.yaml: an overlay
    assert result.exit_code == 0, result.output
    assert re.search(r"^\s+factions: 15$", result.stdout, re.M)


def test_folder_with_game_yaml_is_a_full_content_set(copy):
    (copy / "factions" / "itars.yaml").unlink()
    for entry in (copy / "faction-variants").rglob("itars.yaml"):  # its variant entries would name a missing faction
        entry.unlink()
    (copy / "automa" / "factions" / "automa-itars.yaml").unlink()  # and so would its Automa faction card
    result = validate(str(copy))
    assert result.exit_code == 0, result.output
    assert re.search(r"^\s+factions: 13$", result.stdout, re.M)  # not merged with the bundled 14


def test_overlay_on_a_full_copy_is_checked_too(copy, tmp_path):
    folder = tmp_path / "my-faction"
    folder.mkdir()
    (folder / "zorgs.yaml").write_text(ZORGS)
    result = validate(str(copy), "--content", str(folder))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{Path('my-faction') / 'zorgs.yaml'}:9:")


@pytest.mark.parametrize("args", [("--content", "nowhere"), ("nowhere",)], ids=["overlay", "positional"])
def test_missing_path_is_a_usage_error_exit_2(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = validate(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["gaia validate: nowhere: no such file or folder"]


@pytest.mark.parametrize("name, message", [("locked.yaml", "cannot read file: permission denied"),
                                           ("locked", "cannot read folder: permission denied")])
def test_unreadable_path_is_a_usage_error_exit_2(tmp_path, monkeypatch, name, message):
    monkeypatch.chdir(tmp_path)
    locked = tmp_path / name
    if name.endswith(".yaml"):
        locked.write_text(ZORGS)
    else:
        locked.mkdir()
    # permissions cannot lock out root, so the check itself is told the path is unreadable
    import gaia_rules.faces.app as cli

    monkeypatch.setattr(cli.os, "access", lambda path, mode: Path(path).name != name)
    result = validate("--content", name)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"gaia validate: {name}: {message}"]


def test_cli_docstring_promises_the_exit_codes_it_uses():
    import gaia_rules.faces.app as cli

    doc = " ".join(cli.__doc__.split())
    assert "0 success 1 refused:" in doc and "content with problems" in doc
    assert "2 usage:" in doc and "a file that does not exist or cannot be read" in doc


def test_unknown_option_is_a_usage_error_exit_2():
    assert validate("--no-such-option").exit_code == 2


def test_every_unknown_key_of_one_mapping_is_reported_at_its_key(copy):
    path = copy / "tiles" / "tech" / "tech5.yaml"
    text = path.read_text() + "colour: blue\nnote: x\n"
    path.write_text(text)
    result = validate(str(copy))
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    for key in ("colour", "note"):
        line, col = position(text, key + ":")
        assert any(o.startswith(f"{shown(path)}:{line}:{col}: unknown key '{key}' at the top level") for o in out), out
    assert len(out) == 2


def test_a_faction_overriding_structures_of_an_unknown_board_gets_no_supply_message(copy):
    """itars.yaml overrides ac1's slots; with its board unknown only the board is reported."""
    path = copy / "factions" / "itars.yaml"
    text = path.read_text().replace("board: default", "board: nowhere")
    path.write_text(text)
    line, col = position(text, "nowhere")
    result = validate(str(copy))
    assert result.stdout.splitlines() == [f"{shown(path)}:{line}:{col}: unknown faction board 'nowhere'"]


def test_folder_alone_without_rules_reports_missing_singletons(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "lonely"
    folder.mkdir()
    bundled = Path(__file__).parents[2] / "content" / "rules" / "game.yaml"
    (folder / "game.yaml").write_text(bundled.read_text(encoding="utf-8").replace("id: base", "id: g"), encoding="utf-8")
    result = validate("lonely")
    assert result.exit_code == 1
    out = result.stdout
    for kind in ("planets", "resources", "parameters", "research_board", "free_actions"):
        assert f"content has no '{kind}' file" in out
    assert "content has no 'game' file" not in out


LAUGHS = "".join(f"{a}: &{a} [{', '.join([f'*{b}' if b else 'x'] * 10)}]\n"
                 for a, b in zip("abcdefg", [None] + list("abcdef"))) + "kind: booster\nid: zz\n"
KINDS = ", ".join(__import__("gaia_rules.content.loader", fromlist=["known_kinds"]).known_kinds())


@pytest.mark.parametrize("text, line, col, message", [
    (b"kind: [booster]\nid: zz\n", 1, 7, f"'kind' is one word, not a list; expected one of: {KINDS}"),
    (b"kind: {a: 1}\nid: zz\n", 1, 7, f"'kind' is one word, not a mapping; expected one of: {KINDS}"),
    (b"kind: booster\nid: [a, b]\nname: Z\neffects: ['income: 1k']\n", 2, 5, "id: ['a', 'b'] is not of type 'string'"),
    (b"kind: booster\nid: zz\nname: Z\neffects: 5\n", 4, 10, "effects: 5 is not of type 'array'"),
    (b"kind: booster\nid: zz\nname: Z\neffects: {a: 1}\n", 4, 10, "effects: {'a': 1} is not of type 'array'"),
    (b"- kind: booster\n- id: zz\n", 1, 1, "expected a mapping with 'kind' and 'id' at the top"),
    (b"", 1, 1, "empty file; expected a mapping with 'kind' and 'id'"),
    (b"\x00\x01\x02\xff\xfe garbage", 1, 4, "not UTF-8 text: byte 0xff (invalid start byte)"),
    (b"kind: booster\n\x00\x01", 2, 1, "malformed YAML: unprintable character #x0000"),
    (b"kind: booster\nid: zz\n<<: {name: Z}\n", 3, 1, "merge keys ('<<') are not supported; write the keys out"),
    (b"kind: booster\n? {a: 1}\n: x\n", 2, 3, "a key must be a plain word or number, not a list or mapping"),
    (("a: " + "[" * 5000 + "]" * 5000 + "\n").encode(), 1, 1, "malformed YAML: values nested too deeply"),
    (b"a: &a [*a]\n", 1, 1, "malformed YAML: values nested too deeply (or an alias inside itself)"),
    (LAUGHS.encode(), 1, 35, "more than 100000 values once aliases are expanded"),
])
def test_wrong_yaml_types_and_garbage_are_one_diagnostic_each(tmp_path, monkeypatch, text, line, col, message):
    """`kind:` as a list, binary garbage, merge keys, alias bombs...: one `file:line:col: message`, no traceback.

    The file is named: a file named is read whatever it holds (in a folder, only files that can be content are).
    """
    monkeypatch.chdir(tmp_path)
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "x.yaml").write_bytes(text)
    result = validate("--content", str(Path("o") / "x.yaml"))
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout.splitlines() == [f"{Path('o') / 'x.yaml'}:{line}:{col}: {message}"]
