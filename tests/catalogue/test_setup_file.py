"""Set-up files: fixing parts of a new game's set-up (docs/designing.md).

Each field of a set-up file takes effect in the game's state, what it leaves
open is drawn as the seed draws it, its problems are reported at their line and
column, and `gaia new`, `play`, `arena`, `simulate` and `validate` take it with
`--setup FILE` (a bad one: one line, exit 2, nothing written). Bots that choose
their own factions choose by the board, and a shared first place is announced
as a tie.
"""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.content import default_catalogue
from gaia_rules.content.setupfile import SetupFile, check_setup_file, read_setup_file
from gaia_rules.faces.cli import app
from gaia_rules.faces.session_text import result_words
from gaia_rules.players import GreedyBot, RandomBot
from gaia_rules.players.arena import schedule
from gaia_rules.players.factions import board_values, faction_by_board
from gaia_rules.rules import Engine
from gaia_rules.setup import (SetupError, SetupFileError, build_map, fill_slots, load_setup_file, random_setup,
                              setup_arguments, setup_problems)

runner = CliRunner()

BOOSTER = """kind: booster
id: scholar
name: Scholar
effects:
  - "income: 2k"
  - "pass: 2vp per lab"
"""


@pytest.fixture(scope="module")
def cat():
    return default_catalogue()


