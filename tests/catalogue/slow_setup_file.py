"""Set-up files: fixing parts of a new game's set-up (docs/designing.md).

Its slow tier: test_setup_file.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import json

import pytest

from test_setup_file import designer_folder, gaia, one_line_error, write

pytestmark = pytest.mark.slow


def test_validate_setup_json_and_players(tmp_path):
    folder = designer_folder(tmp_path)
    path = write(tmp_path, "players: 2\nboosters: [scholar, null, null, null, null]\n")
    as_json = json.loads(gaia("validate", "--setup", path, "--json").stdout)
    assert as_json["valid"] is False and as_json["setup"] == {"file": str(path), "fixed": ["players", "boosters"]}
    assert as_json["problems"][0]["line"] == 2 and as_json["problems"][0]["column"] == 12
    three = gaia("validate", "--content", folder, "--setup", path, "--players", "3")
    assert three.exit_code == 1
    assert three.stdout == (f"{path}:2:11: 5 boosters given; a game has 6 (3 players + game.yaml's boosters.extra 3); "
                            f"null leaves one to the draw\n")


def test_play_a_whole_game_from_a_setup_file(tmp_path):
    path = write(tmp_path, "players: 2\nseed: p\nfactions: [gleens, ambas]\nround_tiles: [score3, null, null, null, "
                           "null, null]\n")
    result = gaia("play", "--setup", path, "--bots", "2", "--bot", "random", "--quiet", tmp_path / "g.json")
    assert result.exit_code == 0, result.output
    setup = json.loads((tmp_path / "g.json").read_text())["setup"]
    assert (setup["factions"], setup["round_tiles"][0], setup["seed"]) == (["gleens", "ambas"], "score3", "p")
    assert "p1 gleens" in result.stdout and "p2 ambas" in result.stdout
    again = gaia("play", tmp_path / "g.json", "--setup", path, "--bots", "2")
    assert one_line_error(again).endswith("is a saved game with its set-up: --setup goes with a new game")
