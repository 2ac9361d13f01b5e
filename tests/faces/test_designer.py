"""The designers' workflow: a new faction in a folder of one's own, checked, explained and played.

`tests/content/test-faction/` holds `testers`, a faction that is not one of the
14, made only of existing effect-language constructs (docs/content.md walks
through it). Here it is validated, played to the end by random bots with 2, 3
and 4 players, and its ability and planetary-institute action are checked;
then a bundled faction is tweaked by one number in an overlay and the game
changes by exactly that; and a saved game refuses to load under other content.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.players import RandomBot, play_game
from gaia_rules.faces.cli import app
from gaia_rules.content import bundled_content_dir, default_catalogue, load_catalogue
from gaia_rules.rules import Engine, holdings
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState
from state_diff import differences

ROOT = Path(__file__).resolve().parents[2]
TEST_FACTION = ROOT / "tests" / "content" / "test-faction"
runner = CliRunner()


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(default_catalogue([TEST_FACTION]))


def set_turn(state: GameState, p: int) -> GameState:
    """Player p's turn again, nothing pending (to ask for the same special action twice in a round)."""
    assert not state.decisions and not state.pending
    state.current = p
    state.main_done = state.turn_done = False
    return state


def to_first_actions(engine: Engine, state: GameState) -> GameState:
    """Set-up placements, boosters and the first income, always taking the first legal move."""
    while not (state.round == 1 and state.phase == "actions" and not state.decisions):
        state = engine.apply(state, engine.legal_moves(state)[0])
    return state


# ------------------------------------------------------------------ the test faction

def test_the_test_faction_validates_clean():
    result = gaia("validate", "--content", TEST_FACTION)
    assert result.exit_code == 0, result.output
    assert "factions: 15" in result.output and result.output.rstrip().endswith("content is valid.")


def test_the_test_faction_is_new_and_built_as_written(engine):
    bundled, problems = load_catalogue()
    assert not problems and "testers" not in bundled.factions
    t = engine.catalogue.factions["testers"]
    assert t.name not in {f.name for f in bundled.factions.values()}
    assert t.start == {"vp": 10, "credits": 12, "ore": 5, "knowledge": 4, "qic": 1}
    assert t.power == {"area1": 3, "area2": 5, "area3": 0, "gaia": 0}
    assert t.income.text == "income: 1o, 1k, 1c"
    assert [e.text if e else None for e in t.structures["lab"].slots] == ["income: 2k", "income: 1k, 1c", "income: 2k"]
    assert [e.text for e in t.ability] == ["on research: 1c"]
    assert [e.text for e in t.planetary_institute] == ["action: 2k"]


GAMES = {
    2: ["testers", "terrans"],
    3: ["firaks", "testers", "xenos"],
    4: ["gleens", "terrans", "ambas", "testers"],
}


@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_bots_play_whole_games_with_the_test_faction(engine, players):
    for seed in range(2):
        setup = random_setup(engine.catalogue, players, f"designer-{players}-{seed}", factions=GAMES[players])
        state = play_game(engine, setup, [RandomBot(f"designer-{seed}-{p}") for p in range(players)])
        assert state.ended and state.round == engine.catalogue.game["rounds"]
        assert all(p.final_scoring is not None for p in state.players)
        testers = next(p for p in state.players if p.faction == "testers")
        assert testers.research["sci"] >= 1  # the set-up research step


def test_the_test_faction_starts_as_its_file_says(engine):
    state = engine.new_game(random_setup(engine.catalogue, 2, "designer-start", factions=["testers", "terrans"]))
    p = state.players[0]
    assert (p.vp, p.credits, p.ore, p.knowledge, p.qic) == (10, 12, 5, 4, 1)
    assert p.power == {"area1": 3, "area2": 5, "area3": 0, "gaia": 0}
    assert p.research["sci"] == 1


def test_the_ability_and_the_planetary_institute_action_work(engine):
    setup = random_setup(engine.catalogue, 2, "designer-pi", factions=["testers", "terrans"])
    state = to_first_actions(engine, engine.new_game(setup))
    me = 0
    assert engine.to_move(state) == me
    before = state.players[me]

    # ability: each research level gained gives 1 credit (research costs 4 knowledge)
    up = Move(me, "up", ("int",))
    assert up in engine.legal_moves(state)
    after = engine.apply(state, up).players[me]
    assert after.research["int"] == before.research["int"] + 1
    assert after.credits == before.credits + 1 and after.knowledge == before.knowledge - 4

    # the planetary institute: with it on the map, its special action gives 2 knowledge, once per round
    others = {m for m in engine.legal_moves(state) if m.command == "special"}  # a booster's, say
    home = next(name for name, h in state.board.items() if h.owner == me and h.piece == "m")
    holdings.replace(state, home, me, "PI")
    specials = [m for m in engine.legal_moves(state) if m.command == "special" and m not in others]
    assert len(specials) == 1
    after = engine.apply(state, specials[0])
    assert after.players[me].knowledge == before.knowledge + 2
    assert after.players[me].credits == before.credits
    assert specials[0] not in engine.legal_moves(set_turn(after, me))


