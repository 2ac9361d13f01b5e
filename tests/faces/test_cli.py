"""The game commands of `gaia`: new, show, moves, move, undo, play, replay.

Exit codes: 0 success, 1 an illegal move or a failed check, 2 bad usage or an
unreadable file. Errors are one line on stderr, never a traceback, and a
refused move or a bad file leaves the saved game byte for byte as it was.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.formats import savegame
from gaia_rules.faces.cli import app
from gaia_rules.content import default_catalogue
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup
from gaia_rules.formats.corpus import corpus_dir

runner = CliRunner()
CONFORMANCE = corpus_dir()


def gaia(*args: str, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input, prog_name="gaia")


def one_line_error(result) -> str:
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def engine():
    return Engine(default_catalogue())


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "game.json"
    result = gaia("new", "--players", "2", "--seed", "11", "-o", path)
    assert result.exit_code == 0, result.output + result.stderr
    return path


# ------------------------------------------------------------------ gaia new and the saved-game format

def test_new_saves_format_1_with_setup_moves_state_and_content_hash(game, engine):
    data = json.loads(game.read_text())
    assert data["format"] == "gaia-rules/1"
    assert data["moves"] == []
    assert data["content"]["hash"] == engine.catalogue.content_hash()
    assert data["content"]["files"] == savegame.content_files(engine.catalogue)
    assert data["content"]["overlays"] == []
    assert data["setup"]["players"] == 2 and data["setup"]["seed"] == "11"
    assert data["setup"]["factions"] is None and data["setup"]["mirror"] is False
    fresh = engine.new_game(random_setup(engine.catalogue, 2, "11"))
    assert data["state"] == json.loads(json.dumps(fresh.to_dict()))


def test_new_with_factions_starts_at_placements(tmp_path, engine):
    fids = sorted({f.home: f.id for f in engine.catalogue.factions.values()}.values())[:2]
    path = tmp_path / "g.json"
    result = gaia("new", "--players", "2", "--factions", ",".join(fids), "--seed", "3", "--layout", "random",
                  "--variant", "boardgamers", "-o", path)
    assert result.exit_code == 0, result.stderr
    state = savegame.load(engine, path).state
    assert [p.faction for p in state.players] == fids
    assert state.phase == "setup" and state.setup.variant == "boardgamers"


def test_new_refuses_to_overwrite_without_force(game):
    before = game.read_bytes()
    result = gaia("new", "--players", "3", "-o", game)
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia new: {game} exists (use --force to overwrite)"
    assert game.read_bytes() == before
    assert gaia("new", "--players", "3", "--force", "-o", game).exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["--players", "5"], "the game is for 2 to 4 players (or 1 against the Automa), not 5"),
    (["--players", "2", "--factions", "nobody,else"], "unknown faction 'nobody'"),
    (["--players", "2", "--layout", "spiral"], "unknown layout 'spiral'"),
    (["--players", "2", "--variant", "house"], "unknown rules variant 'house'"),
])
def test_new_with_a_bad_option_is_a_usage_error(tmp_path, args, message):
    result = gaia("new", *args, "-o", tmp_path / "x.json")
    assert result.exit_code == 2
    assert message in one_line_error(result)
    assert not (tmp_path / "x.json").exists()


def test_missing_option_is_a_one_line_usage_error(tmp_path):
    result = gaia("new", "-o", tmp_path / "x.json")
    assert result.exit_code == 2
    assert one_line_error(result) == "gaia new: Missing option '--players' / '-n'."


# ------------------------------------------------------------------ saving and loading

def test_saved_game_round_trips(tmp_path, engine):
    setup = random_setup(engine.catalogue, 3, "round-trip")
    game = savegame.new_game(engine, setup)
    for _ in range(12):
        game = savegame.apply_move(engine, game, engine.legal_moves(game.state)[-1])
    path = tmp_path / "rt.json"
    savegame.save(game, path)
    loaded = savegame.load(engine, path)
    assert loaded.moves == game.moves
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.setup == game.setup
    # and saving the loaded game writes the same bytes
    again = tmp_path / "again.json"
    savegame.save(loaded, again)
    assert again.read_bytes() == path.read_bytes()


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path, engine):
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, 1))
    path = tmp_path / "a.json"
    savegame.save(game, path)
    path.chmod(0o640)
    savegame.save(game, path)
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
    assert path.stat().st_mode & 0o777 == 0o640      # the file keeps its mode


def corruptions(text: str) -> dict[str, str]:
    data = json.loads(text)
    tampered = json.loads(text)
    tampered["state"]["players"][0]["vp"] += 1
    bad_move = json.loads(text)
    bad_move["moves"] = [[0, "faction", "nobody"]]
    bad_row = json.loads(text)
    bad_row["moves"] = [["p1", "faction"]]
    other_format = dict(data, format="gaia-rules/0")
    no_setup = {k: v for k, v in data.items() if k != "setup"}
    return {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "not-json": "this is not a saved game\n",
        "a-list": "[1, 2, 3]\n",
        "other-format": json.dumps(other_format),
        "no-setup": json.dumps(no_setup),
        "state-differs-from-moves": json.dumps(tampered),
        "refused-move": json.dumps(bad_move),
        "malformed-move": json.dumps(bad_row),
    }


EXPECTED = {
    "truncated": "truncated", "empty": "truncated", "not-json": "not valid JSON",
    "a-list": "not a saved game", "other-format": "not a saved game of format gaia-rules/1",
    "no-setup": "has no 'setup'", "state-differs-from-moves": "stored state differs from the replayed moves at state.players[0].vp",
    "refused-move": "move 1 'p1 faction nobody' is refused", "malformed-move": "move 1 is not [player, command, args...]",
}


@pytest.mark.parametrize("kind", sorted(EXPECTED))
@pytest.mark.parametrize("command", [["show"], ["moves"], ["move", "1"], ["undo"], ["play", "--bots", "2"]])
def test_corrupt_save_is_exit_2_one_line_and_the_file_is_untouched(tmp_path, game, kind, command):
    path = tmp_path / f"{kind}.json"
    path.write_bytes(corruptions(game.read_text())[kind].encode())
    before = path.read_bytes()
    result = gaia(command[0], path, *command[1:])
    assert result.exit_code == 2, result.output
    line = one_line_error(result)
    assert line.startswith(f"gaia {command[0]}: {path}: ")
    assert EXPECTED[kind] in line
    assert path.read_bytes() == before


def test_missing_file_is_exit_2(tmp_path):
    result = gaia("show", tmp_path / "nowhere.json")
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia show: {tmp_path / 'nowhere.json'}: no such file"


# ------------------------------------------------------------------ moves, move, undo

def test_moves_are_numbered_in_the_site_notation_with_the_player(game, engine):
    result = gaia("moves", game)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("set-up, phase factions, 0 moves; to act: p1")
    factions = sorted(engine.catalogue.factions)
    assert lines[1:] == [f"{i:>2}. p1 faction {f}" for i, f in enumerate(factions, 1)]


def test_move_by_number_then_by_text(game, engine):
    factions = sorted(engine.catalogue.factions)
    assert gaia("move", game, "1").exit_code == 0
    home = engine.catalogue.factions[factions[0]].home
    other = next(f for f in factions if engine.catalogue.factions[f].home != home)
    result = gaia("move", game, f"faction {other}")
    assert result.exit_code == 0, result.stderr
    assert result.output.splitlines()[0] == f"played: p2 faction {other}"
    saved = json.loads(game.read_text())
    assert saved["moves"] == [[0, "faction", factions[0]], [1, "faction", other]]
    # now the players are named by faction
    listing = gaia("moves", game).output.splitlines()
    assert listing[1].startswith(f"1. {factions[0]} build ")
    result = gaia("move", game, listing[1].split(". ", 1)[1])     # with the player prefix
    assert result.exit_code == 0, result.stderr
    assert len(json.loads(game.read_text())["moves"]) == 3


@pytest.mark.parametrize("text, rule", [
    ("faction nobody", "[faction]"),          # not a faction of the content
    ("p2 faction terrans", "[turn]"),         # not p2's turn
    ("build m 1A0", ""),                      # not the phase for building
])
def test_illegal_move_exits_1_names_the_rule_and_leaves_the_file_unchanged(game, text, rule):
    before = game.read_bytes()
    result = gaia("move", game, text)
    assert result.exit_code == 1
    line = one_line_error(result)
    assert line.startswith("gaia move: illegal move '")
    assert line.endswith("]") and rule in line
    assert game.read_bytes() == before


def test_move_number_out_of_range_or_unreadable_text_is_exit_2(game):
    before = game.read_bytes()
    result = gaia("move", game, "999")
    assert result.exit_code == 2
    assert "no move 999: there are" in one_line_error(result)
    result = gaia("move", game, "frobnicate 3")
    assert result.exit_code == 2
    assert "unknown command 'frobnicate'" in one_line_error(result)
    result = gaia("move", game, "faction a. faction b")
    assert result.exit_code == 2
    assert "one command at a time" in one_line_error(result)
    assert game.read_bytes() == before


def test_undo_replays_without_the_last_moves(game):
    for _ in range(3):
        assert gaia("move", game, "1").exit_code == 0
    data = json.loads(game.read_text())
    assert len(data["moves"]) == 3
    result = gaia("undo", game, "--steps", "2")
    assert result.exit_code == 0
    assert result.output.startswith("took back 2 moves; 1 left")
    after_one = json.loads(game.read_text())
    assert after_one["moves"] == data["moves"][:1]
    before = game.read_bytes()
    result = gaia("undo", game, "--steps", "2")
    assert result.exit_code == 2
    assert one_line_error(result) == "gaia undo: cannot undo 2 moves: the game has 1"
    assert game.read_bytes() == before


# ------------------------------------------------------------------ show

def test_show_prints_round_phase_players_and_table(game):
    gaia("move", game, "1")
    result = gaia("show", game)
    assert result.exit_code == 0
    out = result.output
    assert "set-up, phase factions, 1 move; to act: p2" in out
    for word in ("VP", "credits", "power I/II/III", "research", "structures", "tech tiles", "fed. tokens",
                 "booster", "round tiles", "final tiles", "boosters", "actions used"):
        assert word in out, word


def test_show_json_prints_the_state(game, engine):
    result = gaia("show", game, "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == json.loads(game.read_text())["state"]
    result = gaia("show", game, "--json", "--player", "2")
    assert json.loads(result.output)["index"] == 1
    result = gaia("show", game, "--player", "7")
    assert result.exit_code == 2


# ------------------------------------------------------------------ play

def test_play_two_bots_seed_3_quiet_finishes_with_the_score_by_source():
    result = gaia("play", "--players", "2", "--bots", "2", "--seed", "3", "--quiet")
    assert result.exit_code == 0, result.output + result.stderr
    out = result.output
    assert out.lstrip().startswith("Final score")
    for row in ("start", "total", "place", "final1", "final2", "resources left"):
        assert row in out, row
    assert "game over after" in out and "winner:" in out


def test_play_is_deterministic_per_seed():
    a = gaia("play", "--players", "2", "--bots", "2", "--seed", "3", "--quiet", "--bot", "random")
    b = gaia("play", "--players", "2", "--bots", "2", "--seed", "3", "--quiet", "--bot", "random")
    assert a.exit_code == b.exit_code == 0
    strip = lambda out: [l for l in out.splitlines() if not l.startswith("game over")]  # noqa: E731
    assert strip(a.output) == strip(b.output)


def test_play_with_a_file_saves_the_finished_game(tmp_path, engine):
    path = tmp_path / "bots.json"
    result = gaia("play", path, "--players", "2", "--bots", "2", "--seed", "5", "--quiet", "--bot", "random")
    assert result.exit_code == 0, result.stderr
    game = savegame.load(engine, path)
    assert game.state.ended
    assert all(p.final_scoring for p in game.state.players)


def test_play_interactive_prompt_accepts_numbers_text_help_undo_save_quit(tmp_path):
    path = tmp_path / "me.json"
    copy = tmp_path / "copy.json"
    script = "help\nmoves\n1\nfoo bar\nundo\n1\nsave " + str(copy) + "\nquit\n"
    result = gaia("play", path, "--players", "2", "--bots", "1", "--seed", "9", input=script)
    assert result.exit_code == 0, result.output + result.stderr
    out = result.output
    assert "Type a move number" in out                     # help
    assert " 1. p1 faction " in out                        # moves
    assert "unknown command 'foo'" in out                  # a bad line is reported, the loop goes on
    assert "took back your last move" in out
    assert f"saved to {copy}" in out
    assert "stopped after 2 moves" in out                  # my faction and the bot's
    saved = json.loads(path.read_text())
    assert [m[0] for m in saved["moves"]] == [0, 1]
    assert json.loads(copy.read_text())["moves"] == saved["moves"]


def test_play_end_of_input_stops_and_saves(tmp_path):
    path = tmp_path / "eof.json"
    result = gaia("play", path, "--players", "3", "--bots", "1", "--seed", "2", input="")
    assert result.exit_code == 0
    assert json.loads(path.read_text())["moves"] == []


def test_play_bad_bot_kind_is_exit_2():
    result = gaia("play", "--bots", "2", "--bot", "clever")
    assert result.exit_code == 2
    assert one_line_error(result) == "gaia play: unknown bot 'clever' (choose random or greedy or fast or search)"


# ------------------------------------------------------------------ replay



def test_replay_check_prints_pass_lines_and_exits_0():
    files = sorted(CONFORMANCE.glob("bot-2p-0[12].json"))
    result = gaia("replay", "--check", *files)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 2
    assert all(l.startswith("PASS bot-2p-0") and l.endswith(" checkpoints)") for l in lines)


def test_replay_check_reports_the_first_divergence_and_exits_1(tmp_path):
    record = json.loads((CONFORMANCE / "bot-2p-01.json").read_text())
    record["id"] = "tampered"
    record["trace"]["after_each_move"][5][0][0] += 1      # player 1's VP after move 5
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record))
    result = gaia("replay", "--check", CONFORMANCE / "bot-2p-01.json", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("PASS bot-2p-01")
    assert lines[1].startswith("FAIL tampered: move 5 ")
    assert "field vp" in lines[1]


def test_replay_json_is_one_object_per_file():
    result = gaia("replay", "--json", CONFORMANCE / "bot-2p-01.json")
    assert result.exit_code == 0
    obj = json.loads(result.output)
    assert obj["id"] == "bot-2p-01" and obj["first_divergence"] is None


def test_replay_without_check_prints_the_final_score_table():
    result = gaia("replay", CONFORMANCE / "bot-2p-01.json")
    assert result.exit_code == 0
    assert "Final score" in result.output and "total" in result.output


def test_replay_unreadable_file_is_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    result = gaia("replay", "--check", bad)
    assert result.exit_code == 2
    assert one_line_error(result).startswith(f"gaia replay: {bad}: cannot be read")


def test_an_upgrade_of_nothing_names_both_structures_in_words(tmp_path):
    game = tmp_path / "g.json"
    assert gaia("new", "--players", "2", "--seed", "1", "-o", game).exit_code == 0
    for _ in range(8):  # factions, set-up mines and boosters: the first moves listed
        assert gaia("move", game, "1").exit_code == 0
    result = gaia("move", game, "build ts 1A11")
    assert result.exit_code == 1
    assert one_line_error(result) == ("gaia move: illegal move 'ambas build ts 1A11': a trading station upgrades a "
                                      "mine; 1A11 holds nothing of yours [upgrade]")