@pytest.fixture(scope="module")
def engine(cat):
    return Engine(cat)


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def write(tmp_path: Path, text: str, name: str = "setup.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def designer_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my-boosters"
    folder.mkdir()
    (folder / "scholar.yaml").write_text(BOOSTER, encoding="utf-8")
    return folder


def problems_of(cat, text: str, tmp_path: Path, players=None) -> list[str]:
    setup, problems = read_setup_file(write(tmp_path, text), "setup.yaml")
    if setup is not None:
        problems = setup_problems(cat, setup, players)
    return [str(p) for p in problems]


# ------------------------------------------------------------------ each fixed field takes effect

# drawn for 2 players from seed "fix" with nothing fixed (the reference the tests below compare with)
DRAWN_ROUNDS = ["score8", "score2", "score3", "score10", "score9", "score1"]
DRAWN_TECH = {"terra": "tech1", "nav": "tech8", "int": "tech5", "gaia": "tech4", "eco": "tech7", "sci": "tech2",
              "free1": "tech9", "free2": "tech6", "free3": "tech3"}


def test_the_reference_draw_of_seed_fix(cat):
    drawn = random_setup(cat, 2, "fix")
    assert drawn.round_tiles == DRAWN_ROUNDS
    assert drawn.tech_tiles == DRAWN_TECH
    assert drawn.final_tiles == ["sector", "structureFed"]
    assert drawn.boosters == ["booster2", "booster3", "booster4", "booster5", "booster7"]
    assert drawn.terraforming_token == "fed1"


def test_fixed_round_tiles_hold_their_rounds_and_open_rounds_keep_the_seeds_draw(cat, engine):
    setup = random_setup(cat, 2, "fix", fixed={"round_tiles": ["score1", None, None, None, None, None]})
    # round 6 drew score1, now in round 1: it takes the tile the draw had put in round 1
    assert setup.round_tiles == ["score1", "score2", "score3", "score10", "score9", "score8"]
    assert engine.new_game(setup).setup.round_tiles[0] == "score1"


def test_fixed_final_tiles_boosters_and_terraforming_token_are_in_the_game(cat, engine):
    setup = random_setup(cat, 2, "fix", fixed={"final_tiles": ["gaia", None],
                                               "boosters": ["booster1", "booster10", None, None, None],
                                               "terraforming_token": "fed4"})
    state = engine.new_game(setup)
    assert state.setup.final_tiles == ["gaia", "structureFed"]
    # drawn in the order booster5, booster7, booster4, booster3, booster2: the two fixed ones take the first two
    # places, the open places keep their draws; the table is in name order
    assert state.boosters_table == ["booster1", "booster2", "booster3", "booster4", "booster10"]
    assert state.terraforming_token == "fed4"
    assert state.fed_supply["fed4"] == cat.federation_tokens["fed4"].copies - 1
    assert state.fed_supply["fed1"] == cat.federation_tokens["fed1"].copies


def test_fixed_tech_and_advanced_tiles_lie_on_their_positions(cat, engine):
    setup = random_setup(cat, 2, "fix", fixed={"tech_tiles": {"terra": "tech2"},
                                               "advanced_tiles": {"nav": "advtech3"}})
    # tech2 was drawn for sci: sci takes the tile the draw had put on terra
    assert setup.tech_tiles == {**DRAWN_TECH, "terra": "tech2", "sci": "tech1"}
    assert setup.advanced_tiles["nav"] == "advtech3"
    assert setup.advanced_tiles == {**random_setup(cat, 2, "fix").advanced_tiles, "nav": "advtech3"}
    state = engine.new_game(setup)
    assert state.tech_supply["adv-nav"] == 1
    assert state.setup.tech_tiles["terra"] == "tech2"


def test_fixing_one_part_leaves_the_others_as_the_seed_draws_them(cat):
    plain = random_setup(cat, 3, "other")
    fixed = random_setup(cat, 3, "other", fixed={"round_tiles": [None, None, None, None, None, "score7"]})
    assert fixed.sectors == plain.sectors
    assert fixed.boosters == plain.boosters
    assert fixed.tech_tiles == plain.tech_tiles
    assert fixed.advanced_tiles == plain.advanced_tiles
    assert fixed.final_tiles == plain.final_tiles
    assert fixed.round_tiles[5] == "score7"


def test_placed_sectors_and_mirror_make_the_map(cat, engine):
    sectors = [{"sector": "1", "rotation": 2, "center": [0, 0]}, {"sector": "2", "rotation": 0, "center": [5, -2]}]
    setup = random_setup(cat, 2, "fix", layout="placed", fixed={"map": {"sectors": sectors, "mirror": True}})
    assert setup.sectors == sectors and setup.mirror is True
    state = engine.new_game(setup)
    assert len(build_map(cat, state.setup.sectors, state.setup.mirror).hexes) == 38


def test_a_layout_named_by_the_file_is_drawn(cat):
    args = setup_arguments({"map": {"layout": "xshape"}}, players=3, seed="x")
    assert (args["layout"], args["fixed"]) == ("xshape", {})
    setup = random_setup(cat, 3, "x", layout=args["layout"])
    assert setup.sectors == random_setup(cat, 3, "x", layout="xshape").sectors


def test_open_faction_seats_are_drawn_with_distinct_home_planets(cat):
    setup = random_setup(cat, 3, "fix", factions=["xenos", None, None])
    # the draw for the seats is itars, firaks, xenos: seat 3's xenos is taken (fixed in seat 1), so it gets itars
    assert setup.factions == ["xenos", "firaks", "itars"]
    assert len({cat.factions[f].home for f in setup.factions}) == 3


def test_command_options_replace_the_files_fields():
    fields = {"players": 3, "seed": 5, "variant": "boardgamers", "factions": ["terrans", None, None],
              "boosters": ["booster1", None, None, None, None, None], "map": {"layout": "random"}}
    assert setup_arguments(fields) == {
        "players": 3, "seed": "5", "variant": "boardgamers", "layout": "random", "factions": ["terrans", None, None],
        "automa": None, "difficulty": None, "fixed": {"boosters": ["booster1", None, None, None, None, None]}}
    given = setup_arguments(fields, players=2, seed="s", variant="rules", layout="standard", factions=["xenos", "ivits"])
    assert given == {"players": 2, "seed": "s", "variant": "rules", "layout": "standard",
                     "factions": ["xenos", "ivits"], "automa": None, "difficulty": None,
                     "fixed": {"boosters": ["booster1", None, None, None, None, None]}}


def test_fill_slots_keeps_fixed_slots_and_the_draw_elsewhere():
    assert fill_slots(None, ["a", "b", "c"]) == ["a", "b", "c"]
    assert fill_slots([None, "c", None], ["a", "b", "c"]) == ["a", "c", "b"]
    assert fill_slots(["x", None, None], ["a", "b", "c"]) == ["x", "b", "c"]
    with pytest.raises(SetupError, match="2 fixed slots for 3 drawn"):
        fill_slots(["a", None], ["a", "b", "c"])


def test_random_setup_refuses_fixed_parts_the_content_does_not_have(cat):
    with pytest.raises(SetupError, match="unknown booster 'booster99'"):
        random_setup(cat, 2, "s", fixed={"boosters": ["booster99", None, None, None, None]})
    with pytest.raises(SetupError, match="6 boosters given; a game has 5"):
        random_setup(cat, 2, "s", fixed={"boosters": [None] * 6})


# ------------------------------------------------------------------ problems at their place

def test_every_problem_is_reported_at_its_line_and_column(cat, tmp_path):
    text = ("players: 2\n"
            "factions: [terrans, gleens, xenos]\n"
            "round_tiles: [score1, scor2, score1]\n"
            "boosters: [booster1, booster2]\n"
            "tech_tiles: {terra: tech9, nave: tech9}\n"
            "advanced_tiles: {sci: advtech99}\n"
            "terraforming_token: gleens\n"
            "final_tiles: [gaia, gaia]\n")
    assert problems_of(cat, text, tmp_path) == [
        "setup.yaml:2:11: 3 factions for 2 players: give one per seat (null leaves a seat open)",
        "setup.yaml:2:29: 'gleens' and 'xenos' both have home planet desert; the factions of a game need distinct "
        "home planets",
        "setup.yaml:3:14: 3 round scoring tiles given; a game has 6 (game.yaml's rounds: 6); null leaves one to the draw",
        "setup.yaml:3:23: unknown round scoring tile 'scor2' (did you mean 'score2'?)",
        "setup.yaml:3:30: round scoring tile 'score1' is given twice (entries 1 and 3)",
        "setup.yaml:4:11: 2 boosters given; a game has 5 (2 players + game.yaml's boosters.extra 3); null leaves one "
        "to the draw",
        "setup.yaml:5:28: unknown tech tile position 'nave' (did you mean 'nav'?) (choose terra, nav, int, gaia, eco, "
        "sci, free1, free2, free3)",
        "setup.yaml:5:34: tech tile 'tech9' lies on terra already",
        "setup.yaml:6:23: unknown advanced tech tile 'advtech99' (did you mean 'advtech9'?)",
        "setup.yaml:7:21: federation token 'gleens' is not in the supply (in_supply: false); choose fed1, fed2, fed3, "
        "fed4, fed5, fed6",
        "setup.yaml:8:21: final scoring tile 'gaia' is given twice (entries 1 and 2)",
    ]


def test_schema_problems_point_at_the_key_or_value(cat, tmp_path):
    text = ("players: two\n"
            "colour: red\n"
            "map:\n"
            "  layout: standard\n"
            "  sectors:\n"
            "    - {sector: \"1\", rotation: 7, center: [0, 0]}\n")
    assert problems_of(cat, text, tmp_path) == [
        "setup.yaml:2:1: unknown key 'colour' at the top level; allowed: description, players, automa, difficulty, "
        "variant, seed, factions, round_tiles, final_tiles, boosters, tech_tiles, advanced_tiles, terraforming_token, map",
        "setup.yaml:5:3: map: give either 'layout' (a board to draw) or 'sectors' (placed by hand), not both",
        "setup.yaml:6:31: map.sectors.0.rotation: 7 is outside its declared range 0..5",
        "setup.yaml:1:10: players: 'two' is not of type 'integer'",
    ]


def test_map_problems_name_the_sector(cat, tmp_path):
    text = ("map:\n"
            "  sectors:\n"
            "    - {sector: \"1\", rotation: 0, center: [0, 0]}\n"
            "    - {sector: \"2\", rotation: 0, center: [1, 0]}\n"
            "    - {sector: \"11\", rotation: 0, center: [9, 9]}\n")
    assert problems_of(cat, text, tmp_path) == [
        "setup.yaml:5:16: unknown sector '11' (did you mean '1'?)",
    ]
    text = text.replace('"11"', '"5A"').replace("[9, 9]", "[5, -2]")
    assert problems_of(cat, text, tmp_path) == [
        "setup.yaml:4:42: sector '2' overlaps sector '1' (entry 1) at hex [0, 2]",
    ]
    assert problems_of(cat, "map: {layout: xshap}\n", tmp_path) == [
        "setup.yaml:1:15: unknown layout 'xshap' (did you mean 'xshape'?) (choose standard, random, xshape)",
    ]


def test_a_seed_in_the_file_is_one_the_commands_accept(cat, tmp_path):
    assert problems_of(cat, "seed: ''\n", tmp_path) == [
        "setup.yaml:1:7: a seed is 1 to 64 printable characters (such as 7 or deal-3), not an empty text"]
    assert problems_of(cat, "seed: 7\n", tmp_path) == []


def test_counts_that_depend_on_the_players_follow_the_command(cat, tmp_path):
    text = "boosters: [booster1, null, null, null, null, null]\n"
    assert problems_of(cat, text, tmp_path) == []          # 6 boosters: a 3-player game
    assert problems_of(cat, text, tmp_path, players=3) == []
    assert problems_of(cat, text, tmp_path, players=2) == [
        "setup.yaml:1:11: 6 boosters given; a game has 5 (2 players + game.yaml's boosters.extra 3); null leaves one "
        "to the draw"]
    assert problems_of(cat, "boosters: [booster1]\n", tmp_path) == [
        "setup.yaml:1:11: 1 boosters fit no game: players + game.yaml's boosters.extra 3 is 5 to 7"]


def test_counts_come_from_the_content_not_from_the_code(cat):
    game = {**cat.game, "rounds": 2, "final_tiles": 1, "boosters": {"extra": 1}}
    changed = dataclasses.replace(cat, game=game)
    setup = SetupFile("s.yaml", {"players": 2, "round_tiles": ["score1", None], "final_tiles": ["gaia"],
                                 "boosters": [None, None, None]})
    assert check_setup_file(setup, changed) == []
    assert [d.message for d in check_setup_file(setup, cat)] == [
        "2 round scoring tiles given; a game has 6 (game.yaml's rounds: 6); null leaves one to the draw",
        "1 final scoring tiles given; a game has 2 (game.yaml's final_tiles: 2); null leaves one to the draw",
        "3 boosters given; a game has 5 (2 players + game.yaml's boosters.extra 3); null leaves one to the draw"]


def test_a_designers_booster_is_known_only_with_its_folder(tmp_path):
    folder = designer_folder(tmp_path)
    path = write(tmp_path, "players: 2\nboosters: [scholar, null, null, null, null]\n")
    with pytest.raises(SetupFileError, match=r"setup.yaml:2:12: unknown booster 'scholar'"):
        load_setup_file(default_catalogue(), path)
    assert load_setup_file(default_catalogue([folder]), path).fixed() == ["players", "boosters"]


# ------------------------------------------------------------------ the commands

def test_validate_checks_a_setup_file_against_the_content(tmp_path):
    folder = designer_folder(tmp_path)
    path = write(tmp_path, "players: 2\nboosters: [scholar, null, null, null, null]\n")
    ok = gaia("validate", "--content", folder, "--setup", path)
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.splitlines()[-1] == (f"{path}: a valid set-up; it fixes players, boosters; "
                                          f"the rest is drawn from the seed.")
    bad = gaia("validate", "--setup", path)
    assert bad.exit_code == 1
    assert bad.stdout == f"{path}:2:12: unknown booster 'scholar'\n"


def test_validate_tells_a_setup_file_from_content(tmp_path):
    path = write(tmp_path, "players: 2\n")
    assert one_line_error(gaia("validate", path)) == (
        f"gaia validate: {path} is a set-up file, not content: check it with `gaia validate --setup {path}` "
        f"(with the --content folders it is played with)")
    assert one_line_error(gaia("validate", "--setup", tmp_path / "none.yaml")) == (
        f"gaia validate: --setup {tmp_path / 'none.yaml'}: no such file or folder")


def test_new_with_a_setup_file_and_a_designers_booster(tmp_path):
    folder = designer_folder(tmp_path)
    path = write(tmp_path, "players: 2\nseed: scholar-1\nfactions: [terrans, xenos]\n"
                           "boosters: [scholar, null, null, null, null]\n")
    out = tmp_path / "try.json"
    result = gaia("new", "--content", folder, "--setup", path, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (f"new 2-player game, seed scholar-1, layout standard, variant rules, "
                                             f"fixed by {path}: players, seed, factions, boosters: saved to {out}")
    saved = json.loads(out.read_text())["setup"]
    assert "scholar" in saved["boosters"] and saved["factions"] == ["terrans", "xenos"]
    again = gaia("new", "--content", folder, "--setup", path, "--seed", "other", "--players", "2", "--json",
                 "-o", tmp_path / "other.json")
    data = json.loads(again.stdout)
    # the file's fields the options replaced are not among those it fixed
    assert (data["seed"], data["fixed"], data["layout"]) == ("other", ["factions", "boosters"], "standard")


def test_the_designers_booster_pays_its_income_in_play(tmp_path):
    """The walk-through of docs/designing.md: Xenos take the Scholar and gain 1 + 2 knowledge in round 1."""
    folder = designer_folder(tmp_path)
    path = write(tmp_path, "players: 2\nseed: scholar-1\nfactions: [terrans, xenos]\n"
                           "boosters: [scholar, null, null, null, null]\n")
    game = tmp_path / "try.json"
    assert gaia("new", "--content", folder, "--setup", path, "-o", game).exit_code == 0
    for move in ("build m 1B4", "build m 1A3", "build m 2A11", "build m 3A1", "build m 3A0", "booster scholar",
                 "booster booster3"):
        result = gaia("move", game, move, "--content", folder)
        assert result.exit_code == 0, result.output
    xenos = json.loads(gaia("show", game, "-p", "xenos", "--json", "--content", folder).stdout)
    assert (xenos["booster"], xenos["knowledge"]) == ("scholar", 3 + 1 + 2)


def test_a_bad_setup_file_is_one_line_exit_2_and_nothing_written(tmp_path):
    out = tmp_path / "g.json"
    bad = write(tmp_path, "players: 2\nboosters: [booster1, boster2, null, null, null]\ncolor: red\n", "bad.yaml")
    assert one_line_error(gaia("new", "--setup", bad, "-o", out)) == (
        f"gaia new: {bad}:3:1: unknown key 'color' at the top level; allowed: description, players, automa, "
        f"difficulty, variant, seed, factions, round_tiles, final_tiles, boosters, tech_tiles, advanced_tiles, terraforming_token, map")
    bad.write_text("players: 2\nboosters: [booster1, boster2, null, null, null]\nround_tiles: [score1]\n")
    assert one_line_error(gaia("new", "--setup", bad, "-o", out)) == (
        f"gaia new: {bad}:2:22: unknown booster 'boster2' (did you mean 'booster2'?) "
        f"(and 1 more problem: see `gaia validate --setup`)")
    assert one_line_error(gaia("new", "--setup", tmp_path, "-o", out)) == (
        f"gaia new: --setup {tmp_path}: is a folder, not a set-up file")
    assert one_line_error(gaia("new", "--setup", write(tmp_path, "seed: 1\n", "s.yaml"), "-o", out)) == (
        "gaia new: Missing option '--players' / '-n' (nor does the set-up file name players).")
    assert one_line_error(gaia("play", "--setup", bad, "--bots", "2", "--quiet")).startswith(f"gaia play: {bad}:2:22:")
    assert not out.exists()


def test_arena_holds_the_fixed_parts_in_every_deal(tmp_path):
    path = write(tmp_path, "factions: [terrans, null]\nboosters: [booster1, null, null, null, null]\n")
    result = gaia("arena", "--bots", "random,random", "--deals", "2", "--setup", path, "--json")
    assert result.exit_code == 0, result.output
    games = json.loads(result.stdout)["results"]
    assert [(g["seed"], g["factions"][0]) for g in games] == [("arena/0", "terrans"), ("arena/1", "terrans")]
    three = gaia("arena", "--bots", "random,random,random", "--deals", "1", "--setup", path)
    assert one_line_error(three).startswith(f"gaia arena: {path}:1:11: 2 factions for 3 players")


def test_arena_schedule_fills_open_seats_per_deal_and_keeps_fixed_ones(cat):
    specs = schedule(cat, ["greedy", "random"], 3, "s", factions=["terrans", None],
                     fixed={"round_tiles": ["score1", None, None, None, None, None]})
    assert [s.factions[0] for s in specs] == ["terrans"] * 6
    assert all(s.fixed == '{"round_tiles": ["score1", null, null, null, null, null]}' for s in specs)
    assert len({s.factions for s in specs}) == 3  # the open seat is drawn per deal


def test_simulate_takes_fixed_parts_but_not_factions(tmp_path):
    path = write(tmp_path, "players: 2\nround_tiles: [score1, null, null, null, null, null]\n")
    out = tmp_path / "r.jsonl"
    result = gaia("simulate", "--games", "1", "--bot", "random", "--workers", "1", "--setup", path, "-o", out)
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text().splitlines()[0])
    assert (record["players"], record["options"]["setup"]) == (2, {"round_tiles": ["score1", None, None, None, None,
                                                                                   None]})
    seated = write(tmp_path, "players: 2\nfactions: [terrans, null]\n", "seated.yaml")
    out2 = tmp_path / "r2.jsonl"
    assert one_line_error(gaia("simulate", "--games", "1", "--setup", seated, "-o", out2)) == (
        f"gaia simulate: {seated} fixes the factions, but gaia simulate seats them by its balanced schedule "
        f"(--factions names the pool): leave factions out of the set-up file")
    assert not out2.exists()
    assert one_line_error(gaia("simulate", "--games", "1", "-o", out2)) == "gaia simulate: Missing option '--players'."


# ------------------------------------------------------------------ bots choose their factions by the board

def one_sector_game(engine, rotation: int):
    sectors = [{"sector": "1", "rotation": rotation, "center": [0, 0]}]
    setup = random_setup(engine.catalogue, 2, "board", layout="placed", fixed={"map": {"sectors": sectors}})
    return engine.new_game(setup)


def test_board_values_count_cheap_planets_near_each_home_planet(engine):
    # sector 1 holds one planet of each of five home types; within 2 hexes: terra (B1) has volcanic (2 steps: 1);
    # volcanic (A5) has oxide (1 step: 2) and terra (2 steps: 1); oxide (A6) volcanic (2); desert (A9) swamp (2);
    # swamp (B5) desert (2) and terra (3 steps: 0); no titanium or ice planet
    state = one_sector_game(engine, 0)
    values = board_values(engine, state, sorted(engine.catalogue.factions))
    by_home = {engine.catalogue.factions[f].home: v for f, v in values.items()}
    assert by_home == {"terra": 1, "volcanic": 3, "oxide": 2, "desert": 2, "swamp": 2, "titanium": 0, "ice": 0}
    assert board_values(engine, one_sector_game(engine, 3), ["geodens"]) == {"geodens": 3}   # turning keeps distances


def test_greedy_bot_chooses_the_best_faction_of_the_board_and_draws_between_equals(engine):
    state = one_sector_game(engine, 0)
    moves = engine.legal_moves(state)
    chosen = {GreedyBot(f"s{i}").choose(engine, state, moves).args[0] for i in range(12)}
    assert chosen == {"baltaks", "geodens"}   # the two volcanic factions
    assert faction_by_board(engine, state, moves, random.Random("x")) == \
        faction_by_board(engine, state, moves, random.Random("x"))


def test_bots_choose_factions_that_vary_with_the_board(engine):
    firsts = set()
    for seed in range(6):
        state = engine.new_game(random_setup(engine.catalogue, 2, f"vary-{seed}", layout="random"))
        move = GreedyBot("same").choose(engine, state, engine.legal_moves(state))
        values = board_values(engine, state, sorted(engine.catalogue.factions))
        assert values[move.args[0]] == max(values.values())
        firsts.add(move.args[0])
    assert len(firsts) > 1


def test_the_random_bot_still_draws_its_faction(engine):
    state = one_sector_game(engine, 0)
    chosen = {RandomBot(f"r{i}").choose(engine, state, engine.legal_moves(state)).args[0] for i in range(30)}
    assert len(chosen) > 2


# ------------------------------------------------------------------ a tie is a tie

def test_the_result_names_a_tie_for_first(engine):
    state = engine.new_game(random_setup(engine.catalogue, 3, "tie", factions=["terrans", "xenos", "ivits"]))
    for p, vp in zip(state.players, (58, 58, 40)):
        p.vp = vp
    assert result_words(engine, state) == "tie for first: terrans and xenos with 58 VP"
    state.players[2].vp = 58
    assert result_words(engine, state) == "tie for first: terrans, xenos and ivits with 58 VP"
    state.players[1].vp = 12
    state.players[2].vp = 12
    assert result_words(engine, state) == "winner: terrans with 58 VP"


# ------------------------------------------------------------------ the schema

def _undescribed(schema, path="") -> list[str]:
    out = [] if "description" in schema else [path or "(root)"]
    for name, sub in schema.get("properties", {}).items():
        out += _undescribed(sub, f"{path}.{name}")
    for key in ("items", "additionalProperties", "propertyNames"):
        if isinstance(schema.get(key), dict):
            out += _undescribed(schema[key], f"{path}[{key}]")
    return out


def test_the_schema_describes_every_field_and_holds_the_fields_the_checks_know():
    from gaia_rules.content.loader import schema_dir
    from gaia_rules.content.setupfile import FIELDS, SCHEMA_FILE

    schema = json.loads((schema_dir() / SCHEMA_FILE).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert _undescribed(schema) == []
    assert list(schema["properties"]) == ["description", *FIELDS]