# ------------------------------------------------------------------ one number changed in an overlay

def tweak(folder: Path, relative: str, old: str, new: str) -> Path:
    """Copy a bundled file into `folder` and change one thing in it."""
    folder.mkdir(exist_ok=True)
    source = bundled_content_dir() / relative
    target = folder / Path(relative).name
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1, (relative, old)
    target.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_a_tweaked_starting_number_changes_exactly_that_after_set_up(tmp_path):
    folder = tweak(tmp_path / "tweak", "factions/lantids.yaml", "credits: 13", "credits: 20")
    base, tweaked = Engine(default_catalogue()), Engine(default_catalogue([folder]))
    assert tweaked.catalogue.factions["lantids"].start["credits"] == 20
    setup = random_setup(base.catalogue, 2, "designer-tweak", factions=["lantids", "xenos"])
    a = base.new_game(setup)
    b = tweaked.new_game(random_setup(tweaked.catalogue, 2, "designer-tweak", factions=["lantids", "xenos"]))
    assert differences(a, b) == {"players[0].credits": (13, 20)}


def test_a_tweaked_income_changes_exactly_that_after_the_first_income(tmp_path):
    folder = tweak(tmp_path / "tweak", "factions/firaks.yaml", '"income: 1o, 2k"', '"income: 1o, 3k"')
    base, tweaked = Engine(default_catalogue()), Engine(default_catalogue([folder]))
    a = to_first_actions(base, base.new_game(random_setup(base.catalogue, 2, "designer-income",
                                                          factions=["firaks", "terrans"])))
    b = to_first_actions(tweaked, tweaked.new_game(random_setup(tweaked.catalogue, 2, "designer-income",
                                                                factions=["firaks", "terrans"])))
    assert a.moves == b.moves
    (path, (x, y)), = differences(a, b).items()
    assert path == "players[0].knowledge" and y == x + 1


# ------------------------------------------------------------------ validate in the designer's folder

def test_validate_reports_problems_under_the_designers_own_paths(tmp_path, monkeypatch):
    folder = tmp_path / "my-faction"
    folder.mkdir()
    text = (TEST_FACTION / "testers.yaml").read_text(encoding="utf-8")
    broken = text.replace("home: ice", "home: icy").replace('"action: 2k"', '"acton: 2k"')
    (folder / "testers.yaml").write_text(broken, encoding="utf-8")
    lines = broken.splitlines()
    home_line = next(i for i, line in enumerate(lines, 1) if line.startswith("home:"))
    action_line = next(i for i, line in enumerate(lines, 1) if "acton" in line)

    monkeypatch.chdir(tmp_path)
    result = gaia("validate", "--content", "my-faction")
    assert result.exit_code == 1
    out = result.output.splitlines()
    assert out[0] == f"my-faction/testers.yaml:{home_line}:7: unknown home planet type 'icy' (did you mean 'ice'?)"
    assert out[1].startswith(f"my-faction/testers.yaml:{action_line}:6: unexpected 'acton'")
    assert "(did you mean 'action'?)" in out[1]
    assert "2 problems found." in result.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # a folder outside the current one is shown by its absolute path
    result = gaia("validate", "--content", folder)
    assert result.output.startswith(f"{folder / 'testers.yaml'}:{home_line}:7: ")


# ------------------------------------------------------------------ saved games and their content

def test_a_saved_game_records_its_content(tmp_path, engine):
    path = tmp_path / "g.json"
    result = gaia("new", "--players", "2", "--factions", "testers,terrans", "--seed", "5", "-o", path,
                  "--content", TEST_FACTION)
    assert result.exit_code == 0, result.output + result.stderr
    content = json.loads(path.read_text())["content"]
    assert content["hash"] == engine.catalogue.content_hash()
    assert content["files"]["faction/testers"] == engine.catalogue.files[("faction", "testers")][1]
    assert len(content["files"]) == len(engine.catalogue.files)
    assert content["overlays"] == [str(TEST_FACTION)]
    for command in (("show",), ("moves",), ("move", "1")):
        result = gaia(command[0], path, *command[1:], "--content", TEST_FACTION)
        assert result.exit_code == 0, result.output + result.stderr


def test_loading_under_other_content_is_refused_naming_what_differs(tmp_path):
    path = tmp_path / "g.json"
    assert gaia("new", "--players", "2", "--factions", "testers,terrans", "--seed", "5", "-o", path,
                "--content", TEST_FACTION).exit_code == 0
    before = path.read_bytes()
    for command in (("show",), ("moves",), ("move", "1"), ("undo",), ("play", "--bots", "2", "--quiet")):
        result = gaia(command[0], path, *command[1:])
        assert result.exit_code == 2, (command, result.output)
        err = result.stderr.strip()
        assert len(err.splitlines()) == 1 and "Traceback" not in result.output
        assert "the game was made with other content" in err
        assert "this content has removed faction 'testers'" in err
        assert f"It was made with --content {TEST_FACTION}." in err
        assert "--force" in err
    assert path.read_bytes() == before


def test_force_replays_a_game_under_changed_content_with_a_warning(tmp_path):
    folder = tweak(tmp_path / "tweak", "factions/lantids.yaml", "credits: 13", "credits: 20")
    path = tmp_path / "g.json"
    assert gaia("new", "--players", "2", "--factions", "lantids,xenos", "--seed", "5", "-o", path,
                "--content", folder).exit_code == 0

    refused = gaia("show", path)
    assert refused.exit_code == 2
    assert "this content has changed faction 'lantids'." in refused.stderr
    added = gaia("show", path, "--content", folder, "--content", TEST_FACTION)
    assert added.exit_code == 2 and "added faction 'testers'" in added.stderr

    forced = gaia("show", path, "--force", "--json")
    assert forced.exit_code == 0, forced.stderr
    assert json.loads(forced.stdout)["players"][0]["credits"] == 13  # replayed under the bundled content
    assert "changed faction 'lantids'" in forced.stderr and "Replayed under this content (--force)" in forced.stderr
    assert "differs from the stored game at state.players[0].credits: 13 != 20 (replayed != stored)" in forced.stderr

    # a move saved under --force records the content it was played with
    assert gaia("move", path, "1", "--force").exit_code == 0
    assert gaia("show", path).exit_code == 0


def test_game_commands_with_broken_content_list_the_problems_and_exit_1(tmp_path):
    folder = tmp_path / "broken"
    folder.mkdir()
    text = (TEST_FACTION / "testers.yaml").read_text(encoding="utf-8").replace("home: ice", "home: icy")
    (folder / "testers.yaml").write_text(text, encoding="utf-8")
    result = gaia("new", "--players", "2", "-o", tmp_path / "g.json", "--content", folder)
    assert result.exit_code == 1
    assert "Traceback" not in result.output + result.stderr
    assert "testers.yaml:" in result.stderr and "unknown home planet type 'icy'" in result.stderr
    assert "gaia new: the content has 1 problem" in result.stderr
    assert not (tmp_path / "g.json").exists()
    missing = gaia("play", "--content", tmp_path / "nowhere", "--bots", "2", "--quiet")
    assert missing.exit_code == 2 and "no such file or folder" in missing.stderr


def test_play_with_the_test_faction_from_the_command_line():
    result = gaia("play", "--players", "3", "--bots", "3", "--factions", "testers,terrans,xenos", "--seed", "2",
                  "--bot", "random", "--quiet", "--content", TEST_FACTION)
    assert result.exit_code == 0, result.output + result.stderr
    assert "testers" in result.output and "game over" in result.output


def test_replay_takes_content_too(tmp_path):
    result = gaia("replay", tmp_path / "none.json", "--content", TEST_FACTION)
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_the_walk_through_in_docs_content_md_shows_what_explain_prints_today():
    doc = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    start = doc.index("$ gaia explain testers --content tests/content/test-faction\n")
    shown = doc[start:doc.index("[exit 0]", start)].splitlines()[1:]
    result = gaia("explain", "testers", "--content", TEST_FACTION)
    assert result.exit_code == 0
    # the File line depends on the folder the tests run in
    assert [x for x in shown if not x.startswith("File: ")] == \
        [x for x in result.output.splitlines() if not x.startswith("File: ")]


def test_a_vp_source_whose_name_repeats_its_id_is_named_once_in_the_score_table(engine):
    """The test faction `testers` is named 'Testers': its row reads 'Testers', not 'testers Testers'."""
    from gaia_rules.faces.view import id_and_name, source_label
    state = engine.new_game(random_setup(engine.catalogue, 2, "named-once", factions=["testers", "terrans"]))
    assert engine.catalogue.factions["testers"].name == "Testers"
    assert source_label(engine, state, "testers") == "Testers"
    assert source_label(engine, state, "booster3") == "booster3 Q.I.C. and credits"
    assert id_and_name("hadsch-hallas", "Hadsch Hallas") == "Hadsch Hallas"
    assert id_and_name("terrans", "Terra people") == "terrans Terra people"
